//! Hollowdeep: a first-person, turn-based dungeon crawler ray-cast per pixel on the GPU.
//!
//! Rooms with one-way dependencies: the engine's `grid`, `scene` (the plain-data contract between
//! rules and pixels) and `mode` (the seam a game implements); the crawler's rules in `game`;
//! `render`, which draws scenes; `audio`, which sounds them; and `app`, the shell (window, input,
//! turn machine, headless driver, persistence). See ARCHITECTURE.md.
//!
//! The `shell` feature (on by default) brings `app`, `render` and `audio`; without it the crate is
//! the rules alone, as the browser's replay check builds them for wasm32.

#[cfg(feature = "shell")]
pub mod app;
#[cfg(feature = "shell")]
pub mod audio;
pub mod game;
pub mod grid;
pub mod mode;
pub mod reactor;
#[cfg(feature = "shell")]
pub mod render;
pub mod scene;
