//! The run's separate random streams, all derived from the one run seed.
//!
//! Level generation, gameplay and cosmetic effects each draw from their own ChaCha stream, so that a
//! purely visual effect can never shift what happens in the game (Brogue's substantive/cosmetic split).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator every random draw of the game goes through.
pub type GameRng = ChaCha8Rng;

const STREAM_GAMEPLAY: u64 = 1;
const STREAM_COSMETIC: u64 = 2;
/// Level streams are numbered from here by depth so no depth shares a stream with gameplay.
const STREAM_LEVEL_BASE: u64 = 1_000;
/// Which generator a depth uses, and where its landmarks stand, come from streams of their own
/// (numbered by depth past every level stream), so a level's layout and population draw exactly
/// what they did before generators and landmarks existed.
const STREAM_LAYOUT_BASE: u64 = 2_000_000;
const STREAM_LANDMARK_BASE: u64 = 4_000_000;

fn stream(seed: u64, stream: u64) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// The generator for the layout and population of one depth of one run.
pub fn level_stream(seed: u64, depth: u32) -> GameRng {
    stream(seed, STREAM_LEVEL_BASE + u64::from(depth))
}

/// The generator that picks which level generator a depth uses.
pub fn layout_stream(seed: u64, depth: u32) -> GameRng {
    stream(seed, STREAM_LAYOUT_BASE + u64::from(depth))
}

/// The generator that places a depth's landmarks (torches, the shrine).
pub fn landmark_stream(seed: u64, depth: u32) -> GameRng {
    stream(seed, STREAM_LANDMARK_BASE + u64::from(depth))
}

/// The generator for everything that happens during play: combat rolls, AI, sanity effects.
pub fn gameplay_stream(seed: u64) -> GameRng {
    stream(seed, STREAM_GAMEPLAY)
}

/// The generator for visual-only effects. Nothing drawn from it may change the game state.
pub fn cosmetic_stream(seed: u64) -> GameRng {
    stream(seed, STREAM_COSMETIC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn streams_of_one_seed_differ() {
        let a = gameplay_stream(7).next_u64();
        let b = cosmetic_stream(7).next_u64();
        let c = level_stream(7, 1).next_u64();
        let d = level_stream(7, 2).next_u64();
        assert!(a != b && a != c && c != d);
    }

    #[test]
    fn a_stream_is_reproducible() {
        assert_eq!(level_stream(42, 3).next_u64(), level_stream(42, 3).next_u64());
    }
}
