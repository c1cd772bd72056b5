//! Rooms-and-corridors generator (placeholder until the real one lands: one open room).

use super::{Level, Room};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};
use crate::game::pos::Pos;
use crate::game::rng::GameRng;

pub fn side_for_depth(depth: u32) -> i32 {
    let n = (BALANCE.grid_n_base + depth).min(BALANCE.grid_n_max);
    (2 * n + 1) as i32
}

pub fn generate(depth: u32, _rng: &mut GameRng) -> Level {
    let side = side_for_depth(depth);
    let mut map = Map::filled(side, side, Tile::Wall);
    let a = Room { x: 1, y: 1, w: 5, h: 5 };
    let b = Room { x: side - 7, y: side - 7, w: 5, h: 5 };
    for p in a.cells().chain(b.cells()) {
        map.set(p, Tile::Floor);
    }
    for x in 3..side - 4 {
        map.set(Pos::new(x, 3), Tile::Floor);
    }
    for y in 3..side - 4 {
        map.set(Pos::new(side - 5, y), Tile::Floor);
    }
    let exit = b.center();
    map.set(exit, Tile::Exit);
    Level { map, rooms: vec![a, b], start_room: 0, exit_room: 1, start: a.center(), exit }
}
