//! The HUD as pure data: what it says this turn (`HudText`, from the scene's HUD model), the grid of glyph cells
//! on a target (`HudGrid`), and the composition of bar, turn strip, message line, notice and overlay
//! into one `HudScene` (`hud_scene`), which the renderer packs into quads.
//!
//! Nothing here touches the GPU, so unit tests check the layout and the headless tests can find the
//! pixels of any glyph in a rendered frame. The parts live in `hud_bar`, `turn_strip`,
//! `overlay_layout` and `automap_layout`.

use super::font::{GLYPH_H, GLYPH_W};
use super::hud_bar::{bar_layout, bar_scene};
use super::hud_scene::{HudScene, PixelRect, ScreenGlyph};
use super::overlay_layout::{overlay_scene, OverlayView};
use super::scene::GlyphInstance;
use super::turn_strip::{strip_layout, strip_scene, TurnStrip};
use crate::scene::BarModel;
use crate::scene::HudModel;

pub use super::palette::{linear, BAR_COLOR, BAR_EDGE_COLOR, LABEL_COLOR, MESSAGE_COLOR, VALUE_COLOR};

/// Font pixels per text line: the 8-pixel glyph plus 2 pixels of leading (1 above, 1 below).
pub const LINE_H: u32 = 10;
/// Text lines taken by the bar at the bottom: padding line, the status line, padding line.
pub const BAR_ROWS: u32 = 3;
/// The integer scale is the largest that still leaves at least this many columns ...
pub const MIN_COLS: u32 = 96;
/// ... and at least this many lines, so the bar stays a small strip at every resolution.
pub const MIN_ROWS: u32 = 27;
/// Turns a message stays at full strength, then turns over which it fades out.
pub const MESSAGE_FULL_TURNS: u64 = 2;
pub const MESSAGE_FADE_TURNS: u64 = 2;

/// What the HUD says this turn; rebuilt once per turn from the scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HudText {
    pub bar: BarModel,
    pub strip: TurnStrip,
    /// The latest message and its strength (0..1) after fading by age.
    pub message: Option<(String, f32)>,
}

impl HudText {
    pub fn from_hud(hud: &HudModel) -> HudText {
        let message = hud.messages.last().and_then(|m| {
            let alpha = message_alpha(hud.turn.saturating_sub(m.turn));
            (alpha > 0.0).then(|| (m.text.clone(), alpha))
        });
        HudText { bar: hud.bar.clone(), strip: TurnStrip { actors: hud.strip.clone() }, message }
    }
}

/// Strength of a message `age` turns old: full for `MESSAGE_FULL_TURNS`, then a linear fade over
/// `MESSAGE_FADE_TURNS`. Turn-based on purpose: the log fades as you act, not while you think.
pub fn message_alpha(age: u64) -> f32 {
    if age <= MESSAGE_FULL_TURNS {
        return 1.0;
    }
    let faded = (age - MESSAGE_FULL_TURNS) as f32 / MESSAGE_FADE_TURNS as f32;
    (1.0 - faded).max(0.0)
}

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

    /// Line of the message, just above the bar (over the 3D view).
    pub fn message_row(&self) -> u32 {
        self.rows - BAR_ROWS - 1
    }

    /// Line of the app's notice, above the message line.
    pub fn notice_row(&self) -> u32 {
        self.message_row().saturating_sub(1)
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

/// A line of shadowed text over the 3D view from column 1, cut at the right margin.
fn world_line(text: &str, row: u32, color: [f32; 4], grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = Vec::new();
    put_text(&mut out, 1, row, &clip(text, grid.cols.saturating_sub(2)), color, true);
    out
}

/// The latest message, just above the bar.
pub fn message_layout(message: &str, alpha: f32, grid: &HudGrid) -> Vec<PlacedGlyph> {
    world_line(message, grid.message_row(), linear(MESSAGE_COLOR, alpha), grid)
}

/// The app's notice (a saved screenshot, a refused command), above the message line.
pub fn notice_layout(notice: &str, grid: &HudGrid) -> Vec<PlacedGlyph> {
    world_line(notice, grid.notice_row(), linear(super::palette::NOTICE_COLOR, 1.0), grid)
}

/// The turn's text glyphs in cells: the bar, the turn strip and the message line (no overlay).
pub fn hud_layout(text: &HudText, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = bar_layout(&text.bar, grid).glyphs;
    if let Some(strip) = strip_layout(&text.strip, grid) {
        out.extend(strip.glyphs);
    }
    if let Some((msg, alpha)) = &text.message {
        out.extend(message_layout(msg, *alpha, grid));
    }
    out
}

/// Everything the HUD pass draws, back to front: the bar; then either the turn strip and the
/// message line, or the open overlay over a veiled world; then the notice on top.
pub fn hud_scene(
    text: &HudText,
    notice: Option<&str>,
    overlay: Option<&OverlayView>,
    grid: &HudGrid,
) -> HudScene {
    let mut scene = bar_scene(&text.bar, grid);
    match overlay {
        Some(view) => scene.extend(overlay_scene(view, grid)),
        None => {
            scene.extend(strip_scene(&text.strip, grid));
            if let Some((msg, alpha)) = &text.message {
                for p in message_layout(msg, *alpha, grid) {
                    scene.glyph(grid.place(&p));
                }
            }
        }
    }
    for p in notice.map(|n| notice_layout(n, grid)).unwrap_or_default() {
        scene.glyph(grid.place(&p));
    }
    scene
}

/// The HUD as GPU quads (see `hud_scene`).
pub fn hud_instances(
    text: &HudText,
    notice: Option<&str>,
    overlay: Option<&OverlayView>,
    grid: &HudGrid,
) -> Vec<GlyphInstance> {
    hud_scene(text, notice, overlay, grid).instances()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The supported range and an odd size that catches rounding: every layout test runs on these.
    pub(crate) const SIZES: [(u32, u32); 6] =
        [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (701, 401), (320, 200)];

    pub(crate) fn text_on_row(placed: &[PlacedGlyph], row: u32) -> String {
        let mut cells: Vec<(u32, char)> =
            placed.iter().filter(|p| p.row == row).map(|p| (p.col, p.ch)).collect();
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

    #[test]
    fn scale_is_a_whole_number_that_grows_with_resolution() {
        assert_eq!(HudGrid::new(1280, 720).scale, 2);
        assert_eq!(HudGrid::new(1920, 1080).scale, 3);
        assert_eq!(HudGrid::new(3840, 2160).scale, 6);
        assert_eq!(HudGrid::new(320, 200).scale, 1);
        for (w, h) in SIZES {
            let g = HudGrid::new(w, h);
            assert!(g.cols >= 53, "{w}x{h}: the narrow bar needs 53 columns");
            assert_eq!(g.origin_y + g.rows * LINE_H * g.scale, h, "last line touches the bottom");
            assert!(g.origin_x + g.cols * GLYPH_W * g.scale <= w);
        }
    }

    #[test]
    fn message_sits_above_the_bar_with_a_shadow_and_is_cut_to_fit() {
        let grid = HudGrid::new(320, 200);
        let msg = message_layout(&"x".repeat(200), 1.0, &grid);
        assert_eq!(msg.len() as u32, grid.cols - 2);
        assert!(msg.iter().all(|p| p.shadow && p.row == grid.message_row()));
        let (_, y) = grid.glyph_origin(1, grid.message_row());
        assert!(y + GLYPH_H * grid.scale <= grid.bar_top());
    }

    #[test]
    fn notice_sits_above_the_message_line() {
        let grid = HudGrid::new(1280, 720);
        let notice = notice_layout("Screenshot saved", &grid);
        assert_eq!(text_on_row(&notice, grid.notice_row()), " Screenshot saved");
        assert_eq!(grid.notice_row() + 1, grid.message_row());
    }

    #[test]
    fn messages_hold_for_two_turns_then_fade_out() {
        assert_eq!(message_alpha(0), 1.0);
        assert_eq!(message_alpha(2), 1.0);
        assert!(message_alpha(3) > 0.0 && message_alpha(3) < 1.0);
        assert_eq!(message_alpha(4), 0.0);
        assert_eq!(message_alpha(100), 0.0);
    }

    #[test]
    fn text_boxes_leave_air_around_the_ink_and_need_one_free_column_between_them() {
        let grid = HudGrid::new(1280, 720);
        let s = grid.scale as i32;
        let row = grid.status_row();
        let a = grid.text_box(3, 8, row, [1.0; 4]);
        let (x, y) = grid.glyph_origin(3, row);
        assert_eq!((x as i32 - a.x, y as i32 - a.y), (3 * s, 3 * s));
        assert_eq!(a.bottom() - (y as i32 + 7 * s), 3 * s, "two font pixels of air under the capitals");
        let b = grid.text_box(9, 12, row, [1.0; 4]);
        assert!(b.x > a.right(), "boxes one column apart do not touch");
    }

    #[test]
    fn the_whole_hud_stays_on_the_target_at_every_size() {
        let text = HudText { message: Some(("m".repeat(300), 1.0)), ..HudText::default() };
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let scene = hud_scene(&text, Some(&"n".repeat(300)), None, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
        }
    }
}
