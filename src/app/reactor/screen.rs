//! A reactor level on the screen stack: keys, the mouse's cell and time into the session, the
//! level's progress kept when it is left, and its solution written for `--record`.

use super::keys::ReactorKey;
use super::play;
use super::session::{ReactorSession, Request};
use crate::app::persist::writer;
use crate::app::shell::screen::{KeyPress, Pointer, Screen, Shell, ShellCommand, Step};
use crate::app::shell::stack::HomeFn;
use crate::app::shell::window::{Opening, WindowOptions};
use crate::render::board::BoardCamera;
use crate::render::{Effects, Frame, View};
use crate::scene::Scene;
use std::path::PathBuf;

pub struct LevelScreen {
    pub session: ReactorSession,
    /// Where the played actions go as a solution file when the level is left (`--record`).
    record_to: Option<PathBuf>,
}

/// Where leaving a campaign level puts the cursor on the campaign's page: that level's place.
pub struct CampaignPlace(pub usize);

impl LevelScreen {
    pub fn new(session: ReactorSession) -> LevelScreen {
        LevelScreen { session, record_to: None }
    }

    /// Writes the actions played into `path` as a solution when the level is left.
    pub fn record_into(mut self, path: Option<PathBuf>) -> LevelScreen {
        self.record_to = path;
        self
    }

    /// Shipped level `index`, where it was left if it was left in progress.
    pub fn shipped(shell: &Shell, index: usize) -> Option<LevelScreen> {
        let (level, set_aside) = play::shipped(index, &shell.data_dir)?;
        let mut session = play::session(level, &shell.settings, &shell.data_dir);
        if let Some(start) = play::shipped_start(index) {
            session.mode.game.set_start(start);
        }
        if let Some(note) = set_aside {
            session.say(note);
        }
        Some(LevelScreen::new(session))
    }

    fn request(&mut self, shell: &mut Shell, request: Request) -> Step {
        match request {
            Request::None => Step::Stay,
            Request::EndRun => {
                // A campaign level is left for the campaign's page, with the cursor on it.
                let place = play::campaign_place(&self.session.mode).map(CampaignPlace);
                Step::Pop(place.map(|p| Box::new(p) as Box<dyn std::any::Any>))
            }
            Request::OpenReactorLevel(index) => match LevelScreen::shipped(shell, index) {
                Some(next) => Step::Switch(Box::new(next)),
                None => Step::pop_with_note("That reactor level could not be loaded."),
            },
            Request::Screenshot => Step::Shell(ShellCommand::Screenshot),
            Request::ToggleMute => Step::Shell(ShellCommand::ToggleMute),
            Request::ToggleFullscreen => Step::Shell(ShellCommand::ToggleFullscreen),
        }
    }

    fn write_solution(&mut self) {
        let Some(path) = self.record_to.take() else { return };
        let text = crate::reactor::solution::to_text(self.session.mode.game.initial(), &self.session.played);
        match writer::write_text(&path, &text) {
            Ok(()) => println!("Solution written to {}.", path.display()),
            Err(message) => eprintln!("hollowdeep: {message}"),
        }
    }
}

impl Screen for LevelScreen {
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step {
        let request = self.session.key(key.code, key.alt, shell.now);
        self.request(shell, request)
    }

    fn pointer(&mut self, shell: &mut Shell, pointer: Pointer) -> Step {
        match pointer {
            // The mouse over the board inspects the cell under it.
            Pointer::Moved { board_cell } => self.session.hover(board_cell),
            Pointer::Wheel { up } => {
                let key = if up { ReactorKey::ZoomIn } else { ReactorKey::ZoomOut };
                let request = self.session.command(key, shell.now);
                return self.request(shell, request);
            }
            Pointer::Click => self.session.click(shell.now),
        }
        Step::Stay
    }

    fn update(&mut self, shell: &mut Shell) -> Step {
        if self.session.update(shell.now) {
            shell.scene_changed();
        }
        shell.audio.send_all(self.session.take_mix_commands());
        Step::Stay
    }

    fn scene(&self) -> &Scene {
        self.session.scene()
    }

    fn frame(&self, shell: &Shell, _height: u32) -> Frame {
        Frame {
            view: View::of_scene(self.session.scene(), shell.now as f32),
            // Reduced effects slows the board's arcs as it caps the crawler's flashes.
            effects: Effects { reduced: shell.reduced_effects(), ..Effects::default() },
            ui: self.session.ui(),
        }
    }

    fn board_camera(&self) -> Option<BoardCamera> {
        Some(self.session.board_camera())
    }

    fn say(&mut self, _shell: &mut Shell, text: &str) {
        self.session.say(text.to_string());
    }

    fn keep(&mut self, shell: &mut Shell) -> Option<&'static str> {
        play::save_progress(&self.session.mode, &shell.data_dir);
        None
    }

    fn leave(&mut self, shell: &mut Shell) {
        play::save_progress(&self.session.mode, &shell.data_dir);
        self.write_solution();
    }
}

/// `hollowdeep reactor [LEVEL.json]`: the window opened on that level (replaying `replay` when it
/// is not empty), or on the title when no level is named.
pub fn window(
    level: Option<crate::reactor::Level>,
    replay: Vec<crate::reactor::script::Action>,
    record: Option<PathBuf>,
    options: WindowOptions,
    home: HomeFn,
) -> Result<(), String> {
    let opening: Opening = Box::new(move |shell| {
        let Some(level) = level else { return Ok(vec![home(shell)]) };
        let mut session = play::session(level, &shell.settings, &shell.data_dir);
        session.replay(replay);
        Ok(vec![Box::new(LevelScreen::new(session).record_into(record)) as Box<dyn Screen>])
    });
    crate::app::shell::window::run(options, opening, Some(Box::new(home)))
}
