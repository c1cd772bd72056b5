//! The generator chain's front: which generator a depth uses (a weighted, depth-gated row of the
//! balance table, drawn from the depth's own layout stream) and the finishing steps every layout
//! shares: the connectivity pass, then start and exit.

use super::{bsp, caves, connectivity, drunkard, endpoints, mixed, rooms, Level, Room};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};
use crate::game::rng::{layout_stream, GameRng};
use crate::game::tables::roll;

/// The ways a level can be laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Generator {
    /// Rectangular rooms joined by a spanning tree of corridors plus a few loops.
    Rooms,
    /// Binary space partition: a tidy, building-like grid of rooms, each joined to its sibling.
    Bsp,
    /// Cellular-automata caves: random fill smoothed into caverns, the largest kept.
    Caves,
    /// A drunkard's walk: winding tunnels carved until a share of the grid is floor.
    Drunkard,
    /// Rooms and corridors on one side, caves on the other, joined.
    Mixed,
}

impl Generator {
    pub const ALL: [Generator; 5] =
        [Generator::Rooms, Generator::Bsp, Generator::Caves, Generator::Drunkard, Generator::Mixed];

    /// The name the state dump and the docs use.
    pub fn name(self) -> &'static str {
        match self {
            Generator::Rooms => "rooms",
            Generator::Bsp => "bsp",
            Generator::Caves => "caves",
            Generator::Drunkard => "drunkard",
            Generator::Mixed => "mixed",
        }
    }

    /// Whether the layout has rooms (and so the room rules for start and exit).
    pub fn has_rooms(self) -> bool {
        matches!(self, Generator::Rooms | Generator::Bsp | Generator::Mixed)
    }
}

/// The generator `depth` of the run `seed` uses, from `BALANCE.generator_table`. Drawn from a stream
/// of its own, so the choice never shifts what the level's stream draws.
pub fn generator_for(seed: u64, depth: u32) -> Generator {
    roll(BALANCE.generator_table, depth, &mut layout_stream(seed, depth)).unwrap_or(Generator::Rooms)
}

/// A level laid out by `generator` for `depth`, from the level's stream. Landmarks come later
/// (they need the population): see [`super::landmarks::place`].
pub fn generate_with(generator: Generator, depth: u32, rng: &mut GameRng) -> Level {
    match generator {
        Generator::Rooms => rooms::generate(depth, rng),
        Generator::Bsp => bsp::generate(depth, rng),
        Generator::Caves => caves::generate(depth, rng),
        Generator::Drunkard => drunkard::generate(depth, rng),
        Generator::Mixed => mixed::generate(depth, rng),
    }
}

/// Finishes a layout without rooms: start on the walkable cell nearest the top-left, the
/// connectivity pass from there, and the exit where [`endpoints::open_exit`] puts it.
pub(super) fn finish_open(mut map: Map, generator: Generator) -> Level {
    let start = endpoints::open_start(&map);
    connectivity::connect_all(&mut map, start);
    let exit = endpoints::open_exit(&map, start, BALANCE.exit_walk_percent);
    map.set(exit, Tile::Exit);
    Level {
        map,
        rooms: Vec::new(),
        start_room: 0,
        exit_room: 0,
        start,
        exit,
        generator,
        landmarks: Vec::new(),
    }
}

/// Finishes a layout with rooms by the rooms rules: start at the centre of the room nearest the
/// top-left, the connectivity pass from there, the exit by [`endpoints::exit_of`].
pub(super) fn finish_rooms(mut map: Map, rooms: Vec<Room>, generator: Generator) -> Level {
    let start_room = endpoints::start_room(&rooms);
    let start = rooms[start_room].center();
    connectivity::connect_all(&mut map, start);
    let (exit_room, exit) = endpoints::exit_of(&map, &rooms, start);
    map.set(exit, Tile::Exit);
    Level { map, rooms, start_room, exit_room, start, exit, generator, landmarks: Vec::new() }
}
