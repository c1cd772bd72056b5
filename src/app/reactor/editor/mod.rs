//! The reactor level editor (issue 14): the level being edited as a `Document` (pure state), its
//! board drawn by the engine's board pass with the seed's layer opacities, and egui's widgets
//! painted over it in the same frame. The rules room never sees egui; only this folder names it
//! (and `painter` alone names egui-wgpu).
//!
//! One `EditorScreen::frame` per displayed frame runs the widgets over the frame's input (the
//! window's, or a synthetic one headless) and keeps what to paint; `draw` renders board + widgets
//! into any target, the window's surface or an offscreen texture.

pub mod badges;
pub mod document;
pub mod files;
pub mod headless;
pub mod keys;
pub mod opacity;
pub mod painter;
pub mod scene;
pub mod stacked;
pub mod ui;
pub mod window;

use crate::app::keys::Bindings;
use crate::app::shell::keys::ShellKey;
use crate::render::{Frame, Gpu, Renderer, View};
use crate::scene::Scene;
use document::{Document, Outcome};
use keys::EditorInput;
use painter::{Painted, Painter, Textures};

/// The editor as the shell shows it: the document, egui's context and widget state, the board's
/// scene and where the last frame laid the board out.
pub struct EditorScreen {
    pub doc: Document,
    pub ctx: egui::Context,
    widgets: ui::Widgets,
    bindings: Bindings,
    scene: Scene,
    /// The document revision the scene was built from, and the scenes built so far (the stamp).
    scene_rev: Option<u64>,
    scenes: u64,
    layout: ui::Layout,
    primitives: Vec<egui::ClippedPrimitive>,
    /// Texture changes since the window's painter last painted, and the whole current state (the
    /// font atlas arrives in the first pass only).
    textures: Textures,
    pixels_per_point: f32,
}

impl EditorScreen {
    pub fn new(doc: Document, bindings: &Bindings) -> EditorScreen {
        let ctx = egui::Context::default();
        let widgets = ui::Widgets {
            badges: badges::Badges::new(badges::badge_dirs()),
            help_open: false,
            help: keys::describe(bindings),
            status_hint: status_hint(bindings),
        };
        let scene = scene::board_scene(&doc.editor, 1);
        let scene_rev = Some(doc.revision);
        EditorScreen {
            doc,
            ctx,
            widgets,
            bindings: bindings.clone(),
            scene,
            scene_rev,
            scenes: 1,
            layout: ui::Layout::default(),
            primitives: Vec::new(),
            textures: Textures::default(),
            pixels_per_point: 1.0,
        }
    }

    /// One pass of the widgets over `input`; returns what the shell must do and egui's platform
    /// output (cursor shape, copied text) for the window.
    pub fn frame(&mut self, input: egui::RawInput) -> (Outcome, egui::PlatformOutput) {
        let mut outcome = Outcome::None;
        let (doc, widgets) = (&mut self.doc, &mut self.widgets);
        let mut layout = self.layout;
        let output = self.ctx.run_ui(input, |ui| {
            let (o, l) = ui::show(ui, doc, widgets);
            layout = l;
            if o != Outcome::None {
                outcome = o;
            }
        });
        self.layout = layout;
        let platform = output.platform_output;
        self.pixels_per_point = output.pixels_per_point;
        self.primitives = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        self.textures.take(output.textures_delta);
        (outcome, platform)
    }

    /// A key of the table (the window's, when no text field has the keyboard).
    pub fn command(&mut self, command: EditorInput) -> Outcome {
        match command {
            EditorInput::Edit(key) => self.doc.key(key),
            EditorInput::Shell(ShellKey::Help) => {
                self.widgets.help_open = !self.widgets.help_open;
                Outcome::None
            }
            _ => Outcome::None,
        }
    }

    pub fn bindings(&self) -> &Bindings {
        &self.bindings
    }

    /// Rebuilds the board's scene when the document changed; true when it did.
    pub fn refresh_scene(&mut self) -> bool {
        if self.scene_rev == Some(self.doc.revision) {
            return false;
        }
        self.scenes += 1;
        self.scene = scene::board_scene(&self.doc.editor, self.scenes);
        self.scene_rev = Some(self.doc.revision);
        true
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Where the last frame laid the board out, in target pixels.
    pub fn board_area(&self) -> [f32; 4] {
        self.layout.board_area
    }

    /// Draws the board (uploading its scene when `upload`) and the last pass's widgets over it
    /// into `target`, then submits. `fresh`: the painter has never painted this screen, so it
    /// starts from the whole texture state (the window's painter gets only the changes).
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        gpu: &Gpu,
        renderer: &mut Renderer,
        painter: &mut Painter,
        target: &wgpu::TextureView,
        (width, height): (u32, u32),
        time: f32,
        upload: bool,
        fresh: bool,
    ) {
        if upload {
            renderer.upload_scene(gpu, &self.scene);
        }
        renderer.set_board_area(Some(self.layout.board_area));
        let t = &self.textures;
        let painted = Painted {
            primitives: &self.primitives,
            set: if fresh { &t.state } else { &t.pending },
            free: if fresh { &[] } else { &t.pending_free },
            pixels_per_point: self.pixels_per_point,
        };
        let frame = Frame::calm(View::of_scene(&self.scene, time));
        renderer.draw_frame_then(gpu, target, width, height, &frame, &mut |gpu, encoder, view, size| {
            painter.paint(gpu, encoder, view, size, &painted);
        });
        if !fresh {
            self.textures.pending.clear();
            self.textures.pending_free.clear();
        }
    }
}

/// The status line's key hint, from the key table's first keys.
pub fn status_hint(b: &Bindings) -> String {
    let k = |n: &str| b.first_key(keys::row(n));
    format!(
        "Click/drag: apply   right click / {}: cycle   arrows + {}: cursor and apply   {} or 1-4: layer   {}-{}: tools   {} undo   {} redo   {} save   {} play   {} help",
        k("editor_cycle"),
        k("editor_apply"),
        k("editor_next_layer"),
        k("editor_tool_1"),
        k("editor_tool_20"),
        k("editor_undo"),
        k("editor_redo"),
        k("editor_save"),
        k("editor_play"),
        k("help"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::Balance;
    use keys::EditorKey;

    const SIZE: (u32, u32) = (1280, 720);

    fn key(key: egui::Key) -> Vec<egui::Event> {
        [true, false]
            .map(|pressed| egui::Event::Key {
                key,
                physical_key: Some(key),
                pressed,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
            .to_vec()
    }

    /// One frame of the widgets over `events`; its outcome.
    fn pass(screen: &mut EditorScreen, events: Vec<egui::Event>) -> Outcome {
        screen.frame(headless::input(SIZE.0, SIZE.1, events)).0
    }

    /// The settled screen of a blank level with the keyboard given to the field `id`.
    fn focused(id: egui::Id) -> EditorScreen {
        let mut screen = headless::settled(Document::blank(&Balance::normal()), SIZE);
        screen.ctx.memory_mut(|m| m.request_focus(id));
        pass(&mut screen, Vec::new());
        assert!(screen.ctx.egui_wants_keyboard_input(), "the field has the keyboard");
        screen
    }

    #[test]
    fn esc_in_a_text_field_leaves_the_field_and_the_next_esc_leaves_the_editor() {
        let mut screen = focused(egui::Id::unique(ui::PATH_FIELD));
        pass(&mut screen, vec![egui::Event::Text("lvl.json".into())]);
        assert_eq!(screen.doc.path_field, "lvl.json", "typing goes to the field");
        // The window hands keys to egui while a field has the keyboard: this Esc only drops it.
        assert_eq!(pass(&mut screen, key(egui::Key::Escape)), Outcome::None);
        assert!(!screen.ctx.egui_wants_keyboard_input(), "the field let the keyboard go");
        assert_eq!(screen.doc.question, None);
        // Now keys go to the key table again, where Esc leaves (nothing is unsaved).
        assert_eq!(screen.command(EditorInput::Edit(EditorKey::Leave)), Outcome::Quit);
    }

    #[test]
    fn regression_esc_in_a_metadata_field_drops_the_half_typed_text() {
        let mut screen = focused(ui::metadata_field("Id"));
        pass(&mut screen, vec![egui::Event::Text("-draft".into())]);
        pass(&mut screen, key(egui::Key::Escape));
        assert!(!screen.ctx.egui_wants_keyboard_input());
        pass(&mut screen, Vec::new());
        assert_eq!(screen.doc.editor.level().id, "custom-level", "Esc applied the draft");
        assert!(!screen.doc.editor.can_undo(), "and left no undo step");
        // Enter hands the text over, so the field does edit the id.
        screen.ctx.memory_mut(|m| m.request_focus(ui::metadata_field("Id")));
        pass(&mut screen, Vec::new());
        pass(&mut screen, vec![egui::Event::Text("-two".into())]);
        pass(&mut screen, key(egui::Key::Enter));
        pass(&mut screen, Vec::new());
        assert!(screen.doc.editor.level().id.contains("-two"), "{}", screen.doc.editor.level().id);
        assert!(!screen.doc.editor.level().id.contains("-draft"), "{}", screen.doc.editor.level().id);
    }
}
