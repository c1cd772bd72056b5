//! Symmetric shadowcasting (Albert Ford's algorithm) over any grid: who can see whom.
//!
//! Symmetric: if floor cell A sees floor cell B, B sees A, so the player's field of view doubles as
//! every enemy's line of sight to the player. Exact rational slopes keep it free of float error.

use super::cells::Grid;
use super::pos::Pos;

/// The cells of a `width` × `height` grid visible from `origin` within a circular `radius`.
/// `opaque` is asked about any cell, in bounds or not, so a game decides what lies off its grid.
pub fn field_of_view(
    width: i32,
    height: i32,
    origin: Pos,
    radius: i32,
    opaque: impl Fn(Pos) -> bool,
) -> Grid<bool> {
    let mut seen = Grid::filled(width, height, false);
    let mut reveal = |p: Pos| {
        let (dx, dy) = (p.x - origin.x, p.y - origin.y);
        if dx * dx + dy * dy <= radius * radius {
            seen.set(p, true);
        }
    };
    reveal(origin);
    for quadrant in [Quadrant::North, Quadrant::East, Quadrant::South, Quadrant::West] {
        let caster = Caster { opaque: &opaque, origin, quadrant, radius };
        caster.scan(Row { depth: 1, start: Slope::new(-1, 1), end: Slope::new(1, 1) }, &mut reveal);
    }
    seen
}

#[derive(Clone, Copy)]
enum Quadrant {
    North,
    East,
    South,
    West,
}

/// A slope as an exact fraction num/den with den > 0.
#[derive(Clone, Copy)]
struct Slope {
    num: i64,
    den: i64,
}

impl Slope {
    fn new(num: i64, den: i64) -> Self {
        Self { num, den }
    }
}

#[derive(Clone, Copy)]
struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

impl Row {
    /// Columns from round-ties-up(depth·start) to round-ties-down(depth·end).
    fn columns(&self) -> std::ops::RangeInclusive<i64> {
        let lo = (2 * self.depth * self.start.num + self.start.den).div_euclid(2 * self.start.den);
        let hi = -((-2 * self.depth * self.end.num + self.end.den).div_euclid(2 * self.end.den));
        lo..=hi
    }

    fn next(&self) -> Row {
        Row { depth: self.depth + 1, ..*self }
    }

    /// A floor cell is revealed only if its centre lies inside the row's slopes: this is what makes the
    /// result symmetric.
    fn is_symmetric(&self, col: i64) -> bool {
        col * self.start.den >= self.depth * self.start.num && col * self.end.den <= self.depth * self.end.num
    }
}

struct Caster<'a, F> {
    opaque: &'a F,
    origin: Pos,
    quadrant: Quadrant,
    radius: i32,
}

impl<F: Fn(Pos) -> bool> Caster<'_, F> {
    fn cell(&self, depth: i64, col: i64) -> Pos {
        let (d, c) = (depth as i32, col as i32);
        let o = self.origin;
        match self.quadrant {
            Quadrant::North => Pos::new(o.x + c, o.y - d),
            Quadrant::South => Pos::new(o.x + c, o.y + d),
            Quadrant::East => Pos::new(o.x + d, o.y + c),
            Quadrant::West => Pos::new(o.x - d, o.y + c),
        }
    }

    fn is_wall(&self, depth: i64, col: i64) -> bool {
        (self.opaque)(self.cell(depth, col))
    }

    fn scan(&self, mut row: Row, reveal: &mut impl FnMut(Pos)) {
        if row.depth > i64::from(self.radius) {
            return;
        }
        let mut prev_wall: Option<bool> = None;
        for col in row.columns() {
            let wall = self.is_wall(row.depth, col);
            if wall || row.is_symmetric(col) {
                reveal(self.cell(row.depth, col));
            }
            let tile_slope = Slope::new(2 * col - 1, 2 * row.depth);
            if prev_wall == Some(true) && !wall {
                row.start = tile_slope;
            }
            if prev_wall == Some(false) && wall {
                let mut next = row.next();
                next.end = tile_slope;
                self.scan(next, reveal);
            }
            prev_wall = Some(wall);
        }
        if prev_wall == Some(false) {
            self.scan(row.next(), reveal);
        }
    }
}
