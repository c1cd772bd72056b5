//! Level generation: a small chain that turns a seed and a depth into a connected level.
//!
//! One file per generator (`rooms.rs` today); `generate` composes them and proves connectivity.

pub mod connectivity;
pub mod rooms;

use super::map::Map;
use super::pos::Pos;
use super::rng::GameRng;
use serde::{Deserialize, Serialize};

/// An axis-aligned rectangle of floor cells: the room covers x..x+w, y..y+h (exclusive ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Room {
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    pub fn center(&self) -> Pos {
        Pos::new(self.x + self.w / 2, self.y + self.h / 2)
    }

    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.y..self.y + self.h).flat_map(move |y| (self.x..self.x + self.w).map(move |x| Pos::new(x, y)))
    }
}

/// A freshly generated level: the grid, its rooms, and where the player starts and leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    pub map: Map,
    pub rooms: Vec<Room>,
    /// Index into `rooms` of the room the player starts in.
    pub start_room: usize,
    /// Index into `rooms` of the room holding the exit.
    pub exit_room: usize,
    pub start: Pos,
    pub exit: Pos,
}

/// Grid side for a depth: 2n+1 with n = min(15 + depth, 28), from the balance table.
pub fn side_for_depth(depth: u32) -> i32 {
    rooms::side_for_depth(depth)
}

/// Generates the level for `depth` from its own stream. Same stream state, same level.
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    rooms::generate(depth, rng)
}
