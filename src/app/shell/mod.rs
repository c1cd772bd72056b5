//! The engine's shell: screens on a stack, the keys every screen shares, and the window that
//! shows the top screen. It names no game: each game's front brings its own screens.

pub mod audio_out;
pub mod headless;
pub mod keys;
pub mod menu;
pub mod mode_screen;
pub mod opened;
pub mod screen;
pub mod signals;
pub mod stack;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod window;
