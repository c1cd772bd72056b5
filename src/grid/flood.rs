//! Breadth-first flood fills over passable cells: reachability proofs and walking distances.

use super::cells::Grid;
use super::pos::Pos;
use std::collections::VecDeque;

/// Walking distance (4-connected) from `from` to every cell of a `width` × `height` grid, `None`
/// where unreachable. `passable` is asked only for in-bounds cells.
pub fn distances(width: i32, height: i32, from: Pos, passable: impl Fn(Pos) -> bool) -> Grid<Option<u32>> {
    let mut dist = Grid::filled(width, height, None);
    if !dist.in_bounds(from) || !passable(from) {
        return dist;
    }
    dist.set(from, Some(0));
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist.at(p).unwrap_or(0);
        for n in p.neighbours4() {
            if dist.in_bounds(n) && dist.at(n).is_none() && passable(n) {
                dist.set(n, Some(d + 1));
                queue.push_back(n);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_walk_around_blocked_cells() {
        // .#.
        // ...
        let blocked = Pos::new(1, 0);
        let dist = distances(3, 2, Pos::new(0, 0), |p| p != blocked);
        assert_eq!(dist.at(Pos::new(2, 0)), Some(4));
        assert_eq!(dist.at(blocked), None);
    }

    #[test]
    fn an_impassable_start_reaches_nothing() {
        let dist = distances(2, 2, Pos::new(0, 0), |_| false);
        assert!(dist.as_slice().iter().all(Option::is_none));
    }
}
