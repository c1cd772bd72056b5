//! The rules of Hollowdeep: pure, deterministic, and blind to the screen.
//!
//! Nothing here names the GPU or the window (a test enforces it), reads a clock, or draws randomness
//! from anywhere but the run's seeded streams in [`rng`].

pub mod action;
pub mod ai;
pub mod balance;
pub mod combat;
pub mod content;
pub mod dump;
pub mod entity;
pub mod floor;
pub mod gen;
pub mod hearing;
pub mod inventory;
pub mod items;
pub mod madness;
pub mod map;
pub mod messages;
pub mod mode;
pub mod phantom;
pub mod player;
pub mod present;
pub mod recording;
pub mod rng;
pub mod run;
pub mod sanity;
pub mod save;
pub mod scheduler;
pub mod score;
pub mod sight;
pub mod spawn;
pub mod status;
pub mod tables;
#[cfg(any(test, feature = "test-hooks"))]
pub mod test_hooks;
pub mod theme;

pub use crate::grid::{Facing, Grid, Pos};
pub use action::{Action, Event, TurnReport};
pub use entity::{Entity, EntityId, EntityKind, Item, Pickup, Variant};
pub use map::{Map, Tile};
pub use run::{generate_depth, generate_depth_with, Game, Status};
