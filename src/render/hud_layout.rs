//! The HUD as pure data: what text the bar and the message line show (`HudText`, from the game), where
//! each glyph goes in glyph cells (`hud_layout`) and how cells map to pixels (`HudGrid`).
//!
//! Nothing here touches the GPU, so tests can check the layout and the headless tests can find the
//! pixels of any glyph in a rendered frame.

use super::font::{glyph_index, GLYPH_H, GLYPH_W};
use super::scene::{GlyphInstance, GLYPH_SOLID};
use crate::game::Game;

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

/// What the HUD says this turn; rebuilt once per turn from the game.
#[derive(Clone, Debug, PartialEq)]
pub struct HudText {
    pub depth: u32,
    pub turn: u64,
    /// The latest message and its strength (0..1) after fading by age.
    pub message: Option<(String, f32)>,
}

impl HudText {
    pub fn from_game(game: &Game) -> HudText {
        let message = game.messages().last().and_then(|m| {
            let alpha = message_alpha(game.turn().saturating_sub(m.turn));
            (alpha > 0.0).then(|| (m.text.clone(), alpha))
        });
        HudText { depth: game.depth(), turn: game.turn(), message }
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

    /// First pixel row of the bar; the 3D view is drawn in the rows above it.
    pub fn bar_top(&self) -> u32 {
        (self.origin_y + (self.rows - BAR_ROWS) * LINE_H * self.scale).min(self.height)
    }

    /// Top-left target pixel of the glyph in cell (col, row).
    pub fn glyph_origin(&self, col: u32, row: u32) -> (u32, u32) {
        (
            self.origin_x + col * GLYPH_W * self.scale,
            self.origin_y + row * LINE_H * self.scale + (LINE_H - GLYPH_H) / 2 * self.scale,
        )
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

/// Colours of the HUD, in sRGB as a designer would pick them.
pub const BAR_COLOR: [u8; 3] = [18, 14, 12];
pub const BAR_EDGE_COLOR: [u8; 3] = [92, 70, 46];
pub const LABEL_COLOR: [u8; 3] = [186, 160, 118];
pub const VALUE_COLOR: [u8; 3] = [240, 222, 170];
pub const MESSAGE_COLOR: [u8; 3] = [236, 226, 200];

/// sRGB bytes to the linear colour the shaders output (the target encodes back to sRGB).
pub fn linear(c: [u8; 3], alpha: f32) -> [f32; 4] {
    let f = |v: u8| {
        let s = v as f32 / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(c[0]), f(c[1]), f(c[2]), alpha]
}

/// Which glyph goes where, in glyph cells: the status line in the bar and the message line above it.
/// Spaces are left out; text that does not fit is cut at the right edge.
pub fn hud_layout(text: &HudText, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = Vec::new();
    let mut put = |col: &mut u32, row: u32, s: &str, color: [f32; 4], shadow: bool| {
        for ch in s.chars() {
            if *col + 1 >= grid.cols {
                return;
            }
            if ch != ' ' {
                out.push(PlacedGlyph { col: *col, row, ch, color, shadow });
            }
            *col += 1;
        }
    };
    let status = grid.status_row();
    let mut col = 1;
    put(&mut col, status, "DEPTH:", linear(LABEL_COLOR, 1.0), false);
    put(&mut col, status, &text.depth.to_string(), linear(VALUE_COLOR, 1.0), false);
    col += 3;
    put(&mut col, status, "TURN:", linear(LABEL_COLOR, 1.0), false);
    put(&mut col, status, &text.turn.to_string(), linear(VALUE_COLOR, 1.0), false);
    if let Some((msg, alpha)) = &text.message {
        let mut col = 1;
        put(&mut col, grid.message_row(), msg, linear(MESSAGE_COLOR, *alpha), true);
    }
    out
}

/// The HUD as GPU quads, back to front: bar, bar edge, shadows, glyphs.
pub fn hud_instances(text: &HudText, grid: &HudGrid) -> Vec<GlyphInstance> {
    let s = grid.scale as f32;
    let solid = |x: f32, y: f32, w: f32, h: f32, color: [f32; 4]| GlyphInstance {
        rect: [x, y, w, h],
        color,
        glyph: GLYPH_SOLID,
        scale: s,
        _pad0: 0,
        _pad1: 0,
    };
    let top = grid.bar_top() as f32;
    let (w, h) = (grid.width as f32, grid.height as f32);
    let mut out = vec![
        solid(0.0, top, w, h - top, linear(BAR_COLOR, 1.0)),
        solid(0.0, top, w, s, linear(BAR_EDGE_COLOR, 1.0)),
    ];
    let placed = hud_layout(text, grid);
    let glyph = |p: &PlacedGlyph, dx: f32, color: [f32; 4]| {
        let (x, y) = grid.glyph_origin(p.col, p.row);
        GlyphInstance {
            rect: [
                x as f32 + dx,
                y as f32 + dx,
                (GLYPH_W * grid.scale) as f32,
                (GLYPH_H * grid.scale) as f32,
            ],
            color,
            glyph: glyph_index(p.ch),
            scale: s,
            _pad0: 0,
            _pad1: 0,
        }
    };
    for p in placed.iter().filter(|p| p.shadow) {
        out.push(glyph(p, s, [0.0, 0.0, 0.0, 0.85 * p.color[3]]));
    }
    for p in &placed {
        out.push(glyph(p, 0.0, p.color));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_on_row(placed: &[PlacedGlyph], row: u32) -> String {
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
        for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160), (701, 401)] {
            let g = HudGrid::new(w, h);
            assert!(g.cols >= 72, "{w}x{h}: the plan's status line needs 72 columns");
            assert_eq!(g.origin_y + g.rows * LINE_H * g.scale, h, "last line touches the bottom");
        }
    }

    #[test]
    fn status_line_reads_depth_and_turn_inside_the_bar() {
        let grid = HudGrid::new(1280, 720);
        let text = HudText { depth: 7, turn: 42, message: None };
        let placed = hud_layout(&text, &grid);
        assert_eq!(text_on_row(&placed, grid.status_row()), " DEPTH:7   TURN:42");
        let (_, y) = grid.glyph_origin(1, grid.status_row());
        assert!(y > grid.bar_top());
    }

    #[test]
    fn message_sits_above_the_bar_with_a_shadow_and_is_cut_to_fit() {
        let grid = HudGrid::new(320, 200);
        let long = "x".repeat(200);
        let text = HudText { depth: 1, turn: 0, message: Some((long, 1.0)) };
        let placed = hud_layout(&text, &grid);
        let msg: Vec<_> = placed.iter().filter(|p| p.row == grid.message_row()).collect();
        assert_eq!(msg.len() as u32, grid.cols - 2);
        assert!(msg.iter().all(|p| p.shadow));
        let (_, y) = grid.glyph_origin(1, grid.message_row());
        assert!(y + GLYPH_H * grid.scale <= grid.bar_top());
    }

    #[test]
    fn messages_hold_for_two_turns_then_fade_out() {
        assert_eq!(message_alpha(0), 1.0);
        assert_eq!(message_alpha(2), 1.0);
        assert!(message_alpha(3) > 0.0 && message_alpha(3) < 1.0);
        assert_eq!(message_alpha(4), 0.0);
        assert_eq!(message_alpha(100), 0.0);
    }
}
