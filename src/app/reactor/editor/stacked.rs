//! The level editor on the screen stack: its widgets read the window's events first, its keys go
//! through the key table, and "play from here" is a level pushed over it.

use super::document::{Document, Outcome, Tone};
use super::keys::{lookup, EditorInput};
use super::window::{EditorWindow, Routed};
use super::EditorScreen;
use crate::app::reactor::play;
use crate::app::reactor::screen::LevelScreen;
use crate::app::shell::keys::ShellKey;
use crate::app::shell::screen::{Canvas, KeyPress, Raw, Screen, Shell, ShellCommand, Step};
use crate::app::shell::window::{Opening, WindowOptions};
use crate::render::{Frame, Gpu, View};
use crate::scene::Scene;
use std::any::Any;
use winit::event::WindowEvent;
use winit::window::Window;

impl EditorWindow {
    /// A blank level in the editor, opened from the title (leaving it goes back there).
    pub fn blank(shell: &Shell) -> EditorWindow {
        let doc = Document::blank(&crate::reactor::Balance::normal());
        EditorWindow::new(EditorScreen::new(doc, &shell.settings.bindings), true)
    }

    fn outcome(&mut self, shell: &Shell, outcome: Outcome) -> Step {
        match outcome {
            Outcome::None => Step::Stay,
            Outcome::Play(level) => {
                let session = play::editor_session(*level, &shell.settings);
                Step::Push(Box::new(LevelScreen::new(session)))
            }
            Outcome::Quit if self.leave_to_title => Step::pop(),
            Outcome::Quit => Step::Exit,
        }
    }
}

impl Screen for EditorWindow {
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step {
        match lookup(&shell.settings.bindings, key.code, key.alt, key.ctrl) {
            None => Step::Stay,
            Some(EditorInput::Shell(ShellKey::Screenshot)) => Step::Shell(ShellCommand::Screenshot),
            Some(EditorInput::Shell(ShellKey::Fullscreen)) => Step::Shell(ShellCommand::ToggleFullscreen),
            Some(EditorInput::Shell(ShellKey::Mute)) => Step::Shell(ShellCommand::ToggleMute),
            Some(command) => {
                let outcome = self.screen.command(command);
                self.outcome(shell, outcome)
            }
        }
    }

    fn raw_event(&mut self, window: &Window, event: &WindowEvent, ctrl: bool) -> Raw {
        if matches!(event, WindowEvent::RedrawRequested | WindowEvent::CloseRequested) {
            return Raw::NotMine;
        }
        match self.on_event(window, event, ctrl) {
            Routed::Key(code, _) => Raw::Key(code),
            Routed::Taken => Raw::Taken,
        }
    }

    fn scene(&self) -> &Scene {
        self.screen.scene()
    }

    fn frame(&self, shell: &Shell, _height: u32) -> Frame {
        Frame::calm(View::of_scene(self.screen.scene(), shell.now as f32))
    }

    fn draw(&mut self, shell: &mut Shell, canvas: Canvas<'_>) -> Step {
        let outcome = self.redraw(
            canvas.window,
            canvas.gpu,
            canvas.renderer,
            canvas.format,
            canvas.target,
            canvas.size,
            shell.now as f32,
        );
        self.outcome(shell, outcome)
    }

    fn screenshot(&mut self, gpu: &Gpu, size: (u32, u32)) -> Option<(Vec<u8>, &'static str)> {
        Some((super::headless::render(gpu, &mut self.screen, size), "hollowdeep-editor"))
    }

    fn say(&mut self, _shell: &mut Shell, text: &str) {
        self.screen.doc.say(text.to_string(), Tone::Info);
    }

    /// The close button: leave, or ask first when changes are unsaved.
    fn close(&mut self, shell: &mut Shell) -> Step {
        let outcome = self.close_requested();
        self.outcome(shell, outcome)
    }

    fn keep(&mut self, _shell: &mut Shell) -> Option<&'static str> {
        match self.screen.doc.save_recovery() {
            Some(Ok(path)) => eprintln!("hollowdeep: the unsaved level was kept as {}.", path.display()),
            Some(Err(message)) => eprintln!("hollowdeep: {message}"),
            None => {}
        }
        None
    }

    fn resumed(&mut self, _shell: &mut Shell, _back: Option<Box<dyn Any>>) {
        // Back from the level it played: its board is drawn again.
        self.upload = true;
    }
}

/// `hollowdeep reactor --edit [LEVEL.json]`: the window opened on the editor; leaving it ends the
/// program.
pub fn window(doc: Document, options: WindowOptions) -> Result<(), String> {
    let opening: Opening = Box::new(move |shell| {
        let screen = EditorScreen::new(doc, &shell.settings.bindings);
        Ok(vec![Box::new(EditorWindow::new(screen, false)) as Box<dyn Screen>])
    });
    crate::app::shell::window::run(options, opening, None)
}
