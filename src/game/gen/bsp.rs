//! Binary space partition: the interior split in two again and again (across its longer side, at
//! a random point that leaves both halves at least `bsp_min_leaf` cells) until the pieces are too
//! small to split; each leaf gets one room filling most of it, and every split joins a room of one
//! half to the nearest room of the other by an L-shaped corridor. Tidy and building-like.

use super::finish::finish_rooms;
use super::kind::Generator;
use super::{rooms, Level, Room};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};
use crate::game::rng::GameRng;
use crate::grid::Pos;
use rand::RngExt;

/// A BSP level for `depth`: start and exit by the rooms rules.
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    let side = rooms::side_for_depth(depth);
    let mut map = Map::filled(side, side, Tile::Wall);
    let whole = Room { x: 1, y: 1, w: side - 2, h: side - 2 };
    let mut rooms = Vec::new();
    split(whole, &mut map, &mut rooms, rng);
    finish_rooms(map, rooms, Generator::Bsp)
}

/// Lays out `area`: a room when it is a leaf, otherwise its two halves joined. Returns the range
/// of `rooms` the area holds.
fn split(area: Room, map: &mut Map, rooms: &mut Vec<Room>, rng: &mut GameRng) -> std::ops::Range<usize> {
    let min = BALANCE.bsp_min_leaf;
    let across_x = if area.w >= 2 * min && area.h >= 2 * min { area.w >= area.h } else { area.w >= 2 * min };
    let length = if across_x { area.w } else { area.h };
    if length < 2 * min {
        let first = rooms.len();
        let room = room_in(area, rng);
        for p in room.cells() {
            map.set(p, Tile::Floor);
        }
        rooms.push(room);
        return first..first + 1;
    }
    let cut = rng.random_range(min..=length - min);
    let (a, b) = if across_x {
        (Room { w: cut, ..area }, Room { x: area.x + cut, w: area.w - cut, ..area })
    } else {
        (Room { h: cut, ..area }, Room { y: area.y + cut, h: area.h - cut, ..area })
    };
    let left = split(a, map, rooms, rng);
    let right = split(b, map, rooms, rng);
    // The closest pair of rooms across the cut, so corridors stay short and rarely cross a room.
    let (i, j) = left
        .clone()
        .flat_map(|i| right.clone().map(move |j| (i, j)))
        .min_by_key(|&(i, j)| (rooms[i].center().manhattan(rooms[j].center()), i, j))
        .expect("both halves hold a room");
    dig_l(map, rooms[i].center(), rooms[j].center(), rng.random_range(0..2) == 0);
    left.start..right.end
}

/// A room filling most of a leaf, with at least one wall cell between it and the leaf's edge so
/// neighbouring rooms never touch.
fn room_in(leaf: Room, rng: &mut GameRng) -> Room {
    let span = |len: i32| {
        let max = (len - 2).max(1);
        let min = (len / 2).clamp(BALANCE.room_min.min(max), max);
        (min, max)
    };
    let (wmin, wmax) = span(leaf.w);
    let (hmin, hmax) = span(leaf.h);
    let w = rng.random_range(wmin..=wmax);
    let h = rng.random_range(hmin..=hmax);
    let x = leaf.x + rng.random_range(1..=(leaf.w - w - 1).max(1));
    let y = leaf.y + rng.random_range(1..=(leaf.h - h - 1).max(1));
    Room { x, y, w, h }
}

/// A one-cell corridor from `a` to `b`: horizontal leg first or vertical first.
fn dig_l(map: &mut Map, a: Pos, b: Pos, horizontal_first: bool) {
    let corner = if horizontal_first { Pos::new(b.x, a.y) } else { Pos::new(a.x, b.y) };
    for (from, to) in [(a, corner), (corner, b)] {
        for x in from.x.min(to.x)..=from.x.max(to.x) {
            for y in from.y.min(to.y)..=from.y.max(to.y) {
                map.set(Pos::new(x, y), Tile::Floor);
            }
        }
    }
}
