//! Level generation: a small chain that turns a seed and a depth into a connected level.
//!
//! One file per generator (rooms and corridors, BSP, cellular caves, drunkard's walk, caves joined
//! to rooms) plus the small steps generators share (spanning tree, corridor carving, open-area
//! checks, connectivity, start and exit in [`finish`], landmarks); [`builder`] picks the generator for a depth
//! from the balance table and runs the chain.

pub mod bsp;
pub mod builder;
pub mod caves;
pub mod connectivity;
pub mod corridors;
pub mod drunkard;
pub mod endpoints;
pub mod finish;
pub mod kind;
pub mod landmarks;
pub mod mixed;
pub mod mst;
pub mod openness;
pub mod rooms;

use super::map::Map;
use super::rng::GameRng;
use crate::grid::Pos;

/// An axis-aligned rectangle of floor cells: the room covers x..x+w, y..y+h (exclusive ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    /// Wall cells between two rooms along the axis where they are farthest apart: 0 when they touch
    /// (even only at a corner), negative when they overlap.
    pub fn separation(&self, other: &Room) -> i32 {
        let dx = (other.x - (self.x + self.w)).max(self.x - (other.x + other.w));
        let dy = (other.y - (self.y + self.h)).max(self.y - (other.y + other.h));
        dx.max(dy)
    }
}

/// A freshly generated level: the grid, its rooms, and where the player starts and leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub map: Map,
    /// The rooms, for generators that lay rooms out; empty for caves and the drunkard's walk.
    pub rooms: Vec<Room>,
    /// Index into `rooms` of the room the player starts in (0, and meaningless, without rooms).
    pub start_room: usize,
    /// Index into `rooms` of the room holding the exit (0, and meaningless, without rooms).
    pub exit_room: usize,
    /// Which generator laid the level out.
    pub generator: kind::Generator,
    /// Torches and the shrine, placed after the layout and the population (see [`landmarks`]).
    pub landmarks: Vec<landmarks::Landmark>,
    /// The centre of the start room, the room nearest the top-left (the player faces east there).
    pub start: Pos,
    /// The exit pit: the cell of the exit room farthest to walk from `start`, the exit room being
    /// the room whose centre is the longest walk from `start` (see [`endpoints::exit_of`]).
    pub exit: Pos,
}

impl Level {
    /// A level laid out without rooms (caves, the drunkard's walk, hand-built test maps), its
    /// landmarks still to be placed.
    pub fn without_rooms(map: Map, start: Pos, exit: Pos, generator: kind::Generator) -> Self {
        Level {
            map,
            rooms: Vec::new(),
            start_room: 0,
            exit_room: 0,
            generator,
            landmarks: Vec::new(),
            start,
            exit,
        }
    }
}

/// Grid side for a depth: 2n+1 with n = min(15 + depth, 28), from the balance table.
pub fn side_for_depth(depth: u32) -> i32 {
    rooms::side_for_depth(depth)
}

/// The rooms-and-corridors level for `depth` from its own stream. Same stream state, same level.
/// (The run's levels come from [`generate_level`], which picks the generator by depth.)
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    rooms::generate(depth, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(x: i32, y: i32, w: i32, h: i32) -> Room {
        Room { x, y, w, h }
    }

    #[test]
    fn separation_counts_the_wall_cells_between_rooms() {
        let a = room(1, 1, 3, 3);
        assert_eq!(a.separation(&room(6, 1, 3, 3)), 2);
        assert_eq!(room(6, 1, 3, 3).separation(&a), 2);
        assert_eq!(a.separation(&room(1, 5, 3, 3)), 1);
        // Touching at a corner leaves no wall between them.
        assert_eq!(a.separation(&room(4, 4, 3, 3)), 0);
        assert!(a.separation(&room(2, 2, 3, 3)) < 0);
    }
}
