//! The HUD, laid out as pure data and drawn by its own pass. Imports only go down this list:
//! primitives (`shapes`, `grid`, `panel`), the parts built on them (`bar`, `strip`, `target`, `automap`,
//! `screens`, `overlays`), the composer (`compose`), and the GPU pass (`pass`) that packs a composed scene into
//! quads.

pub mod automap;
pub mod bar;
pub mod board_panel;
pub mod compose;
pub mod grid;
pub mod overlays;
pub mod panel;
pub(crate) mod pass;
pub mod screens;
pub mod shapes;
pub mod strip;
pub mod target;
// Shared helpers of the layout tests, apart from any one file's tests (see the file).
#[cfg(test)]
pub(crate) mod test_support;
