//! Flood fills over walkable cells: reachability proofs and walking distances.

use crate::game::map::{Map, Tile};
use crate::grid::{flood, Grid, Pos};

/// Walking distance from `from` to every cell (None where unreachable).
pub fn distances(map: &Map, from: Pos) -> Grid<Option<u32>> {
    flood::distances(map.width(), map.height(), from, |p| map.is_walkable(p))
}

/// True when every walkable cell can be reached from `from`.
pub fn all_reachable(map: &Map, from: Pos) -> bool {
    let dist = distances(map, from);
    map.cells().all(|p| !map.is_walkable(p) || dist.at(p).is_some())
}

/// Joins every walkable cell to `from` (which must be walkable), as the flood fill proves: while
/// some walkable cell is unreached, digs a one-cell L from the nearest reached cell to the first
/// unreached one in row-major order. Returns how many corridors it dug; a sound generator needs
/// none.
pub fn connect_all(map: &mut Map, from: Pos) -> usize {
    assert!(map.is_walkable(from), "connectivity is measured from a walkable cell");
    let mut dug = 0;
    loop {
        let dist = distances(map, from);
        let reached = |p: Pos| dist.at(p).is_some();
        let Some(lost) = map.cells().find(|&p| map.is_walkable(p) && !reached(p)) else {
            return dug;
        };
        let anchor = map.cells().filter(|&p| reached(p)).min_by_key(|p| p.manhattan(lost)).unwrap_or(from);
        dig_l(map, anchor, lost);
        dug += 1;
    }
}

/// A one-cell-wide L, horizontal leg first. Between two cells of the grid it stays inside their
/// bounding box, so it never reaches the border unless an end lies on it.
fn dig_l(map: &mut Map, from: Pos, to: Pos) {
    let corner = Pos::new(to.x, from.y);
    let leg = |a: i32, b: i32| a.min(b)..=a.max(b);
    for x in leg(from.x, corner.x) {
        map.set(Pos::new(x, from.y), Tile::Floor);
    }
    for y in leg(corner.y, to.y) {
        map.set(Pos::new(to.x, y), Tile::Floor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Map {
        Map::from_rows(rows).unwrap()
    }

    #[test]
    fn walking_distance_goes_around_walls() {
        let m = map(&["#####", "#.#.#", "#...#", "#####"]);
        let dist = distances(&m, Pos::new(1, 1));
        assert_eq!(dist.at(Pos::new(3, 1)), Some(4));
        assert_eq!(dist.at(Pos::new(0, 0)), None);
    }

    #[test]
    fn connect_all_joins_cut_off_pockets() {
        let mut m = map(&["#########", "#..#....#", "#..#....#", "####..#.#", "#.#####.#", "#########"]);
        assert!(!all_reachable(&m, Pos::new(1, 1)));
        assert_eq!(connect_all(&mut m, Pos::new(1, 1)), 2);
        assert!(all_reachable(&m, Pos::new(1, 1)));
        assert!(m.cells().filter(|&p| m.is_border(p)).all(|p| !m.is_walkable(p)));
    }

    #[test]
    fn a_connected_map_is_left_alone() {
        let mut m = map(&["#####", "#...#", "#.#.#", "#####"]);
        let before = m.clone();
        assert_eq!(connect_all(&mut m, Pos::new(1, 1)), 0);
        assert_eq!(m, before);
    }
}
