//! Level generation: a small chain that turns a seed and a depth into a connected level.
//!
//! One file per generator (rooms and corridors, BSP, cellular caves, drunkard's walk, caves joined
//! to rooms) plus the small steps generators share (spanning tree, corridor carving, open-area
//! checks, connectivity, start and exit in [`finish`], landmarks); [`builder`] picks the generator for a depth
//! from the balance table and runs the chain.

pub mod bsp;
pub mod builder;
pub mod caves;
pub mod connectivity;
pub mod corridors;
pub mod drunkard;
pub mod endpoints;
pub mod finish;
pub mod kind;
pub mod landmarks;
pub mod level;
pub mod mixed;
pub mod mst;
pub mod openness;
pub mod rooms;

use super::rng::GameRng;

// The level's data lives in `level.rs`, below every generator, so a generator can name `Level` and
// `Room` without reaching up into this file, which calls the generators.
pub use level::{Level, Room};

/// Grid side for a depth: 2n+1 with n = min(15 + depth, 28), from the balance table.
pub fn side_for_depth(depth: u32) -> i32 {
    rooms::side_for_depth(depth)
}

/// The rooms-and-corridors level for `depth` from its own stream. Same stream state, same level.
/// (The run's levels come from [`generate_level`], which picks the generator by depth.)
pub fn generate(depth: u32, rng: &mut GameRng) -> Level {
    rooms::generate(depth, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(x: i32, y: i32, w: i32, h: i32) -> Room {
        Room { x, y, w, h }
    }

    #[test]
    fn separation_counts_the_wall_cells_between_rooms() {
        let a = room(1, 1, 3, 3);
        assert_eq!(a.separation(&room(6, 1, 3, 3)), 2);
        assert_eq!(room(6, 1, 3, 3).separation(&a), 2);
        assert_eq!(a.separation(&room(1, 5, 3, 3)), 1);
        // Touching at a corner leaves no wall between them.
        assert_eq!(a.separation(&room(4, 4, 3, 3)), 0);
        assert!(a.separation(&room(2, 2, 3, 3)) < 0);
    }
}
