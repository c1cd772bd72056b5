//! The generator chain's front: which generator a depth uses (a weighted, depth-gated row of the
//! balance table, drawn from the depth's own layout stream), and running it.

use super::{bsp, caves, drunkard, mixed, rooms, Level};
use crate::game::balance::BALANCE;
use crate::game::rng::{layout_stream, GameRng};
use crate::game::tables::roll;

pub use super::kind::Generator;

/// The generator `depth` of the run `seed` uses, from `BALANCE.generator_table`. Drawn from a stream
/// of its own, so the choice never shifts what the level's stream draws.
pub fn generator_for(seed: u64, depth: u32) -> Generator {
    roll(BALANCE.generator_table, depth, &mut layout_stream(seed, depth)).unwrap_or(Generator::Rooms)
}

/// A level laid out by `generator` for `depth`, from the level's stream. Landmarks come later
/// (they need the population): see [`super::landmarks::place`].
pub fn generate_with(generator: Generator, depth: u32, rng: &mut GameRng) -> Level {
    match generator {
        Generator::Rooms => rooms::generate(depth, rng),
        Generator::Bsp => bsp::generate(depth, rng),
        Generator::Caves => caves::generate(depth, rng),
        Generator::Drunkard => drunkard::generate(depth, rng),
        Generator::Mixed => mixed::generate(depth, rng),
    }
}
