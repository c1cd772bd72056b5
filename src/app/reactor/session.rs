//! A reactor level in the window, without the window: keys and the mouse's cell in, the board scene
//! and the overlays out. Plays a pulse back as a short cascade of its steps, asks before a move that
//! would lose, and shows the win or loss card with the level's metrics and the best kept so far.

use super::keys::{self, ReactorKey, REACTOR};
use crate::app::keys::{Bindings, Context};
use crate::app::shell::keys::{prompt_text, ShellKey, GLOBAL, PROMPT};
use crate::grid::{Facing, Pos};
use crate::mode::Mode;
use crate::reactor::hazards::unsafe_cell;
use crate::reactor::level::{Carrier, LevelState};
use crate::reactor::mode::Reactor;
use crate::reactor::present::{chosen_target, Target};
use crate::reactor::pulse::PulseReport;
use crate::reactor::script::Action;
use crate::reactor::{Command as Rc, LeakAction};
use crate::render::board::BoardCamera;
use crate::render::{Overlay, UiState};
use crate::scene::{BoardLine, Scene};
use winit::keyboard::KeyCode;

/// What the window must do after a key on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    None,
    Screenshot,
    ToggleFullscreen,
    /// The mute key: sound off, or back on.
    ToggleMute,
    /// Leave the level (for the campaign's page).
    EndRun,
    /// After a win: play this shipped level next.
    OpenReactorLevel(usize),
}

/// Seconds a pulse's cascade of steps takes on screen.
pub const CASCADE_SECONDS: f64 = 0.5;
/// Seconds between two actions of a replay (after each one's cascade).
pub const REPLAY_STEP_SECONDS: f64 = 0.4;
/// What the robot's mark looks like, in the panel's hints and the help.
pub const ROBOT_LEGEND: &str = "You are the robot: the white disc with a black ring, its arrow your facing";
/// The help's lines: every reactor and window key, without the "Reactor: " every reactor row's
/// label starts with (the help is the reactor's), so two columns fit at 1280x720.
fn help_lines(bindings: &Bindings) -> Vec<(String, String)> {
    keys::describe(bindings)
        .into_iter()
        .map(|(label, keys)| (label.strip_prefix("Reactor: ").map_or(label.clone(), capitalised), keys))
        .collect()
}

/// "move north" → "Move north".
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// Zoom steps of the board.
const ZOOM_RANGE: (f32, f32) = (1.0, 6.0);

/// A pulse playing back, step by step.
struct Cascade {
    pulse: PulseReport,
    started: f64,
    shown: usize,
}

/// The metrics of a finished level (what the card shows and the profile keeps the best of).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub lengthy: u32,
    pub pulses: u32,
    pub remedies: u32,
    pub undos: u32,
    pub peak_heat: f32,
}

impl Metrics {
    pub fn of(r: &Reactor) -> Metrics {
        let l = &r.game.level;
        Metrics {
            lengthy: r.game.lengthy_actions,
            pulses: l.pulse,
            remedies: l.remedies_used,
            undos: r.game.undos,
            peak_heat: l.peak_heat,
        }
    }

    pub fn lines(&self) -> Vec<String> {
        vec![
            format!("Lengthy actions {}", self.lengthy),
            format!("Pulses {}", self.pulses),
            format!("Remedies used {}", self.remedies),
            format!("Undos {}", self.undos),
            format!("Peak heat {:.1}", self.peak_heat),
        ]
    }
}

/// What the shell makes of a level's end: the card's extra lines (the best kept), and the shipped
/// level a win leads on to (the campaign's next open one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finish {
    pub lines: Vec<String>,
    pub next: Option<usize>,
}

/// Called once when a level ends, with its metrics.
pub type OnFinish = Box<dyn FnMut(&Reactor, Metrics) -> Finish>;

pub struct ReactorSession {
    pub mode: Reactor,
    scene: Scene,
    bindings: Bindings,
    cascade: Option<Cascade>,
    /// A move that would lose, waiting for the player's yes.
    confirm: Option<Facing>,
    overlay: Option<Overlay>,
    pub camera: BoardCamera,
    /// The keyboard moved the cursor last (the camera follows it when zoomed), or the mouse did.
    keyboard_cursor: bool,
    /// Every action that reached the rules, in order (a solution file's action list).
    pub played: Vec<Action>,
    on_finish: OnFinish,
    finished: bool,
    /// The shipped level the won level leads on to (the next key opens it).
    next_level: Option<usize>,
    /// A solution being played back: its actions, the next one, and when the last was played.
    replay: Option<(Vec<Action>, usize, f64)>,
    /// The scene changed since the window last uploaded it.
    dirty: bool,
    /// What the actions since the window last asked sounded like, and when their world part
    /// starts; `None` when nothing was played since (the first scene counts).
    heard: Option<(Vec<crate::scene::SoundEvent>, f64)>,
    /// Where the leave key goes, when not the title screen ("the editor" for a level played from
    /// it): the card and the panel's hints say so.
    leave_to: Option<&'static str>,
}

/// When in an action's playback its world part (the state's cue) is heard: once its pulse's
/// cascade has played, or at once.
pub fn world_delay(report: &crate::reactor::mode::Report) -> f64 {
    if report.pulse.as_ref().is_some_and(|p| !p.steps.is_empty()) {
        CASCADE_SECONDS
    } else {
        0.0
    }
}

impl ReactorSession {
    pub fn new(mut mode: Reactor, bindings: Bindings, on_finish: OnFinish) -> Self {
        let scene = mode.scene(None);
        let mut s = Self {
            mode,
            scene,
            bindings,
            cascade: None,
            confirm: None,
            overlay: None,
            camera: BoardCamera::default(),
            keyboard_cursor: false,
            played: Vec::new(),
            on_finish,
            finished: false,
            next_level: None,
            replay: None,
            dirty: true,
            heard: Some((Vec::new(), 0.0)),
            leave_to: None,
        };
        s.rebuild();
        s
    }

    /// The leave key goes back to `place` (the window does the going), and the hints say so.
    pub fn leave_to(&mut self, place: &'static str) {
        self.leave_to = Some(place);
        self.rebuild();
    }

    /// Shows `line` on the board's message line (a damaged save set aside, say).
    pub fn say(&mut self, line: String) {
        self.mode.view.message = Some(line);
        self.rebuild();
    }

    /// Plays `actions` back one at a time, each after the last one's cascade (empty: play normally).
    /// A replay is watched, not played: it starts from the level's start with nothing before it,
    /// and neither its win nor anything left unfinished is ever kept.
    pub fn replay(&mut self, actions: Vec<Action>) {
        if actions.is_empty() {
            self.replay = None;
            return;
        }
        self.mode.keeps_records = false;
        let start = self.mode.game.initial().clone();
        self.mode.game = crate::reactor::Game::new(start, self.mode.game.balance.clone());
        self.played.clear();
        self.finished = false;
        self.overlay = None;
        self.rebuild();
        self.replay = Some((actions, 0, f64::NEG_INFINITY));
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The camera the board is drawn with: the player's zoom and pan, or the whole legend.
    pub fn board_camera(&self) -> BoardCamera {
        if self.mode.view.legend {
            BoardCamera::default()
        } else {
            self.camera
        }
    }

    /// Opens the legend over the board (the first level starts with it).
    pub fn show_legend(&mut self) {
        self.mode.view.legend = true;
        self.rebuild();
    }

    pub fn ui(&self) -> UiState {
        UiState { overlay: self.overlay.clone(), ..UiState::default() }
    }

    /// Whether a cascade is playing (tests and the window's screenshot of one).
    pub fn cascading(&self) -> bool {
        self.cascade.is_some()
    }

    fn rebuild(&mut self) {
        let mut scene = match &self.cascade {
            Some(c) => self.mode.step_scene(&c.pulse, c.shown),
            None => self.mode.scene(None),
        };
        if let Some(board) = scene.board.as_mut() {
            board.hud.hints.push(BoardLine::new(ROBOT_LEGEND, [150, 140, 120]));
            for h in keys::hints(&self.bindings) {
                board.hud.hints.push(BoardLine::new(h, [150, 140, 120]));
            }
            if let Some(place) = self.leave_to {
                let line = format!("{} back to {place}", self.bindings.first_key(keys::row("reactor_leave")));
                board.hud.hints.push(BoardLine::new(line, [235, 225, 160]));
            }
        }
        self.scene = scene;
        self.follow();
        self.dirty = true;
    }

    /// When zoomed, the camera keeps the keyboard cursor (or the robot) in the middle.
    fn follow(&mut self) {
        let Some(board) = &self.scene.board else { return };
        if self.camera.zoom <= 1.0 {
            self.camera.pan = [0.0, 0.0];
            return;
        }
        let focus = if self.keyboard_cursor { board.cursor } else { board.robot };
        let (w, h) = (board.cells.width() as f32, board.cells.height() as f32);
        self.camera.pan = [focus.x as f32 + 0.5 - w / 2.0, focus.y as f32 + 0.5 - h / 2.0];
    }

    /// What the audio should play for the actions since the last call: their placed sounds and the
    /// continuous sounds of the state now.
    pub fn take_mix_commands(&mut self) -> Vec<crate::audio::MixCommand> {
        match self.heard.take() {
            Some((sounds, delay)) => {
                crate::audio::board_commands(&self.scene, &sounds, &self.mode.beds(), delay)
            }
            None => Vec::new(),
        }
    }

    /// Takes the "scene changed" flag (the window uploads when it is set).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    fn contexts(&self) -> Vec<Context> {
        match self.overlay {
            Some(Overlay::Prompt { .. }) => vec![PROMPT, GLOBAL],
            _ => vec![REACTOR, GLOBAL],
        }
    }

    /// Scrolls the open help a line up (north keys) or down (south keys), never past its last line.
    fn scroll_help(&mut self, key: ReactorKey) {
        let Some(Overlay::Help { bindings, first, .. }) = &mut self.overlay else { return };
        match key {
            ReactorKey::Move(Facing::North) | ReactorKey::Cursor(Facing::North) => {
                *first = first.saturating_sub(1)
            }
            ReactorKey::Move(Facing::South) | ReactorKey::Cursor(Facing::South) => {
                *first = (*first + 1).min(bindings.len().saturating_sub(1))
            }
            _ => {}
        }
    }

    /// A key pressed at `now`.
    pub fn key(&mut self, key: KeyCode, alt: bool, now: f64) -> Request {
        if self.cascade.is_some() {
            // Any key skips the cascade; the key itself does nothing else.
            self.finish_cascade();
            return Request::None;
        }
        let Some(command) = keys::lookup(&self.bindings, key, alt, &self.contexts()) else {
            return Request::None;
        };
        self.command(command, now)
    }

    pub fn command(&mut self, command: ReactorKey, now: f64) -> Request {
        match command {
            ReactorKey::Shell(ShellKey::Screenshot) => return Request::Screenshot,
            ReactorKey::Shell(ShellKey::Fullscreen) => return Request::ToggleFullscreen,
            ReactorKey::Shell(ShellKey::Mute) => return Request::ToggleMute,
            ReactorKey::Shell(ShellKey::Help) => {
                self.overlay = match self.overlay {
                    Some(Overlay::Help { .. }) => None,
                    _ => Some(Overlay::Help {
                        bindings: help_lines(&self.bindings),
                        first: 0,
                        hint: format!(
                            "{} {} scroll   {} or {} closes",
                            self.bindings.keys_text(keys::row("reactor_north"), "/"),
                            self.bindings.keys_text(keys::row("reactor_south"), "/"),
                            self.bindings.keys_text(keys::row("help"), " "),
                            self.bindings.first_key(keys::row("reactor_leave"))
                        ),
                    }),
                };
            }
            ReactorKey::Shell(ShellKey::Answer(yes)) => {
                self.overlay = None;
                if let (true, Some(f)) = (yes, self.confirm.take()) {
                    self.act(Action::Do(Rc::MoveRobot(f)), now);
                }
                self.confirm = None;
            }
            ReactorKey::Leave if matches!(self.overlay, Some(Overlay::Help { .. })) => self.overlay = None,
            // The help is modal: a key read through it must not move the robot underneath; the
            // north and south keys scroll it.
            key if matches!(self.overlay, Some(Overlay::Help { .. })) => self.scroll_help(key),
            ReactorKey::Leave => return Request::EndRun,
            // A replay plays on its own; the player watches (Esc still leaves).
            k if self.replay.is_none() => return self.reactor_key(k, now),
            _ => {}
        }
        Request::None
    }

    fn reactor_key(&mut self, key: ReactorKey, now: f64) -> Request {
        // The legend hides the board: a key read while it shows closes it and does nothing else,
        // so nothing moves unseen.
        if self.mode.view.legend && !matches!(key, ReactorKey::ZoomIn | ReactorKey::ZoomOut) {
            self.mode.view.legend = false;
            self.rebuild();
            return Request::None;
        }
        // The card stays over a finished level; undo and restart still work under it.
        let after_end = matches!(
            key,
            ReactorKey::Undo
                | ReactorKey::Restart
                | ReactorKey::EyeView
                | ReactorKey::NextLevel
                | ReactorKey::Legend
        );
        if self.mode.is_over() && !after_end {
            return Request::None;
        }
        match key {
            ReactorKey::Move(f) => self.try_move(f, now),
            ReactorKey::Interact => {
                let action = self.interact_action();
                self.act(action, now);
            }
            ReactorKey::Repair => self.act(Action::Do(Rc::InteractLeak(None, LeakAction::Repair)), now),
            ReactorKey::Neutralize(k) => {
                let c = Carrier::ALL[usize::from(k.min(2))];
                self.act(Action::Do(Rc::InteractLeak(None, LeakAction::Neutralize(c))), now)
            }
            ReactorKey::Shield => self.act(Action::Do(Rc::ApplyHeatShield), now),
            ReactorKey::Undo => self.act(Action::Undo, now),
            ReactorKey::Restart => self.act(Action::Restart, now),
            ReactorKey::NextTarget => {
                self.mode.view.target = self.mode.view.target.wrapping_add(1);
                self.rebuild();
            }
            ReactorKey::EyeView => {
                // Facing a wall, the eye view is one stone face: a play-tester saw no way back.
                let key = self.bindings.first_key(keys::row("reactor_eye_view"));
                let view = &mut self.mode.view;
                view.eye_view = !view.eye_view;
                view.message =
                    view.eye_view.then(|| format!("The robot's eye view: {key} goes back to the board."));
                self.rebuild();
            }
            ReactorKey::Cursor(f) => {
                let from = self.mode.view.cursor.unwrap_or(self.mode.game.level.robot.pos);
                let to = from.step(f);
                if self.mode.game.level.terrain.in_bounds(to) {
                    self.mode.view.cursor = Some(to);
                    self.keyboard_cursor = true;
                    self.rebuild();
                }
            }
            ReactorKey::NextLevel => {
                if let (true, Some(next)) = (self.finished, self.next_level) {
                    return Request::OpenReactorLevel(next);
                }
            }
            ReactorKey::Legend => {
                self.mode.view.legend = !self.mode.view.legend;
                self.rebuild();
            }
            // Handled before the board sees a key.
            ReactorKey::Leave | ReactorKey::Shell(_) => {}
            ReactorKey::ZoomIn | ReactorKey::ZoomOut => {
                let z =
                    if key == ReactorKey::ZoomIn { self.camera.zoom * 1.5 } else { self.camera.zoom / 1.5 };
                self.camera.zoom = z.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
                self.follow();
            }
        }
        Request::None
    }

    /// What the interact key does here: the chosen one of the things usable from this cell (the
    /// reactor control activates), or an interaction that says there is nothing here.
    fn interact_action(&self) -> Action {
        let Some(t) = chosen_target(&self.mode.game.level, self.mode.view.target) else {
            return Action::Do(Rc::InteractProp(None));
        };
        Action::Do(match t {
            Target::Reactor => Rc::ActivateReactor,
            Target::Prop(p) => Rc::InteractProp(Some(p)),
            Target::Leak(p) => Rc::InteractLeak(Some(p), LeakAction::Repair),
        })
    }

    /// A move, unless it would lose: then the question first.
    fn try_move(&mut self, f: Facing, now: f64) {
        let level = &self.mode.game.level;
        let to = level.robot.pos.step(f);
        let b = &self.mode.game.balance;
        if level.is_floor(to) && unsafe_cell(level, b, to, level.robot.heat_immunity > 0) {
            self.confirm = Some(f);
            self.overlay = Some(Overlay::Prompt {
                text: prompt_text(
                    &self.bindings,
                    &format!("Entering ({}, {}) unprotected loses the level. Move anyway?", to.x, to.y),
                ),
            });
            return;
        }
        self.act(Action::Do(Rc::MoveRobot(f)), now);
    }

    /// The mouse is over `cell` (or off the board).
    pub fn hover(&mut self, cell: Option<Pos>) {
        let cell = cell.filter(|p| self.mode.game.level.terrain.in_bounds(*p));
        if cell.is_some() && cell != self.mode.view.cursor {
            self.mode.view.cursor = cell;
            self.keyboard_cursor = false;
            if self.cascade.is_none() {
                self.rebuild();
            }
        }
    }

    /// A left click: on a neighbour of the robot it moves there; on the robot it interacts.
    pub fn click(&mut self, now: f64) {
        if self.cascade.is_some() {
            self.finish_cascade();
            return;
        }
        let Some(cell) = self.mode.view.cursor else { return };
        let robot = self.mode.game.level.robot.pos;
        if cell == robot {
            self.reactor_key(ReactorKey::Interact, now);
        } else if let Some(f) = Facing::ALL.into_iter().find(|f| robot.step(*f) == cell) {
            self.reactor_key(ReactorKey::Move(f), now);
        }
    }

    fn act(&mut self, action: Action, now: f64) {
        if matches!(action, Action::Do(Rc::MoveRobot(_)) | Action::Undo | Action::Restart) {
            self.mode.view.target = 0;
        }
        let report = self.mode.act(action);
        let heard = self.heard.get_or_insert_with(Default::default);
        heard.0.extend(self.mode.sounds(action, &report));
        heard.1 = world_delay(&report);
        self.played.push(action);
        // A move says where the player's attention is: the panel goes back to the robot's cell, and
        // the keyboard cursor starts again from there (decided after a play-test, where the panel
        // kept showing a cell looked at with I J K L while the robot walked on).
        if matches!(action, Action::Do(Rc::MoveRobot(_))) {
            self.keyboard_cursor = false;
        }
        if !self.keyboard_cursor {
            self.mode.view.cursor = None;
        }
        if let Some(pulse) = report.pulse.filter(|p| !p.steps.is_empty()) {
            self.cascade = Some(Cascade { pulse, started: now, shown: 0 });
        }
        if !self.mode.is_over() {
            self.finished = false;
            if matches!(self.overlay, Some(Overlay::Card { .. })) {
                self.overlay = None;
            }
        }
        self.rebuild();
        if self.cascade.is_none() {
            self.maybe_card();
        }
    }

    fn finish_cascade(&mut self) {
        self.cascade = None;
        self.rebuild();
        self.maybe_card();
    }

    fn maybe_card(&mut self) {
        if !self.mode.is_over() || self.finished {
            return;
        }
        self.finished = true;
        let metrics = Metrics::of(&self.mode);
        let won = self.mode.game.level.state == LevelState::Won;
        let mut lines = metrics.lines();
        let finish = (self.on_finish)(&self.mode, metrics);
        lines.extend(finish.lines);
        // The won line as a code to give someone (`hollowdeep reactor --replay-code CODE`): the
        // line alone, not what undo took back or a restart left (`Game::line`).
        let game = &self.mode.game;
        if let Some(code) =
            game.line().filter(|_| won).and_then(|a| crate::reactor::share::encode(game.initial(), a))
        {
            lines.push(format!("Share: {code}"));
        }
        self.next_level = finish.next.filter(|_| won);
        let title = if won { "REACTOR STARTED" } else { "REACTOR LOST" };
        if !won {
            let cause = match self.mode.game.level.status {
                crate::reactor::level::Status::Lost(cause) => cause.sentence(),
                _ => crate::reactor::level::LossCause::TerminalHeat.sentence(),
            };
            lines.insert(0, cause.to_string());
        }
        let next = match self.next_level {
            Some(_) => format!("{} next level   ", self.bindings.first_key(keys::row("reactor_next_level"))),
            None => String::new(),
        };
        let hint = format!(
            "{next}{} undo   {} restart   {} back to {}",
            self.bindings.first_key(keys::row("reactor_undo")),
            self.bindings.first_key(keys::row("reactor_restart")),
            self.bindings.first_key(keys::row("reactor_leave")),
            self.leave_to.unwrap_or("the title")
        );
        self.overlay = Some(Overlay::Card { title: title.into(), lines, hint });
    }

    /// Advances the cascade. Returns whether the scene must be uploaded.
    pub fn update(&mut self, now: f64) -> bool {
        if self.cascade.is_none() {
            if let Some((actions, next, last)) = &mut self.replay {
                if now - *last >= REPLAY_STEP_SECONDS {
                    let action = actions.get(*next).copied();
                    *next += 1;
                    *last = now;
                    match action {
                        Some(a) => self.act(a, now),
                        None => self.replay = None,
                    }
                }
            }
        }
        if let Some(c) = &mut self.cascade {
            let n = c.pulse.steps.len();
            let k = ((now - c.started) / CASCADE_SECONDS * n as f64).max(0.0) as usize;
            if k >= n {
                self.finish_cascade();
            } else if k != c.shown {
                c.shown = k;
                self.rebuild();
            }
        }
        self.take_dirty()
    }
}
