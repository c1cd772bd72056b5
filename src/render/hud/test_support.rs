//! What the HUD's layout tests share: the window sizes every layout is tried on and a reader of
//! one row of placed glyphs. Its own file, so a test of the bar or a screen does not reach into
//! the composer's tests, which sit above every piece they compose.

use super::grid::PlacedGlyph;

/// The supported range and an odd size that catches rounding: every layout test runs on these.
pub(crate) const SIZES: [(u32, u32); 6] =
    [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (701, 401), (320, 200)];

/// The text of `row`, each glyph at its column, spaces between.
pub(crate) fn text_on_row(placed: &[PlacedGlyph], row: u32) -> String {
    let mut cells: Vec<(u32, char)> = placed.iter().filter(|p| p.row == row).map(|p| (p.col, p.ch)).collect();
    cells.sort();
    let mut s = String::new();
    for (col, ch) in cells {
        while (s.chars().count() as u32) < col {
            s.push(' ');
        }
        s.push(ch);
    }
    s
}
