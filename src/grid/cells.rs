//! `Grid<T>`: one value per cell of a width × height rectangle, stored row-major. This is the only
//! place in the crate that turns a position into an index.

use super::pos::Pos;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid<T> {
    width: i32,
    height: i32,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `value`. Empty sizes are allowed (a grid of nothing).
    pub fn filled(width: i32, height: i32, value: T) -> Self {
        let (width, height) = (width.max(0), height.max(0));
        Self { width, height, cells: vec![value; (width as usize) * (height as usize)] }
    }
}

impl<T> Grid<T> {
    /// Wraps row-major `cells`; `None` when their count is not width × height.
    pub fn from_cells(width: i32, height: i32, cells: Vec<T>) -> Option<Self> {
        let expected = (width.max(0) as usize).checked_mul(height.max(0) as usize)?;
        (width >= 0 && height >= 0 && cells.len() == expected).then_some(Self { width, height, cells })
    }

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    pub fn is_border(&self, p: Pos) -> bool {
        p.x == 0 || p.y == 0 || p.x == self.width - 1 || p.y == self.height - 1
    }

    /// The row-major index of an in-bounds cell; `None` off the grid.
    pub fn index(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p).then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    /// The cell at a row-major index (the inverse of [`Grid::index`]).
    pub fn pos_of(&self, index: usize) -> Pos {
        let w = self.width.max(1) as usize;
        Pos::new((index % w) as i32, (index / w) as i32)
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        self.index(p).map(|i| &self.cells[i])
    }

    pub fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.index(p).map(|i| &mut self.cells[i])
    }

    /// Writes an in-bounds cell; a position off the grid is ignored (callers treat off-grid as
    /// solid rock that cannot change).
    pub fn set(&mut self, p: Pos, value: T) {
        if let Some(cell) = self.get_mut(p) {
            *cell = value;
        }
    }

    /// All positions in row-major order (y outer), the order every deterministic scan uses.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// Positions and values in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        self.positions().zip(self.cells.iter())
    }

    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    pub fn into_cells(self) -> Vec<T> {
        self.cells
    }

    /// A grid of the same size whose cells are `f` of these.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { width: self.width, height: self.height, cells: self.cells.iter().map(f).collect() }
    }
}

impl<T: Copy + Default> Grid<T> {
    /// The value at `p`, or the default off the grid.
    pub fn at(&self, p: Pos) -> T {
        self.get(p).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_pos_of_are_inverse_over_the_whole_grid() {
        let grid = Grid::filled(7, 3, 0u8);
        for (i, p) in grid.positions().enumerate() {
            assert_eq!(grid.index(p), Some(i));
            assert_eq!(grid.pos_of(i), p);
        }
        assert_eq!(grid.index(Pos::new(7, 0)), None);
        assert_eq!(grid.index(Pos::new(0, -1)), None);
    }

    #[test]
    fn writes_off_the_grid_change_nothing() {
        let mut grid = Grid::filled(2, 2, 1u8);
        grid.set(Pos::new(5, 5), 9);
        assert!(grid.as_slice().iter().all(|&v| v == 1));
        assert_eq!(grid.at(Pos::new(-1, 0)), 0);
    }

    #[test]
    fn from_cells_refuses_a_wrong_count() {
        assert!(Grid::from_cells(2, 2, vec![0; 3]).is_none());
        assert!(Grid::from_cells(2, 2, vec![0; 4]).is_some());
    }
}
