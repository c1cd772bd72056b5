//! Packing of game and presentation state into the `#[repr(C)]` structs the shaders read.
//!
//! Every struct here has a WGSL twin of the same name and member names (`tests/shaders.rs` compares
//! sizes and offsets through naga's layouter). Padding is explicit so the layout is visible in review.

use super::camera::Camera;
use crate::game::{Map, Pos, Tile};
use bytemuck::{Pod, Zeroable};
use glam::Vec2;

/// Cell word, low byte: what the tile is. Mirrors the `TILE_*` constants in `shaders/world.wgsl`.
pub const TILE_MASK: u32 = 0xff;
pub const TILE_FLOOR: u32 = 0;
pub const TILE_WALL: u32 = 1;
pub const TILE_EXIT: u32 = 2;
/// Flags above the tile byte, reserved for sanity effects fed per turn: a walkable cell drawn as wall,
/// and a wall drawn as open floor. Bits 10..31 stay free for later use.
pub const FLAG_PHANTOM_WALL: u32 = 1 << 8;
pub const FLAG_PHANTOM_PASSAGE: u32 = 1 << 9;

/// Torch radius in cells: beyond it there is only black.
pub const LIGHT_RADIUS: f32 = 5.5;
/// Strength of the torch flicker (relative brightness wobble); faint on purpose.
pub const LIGHT_FLICKER: f32 = 0.06;

/// Per-frame camera, light and effect values for `shaders/world.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct WorldUniforms {
    pub eye: [f32; 2],
    pub dir: [f32; 2],
    pub right: [f32; 2],
    /// Size of the 3D view in pixels (the part of the target above the HUD bar).
    pub view_size: [f32; 2],
    pub focal: [f32; 2],
    /// Screen shake offset in pixels (camera jolt); zero when calm.
    pub jolt_px: [f32; 2],
    pub grid_size: [u32; 2],
    pub time: f32,
    /// Multiplies the torch (darkness effect): 1 is the full torch, 0 is blind.
    pub light_scale: f32,
    /// Full-screen flash: rgb tint and its strength in alpha; alpha 0 is no flash.
    pub flash_rgba: [f32; 4],
    pub light_radius: f32,
    pub flicker: f32,
    /// 1 when the target format is not sRGB, so the shader must encode gamma itself.
    pub encode_srgb: u32,
    pub _pad0: u32,
}

/// Effect strengths that the app animates; `Effects::default()` is calm (no effect at all).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effects {
    /// Torch brightness multiplier (darkness); 1.0 is neutral.
    pub light_scale: f32,
    /// Flash colour (linear rgb) and strength (alpha, 0..1); alpha 0 is neutral.
    pub flash_rgba: [f32; 4],
    /// Camera jolt as a pixel offset; zero is neutral.
    pub jolt_px: Vec2,
}

impl Default for Effects {
    fn default() -> Self {
        Effects { light_scale: 1.0, flash_rgba: [0.0; 4], jolt_px: Vec2::ZERO }
    }
}

impl WorldUniforms {
    pub fn new(camera: &Camera, grid: (u32, u32), time: f32, effects: &Effects, encode_srgb: bool) -> Self {
        WorldUniforms {
            eye: camera.eye.to_array(),
            dir: camera.dir.to_array(),
            right: camera.right.to_array(),
            view_size: camera.size.to_array(),
            focal: camera.focal.to_array(),
            jolt_px: effects.jolt_px.to_array(),
            grid_size: [grid.0, grid.1],
            time,
            light_scale: effects.light_scale,
            flash_rgba: effects.flash_rgba,
            light_radius: LIGHT_RADIUS,
            flicker: LIGHT_FLICKER,
            encode_srgb: encode_srgb as u32,
            _pad0: 0,
        }
    }
}

/// Per-frame values for `shaders/hud.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct HudUniforms {
    /// Target size in pixels.
    pub screen: [f32; 2],
    pub encode_srgb: u32,
    pub _pad0: u32,
}

/// One HUD quad: a glyph from the atlas scaled by a whole number, or a solid rectangle.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct GlyphInstance {
    /// x, y (top-left) and width, height in target pixels.
    pub rect: [f32; 4],
    /// Linear rgb and alpha.
    pub color: [f32; 4],
    /// Atlas glyph index, or [`GLYPH_SOLID`] for a filled rectangle.
    pub glyph: u32,
    /// Target pixels per font pixel (a whole number, kept as f32 for the shader's division).
    pub scale: f32,
    pub _pad0: u32,
    pub _pad1: u32,
}

/// `GlyphInstance::glyph` value for a filled rectangle. Mirrors `GLYPH_SOLID` in `shaders/hud.wgsl`.
pub const GLYPH_SOLID: u32 = 0xffff_ffff;

/// The cell word for one tile, before any per-turn flags.
pub fn tile_to_raw(tile: Tile) -> u32 {
    match tile {
        Tile::Floor => TILE_FLOOR,
        Tile::Wall => TILE_WALL,
        Tile::Exit => TILE_EXIT,
    }
}

/// The whole grid as cell words in row-major order (index = y * width + x), as the shader reads it.
pub fn pack_cells(map: &Map) -> Vec<u32> {
    map.cells().map(|p: Pos| tile_to_raw(map.get(p))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_row_major_with_the_tile_in_the_low_byte() {
        let map = Map::from_rows(&["###", "#.>", "###"]).unwrap();
        let cells = pack_cells(&map);
        assert_eq!(cells.len(), 9);
        assert_eq!(cells[4], TILE_FLOOR);
        assert_eq!(cells[5], TILE_EXIT);
        assert_eq!(cells[0] & TILE_MASK, TILE_WALL);
    }

    #[test]
    fn default_effects_are_neutral() {
        let e = Effects::default();
        assert_eq!(e.light_scale, 1.0);
        assert_eq!(e.flash_rgba[3], 0.0);
        assert_eq!(e.jolt_px, Vec2::ZERO);
    }
}
