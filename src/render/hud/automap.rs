//! The automap overlay: the explored cells as glyphs (`#` wall, `·` floor, `>` the exit once
//! explored), the player as a triangle pointing where they face, scaled by a whole number.
//! The floor dot is the centred `·` rather than `.`, which sits low and left and would make the
//! floor look shifted against the walls.
//!
//! The panel always takes the whole overlay region, and the scale comes from that panel and the
//! level's size, never from how much has been explored (issue 34: fitting the explored area shrank
//! the map from ~12 to ~4 pixels a cell as a level was explored, down to a thumbnail). The whole
//! level is shown when it fits at a readable size (at least the text's scale); a bigger level is
//! shown around the player, scrolling as they walk.

use super::grid::HudGrid;
use super::panel::{panel_scene, Panel, PanelLayout};
use super::shapes::{HudScene, ScreenGlyph};
use crate::grid::{Facing, Pos};
use crate::render::palette::*;
use crate::scene::{AutomapModel, MapMarker, TileLook};

/// Font pixels from one map cell to the next. Seven rows, not eight: map glyphs leave their eighth
/// row empty, so rows can overlap it and the map comes out nearly square.
pub const MAP_CELL_W: u32 = 6;
pub const MAP_CELL_H: u32 = 7;

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
    /// The keys that close it, from the app ("M/Tab or Esc closes"); empty names none.
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

/// The largest whole scale at which a `cols` × `rows` level fits an `area_w` × `area_h` area, kept
/// between the text's scale (smaller glyphs stop reading as walls and floor) and twice it (a small
/// level does not turn into giant letters).
pub fn map_scale(cols: i32, rows: i32, area_w: u32, area_h: u32, text_scale: u32) -> u32 {
    let (cols, rows) = (cols.max(1) as u32, rows.max(1) as u32);
    let fit = (area_w / (cols * MAP_CELL_W)).min(area_h / (rows * MAP_CELL_H));
    fit.clamp(text_scale.max(1), 2 * text_scale.max(1))
}

pub fn automap_layout(view: &AutomapView, grid: &HudGrid) -> AutomapLayout {
    let gs = grid.scale;
    // The panel fills the overlay region whatever has been explored: the map fills its panel.
    let panel = Panel::region(grid);
    let title = format!("AUTOMAP - DEPTH {}", view.depth);
    let hint = format!("▲ you  > exit  ♦ item  * torch  ⌂ shrine   {}", view.hint);
    let text = PanelLayout::titled(panel, grid, &title, hint.trim_end());
    let (c0, text_cols) = panel.text_cols();
    let content = text.content_rows();
    let (ax, ay) = (grid.cell_x(c0), grid.cell_y(content.start));
    let (area_w, area_h) = (text_cols * 6 * gs, content.len() as u32 * 10 * gs);
    let scale = map_scale(view.width, view.height, area_w, area_h, gs);
    // Cells that fit at that scale, but never fewer than one; where the level is bigger, a window
    // centred on the player and kept on the level, so it scrolls as they walk.
    let cols = ((area_w / (MAP_CELL_W * scale)) as i32).clamp(1, view.width.max(1));
    let rows = ((area_h / (MAP_CELL_H * scale)) as i32).clamp(1, view.height.max(1));
    let window = |len: i32, shown: i32, at: i32| (at - shown / 2).clamp(0, (len - shown).max(0));
    let first = Pos::new(window(view.width, cols, view.player.x), window(view.height, rows, view.player.y));
    let (map_w, map_h) = (cols as u32 * MAP_CELL_W * scale, rows as u32 * MAP_CELL_H * scale);
    let (aw, ah) = (area_w as i32, area_h as i32);
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

    /// Issue 34: the map shrank from ~12 to ~4 pixels a cell as the explored area grew. The panel
    /// and the scale must not depend on how much is explored, and the panel fills its region.
    #[test]
    fn the_map_fills_its_panel_at_one_scale_however_much_is_explored() {
        let rows: Vec<String> =
            (0..30).map(|y| (0..60).map(|x| if (x + y) % 9 == 0 { '#' } else { '.' }).collect()).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let at = Pos::new(30, 15);
        let corner = AutomapView::from_model(&model(&rows, at, Facing::East, |p| {
            (p.x - at.x).abs() < 3 && (p.y - at.y).abs() < 3
        }));
        let all = AutomapView::from_model(&model(&rows, at, Facing::East, |_| true));
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let (a, b) = (automap_layout(&corner, &grid), automap_layout(&all, &grid));
            assert_eq!(a.text.panel, Panel::region(&grid), "{w}x{h}: the panel takes the whole region");
            assert_eq!((a.scale, a.first, a.cols, a.rows), (b.scale, b.first, b.cols, b.rows), "{w}x{h}");
            assert_eq!(a.cell_origin(at), b.cell_origin(at), "{w}x{h}: the player's cell does not move");
            assert!(a.scale >= grid.scale, "{w}x{h}: never below the text's scale");
        }
        // At the window's size a cell is at least the text's 12 x 14 pixels, and the map spans most
        // of its panel one way or the other.
        let grid = HudGrid::new(1280, 720);
        let layout = automap_layout(&all, &grid);
        let frame = layout.text.panel.frame(&grid);
        let (map_w, map_h) = (
            layout.cols * (MAP_CELL_W * layout.scale) as i32,
            layout.rows * (MAP_CELL_H * layout.scale) as i32,
        );
        assert!(layout.scale * MAP_CELL_W >= 12 && layout.scale * MAP_CELL_H >= 14, "{}", layout.scale);
        assert!(
            map_w * 10 >= frame.w * 8 || map_h * 10 >= frame.h * 7,
            "{map_w}x{map_h} in {}x{}",
            frame.w,
            frame.h
        );
    }

    #[test]
    fn a_small_level_is_enlarged_by_a_whole_number_but_not_beyond_twice_the_text() {
        let view = room_view(Facing::East);
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let layout = automap_layout(&view, &grid);
            assert!(layout.scale >= grid.scale && layout.scale <= 2 * grid.scale, "{w}x{h}");
        }
        assert_eq!(automap_layout(&view, &HudGrid::new(1280, 720)).scale, 4, "twice the text's 2");
        assert!(
            automap_layout(&view, &HudGrid::new(3840, 2160)).scale
                > automap_layout(&view, &HudGrid::new(1280, 720)).scale
        );
    }

    /// A level bigger than the panel at the readable scale scrolls with the player.
    #[test]
    fn a_level_bigger_than_the_panel_is_shown_around_the_player_and_scrolls() {
        let rows: Vec<String> = (0..57).map(|_| ".".repeat(57)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let grid = HudGrid::new(1280, 720);
        let at = |p: Pos| {
            automap_layout(&AutomapView::from_model(&model(&rows, p, Facing::East, |_| true)), &grid)
        };
        let (top, middle) = (at(Pos::new(28, 3)), at(Pos::new(28, 28)));
        assert!(middle.rows < 57, "the level is taller than the panel at scale {}", middle.scale);
        assert_eq!(top.first.y, 0, "kept on the level at its edge");
        assert!(middle.first.y > 0, "scrolled down with the player");
        let (_, y) = middle.cell_origin(Pos::new(28, 28)).unwrap();
        let centre = middle.y + middle.rows * (MAP_CELL_H * middle.scale) as i32 / 2;
        assert!((y - centre).abs() <= (MAP_CELL_H * middle.scale) as i32, "the player near the middle");
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
