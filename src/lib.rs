//! Hollowdeep: a first-person, turn-based dungeon crawler ray-cast per pixel on the GPU.
//!
//! Three rooms with one-way dependencies: `game` (pure rules), `render` (reads the game, draws it),
//! `app` (window, input, turn machine, headless driver). See ARCHITECTURE.md.

pub mod app;
pub mod game;
pub mod grid;
pub mod reactor;
pub mod render;
