//! A generated level as data: its map, its rooms, its landmarks and where the player starts and
//! leaves. It sits below every generator and below the placing of landmarks, which all fill it in.

use super::kind::Generator;
use crate::game::map::Map;
use crate::grid::{Facing, Pos};

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
    pub generator: Generator,
    /// Torches and the shrine, placed after the layout and the population (see [`super::landmarks`]).
    pub landmarks: Vec<Landmark>,
    /// The centre of the start room, the room nearest the top-left (the player faces east there).
    pub start: Pos,
    /// The exit pit: the cell of the exit room farthest to walk from `start`, the exit room being
    /// the room whose centre is the longest walk from `start` (see [`super::endpoints::exit_of`]).
    pub exit: Pos,
}

impl Level {
    /// A level laid out without rooms (caves, the drunkard's walk, hand-built test maps), its
    /// landmarks still to be placed.
    pub fn without_rooms(map: Map, start: Pos, exit: Pos, generator: Generator) -> Self {
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

/// What a landmark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LandmarkKind {
    /// A torch in a wall cell, burning on its face towards `facing`.
    Torch,
    /// A shrine standing on a floor cell; it does not block.
    Shrine,
}

impl LandmarkKind {
    pub fn name(self) -> &'static str {
        match self {
            LandmarkKind::Torch => "torch",
            LandmarkKind::Shrine => "shrine",
        }
    }
}

/// One landmark: its cell and, for a torch, the way its lit face looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Landmark {
    pub kind: LandmarkKind,
    pub pos: Pos,
    pub facing: Facing,
}

impl Landmark {
    /// The floor cell a torch lights (the cell in front of its face); the shrine's own cell.
    pub fn lit_cell(&self) -> Pos {
        match self.kind {
            LandmarkKind::Torch => self.pos.step(self.facing),
            LandmarkKind::Shrine => self.pos,
        }
    }
}
