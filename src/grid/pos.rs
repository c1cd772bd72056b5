//! Grid coordinates and compass facings shared by every game: x grows east, y grows south, (0, 0) is the top-left cell.

use serde::{Deserialize, Serialize};

/// A cell on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    pub fn offset(self, dx: i32, dy: i32) -> Self {
        Self::new(self.x + dx, self.y + dy)
    }

    pub fn step(self, facing: Facing) -> Self {
        let (dx, dy) = facing.delta();
        self.offset(dx, dy)
    }

    pub fn manhattan(self, other: Pos) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// The four orthogonal neighbours in a fixed order (N, E, S, W) so that iteration is deterministic.
    pub fn neighbours4(self) -> [Pos; 4] {
        Facing::ALL.map(|f| self.step(f))
    }
}

/// One of the four directions the player can face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Facing {
    North,
    East,
    South,
    West,
}

/// A side of someone relative to where they face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Front,
    Left,
    Right,
    Behind,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Front => "front",
            Side::Left => "left",
            Side::Right => "right",
            Side::Behind => "behind",
        }
    }
}

impl Facing {
    pub const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Facing::North => (0, -1),
            Facing::East => (1, 0),
            Facing::South => (0, 1),
            Facing::West => (-1, 0),
        }
    }

    /// Clockwise as seen on a map drawn with north up.
    pub fn right(self) -> Facing {
        match self {
            Facing::North => Facing::East,
            Facing::East => Facing::South,
            Facing::South => Facing::West,
            Facing::West => Facing::North,
        }
    }

    pub fn left(self) -> Facing {
        self.right().right().right()
    }

    pub fn opposite(self) -> Facing {
        self.right().right()
    }

    /// Which side of a viewer at `viewer` facing this way the cell `other` is on. The front and
    /// back win their diagonals: a cell ahead and to the left is "in front".
    pub fn side_of(self, viewer: Pos, other: Pos) -> Side {
        let (dx, dy) = (other.x - viewer.x, other.y - viewer.y);
        let (fx, fy) = self.delta();
        let (rx, ry) = self.right().delta();
        let (ahead, right) = (dx * fx + dy * fy, dx * rx + dy * ry);
        if ahead.abs() >= right.abs() {
            if ahead >= 0 {
                Side::Front
            } else {
                Side::Behind
            }
        } else if right > 0 {
            Side::Right
        } else {
            Side::Left
        }
    }

    /// The view angle in radians such that the view direction is (cos a, sin a) in grid coordinates
    /// (y south): East 0, South π/2, West π, North 3π/2.
    pub fn angle(self) -> f32 {
        use std::f32::consts::{FRAC_PI_2, PI};
        match self {
            Facing::East => 0.0,
            Facing::South => FRAC_PI_2,
            Facing::West => PI,
            Facing::North => 3.0 * FRAC_PI_2,
        }
    }

    pub fn letter(self) -> &'static str {
        match self {
            Facing::North => "N",
            Facing::East => "E",
            Facing::South => "S",
            Facing::West => "W",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_four_times_returns_to_the_start() {
        for f in Facing::ALL {
            assert_eq!(f.right().right().right().right(), f);
            assert_eq!(f.left().right(), f);
        }
    }

    #[test]
    fn angle_points_along_delta() {
        for f in Facing::ALL {
            let (dx, dy) = f.delta();
            assert!((f.angle().cos() - dx as f32).abs() < 1e-5);
            assert!((f.angle().sin() - dy as f32).abs() < 1e-5);
        }
    }

    #[test]
    fn the_side_of_a_cell_follows_the_facing() {
        let me = Pos::new(5, 5);
        for facing in Facing::ALL {
            let at = |f: Facing| {
                let (dx, dy) = f.delta();
                Pos::new(5 + dx, 5 + dy)
            };
            assert_eq!(facing.side_of(me, at(facing)), Side::Front, "{facing:?}");
            assert_eq!(facing.side_of(me, at(facing.opposite())), Side::Behind, "{facing:?}");
            assert_eq!(facing.side_of(me, at(facing.left())), Side::Left, "{facing:?}");
            assert_eq!(facing.side_of(me, at(facing.right())), Side::Right, "{facing:?}");
        }
        // Two cells away (a lunge) reads the same way.
        assert_eq!(Facing::North.side_of(me, Pos::new(3, 5)), Side::Left);
    }
}
