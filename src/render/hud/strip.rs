//! The turn-order strip, top right: `NEXT: @ ▲ @ ▲ ▲`, the next five actors the player can see,
//! starting with the player. The player is a yellow-white `@`; enemies and hallucinations are the
//! same red, each in the figure of the family it looks like (as the view draws it), because a
//! hallucination must look like an enemy.

use super::grid::{put_text, text_width, HudGrid, PlacedGlyph};
use super::shapes::{HudScene, PixelRect};
use crate::render::palette::*;

pub use crate::scene::hud::STRIP_LEN;
pub use crate::scene::StripActor;

/// The colour of an entry of the strip.
pub fn actor_color(actor: StripActor) -> Srgb {
    match actor {
        StripActor::Player => STRIP_PLAYER_COLOR,
        StripActor::Hostile(_) => STRIP_HOSTILE_COLOR,
    }
}

/// The glyph of an entry: `@` for the player, a creature's figure for the rest.
pub fn actor_glyph(actor: StripActor) -> char {
    match actor {
        StripActor::Player => '@',
        StripActor::Hostile(figure) => figure,
    }
}

/// The upcoming actors of the turn's scene.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnStrip {
    pub actors: Vec<StripActor>,
}

const LABEL: &str = "NEXT:";

/// The strip on a grid: glyphs in cells and the translucent panel behind them.
#[derive(Clone, Debug, PartialEq)]
pub struct StripLayout {
    pub glyphs: Vec<PlacedGlyph>,
    pub panel: PixelRect,
}

/// Right-aligned one column in from the edge, on `HudGrid::strip_row`; the label goes when the
/// target is too narrow for it. `None` when there is nothing to list.
pub fn strip_layout(strip: &TurnStrip, grid: &HudGrid) -> Option<StripLayout> {
    if strip.actors.is_empty() {
        return None;
    }
    let marks = 2 * strip.actors.len() as u32 - 1;
    let with_label = text_width(LABEL) + 1 + marks;
    // Room for the box: one free column each side beyond the text.
    let label = with_label + 2 <= grid.cols / 2;
    let width = if label { with_label } else { marks };
    let end = grid.cols.saturating_sub(2);
    let start = end.saturating_sub(width).max(1);
    let row = grid.strip_row();
    let mut glyphs = Vec::new();
    let mut col = start;
    if label {
        col = put_text(&mut glyphs, col, row, LABEL, linear(LABEL_COLOR, 1.0), false) + 1;
    }
    for actor in &strip.actors {
        let glyph = actor_glyph(*actor).to_string();
        put_text(&mut glyphs, col, row, &glyph, linear(actor_color(*actor), 1.0), false);
        col += 2;
    }
    Some(StripLayout { glyphs, panel: grid.text_box(start, end, row, linear(PANEL_EDGE_COLOR, 1.0)) })
}

/// The strip as a scene: a dark translucent panel (the world shows through a little) and the text.
pub fn strip_scene(strip: &TurnStrip, grid: &HudGrid) -> HudScene {
    let mut scene = HudScene::default();
    if let Some(layout) = strip_layout(strip, grid) {
        let fill = linear(PANEL_FILL_COLOR, 0.9);
        scene.framed(layout.panel, Some(fill), layout.panel.color, grid.scale as i32);
        for p in &layout.glyphs {
            scene.glyph(grid.place(p));
        }
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::test_support::{text_on_row, SIZES};

    fn five() -> TurnStrip {
        use crate::scene::figures::{BLADES, HULK};
        use StripActor::*;
        TurnStrip { actors: vec![Player, Hostile(HULK), Player, Hostile(BLADES), Hostile(HULK)] }
    }

    #[test]
    fn the_strip_is_right_aligned_in_the_top_right_and_colours_who_is_who() {
        let grid = HudGrid::new(1280, 720);
        let layout = strip_layout(&five(), &grid).unwrap();
        let line = text_on_row(&layout.glyphs, grid.strip_row());
        let (h, b) = (crate::scene::figures::HULK, crate::scene::figures::BLADES);
        assert_eq!(line.trim_start(), format!("NEXT: @ {h} @ {b} {h}"), "creatures in their figures");
        assert_eq!(line.chars().count() as u32, grid.cols - 2, "ends one column in from the right");
        let marks: Vec<_> = layout.glyphs.iter().skip(LABEL.len()).collect();
        for (p, actor) in marks.iter().zip(&five().actors) {
            assert_eq!((p.ch, p.color), (actor_glyph(*actor), linear(actor_color(*actor), 1.0)));
        }
        assert_ne!(actor_color(StripActor::Player), actor_color(StripActor::Hostile(h)));
    }

    #[test]
    fn the_strip_fits_every_size_and_drops_its_label_when_narrow() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            assert_eq!(strip_scene(&five(), &grid).out_of_bounds(w, h), None, "{w}x{h}");
            let layout = strip_layout(&five(), &grid).unwrap();
            assert!(layout.panel.right() <= w as i32 && layout.panel.x >= 0);
            assert!(layout.panel.bottom() < grid.cell_y(grid.notice_row()), "{w}x{h}");
        }
        let narrow = HudGrid::new(120, 200);
        let line = text_on_row(&strip_layout(&five(), &narrow).unwrap().glyphs, narrow.strip_row());
        let (h, b) = (crate::scene::figures::HULK, crate::scene::figures::BLADES);
        assert_eq!(line.trim_start(), format!("@ {h} @ {b} {h}"));
        assert!(strip_layout(&TurnStrip::default(), &narrow).is_none());
    }
}
