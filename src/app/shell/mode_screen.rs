//! Any game's [`Mode`] as a screen on the stack, with no front of its own: a key table maps keys
//! to the game's commands, each command is one step (report, scene), and Esc leaves. A new game
//! plays in the window with this and a key table; a front replaces it when the game needs more
//! (animation, overlays, records).

use super::screen::{KeyPress, Screen, Shell, Step};
use crate::mode::Mode;
use crate::render::{Frame, View};
use crate::scene::Scene;
use winit::keyboard::KeyCode;

/// Which of a game's commands a key asks for (`None`: the key means nothing to it).
pub type KeyTable<C> = fn(KeyCode) -> Option<C>;

pub struct ModeScreen<M: Mode> {
    mode: M,
    keys: KeyTable<M::Command>,
    scene: Scene,
}

impl<M: Mode> ModeScreen<M> {
    pub fn new(mut mode: M, keys: KeyTable<M::Command>) -> ModeScreen<M> {
        let scene = mode.scene(None);
        ModeScreen { mode, keys, scene }
    }

    pub fn mode(&self) -> &M {
        &self.mode
    }
}

impl<M: Mode> Screen for ModeScreen<M> {
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step {
        if key.code == KeyCode::Escape {
            return Step::pop();
        }
        let Some(command) = (self.keys)(key.code) else { return Step::Stay };
        if self.mode.is_over() {
            return Step::Stay;
        }
        let report = self.mode.act(command);
        self.scene = self.mode.scene(Some(&report));
        shell.scene_changed();
        Step::Stay
    }

    fn scene(&self) -> &Scene {
        &self.scene
    }

    fn frame(&self, shell: &Shell, _height: u32) -> Frame {
        Frame::calm(View::of_scene(&self.scene, shell.now as f32))
    }
}
