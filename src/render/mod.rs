//! Rendering: turns game state into pixels with wgpu; never changes the game.
