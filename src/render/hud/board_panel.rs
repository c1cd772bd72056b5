//! The HUD of a board scene: the panel at the right (header, inspection, forecasts), the pulse-step
//! badge and the message line over the board, then the app's overlays, curtain and notice as the
//! crawler's HUD draws them.

use super::compose::top_layers;
use super::grid::{clip, put_text, text_width, wrap, HudGrid, PlacedGlyph};
use super::overlays::{overlay_scene, OverlayView};
use super::shapes::{HudScene, PixelRect};
use crate::render::board::layout::{board_area, PANEL_COLS};
use crate::render::font::GLYPH_W;
use crate::render::overlay::UiState;
use crate::render::palette::{linear, BAR_COLOR, BAR_EDGE_COLOR, LABEL_COLOR, TITLE_COLOR};
use crate::scene::{BoardHud, BoardLine};

/// What the board's HUD shows this scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardText {
    pub hud: BoardHud,
    pub step: Option<(u32, u32)>,
}

/// First text column of the panel and how many columns it has.
pub fn panel_cols(grid: &HudGrid) -> (u32, u32) {
    let x = board_area(grid.width, grid.height)[2] as u32;
    let col = (x.saturating_sub(grid.origin_x)).div_ceil(GLYPH_W * grid.scale) + 1;
    (col, grid.cols.saturating_sub(col + 1).min(PANEL_COLS))
}

/// Lines from `row` down, each wrapped at spaces to the panel's width (a line that fits keeps its
/// spacing, so the value columns stay aligned), stopping at `last`.
fn lines_at(out: &mut Vec<PlacedGlyph>, lines: &[BoardLine], col: u32, row: &mut u32, width: u32, last: u32) {
    for l in lines {
        let parts =
            if text_width(&l.text) <= width { vec![l.text.clone()] } else { wrap(&l.text, width.max(1)) };
        for part in parts {
            if *row >= last {
                return;
            }
            put_text(out, col, *row, &clip(&part, width), linear(l.colour, 1.0), false);
            *row += 1;
        }
    }
}

/// The panel's glyphs in cells: header, a gap, the inspection lines, a gap, the forecasts.
pub fn board_panel_layout(text: &BoardText, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let (col, width) = panel_cols(grid);
    let mut out = Vec::new();
    let mut row = 1;
    let last = grid.rows.saturating_sub(1);
    lines_at(&mut out, &text.hud.header, col, &mut row, width, last);
    row += 1;
    lines_at(&mut out, &text.hud.panel, col, &mut row, width, last);
    if !text.hud.forecasts.is_empty() {
        row += 1;
        lines_at(&mut out, &text.hud.forecasts, col, &mut row, width, last);
    }
    out
}

/// Everything the HUD pass draws over a board, back to front.
pub fn board_hud_scene(
    text: &BoardText,
    ui: &UiState,
    overlay: Option<&OverlayView>,
    grid: &HudGrid,
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
    if let Some(view) = overlay.filter(|o| !matches!(o, OverlayView::Card(_))) {
        scene.extend(overlay_scene(view, grid));
    }
    top_layers(&mut scene, ui, overlay, grid);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::compose::tests::SIZES;

    #[test]
    fn the_board_hud_stays_on_the_target_at_every_size() {
        let line = BoardLine::new("x".repeat(300), [255, 255, 255]);
        let hud = BoardHud {
            header: vec![line.clone(); 3],
            panel: vec![line.clone(); 80],
            forecasts: vec![line.clone(); 5],
            message: Some(line),
        };
        let text = BoardText { hud, step: Some((2, 4)) };
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let scene = board_hud_scene(&text, &UiState::default(), None, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            let x = board_area(w, h)[2] as i32;
            let panel: Vec<_> = board_panel_layout(&text, &grid).iter().map(|p| grid.place(p)).collect();
            assert!(panel.iter().all(|g| g.x >= x), "{w}x{h}: panel text left of the panel");
        }
    }
}
