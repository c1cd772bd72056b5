//! The validation panel: every error (red) and warning (amber) with its cell; clicking one moves
//! the cursor there and highlights the cell on the board. Errors block play and save.

use super::super::document::Document;
use super::{ERROR, WARNING};
use crate::reactor::validate::Severity;

pub fn show(ui: &mut egui::Ui, doc: &mut Document) {
    let issues = doc.editor.issues();
    let (errors, warnings) = doc.counts();
    let plural = |n: usize, word: &str| if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") };
    ui.heading(format!("Validation: {}, {}", plural(errors, "error"), plural(warnings, "warning")));
    if issues.is_empty() {
        ui.colored_label(
            egui::Color32::from_rgb(120, 220, 130),
            "No issues: the level can be played and saved.",
        );
        return;
    }
    if errors > 0 {
        ui.label("Errors block Play and Save.");
    }
    let mut clicked = None;
    for (i, issue) in issues.iter().enumerate() {
        let (colour, word) = match issue.severity() {
            Severity::Error => (ERROR, "error"),
            Severity::Warning => (WARNING, "warning"),
        };
        let at = issue.pos.map_or("(level)".to_string(), |p| format!("({}, {})", p.x, p.y));
        let text = egui::RichText::new(format!("{word} {at}: {}", issue.message)).color(colour);
        let picked = doc.picked == Some(i);
        if ui.selectable_label(picked, text).on_hover_text("Click to move the cursor to this cell.").clicked()
        {
            clicked = Some(i);
        }
    }
    if let Some(i) = clicked {
        doc.pick_issue(i);
    }
}
