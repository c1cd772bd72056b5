//! The world pass: the first-person view of a grid, cast per column, shaded per pixel, with its
//! sprites and the warp that bends the finished picture. Everything here serves `pass::WorldPass`;
//! the HUD and the board are separate passes beside it.

pub mod camera;
pub(super) mod column_pass;
pub mod columns;
pub mod depth;
pub(super) mod fields;
pub mod light_field;
pub(super) mod pass;
pub mod reference;
pub mod sprites;
mod variant;
pub mod warp;
