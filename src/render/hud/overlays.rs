//! Overlays as pure layout: the framed panel they share, and the help, message log and prompt panels
//! (the automap has its own module). Each is drawn over a veiled world, inside the lines between the
//! top line and the notice, so the bar and the app's notice stay readable.
//!
//! `OverlayView` is what an overlay shows, read from the scene's HUD model when the UI state or the turn changes;
//! the layout functions turn it into a scene for any target size.

use super::automap::{automap_scene, AutomapView};
use super::grid::{clip, put_text, text_width, wrap, HudGrid};
use super::panel::{panel_scene, Panel, PanelLayout, CHROME_COLS, TITLED_CHROME_ROWS};
use super::screens::{card_scene, menu_scene, CardView, MenuView};
use super::shapes::{HudScene, PixelRect};
use crate::render::overlay::Overlay;
use crate::render::palette::*;
use crate::scene::HudModel;

/// What the open overlay shows, read from the scene's HUD model.
#[derive(Clone, Debug, PartialEq)]
pub enum OverlayView {
    Automap(AutomapView),
    Help {
        bindings: Vec<(String, String)>,
        hint: String,
        first: usize,
    },
    /// Every message as (turn, text), oldest first, how many messages back the view is scrolled,
    /// and the app's hint naming the scroll and close keys.
    MessageLog {
        lines: Vec<(u64, String)>,
        scroll: usize,
        hint: String,
    },
    Prompt {
        text: String,
    },
    Guide {
        title: String,
        lines: Vec<String>,
        hint: String,
    },
    Menu(MenuView),
    Card(CardView),
}

impl OverlayView {
    pub fn new(overlay: &Overlay, hud: &HudModel) -> OverlayView {
        match overlay {
            Overlay::Automap { hint } => OverlayView::Automap(AutomapView {
                hint: hint.clone(),
                ..AutomapView::from_model(&hud.automap)
            }),
            Overlay::Help { bindings, hint, first } => {
                OverlayView::Help { bindings: bindings.clone(), hint: hint.clone(), first: *first }
            }
            Overlay::MessageLog { scroll, hint } => OverlayView::MessageLog {
                lines: hud.messages.iter().map(|m| (m.turn, m.text.clone())).collect(),
                scroll: *scroll,
                hint: hint.clone(),
            },
            Overlay::Prompt { text } => OverlayView::Prompt { text: text.clone() },
            Overlay::Guide { title, lines, hint } => {
                OverlayView::Guide { title: title.clone(), lines: lines.clone(), hint: hint.clone() }
            }
            Overlay::Menu { title, lines, items, selected, hint } => OverlayView::Menu(MenuView {
                title: title.clone(),
                lines: lines.clone(),
                items: items.clone(),
                selected: *selected,
                hint: hint.clone(),
            }),
            Overlay::Card { title, lines, hint } => {
                OverlayView::Card(CardView { title: title.clone(), lines: lines.clone(), hint: hint.clone() })
            }
        }
    }
}

/// The scene of an overlay: the veil over the world, then its panel. The whole-screen ones bring
/// their own veil (a menu) or none (a card, drawn over the app's curtain).
pub fn overlay_scene(view: &OverlayView, grid: &HudGrid) -> HudScene {
    match view {
        OverlayView::Menu(menu) => return menu_scene(menu, grid),
        OverlayView::Card(card) => return card_scene(card, grid),
        _ => {}
    }
    let mut scene = HudScene::default();
    scene.rect(PixelRect::new(0, 0, grid.width as i32, grid.bar_top() as i32, [0.0, 0.0, 0.0, VEIL_ALPHA]));
    scene.extend(match view {
        OverlayView::Automap(map) => automap_scene(map, grid),
        OverlayView::Help { bindings, hint, first } => {
            text_panel_scene(&help_layout(&bindings[(*first).min(bindings.len())..], hint, grid), grid)
        }
        OverlayView::MessageLog { lines, scroll, hint } => {
            text_panel_scene(&log_layout(lines, *scroll, hint, grid), grid)
        }
        OverlayView::Prompt { text } => text_panel_scene(&prompt_layout(text, grid), grid),
        OverlayView::Guide { title, lines, hint } => {
            text_panel_scene(&guide_layout(title, lines, hint, grid), grid)
        }
        OverlayView::Menu(_) | OverlayView::Card(_) => HudScene::default(),
    });
    scene
}

fn text_panel_scene(layout: &PanelLayout, grid: &HudGrid) -> HudScene {
    let mut scene = panel_scene(&layout.panel, grid);
    for r in &layout.rules {
        scene.rect(*r);
    }
    for p in &layout.glyphs {
        scene.glyph(grid.place(p));
    }
    scene
}

/// The help panel: every (label, keys) line as the app wrote it, with dot leaders (an empty label
/// is a blank line), in as many columns as the height needs; cut with "..." when even that is not
/// enough. The hint line is the app's too: render names no key.
pub fn help_layout(bindings: &[(String, String)], hint: &str, grid: &HudGrid) -> PanelLayout {
    let entries = bindings;
    let name_w = entries.iter().map(|(a, _)| text_width(a)).max().unwrap_or(0);
    let key_w = entries.iter().map(|(_, k)| text_width(k)).max().unwrap_or(0);
    let entry_w = name_w + 3 + key_w;
    const COLUMN_GAP: u32 = 4;

    let region = Panel::region(grid);
    let max_rows = region.rows.saturating_sub(TITLED_CHROME_ROWS).max(1);
    let max_cols = region.cols.saturating_sub(CHROME_COLS);
    let n = entries.len() as u32;
    let fits = |k: u32| k * entry_w + (k - 1) * COLUMN_GAP <= max_cols;
    let columns = (1..=n.max(1)).find(|&k| n.div_ceil(k) <= max_rows && fits(k));
    let (columns, rows) = match columns {
        Some(k) => (k, n.div_ceil(k)),
        None => ((1..=n.max(1)).rev().find(|&k| fits(k)).unwrap_or(1), max_rows),
    };
    let width = (columns * entry_w + (columns - 1) * COLUMN_GAP).min(max_cols);
    let title = "HELP";
    let panel = Panel::centred(grid, width.max(text_width(hint)) + CHROME_COLS, rows + TITLED_CHROME_ROWS);
    let mut layout = PanelLayout::titled(panel, grid, title, hint);
    let (c0, text_cols) = panel.text_cols();
    let left = c0 + text_cols.saturating_sub(width) / 2;
    let content = layout.content_rows();
    let shown = (columns * content.len() as u32) as usize;
    let cut = entries.len() > shown;
    for (i, (action, keys)) in entries.iter().enumerate().take(shown) {
        let (column, line) = (i as u32 / content.len() as u32, i as u32 % content.len() as u32);
        let (col, row) = (left + column * (entry_w + COLUMN_GAP), content.start + line);
        if cut && i + 1 == shown {
            put_text(&mut layout.glyphs, col, row, "...", linear(HINT_COLOR, 1.0), false);
            break;
        }
        if action.is_empty() {
            continue;
        }
        let room = (c0 + text_cols).saturating_sub(col);
        let name = clip(action, room);
        let after = put_text(&mut layout.glyphs, col, row, &name, linear(LABEL_COLOR, 1.0), false);
        let keys_at = col + name_w + 3;
        if keys_at < col + room {
            let dots = ".".repeat((keys_at - after).saturating_sub(2) as usize);
            put_text(&mut layout.glyphs, after + 1, row, &dots, linear(PANEL_EDGE_COLOR, 1.0), false);
            put_text(
                &mut layout.glyphs,
                keys_at,
                row,
                &clip(keys, col + room - keys_at),
                linear(VALUE_COLOR, 1.0),
                false,
            );
        }
    }
    layout
}

/// The message log: the whole history with `turn N:` prefixes, newest at the bottom, scrolled
/// `scroll` messages back; long messages wrap under their text. Counts of hidden older and newer
/// messages sit at the right of the title and hint lines.
pub fn log_layout(lines: &[(u64, String)], scroll: usize, hint: &str, grid: &HudGrid) -> PanelLayout {
    let panel = Panel::region(grid);
    let mut layout = PanelLayout::titled(panel, grid, "MESSAGE LOG", hint);
    let (c0, text_cols) = panel.text_cols();
    let content = layout.content_rows();
    let end = lines.len().saturating_sub(scroll);
    // Fill from the bottom up: each message's wrapped lines, newest message lowest.
    let mut rows_left = content.len() as u32;
    let mut row = content.end;
    let mut first_shown = end;
    for (turn, text) in lines[..end].iter().rev() {
        let prefix = format!("turn {turn}: ");
        let indent = text_width(&prefix).min(text_cols / 2);
        let mut wrapped = wrap(text, text_cols.saturating_sub(indent));
        if wrapped.len() as u32 > rows_left {
            if first_shown < end || rows_left == 0 {
                break;
            }
            // A message taller than the whole panel: show its beginning rather than nothing.
            wrapped.truncate(rows_left as usize);
        }
        let need = wrapped.len() as u32;
        rows_left -= need;
        row -= need;
        first_shown -= 1;
        put_text(&mut layout.glyphs, c0, row, &clip(&prefix, indent), linear(HINT_COLOR, 1.0), false);
        for (i, l) in wrapped.iter().enumerate() {
            put_text(&mut layout.glyphs, c0 + indent, row + i as u32, l, linear(MESSAGE_COLOR, 1.0), false);
        }
    }
    if lines.is_empty() {
        panel.centre_text(
            &mut layout.glyphs,
            content.start + content.len() as u32 / 2,
            "Nothing yet.",
            HINT_COLOR,
        );
    }
    let right = |layout: &mut PanelLayout, row: u32, text: String| {
        let w = text_width(&text);
        if 2 * w + text_width(hint) < text_cols {
            put_text(&mut layout.glyphs, c0 + text_cols - w, row, &text, linear(HINT_COLOR, 1.0), false);
        }
    };
    if first_shown > 0 {
        right(&mut layout, panel.row + 1, format!("▲ {first_shown} older"));
    }
    if end < lines.len() {
        right(&mut layout, panel.row + panel.rows - 2, format!("▼ {} newer", lines.len() - end));
    }
    layout
}

/// A guide page: its paragraphs wrapped to the panel (a blank line between them where that fits);
/// whatever does not fit is cut with "...".
pub fn guide_layout(title: &str, lines: &[String], hint: &str, grid: &HudGrid) -> PanelLayout {
    let panel = Panel::region(grid);
    let mut layout = PanelLayout::titled(panel, grid, title, hint);
    let (c0, text_cols) = panel.text_cols();
    let content = layout.content_rows();
    let room = content.len();
    let paragraphs: Vec<Vec<String>> = lines.iter().map(|l| wrap(l, text_cols)).collect();
    // A blank line between paragraphs when there is room for them, none when there is not.
    let with_gaps = paragraphs.iter().map(Vec::len).sum::<usize>() + paragraphs.len().saturating_sub(1);
    let gap = with_gaps <= room;
    let mut wrapped: Vec<String> = Vec::new();
    for (i, paragraph) in paragraphs.into_iter().enumerate() {
        if i > 0 && gap {
            wrapped.push(String::new());
        }
        wrapped.extend(paragraph);
    }
    let cut = wrapped.len() > room;
    for (i, line) in wrapped.iter().take(room).enumerate() {
        let row = content.start + i as u32;
        let text = if cut && i + 1 == room { "..." } else { line.as_str() };
        put_text(&mut layout.glyphs, c0, row, text, linear(MESSAGE_COLOR, 1.0), false);
    }
    layout
}

/// A question in a small centred box.
pub fn prompt_layout(text: &str, grid: &HudGrid) -> PanelLayout {
    let region = Panel::region(grid);
    let max = region.cols.saturating_sub(CHROME_COLS + 2);
    let lines = wrap(text, max);
    let width = lines.iter().map(|l| text_width(l)).max().unwrap_or(0);
    // One more column of air each side and a blank line above and below: a prompt is a small box.
    let panel = Panel::centred(grid, width + CHROME_COLS + 2, lines.len() as u32 + 4);
    let mut glyphs = Vec::new();
    for (i, line) in lines.iter().enumerate().take(panel.rows.saturating_sub(4) as usize) {
        panel.centre_text(&mut glyphs, panel.row + 2 + i as u32, line, VALUE_COLOR);
    }
    PanelLayout { panel, glyphs, rules: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::test_support::{text_on_row, SIZES};

    /// Help lines as the app writes them: labels and keycaps, a blank line between groups.
    fn bindings() -> Vec<(String, String)> {
        [
            ("Move forward", "W ↑"),
            ("Move back", "S ↓"),
            ("Strafe left", "A"),
            ("Strafe right", "D"),
            ("Turn left", "Q ←"),
            ("Turn right", "E →"),
            ("Attack or descend", "Space"),
            ("Wait", "C"),
            ("Use item", "Z"),
            ("Discard item", "X"),
            ("Slot 1", "1"),
            ("Slot 2", "2"),
            ("Slot 3", "3"),
            ("Slot 4", "4"),
            ("Menu (save and quit)", "Esc"),
            ("Automap", "M Tab"),
            ("Message log", "L"),
            ("", ""),
            ("Help", "F1 /"),
            ("Screenshot", "F12"),
            ("Fullscreen", "F11 Alt+Enter"),
            ("", ""),
            ("Prompt: yes", "Y"),
            ("Prompt: no", "N"),
            ("", ""),
            ("Log: scroll up", "↑"),
            ("Log: scroll down", "↓"),
            ("Log: page up", "PgUp"),
            ("Log: page down", "PgDn"),
            ("", ""),
            ("Replay: faster", "= Num+"),
            ("Replay: slower", "- Num-"),
        ]
        .iter()
        .map(|(a, k)| (a.to_string(), k.to_string()))
        .collect()
    }

    const HELP_HINT: &str = "F1 / or Esc closes";
    const LOG_HINT: &str = "↑ ↓ PgUp PgDn scroll   L or Esc closes";

    fn all_text(layout: &PanelLayout) -> String {
        let rows: std::collections::BTreeSet<u32> = layout.glyphs.iter().map(|p| p.row).collect();
        rows.iter().map(|&r| text_on_row(&layout.glyphs, r)).collect::<Vec<_>>().join("\n")
    }

    fn inside(layout: &PanelLayout, grid: &HudGrid) {
        let frame = layout.panel.frame(grid);
        for p in &layout.glyphs {
            let g = grid.place(p);
            assert!(
                g.x > frame.x && g.right() < frame.right() && g.y > frame.y && g.bottom() < frame.bottom(),
                "{:?} at ({}, {}) outside the panel {frame:?} on {}x{}",
                p.ch,
                p.col,
                p.row,
                grid.width,
                grid.height
            );
        }
        let region = Panel::region(grid);
        assert!(
            layout.panel.row >= region.row
                && layout.panel.row + layout.panel.rows <= region.row + region.rows
        );
    }

    #[test]
    fn help_lists_every_line_and_the_apps_hint_from_701x401_up() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = help_layout(&bindings(), HELP_HINT, &grid);
            inside(&layout, &grid);
            let text = all_text(&layout);
            assert!(text.contains("HELP") && text.contains("F1 / or Esc closes"), "{w}x{h}:\n{text}");
            assert!(text.contains("Move forward") && text.contains("W ↑"), "{w}x{h}:\n{text}");
            if (w, h) == (320, 200) {
                assert!(text.contains("..."), "too small for everything: cut visibly");
                continue;
            }
            assert!(text.contains("Fullscreen") && text.contains("F11 Alt+Enter"), "{w}x{h}:\n{text}");
            assert!(
                text.contains("Replay: slower") && text.contains("- Num-"),
                "{w}x{h}: last line cut:\n{text}"
            );
        }
    }

    #[test]
    fn help_on_a_short_wide_target_uses_two_columns() {
        let grid = HudGrid::new(960, 300);
        let layout = help_layout(&bindings(), HELP_HINT, &grid);
        inside(&layout, &grid);
        let text = all_text(&layout);
        assert!(text.contains("Fullscreen") && text.contains("Replay: slower"), "{text}");
        let starts: std::collections::BTreeSet<u32> =
            layout.glyphs.iter().filter(|p| p.ch == 'M' || p.ch == 'S').map(|p| p.col).collect();
        assert!(starts.len() >= 2, "two columns expected:\n{text}");
    }

    #[test]
    fn help_that_cannot_fit_is_cut_with_dots() {
        let grid = HudGrid::new(320, 160);
        let many: Vec<(String, String)> =
            (0..60).map(|i| (format!("action {i}"), "KeyK".to_string())).collect();
        let layout = help_layout(&many, HELP_HINT, &grid);
        inside(&layout, &grid);
        assert!(all_text(&layout).contains("..."));
    }

    #[test]
    fn the_log_shows_the_newest_message_at_the_bottom_and_scrolls_back() {
        let grid = HudGrid::new(1280, 720);
        let lines: Vec<(u64, String)> = (1..=100).map(|t| (t, format!("Message number {t}."))).collect();
        let layout = log_layout(&lines, 0, LOG_HINT, &grid);
        inside(&layout, &grid);
        let content = PanelLayout::titled(layout.panel, &grid, "", "").content_rows();
        let bottom = text_on_row(&layout.glyphs, content.end - 1);
        assert!(bottom.trim_start().starts_with("turn 100: Message number 100."), "{bottom:?}");
        let top = text_on_row(&layout.glyphs, content.start);
        let shown = content.len() as u64;
        assert!(top.contains(&format!("turn {}:", 101 - shown)), "{top:?}");
        assert!(all_text(&layout).contains(&format!("▲ {} older", 100 - shown)));

        let scrolled = log_layout(&lines, 5, LOG_HINT, &grid);
        let bottom = text_on_row(&scrolled.glyphs, content.end - 1);
        assert!(bottom.contains("turn 95: Message number 95."), "{bottom:?}");
        assert!(all_text(&scrolled).contains("▼ 5 newer"));
    }

    #[test]
    fn long_messages_wrap_under_their_text_and_every_size_fits() {
        let long = "word ".repeat(30);
        let lines = vec![(7, long.trim().to_string()), (8, "Short.".to_string())];
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = log_layout(&lines, 0, LOG_HINT, &grid);
            inside(&layout, &grid);
            let (c0, _) = layout.panel.text_cols();
            let continuation = layout.glyphs.iter().filter(|p| p.ch == 'w').map(|p| p.col).min().unwrap();
            assert_eq!(continuation, c0 + text_width("turn 7: "), "{w}x{h}");
        }
        assert!(all_text(&log_layout(&[], 0, LOG_HINT, &HudGrid::new(1280, 720))).contains("Nothing yet."));
    }

    #[test]
    fn the_prompt_is_a_centred_box_around_its_text() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = prompt_layout("Save and quit? (Y/N)", &grid);
            inside(&layout, &grid);
            assert_eq!(all_text(&layout).trim(), "Save and quit? (Y/N)");
            let frame = layout.panel.frame(&grid);
            let (mid_x, region_mid) = (frame.x + frame.w / 2, grid.width as i32 / 2);
            assert!((mid_x - region_mid).abs() <= (6 * grid.scale) as i32, "{w}x{h}: not centred");
        }
        let grid = HudGrid::new(320, 200);
        let layout = prompt_layout(&"long ".repeat(40), &grid);
        inside(&layout, &grid);
    }

    /// The hints are the app's words: a rebound key shows as given, and render adds no key of its own.
    #[test]
    fn the_help_log_and_automap_hints_are_drawn_as_the_app_wrote_them() {
        let grid = HudGrid::new(1280, 720);
        let help = all_text(&help_layout(&bindings(), "K or Esc closes", &grid));
        assert!(help.contains("K or Esc closes") && !help.contains("F1 / or"), "{help}");
        let log = all_text(&log_layout(&[], 0, "I J scroll   O or Esc closes", &grid));
        assert!(log.contains("I J scroll   O or Esc closes") && !log.contains("PgUp"), "{log}");
        let view = OverlayView::new(&Overlay::Automap { hint: "K closes".into() }, &explored_hud());
        let OverlayView::Automap(map) = view else { panic!("an automap view") };
        let text = all_text(&crate::render::hud::automap::automap_layout(&map, &grid).text);
        assert!(text.contains("⌂ shrine   K closes") && !text.contains("M/Tab"), "{text}");
    }

    /// A HUD model whose automap knows a whole 33 × 33 level of floor, the player in the middle.
    fn explored_hud() -> HudModel {
        let mut hud = HudModel::default();
        let known = crate::scene::MapCellLook { tile: Some(crate::scene::TileLook::Floor), in_view: true };
        hud.automap.cells = crate::grid::Grid::filled(33, 33, known);
        hud.automap.player = crate::grid::Pos::new(16, 16);
        hud
    }

    #[test]
    fn every_overlay_stays_on_the_target_and_veils_only_the_world() {
        let hud = explored_hud();
        let views = [
            OverlayView::new(&Overlay::Automap { hint: "M/Tab closes".into() }, &hud),
            OverlayView::Help { bindings: bindings(), hint: HELP_HINT.into(), first: 0 },
            OverlayView::MessageLog { lines: vec![(1, "x".repeat(500))], scroll: 0, hint: LOG_HINT.into() },
            OverlayView::Prompt { text: "Save and quit? (Y/N)".into() },
            OverlayView::Guide {
                title: "GUIDE".into(),
                lines: vec!["word ".repeat(90); 12],
                hint: HELP_HINT.into(),
            },
        ];
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            for view in &views {
                let scene = overlay_scene(view, &grid);
                assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
                let veil = scene.rects().next().unwrap();
                assert_eq!((veil.y, veil.bottom()), (0, grid.bar_top() as i32));
                let notice_top = grid.cell_y(grid.notice_row());
                assert!(scene.glyphs().all(|g| g.bottom() <= notice_top), "{w}x{h}: overlay over the notice");
            }
        }
    }
}
