//! The board pass: a top-down grid scene (`scene::BoardScene`) drawn per pixel by
//! `shaders/board.wgsl` from one storage buffer of cells, written once per scene (a pulse step).
//! `layout` places the board on the target (zoom and pan included) and maps pixels to cells both
//! ways; `pack` turns the scene into the buffer's words; `pass` holds the pipeline.

pub mod layout;
pub mod pack;
pub(crate) mod pass;
mod vision;

pub use layout::{board_area, BoardCamera, BoardView};
