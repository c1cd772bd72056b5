//! The inspector (the cursor cell's lines, every layer) and the level's metadata: id, name, size,
//! required consumer counts, difficulty, inventory, and the size of a new level.

use super::super::document::Document;
use crate::reactor::level::{Carrier, Difficulty, Item};

pub fn inspector(ui: &mut egui::Ui, doc: &Document) {
    let c = doc.editor.cursor();
    ui.heading(format!("Inspector ({}, {})", c.x, c.y));
    for line in doc.editor.describe(c) {
        ui.label(line);
    }
}

/// The egui id of the metadata text field labelled `label` ("Id", "Name"): fixed, so the keyboard
/// focus can be found and given to it.
pub fn metadata_field(label: &str) -> egui::Id {
    egui::Id::unique(("editor-metadata", label))
}

/// A text field that edits a copy and hands it over when the author presses Enter or leaves it,
/// so a half-typed id is never applied (nor an undo step per letter). Esc leaves it without
/// handing anything over, as egui's number fields do.
fn text_field(ui: &mut egui::Ui, label: &str, current: &str) -> Option<String> {
    let id = ui.scope_id().with(label);
    let mut text = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or_else(|| current.to_string());
    let r = ui.horizontal(|ui| {
        ui.label(label);
        ui.add(egui::TextEdit::singleline(&mut text).id(metadata_field(label)).desired_width(200.0))
    });
    let r = r.inner;
    if r.lost_focus() {
        ui.data_mut(|d| d.remove::<String>(id));
        let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
        return (text != current && !escaped).then_some(text);
    }
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
    }
    None
}

pub fn metadata(ui: &mut egui::Ui, doc: &mut Document) {
    ui.heading("Metadata");
    let level = doc.editor.level().clone();
    let mut results = Vec::new();
    if let Some(id) = text_field(ui, "Id", &level.id) {
        results.push(doc.editor.set_id(&id));
    }
    if let Some(name) = text_field(ui, "Name", &level.name) {
        results.push(doc.editor.set_name(&name));
    }
    let (mut w, mut h) = (level.width(), level.height());
    ui.horizontal(|ui| {
        ui.label("Size");
        let a = ui.add(egui::DragValue::new(&mut w).range(3..=256));
        ui.label("x");
        let b = ui.add(egui::DragValue::new(&mut h).range(3..=256));
        if (a.changed() || b.changed()) && (w, h) != (level.width(), level.height()) {
            results.push(doc.editor.resize(w, h));
        }
    });
    ui.label("Required consumers");
    for c in Carrier::ALL {
        ui.horizontal(|ui| {
            let mut n = level.required[c as usize];
            ui.label(format!("{:<12}", c.name()));
            // Buttons as well as the drag value, so the mouse alone sets a count exactly.
            let minus = ui.small_button("-").on_hover_text(format!("One {} consumer fewer", c.name()));
            let value = ui.add(egui::DragValue::new(&mut n).range(0..=99));
            let plus = ui.small_button("+").on_hover_text(format!("One {} consumer more", c.name()));
            if minus.clicked() {
                n = n.saturating_sub(1);
            }
            if plus.clicked() {
                n += 1;
            }
            if (value.changed() || minus.clicked() || plus.clicked()) && n != level.required[c as usize] {
                results.push(doc.editor.set_required(c, n));
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label("Difficulty");
        for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
            if ui.selectable_label(level.difficulty == d, d.name()).clicked() && level.difficulty != d {
                results.push(doc.editor.set_difficulty(d));
            }
        }
    });
    ui.label(format!("Inventory: {}", inventory_text(&level.inventory)));
    ui.horizontal_wrapped(|ui| {
        for item in Item::ALL {
            if ui.small_button(format!("+ {}", item.name())).clicked() {
                let mut v = level.inventory.clone();
                v.push(item);
                results.push(doc.editor.set_inventory(&v));
            }
        }
        if !level.inventory.is_empty() && ui.small_button("- last").clicked() {
            let mut v = level.inventory.clone();
            v.pop();
            results.push(doc.editor.set_inventory(&v));
        }
    });
    ui.horizontal(|ui| {
        ui.label("New level size");
        ui.add(egui::DragValue::new(&mut doc.new_size.0).range(3..=256));
        ui.label("x");
        ui.add(egui::DragValue::new(&mut doc.new_size.1).range(3..=256));
    });
    doc.meta_edits(results);
}

fn inventory_text(items: &[Item]) -> String {
    if items.is_empty() {
        return "empty".into();
    }
    items.iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
}
