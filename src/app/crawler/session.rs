//! One play session in the window, without the window: commands in, game + presentation state out.
//!
//! Keeps the interface rules (overlays never take a turn, Esc asks before quitting, replays feed
//! actions at a set pace) testable with synthetic time.

use crate::app::crawler::effects::Effects;
use crate::app::crawler::hints::Hints;
use crate::app::crawler::keys::{self, RunKey, LOG, PLAY, REPLAY};
use crate::app::crawler::paced::Paced;
use crate::app::crawler::turn_machine::{TurnMachine, Update};
use crate::app::keys::{Bindings, Context};
use crate::app::shell::keys::{prompt_text, ShellKey, GLOBAL, PROMPT};
use crate::audio::MixCommand;
use crate::game::recording::Recording;
use crate::game::{Action, Game, Status, TurnReport};
use crate::grid::Side;
use crate::mode::Played;
use crate::render::{Edge, Overlay, UiState};
use crate::scene::{Scene, SoundEvent};
use winit::keyboard::KeyCode;

/// Seconds a notice (e.g. "Screenshot saved") stays on screen.
const NOTICE_SECONDS: f64 = 4.0;
/// Seconds a first-time hint stays: a whole sentence to read while the game goes on.
const HINT_SECONDS: f64 = 9.0;
/// Seconds the end-of-run card ignores keys, so a key still being hammered from the fight does not
/// dismiss it unread.
pub const CARD_GUARD_SECONDS: f64 = 0.8;
/// What the window must do after a key of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    None,
    Screenshot,
    ToggleFullscreen,
    /// Save the run, then leave it for the title (where Continue picks it up).
    SaveAndLeave,
    Exit,
    /// The end-of-run card was read: leave the run (to the title screen).
    EndRun,
    /// The mute key: sound off, or back on.
    ToggleMute,
}

/// The question Esc asks in a run. Y leaves for the title, not the desktop: a play-tester who
/// answered it expected the title, and in a browser leaving the program froze the page.
const SAVE_AND_LEAVE: &str = "Save and return to the title?";

/// Replay pace limits, in actions per second.
pub const REPLAY_SPEED_RANGE: (f64, f64) = (0.25, 64.0);

struct Replay {
    actions: Vec<Action>,
    next: usize,
    speed: f64,
    last_at: f64,
}

pub struct Session {
    /// What the presentation draws, rebuilt after every turn (the game's half of the scene contract).
    /// The game, stepped at the window's pace: its latest scene and the turn machine.
    pub turns: Paced,
    pub effects: Effects,
    overlay: Option<Overlay>,
    /// The notice, when it appeared and for how many seconds it stays.
    notice: Option<(String, f64, f64)>,
    /// The first-time hints this run has shown.
    hints: Hints,
    pub recording: Option<Recording>,
    replay: Option<Replay>,
    automap_allowed: bool,
    /// The player's key table: what keys do, and what the help and hints name.
    bindings: Bindings,
    /// The card shown when the run has ended, and when it appeared.
    card: Option<(Overlay, f64)>,
    /// How many of the game's messages were said before the run was resumed (0 unless `resume` said
    /// so): they stay in the log but off the HUD's lines (`HudModel::lines_from`).
    resumed_after: usize,
    /// What the turns since the window last asked sounded like, and when their world part starts;
    /// `None` when no turn has been played since (the first scene counts as one).
    heard: Option<(Vec<SoundEvent>, f64)>,
}

impl Session {
    pub fn new(game: Game, reduced_effects: bool, automap_allowed: bool, bindings: Bindings) -> Self {
        Self {
            turns: Paced::new(game, 0.0),
            effects: Effects::new(reduced_effects),
            overlay: None,
            notice: None,
            hints: Hints::default(),
            recording: None,
            replay: None,
            automap_allowed,
            bindings,
            card: None,
            resumed_after: 0,
            heard: Some((Vec::new(), 0.0)),
        }
    }

    /// A new run says its seed, which is all it takes to play the same dungeon again (the title's
    /// seed field, `--seed`); the death card's share line says it too, but only at the end.
    pub fn announce_seed(&mut self, seed: u64, now: f64) {
        self.notify(&format!("This run's seed is {seed}."), now);
    }

    /// A saved run taken up again: `notice` says so, and the messages from before stay in the log
    /// but off the HUD's lines, so the notice never stands above older lines.
    pub fn resume(&mut self, notice: &str, now: f64) {
        self.resumed_after = self.turns.mode.game.messages().len();
        self.hide_old_lines();
        self.notify(notice, now);
    }

    /// Keeps the messages from before a resume off the HUD's lines of the latest scene.
    fn hide_old_lines(&mut self) {
        let game = &self.turns.mode.game;
        let old = &game.messages()[..self.resumed_after.min(game.messages().len())];
        let shown = old.iter().filter(|m| crate::game::present::message_shown(game, &m.text)).count();
        self.turns.scene.hud.lines_from = shown;
    }

    /// Shows the end-of-run card over the curtain; the next key after a moment leaves the run.
    pub fn show_card(&mut self, card: Overlay, now: f64) {
        self.overlay = None;
        self.card = Some((card, now));
    }

    pub fn card_open(&self) -> bool {
        self.card.is_some()
    }

    pub fn bindings(&self) -> &Bindings {
        &self.bindings
    }

    /// The scene of the latest turn.
    pub fn scene(&self) -> &Scene {
        &self.turns.scene
    }

    /// What the audio should play for the turns since the last call: their placed sounds and the
    /// ambience of the latest scene (read from the same plain data the screen shows).
    pub fn take_mix_commands(&mut self) -> Vec<MixCommand> {
        match self.heard.take() {
            Some((sounds, delay)) => crate::audio::turn_commands(&self.turns.scene, &sounds, delay),
            None => Vec::new(),
        }
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.turns.mode.game
    }

    /// The turn machine that plays the steps out (the camera, the death fade).
    pub fn machine(&self) -> &TurnMachine {
        &self.turns.machine
    }

    /// What every step the player took asks of the session, wherever it came from (a press, a
    /// held key, the replay): recorded, given feedback, heard.
    fn took(&mut self, action: Action, played: Played<TurnReport>, now: f64) {
        if let Some(rec) = &mut self.recording {
            rec.actions.push(action);
        }
        self.hide_old_lines();
        self.effects.on_events(&played.report.events, now);
        let delay = self.turns.machine.player_seconds();
        let heard = self.heard.get_or_insert_with(|| (Vec::new(), delay));
        heard.0.extend(played.sounds);
        heard.1 = delay;
        if self.replay.is_none() {
            let wait_key = keys::wait_key(&self.bindings);
            if let Some(hint) =
                self.hints.after_turn(&self.turns.mode.game, action == Action::Wait, &wait_key)
            {
                self.notice = Some((hint, now, HINT_SECONDS));
            }
        }
    }

    pub fn record_into(&mut self, recording: Recording) {
        self.recording = Some(recording);
    }

    pub fn replay(&mut self, actions: Vec<Action>, speed: f64) {
        self.replay = Some(Replay { actions, next: 0, speed, last_at: f64::NEG_INFINITY });
        let hint = keys::replay_hint(&self.bindings);
        self.notify(&format!("Replay: {speed} actions per second ({hint})."), 0.0);
    }

    pub fn is_replaying(&self) -> bool {
        self.replay.is_some()
    }

    pub fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    pub fn notify(&mut self, text: &str, now: f64) {
        self.notice = Some((text.to_string(), now, NOTICE_SECONDS));
    }

    /// What the HUD shows: the open overlay or the card, the notice, and the curtain that falls
    /// over the whole screen with the death fade and stays under the card.
    pub fn ui(&self, now: f64) -> UiState {
        let curtain = if self.card.is_some() { 1.0 } else { self.turns.machine.death_fade(now) };
        let edge_glow = self.effects.sample(now).glow.map(|(side, strength)| {
            let edge = match side {
                Side::Front => Edge::Top,
                Side::Left => Edge::Left,
                Side::Right => Edge::Right,
                Side::Behind => Edge::Bottom,
            };
            (edge, (strength.clamp(0.0, 1.0) * 255.0).round() as u8)
        });
        UiState {
            edge_glow,
            overlay: self.card.as_ref().map(|(c, _)| c.clone()).or_else(|| self.overlay.clone()),
            notice: self.notice.as_ref().filter(|(_, at, stay)| now - at < *stay).map(|(t, ..)| t.clone()),
            curtain: (curtain.clamp(0.0, 1.0) * 255.0).round() as u8,
            no_bar: false,
        }
    }

    /// The contexts whose keys are live now, most specific first: the open prompt or log and a
    /// replay come before play, so their keys win where they overlap (the log's arrows), and their
    /// keys do nothing when they are not open (Y and N are free for play bindings).
    pub fn contexts(&self) -> Vec<Context> {
        let mut contexts = Vec::new();
        match self.overlay {
            Some(Overlay::Prompt { .. }) => contexts.push(PROMPT),
            Some(Overlay::MessageLog { .. }) => contexts.push(LOG),
            _ => {}
        }
        if self.replay.is_some() {
            contexts.push(REPLAY);
        }
        // Play stays live under overlays: its keys close them (Esc, M, L) and `command` keeps
        // its actions from taking a turn.
        contexts.extend([PLAY, GLOBAL]);
        contexts
    }

    /// A key press in the window, dispatched through the key table in the active contexts.
    pub fn key(&mut self, key: KeyCode, alt: bool, now: f64) -> Request {
        if let Some((_, shown)) = self.card {
            // Any key leaves the card (after the guard); the window's own keys still work on it.
            return match keys::lookup(&self.bindings, key, alt, &[GLOBAL]) {
                Some(RunKey::Shell(ShellKey::Screenshot)) => Request::Screenshot,
                Some(RunKey::Shell(ShellKey::Fullscreen)) => Request::ToggleFullscreen,
                _ if now - shown >= CARD_GUARD_SECONDS => Request::EndRun,
                _ => Request::None,
            };
        }
        match keys::lookup(&self.bindings, key, alt, &self.contexts()) {
            Some(command) => self.command(command, now),
            None => Request::None,
        }
    }

    /// The newest held key (last in `held`) that maps to a game action now; the turn machine
    /// decides whether it repeats.
    pub fn held_action(&self, held: &[KeyCode]) -> Option<Action> {
        let contexts = self.contexts();
        held.iter().rev().find_map(|&key| match keys::lookup(&self.bindings, key, false, &contexts) {
            Some(RunKey::Act(action)) => Some(action),
            _ => None,
        })
    }

    /// Handles one command. Game actions go to the turn machine only when no overlay is open and no
    /// replay is playing; everything else is interface and never takes a turn.
    pub fn command(&mut self, command: RunKey, now: f64) -> Request {
        if let Some(Overlay::Prompt { .. }) = self.overlay {
            // The prompt takes its answers; the window controls work under it; any other key
            // closes it as No and does nothing more, so nothing reaches the game. (A play-tester's
            // M, E, W and L vanished into an open prompt, unanswered, until Esc.)
            return match command {
                RunKey::Shell(ShellKey::Answer(yes)) => self.answer(yes),
                RunKey::Shell(ShellKey::Screenshot) => Request::Screenshot,
                RunKey::Shell(ShellKey::Fullscreen) => Request::ToggleFullscreen,
                _ => {
                    self.overlay = None;
                    Request::None
                }
            };
        }
        match command {
            RunKey::Menu if self.overlay.is_some() => self.overlay = None,
            RunKey::Menu if self.replay.is_some() || self.game().status() != Status::Playing => {
                return Request::Exit
            }
            RunKey::Menu => {
                self.overlay = Some(Overlay::Prompt { text: prompt_text(&self.bindings, SAVE_AND_LEAVE) })
            }
            RunKey::Automap if !self.automap_allowed => {
                self.notify("The automap is switched off in the settings.", now)
            }
            // Each overlay carries its help and hints from the key table: render names no key.
            RunKey::Automap => self.toggle(Overlay::Automap { hint: keys::automap_hint(&self.bindings) }),
            // Help has two pages: the keys, then the guide to the screen; a third press closes it.
            RunKey::Shell(ShellKey::Help) => match self.overlay {
                Some(Overlay::Help { .. }) => {
                    self.overlay = Some(Overlay::Guide {
                        title: "HOW TO READ THE SCREEN".into(),
                        lines: crate::app::crawler::guide::guide_lines(),
                        hint: keys::guide_hint(&self.bindings),
                    })
                }
                Some(Overlay::Guide { .. }) => self.overlay = None,
                _ => {
                    self.overlay = Some(Overlay::Help {
                        bindings: keys::describe(&self.bindings),
                        hint: keys::help_hint(&self.bindings),
                        first: 0,
                    })
                }
            },
            RunKey::MessageLog => {
                self.toggle(Overlay::MessageLog { scroll: 0, hint: keys::log_hint(&self.bindings) })
            }
            RunKey::Shell(ShellKey::Screenshot) => return Request::Screenshot,
            RunKey::Shell(ShellKey::Fullscreen) => return Request::ToggleFullscreen,
            RunKey::Shell(ShellKey::Mute) => return Request::ToggleMute,
            RunKey::ScrollLog(lines) => self.scroll_log(i64::from(lines)),
            RunKey::ReplayFaster => self.change_replay_speed(2.0, now),
            RunKey::ReplaySlower => self.change_replay_speed(0.5, now),
            // Only the prompt takes answers (handled above).
            RunKey::Shell(ShellKey::Answer(_)) => {}
            RunKey::Act(_) if self.overlay.is_some() || self.replay.is_some() => {}
            RunKey::Act(action) => self.act(action, now),
        }
        Request::None
    }

    /// The answer to the open prompt: yes saves and quits, no goes back to the game.
    pub fn answer(&mut self, yes: bool) -> Request {
        if !matches!(self.overlay, Some(Overlay::Prompt { .. })) {
            return Request::None;
        }
        self.overlay = None;
        if yes {
            Request::SaveAndLeave
        } else {
            Request::None
        }
    }

    /// Scrolls the message log by `lines` (positive goes back in time).
    pub fn scroll_log(&mut self, lines: i64) {
        let total = self.game().messages().len();
        if let Some(Overlay::MessageLog { scroll, .. }) = &mut self.overlay {
            *scroll = (*scroll as i64 + lines).clamp(0, total.saturating_sub(1) as i64) as usize;
        }
    }

    pub fn change_replay_speed(&mut self, factor: f64, now: f64) {
        if let Some(replay) = &mut self.replay {
            replay.speed = (replay.speed * factor).clamp(REPLAY_SPEED_RANGE.0, REPLAY_SPEED_RANGE.1);
            let text = format!("Replay: {} actions per second.", replay.speed);
            self.notify(&text, now);
        }
    }

    fn toggle(&mut self, overlay: Overlay) {
        let same = std::mem::discriminant(&overlay);
        if self.overlay.as_ref().map(std::mem::discriminant) == Some(same) {
            self.overlay = None;
        } else {
            self.overlay = Some(overlay);
        }
    }

    /// A key's action: taken as one step while input is accepted, dropped (not queued) while a
    /// turn plays out.
    fn act(&mut self, action: Action, now: f64) {
        if let Some(played) = self.turns.press(action, now) {
            self.took(action, played, now);
        }
    }

    /// Advances time: the turn machine, held keys (not while an overlay is open), the replay pace.
    pub fn update(&mut self, now: f64, held: Option<Action>) -> Update {
        let held = if self.overlay.is_some() || self.replay.is_some() { None } else { held };
        let (update, repeated) = self.turns.update(now, held);
        if let Some((action, played)) = repeated {
            // A held key acted again: a real action, recorded and given feedback like a press.
            self.took(action, played, now);
        }
        self.feed_replay(now);
        update
    }

    fn feed_replay(&mut self, now: f64) {
        let Some(replay) = &self.replay else { return };
        if now - replay.last_at < 1.0 / replay.speed {
            return;
        }
        let Some(&action) = replay.actions.get(replay.next) else { return };
        let Some(played) = self.turns.press(action, now) else { return };
        self.took(action, played, now);
        let Some(replay) = &mut self.replay else { return };
        replay.next += 1;
        replay.last_at = now;
        if replay.next == replay.actions.len() {
            let text = format!("The replay has ended. {} leaves.", keys::menu_key(&self.bindings));
            self.notify(&text, now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Facing, Map, Pos};

    fn session() -> Session {
        with_bindings(Bindings::default())
    }

    fn with_bindings(bindings: Bindings) -> Session {
        let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
        Session::new(Game::from_map(map, Pos::new(1, 1), Facing::East), false, true, bindings)
    }

    /// The default bindings with the row `name` moved to `keys`, as a settings file would.
    fn rebound(name: &str, keys: &[KeyCode]) -> Bindings {
        super::keys::rebound(Bindings::default(), name, keys)
    }

    /// Regression: the window answered Y/N before reading the bindings, so a play binding on Y
    /// was swallowed.
    #[test]
    fn a_play_binding_on_y_acts_in_play_and_y_answers_the_open_prompt() {
        let mut s = with_bindings(rebound("wait", &[KeyCode::KeyY]));
        assert_eq!(s.key(KeyCode::KeyY, false, 0.0), Request::None);
        assert_eq!(s.game().turn(), 1, "Y waited a turn");
        assert_eq!(s.key(KeyCode::KeyN, false, 0.0), Request::None, "N is unbound in play");
        s.update(1.0, None);
        s.key(KeyCode::Escape, false, 1.0);
        assert!(matches!(s.overlay(), Some(Overlay::Prompt { .. })));
        assert_eq!(s.key(KeyCode::KeyY, false, 1.0), Request::SaveAndLeave, "Y answers the prompt");
        assert_eq!(s.game().turn(), 1, "and does not also wait");
        assert_eq!(s.overlay(), None);
        s.key(KeyCode::Escape, false, 2.0);
        assert_eq!(s.key(KeyCode::KeyN, false, 2.0), Request::None);
        assert_eq!(s.overlay(), None, "N goes back");
    }

    /// Regression (a play-test): keys pressed into the open prompt vanished until Esc.
    #[test]
    fn any_other_key_closes_the_prompt_as_no_without_taking_a_turn() {
        let mut s = with_bindings(Bindings::default());
        s.key(KeyCode::Escape, false, 0.0);
        assert!(matches!(s.overlay(), Some(Overlay::Prompt { .. })));
        assert_eq!(s.key(KeyCode::KeyW, false, 0.0), Request::None);
        assert_eq!(s.overlay(), None, "W closed the prompt");
        assert_eq!(s.game().turn(), 0, "and took no turn");
        s.key(KeyCode::Escape, false, 0.0);
        s.key(KeyCode::KeyM, false, 0.0);
        assert_eq!(s.overlay(), None, "M closed the prompt, and did not open the map");
        s.key(KeyCode::KeyM, false, 0.0);
        assert!(matches!(s.overlay(), Some(Overlay::Automap { .. })), "the next M opens it");
    }

    /// Regression: the automap and log hints printed fixed keys after a rebinding.
    #[test]
    fn after_rebinding_the_help_and_every_hint_name_the_new_keys() {
        let mut b = rebound("automap", &[KeyCode::KeyK]);
        for (name, key) in [("message_log", KeyCode::KeyO), ("help", KeyCode::F2), ("log_up", KeyCode::KeyI)]
        {
            b = super::keys::rebound(b, name, &[key]);
        }
        let mut s = with_bindings(b);
        s.key(KeyCode::KeyK, false, 0.0);
        assert_eq!(s.overlay(), Some(&Overlay::Automap { hint: "K or Esc closes".into() }));
        s.key(KeyCode::KeyK, false, 0.0);
        s.key(KeyCode::KeyO, false, 0.0);
        let Some(Overlay::MessageLog { hint, .. }) = s.overlay() else { panic!("the log is open") };
        assert_eq!(hint, "I ↓ PgUp PgDn scroll   O or Esc closes");
        s.key(KeyCode::KeyO, false, 0.0);
        s.key(KeyCode::F2, false, 0.0);
        let Some(Overlay::Help { bindings, hint, .. }) = s.overlay() else { panic!("help is open") };
        assert_eq!(hint, "F2 the guide   Esc closes");
        for line in [("Automap", "K"), ("Message log", "O"), ("Help", "F2"), ("Log: scroll up", "I")] {
            assert!(bindings.contains(&(line.0.into(), line.1.into())), "{line:?} in {bindings:?}");
        }
        assert!(!bindings.iter().any(|(_, keys)| keys.contains("Tab")), "no stale key: {bindings:?}");
        // F2 again turns to the guide, whose hint names F2 too; then F2 closes it.
        s.key(KeyCode::F2, false, 0.0);
        let Some(Overlay::Guide { hint, .. }) = s.overlay() else { panic!("the guide is open") };
        assert_eq!(hint, "F2 or Esc closes");
        s.key(KeyCode::F2, false, 0.0);
        // The old keys no longer open them.
        s.key(KeyCode::KeyM, false, 0.0);
        s.key(KeyCode::F1, false, 0.0);
        assert_eq!(s.overlay(), None);
    }

    #[test]
    fn the_log_takes_the_arrows_while_open_and_gives_them_back_when_closed() {
        let mut s = session();
        for _ in 0..3 {
            s.turns.mode.game.act(Action::Interact);
        }
        s.key(KeyCode::KeyL, false, 0.0);
        s.key(KeyCode::ArrowUp, false, 0.0);
        assert!(matches!(s.overlay(), Some(Overlay::MessageLog { scroll: 1, .. })));
        assert_eq!(s.held_action(&[KeyCode::ArrowUp]), None, "held arrows scroll, not walk");
        s.key(KeyCode::KeyL, false, 0.0);
        assert_eq!(s.held_action(&[KeyCode::ArrowUp]), Some(Action::MoveForward));
    }

    #[test]
    fn the_end_card_waits_for_a_key_after_its_guard_and_the_curtain_covers_everything() {
        let mut s = session();
        s.show_card(Overlay::Card { title: "T".into(), lines: vec![], hint: "h".into() }, 10.0);
        let ui = s.ui(10.0);
        assert!(matches!(ui.overlay, Some(Overlay::Card { .. })));
        assert_eq!(ui.curtain, 255);
        assert_eq!(s.key(KeyCode::KeyW, false, 10.0 + CARD_GUARD_SECONDS / 2.0), Request::None, "too soon");
        assert_eq!(s.key(KeyCode::F12, false, 10.1), Request::Screenshot);
        assert_eq!(s.key(KeyCode::KeyW, false, 10.0 + CARD_GUARD_SECONDS), Request::EndRun);
        assert_eq!(s.game().turn(), 0, "no key reached the game");
    }

    /// Issue 10: help explains the HUD, the items, weakness and the heartbeat on its second page.
    #[test]
    fn help_opens_on_the_keys_then_the_guide_then_closes() {
        let mut s = session();
        s.key(KeyCode::F1, false, 0.0);
        assert!(matches!(s.overlay(), Some(Overlay::Help { .. })));
        s.key(KeyCode::F1, false, 0.0);
        let Some(Overlay::Guide { lines, hint, .. }) = s.overlay() else { panic!("the guide is open") };
        assert_eq!(hint, "F1 ? or Esc closes");
        assert!(lines.iter().any(|l| l.contains("heartbeat")));
        s.key(KeyCode::F1, false, 0.0);
        assert_eq!(s.overlay(), None);
        s.key(KeyCode::F1, false, 0.0);
        s.key(KeyCode::Escape, false, 0.0);
        assert_eq!(s.overlay(), None, "Esc closes either page");
    }

    /// Issue 34: on a resumed run "You return to the depths." stood above the older messages.
    /// Those stay in the log, off the HUD's lines, so the notice is never above older lines.
    #[test]
    fn a_resumed_run_keeps_its_old_messages_in_the_log_but_off_the_hud_lines() {
        use crate::render::hud::compose::HudText;
        let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
        let mut game = Game::from_map(map, Pos::new(1, 1), Facing::East);
        game.act(Action::Interact);
        game.act(Action::Wait);
        assert!(!game.messages().is_empty() && game.turn() > 0);
        let mut s = Session::new(game, false, true, Bindings::default());
        s.resume("You return to the depths.", 0.0);
        assert!(HudText::from_hud(&s.scene().hud).messages.is_empty(), "no old line under the notice");
        assert_eq!(s.scene().hud.messages.len(), s.game().messages().len(), "the log keeps them");
        s.key(KeyCode::Space, false, 0.0);
        let lines = HudText::from_hud(&s.scene().hud).messages;
        assert_eq!(lines.len(), 1, "only the new swing: {lines:?}");
        // A fresh run shows its lines from the start.
        let mut fresh = session();
        fresh.key(KeyCode::Space, false, 0.0);
        assert_eq!(HudText::from_hud(&fresh.scene().hud).messages.len(), 1);
    }

    #[test]
    fn a_new_run_says_its_seed_for_a_while() {
        let mut s = session();
        s.announce_seed(4_242, 10.0);
        let notice = s.ui(10.5).notice.expect("the seed is on screen");
        assert!(notice.contains("4242"), "{notice}");
        assert_eq!(s.ui(10.0 + NOTICE_SECONDS + 0.1).notice, None, "and goes like any notice");
    }

    /// Issue 15: each turn hands the audio its sounds once, with the ambience of its scene.
    #[test]
    fn a_turn_is_heard_once_with_the_mood_of_its_scene() {
        use crate::audio::{MixCommand, Mood};
        use crate::scene::SoundKind;
        let mut s = session();
        let first = s.take_mix_commands();
        assert_eq!(first, vec![MixCommand::Mood(Mood::of_scene(s.scene()))], "the opening mood");
        s.key(KeyCode::KeyW, false, 0.0);
        let heard = s.take_mix_commands();
        assert!(heard
            .iter()
            .any(|c| matches!(c, MixCommand::Play(cue) if cue.kind == SoundKind::PlayerStep)));
        assert!(matches!(heard.last(), Some(MixCommand::Mood(_))));
        assert!(s.take_mix_commands().is_empty(), "heard once");
        s.key(KeyCode::KeyM, false, 1.0);
        assert!(s.take_mix_commands().is_empty(), "an overlay makes no sound");
        assert_eq!(s.key(KeyCode::F8, false, 2.0), Request::ToggleMute, "the mute key, over an overlay too");
    }

    #[test]
    fn overlays_never_take_a_turn() {
        let mut s = session();
        s.command(RunKey::Automap, 0.0);
        assert!(matches!(s.overlay(), Some(Overlay::Automap { .. })));
        s.command(RunKey::Act(Action::MoveForward), 0.0);
        s.update(1.0, Some(Action::MoveForward));
        assert_eq!(s.game().turn(), 0);
        s.command(RunKey::Automap, 1.0);
        assert_eq!(s.overlay(), None);
        s.command(RunKey::Act(Action::MoveForward), 1.0);
        assert_eq!(s.game().turn(), 1);
    }

    #[test]
    fn escape_asks_before_saving_and_quitting() {
        let mut s = session();
        assert_eq!(s.command(RunKey::Menu, 0.0), Request::None);
        assert!(matches!(s.overlay(), Some(Overlay::Prompt { .. })));
        assert_eq!(s.answer(false), Request::None);
        assert_eq!(s.overlay(), None);
        s.command(RunKey::Menu, 0.0);
        assert_eq!(s.answer(true), Request::SaveAndLeave);
    }

    #[test]
    fn recording_keeps_only_actions_that_reached_the_game() {
        let mut s = session();
        s.record_into(Recording::new(0, 1));
        s.command(RunKey::Act(Action::MoveForward), 0.0);
        s.command(RunKey::Act(Action::MoveForward), 0.01); // dropped: animation playing
        s.update(1.0, None);
        s.command(RunKey::Act(Action::TurnLeft), 1.0);
        assert_eq!(s.recording.as_ref().unwrap().actions, vec![Action::MoveForward, Action::TurnLeft]);
    }

    #[test]
    fn a_replay_feeds_actions_at_its_pace() {
        let mut s = session();
        s.replay(vec![Action::MoveForward, Action::MoveForward, Action::MoveForward], 2.0);
        s.update(0.0, None);
        assert_eq!(s.game().turn(), 1);
        s.update(0.3, None);
        assert_eq!(s.game().turn(), 1, "half a second between actions at speed 2");
        s.update(0.6, None);
        assert_eq!(s.game().turn(), 2);
        s.command(RunKey::Act(Action::TurnLeft), 0.7);
        s.update(2.0, None);
        assert_eq!(s.game().player().facing, Facing::East, "keys do not act during a replay");
    }
}
