//! Screens on a stack: the top one gets the keys, the pointer and the time, and says what becomes
//! of the stack. No window here, so a game's screens can be played through the stack by tests.

use super::keys::{ShellKey, GLOBAL, ROWS};
use super::screen::{KeyPress, Pointer, Screen, Shell, ShellCommand, Step};
use std::any::Any;

/// Builds the screen the stack falls back to when its last screen leaves (the title).
pub type Home = Box<dyn Fn(&mut Shell) -> Box<dyn Screen>>;

/// A home builder that needs nothing captured: how a game's command line is handed the title.
pub type HomeFn = fn(&mut Shell) -> Box<dyn Screen>;

pub struct Stack {
    screens: Vec<Box<dyn Screen>>,
    /// `None`: the program ends when the last screen leaves.
    home: Option<Home>,
    ended: bool,
    /// The top screen changed since the last `take_top_changed`.
    top_changed: bool,
    /// A screen's request to end the program leaves every screen and opens home instead: a
    /// browser's page cannot end, and a stopped loop froze it on its last frame.
    exit_goes_home: bool,
}

impl Stack {
    /// The stack over `first` (bottom first).
    pub fn new(first: Vec<Box<dyn Screen>>, home: Option<Home>) -> Stack {
        let ended = first.is_empty() && home.is_none();
        Stack { screens: first, home, ended, top_changed: true, exit_goes_home: false }
    }

    /// Ending the program (a run's "save and quit", the title's Quit) returns to home instead, as
    /// in a browser, where there is nothing to end to. Without a home the program still ends.
    pub fn exit_goes_home(mut self) -> Stack {
        self.exit_goes_home = true;
        self
    }

    pub fn top(&self) -> Option<&dyn Screen> {
        self.screens.last().map(|s| s.as_ref())
    }

    pub fn top_mut(&mut self) -> Option<&mut (dyn Screen + 'static)> {
        self.screens.last_mut().map(|s| s.as_mut())
    }

    pub fn depth(&self) -> usize {
        self.screens.len()
    }

    /// True once a screen asked to end the program, or the last one left with no home to go to.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Whether another screen came to the top since the last call (its scene must be uploaded,
    /// and the keys held for the last one forgotten).
    pub fn take_top_changed(&mut self) -> bool {
        std::mem::take(&mut self.top_changed)
    }

    /// The first screen's `entered`, once the shell is ready.
    pub fn start(&mut self, shell: &mut Shell) {
        if self.screens.is_empty() {
            self.fall_back_home(shell, None);
        } else if let Some(top) = self.top_mut() {
            top.entered(shell);
        }
    }

    /// A key press: the shell's own keys first (the same on every screen), then the top screen's.
    pub fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Option<ShellCommand> {
        if !key.ctrl {
            let global = shell.settings.bindings.command(ROWS, key.code, key.alt, &[GLOBAL]);
            let command = match global {
                Some(ShellKey::Screenshot) => Some(ShellCommand::Screenshot),
                Some(ShellKey::Fullscreen) => Some(ShellCommand::ToggleFullscreen),
                Some(ShellKey::Mute) => Some(ShellCommand::ToggleMute),
                _ => None,
            };
            if command.is_some() {
                return command;
            }
        }
        let step = self.top_mut()?.key(shell, key);
        self.apply(shell, step)
    }

    pub fn pointer(&mut self, shell: &mut Shell, pointer: Pointer) -> Option<ShellCommand> {
        let step = self.top_mut()?.pointer(shell, pointer);
        self.apply(shell, step)
    }

    pub fn update(&mut self, shell: &mut Shell) -> Option<ShellCommand> {
        let step = self.top_mut()?.update(shell);
        self.apply(shell, step)
    }

    /// Does what a screen's step asks; returns what only the window can do.
    pub fn apply(&mut self, shell: &mut Shell, step: Step) -> Option<ShellCommand> {
        match step {
            Step::Stay => {}
            Step::Push(screen) => self.push(shell, screen),
            Step::Switch(screen) => {
                self.pop_top(shell);
                self.push(shell, screen);
            }
            Step::Pop(back) => {
                self.pop_top(shell);
                match self.screens.last_mut() {
                    Some(top) => {
                        top.resumed(shell, back);
                        top.entered(shell);
                    }
                    None => self.fall_back_home(shell, back),
                }
            }
            Step::Exit => {
                self.end(shell);
                if self.exit_goes_home && self.home.is_some() {
                    self.ended = false;
                    self.fall_back_home(shell, None);
                }
            }
            Step::Shell(command) => return Some(command),
        }
        None
    }

    /// The window's close button: each screen from the top says whether it may go (and goes) or
    /// keeps the window open; the program ends when none is left.
    pub fn close(&mut self, shell: &mut Shell) -> Option<ShellCommand> {
        while let Some(top) = self.screens.last_mut() {
            match top.close(shell) {
                Step::Pop(_) => self.pop_top(shell),
                Step::Exit => {
                    self.end(shell);
                    return None;
                }
                other => return self.apply(shell, other),
            }
        }
        self.ended = true;
        None
    }

    /// The window is gone: every screen keeps what would be lost, then leaves. Returns the end of
    /// the sentence that says what was kept.
    pub fn lost(&mut self, shell: &mut Shell) -> &'static str {
        let mut said = None;
        for screen in self.screens.iter_mut().rev() {
            let kept = screen.keep(shell);
            said = said.or(kept);
        }
        self.end(shell);
        said.unwrap_or("")
    }

    /// Ends the program: every screen leaves, the top one first.
    pub fn end(&mut self, shell: &mut Shell) {
        while !self.screens.is_empty() {
            self.pop_top(shell);
        }
        self.ended = true;
    }

    fn push(&mut self, shell: &mut Shell, mut screen: Box<dyn Screen>) {
        screen.entered(shell);
        self.screens.push(screen);
        self.top_changed = true;
    }

    fn pop_top(&mut self, shell: &mut Shell) {
        if let Some(mut screen) = self.screens.pop() {
            screen.leave(shell);
            self.top_changed = true;
        }
    }

    fn fall_back_home(&mut self, shell: &mut Shell, back: Option<Box<dyn Any>>) {
        let Some(home) = &self.home else {
            self.ended = true;
            return;
        };
        let mut screen = home(shell);
        screen.resumed(shell, back);
        self.push(shell, screen);
    }
}
