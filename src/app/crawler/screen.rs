//! A crawler run on the screen stack: keys and time into the session, the run kept on disk after
//! every action, the end card when it ends, and its recording written when it is left.

use super::run_end;
use super::session::{Request, Session};
use crate::app::cli::Options;
use crate::app::persist::keeper::Keeper;
use crate::app::persist::{files, run_save, writer};
use crate::app::shell::screen::{KeyPress, Screen, Shell, ShellCommand, Step};
use crate::game::recording::Recording;
use crate::game::{Game, Status};
use crate::render::{Effects, Frame, View};
use crate::scene::Scene;
use glam::Vec2;
use std::path::PathBuf;

pub struct RunScreen {
    pub session: Session,
    /// Where the run's recording goes when it is left (`--record`).
    record_to: Option<PathBuf>,
    /// Writes the run's save off the frame's thread; made at the first save.
    keeper: Option<Keeper>,
    /// Whether this screen has saved the run (so an ended run has a save to remove).
    saved: bool,
}

impl RunScreen {
    pub fn new(session: Session) -> RunScreen {
        RunScreen { session, record_to: None, keeper: None, saved: false }
    }

    /// The run as the settings and the command line's `--reduced-effects` ask it to be shown.
    pub fn of_game(shell: &Shell, game: Game) -> RunScreen {
        let s = &shell.settings;
        RunScreen::new(Session::new(game, shell.reduced_effects(), s.automap, s.bindings.clone()))
    }

    /// Records the run from its start into `path`, written when the run is left.
    pub fn record_into(mut self, path: PathBuf, recording: Recording) -> RunScreen {
        self.session.record_into(recording);
        self.record_to = Some(path);
        self
    }

    fn request(&mut self, shell: &mut Shell, request: Request) -> Step {
        match request {
            Request::None => Step::Stay,
            // Esc in a replay or during the death fade: leave as closing the window would, so an
            // ended run is still recorded.
            Request::Exit => match self.close(shell) {
                Step::Stay => Step::Stay,
                _ => Step::Exit,
            },
            Request::SaveAndLeave => match self.save(shell) {
                true => Step::pop_with_note("Run saved: Continue picks it up."),
                false => Step::Stay,
            },
            Request::EndRun if self.session.is_replaying() => Step::Exit,
            Request::EndRun => Step::pop(),
            Request::Screenshot => Step::Shell(ShellCommand::Screenshot),
            Request::ToggleMute => Step::Shell(ShellCommand::ToggleMute),
            Request::ToggleFullscreen => Step::Shell(ShellCommand::ToggleFullscreen),
        }
    }

    /// Saves the run to continue later (Esc then Y, or the close button); says why not when it
    /// cannot be saved.
    fn save(&mut self, shell: &mut Shell) -> bool {
        self.settle_keeper();
        match run_save::save(&shell.data_dir, self.session.game()) {
            Ok(path) => {
                println!("Run saved to {}; Continue on the title picks it up.", path.display());
                true
            }
            Err(message) => {
                self.session.notify(&format!("Could not save: {message}"), shell.now);
                false
            }
        }
    }

    /// The run in play stays saved on disk, rewritten after every action that `changed` it, so a
    /// crash or a `kill -9` costs at most the action in hand; an ended run's save goes. The writes
    /// happen off the frame's thread ([`Keeper`]): a synced write can take a slow disk tens of
    /// milliseconds. Replays never touch the save.
    fn keep_on_disk(&mut self, shell: &Shell, changed: bool) {
        if self.session.is_replaying() {
            return;
        }
        let game = self.session.game();
        let keeper = self.keeper.get_or_insert_with(|| Keeper::new(run_save::path(&shell.data_dir)));
        if game.status() != Status::Playing {
            if std::mem::take(&mut self.saved) {
                keeper.remove();
            }
        } else if changed || !self.saved {
            self.saved = true;
            keeper.write(run_save::text(game));
        }
        for message in keeper.take_failures() {
            eprintln!("hollowdeep: {message}");
            self.session.notify(&format!("Could not save: {message}"), shell.now);
        }
    }

    /// Waits for the save being written off the frame's thread, before the screen writes it
    /// itself: the newer write must land last. What the waited-for write failed with is moot then.
    fn settle_keeper(&mut self) {
        if let Some(keeper) = &mut self.keeper {
            keeper.settle();
            keeper.take_failures();
        }
    }

    /// Writes the `--record` file once, when the run is left (saved, ended or closed).
    fn write_recording(&mut self, shell: &mut Shell) {
        let (Some(path), Some(mut rec)) = (self.record_to.take(), self.session.recording.take()) else {
            return;
        };
        rec.finish(self.session.game());
        match writer::write_text(&path, &rec.to_text()) {
            Ok(()) => println!("Recording written to {}.", path.display()),
            Err(message) => {
                eprintln!("hollowdeep: {message}");
                shell.fail(message);
            }
        }
    }
}

impl Screen for RunScreen {
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step {
        // Every key goes through the key table; the session knows which contexts are open.
        let request = self.session.key(key.code, key.alt, shell.now);
        self.request(shell, request)
    }

    fn update(&mut self, shell: &mut Shell) -> Step {
        let held = self.session.held_action(&shell.held);
        let update = self.session.update(shell.now, held);
        shell.audio.send_all(self.session.take_mix_commands());
        self.keep_on_disk(shell, update.upload);
        if update.finished && !self.session.card_open() {
            let card = run_end::finish(self.session.game(), &shell.data_dir, self.session.is_replaying());
            self.session.show_card(card, shell.now);
        }
        if update.upload {
            shell.scene_changed();
        }
        Step::Stay
    }

    fn scene(&self) -> &Scene {
        self.session.scene()
    }

    fn frame(&self, shell: &Shell, height: u32) -> Frame {
        let now = shell.now;
        let session = &self.session;
        let pose = session.machine().pose(now);
        let effect = session.effects.sample(now);
        let fade = session.machine().death_fade(now);
        let effects = Effects {
            light_scale: 1.0 - fade,
            flash_rgba: effect.flash,
            // The jolt is in cells of the world; on screen it scales with the view's size.
            jolt_px: effect.jolt * Vec2::splat(height as f32),
            warp_pulse: effect.warp,
            enemy_progress: session.machine().enemy_progress(now),
            reduced: session.effects.reduced(),
        };
        Frame {
            view: View { eye: pose.eye, angle: pose.angle, time: now as f32 },
            effects,
            ui: session.ui(now),
        }
    }

    fn say(&mut self, shell: &mut Shell, text: &str) {
        self.session.notify(text, shell.now);
    }

    /// The close button or Alt+F4: a run in play is saved as Esc→Y saves it; a run that has ended
    /// is recorded first.
    fn close(&mut self, shell: &mut Shell) -> Step {
        if self.session.is_replaying() {
            return Step::pop();
        }
        if self.session.game().status() == Status::Playing {
            return if self.save(shell) { Step::pop() } else { Step::Stay };
        }
        if !self.session.card_open() {
            let card = run_end::finish(self.session.game(), &shell.data_dir, false);
            self.session.show_card(card, shell.now);
        }
        Step::pop()
    }

    fn keep(&mut self, shell: &mut Shell) -> Option<&'static str> {
        let session = &self.session;
        if session.game().status() != Status::Playing || session.is_replaying() {
            return None;
        }
        self.settle_keeper();
        Some(match run_save::save(&shell.data_dir, self.session.game()) {
            Ok(_) => "; the run was saved",
            Err(_) => "; the run could not be saved",
        })
    }

    fn leave(&mut self, shell: &mut Shell) {
        self.write_recording(shell);
    }
}

/// With the player's yes, moves the waiting save out of the way (never deletes it).
fn set_save_aside(shell: &Shell, abandon: bool) -> Result<(), String> {
    let path = run_save::path(&shell.data_dir);
    if abandon && writer::exists(&path) {
        let moved = files::move_aside(&path, "set-aside")?;
        println!("The saved run was set aside as {}.", moved.display());
    }
    Ok(())
}

/// A new run of today's daily seed (from `--daily`, the title's entry or a typed seed) is the day's
/// one attempt (a practice run of that seed is not): refused when it was made already.
fn begin_daily(shell: &Shell, seed: u64, practice: bool) -> Result<(), String> {
    match super::daily::is_todays(seed) {
        Some(date) if !practice => super::daily::begin(&shell.data_dir, &date),
        _ => Ok(()),
    }
}

/// A run from the title's menu: depth 1 at `seed`, the waiting save set aside if `abandon`.
pub fn new_run(shell: &Shell, seed: u64, abandon: bool) -> Result<RunScreen, String> {
    begin_daily(shell, seed, false)?;
    set_save_aside(shell, abandon)?;
    let mut run = RunScreen::of_game(shell, Game::new(seed));
    run.session.announce_seed(seed, shell.now);
    Ok(run)
}

/// The run the command line describes (`--seed`, `--depth`, `--sanity`, `--record`).
pub fn command_line_run(
    shell: &Shell,
    opts: &Options,
    seed: u64,
    abandon: bool,
) -> Result<RunScreen, String> {
    begin_daily(shell, seed, opts.depth > 1 || opts.sanity.is_some())?;
    set_save_aside(shell, abandon)?;
    let mut game = Game::start_run(seed, opts.depth);
    if let Some(percent) = opts.sanity {
        game = game.with_sanity_percent(percent);
    }
    let mut run = RunScreen::of_game(shell, game);
    run.session.announce_seed(seed, shell.now);
    Ok(match &opts.record {
        Some(path) => run.record_into(path.clone(), Recording::new(seed, opts.depth)),
        None => run,
    })
}

/// A seed for runs started without `--seed`: the only place the app reads the clock for the game.
pub fn random_seed() -> u64 {
    use crate::app::clock::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    // Spread consecutive start times over the whole seed space.
    nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::persist::settings::Settings;
    use crate::app::shell::screen::Note;
    use winit::keyboard::KeyCode;

    fn press(screen: &mut RunScreen, shell: &mut Shell, code: KeyCode) -> Step {
        screen.key(shell, KeyPress { code, alt: false, ctrl: false })
    }

    /// A play-tester answered "Save and return to the title?" and expected the title, not the
    /// desktop: Y saves the run and leaves it for the screen beneath, with a note to show there.
    #[test]
    fn esc_then_y_saves_the_run_and_leaves_it_for_the_title() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-run-screen-{}", std::process::id()));
        let mut shell = Shell::new(Settings::default(), dir.clone(), crate::audio::Output::Silent);
        let mut screen = RunScreen::of_game(&shell, Game::new(5));
        assert!(matches!(press(&mut screen, &mut shell, KeyCode::Escape), Step::Stay));
        let step = press(&mut screen, &mut shell, KeyCode::KeyY);
        let Step::Pop(Some(back)) = step else { panic!("Y should leave the run for the title") };
        let note = back.downcast_ref::<Note>().expect("a note for the title");
        assert!(note.0.contains("Continue"), "{}", note.0);
        assert!(run_save::path(&dir).is_file(), "the run was saved");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A play-tester's `kill` lost the turns since the last save, then written every 25 turns:
    /// every action is now on disk as soon as the writer thread gets to it (dropping the screen
    /// waits for it).
    #[test]
    fn every_action_is_saved_without_waiting_for_a_safe_point() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-run-every-turn-{}", std::process::id()));
        let mut shell = Shell::new(Settings::default(), dir.clone(), crate::audio::Output::Silent);
        let saved_turn = |dir: &std::path::Path| {
            let text = std::fs::read_to_string(run_save::path(dir)).expect("the run is on disk");
            crate::game::save::run_from_str(&text).expect("a save").turn()
        };
        for turns in 1..=3 {
            let mut screen = RunScreen::of_game(&shell, Game::new(5));
            for _ in 0..turns {
                screen.update(&mut shell);
                press(&mut screen, &mut shell, KeyCode::KeyC);
                shell.now += 5.0;
            }
            screen.update(&mut shell);
            assert_eq!(screen.session.game().turn(), turns, "C waits a turn");
            drop(screen);
            assert_eq!(saved_turn(&dir), turns, "the last action is kept");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
