//! The HUD of a board scene: the panel at the right (header, inspection, forecasts), the pulse-step
//! badge and the message line over the board, then the app's overlays, curtain and notice as the
//! crawler's HUD draws them.

use super::compose::top_layers;
use super::grid::{clip, put_text, text_width, wrap, HudGrid, PlacedGlyph};
use super::overlays::{overlay_scene, OverlayView};
use super::shapes::ScreenGlyph;
use super::shapes::{HudScene, PixelRect};
use crate::render::board::layout::{board_area, PANEL_COLS};
use crate::render::board::BoardView;
use crate::render::font::GLYPH_H;
use crate::render::font::GLYPH_W;
use crate::render::overlay::UiState;
use crate::render::palette::{linear, BAR_COLOR, BAR_EDGE_COLOR, LABEL_COLOR, TITLE_COLOR};
use crate::scene::{BoardCaption, BoardHud, BoardLine};

/// What the board's HUD shows this scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardText {
    pub hud: BoardHud,
    pub step: Option<(u32, u32)>,
    pub captions: Vec<BoardCaption>,
}

/// First text column of the panel and how many columns it has.
pub fn panel_cols(grid: &HudGrid) -> (u32, u32) {
    let x = board_area(grid.width, grid.height)[2] as u32;
    let col = (x.saturating_sub(grid.origin_x)).div_ceil(GLYPH_W * grid.scale) + 1;
    (col, grid.cols.saturating_sub(col + 1).min(PANEL_COLS))
}

/// The line that stands for the key hints when the panel has no room for them.
// The marks are on the legend's key, not in F1's help, so the line names both (a play-tester looked
// for the marks under F1); the keys are their defaults, as F1 was already.
pub const HINTS_FOLDED: &str = "F1: every key, G: every mark";

/// `text` as lines of at most `width` columns. A line that fits keeps its spacing (the value
/// columns stay aligned); a longer one breaks between its groups (parts set apart by two spaces,
/// such as "F repair  123 neutralize") so a key stays with its verb, and a group that is itself too
/// long breaks at spaces.
pub fn fit_line(text: &str, width: u32) -> Vec<String> {
    let width = width.max(1);
    if text_width(text) <= width {
        return vec![text.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for group in text.split("  ").map(str::trim).filter(|g| !g.is_empty()) {
        if text_width(group) > width {
            if !line.is_empty() {
                out.push(std::mem::take(&mut line));
            }
            out.extend(wrap(group, width));
        } else if line.is_empty() {
            line = group.to_string();
        } else if text_width(&line) + 2 + text_width(group) <= width {
            line = format!("{line}  {group}");
        } else {
            out.push(std::mem::replace(&mut line, group.to_string()));
        }
    }
    if !line.is_empty() || out.is_empty() {
        out.push(line);
    }
    out
}

/// The panel's rows, `width` columns wide, at most `rows` of them: header, a gap, the inspection
/// lines, a gap, the forecasts, a gap, the key hints. When that is too tall the hints fold into
/// one line naming the help key; when even that is too tall the last row says how many are left
/// out, so no line is ever cut silently.
pub fn panel_lines(hud: &BoardHud, width: u32, rows: u32) -> Vec<BoardLine> {
    let fitted = |lines: &[BoardLine]| -> Vec<BoardLine> {
        lines
            .iter()
            .flat_map(|l| fit_line(&l.text, width).into_iter().map(|t| BoardLine::new(t, l.colour)))
            .collect()
    };
    let gap = || BoardLine::new("", [0, 0, 0]);
    let mut body = fitted(&hud.header);
    body.push(gap());
    body.extend(fitted(&hud.panel));
    if !hud.forecasts.is_empty() {
        body.push(gap());
        body.extend(fitted(&hud.forecasts));
    }
    let rows = rows as usize;
    let hints = fitted(&hud.hints);
    if !hints.is_empty() {
        let folded = fitted(&[BoardLine::new(HINTS_FOLDED, hud.hints[0].colour)]);
        let tail = if body.len() + 1 + hints.len() <= rows { hints } else { folded };
        if body.len() + 1 + tail.len() <= rows {
            body.push(gap());
            body.extend(tail);
        }
    }
    if body.len() > rows && rows > 0 {
        let keep = rows - 1;
        let more = format!("+{} lines left out: the window is too short", body.len() - keep);
        body.truncate(keep);
        body.push(BoardLine::new(clip(&more, width), LABEL_SRGB));
    }
    body
}

/// Colour of the "more lines" row.
const LABEL_SRGB: [u8; 3] = [170, 160, 140];

/// The panel's glyphs in cells, from the second line down to the one before the last.
pub fn board_panel_layout(text: &BoardText, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let (col, width) = panel_cols(grid);
    let mut out = Vec::new();
    let rows = grid.rows.saturating_sub(2);
    for (i, l) in panel_lines(&text.hud, width, rows).iter().enumerate() {
        put_text(&mut out, col, 1 + i as u32, &l.text, linear(l.colour, 1.0), false);
    }
    out
}

/// The captions' glyphs: each from a little right of its cell, centred on the cell's height, in
/// the panel's type with a drop shadow; cut at the board's area so none runs under the panel.
pub fn caption_glyphs(captions: &[BoardCaption], view: &BoardView, grid: &HudGrid) -> Vec<ScreenGlyph> {
    let step = (GLYPH_W * grid.scale) as i32;
    let right = (view.area[0] + view.area[2]) as i32;
    let mut out = Vec::new();
    for c in captions {
        let (x, y) = view.point(c.cell, 1.0, 0.5);
        let x0 = x as i32 + step / 2;
        let y0 = y as i32 - (GLYPH_H * grid.scale) as i32 / 2;
        for (i, ch) in c.text.chars().enumerate() {
            let gx = x0 + i as i32 * step;
            if gx + step > right {
                break;
            }
            out.push(ScreenGlyph {
                x: gx,
                y: y0,
                scale: grid.scale,
                ch,
                color: linear(c.colour, 1.0),
                // A level's captions lie over walls and floor fields, which need a shadow to stay
                // readable; over the legend's void it costs nothing.
                shadow: true,
            });
        }
    }
    out
}

/// Everything the HUD pass draws over a board, back to front; `view` places the captions.
pub fn board_hud_scene(
    text: &BoardText,
    ui: &UiState,
    overlay: Option<&OverlayView>,
    grid: &HudGrid,
    view: Option<&BoardView>,
) -> HudScene {
    let mut scene = HudScene::default();
    let area = board_area(grid.width, grid.height);
    let x = area[2] as i32;
    let (w, h) = (grid.width as i32, grid.height as i32);
    scene.rect(PixelRect::new(x, 0, w - x, h, linear(BAR_COLOR, 1.0)));
    scene.rect(PixelRect::new(x, 0, grid.scale as i32, h, linear(BAR_EDGE_COLOR, 1.0)));
    let mut glyphs = board_panel_layout(text, grid);
    let board_cols = (x as u32).saturating_sub(grid.origin_x) / (GLYPH_W * grid.scale);
    if let Some((k, n)) = text.step {
        put_text(&mut glyphs, 1, 1, &format!("Pulse step {k}/{n}"), linear(TITLE_COLOR, 1.0), true);
    }
    if let Some(m) = &text.hud.message {
        let row = grid.rows.saturating_sub(2);
        put_text(
            &mut glyphs,
            1,
            row,
            &clip(&m.text, board_cols.saturating_sub(2)),
            linear(m.colour, 1.0),
            true,
        );
    }
    if text.hud.header.is_empty() {
        put_text(&mut glyphs, 1, 1, "(no level)", linear(LABEL_COLOR, 1.0), true);
    }
    for p in &glyphs {
        scene.glyph(grid.place(p));
    }
    if let Some(view) = view {
        for g in caption_glyphs(&text.captions, view, grid) {
            scene.glyph(g);
        }
    }
    if let Some(view) = overlay.filter(|o| !matches!(o, OverlayView::Card(_))) {
        scene.extend(overlay_scene(view, grid));
    }
    top_layers(&mut scene, ui, overlay, grid);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::test_support::SIZES;

    #[test]
    fn a_long_line_breaks_between_its_groups_then_at_spaces() {
        let keys = "WASD move  Space interact  F repair  123 neutralize";
        assert_eq!(fit_line(keys, 60), vec![keys]);
        assert_eq!(fit_line(keys, 40), vec!["WASD move  Space interact  F repair", "123 neutralize"]);
        assert_eq!(
            fit_line("Cell (1, 1): floor with a long tail", 12),
            vec!["Cell (1, 1):", "floor with a", "long tail"]
        );
    }

    #[test]
    fn hints_fold_then_a_too_short_panel_says_how_much_it_left_out() {
        let line = |t: &str| BoardLine::new(t, [255, 255, 255]);
        let hud = BoardHud {
            header: vec![line("Level")],
            panel: vec![line("a"), line("b"), line("c")],
            hints: vec![line("h1"), line("h2"), line("h3")],
            ..BoardHud::default()
        };
        assert_eq!(panel_lines(&hud, 40, 20).len(), 1 + 1 + 3 + 1 + 3, "everything fits");
        let folded = panel_lines(&hud, 40, 8);
        assert_eq!(folded.last().map(|l| l.text.as_str()), Some(HINTS_FOLDED));
        let short = panel_lines(&hud, 40, 3);
        assert_eq!(short.len(), 3);
        assert!(short[2].text.starts_with("+3 lines left out"), "{:?}", short[2]);
    }

    #[test]
    fn the_board_hud_stays_on_the_target_at_every_size() {
        let line = BoardLine::new("x".repeat(300), [255, 255, 255]);
        let hud = BoardHud {
            header: vec![line.clone(); 3],
            panel: vec![line.clone(); 80],
            forecasts: vec![line.clone(); 5],
            hints: vec![line.clone(); 3],
            message: Some(line),
        };
        let text = BoardText { hud, step: Some((2, 4)), captions: Vec::new() };
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let scene = board_hud_scene(&text, &UiState::default(), None, &grid, None);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            let x = board_area(w, h)[2] as i32;
            let panel: Vec<_> = board_panel_layout(&text, &grid).iter().map(|p| grid.place(p)).collect();
            assert!(panel.iter().all(|g| g.x >= x), "{w}x{h}: panel text left of the panel");
        }
    }
}
