//! The renderer on the (software) GPU and the shader sources: one test binary, so that all render
//! tests share one linked crate and one opened GPU device (see `common::gpu_or_skip`).
//!
//! Each module is one former test file under `tests/render/`; run one with
//! `cargo test --test render hud::`.

mod common;
#[path = "golden/mod.rs"]
mod golden;

#[path = "render/board.rs"]
mod board;
#[path = "render/editor.rs"]
mod editor;
#[path = "render/eye_view.rs"]
mod eye_view;
#[path = "render/frames.rs"]
mod frames;
#[path = "render/headless.rs"]
mod headless;
#[path = "render/hud.rs"]
mod hud;
#[path = "render/places.rs"]
mod places;
#[path = "render/shaders.rs"]
mod shaders;
#[path = "render/world.rs"]
mod world;
