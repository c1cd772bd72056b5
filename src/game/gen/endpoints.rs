//! Where the player arrives and where the exit lies, chosen from a finished, connected layout.

use super::connectivity::distances;
use super::Room;
use crate::game::balance::BALANCE;
use crate::game::map::Map;
use crate::grid::{Facing, Pos};

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

/// The way the player faces on arriving at `start`: east, unless another way has more open cells
/// straight ahead before the first wall; then the way with the most (ties: east, south, west,
/// north). So a new level never greets the player with a wall when open floor lies elsewhere.
pub fn start_facing(map: &Map, start: Pos) -> Facing {
    let open_ahead = |dir: Facing| {
        let mut p = start.step(dir);
        let mut n = 0u32;
        while map.in_bounds(p) && map.is_walkable(p) {
            n += 1;
            p = p.step(dir);
        }
        n
    };
    let order = [Facing::East, Facing::South, Facing::West, Facing::North];
    let best = order.iter().map(|&d| open_ahead(d)).max().unwrap_or(0);
    order.into_iter().find(|&d| open_ahead(d) == best).unwrap_or(Facing::East)
}

/// The exit room and cell, by walking distance from `start` over the finished map:
/// - the exit room is the room other than the start room whose centre's walk is nearest
///   `Balance::exit_walk_percent` of the longest walk to any room centre (100: the farthest room);
///   ties to the farther room, then the lower index;
/// - the exit cell is the cell of that room farthest from `start`, ties to the first in row-major
///   order.
///
/// The start room's centre is at distance 0 and every other centre is farther, so with two or more
/// connected rooms the exit never lands in the start room.
pub fn exit_of(map: &Map, rooms: &[Room], start: Pos) -> (usize, Pos) {
    exit_at_percent(map, rooms, start, BALANCE.exit_walk_percent)
}

/// [`exit_of`] with the share of the longest walk given.
pub fn exit_at_percent(map: &Map, rooms: &[Room], start: Pos, percent: u32) -> (usize, Pos) {
    let dist = distances(map, start);
    let walk = |p: Pos| dist.at(p).unwrap_or(0);
    let farthest = rooms.iter().map(|r| walk(r.center())).max().expect("a level has rooms");
    let aim = i64::from(farthest) * i64::from(percent) / 100;
    let candidates = (0..rooms.len()).filter(|&i| rooms.len() < 2 || !rooms[i].contains(start));
    let room = candidates
        .min_by_key(|&i| {
            let w = i64::from(walk(rooms[i].center()));
            ((w - aim).abs(), std::cmp::Reverse(w), i)
        })
        .expect("a level has rooms");
    let cell = rooms[room]
        .cells()
        .enumerate()
        .max_by_key(|&(order, p)| (walk(p), std::cmp::Reverse(order)))
        .map(|(_, p)| p)
        .expect("a room has cells");
    (room, cell)
}

/// Layouts without rooms (caves, the drunkard's walk): the player starts on the walkable cell
/// nearest the top-left (smallest x² + y², ties to the first in row-major order), the equivalent of
/// the room nearest the top-left.
pub fn open_start(map: &Map) -> Pos {
    map.cells()
        .filter(|&p| map.is_walkable(p))
        .min_by_key(|p| (p.x * p.x + p.y * p.y, p.y, p.x))
        .expect("a layout has open floor")
}

/// Layouts without rooms: the exit is the walkable cell other than `start` whose walk from `start`
/// is nearest `percent` of the longest walk to any cell (100: the farthest cell); ties to the farther
/// cell, then the first in row-major order. The equivalent of the rooms rule, cell by cell.
pub fn open_exit(map: &Map, start: Pos, percent: u32) -> Pos {
    let dist = distances(map, start);
    let walks: Vec<(Pos, i64)> =
        map.cells().filter(|&p| p != start).filter_map(|p| dist.at(p).map(|d| (p, i64::from(d)))).collect();
    let farthest = walks.iter().map(|&(_, w)| w).max().expect("a layout has two connected cells");
    let aim = farthest * i64::from(percent) / 100;
    walks
        .iter()
        .enumerate()
        .min_by_key(|&(order, &(_, w))| ((w - aim).abs(), std::cmp::Reverse(w), order))
        .map(|(_, &(p, _))| p)
        .expect("a layout has two connected cells")
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
        let (room, cell) = exit_at_percent(&map, &rooms, rooms[1].center(), 100);
        assert_eq!(room, 0);
        assert_eq!(cell, Pos::new(7, 5));
    }

    /// Issue 34 (docs/rules.md "Generation"): the aim is the share of the longest walk rounded down,
    /// and only then do ties go to the farther room. With the longest walk 9 the aim is 4, so a room
    /// at 4 beats one at 5 (which looks like the nearer winning a tie at 4.5); with 10 the aim is 5,
    /// and of rooms at 4 and 6 the farther wins.
    #[test]
    fn the_exit_room_aim_rounds_down_and_ties_go_to_the_farther_room() {
        // One corridor along the top; 1x1 rooms hang below it at chosen walks from the start.
        let rows = ["############", "#..........#", "#.#.#.#.#.##", "###.#.###.##", "############"];
        let map = Map::from_rows(&rows).unwrap();
        let start = Pos::new(1, 1);
        let room = |x, y| Room { x, y, w: 1, h: 1 };
        let exit_room = |rooms: &[Room]| {
            let (i, _) = exit_at_percent(&map, rooms, start, 50);
            (rooms[i].x, rooms[i].y)
        };
        // Walks: (3, 3) 4, (5, 2) 5, (5, 3) 6, (9, 2) 9, (9, 3) 10.
        let (four, five, six, nine, ten) = (room(3, 3), room(5, 2), room(5, 3), room(9, 2), room(9, 3));
        let home = room(1, 1);
        // Longest 9: half is 4.5, rounded down to 4, so 4 wins over 5 outright.
        assert_eq!(exit_room(&[home, four, five, nine]), (3, 3));
        // Longest 10: the aim is 5, and 4 and 6 tie: the farther wins.
        assert_eq!(exit_room(&[home, four, six, ten]), (5, 3));
    }

    #[test]
    fn open_layouts_start_top_left_and_exit_at_the_share_of_the_longest_walk() {
        let map = Map::from_rows(&["#######", "##....#", "#..##.#", "#######"]).unwrap();
        let start = open_start(&map);
        assert_eq!(start, Pos::new(2, 1));
        // Walks from (2,1): (1,2) is 2 away, the far end (5,2) is 4; half of 4 is 2.
        assert_eq!(open_exit(&map, start, 100), Pos::new(5, 2));
        assert_eq!(open_exit(&map, start, 50), Pos::new(4, 1));
    }

    #[test]
    fn the_start_faces_the_longest_open_line_east_first() {
        let map = Map::from_rows(&[
            "#######", "#.....#", "#.#####", "#.#####", "#.#####", "#.#####", "#.#####", "#######",
        ])
        .unwrap();
        // From the top-left corner: four open cells east, five south.
        assert_eq!(start_facing(&map, Pos::new(1, 1)), Facing::South);
        // From the middle of the top row: east and west tie at two, east wins.
        assert_eq!(start_facing(&map, Pos::new(3, 1)), Facing::East);
    }
}
