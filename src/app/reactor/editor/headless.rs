//! The editor without a window: its frame (board + widgets) rendered offscreen at a size, for
//! `hollowdeep reactor --edit L --headless --screenshot out.png` and the render tests. The widgets
//! get a synthetic input (the screen's size, optional pointer events) and run a few passes, since
//! egui lays a new panel out over its first pass.

use super::document::Document;
use super::painter::Painter;
use super::EditorScreen;
use crate::app::keys::Bindings;
use crate::render::{Gpu, Offscreen, Renderer};

/// Passes run before the picture is taken: enough for every panel to settle its size.
pub const SETTLE_PASSES: usize = 3;

/// An input of `width` × `height` pixels at one pixel per point, with `events`.
pub fn input(width: u32, height: u32, events: Vec<egui::Event>) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width as f32, height as f32),
        )),
        events,
        ..egui::RawInput::default()
    }
}

/// Renders `screen` as it stands (after its last pass) into a new offscreen target; RGBA8 rows.
pub fn render(gpu: &Gpu, screen: &mut EditorScreen, (width, height): (u32, u32)) -> Vec<u8> {
    let target = Offscreen::new(gpu, width, height);
    let mut renderer = Renderer::new(gpu, Offscreen::format());
    let mut painter = Painter::new(gpu, Offscreen::format());
    screen.refresh_scene();
    screen.draw(gpu, &mut renderer, &mut painter, target.view(), (width, height), 0.0, true, true);
    target.read_rgba(gpu)
}

/// The screen of `doc`, its widgets settled at `size`.
pub fn settled(doc: Document, size: (u32, u32)) -> EditorScreen {
    let mut screen = EditorScreen::new(doc, &Bindings::default());
    for _ in 0..SETTLE_PASSES {
        let _ = screen.frame(input(size.0, size.1, Vec::new()));
    }
    screen
}

/// `--edit L --headless --screenshot out.png`: the editor frame of `doc` written as a PNG.
pub fn screenshot(doc: Document, size: (u32, u32), path: &std::path::Path) -> Result<(), String> {
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let mut screen = settled(doc, size);
    let rgba = render(&gpu, &mut screen, size);
    crate::app::screenshot::write_png(path, size.0, size.1, &rgba)
}
