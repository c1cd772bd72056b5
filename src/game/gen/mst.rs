//! Which rooms a corridor joins: a minimum spanning tree over room centres, plus a few short loops.

use super::Room;
use crate::game::balance::BALANCE;
use crate::game::rng::GameRng;
use rand::RngExt;

/// A pair of room indices, lower index first.
pub type Edge = (usize, usize);

fn distance2(a: &Room, b: &Room) -> i64 {
    let (pa, pb) = (a.center(), b.center());
    let (dx, dy) = (i64::from(pa.x - pb.x), i64::from(pa.y - pb.y));
    dx * dx + dy * dy
}

fn edge(a: usize, b: usize) -> Edge {
    (a.min(b), a.max(b))
}

/// Minimum spanning tree by squared centre distance (Prim's, O(rooms²): rooms are few), edges in
/// the order they join the tree. Ties go to the lower index so the tree depends on nothing but the
/// rooms.
pub fn spanning_tree(rooms: &[Room]) -> Vec<Edge> {
    let n = rooms.len();
    let mut in_tree = vec![false; n];
    // For each room outside the tree: the closest tree room and its distance.
    let mut nearest: Vec<(i64, usize)> = vec![(i64::MAX, 0); n];
    let mut edges = Vec::with_capacity(n.saturating_sub(1));
    let mut next = 0;
    for _ in 0..n {
        in_tree[next] = true;
        if next != 0 {
            edges.push(edge(nearest[next].1, next));
        }
        for other in (0..n).filter(|&i| !in_tree[i]) {
            let d = distance2(&rooms[next], &rooms[other]);
            if d < nearest[other].0 {
                nearest[other] = (d, next);
            }
        }
        match (0..n).filter(|&i| !in_tree[i]).min_by_key(|&i| nearest[i].0) {
            Some(i) => next = i,
            None => break,
        }
    }
    edges
}

/// Up to `count` extra edges that close loops, drawn from pairs of near neighbours not already
/// joined. Loops give the player a way around an enemy instead of a dead end at every fork.
pub fn extra_edges(rooms: &[Room], tree: &[Edge], count: usize, rng: &mut GameRng) -> Vec<Edge> {
    let mut candidates = Vec::new();
    for a in 0..rooms.len() {
        for b in nearest_rooms(rooms, a, BALANCE.loop_neighbours) {
            let e = edge(a, b);
            if !tree.contains(&e) && !candidates.contains(&e) {
                candidates.push(e);
            }
        }
    }
    let mut chosen = Vec::with_capacity(count);
    while chosen.len() < count && !candidates.is_empty() {
        let i = rng.random_range(0..candidates.len());
        chosen.push(candidates.swap_remove(i));
    }
    chosen
}

/// The `k` rooms closest to room `a` by centre distance, ties to the lower index.
fn nearest_rooms(rooms: &[Room], a: usize, k: usize) -> Vec<usize> {
    let mut others: Vec<usize> = (0..rooms.len()).filter(|&b| b != a).collect();
    others.sort_by_key(|&b| (distance2(&rooms[a], &rooms[b]), b));
    others.truncate(k);
    others
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::level_stream;

    fn rooms_in_a_row(n: i32) -> Vec<Room> {
        (0..n).map(|i| Room { x: 1 + 6 * i, y: 1, w: 3, h: 3 }).collect()
    }

    #[test]
    fn rooms_in_a_row_join_neighbour_to_neighbour() {
        let rooms = rooms_in_a_row(4);
        assert_eq!(spanning_tree(&rooms), vec![(0, 1), (1, 2), (2, 3)]);
    }

    #[test]
    fn extra_edges_never_repeat_a_tree_edge() {
        let rooms = rooms_in_a_row(6);
        let tree = spanning_tree(&rooms);
        let extra = extra_edges(&rooms, &tree, 3, &mut level_stream(5, 1));
        assert_eq!(extra.len(), 3);
        assert!(extra.iter().all(|e| !tree.contains(e)));
    }
}
