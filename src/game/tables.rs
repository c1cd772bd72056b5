//! Weighted, depth-scaled tables (generation seed §4): relative weights, depth-gated entries.

use super::rng::GameRng;
use rand::RngExt;

/// One row of a table. Its weight grows by `per_depth` for each depth past `min_depth`, and it cannot
/// be drawn at all above ground shallower than `min_depth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weighted<T> {
    pub entry: T,
    pub weight: u32,
    pub min_depth: u32,
    pub per_depth: u32,
}

impl<T> Weighted<T> {
    pub const fn new(entry: T, weight: u32, min_depth: u32, per_depth: u32) -> Self {
        Self { entry, weight, min_depth, per_depth }
    }

    /// The row's weight at `depth` (0 while gated).
    pub fn weight_at(&self, depth: u32) -> u32 {
        if depth < self.min_depth {
            0
        } else {
            self.weight + self.per_depth * (depth - self.min_depth)
        }
    }
}

/// Draws one entry in proportion to its weight at `depth`. `None` when every row is gated.
pub fn roll<T: Copy>(table: &[Weighted<T>], depth: u32, rng: &mut GameRng) -> Option<T> {
    let total: u32 = table.iter().map(|w| w.weight_at(depth)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for row in table {
        let w = row.weight_at(depth);
        if pick < w {
            return Some(row.entry);
        }
        pick -= w;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::gameplay_stream;

    const TABLE: [Weighted<char>; 3] =
        [Weighted::new('a', 60, 1, 0), Weighted::new('b', 40, 1, 0), Weighted::new('c', 100, 5, 0)];

    #[test]
    fn gated_rows_never_appear_above_their_depth() {
        let mut rng = gameplay_stream(1);
        assert!((0..2_000).all(|_| roll(&TABLE, 4, &mut rng) != Some('c')));
        assert!((0..2_000).any(|_| roll(&TABLE, 5, &mut rng) == Some('c')));
    }

    #[test]
    fn draws_follow_the_relative_weights() {
        let mut rng = gameplay_stream(2);
        let n = 20_000;
        let a = (0..n).filter(|_| roll(&TABLE, 1, &mut rng) == Some('a')).count();
        let share = a as f64 / n as f64;
        assert!((share - 0.6).abs() < 0.02, "{share}");
    }

    #[test]
    fn weights_grow_with_depth() {
        let row = Weighted::new('x', 10, 3, 4);
        assert_eq!(row.weight_at(2), 0);
        assert_eq!(row.weight_at(3), 10);
        assert_eq!(row.weight_at(6), 22);
    }
}
