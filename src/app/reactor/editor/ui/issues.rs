//! The validation panel: every error (red) and warning (amber) with its cell, or its count of cells
//! when several share it; clicking one moves the cursor there (on through the cells when clicked
//! again) and highlights the cells on the board. Errors block play and save.

use super::super::document::Document;
use super::style::{ERROR, WARNING};
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
        let (at, hint) = match (issue.pos, issue.cells.len()) {
            (Some(_), n) if n > 1 => (
                format!("at {n} cells"),
                format!("{}\nClick to move the cursor to its cells in turn.", issue.line()),
            ),
            (Some(p), _) => {
                (format!("({}, {})", p.x, p.y), "Click to move the cursor to this cell.".to_string())
            }
            (None, _) => ("(level)".to_string(), "It concerns the level as a whole.".to_string()),
        };
        let text = egui::RichText::new(format!("{word} {at}: {}", issue.message)).color(colour);
        let picked = doc.picked == Some(i);
        if ui.selectable_label(picked, text).on_hover_text(hint).clicked() {
            clicked = Some(i);
        }
    }
    if let Some(i) = clicked {
        doc.pick_issue(i);
    }
}
