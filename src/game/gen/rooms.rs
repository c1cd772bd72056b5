//! Rooms-and-corridors generator: rectangular rooms spread over the grid, joined by a spanning tree
//! of corridors plus a few loops.
//!
//! The chain: place rooms, join them ([`super::mst`], [`super::corridors`]), repair any
//! disconnection the flood fill finds ([`super::connectivity`]), narrow any open hall left between
//! corridors ([`super::openness`]), then choose start and exit ([`super::endpoints`]). Every draw
//! comes from the level's own stream, in a fixed order.

use super::kind::Generator;
use super::openness::{self, OpenGrid};
use super::{connectivity, corridors, endpoints, mst, Level, Room};
use crate::game::balance::BALANCE;
use crate::game::map::Tile;
use crate::game::rng::GameRng;
use rand::RngExt;

/// Grid side for a depth: 2n+1 with n = min(grid_n_base + depth, grid_n_max).
pub fn side_for_depth(depth: u32) -> i32 {
    let n = (BALANCE.grid_n_base + depth).min(BALANCE.grid_n_max);
    (2 * n + 1) as i32
}

/// The numbers that shape room placement. Normally [`Placement::for_depth`]; tests shrink them.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub side: i32,
    pub room_min: i32,
    pub room_max: i32,
    pub gap: i32,
    /// Rooms to aim for; placement stops there or when the draws run out.
    pub target: usize,
    /// Candidates drawn for the next room per room already placed, plus one.
    pub candidates_per_room: u32,
    pub attempts: u32,
}

impl Placement {
    pub fn for_depth(depth: u32) -> Self {
        let side = side_for_depth(depth);
        let interior = ((side - 2) * (side - 2)) as u32;
        Self {
            side,
            room_min: BALANCE.room_min,
            room_max: BALANCE.room_max,
            gap: BALANCE.room_gap,
            target: (interior / BALANCE.interior_cells_per_room).max(2) as usize,
            candidates_per_room: BALANCE.room_candidates_per_room.max(1),
            attempts: BALANCE.room_attempts,
        }
    }
}

/// Generates a rooms-and-corridors level for `depth`.
///
/// Start: the centre of the room nearest the top-left ([`endpoints::start_room`]); exit: see
/// [`endpoints::exit_of`].
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    let placement = Placement::for_depth(depth);
    let rooms = place_rooms(&placement, rng);
    let mut grid = OpenGrid::new(placement.side, &rooms);
    join_rooms(&mut grid, &rooms, rng);
    let mut map = grid.to_map();

    let start_room = endpoints::start_room(&rooms);
    let start = rooms[start_room].center();
    connectivity::connect_all(&mut map, start);
    openness::narrow_halls(&mut map, &rooms, start);
    let (exit_room, exit) = endpoints::exit_of(&map, &rooms, start);
    map.set(exit, Tile::Exit);
    Level {
        map,
        rooms,
        start_room,
        exit_room,
        start,
        exit,
        generator: Generator::Rooms,
        landmarks: Vec::new(),
    }
}

/// Places non-overlapping rooms with at least `gap` wall cells between any two, always at least
/// two.
///
/// Each room is the best of several random candidates, more as more rooms are placed (Mitchell's
/// best-candidate): the one whose centre is farthest from the placed rooms' centres. That spreads
/// rooms evenly over the grid without the visible lattice of one-room-per-sector layouts.
pub fn place_rooms(p: &Placement, rng: &mut GameRng) -> Vec<Room> {
    let mut rooms = Vec::new();
    let mut draws = 0;
    while rooms.len() < p.target && draws < p.attempts {
        let mut best: Option<(i32, Room)> = None;
        for _ in 0..p.candidates_per_room * (rooms.len() as u32 + 1) {
            draws += 1;
            let room = random_room(p, rng);
            if clearance(&room, &rooms) < p.gap {
                continue;
            }
            let spread = spread(p.side, &room, &rooms);
            if best.is_none_or(|(s, _)| spread > s) {
                best = Some((spread, room));
            }
        }
        if let Some((_, room)) = best {
            rooms.push(room);
        }
    }
    // Random draws can in principle all miss; a deterministic scan then finds the roomiest spot.
    while rooms.len() < 2 {
        let room = roomiest_spot(p, &rooms).expect("every grid has space for two separated rooms");
        rooms.push(room);
    }
    rooms
}

fn random_room(p: &Placement, rng: &mut GameRng) -> Room {
    let w = rng.random_range(p.room_min..=p.room_max);
    let h = rng.random_range(p.room_min..=p.room_max);
    // Cells 1..=side-2 are the interior; the border stays wall.
    let x = rng.random_range(1..=p.side - 1 - w);
    let y = rng.random_range(1..=p.side - 1 - h);
    Room { x, y, w, h }
}

/// Fewest wall cells between `room` and any placed room (unbounded when none are placed).
fn clearance(room: &Room, placed: &[Room]) -> i32 {
    placed.iter().map(|other| room.separation(other)).min().unwrap_or(i32::MAX)
}

/// Squared distance from the room's centre to the nearest placed room's centre. The border counts
/// as a room at twice the centre's distance from it: without it the first rooms all land against
/// the edges (the farthest places from anything), leaving the middle to fill up last and unevenly.
fn spread(side: i32, room: &Room, placed: &[Room]) -> i32 {
    let c = room.center();
    let to_border = c.x.min(c.y).min(side - 1 - c.x).min(side - 1 - c.y);
    let border = (2 * to_border).pow(2);
    placed
        .iter()
        .map(|other| {
            let o = other.center();
            (c.x - o.x).pow(2) + (c.y - o.y).pow(2)
        })
        .fold(border, i32::min)
}

/// The smallest-size room position farthest from the placed rooms, first in row-major order on
/// ties.
fn roomiest_spot(p: &Placement, placed: &[Room]) -> Option<Room> {
    let last = p.side - 1 - p.room_min;
    let mut best: Option<(i32, Room)> = None;
    for y in 1..=last {
        for x in 1..=last {
            let room = Room { x, y, w: p.room_min, h: p.room_min };
            let clearance = clearance(&room, placed);
            if clearance >= p.gap && best.is_none_or(|(c, _)| clearance > c) {
                best = Some((clearance, room));
            }
        }
    }
    best.map(|(_, room)| room)
}

/// Carves corridors along a minimum spanning tree of the rooms, then a few extra loops.
fn join_rooms(grid: &mut OpenGrid, rooms: &[Room], rng: &mut GameRng) {
    let tree = mst::spanning_tree(rooms);
    let loops = mst::extra_edges(rooms, &tree, loop_count(rooms.len()), rng);
    let edges = tree.iter().map(|&e| (e, true));
    for (edge, required) in edges.chain(loops.iter().map(|&e| (e, false))) {
        let wide = rng.random_range(0..100) < BALANCE.wide_corridor_percent;
        corridors::carve_between(grid, rooms, edge, wide, required, rng);
    }
}

fn loop_count(rooms: usize) -> usize {
    (rooms * BALANCE.extra_loops_per_ten_rooms as usize + 5) / 10
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::level_stream;

    #[test]
    fn placement_still_gives_two_rooms_when_draws_run_out() {
        let placement = Placement { attempts: 0, ..Placement::for_depth(1) };
        let rooms = place_rooms(&placement, &mut level_stream(1, 1));
        assert_eq!(rooms.len(), 2);
        assert!(rooms[0].separation(&rooms[1]) >= placement.gap);
    }

    #[test]
    fn placement_reaches_its_room_target_on_open_grids() {
        let placement = Placement::for_depth(13);
        let rooms = place_rooms(&placement, &mut level_stream(1, 13));
        assert_eq!(rooms.len(), placement.target);
    }
}
