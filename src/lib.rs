//! Hollowdeep: a first-person, turn-based dungeon crawler ray-cast per pixel on the GPU.
//!
//! Rooms with one-way dependencies: the engine's `grid`, `scene` (the plain-data contract between
//! rules and pixels) and `mode` (the seam a game implements); the crawler's rules in `game`;
//! `render`, which draws scenes; `audio`, which sounds them; and `app`, the shell (window, input,
//! turn machine, headless driver, persistence). See ARCHITECTURE.md.

pub mod app;
pub mod audio;
pub mod game;
pub mod grid;
pub mod mode;
pub mod reactor;
pub mod render;
pub mod scene;
