//! Where the board lies on a target: the area left of the HUD panel, whole-pixel cells fitted to it,
//! then the player's zoom and pan. The window's mouse picking and the render tests use the same
//! mapping as the shader's uniforms.

use crate::grid::Pos;
use crate::render::font::GLYPH_W;
use crate::render::hud::grid::HudGrid;

/// Text columns of the HUD panel at the right of a board.
pub const PANEL_COLS: u32 = 46;

/// Zoom and pan of the board, set by the player (1 and no pan: the whole level fits).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardCamera {
    pub zoom: f32,
    /// In cells, from the level's centre.
    pub pan: [f32; 2],
}

impl Default for BoardCamera {
    fn default() -> Self {
        Self { zoom: 1.0, pan: [0.0, 0.0] }
    }
}

/// The board's rectangle on a `width` × `height` target: everything left of the panel.
pub fn board_area(width: u32, height: u32) -> [f32; 4] {
    let grid = HudGrid::new(width, height);
    let panel = (PANEL_COLS * GLYPH_W * grid.scale).min(width / 2);
    [0.0, 0.0, (width - panel) as f32, height as f32]
}

/// The board's placement: its area, the target pixel of cell (0, 0)'s top-left corner, and a cell's
/// side in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardView {
    pub area: [f32; 4],
    pub origin: [f32; 2],
    pub cell_px: f32,
}

impl BoardView {
    /// A `cols` × `rows` level on a `width` × `height` target under `camera`. Cells are a whole
    /// number of pixels at zoom 1 (crisp edges at every resolution), at least 4 pixels at any zoom.
    pub fn new(width: u32, height: u32, cols: i32, rows: i32, camera: BoardCamera) -> BoardView {
        Self::in_area(board_area(width, height), cols, rows, camera)
    }

    /// The same fit inside any rectangle of the target (x, y, width, height in pixels): an editor's
    /// board lies between its own panels.
    pub fn in_area(area: [f32; 4], cols: i32, rows: i32, camera: BoardCamera) -> BoardView {
        let (cols, rows) = (cols.max(1) as f32, rows.max(1) as f32);
        let fit = ((area[2] - 16.0) / cols).min((area[3] - 16.0) / rows).floor().max(4.0);
        let cell_px = (fit * camera.zoom).round().max(4.0);
        let centre = [area[0] + area[2] / 2.0, area[1] + area[3] / 2.0];
        let origin = [
            (centre[0] - (cols / 2.0 + camera.pan[0]) * cell_px).round(),
            (centre[1] - (rows / 2.0 + camera.pan[1]) * cell_px).round(),
        ];
        BoardView { area, origin, cell_px }
    }

    /// The cell under target pixel (x, y), if inside the area (it may lie outside the level).
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Pos> {
        let [ax, ay, aw, ah] = self.area;
        if x < ax || y < ay || x >= ax + aw || y >= ay + ah {
            return None;
        }
        let cx = ((x - self.origin[0]) / self.cell_px).floor() as i32;
        let cy = ((y - self.origin[1]) / self.cell_px).floor() as i32;
        Some(Pos::new(cx, cy))
    }

    /// The target pixel at a point of a cell, `(fx, fy)` in 0..1 across it (0.5, 0.5 is the centre).
    pub fn point(&self, p: Pos, fx: f32, fy: f32) -> (u32, u32) {
        let x = self.origin[0] + (p.x as f32 + fx) * self.cell_px;
        let y = self.origin[1] + (p.y as f32 + fy) * self.cell_px;
        (x.max(0.0) as u32, y.max(0.0) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_whole_pixels_and_map_back_to_themselves_at_every_size() {
        for (w, h) in [(1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (701, 401)] {
            let v = BoardView::new(w, h, 12, 8, BoardCamera::default());
            assert_eq!(v.cell_px.fract(), 0.0);
            assert!(v.origin[0] >= 0.0 && v.origin[0] + 12.0 * v.cell_px <= v.area[2], "{w}x{h}");
            for p in [Pos::new(0, 0), Pos::new(11, 7), Pos::new(5, 3)] {
                let (x, y) = v.point(p, 0.5, 0.5);
                assert_eq!(v.cell_at(x as f32, y as f32), Some(p), "{w}x{h}");
            }
        }
    }

    #[test]
    fn zoom_grows_cells_and_pan_moves_the_level() {
        let fit = BoardView::new(1280, 720, 40, 40, BoardCamera::default());
        let zoomed = BoardView::new(1280, 720, 40, 40, BoardCamera { zoom: 2.0, pan: [5.0, 0.0] });
        assert_eq!(zoomed.cell_px, fit.cell_px * 2.0);
        let centre = fit.area[2] / 2.0;
        assert_eq!(zoomed.cell_at(centre, 360.0).map(|p| p.x), Some(25));
    }
}
