//! Symmetric shadowcasting (Albert Ford's algorithm) over the grid: who can see whom.
//!
//! Symmetric: if floor cell A sees floor cell B, B sees A, so the player's field of view doubles as
//! every enemy's line of sight to the player. Exact rational slopes keep it free of float error.

use super::map::Map;
use super::pos::Pos;

/// The cells visible from `origin` within a circular `radius`, as a row-major bitmap of the map.
pub fn field_of_view(map: &Map, origin: Pos, radius: i32) -> Vec<bool> {
    let mut seen = vec![false; (map.width() * map.height()) as usize];
    let mut reveal = |p: Pos| {
        let (dx, dy) = (p.x - origin.x, p.y - origin.y);
        if map.in_bounds(p) && dx * dx + dy * dy <= radius * radius {
            seen[(p.y * map.width() + p.x) as usize] = true;
        }
    };
    reveal(origin);
    for quadrant in [Quadrant::North, Quadrant::East, Quadrant::South, Quadrant::West] {
        let caster = Caster { map, origin, quadrant, radius };
        caster.scan(Row { depth: 1, start: Slope::new(-1, 1), end: Slope::new(1, 1) }, &mut reveal);
    }
    seen
}

/// True when `b` is in the field of view from `a`.
pub fn can_see(map: &Map, a: Pos, b: Pos, radius: i32) -> bool {
    map.in_bounds(b) && field_of_view(map, a, radius)[(b.y * map.width() + b.x) as usize]
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

struct Caster<'a> {
    map: &'a Map,
    origin: Pos,
    quadrant: Quadrant,
    radius: i32,
}

impl Caster<'_> {
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
        !self.map.is_walkable(self.cell(depth, col))
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
