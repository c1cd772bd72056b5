//! The creature in front, top centre: its name and an HP bar (`LURKER ■■■□□ 3/5`), so a fight can be
//! followed blow by blow. What to show is the scene's (`TargetLook`); a hallucination arrives with
//! believable numbers, so nothing here can tell it apart.

use super::grid::{put_text, text_width, HudGrid, PlacedGlyph};
use super::shapes::{HudScene, PixelRect};
use crate::render::palette::*;
use crate::scene::TargetLook;

/// Columns of the HP bar.
const BAR_COLS: u32 = 10;

/// The panel: glyphs in cells, the box behind them, and the HP bar's frame and fill in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetLayout {
    pub glyphs: Vec<PlacedGlyph>,
    pub panel: PixelRect,
    pub bar_frame: PixelRect,
    pub bar_fill: PixelRect,
}

/// Centred on the strip's line; the bar shrinks on narrow targets, and the panel leaves the right
/// third of the line to the turn strip.
pub fn target_layout(target: &TargetLook, grid: &HudGrid) -> TargetLayout {
    let name = target.name.to_uppercase();
    let numbers = format!("{}/{}", target.hp.max(0), target.max_hp);
    let bar_cols = BAR_COLS.min(grid.cols / 8).max(3);
    let width = text_width(&name) + 1 + bar_cols + 1 + text_width(&numbers);
    let start = (grid.cols.saturating_sub(width) / 2).max(1);
    let row = grid.strip_row();
    let mut glyphs = Vec::new();
    let after_name = put_text(&mut glyphs, start, row, &name, linear(TITLE_COLOR, 1.0), false);
    let bar_col = after_name + 1;
    put_text(&mut glyphs, bar_col + bar_cols + 1, row, &numbers, linear(VALUE_COLOR, 1.0), false);
    let s = grid.scale as i32;
    let (x0, x1) = (grid.cell_x(bar_col), grid.cell_x(bar_col + bar_cols));
    let y = grid.cell_y(row) + 2 * s;
    let bar_frame = PixelRect::new(x0, y, x1 - x0, 6 * s, linear(PANEL_EDGE_COLOR, 1.0));
    let inner = bar_frame.w - 2 * s;
    let share = target.hp.clamp(0, target.max_hp.max(1)) as f32 / target.max_hp.max(1) as f32;
    let fill_w = (inner as f32 * share).round() as i32;
    let bar_fill = PixelRect::new(x0 + s, y + s, fill_w, 4 * s, linear(HEART_COLOR, 1.0));
    let end = bar_col + bar_cols + 1 + text_width(&numbers);
    TargetLayout {
        glyphs,
        panel: grid.text_box(start, end, row, linear(PANEL_EDGE_COLOR, 1.0)),
        bar_frame,
        bar_fill,
    }
}

/// The panel as a scene: a translucent box like the strip's, the name, the bar and the numbers.
pub fn target_scene(target: &TargetLook, grid: &HudGrid) -> HudScene {
    let layout = target_layout(target, grid);
    let s = grid.scale as i32;
    let mut scene = HudScene::default();
    scene.framed(layout.panel, Some(linear(PANEL_FILL_COLOR, 0.9)), layout.panel.color, s);
    scene.framed(layout.bar_frame, Some(linear(BAR_SHADE_COLOR, 1.0)), layout.bar_frame.color, s);
    scene.rect(layout.bar_fill);
    for p in &layout.glyphs {
        scene.glyph(grid.place(p));
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::strip::{strip_layout, TurnStrip, STRIP_LEN};
    use crate::render::hud::test_support::{text_on_row, SIZES};
    use crate::scene::StripActor;

    fn lurker(hp: i32) -> TargetLook {
        TargetLook { name: "lurker".into(), hp, max_hp: 5 }
    }

    #[test]
    fn the_creature_in_front_shows_its_name_and_hp() {
        let grid = HudGrid::new(1280, 720);
        let layout = target_layout(&lurker(3), &grid);
        let line = text_on_row(&layout.glyphs, grid.strip_row());
        assert!(line.contains("LURKER") && line.contains("3/5"), "{line:?}");
        let full = target_layout(&lurker(5), &grid).bar_fill.w;
        assert_eq!(layout.bar_fill.w, (full as f32 * 0.6).round() as i32, "3 of 5");
        assert_eq!(target_layout(&lurker(0), &grid).bar_fill.w, 0);
    }

    #[test]
    fn the_panel_stays_on_the_target_and_clear_of_the_turn_strip() {
        let strip = TurnStrip { actors: vec![StripActor::Hostile(crate::scene::figures::HULK); STRIP_LEN] };
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let scene = target_scene(&TargetLook { name: "stalker".into(), hp: 12, max_hp: 12 }, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            if let (Some(strip), true) = (strip_layout(&strip, &grid), w >= 701) {
                let panel = target_layout(&lurker(5), &grid).panel;
                assert!(panel.right() < strip.panel.x, "{w}x{h}: {panel:?} runs into {:?}", strip.panel);
            }
        }
    }
}
