//! Any game's [`Mode`] as a screen on the stack, with no front of its own: the game's key rows
//! map keys to its commands (through the player's bindings), each command is one step (report,
//! scene), and Esc leaves. A new game
//! plays in the window with this and a key table; a front replaces it when the game needs more
//! (animation, overlays, records).

use super::screen::{KeyPress, Screen, Shell, Step};
use crate::app::keys::{Context, Row};
use crate::mode::Mode;
use crate::render::{Frame, View};
use crate::scene::Scene;
use winit::keyboard::KeyCode;

pub struct ModeScreen<M: Mode> {
    mode: M,
    keys: &'static [Row<M::Command>],
    /// Every context the rows name: a screen with no front of its own has no overlays to switch
    /// them, so all are live.
    contexts: Vec<Context>,
    scene: Scene,
}

impl<M: Mode> ModeScreen<M> {
    pub fn new(mut mode: M, keys: &'static [Row<M::Command>]) -> ModeScreen<M> {
        let scene = mode.scene(None);
        let mut contexts: Vec<Context> = Vec::new();
        for row in keys {
            if !contexts.contains(&row.info.context) {
                contexts.push(row.info.context);
            }
        }
        ModeScreen { mode, keys, contexts, scene }
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
        let Some(command) = shell.settings.bindings.command(self.keys, key.code, key.alt, &self.contexts)
        else {
            return Step::Stay;
        };
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
