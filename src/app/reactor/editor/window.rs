//! The editor in the real window: winit events to egui (through egui-winit) or, for keys while no
//! text field has the keyboard, to the key table; one widget pass and one draw per redraw.

use super::document::{Outcome, Pending};
use super::painter::Painter;
use super::EditorScreen;
use crate::render::{Gpu, Renderer};
use winit::event::{ElementState, WindowEvent};
use winit::keyboard::PhysicalKey;
use winit::window::Window;

pub struct EditorWindow {
    pub screen: EditorScreen,
    /// Opened with the first redraw (it needs the window).
    state: Option<egui_winit::State>,
    painter: Option<(wgpu::TextureFormat, Painter)>,
    /// The board's scene must be uploaded before the next draw (the screen was just entered).
    pub upload: bool,
    /// Leaving goes back to the title screen (it was opened there), else the program ends.
    pub leave_to_title: bool,
}

/// What a window event means for the shell.
pub enum Routed {
    /// egui took it (or it needs nothing more).
    Taken,
    /// A key press for the key table, with Ctrl held or not.
    Key(winit::keyboard::KeyCode, bool),
}

impl EditorWindow {
    pub fn new(screen: EditorScreen, leave_to_title: bool) -> EditorWindow {
        EditorWindow { screen, state: None, painter: None, upload: true, leave_to_title }
    }

    /// Hands `event` to egui, except key presses while no text field wants the keyboard: those go
    /// to the key table, so Tab, Space and the arrows edit the level instead of moving egui's focus.
    pub fn on_event(&mut self, window: &Window, event: &WindowEvent, ctrl: bool) -> Routed {
        if let WindowEvent::KeyboardInput { event: key, .. } = event {
            if !self.screen.ctx.egui_wants_keyboard_input() {
                if let (ElementState::Pressed, PhysicalKey::Code(code), false) =
                    (key.state, key.physical_key, key.repeat && !held_repeats(code_of(key)))
                {
                    return Routed::Key(code, ctrl);
                }
                return Routed::Taken;
            }
        }
        if let Some(state) = self.state.as_mut() {
            let _ = state.on_window_event(window, event);
        }
        Routed::Taken
    }

    /// The close button: leave, or ask first when changes are unsaved.
    pub fn close_requested(&mut self) -> Outcome {
        self.screen.doc.ask(Pending::Quit)
    }

    /// One widget pass over the window's input, then board and widgets drawn into `target`.
    #[allow(clippy::too_many_arguments)]
    pub fn redraw(
        &mut self,
        window: &Window,
        gpu: &Gpu,
        renderer: &mut Renderer,
        format: wgpu::TextureFormat,
        target: &wgpu::TextureView,
        size: (u32, u32),
        time: f32,
    ) -> Outcome {
        let ctx = self.screen.ctx.clone();
        let state = self.state.get_or_insert_with(|| {
            let side = gpu.device.limits().max_texture_dimension_2d as usize;
            egui_winit::State::new(
                ctx,
                egui::ViewportId::ROOT,
                window,
                Some(window.scale_factor() as f32),
                window.theme(),
                Some(side),
            )
        });
        let input = state.take_egui_input(window);
        let (outcome, platform) = self.screen.frame(input);
        state.handle_platform_output(window, platform);
        let upload = self.screen.refresh_scene() | std::mem::take(&mut self.upload);
        if self.painter.as_ref().is_none_or(|(f, _)| *f != format) {
            self.painter = Some((format, Painter::new(gpu, format)));
        }
        if let Some((_, painter)) = self.painter.as_mut() {
            self.screen.draw(gpu, renderer, painter, target, size, time, upload, false);
        }
        outcome
    }
}

fn code_of(key: &winit::event::KeyEvent) -> Option<winit::keyboard::KeyCode> {
    match key.physical_key {
        PhysicalKey::Code(c) => Some(c),
        PhysicalKey::Unidentified(_) => None,
    }
}

/// Held arrows repeat (the cursor runs on, painting while Space is held); other keys do not.
fn held_repeats(code: Option<winit::keyboard::KeyCode>) -> bool {
    use winit::keyboard::KeyCode as K;
    matches!(code, Some(K::ArrowUp | K::ArrowDown | K::ArrowLeft | K::ArrowRight))
}
