//! Where the player arrives and where the exit lies, chosen from a finished, connected layout.

use super::connectivity::distances;
use super::Room;
use crate::game::map::Map;
use crate::grid::Pos;

/// The room nearest the top-left: the smallest squared Euclidean distance from its centre to cell
/// (0, 0), ties to the lower index. The player starts at its centre (and faces east; `Game` sets
/// that).
pub fn start_room(rooms: &[Room]) -> usize {
    let key = |r: &Room| {
        let c = r.center();
        c.x * c.x + c.y * c.y
    };
    (0..rooms.len()).min_by_key(|&i| (key(&rooms[i]), i)).expect("a level has rooms")
}

/// The exit room and cell, by walking distance from `start` over the finished map:
/// - the exit room is the room whose centre is farthest from `start`, ties to the lower index;
/// - the exit cell is the cell of that room farthest from `start`, ties to the first in row-major
///   order.
///
/// The start room's centre is at distance 0 and every other centre is farther, so with two or more
/// connected rooms the exit never lands in the start room.
pub fn exit_of(map: &Map, rooms: &[Room], start: Pos) -> (usize, Pos) {
    let dist = distances(map, start);
    let walk = |p: Pos| dist.at(p).unwrap_or(0);
    let room = (0..rooms.len())
        .max_by_key(|&i| (walk(rooms[i].center()), std::cmp::Reverse(i)))
        .expect("a level has rooms");
    let cell = rooms[room]
        .cells()
        .enumerate()
        .max_by_key(|&(order, p)| (walk(p), std::cmp::Reverse(order)))
        .map(|(_, p)| p)
        .expect("a room has cells");
    (room, cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_is_the_far_corner_of_the_room_farthest_to_walk() {
        // The far room can only be entered from its top-right, so its bottom-left is the longest
        // walk.
        let map = Map::from_rows(&[
            "###########",
            "#...#.....#",
            "#...#.###.#",
            "#...#.#...#",
            "#.....#...#",
            "#######...#",
            "###########",
        ])
        .unwrap();
        let rooms = [Room { x: 7, y: 3, w: 3, h: 3 }, Room { x: 1, y: 1, w: 3, h: 3 }];
        assert_eq!(start_room(&rooms), 1);
        let (room, cell) = exit_of(&map, &rooms, rooms[1].center());
        assert_eq!(room, 0);
        assert_eq!(cell, Pos::new(7, 5));
    }
}
