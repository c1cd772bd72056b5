//! The question asked before unsaved changes would be lost, and the help window of every key.

use super::super::document::{Document, Outcome, Pending};

/// The unsaved-changes question, while one waits; its answer's outcome.
pub fn show(ctx: &egui::Context, doc: &mut Document) -> Option<Outcome> {
    let what = match doc.question.as_ref()? {
        Pending::New => "start a new level".to_string(),
        Pending::Load(p) => format!("load {}", p.display()),
        Pending::Quit => "leave the editor".to_string(),
        Pending::Replace(p) => return replace(ctx, doc, &p.clone()),
    };
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("editor-unsaved")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(format!("The level has changes that are not saved. Discard them and {what}?"));
        ui.horizontal(|ui| {
            if ui.button("Save first").clicked() {
                answer = Some(0);
            }
            if ui.button("Discard").clicked() {
                answer = Some(1);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(2);
            }
        });
    });
    match answer? {
        0 => Some(doc.save_then()),
        1 => Some(doc.answer(true)),
        _ => Some(doc.answer(false)),
    }
}

/// Saving onto a file that exists and is not the level's own: replace it only on a yes.
fn replace(ctx: &egui::Context, doc: &mut Document, path: &std::path::Path) -> Option<Outcome> {
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("editor-replace")).show(ctx, |ui| {
        ui.heading(format!("Replace {name}?"));
        ui.label(format!("{} already exists. Saving replaces it with this level.", path.display()));
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                answer = Some(true);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(false);
            }
        });
    });
    Some(doc.answer(answer?))
}

/// The help window: the editor's rows of the key table and the mouse.
pub fn help(ctx: &egui::Context, lines: &[(String, String)], open: &mut bool) {
    egui::Window::new("Editor keys").open(open).resizable(false).show(ctx, |ui| {
        ui.label("Mouse: left click or drag applies the tool (a drag is one undo step); right click cycles; hover inspects.");
        egui::ScrollArea::vertical().max_height(ui.ctx().content_rect().height() * 0.7).show(ui, |ui| {
            egui::Grid::new("editor-keys").striped(true).show(ui, |ui| {
                for (label, keys) in lines {
                    if label.is_empty() {
                        continue;
                    }
                    ui.label(label.trim_start_matches("Editor: "));
                    ui.label(spelled(keys));
                    ui.end_row();
                }
            });
        });
    });
}

/// egui's default fonts have no arrow glyphs: the help spells the arrow keys out.
fn spelled(keys: &str) -> String {
    keys.replace('↑', "Up").replace('→', "Right").replace('↓', "Down").replace('←', "Left")
}
