//! What a screen is to the shell: one trait for every screen of every game (keys, the pointer,
//! time, the scene and frame to draw, closing), the transitions between screens, and what every
//! screen may use from the shell.

use crate::app::persist::settings::Settings;
use crate::audio;
use crate::grid::Pos;
use crate::render::board::BoardCamera;
use crate::render::{Frame, Gpu, Renderer};
use crate::scene::Scene;
use std::any::Any;
use std::path::PathBuf;
use winit::event::WindowEvent;
use winit::keyboard::KeyCode;
use winit::window::Window;

/// A key pressed (never a repeat), with the modifiers that change its meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    pub code: KeyCode,
    pub alt: bool,
    pub ctrl: bool,
}

impl KeyPress {
    pub fn plain(code: KeyCode) -> KeyPress {
        KeyPress { code, alt: false, ctrl: false }
    }
}

/// The pointer as a screen sees it: the board's cell under it is worked out by the shell, which
/// knows where the renderer put the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    Moved { board_cell: Option<Pos> },
    Wheel { up: bool },
    Click,
}

/// What the shell does itself, whichever screen asks: these keys mean the same on every screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellCommand {
    Screenshot,
    ToggleFullscreen,
    ToggleMute,
}

/// What becomes of the stack after a screen has handled something.
pub enum Step {
    Stay,
    /// Show this screen over the current one (which waits beneath, as the editor waits for the
    /// level it plays).
    Push(Box<dyn Screen>),
    /// Leave this screen for the one beneath, handing it what it should know (a [`Note`], or a
    /// front's own token such as the place to put its cursor).
    Pop(Option<Box<dyn Any>>),
    /// Replace this screen (the next level after a win).
    Switch(Box<dyn Screen>),
    /// End the program: every screen on the stack is left first.
    Exit,
    Shell(ShellCommand),
}

impl Step {
    pub fn pop() -> Step {
        Step::Pop(None)
    }

    /// Back to the screen beneath, which shows `text` (a level that could not be opened).
    pub fn pop_with_note(text: impl Into<String>) -> Step {
        Step::Pop(Some(Box::new(Note(text.into()))))
    }
}

/// A line for the screen beneath to show when it comes back.
pub struct Note(pub String);

/// A key left for the key table by a screen's own widgets, or what became of a raw window event.
pub enum Raw {
    /// The screen does not read raw events: the shell handles this one as usual.
    NotMine,
    /// The screen's widgets took it.
    Taken,
    /// A key press the widgets left for the key table.
    Key(KeyCode),
}

/// What every screen may use: the settings, the data folder, the sound, the clock and the keys
/// held. Screens tell the shell through it that their scene or the settings changed.
pub struct Shell {
    pub settings: Settings,
    pub data_dir: PathBuf,
    pub audio: audio::Output,
    /// Seconds since the window's first frame.
    pub now: f64,
    /// Keys held down, oldest first.
    pub held: Vec<KeyCode>,
    /// `--reduced-effects` on the command line (the settings may ask for it too).
    pub reduced_flag: bool,
    /// What the settings file's load had to say, for the first screen that shows notes.
    pub startup_note: Option<String>,
    /// What ends the program with a failure once it closes (a recording that could not be written).
    pub error: Option<String>,
    scene_dirty: bool,
    settings_dirty: bool,
}

impl Shell {
    pub fn new(settings: Settings, data_dir: PathBuf, audio: audio::Output) -> Shell {
        Shell {
            settings,
            data_dir,
            audio,
            now: 0.0,
            held: Vec::new(),
            reduced_flag: false,
            error: None,
            startup_note: None,
            scene_dirty: true,
            settings_dirty: false,
        }
    }

    pub fn reduced_effects(&self) -> bool {
        self.reduced_flag || self.settings.reduced_effects
    }

    /// The program will end with `message` (the first one said) instead of success.
    pub fn fail(&mut self, message: String) {
        self.error.get_or_insert(message);
    }

    /// The top screen's scene changed: it is uploaded before the next frame.
    pub fn scene_changed(&mut self) {
        self.scene_dirty = true;
    }

    pub fn take_scene_changed(&mut self) -> bool {
        std::mem::take(&mut self.scene_dirty)
    }

    /// `settings` were changed by a screen: the shell saves and applies them.
    pub fn settings_changed(&mut self) {
        self.settings_dirty = true;
    }

    pub fn take_settings_changed(&mut self) -> bool {
        std::mem::take(&mut self.settings_dirty)
    }
}

/// Where a screen draws itself this frame.
pub struct Canvas<'a> {
    pub window: &'a Window,
    pub gpu: &'a Gpu,
    pub renderer: &'a mut Renderer,
    pub format: wgpu::TextureFormat,
    pub target: &'a wgpu::TextureView,
    pub size: (u32, u32),
}

/// One screen of one game (or the title). Every method but the scene and the frame has a default
/// that does nothing, so a screen says only what it does.
pub trait Screen {
    /// A key pressed, after the shell's own keys (screenshot, fullscreen, mute) were taken.
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step;

    /// A window event before the shell reads it, for screens with widgets of their own (egui).
    fn raw_event(&mut self, window: &Window, event: &WindowEvent, ctrl: bool) -> Raw {
        let _ = (window, event, ctrl);
        Raw::NotMine
    }

    fn pointer(&mut self, shell: &mut Shell, pointer: Pointer) -> Step {
        let _ = (shell, pointer);
        Step::Stay
    }

    /// Time passes (once a frame, before it is drawn).
    fn update(&mut self, shell: &mut Shell) -> Step {
        let _ = shell;
        Step::Stay
    }

    /// The scene the renderer draws (uploaded when the screen says it changed).
    fn scene(&self) -> &Scene;

    /// Everything besides the scene the renderer needs for this frame.
    fn frame(&self, shell: &Shell, height: u32) -> Frame;

    /// Where the board's camera looks, for screens that show a board.
    fn board_camera(&self) -> Option<BoardCamera> {
        None
    }

    /// Draws the frame into `canvas`; screens with widgets of their own draw them too.
    fn draw(&mut self, shell: &mut Shell, canvas: Canvas<'_>) -> Step {
        let frame = self.frame(shell, canvas.size.1);
        canvas.renderer.draw_frame(canvas.gpu, canvas.target, canvas.size.0, canvas.size.1, &frame);
        Step::Stay
    }

    /// The screen as a picture, for screens the renderer alone cannot draw (`None`: the shell
    /// draws the scene and frame offscreen), and the start of its file's name.
    fn screenshot(&mut self, gpu: &Gpu, size: (u32, u32)) -> Option<(Vec<u8>, &'static str)> {
        let _ = (gpu, size);
        None
    }

    /// Shows a line from the shell (a screenshot saved, the sound turned off).
    fn say(&mut self, shell: &mut Shell, text: &str) {
        let _ = (shell, text);
    }

    /// The shell changed the settings (the mute key): a screen that shows them updates.
    fn settings_changed(&mut self, settings: &Settings) {
        let _ = settings;
    }

    /// The window's close button: `Pop` leaves this screen and asks the one beneath, `Stay` keeps
    /// the window open (a question was asked), `Exit` ends the program at once.
    fn close(&mut self, shell: &mut Shell) -> Step {
        let _ = shell;
        Step::pop()
    }

    /// The window is gone: keep what would be lost. Returns the end of the sentence that says so
    /// ("; the run was saved"), if there is one to say.
    fn keep(&mut self, shell: &mut Shell) -> Option<&'static str> {
        let _ = shell;
        None
    }

    /// The screen leaves the stack (popped, replaced, or the program ends): write what it owes.
    fn leave(&mut self, shell: &mut Shell) {
        let _ = shell;
    }

    /// The screen is on top again after the one above it left, with what that one handed back.
    fn resumed(&mut self, shell: &mut Shell, back: Option<Box<dyn Any>>) {
        let _ = (shell, back);
    }

    /// The screen has just come to the top (pushed, switched in, or resumed).
    fn entered(&mut self, shell: &mut Shell) {
        let _ = shell;
    }
}
