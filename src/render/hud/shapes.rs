//! The HUD as a flat, ordered list of solid rectangles and glyphs in target pixels (`HudScene`), and
//! its packing into the `GlyphInstance` quads that `shaders/hud.wgsl` draws.
//!
//! Layout code builds a scene; the renderer only packs it. Keeping this step free of the GPU lets the
//! unit tests check bounds and the pixel tests know where every glyph landed.

use crate::render::font::{glyph_index, GLYPHS, GLYPH_H, GLYPH_W};
use crate::render::scene::{GlyphInstance, GLYPH_SOLID};

/// A filled rectangle in target pixels (x, y top-left; may be partly off-target only by mistake,
/// which the layout tests catch).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PixelRect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
    /// Linear rgb and alpha.
    pub color: [f32; 4],
}

impl PixelRect {
    pub fn new(x: i32, y: i32, w: i32, h: i32, color: [f32; 4]) -> PixelRect {
        PixelRect { x, y, w, h, color }
    }

    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// Whether target pixel (x, y) is inside.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }
}

/// One character on screen: its cell's top-left target pixel and its own whole-number scale (the
/// automap draws at a different scale from the text around it).
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenGlyph {
    pub x: i32,
    pub y: i32,
    pub scale: u32,
    pub ch: char,
    /// Linear rgb and alpha.
    pub color: [f32; 4],
    /// A drop shadow one font pixel down and right, for text over the 3D view.
    pub shadow: bool,
}

impl ScreenGlyph {
    /// Right edge of the glyph's cell in target pixels.
    pub fn right(&self) -> i32 {
        self.x + (GLYPH_W * self.scale) as i32
    }

    /// Bottom edge of the glyph's cell (its eight font rows) in target pixels.
    pub fn bottom(&self) -> i32 {
        self.y + (GLYPH_H * self.scale) as i32
    }
}

/// One thing to draw; the scene keeps them in painting order.
#[derive(Clone, Debug, PartialEq)]
pub enum HudItem {
    Rect(PixelRect),
    Glyph(ScreenGlyph),
}

/// Everything the HUD pass draws this frame, back to front.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HudScene {
    pub items: Vec<HudItem>,
}

impl HudScene {
    pub fn rect(&mut self, r: PixelRect) {
        if r.w > 0 && r.h > 0 {
            self.items.push(HudItem::Rect(r));
        }
    }

    pub fn glyph(&mut self, g: ScreenGlyph) {
        if g.ch != ' ' {
            self.items.push(HudItem::Glyph(g));
        }
    }

    /// A box: `fill` inside (if any) and a `border` `t` pixels thick drawn inside the rectangle's edge.
    pub fn framed(&mut self, r: PixelRect, fill: Option<[f32; 4]>, border: [f32; 4], t: i32) {
        if let Some(fill) = fill {
            self.rect(PixelRect { color: fill, ..r });
        }
        self.rect(PixelRect::new(r.x, r.y, r.w, t, border));
        self.rect(PixelRect::new(r.x, r.bottom() - t, r.w, t, border));
        self.rect(PixelRect::new(r.x, r.y + t, t, r.h - 2 * t, border));
        self.rect(PixelRect::new(r.right() - t, r.y + t, t, r.h - 2 * t, border));
    }

    pub fn extend(&mut self, other: HudScene) {
        self.items.extend(other.items);
    }

    pub fn glyphs(&self) -> impl Iterator<Item = &ScreenGlyph> {
        self.items.iter().filter_map(|i| match i {
            HudItem::Glyph(g) => Some(g),
            HudItem::Rect(_) => None,
        })
    }

    pub fn rects(&self) -> impl Iterator<Item = &PixelRect> {
        self.items.iter().filter_map(|i| match i {
            HudItem::Rect(r) => Some(r),
            HudItem::Glyph(_) => None,
        })
    }

    /// The first item that reaches outside a `width` × `height` target (shadows included), if any.
    pub fn out_of_bounds(&self, width: u32, height: u32) -> Option<&HudItem> {
        let (w, h) = (width as i32, height as i32);
        self.items.iter().find(|item| match item {
            HudItem::Rect(r) => r.x < 0 || r.y < 0 || r.right() > w || r.bottom() > h,
            HudItem::Glyph(g) => {
                let shadow = if g.shadow { g.scale as i32 } else { 0 };
                g.x < 0 || g.y < 0 || g.right() + shadow > w || g.bottom() + shadow > h
            }
        })
    }

    /// The quads for `shaders/hud.wgsl`, in painting order; a shadowed glyph gets its shadow first.
    /// A shadow stays inside its own glyph cell (the glyph's right column and bottom row are spare),
    /// so drawing it right before its glyph never darkens a neighbour.
    pub fn instances(&self) -> Vec<GlyphInstance> {
        let mut out = Vec::with_capacity(self.items.len() + 16);
        for item in &self.items {
            match item {
                HudItem::Rect(r) => out.push(GlyphInstance {
                    rect: [r.x as f32, r.y as f32, r.w as f32, r.h as f32],
                    color: r.color,
                    glyph: GLYPH_SOLID,
                    scale: 1.0,
                    rows: [u32::MAX; 2],
                }),
                HudItem::Glyph(g) => {
                    let quad = |d: i32, color: [f32; 4]| GlyphInstance {
                        rect: [
                            (g.x + d) as f32,
                            (g.y + d) as f32,
                            (GLYPH_W * g.scale) as f32,
                            (GLYPH_H * g.scale) as f32,
                        ],
                        color,
                        glyph: glyph_index(g.ch),
                        scale: g.scale as f32,
                        rows: GLYPHS[glyph_index(g.ch) as usize].packed_rows(),
                    };
                    if g.shadow {
                        out.push(quad(g.scale as i32, [0.0, 0.0, 0.0, 0.85 * g.color[3]]));
                    }
                    out.push(quad(0, g.color));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyph(x: i32, y: i32, shadow: bool) -> ScreenGlyph {
        ScreenGlyph { x, y, scale: 2, ch: 'A', color: [1.0; 4], shadow }
    }

    #[test]
    fn a_shadowed_glyph_is_two_quads_with_the_shadow_first_and_spaces_draw_nothing() {
        let mut s = HudScene::default();
        s.glyph(glyph(10, 20, true));
        s.glyph(ScreenGlyph { ch: ' ', ..glyph(0, 0, false) });
        let q = s.instances();
        assert_eq!(q.len(), 2);
        assert_eq!(q[0].rect, [12.0, 22.0, 12.0, 16.0]);
        assert_eq!(q[0].color[..3], [0.0; 3]);
        assert_eq!(q[1].rect, [10.0, 20.0, 12.0, 16.0]);
        assert_eq!(q[1].glyph, glyph_index('A'));
        assert_eq!(q[1].scale, 2.0);
    }

    #[test]
    fn a_frame_is_four_edges_inside_its_rectangle() {
        let mut s = HudScene::default();
        s.framed(PixelRect::new(0, 0, 10, 8, [1.0; 4]), None, [1.0; 4], 2);
        let rects: Vec<_> = s.rects().collect();
        assert_eq!(rects.len(), 4);
        let covered = |x, y| rects.iter().any(|r| r.contains(x, y));
        assert!(covered(0, 0) && covered(9, 7) && covered(1, 4) && covered(8, 4));
        assert!(!covered(2, 2) && !covered(7, 5));
        assert!(s.out_of_bounds(10, 8).is_none());
        assert!(s.out_of_bounds(9, 8).is_some());
    }

    #[test]
    fn bounds_count_the_shadow() {
        let mut s = HudScene::default();
        s.glyph(glyph(0, 0, true));
        assert!(s.out_of_bounds(12, 16).is_some());
        assert!(s.out_of_bounds(14, 18).is_none());
    }
}
