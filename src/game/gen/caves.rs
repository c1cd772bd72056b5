//! Cellular-automata caves: the interior filled at random (`cave_fill_percent` wall), smoothed a few
//! times by the 4-5 rule (a cell becomes wall when five or more of the nine cells around and
//! including it are wall), and only the largest open region kept. Too small a cave is drawn again;
//! after `cave_attempts` the drunkard's walk digs the level instead, so a level always comes out.

use super::finish::finish_open;
use super::kind::Generator;
use super::{drunkard, rooms};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};
use crate::game::rng::GameRng;
use crate::grid::{flood, Grid, Pos};
use rand::RngExt;

use super::Level;

/// A caves level for `depth`: start and exit by the open-layout rules.
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    finish_open(cave_map(rooms::side_for_depth(depth), rng), Generator::Caves)
}

/// The cave grid of `side` cells: walls everywhere but the one largest cavern.
pub fn cave_map(side: i32, rng: &mut GameRng) -> Map {
    let interior = ((side - 2) * (side - 2)) as usize;
    for _ in 0..BALANCE.cave_attempts {
        let mut open = Grid::filled(side, side, false);
        for p in open.positions().collect::<Vec<_>>() {
            if !open.is_border(p) {
                open.set(p, rng.random_range(0..100) >= BALANCE.cave_fill_percent);
            }
        }
        let (lo, hi) = BALANCE.cave_smoothing_passes;
        for _ in 0..rng.random_range(lo..=hi) {
            open = smooth(&open);
        }
        let cave = largest_region(&open);
        if cave.len() * 100 >= interior * BALANCE.cave_min_open_percent as usize {
            let mut map = Map::filled(side, side, Tile::Wall);
            for p in cave {
                map.set(p, Tile::Floor);
            }
            return map;
        }
    }
    drunkard::walk_map(side, BALANCE.drunkard_floor_percent, rng)
}

/// One pass of the 4-5 rule; the border stays wall, and cells beyond it count as wall.
fn smooth(open: &Grid<bool>) -> Grid<bool> {
    let mut next = open.clone();
    for p in open.positions().collect::<Vec<_>>() {
        if open.is_border(p) {
            continue;
        }
        let walls = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| p.offset(dx, dy)))
            .filter(|&n| !open.in_bounds(n) || !open.at(n))
            .count();
        next.set(p, walls < 5);
    }
    next
}

/// The cells of the largest 4-connected open region (ties: the one found first in row-major order).
fn largest_region(open: &Grid<bool>) -> Vec<Pos> {
    let mut seen = Grid::filled(open.width(), open.height(), false);
    let mut best: Vec<Pos> = Vec::new();
    for p in open.positions().collect::<Vec<_>>() {
        if !open.at(p) || seen.at(p) {
            continue;
        }
        let dist =
            flood::distances(open.width(), open.height(), p, |q| open.get(q).copied().unwrap_or(false));
        let region: Vec<Pos> = dist.iter().filter(|(_, d)| d.is_some()).map(|(q, _)| q).collect();
        for &q in &region {
            seen.set(q, true);
        }
        if region.len() > best.len() {
            best = region;
        }
    }
    best
}
