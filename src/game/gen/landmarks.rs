//! Landmarks: what makes a place memorable and helps the player find their way. Wall torches (a
//! warm light of their own, and the dark frightens less beside one) and, from a depth on, one shrine
//! (resting beside it soothes more). Placed after the layout and the population from the depth's
//! landmark stream, so they never change what the level's own stream draws.

// A landmark is part of a level's data, so its types live in `level.rs` with `Level`; this file
// places them.
pub use super::level::{Landmark, LandmarkKind};
use super::Level;
use crate::game::balance::BALANCE;
use crate::game::entity::Entity;
use crate::game::map::{Map, Tile};
use crate::game::rng::GameRng;
use crate::grid::{Facing, Pos};
use rand::RngExt;

/// Whether `p` lies within `radius` cells (Chebyshev distance) of landmark `l`'s lit cell.
pub fn near(l: &Landmark, p: Pos, radius: i32) -> bool {
    let c = l.lit_cell();
    (c.x - p.x).abs() <= radius && (c.y - p.y).abs() <= radius
}

/// The landmarks of a finished, populated level: `BALANCE.torches` torches spread over the level
/// (each the best of a few candidates: the one farthest from the torches already placed), then a
/// shrine from `BALANCE.shrine_min_depth` on, on a free floor cell away from the start.
pub fn place(level: &Level, entities: &[Entity], depth: u32, rng: &mut GameRng) -> Vec<Landmark> {
    let map = &level.map;
    let sockets: Vec<Landmark> = map.cells().filter_map(|p| torch_at(map, p)).collect();
    let mut out: Vec<Landmark> = Vec::new();
    let (lo, hi) = BALANCE.torches;
    let count = rng.random_range(lo..=hi).min(MAX_TORCHES as u32);
    for _ in 0..count {
        if sockets.is_empty() {
            break;
        }
        let spread = |c: &Landmark| {
            out.iter().map(|t| t.pos.manhattan(c.pos)).chain([level.start.manhattan(c.pos) * 2]).min()
        };
        let best = (0..BALANCE.torch_candidates)
            .map(|_| sockets[rng.random_range(0..sockets.len())])
            .filter(|c| !out.contains(c))
            .max_by_key(|c| spread(c));
        out.extend(best);
    }
    if depth >= BALANCE.shrine_min_depth {
        let occupied = |p: Pos| entities.iter().any(|e| e.pos == p);
        let free: Vec<Pos> = map
            .cells()
            .filter(|&p| map.get(p) == Tile::Floor && !occupied(p) && p.manhattan(level.exit) > 1)
            .filter(|&p| p.manhattan(level.start) >= BALANCE.shrine_min_distance)
            .collect();
        if !free.is_empty() {
            let pos = free[rng.random_range(0..free.len())];
            out.push(Landmark { kind: LandmarkKind::Shrine, pos, facing: Facing::North });
        }
    }
    out
}

pub use crate::game::balance::MAX_TORCHES;

/// A torch fits a wall cell off the border with floor in front of it (the first such side in the
/// order north, east, south, west).
fn torch_at(map: &Map, p: Pos) -> Option<Landmark> {
    if map.get(p) != Tile::Wall || map.is_border(p) {
        return None;
    }
    Facing::ALL.into_iter().find(|&f| map.get(p.step(f)) == Tile::Floor).map(|facing| Landmark {
        kind: LandmarkKind::Torch,
        pos: p,
        facing,
    })
}

/// Whether a landmark still makes sense on `map` (a torch's wall and the floor it faces, a shrine's
/// floor): used when a saved level is loaded.
pub fn fits(l: &Landmark, map: &Map) -> bool {
    match l.kind {
        LandmarkKind::Torch => map.get(l.pos) == Tile::Wall && map.is_walkable(l.lit_cell()),
        LandmarkKind::Shrine => map.get(l.pos) == Tile::Floor,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34 (docs/rules.md "Places"): a torch's face is the first side with plain floor; the exit
    /// pit does not count, so no torch lights the pit and a wall that only sees the pit holds none.
    #[test]
    fn a_torch_face_skips_the_exit_pit() {
        let map = Map::from_rows(&["#####", "##>##", "###.#", "#####"]).unwrap();
        // (2, 2) has the pit to the north, floor to the east: the east face, though north comes first.
        let torch = torch_at(&map, Pos::new(2, 2)).expect("floor to the east");
        assert_eq!(torch.facing, Facing::East);
        assert_eq!(map.get(torch.lit_cell()), Tile::Floor);
        // (1, 1) sees only the pit.
        assert_eq!(torch_at(&map, Pos::new(1, 1)), None);
    }
}
