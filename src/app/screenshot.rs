//! `--screenshot`: renders the final view of a headless run offscreen and saves it as a PNG, with the
//! automap over it when `--automap` asks.

use crate::render::{self, Effects, Frame, Gpu, Overlay, UiState, View};
use crate::scene::Scene;
use std::path::Path;

/// Draws the scene at rest (no animation in flight) with the same shaders as the window.
pub fn write(
    scene: &Scene,
    (width, height): (u32, u32),
    reduced_effects: bool,
    automap: bool,
    path: &Path,
) -> Result<(), String> {
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let effects = Effects { reduced: reduced_effects, ..Effects::default() };
    let overlay = automap.then(|| Overlay::Automap { hint: String::new() });
    let frame =
        Frame { view: View::of_scene(scene, 0.0), effects, ui: UiState { overlay, ..UiState::default() } };
    let rgba = render::render_image(&gpu, scene, &frame, width, height);
    write_png(path, width, height, &rgba)
}

/// Writes tightly packed RGBA8 pixels as a PNG through the one writer.
pub fn write_png(path: &Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), String> {
    super::persist::writer::write_bytes(path, &render::encode_png(width, height, rgba)?)
}
