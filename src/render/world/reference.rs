//! A CPU reference of the world shader's ray-cast (same DDA, same projection via [`Camera`]), used by
//! tests to say where walls must appear on screen without trusting the GPU.

use super::camera::Camera;
use crate::grid::Grid;
use crate::render::scene::{
    pack_cells, pack_seen_cells, FLAG_PHANTOM_PASSAGE, FLAG_PHANTOM_WALL, TILE_MASK, TILE_WALL,
};
use crate::scene::CellLook;
use glam::{IVec2, Vec2};

/// Upper bound on DDA steps; the shaders get it through the generated prelude (`shader_source`). A 57×57 grid needs at most
/// 114 steps corner to corner.
pub const MAX_STEPS: u32 = 160;

/// Where a ray meets a wall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallHit {
    /// Perpendicular distance from the eye (along the view direction).
    pub perp: f32,
    /// The wall cell that was hit.
    pub cell: IVec2,
    /// 0: the ray crossed a vertical grid line (an east or west face); 1: a horizontal one.
    pub side: u32,
}

/// Whether a cell word blocks sight, phantom flags included (as the shader decides).
pub fn blocks_view(cell: u32) -> bool {
    if cell & FLAG_PHANTOM_WALL != 0 {
        return true;
    }
    cell & TILE_MASK == TILE_WALL && cell & FLAG_PHANTOM_PASSAGE == 0
}

/// Casts the ray through column centre `x` (pixels) across the true grid (phantoms ignored); `None`
/// if it leaves the step budget.
pub fn cast_column(cells: &Grid<CellLook>, camera: &Camera, x: f32) -> Option<WallHit> {
    cast(&pack_cells(cells), (cells.width(), cells.height()), camera.eye, camera.ray(x))
}

/// The grid DDA, step for step as in the shader: cells outside the grid read as wall.
pub fn cast(cells: &[u32], size: (i32, i32), origin: Vec2, ray: Vec2) -> Option<WallHit> {
    let at = |c: IVec2| -> u32 {
        if c.x < 0 || c.y < 0 || c.x >= size.0 || c.y >= size.1 {
            TILE_WALL
        } else {
            cells[(c.y * size.0 + c.x) as usize]
        }
    };
    let mut cell = origin.floor().as_ivec2();
    let delta = Vec2::new(inv_abs(ray.x), inv_abs(ray.y));
    let step = IVec2::new(if ray.x < 0.0 { -1 } else { 1 }, if ray.y < 0.0 { -1 } else { 1 });
    let mut side_dist = Vec2::new(
        if ray.x < 0.0 { origin.x - cell.x as f32 } else { cell.x as f32 + 1.0 - origin.x } * delta.x,
        if ray.y < 0.0 { origin.y - cell.y as f32 } else { cell.y as f32 + 1.0 - origin.y } * delta.y,
    );
    for _ in 0..MAX_STEPS {
        let side = if side_dist.x < side_dist.y {
            side_dist.x += delta.x;
            cell.x += step.x;
            0
        } else {
            side_dist.y += delta.y;
            cell.y += step.y;
            1
        };
        if blocks_view(at(cell)) {
            let perp = if side == 0 { side_dist.x - delta.x } else { side_dist.y - delta.y };
            return Some(WallHit { perp, cell, side });
        }
    }
    None
}

/// 1/|v|, with a huge stand-in for 0 so axis-aligned rays never step along the other axis.
fn inv_abs(v: f32) -> f32 {
    if v == 0.0 {
        1e30
    } else {
        (1.0 / v).abs()
    }
}

/// Casts column `x` across the grid as the player sees it this turn (phantom walls stop the ray,
/// phantom passages let it through), exactly the cells the renderer uploads.
pub fn cast_column_seen(cells: &Grid<CellLook>, camera: &Camera, x: f32) -> Option<WallHit> {
    cast(&pack_seen_cells(cells), (cells.width(), cells.height()), camera.eye, camera.ray(x))
}

/// The first and last pixel rows (inclusive, clipped to the view) that show the wall in column `x`,
/// by the same rule as the shader: the row whose centre lies within the projected wall span.
pub fn wall_rows(cells: &Grid<CellLook>, camera: &Camera, x: f32) -> Option<(u32, u32)> {
    rows_of(camera, cast_column(cells, camera, x)?)
}

/// [`wall_rows`] for the grid as the player sees it this turn ([`cast_column_seen`]).
pub fn wall_rows_seen(cells: &Grid<CellLook>, camera: &Camera, x: f32) -> Option<(u32, u32)> {
    rows_of(camera, cast_column_seen(cells, camera, x)?)
}

fn rows_of(camera: &Camera, hit: WallHit) -> Option<(u32, u32)> {
    let (top, bottom) = camera.wall_span(hit.perp);
    let first = (top - 0.5).ceil().max(0.0);
    let last = ((bottom - 0.5).floor()).min(camera.size.y - 1.0);
    (first <= last).then_some((first as u32, last as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::camera::View;

    #[test]
    fn looking_east_down_a_corridor_hits_the_end_wall_at_the_right_distance() {
        let wall = CellLook { tile: crate::scene::TileLook::Wall, ..CellLook::default() };
        let mut map = Grid::filled(6, 3, wall);
        for x in 1..5 {
            map.set(crate::grid::Pos::new(x, 1), CellLook::default());
        }
        let view = View { eye: Vec2::new(1.5, 1.5), angle: 0.0, time: 0.0 };
        let cam = Camera::new(&view, 101, 80);
        let hit = cast_column(&map, &cam, 50.5).unwrap();
        assert_eq!(hit.cell, IVec2::new(5, 1));
        assert_eq!(hit.side, 0);
        assert!((hit.perp - 3.5).abs() < 1e-5);
    }

    #[test]
    fn phantom_flags_override_the_tile() {
        assert!(blocks_view(TILE_WALL));
        assert!(!blocks_view(TILE_WALL | FLAG_PHANTOM_PASSAGE));
        assert!(blocks_view(FLAG_PHANTOM_WALL));
    }
}
