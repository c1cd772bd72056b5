//! `--screenshot`: renders the final view of a headless run offscreen and saves it as a PNG.

use crate::game::Game;
use crate::render::{self, Gpu, View};
use std::path::Path;

pub fn write(game: &Game, (width, height): (u32, u32), path: &Path) -> Result<(), String> {
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let view = View::from_game(game, 0.0);
    let rgba = render::render_image(&gpu, game, &view, width, height);
    render::write_png(path, width, height, &rgba).map_err(|e| e.to_string())
}
