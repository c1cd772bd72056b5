//! The automap overlay: the explored cells as glyphs (`#` wall, `·` floor, `>` the exit once
//! explored), the player as a triangle pointing where they face, scaled by a whole number to fit.
//! The floor dot is the centred `·` rather than `.`, which sits low and left and would make the
//! floor look shifted against the walls.
//!
//! It fits what has been explored rather than the whole level, so a fresh level is not a speck in a
//! big empty box; when even scale 1 is too big (tiny targets, huge levels) it shows the part around
//! the player.

use super::grid::HudGrid;
use super::panel::{panel_scene, Panel, PanelLayout, CHROME_COLS, TITLED_CHROME_ROWS};
use super::shapes::{HudScene, ScreenGlyph};
use crate::grid::{Facing, Pos};
use crate::render::palette::*;
use crate::scene::{AutomapModel, MapMarker, TileLook};

/// Font pixels from one map cell to the next. Seven rows, not eight: map glyphs leave their eighth
/// row empty, so rows can overlap it and the map comes out nearly square.
pub const MAP_CELL_W: u32 = 6;
pub const MAP_CELL_H: u32 = 7;
/// Explored areas smaller than this (in cells) are shown with room around them, not blown up.
pub const MIN_VIEW: (i32, i32) = (15, 11);

/// One cell as the automap knows it.
pub use crate::scene::MapCellLook as MapCell;

/// The automap's content, read from the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomapView {
    pub width: i32,
    pub height: i32,
    /// Row-major, `width * height`.
    pub cells: Vec<MapCell>,
    pub player: Pos,
    pub facing: Facing,
    pub depth: u32,
    /// Items, torches and shrines seen, each on its cell.
    pub markers: Vec<(Pos, MapMarker)>,
    /// The keys that close it, from the app ("M/Tab closes"); empty names none.
    pub hint: String,
}

impl AutomapView {
    pub fn from_model(model: &AutomapModel) -> AutomapView {
        AutomapView {
            width: model.cells.width(),
            height: model.cells.height(),
            cells: model.cells.as_slice().to_vec(),
            player: model.player,
            facing: model.facing,
            depth: model.depth,
            markers: model.markers.clone(),
            hint: String::new(),
        }
    }

    pub fn cell(&self, p: Pos) -> MapCell {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        if inside {
            self.cells[p.y as usize * self.width as usize + p.x as usize]
        } else {
            MapCell { tile: None, in_view: false }
        }
    }

    /// Explored cells and the player, with a one-cell margin, grown to `MIN_VIEW` and kept on the map:
    /// (first x, first y, columns, rows).
    fn bounds(&self) -> (i32, i32, i32, i32) {
        let (mut x0, mut y0, mut x1, mut y1) = (self.player.x, self.player.y, self.player.x, self.player.y);
        for y in 0..self.height {
            for x in 0..self.width {
                if self.cell(Pos::new(x, y)).tile.is_some() {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
                }
            }
        }
        let span = |lo: i32, hi: i32, min: i32, len: i32| {
            let (mut lo, mut hi) = (lo - 1, hi + 1);
            let grow = (min - (hi - lo + 1)).max(0);
            lo -= grow / 2;
            hi += grow - grow / 2;
            // Keep on the map, sliding rather than shrinking where possible.
            let shift = (-lo).max(0) - (hi - (len - 1)).max(0);
            (lo + shift).max(0)..=(hi + shift).min(len - 1)
        };
        let xs = span(x0, x1, MIN_VIEW.0, self.width);
        let ys = span(y0, y1, MIN_VIEW.1, self.height);
        (*xs.start(), *ys.start(), xs.end() - xs.start() + 1, ys.end() - ys.start() + 1)
    }
}

/// The automap on a grid: the panel and its text, and where the map cells go.
#[derive(Clone, Debug, PartialEq)]
pub struct AutomapLayout {
    pub text: PanelLayout,
    /// Target pixels per font pixel of the map glyphs.
    pub scale: u32,
    /// Top-left target pixel of the first shown cell.
    pub x: i32,
    pub y: i32,
    /// The first shown map cell and how many are shown across and down.
    pub first: Pos,
    pub cols: i32,
    pub rows: i32,
    pub glyphs: Vec<ScreenGlyph>,
}

impl AutomapLayout {
    /// Top-left target pixel of map cell `p`'s glyph, if it is shown.
    pub fn cell_origin(&self, p: Pos) -> Option<(i32, i32)> {
        let (dx, dy) = (p.x - self.first.x, p.y - self.first.y);
        let shown = (0..self.cols).contains(&dx) && (0..self.rows).contains(&dy);
        let step = |d: i32, pitch: u32| d * (pitch * self.scale) as i32;
        shown.then(|| (self.x + step(dx, MAP_CELL_W), self.y + step(dy, MAP_CELL_H)))
    }
}

/// The glyph for the player facing `facing`.
pub fn facing_arrow(facing: Facing) -> char {
    match facing {
        Facing::North => '▲',
        Facing::East => '►',
        Facing::South => '▼',
        Facing::West => '◄',
    }
}

/// The glyph and colour of a marker: over the cell's own, under the player's arrow.
fn marker_mark(marker: MapMarker) -> (char, Srgb) {
    match marker {
        MapMarker::Item => ('♦', MAP_ITEM_COLOR),
        MapMarker::Torch => ('*', MAP_TORCH_COLOR),
        MapMarker::Shrine => ('⌂', MAP_SHRINE_COLOR),
    }
}

/// The glyph and colour of an explored cell.
fn mark(cell: MapCell) -> Option<(char, Srgb)> {
    let seen = cell.in_view;
    match cell.tile? {
        TileLook::Wall => Some(('#', if seen { MAP_WALL_SEEN_COLOR } else { MAP_WALL_COLOR })),
        TileLook::Floor => Some(('·', if seen { MAP_FLOOR_SEEN_COLOR } else { MAP_FLOOR_COLOR })),
        TileLook::Exit => Some(('>', MAP_EXIT_COLOR)),
    }
}

pub fn automap_layout(view: &AutomapView, grid: &HudGrid) -> AutomapLayout {
    let gs = grid.scale;
    let region = Panel::region(grid);
    let area_w = region.cols.saturating_sub(CHROME_COLS) * 6 * gs;
    let area_h = region.rows.saturating_sub(TITLED_CHROME_ROWS) * 10 * gs;
    let (bx, by, bw, bh) = view.bounds();
    // Whole-number scale so the glyphs stay crisp; at most twice the text's, so a small explored
    // area does not turn into giant letters.
    let fit = (area_w / (bw as u32 * MAP_CELL_W)).min(area_h / (bh as u32 * MAP_CELL_H));
    let scale = fit.clamp(1, 2 * gs);
    // Cells that fit at that scale; a window around the player when the explored area does not.
    let cols = ((area_w / (MAP_CELL_W * scale)) as i32).clamp(1, bw);
    let rows = ((area_h / (MAP_CELL_H * scale)) as i32).clamp(1, bh);
    let window =
        |first: i32, len: i32, shown: i32, at: i32| (at - shown / 2).clamp(first, first + len - shown);
    let first = Pos::new(window(bx, bw, cols, view.player.x), window(by, bh, rows, view.player.y));

    let title = format!("AUTOMAP - DEPTH {}", view.depth);
    let hint = format!("▲ you  > exit  ♦ item  * torch  ⌂ shrine   {}", view.hint);
    let hint = hint.trim_end();
    let (map_w, map_h) = (cols as u32 * MAP_CELL_W * scale, rows as u32 * MAP_CELL_H * scale);
    let need_cols = map_w.div_ceil(6 * gs).max(title.chars().count() as u32).max(hint.chars().count() as u32);
    let panel = Panel::centred(grid, need_cols + CHROME_COLS, map_h.div_ceil(10 * gs) + TITLED_CHROME_ROWS);
    let text = PanelLayout::titled(panel, grid, &title, hint);
    let (c0, text_cols) = panel.text_cols();
    let content = text.content_rows();
    let (ax, ay) = (grid.cell_x(c0), grid.cell_y(content.start));
    let (aw, ah) = ((text_cols * 6 * gs) as i32, (content.len() as u32 * 10 * gs) as i32);
    let mut layout = AutomapLayout {
        text,
        scale,
        x: ax + (aw - map_w as i32) / 2,
        y: ay + (ah - map_h as i32) / 2,
        first,
        cols,
        rows,
        glyphs: Vec::new(),
    };
    for dy in 0..rows {
        for dx in 0..cols {
            let p = Pos::new(first.x + dx, first.y + dy);
            let marker = view.markers.iter().find(|(at, _)| *at == p).map(|&(_, m)| marker_mark(m));
            let found = if p == view.player {
                Some((facing_arrow(view.facing), MAP_PLAYER_COLOR))
            } else {
                marker.or_else(|| mark(view.cell(p)))
            };
            if let (Some((ch, color)), Some((x, y))) = (found, layout.cell_origin(p)) {
                layout.glyphs.push(ScreenGlyph { x, y, scale, ch, color: linear(color, 1.0), shadow: false });
            }
        }
    }
    layout
}

/// The automap panel as a scene.
pub fn automap_scene(view: &AutomapView, grid: &HudGrid) -> HudScene {
    let layout = automap_layout(view, grid);
    let mut scene = panel_scene(&layout.text.panel, grid);
    for r in &layout.text.rules {
        scene.rect(*r);
    }
    for p in &layout.text.glyphs {
        scene.glyph(grid.place(p));
    }
    for g in layout.glyphs {
        scene.glyph(g);
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::render::hud::test_support::SIZES;

    /// An automap model from ASCII rows (`#` wall, `>` exit, anything else floor): the cells for which
    /// `explored` holds are known, and all of those are in view.
    fn model(rows: &[&str], player: Pos, facing: Facing, explored: impl Fn(Pos) -> bool) -> AutomapModel {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let mut cells = Grid::filled(w, h, MapCell::default());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let p = Pos::new(x as i32, y as i32);
                let tile = match ch {
                    '#' => TileLook::Wall,
                    '>' => TileLook::Exit,
                    _ => TileLook::Floor,
                };
                let known = explored(p);
                cells.set(p, MapCell { tile: known.then_some(tile), in_view: known });
            }
        }
        AutomapModel { cells, player, facing, depth: 1, markers: Vec::new() }
    }

    const ROOM: [&str; 6] =
        ["##########", "#........#", "#........#", "#....#####", "#....#..>#", "##########"];

    /// The room as seen from its top-left corner: everything but the closet behind the wall.
    fn room_view(facing: Facing) -> AutomapView {
        AutomapView::from_model(&model(&ROOM, Pos::new(1, 1), facing, |p| !(p.x >= 6 && p.y == 4)))
    }

    fn glyph_at(layout: &AutomapLayout, p: Pos) -> Option<char> {
        let (x, y) = layout.cell_origin(p)?;
        layout.glyphs.iter().find(|g| g.x == x && g.y == y).map(|g| g.ch)
    }

    #[test]
    fn explored_cells_show_as_walls_and_floor_and_the_player_as_an_arrow() {
        let grid = HudGrid::new(1280, 720);
        let layout = automap_layout(&room_view(Facing::East), &grid);
        assert_eq!(glyph_at(&layout, Pos::new(1, 1)), Some('►'));
        assert_eq!(glyph_at(&layout, Pos::new(0, 0)), Some('#'));
        assert_eq!(glyph_at(&layout, Pos::new(2, 2)), Some('·'));
        assert_eq!(glyph_at(&layout, Pos::new(8, 4)), None, "an unexplored exit stays hidden");
        let layout = automap_layout(&room_view(Facing::South), &grid);
        assert_eq!(glyph_at(&layout, Pos::new(1, 1)), Some('▼'));
    }

    #[test]
    fn markers_show_over_their_cells_and_under_the_player() {
        let mut view = room_view(Facing::East);
        view.markers = vec![
            (Pos::new(3, 2), MapMarker::Item),
            (Pos::new(5, 1), MapMarker::Torch),
            (Pos::new(1, 1), MapMarker::Shrine),
        ];
        let layout = automap_layout(&view, &HudGrid::new(1280, 720));
        assert_eq!(glyph_at(&layout, Pos::new(3, 2)), Some('♦'));
        assert_eq!(glyph_at(&layout, Pos::new(5, 1)), Some('*'));
        assert_eq!(glyph_at(&layout, Pos::new(1, 1)), Some('►'), "the player's arrow stays on top");
        assert_eq!(glyph_at(&layout, Pos::new(2, 2)), Some('·'));
    }

    #[test]
    fn the_exit_shows_once_explored() {
        let rows = ["#######", "#.....#", "#...>.#", "#######"];
        let view = AutomapView::from_model(&model(&rows, Pos::new(1, 1), Facing::East, |_| true));
        let layout = automap_layout(&view, &HudGrid::new(1280, 720));
        assert_eq!(glyph_at(&layout, Pos::new(4, 2)), Some('>'));
    }

    #[test]
    fn a_small_explored_area_is_enlarged_by_a_whole_number_but_not_beyond_twice_the_text() {
        let view = room_view(Facing::East);
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = automap_layout(&view, &grid);
            assert!(layout.scale >= 1 && layout.scale <= 2 * grid.scale, "{w}x{h}");
            assert_eq!(
                (layout.cols, layout.rows),
                (view.width.max(MIN_VIEW.0).min(view.width), 6),
                "{w}x{h}"
            );
        }
        assert!(
            automap_layout(&view, &HudGrid::new(3840, 2160)).scale
                > automap_layout(&view, &HudGrid::new(1280, 720)).scale
        );
    }

    #[test]
    fn a_big_level_fits_at_scale_one_or_is_shown_around_the_player() {
        // The widest level, all explored, the player in the middle.
        let side = 57;
        let rows: Vec<String> = (0..side)
            .map(|y| (0..side).map(|x| if (x * y) % 7 == 0 { '#' } else { '.' }).collect())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let view = AutomapView::from_model(&model(&rows, Pos::new(28, 28), Facing::East, |_| true));
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = automap_layout(&view, &grid);
            let scene = automap_scene(&view, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            assert!(layout.cell_origin(view.player).is_some(), "{w}x{h}: the player is always shown");
            let frame = layout.text.panel.frame(&grid);
            for g in &layout.glyphs {
                assert!(g.x >= frame.x && g.right() <= frame.right(), "{w}x{h}: map outside its panel");
                assert!(g.y >= frame.y && g.bottom() <= frame.bottom(), "{w}x{h}: map outside its panel");
            }
        }
        let small = automap_layout(&view, &HudGrid::new(320, 200));
        assert!(small.cols < view.width || small.rows < view.height, "cropped on a tiny target");
    }
}
