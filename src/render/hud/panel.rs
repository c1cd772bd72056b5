//! Framed panels over the veiled world: the chrome every overlay (help, log, prompt, automap) is
//! drawn in.

use super::grid::{clip, put_text, text_width, HudGrid, PlacedGlyph};
use super::shapes::{HudScene, PixelRect};
use crate::render::palette::*;

/// A framed panel in whole cells. Its border runs through the middle of its outermost cells, and
/// text starts two columns in, so there is air between frame and ink on every side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panel {
    pub col: u32,
    pub row: u32,
    pub cols: u32,
    pub rows: u32,
}

/// Lines of chrome a titled panel spends: the border cells, the title, a rule under it, a rule above
/// the hint and the hint.
pub const TITLED_CHROME_ROWS: u32 = 6;
/// Columns of chrome: a border cell and a column of air each side.
pub const CHROME_COLS: u32 = 4;

impl Panel {
    /// The largest panel an overlay may take on this grid.
    pub fn region(grid: &HudGrid) -> Panel {
        let rows = grid.overlay_rows();
        Panel { col: 1, row: rows.start, cols: grid.cols.saturating_sub(2), rows: rows.end - rows.start }
    }

    /// A panel of `cols` × `rows` cells (clamped to the region), centred in the region.
    pub fn centred(grid: &HudGrid, cols: u32, rows: u32) -> Panel {
        let r = Panel::region(grid);
        let (cols, rows) = (cols.min(r.cols), rows.min(r.rows));
        Panel { col: r.col + (r.cols - cols) / 2, row: r.row + (r.rows - rows) / 2, cols, rows }
    }

    /// First text column and the number of text columns.
    pub fn text_cols(&self) -> (u32, u32) {
        (self.col + 2, self.cols.saturating_sub(CHROME_COLS))
    }

    /// The outer border's rectangle in target pixels.
    pub fn frame(&self, grid: &HudGrid) -> PixelRect {
        let s = grid.scale as i32;
        let (x0, x1) = (grid.cell_x(self.col) + 3 * s, grid.cell_x(self.col + self.cols) - 3 * s);
        let (y0, y1) = (grid.cell_y(self.row) + 5 * s, grid.cell_y(self.row + self.rows) - 5 * s);
        PixelRect::new(x0, y0, x1 - x0, y1 - y0, linear(BAR_EDGE_COLOR, 1.0))
    }

    /// A horizontal rule through the middle of line `row`, across the text columns.
    pub fn rule(&self, grid: &HudGrid, row: u32) -> PixelRect {
        let s = grid.scale as i32;
        let x0 = grid.cell_x(self.col + 1);
        let x1 = grid.cell_x(self.col + self.cols - 1);
        PixelRect::new(x0, grid.cell_y(row) + 5 * s, x1 - x0, s, linear(PANEL_EDGE_COLOR, 1.0))
    }

    /// `text` centred on line `row` across the text columns (cut to fit).
    pub fn centre_text(&self, out: &mut Vec<PlacedGlyph>, row: u32, text: &str, color: Srgb) {
        let (c0, n) = self.text_cols();
        let text = clip(text, n);
        put_text(out, c0 + (n - text_width(&text)) / 2, row, &text, linear(color, 1.0), false);
    }
}

/// A panel with its glyphs and rules: the help, log and prompt all come to this.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelLayout {
    pub panel: Panel,
    pub glyphs: Vec<PlacedGlyph>,
    pub rules: Vec<PixelRect>,
}

impl PanelLayout {
    /// A titled panel: title on its first text line, hint on its last, rules between.
    pub fn titled(panel: Panel, grid: &HudGrid, title: &str, hint: &str) -> PanelLayout {
        let mut glyphs = Vec::new();
        panel.centre_text(&mut glyphs, panel.row + 1, title, TITLE_COLOR);
        panel.centre_text(&mut glyphs, panel.row + panel.rows - 2, hint, HINT_COLOR);
        let rules = vec![panel.rule(grid, panel.row + 2), panel.rule(grid, panel.row + panel.rows - 3)];
        PanelLayout { panel, glyphs, rules }
    }

    /// The lines between the two rules of a titled panel.
    pub fn content_rows(&self) -> std::ops::Range<u32> {
        self.panel.row + 3..self.panel.row + self.panel.rows.saturating_sub(3)
    }
}

/// Draws a panel: dark fill, a bronze frame with a dimmer inner line, the rules and the text.
pub fn panel_scene(panel: &Panel, grid: &HudGrid) -> HudScene {
    let s = grid.scale as i32;
    let mut scene = HudScene::default();
    let frame = panel.frame(grid);
    scene.framed(frame, Some(linear(OVERLAY_FILL_COLOR, OVERLAY_FILL_ALPHA)), frame.color, s);
    let inner =
        PixelRect::new(frame.x + 2 * s, frame.y + 2 * s, frame.w - 4 * s, frame.h - 4 * s, frame.color);
    scene.framed(inner, None, linear(PANEL_EDGE_COLOR, 1.0), s);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panel_hides_what_lies_behind_it() {
        let grid = HudGrid::new(1280, 720);
        let panel = Panel::centred(&grid, 20, 6);
        let scene = panel_scene(&panel, &grid);
        let fill = scene.rects().next().expect("the panel's fill");
        assert_eq!(fill.color[3], 1.0, "an opaque fill");
        assert_eq!((fill.w, fill.h), (panel.frame(&grid).w, panel.frame(&grid).h));
    }
}
