//! Flood fills over walkable cells: reachability proofs and walking distances.

use crate::game::map::Map;
use crate::game::pos::Pos;
use std::collections::VecDeque;

/// Walking distance from `from` to every cell (None where unreachable), indexed row-major.
pub fn distances(map: &Map, from: Pos) -> Vec<Option<u32>> {
    let w = map.width();
    let mut dist = vec![None; (map.width() * map.height()) as usize];
    if !map.is_walkable(from) {
        return dist;
    }
    let idx = |p: Pos| (p.y * w + p.x) as usize;
    let mut queue = VecDeque::from([from]);
    dist[idx(from)] = Some(0);
    while let Some(p) = queue.pop_front() {
        let d = dist[idx(p)].unwrap_or(0);
        for n in p.neighbours4() {
            if map.is_walkable(n) && dist[idx(n)].is_none() {
                dist[idx(n)] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// True when every walkable cell can be reached from `from`.
pub fn all_reachable(map: &Map, from: Pos) -> bool {
    let dist = distances(map, from);
    map.cells().all(|p| !map.is_walkable(p) || dist[(p.y * map.width() + p.x) as usize].is_some())
}
