//! The layer selector (Surface, Electricity, Fuel, Coolant) and the active layer's tool palette:
//! one badge per tool (its image, or the procedural badge), its name, its key, and the tool's hint
//! as the tooltip. The amount a tool writes (a hazard, integrity) is set under the palette.

use super::super::badges::{look, Badges};
use super::super::document::Document;
use super::style::colour;
use crate::app::keys::{key_label, named};
use crate::app::reactor::editor::keys::ROWS;
use crate::reactor::edit::{tools_for, Layer, Tool};

/// The side of a badge, in points.
const BADGE: f32 = 24.0;

pub fn show(ui: &mut egui::Ui, doc: &mut Document, badges: &mut Badges) {
    ui.heading("Layer");
    for (i, layer) in Layer::ALL.into_iter().enumerate() {
        let on = doc.editor.layer() == layer;
        let text = egui::RichText::new(format!("{}  {}", i + 1, layer.name())).color(layer_colour(layer));
        if ui.selectable_label(on, text).on_hover_text(layer_hint(layer)).clicked() {
            doc.set_layer(layer);
        }
    }
    ui.separator();
    ui.heading("Tools");
    let layer = doc.editor.layer();
    for (i, tool) in tools_for(layer).into_iter().enumerate() {
        let on = doc.editor.tool() == tool;
        let key = tool_key(i);
        let r = ui
            .horizontal(|ui| {
                let badge = draw_badge(ui, badges, tool, layer, on);
                let label = ui.selectable_label(on, format!("{key} {}", tool.name()));
                badge.union(label)
            })
            .inner;
        if r.on_hover_text(tool.hint()).clicked() {
            doc.pick_tool(i);
        }
    }
    if doc.editor.tool().uses_amount() {
        ui.separator();
        let mut v = doc.editor.amount();
        ui.horizontal(|ui| {
            ui.label("Amount");
            if ui.add(egui::DragValue::new(&mut v).speed(0.05).range(0.0..=100.0)).changed() {
                doc.editor.set_amount(v);
            }
        });
    }
}

/// The key the table gives palette tool `i` (its first key), for the label.
fn tool_key(i: usize) -> String {
    let name = format!("editor_tool_{}", i + 1);
    named(ROWS, &name).and_then(|b| b.keys.first()).map_or(String::new(), |k| key_label(*k))
}

/// A tool's badge: its image where one exists, else its coloured shape with its label.
fn draw_badge(ui: &mut egui::Ui, badges: &mut Badges, tool: Tool, layer: Layer, on: bool) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(BADGE, BADGE), egui::Sense::click());
    let painter = ui.painter_at(rect);
    if let Some(texture) = badges.image(ui.ctx(), tool.badge_key()) {
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture.id(), rect, uv, egui::Color32::WHITE);
    } else {
        let l = look(tool, layer);
        let radius = if l.round { BADGE / 2.0 } else { 5.0 };
        painter.rect_filled(rect.shrink(1.0), radius, colour(l.colour));
        let dark = l.colour.iter().map(|c| u32::from(*c)).sum::<u32>() > 3 * 150;
        let ink = if dark { egui::Color32::BLACK } else { egui::Color32::WHITE };
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            l.label,
            egui::FontId::proportional(8.5),
            ink,
        );
    }
    if on {
        painter.rect_stroke(
            rect,
            5.0,
            egui::Stroke::new(2.0, egui::Color32::WHITE),
            egui::StrokeKind::Inside,
        );
    }
    response
}

fn layer_colour(layer: Layer) -> egui::Color32 {
    match layer.carrier() {
        Some(c) => colour(crate::reactor::present::CARRIER_COLOURS[c as usize]),
        None => egui::Color32::from_rgb(220, 220, 220),
    }
}

fn layer_hint(layer: Layer) -> &'static str {
    match layer {
        Layer::Surface => "Terrain, props, hazards and the robot; the networks show faintly beneath.",
        Layer::Electricity => "Electricity network cells, sources, integrity and leaks (yellow).",
        Layer::Fuel => "Fuel network cells, sources, integrity and leaks (red).",
        Layer::Coolant => "Coolant network cells, sources, integrity and leaks (blue).",
    }
}
