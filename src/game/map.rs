//! The level grid: walls, floor and the exit pit, with bounds-safe lookups.

use crate::grid::{Grid, Pos};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    Wall,
    Floor,
    /// The hole in the floor that leads one level deeper. Walkable.
    Exit,
}

impl Tile {
    pub fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    pub fn to_char(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Exit => '>',
        }
    }
}

/// A rectangular grid of tiles. Anything outside the grid reads as wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    tiles: Grid<Tile>,
}

impl Map {
    pub fn filled(width: i32, height: i32, tile: Tile) -> Self {
        assert!(width > 0 && height > 0, "a map needs at least one cell");
        Self { tiles: Grid::filled(width, height, tile) }
    }

    /// A map of `width` × `height` row-major tiles, or why they cannot be one.
    pub fn from_tiles(width: i32, height: i32, tiles: Vec<Tile>) -> Result<Self, String> {
        if width <= 0 || height <= 0 {
            return Err("a map needs at least one cell".into());
        }
        Grid::from_cells(width, height, tiles)
            .map(|tiles| Self { tiles })
            .ok_or_else(|| "the map's tile count does not match its width and height".into())
    }

    /// Builds a map from rows of `#`, `.` and `>`; used by tests to write small levels inline.
    pub fn from_rows(rows: &[&str]) -> Result<Self, String> {
        let height = rows.len() as i32;
        let width = rows.first().map_or(0, |r| r.chars().count()) as i32;
        if width == 0 {
            return Err("a map needs at least one row and one column".into());
        }
        let mut map = Self::filled(width, height, Tile::Wall);
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() as i32 != width {
                return Err(format!("row {y} has a different width from row 0"));
            }
            for (x, ch) in row.chars().enumerate() {
                let tile = match ch {
                    '#' => Tile::Wall,
                    '>' => Tile::Exit,
                    // Any other character (entity markers in test maps) stands on floor.
                    _ => Tile::Floor,
                };
                map.set(Pos::new(x as i32, y as i32), tile);
            }
        }
        Ok(map)
    }

    pub fn width(&self) -> i32 {
        self.tiles.width()
    }

    pub fn height(&self) -> i32 {
        self.tiles.height()
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        self.tiles.in_bounds(p)
    }

    pub fn is_border(&self, p: Pos) -> bool {
        self.tiles.is_border(p)
    }

    pub fn get(&self, p: Pos) -> Tile {
        self.tiles.get(p).copied().unwrap_or(Tile::Wall)
    }

    pub fn set(&mut self, p: Pos, tile: Tile) {
        self.tiles.set(p, tile);
    }

    /// A per-cell grid of this map's size, every cell `value`.
    pub fn grid_of<T: Clone>(&self, value: T) -> Grid<T> {
        Grid::filled(self.width(), self.height(), value)
    }

    pub fn is_walkable(&self, p: Pos) -> bool {
        self.get(p).is_walkable()
    }

    /// All cells in row-major order (y outer), the order every deterministic scan uses.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        self.tiles.positions()
    }

    pub fn tiles(&self) -> &[Tile] {
        self.tiles.as_slice()
    }

    pub fn rows(&self) -> Vec<String> {
        (0..self.height())
            .map(|y| (0..self.width()).map(|x| self.get(Pos::new(x, y)).to_char()).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_from_rows() {
        let rows = ["#####", "#..>#", "#####"];
        let map = Map::from_rows(&rows).unwrap();
        assert_eq!(map.rows(), rows.map(String::from).to_vec());
        assert_eq!(map.get(Pos::new(-1, 0)), Tile::Wall);
        assert_eq!(map.get(Pos::new(3, 1)), Tile::Exit);
    }

    #[test]
    fn ragged_rows_are_an_error_not_a_panic() {
        assert!(Map::from_rows(&["###", "#."]).is_err());
    }
}
