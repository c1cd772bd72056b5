//! The editor's screen in egui: a toolbar on top (file, undo, play, the message line), the layer
//! selector and the tool palette at the left, the inspector, metadata and validation panels at the
//! right, and the board in the middle, which egui leaves transparent so the board pass shows
//! through. One call per frame; it returns what the shell must do.

mod board;
mod issues;
mod meta;
mod palette;
mod question;
pub mod style;
mod toolbar;

pub use meta::metadata_field;
pub use toolbar::PATH_FIELD;

use super::badges::Badges;
use super::document::{Document, Outcome};

/// What a frame of the editor's widgets leaves for the renderer: where the board lies (in pixels
/// of the target) and whether the help window is open.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Layout {
    pub board_area: [f32; 4],
}

/// The editor's widget state that is not the document's: the help window and the badge images.
pub struct Widgets {
    pub badges: Badges,
    pub help_open: bool,
    /// The help window's lines (label, keys), from the key table.
    pub help: Vec<(String, String)>,
    /// The status line when there is no message: the main keys, from the key table.
    pub status_hint: String,
}

/// The status line's height in points.
pub const STATUS_HEIGHT: f32 = 22.0;

/// Lays out the whole screen for one frame.
pub fn show(ui: &mut egui::Ui, doc: &mut Document, w: &mut Widgets) -> (Outcome, Layout) {
    let mut outcome = Outcome::None;
    // Esc while a field has the keyboard leaves the field and does nothing more; the window hands
    // keys to egui only while a field has them, so the next Esc reaches the key table. Dropping the
    // focus before any widget runs holds for every widget, whatever keys it keeps for itself, and
    // lets the field see in this same frame that it was left with Esc (and drop its draft).
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        ui.memory_mut(|m| m.stop_text_input());
    }
    egui::Panel::top("editor-toolbar").show(ui, |ui| {
        outcome = toolbar::show(ui, doc, &mut w.help_open);
    });
    egui::Panel::bottom("editor-status").exact_size(STATUS_HEIGHT).show(ui, |ui| {
        toolbar::status(ui, doc, &w.status_hint);
    });
    egui::Panel::left("editor-palette").resizable(false).exact_size(PALETTE_WIDTH).show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| palette::show(ui, doc, &mut w.badges));
    });
    egui::Panel::right("editor-side").resizable(false).exact_size(330.0).show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            meta::inspector(ui, doc);
            ui.separator();
            meta::metadata(ui, doc);
            ui.separator();
            issues::show(ui, doc);
        });
    });
    let mut layout = Layout::default();
    egui::CentralPanel::no_frame().show(ui, |ui| {
        layout.board_area = board::show(ui, doc);
    });
    let ctx = ui.ctx().clone();
    if let Some(o) = question::show(&ctx, doc) {
        outcome = o;
    }
    if w.help_open {
        question::help(&ctx, &w.help, &mut w.help_open);
    }
    (outcome, layout)
}

/// The palette's width in points: room for a badge, its key and the longest tool name.
pub const PALETTE_WIDTH: f32 = 236.0;
