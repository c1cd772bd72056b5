//! The rules of Hollowdeep: pure, deterministic, and blind to the screen.
//!
//! Nothing here names the GPU or the window (a test enforces it), reads a clock, or draws randomness
//! from anywhere but the run's seeded streams in [`rng`].

pub mod action;
pub mod balance;
pub mod dump;
pub mod gen;
pub mod map;
pub mod pos;
pub mod rng;
pub mod run;

pub use action::{Action, Event, TurnReport};
pub use map::{Map, Tile};
pub use pos::{Facing, Pos};
pub use run::{Game, Status};
