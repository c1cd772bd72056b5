//! The board in the middle of the editor: egui paints nothing under it (the board pass shows
//! through), takes the mouse there (left press or drag applies the tool, one stroke per drag; right
//! click cycles; hover inspects with the cell's lines as a tooltip) and outlines every cell with an
//! issue (each cell of an issue that several share), the picked issue's thick.

use super::super::document::Document;
use super::style::{ERROR, WARNING};
use crate::grid::Pos;
use crate::reactor::validate::Severity;
use crate::render::board::{BoardCamera, BoardView};

/// Lays the board out in the panel's whole rectangle; returns that rectangle in target pixels.
pub fn show(ui: &mut egui::Ui, doc: &mut Document) -> [f32; 4] {
    let rect = ui.available_rect_before_wrap();
    let ppp = ui.ctx().pixels_per_point();
    let area = [rect.min.x * ppp, rect.min.y * ppp, rect.width() * ppp, rect.height() * ppp];
    let (cols, rows) = (doc.editor.level().width(), doc.editor.level().height());
    let view = BoardView::in_area(area, cols, rows, BoardCamera::default());
    let inside = |p: Pos| p.x >= 0 && p.y >= 0 && p.x < cols && p.y < rows;
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    let cell_at = |pos: egui::Pos2| view.cell_at(pos.x * ppp, pos.y * ppp).filter(|p| inside(*p));
    // Events one by one, in order: a fast drag (or a script) brings a press, moves and a release
    // in one frame, and every cell between them belongs to the stroke.
    let events = ui.input(|i| i.events.clone());
    let layer = ui.layer_id();
    let on_board =
        |ctx: &egui::Context, pos: egui::Pos2| rect.contains(pos) && ctx.layer_id_at(pos) == Some(layer);
    let open = doc.question.is_none();
    for event in events {
        match event {
            egui::Event::PointerMoved(pos) if doc.stroking() => {
                if let Some(c) = cell_at(pos) {
                    stroke_to(doc, c);
                }
            }
            egui::Event::PointerButton { pos, button, pressed, .. } => match (button, pressed) {
                (egui::PointerButton::Primary, true) if open && on_board(ui.ctx(), pos) => {
                    if let Some(c) = cell_at(pos) {
                        doc.press(c);
                    }
                }
                (egui::PointerButton::Primary, false) => doc.release(),
                (egui::PointerButton::Secondary, true) if open && on_board(ui.ctx(), pos) => {
                    if let Some(c) = cell_at(pos) {
                        doc.cycle(c);
                    }
                }
                _ => {}
            },
            egui::Event::PointerGone => doc.release(),
            _ => {}
        }
    }
    let cell = ui.input(|i| i.pointer.hover_pos()).and_then(cell_at);
    let painter = ui.painter_at(rect);
    let cell_rect = |p: Pos| {
        let (x, y) = view.point(p, 0.0, 0.0);
        let min = egui::pos2(x as f32 / ppp, y as f32 / ppp);
        egui::Rect::from_min_size(min, egui::vec2(view.cell_px / ppp, view.cell_px / ppp))
    };
    for (i, issue) in doc.editor.issues().iter().enumerate() {
        let colour = if issue.severity() == Severity::Error { ERROR } else { WARNING };
        let width = if doc.picked == Some(i) { 4.0 } else { 1.5 };
        for p in &issue.cells {
            painter.rect_stroke(
                cell_rect(*p),
                2.0,
                egui::Stroke::new(width, colour),
                egui::StrokeKind::Inside,
            );
        }
    }
    if let (Some(c), true) = (cell, response.hovered()) {
        let lines = doc.editor.describe(c);
        response.on_hover_ui_at_pointer(|ui| {
            for l in lines {
                ui.label(l);
            }
        });
    }
    area
}

/// The drag reached `to`: every cell on the straight run from the last one is painted, so a
/// quick stroke leaves no gaps.
fn stroke_to(doc: &mut Document, to: Pos) {
    let Some(from) = doc.stroke_cell() else { return };
    let steps = (to.x - from.x).abs().max((to.y - from.y).abs());
    for k in 1..=steps {
        let t = k as f32 / steps as f32;
        let x = from.x as f32 + (to.x - from.x) as f32 * t;
        let y = from.y as f32 + (to.y - from.y) as f32 * t;
        doc.drag(Pos::new(x.round() as i32, y.round() as i32));
    }
}
