//! The HUD's primitives: the grid of glyph cells on a target (`HudGrid`), a glyph placed in a cell,
//! and writing text into cells. Every HUD part is laid out on these.

use super::shapes::{PixelRect, ScreenGlyph};
use crate::render::font::{GLYPH_H, GLYPH_W};

/// Font pixels per text line: the 8-pixel glyph plus 2 pixels of leading (1 above, 1 below).
pub const LINE_H: u32 = 10;
/// Text lines taken by the bar at the bottom: padding line, the status line, padding line.
pub const BAR_ROWS: u32 = 3;
/// Lines of recent messages shown over the 3D view, newest lowest.
pub const MESSAGE_LINES: u32 = 3;
/// The integer scale is the largest that still leaves at least this many columns ...
pub const MIN_COLS: u32 = 96;
/// ... and at least this many lines, so the bar stays a small strip at every resolution.
pub const MIN_ROWS: u32 = 27;
/// The HUD's grid of glyph cells on a target of a given size. Cells are `GLYPH_W` × `LINE_H` font
/// pixels, each font pixel `scale` × `scale` target pixels; the grid is centred horizontally and its
/// last line touches the bottom edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HudGrid {
    pub width: u32,
    pub height: u32,
    pub scale: u32,
    pub cols: u32,
    pub rows: u32,
    pub origin_x: u32,
    pub origin_y: u32,
}

impl HudGrid {
    pub fn new(width: u32, height: u32) -> HudGrid {
        let scale = (width / (GLYPH_W * MIN_COLS)).min(height / (LINE_H * MIN_ROWS)).max(1);
        HudGrid::with_scale(width, height, scale)
    }

    /// The grid of `scale` on the same target: larger type for whole-screen cards and titles.
    pub fn with_scale(width: u32, height: u32, scale: u32) -> HudGrid {
        let scale = scale.max(1);
        let cols = (width / (GLYPH_W * scale)).max(1);
        let rows = (height / (LINE_H * scale)).max(BAR_ROWS + 1);
        HudGrid {
            width,
            height,
            scale,
            cols,
            rows,
            origin_x: width.saturating_sub(cols * GLYPH_W * scale) / 2,
            origin_y: height.saturating_sub(rows * LINE_H * scale),
        }
    }

    /// Line of the status text inside the bar.
    pub fn status_row(&self) -> u32 {
        self.rows - BAR_ROWS + 1
    }

    /// Line of the newest message, just above the bar (over the 3D view); older ones stand above.
    pub fn message_row(&self) -> u32 {
        self.rows - BAR_ROWS - 1
    }

    /// Line of the app's notice, above the message lines.
    pub fn notice_row(&self) -> u32 {
        self.message_row().saturating_sub(MESSAGE_LINES)
    }

    /// Line of the turn strip, one line down from the top so it does not hug the edge.
    pub fn strip_row(&self) -> u32 {
        1.min(self.notice_row())
    }

    /// Lines an overlay may use: below the top line, above the notice (which stays readable).
    pub fn overlay_rows(&self) -> std::ops::Range<u32> {
        1..self.notice_row().max(1)
    }

    /// First pixel row of the bar; the 3D view is drawn in the rows above it.
    pub fn bar_top(&self) -> u32 {
        (self.origin_y + (self.rows - BAR_ROWS) * LINE_H * self.scale).min(self.height)
    }

    /// Left edge of column `col` in target pixels.
    pub fn cell_x(&self, col: u32) -> i32 {
        (self.origin_x + col * GLYPH_W * self.scale) as i32
    }

    /// Top edge of line `row` in target pixels (the glyph sits one font pixel lower).
    pub fn cell_y(&self, row: u32) -> i32 {
        (self.origin_y + row * LINE_H * self.scale) as i32
    }

    /// Top-left target pixel of the glyph in cell (col, row).
    pub fn glyph_origin(&self, col: u32, row: u32) -> (u32, u32) {
        (
            self.origin_x + col * GLYPH_W * self.scale,
            self.origin_y + row * LINE_H * self.scale + (LINE_H - GLYPH_H) / 2 * self.scale,
        )
    }

    /// Where a placed glyph lands on the target.
    pub fn place(&self, p: &PlacedGlyph) -> ScreenGlyph {
        let (x, y) = self.glyph_origin(p.col, p.row);
        ScreenGlyph {
            x: x as i32,
            y: y as i32,
            scale: self.scale,
            ch: p.ch,
            color: p.color,
            shadow: p.shadow,
        }
    }

    /// The box around text in columns `c0..c1` of line `row`: two font pixels of air around the ink
    /// on every side, then a one-font-pixel border. It reaches 3 font pixels into the column before
    /// `c0` and 2 into column `c1`, so two boxes need a free column between them.
    pub fn text_box(&self, c0: u32, c1: u32, row: u32, color: [f32; 4]) -> PixelRect {
        let s = self.scale as i32;
        let (x0, x1) = (self.cell_x(c0) - 3 * s, self.cell_x(c1) + 2 * s);
        let y0 = self.cell_y(row) - 2 * s;
        PixelRect::new(x0, y0, x1 - x0, 13 * s, color)
    }
}

/// One character of the HUD in cell coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedGlyph {
    pub col: u32,
    pub row: u32,
    pub ch: char,
    /// Linear rgb and alpha.
    pub color: [f32; 4],
    /// Whether a drop shadow is drawn under it (text over the 3D view needs one to stay readable).
    pub shadow: bool,
}

/// Appends `text` from (`col`, `row`) and returns the column after it. Spaces take a column but
/// place nothing.
pub fn put_text(
    out: &mut Vec<PlacedGlyph>,
    col: u32,
    row: u32,
    text: &str,
    color: [f32; 4],
    shadow: bool,
) -> u32 {
    let mut c = col;
    for ch in text.chars() {
        if ch != ' ' {
            out.push(PlacedGlyph { col: c, row, ch, color, shadow });
        }
        c += 1;
    }
    c
}

/// Number of columns `text` takes (one per char: the font is monospaced).
pub fn text_width(text: &str) -> u32 {
    text.chars().count() as u32
}

/// `text` cut to at most `max` columns.
pub fn clip(text: &str, max: u32) -> String {
    text.chars().take(max as usize).collect()
}

/// Splits `text` into lines of at most `width` columns at spaces (long words are cut).
pub fn wrap(text: &str, width: u32) -> Vec<String> {
    let width = width.max(1) as usize;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let parts = if word.chars().count() > width { break_word(word, width) } else { vec![word.into()] };
        // The parts of one word join without a space, on as few lines as they fit.
        for (i, part) in parts.iter().enumerate() {
            let len = line.chars().count();
            let space = usize::from(i == 0 && len > 0);
            if len > 0 && len + space + part.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            } else if space == 1 {
                line.push(' ');
            }
            line.push_str(part);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A word longer than a line (a file's path) in the pieces it may break between: after each `/`
/// or `\`, where a reader expects a path to break; inside a part still longer than the line, after
/// its hyphens; and only a piece with neither is cut at the width.
fn break_word(word: &str, width: usize) -> Vec<String> {
    let cut = |s: &str| -> Vec<String> {
        s.chars().collect::<Vec<char>>().chunks(width).map(|c| c.iter().collect()).collect()
    };
    let mut pieces = Vec::new();
    for segment in word.split_inclusive(['/', '\\']) {
        if segment.chars().count() <= width {
            pieces.push(segment.to_string());
        } else {
            pieces.extend(segment.split_inclusive('-').flat_map(cut));
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_respects_the_width() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 5), vec![""]);
    }

    /// Issue 34: the morgue path on the death card broke mid-word; it breaks after a separator, and
    /// after a hyphen only inside a file name longer than the line.
    #[test]
    fn a_long_path_wraps_after_its_separators() {
        let path =
            "Morgue file: /home/somebody/.local/share/hollowdeep/morgue/morgue-20261201-120000-seed42.txt";
        assert_eq!(
            wrap(path, 30),
            [
                "Morgue file: /home/somebody/",
                ".local/share/hollowdeep/",
                "morgue/morgue-20261201-120000-",
                "seed42.txt"
            ]
        );
        assert_eq!(
            wrap(path, 40),
            [
                "Morgue file: /home/somebody/.local/",
                "share/hollowdeep/morgue/",
                "morgue-20261201-120000-seed42.txt"
            ]
        );
        let windows = r"C:\Users\somebody\hollowdeep\morgue.txt";
        assert_eq!(wrap(windows, 20), [r"C:\Users\somebody\", r"hollowdeep\", "morgue.txt"]);
    }
}
