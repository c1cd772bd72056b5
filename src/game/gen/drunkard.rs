//! Drunkard's walk: one walker from the middle of the grid carves floor as it staggers, keeping its
//! heading with `drunkard_keep_heading_percent` chance a step (so tunnels wind rather than blob),
//! until `drunkard_floor_percent` of the interior is floor. Everything it carves is joined by its
//! own path, so the level is connected by construction (the connectivity pass still proves it).

use super::finish::finish_open;
use super::kind::Generator;
use super::{rooms, Level};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};
use crate::game::rng::GameRng;
use crate::grid::{Facing, Pos};
use rand::RngExt;

/// A drunkard's-walk level for `depth`: start and exit by the open-layout rules.
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    finish_open(
        walk_map(rooms::side_for_depth(depth), BALANCE.drunkard_floor_percent, rng),
        Generator::Drunkard,
    )
}

/// The walked grid of `side` cells with about `floor_percent` of its interior open. The walk is
/// bounded (a few dozen steps per interior cell), so it always ends.
pub fn walk_map(side: i32, floor_percent: u32, rng: &mut GameRng) -> Map {
    let mut map = Map::filled(side, side, Tile::Wall);
    let interior = (side - 2) * (side - 2);
    let target = (interior as i64 * i64::from(floor_percent) / 100).max(2);
    let mut at = Pos::new(side / 2, side / 2);
    map.set(at, Tile::Floor);
    let mut open = 1i64;
    let mut heading = Facing::East;
    let mut steps = 0;
    while open < target && steps < interior * 40 {
        steps += 1;
        if rng.random_range(0..100) >= BALANCE.drunkard_keep_heading_percent {
            heading = Facing::ALL[rng.random_range(0..4)];
        }
        let next = at.step(heading);
        if next.x < 1 || next.y < 1 || next.x > side - 2 || next.y > side - 2 {
            // The border stays wall: turn and try again next step.
            heading = Facing::ALL[rng.random_range(0..4)];
            continue;
        }
        at = next;
        if map.get(at) == Tile::Wall {
            map.set(at, Tile::Floor);
            open += 1;
        }
    }
    map
}
