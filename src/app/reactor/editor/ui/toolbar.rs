//! The toolbar: the file's path field, New / Load / Save / Save as, Undo / Redo, Play from here,
//! help, and the message line.

use super::super::document::{Document, Outcome, Tone};

/// The path field's egui id source (fixed, so the keyboard focus can be found and given to it).
pub const PATH_FIELD: &str = "editor-path-field";

pub fn show(ui: &mut egui::Ui, doc: &mut Document, help_open: &mut bool) -> Outcome {
    let mut outcome = Outcome::None;
    ui.horizontal(|ui| {
        if ui.button("New").on_hover_text("A blank level of the size set under Metadata.").clicked() {
            outcome = doc.new_level();
        }
        ui.label("File:");
        ui.add(
            egui::TextEdit::singleline(&mut doc.path_field)
                .id(egui::Id::unique(PATH_FIELD))
                .desired_width(230.0)
                .hint_text("levels/my-level.json"),
        );
        if ui.button("Load").on_hover_text("Open the level at the path.").clicked() {
            outcome = doc.load();
        }
        if ui.button("Save").on_hover_text("Write the level to its file (Ctrl+S).").clicked() {
            doc.save();
        }
        if ui.button("Save as").on_hover_text("Write the level to the path.").clicked() {
            doc.save_as();
        }
        ui.separator();
        if ui.add_enabled(doc.editor.can_undo(), egui::Button::new("Undo")).on_hover_text("Ctrl+Z").clicked()
        {
            doc.key(crate::app::reactor::editor::keys::EditorKey::Undo);
        }
        if ui.add_enabled(doc.editor.can_redo(), egui::Button::new("Redo")).on_hover_text("Ctrl+Y").clicked()
        {
            doc.key(crate::app::reactor::editor::keys::EditorKey::Redo);
        }
        ui.separator();
        let play = egui::Button::new(egui::RichText::new("Play from here").strong());
        if ui
            .add(play)
            .on_hover_text("Play the level as it stands (F5); blocked while it has errors.")
            .clicked()
        {
            outcome = doc.play();
        }
        if ui.button("Help").on_hover_text("Every key (F1).").clicked() {
            *help_open = !*help_open;
        }
        if ui
            .button("Quit")
            .on_hover_text("Leave the editor (Esc); asks first when changes are unsaved.")
            .clicked()
        {
            outcome = doc.key(crate::app::reactor::editor::keys::EditorKey::Leave);
        }
        let name = doc.path.as_ref().map_or("new level".to_string(), |p| p.display().to_string());
        let star = if doc.unsaved() { " *" } else { "" };
        ui.label(egui::RichText::new(format!("{name}{star}")).weak());
    });
    outcome
}

/// The status line at the bottom: the latest message, or what the keys do. Always one line high,
/// so the board never moves when a message comes or goes.
pub fn status(ui: &mut egui::Ui, doc: &Document, hint: &str) {
    match &doc.message {
        Some((text, tone)) => {
            let colour = match tone {
                Tone::Info => egui::Color32::from_rgb(200, 220, 200),
                Tone::Refusal => super::style::ERROR,
            };
            ui.colored_label(colour, text);
        }
        None => {
            ui.label(egui::RichText::new(hint).weak());
        }
    }
}
