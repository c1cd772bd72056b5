//! Caves joined to rooms: a rooms-and-corridors layout, with one half of the grid (east or south,
//! away from the top-left start) also holding a cellular cave; the connectivity pass then digs the
//! links between cave and corridors. The rooms keep the rooms rules for start and exit.

use super::finish::finish_rooms;
use super::kind::Generator;
use super::{caves, rooms, Level};
use crate::game::map::Tile;
use crate::game::rng::GameRng;
use rand::RngExt;

/// A mixed level for `depth`.
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    let base = rooms::generate(depth, rng);
    let mut map = base.map;
    map.set(base.exit, Tile::Floor);
    let side = map.width();
    let cave = caves::cave_map(side, rng);
    let east = rng.random_range(0..2) == 0;
    for p in cave.cells().filter(|&p| cave.is_walkable(p)) {
        if (if east { p.x } else { p.y }) > side / 2 {
            map.set(p, Tile::Floor);
        }
    }
    finish_rooms(map, base.rooms, Generator::Mixed)
}
