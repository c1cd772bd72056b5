//! Rendering: turns a scene (`crate::scene`, the plain data a game builds once per turn) into pixels
//! with wgpu. It never names a game's rules types and never changes state.
//!
//! A frame is the world (`shaders/world.wgsl`: a per-pixel ray-cast of the grid, then the entity
//! sprites of `shaders/sprites.wgsl` blended over it, far to near; both composed from parts by
//! [`shader_source`]) in the area above the HUD bar, then the HUD pass
//! (`shaders/hud.wgsl`, instanced glyph quads). A scene reaches the GPU only through the packing
//! functions in [`scene`] (grid, phantoms, madness, light) and [`sprites`] (figures); the projection lives
//! in [`camera`] and is shared with the CPU reference ray-cast in [`reference`] that tests use.
//!
//! The HUD is laid out as pure data first, in [`hud`]: primitives at the bottom (the cell grid, the
//! shapes, framed panels), the parts on them (bar, turn strip, overlays, automap), and one composer
//! on top (`hud::compose`) that makes a `HudScene` of rectangles and glyphs, which the HUD pass only
//! packs into quads.

pub mod board;
pub mod capture;
pub mod error;
pub mod font;
pub mod gpu;
pub mod hud;
mod layout_entries;
pub mod overlay;
pub mod palette;
mod pipeline;
pub mod renderer;
pub mod scene;
pub mod shader_source;
mod world;

pub use world::{camera, columns, depth, light_field, reference, sprites, warp};

pub use camera::{Camera, View};
pub use capture::{encode_png, render_image, Offscreen};
pub use error::RenderError;
pub use gpu::Gpu;
pub use overlay::{Edge, Overlay, UiState};
pub use renderer::{world_viewport, AfterPasses, Frame, Renderer};
pub use scene::{Effects, WorldTurn};
