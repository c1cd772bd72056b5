//! The crawler's line of sight: the engine's symmetric shadowcasting, with walls (and everything off
//! the map) as the only things that block a view.

use super::map::Map;
use crate::grid::{fov, Grid, Pos};

/// The cells visible from `origin` within a circular `radius`.
pub fn field_of_view(map: &Map, origin: Pos, radius: i32) -> Grid<bool> {
    fov::field_of_view(map.width(), map.height(), origin, radius, |p| !map.is_walkable(p))
}

/// True when `b` is in the field of view from `a`.
pub fn can_see(map: &Map, a: Pos, b: Pos, radius: i32) -> bool {
    field_of_view(map, a, radius).at(b)
}
