//! The finishing steps every layout shares: the connectivity pass, then start and exit, by the
//! rules for layouts with rooms and without.

use super::kind::Generator;
use super::{connectivity, endpoints, Level, Room};
use crate::game::balance::BALANCE;
use crate::game::map::{Map, Tile};

/// Finishes a layout without rooms: start on the walkable cell nearest the top-left, the
/// connectivity pass from there, and the exit where [`endpoints::open_exit`] puts it.
pub fn finish_open(mut map: Map, generator: Generator) -> Level {
    let start = endpoints::open_start(&map);
    connectivity::connect_all(&mut map, start);
    let exit = endpoints::open_exit(&map, start, BALANCE.exit_walk_percent);
    map.set(exit, Tile::Exit);
    Level::without_rooms(map, start, exit, generator)
}

/// Finishes a layout with rooms by the rooms rules: start at the centre of the room nearest the
/// top-left, the connectivity pass from there, the exit by [`endpoints::exit_of`].
pub fn finish_rooms(mut map: Map, rooms: Vec<Room>, generator: Generator) -> Level {
    let start_room = endpoints::start_room(&rooms);
    let start = rooms[start_room].center();
    connectivity::connect_all(&mut map, start);
    let (exit_room, exit) = endpoints::exit_of(&map, &rooms, start);
    map.set(exit, Tile::Exit);
    Level { map, rooms, start_room, exit_room, start, exit, generator, landmarks: Vec::new() }
}
