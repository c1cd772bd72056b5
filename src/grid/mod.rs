//! The engine's grid room, shared by every game: positions, facings, dense per-cell storage, flood
//! fills and symmetric field of view. It knows no game's rules.

pub mod cells;
pub mod flood;
pub mod fov;
pub mod pos;

pub use cells::Grid;
pub use pos::{Facing, Pos, Side};
