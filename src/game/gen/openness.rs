//! Open-area bookkeeping for carving: a bitboard of open cells that finds "halls", open 3×3 squares
//! outside any single room, which is what two corridors side by side or a corridor hugging a room
//! look like. Corridors stay one or two cells wide exactly when a level has no halls.

use super::connectivity::all_reachable;
use super::Room;
use crate::game::map::{Map, Tile};
use crate::grid::Pos;

/// Widest grid a bitboard row can hold.
const MAX_SIDE: i32 = u128::BITS as i32;

/// An inclusive rectangle of cells: x0..=x1, y0..=y1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Rect {
    /// The rectangle spanning two cells, whichever corner each is.
    pub fn spanning(a: Pos, b: Pos) -> Self {
        Self { x0: a.x.min(b.x), y0: a.y.min(b.y), x1: a.x.max(b.x), y1: a.y.max(b.y) }
    }

    pub fn of_room(r: &Room) -> Self {
        Self::spanning(Pos::new(r.x, r.y), Pos::new(r.x + r.w - 1, r.y + r.h - 1))
    }

    pub fn grown(self, by: i32) -> Self {
        Self { x0: self.x0 - by, y0: self.y0 - by, x1: self.x1 + by, y1: self.y1 + by }
    }

    pub fn intersects(&self, o: &Rect) -> bool {
        self.x0 <= o.x1 && o.x0 <= self.x1 && self.y0 <= o.y1 && o.y0 <= self.y1
    }

    /// How many cells the rectangle covers.
    pub fn area(&self) -> i32 {
        (self.x1 - self.x0 + 1) * (self.y1 - self.y0 + 1)
    }
}

/// Open cells as one bit per cell, row by row, plus where a 3×3 square may legitimately be open.
#[derive(Clone, Debug)]
pub struct OpenGrid {
    side: i32,
    rows: Vec<u128>,
    /// Centres of 3×3 squares that lie wholly inside one room.
    core: Vec<u128>,
}

/// Bits x0..=x1 of a row, clipped to the interior so the border is never opened.
fn span_bits(side: i32, x0: i32, x1: i32) -> u128 {
    let (lo, hi) = (x0.max(1), x1.min(side - 2));
    if lo > hi {
        return 0;
    }
    let width = (hi - lo + 1) as u32;
    let ones = if width == u128::BITS { !0 } else { (1u128 << width) - 1 };
    ones << lo
}

/// Bit x set where cells x-1, x and x+1 are all open.
fn triples(row: u128) -> u128 {
    row & (row << 1) & (row >> 1)
}

impl OpenGrid {
    /// A walled grid of `side` cells with the rooms open.
    pub fn new(side: i32, rooms: &[Room]) -> Self {
        assert!(side <= MAX_SIDE, "grids wider than {MAX_SIDE} cells need a wider bitboard");
        let mut grid = Self { side, rows: vec![0; side as usize], core: vec![0; side as usize] };
        for r in rooms {
            grid.open(Rect::of_room(r));
            for y in r.y + 1..r.y + r.h - 1 {
                grid.core[y as usize] |= span_bits(side, r.x + 1, r.x + r.w - 2);
            }
        }
        grid
    }

    /// The open cells of `map`, with `rooms` as the places where open squares are allowed.
    pub fn from_map(map: &Map, rooms: &[Room]) -> Self {
        let mut grid = Self::new(map.width(), rooms);
        for p in map.cells().filter(|&p| map.is_walkable(p)) {
            grid.rows[p.y as usize] |= span_bits(grid.side, p.x, p.x);
        }
        grid
    }

    /// Opens a rectangle; any part of it on or beyond the border stays wall.
    pub fn open(&mut self, r: Rect) {
        for y in r.y0.max(1)..=r.y1.min(self.side - 2) {
            self.rows[y as usize] |= span_bits(self.side, r.x0, r.x1);
        }
    }

    /// The grid as a map of wall and floor.
    pub fn to_map(&self) -> Map {
        let mut map = Map::filled(self.side, self.side, Tile::Wall);
        for y in 0..self.side {
            for x in 0..self.side {
                if self.rows[y as usize] >> x & 1 == 1 {
                    map.set(Pos::new(x, y), Tile::Floor);
                }
            }
        }
        map
    }

    /// Halls centred on rows lo..=hi if the rectangles in `extra` were opened too.
    pub fn halls_with(&self, extra: &[Rect], lo: i32, hi: i32) -> u32 {
        let row = |y: i32| {
            extra
                .iter()
                .filter(|r| r.y0 <= y && y <= r.y1 && y >= 1 && y <= self.side - 2)
                .fold(self.rows[y as usize], |bits, r| bits | span_bits(self.side, r.x0, r.x1))
        };
        (lo.max(1)..=hi.min(self.side - 2))
            .map(|y| {
                let open = triples(row(y - 1)) & triples(row(y)) & triples(row(y + 1));
                (open & !self.core[y as usize]).count_ones()
            })
            .sum()
    }

    /// Centres of every hall, in row-major order.
    pub fn hall_centres(&self) -> Vec<Pos> {
        let mut centres = Vec::new();
        for y in 1..self.side - 1 {
            let u = y as usize;
            let open = triples(self.rows[u - 1]) & triples(self.rows[u]) & triples(self.rows[u + 1]);
            let halls = open & !self.core[u];
            centres.extend((0..self.side).filter(|&x| halls >> x & 1 == 1).map(|x| Pos::new(x, y)));
        }
        centres
    }
}

/// Walls up cells until no hall is left, never a room cell and never a cell whose loss would cut
/// any walkable cell off from `start`. Corridor carving avoids halls already; this catches the rare
/// route that had no clean choice. Returns how many halls it could not remove (none in practice).
pub fn narrow_halls(map: &mut Map, rooms: &[Room], start: Pos) -> usize {
    let mut stuck: Vec<Pos> = Vec::new();
    loop {
        let grid = OpenGrid::from_map(map, rooms);
        let Some(centre) = grid.hall_centres().into_iter().find(|c| !stuck.contains(c)) else {
            return stuck.len();
        };
        if !wall_one_cell_of(map, rooms, start, centre) {
            stuck.push(centre);
        }
    }
}

/// Tries the centre of the square first (walling it never disconnects: its eight neighbours are
/// open and ring it), then the other cells in row-major order.
fn wall_one_cell_of(map: &mut Map, rooms: &[Room], start: Pos, centre: Pos) -> bool {
    let square = std::iter::once(centre)
        .chain((0..9).map(|i| centre.offset(i % 3 - 1, i / 3 - 1)))
        .filter(|&p| !rooms.iter().any(|r| r.contains(p)));
    for p in square {
        map.set(p, Tile::Wall);
        if all_reachable(map, start) {
            return true;
        }
        map.set(p, Tile::Floor);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Map {
        Map::from_rows(rows).unwrap()
    }

    #[test]
    fn open_squares_inside_a_room_are_not_halls() {
        let m = map(&["#######", "#.....#", "#.....#", "#.....#", "#######"]);
        let room = Room { x: 1, y: 1, w: 5, h: 3 };
        assert!(OpenGrid::from_map(&m, &[room]).hall_centres().is_empty());
        assert_eq!(OpenGrid::from_map(&m, &[]).hall_centres().len(), 3);
    }

    #[test]
    fn two_corridors_side_by_side_make_a_hall() {
        let m = map(&["######", "#....#", "#....#", "######", "######"]);
        let grid = OpenGrid::from_map(&m, &[]);
        assert!(grid.hall_centres().is_empty());
        let third_lane = Rect::spanning(Pos::new(1, 3), Pos::new(3, 3));
        assert_eq!(grid.halls_with(&[third_lane], 0, 4), 1);
    }

    #[test]
    fn narrowing_keeps_rooms_whole_and_the_level_connected() {
        // A corridor hugging the room's top wall makes halls straddling the room's edge.
        let mut m =
            map(&["#########", "#.......#", "#.#.....#", "#.#.....#", "#.#.....#", "#.......#", "#########"]);
        let room = Room { x: 3, y: 2, w: 5, h: 3 };
        assert_eq!(narrow_halls(&mut m, &[room], Pos::new(1, 1)), 0);
        assert!(OpenGrid::from_map(&m, &[room]).hall_centres().is_empty());
        assert!(room.cells().all(|p| m.is_walkable(p)));
        assert!(all_reachable(&m, Pos::new(1, 1)));
    }

    #[test]
    fn the_border_never_opens() {
        let mut grid = OpenGrid::new(5, &[]);
        grid.open(Rect::spanning(Pos::new(-3, -3), Pos::new(9, 9)));
        let rows = grid.to_map().rows();
        assert_eq!(rows, ["#####", "#...#", "#...#", "#...#", "#####"]);
    }
}
