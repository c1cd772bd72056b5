//! The WGSL a pipeline compiles, composed from the parts under `shaders/`: a prelude generated from
//! the Rust constants the shaders share, then the entry file with its `#include "part.wgsl"` lines
//! replaced by those parts (each at most once, where it is first included).
//!
//! The parts are embedded with `include_str!`, so the window, `--screenshot` and `tests/render/shaders.rs`
//! all compose the same text; the tests compose and validate every entry, so a broken include is a
//! failing test, never a panic at start-up.

use super::board::pack as board;
use super::camera::EYE_HEIGHT;
use super::columns::{STRIP_WIDTH, SURFACE_CEILING, SURFACE_FLOOR, SURFACE_WALL};
use super::depth::WORLD_DEPTH_CLEAR;
use super::font::{GLYPH_H, GLYPH_W};
use super::light_field::FIELD_TEXELS;
use super::reference::MAX_STEPS;
use super::scene::{
    EXPOSURE, FLAG_LIT, FLAG_PHANTOM_PASSAGE, FLAG_PHANTOM_WALL, FLAG_TORCH_E, FLAG_TORCH_N, FLAG_TORCH_S,
    FLAG_TORCH_W, LIGHT_FLICKER, LIGHT_RADIUS, MAX_TORCHES, TILE_EXIT, TILE_FLOOR, TILE_MASK, TILE_WALL,
    TORCH_OFFSET, WALL_TORCH_RADIUS,
};
use super::sprites::{FLOOR_POOLS, MAX_SPRITES, SPRITE_ENTITY, SPRITE_FALSE_PLAYER, SPRITE_LIFT};
use super::warp;
use std::fmt;

/// One file per pass (`vs_*`/`fs_*` entry points); each includes what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Walls, floor, ceiling and the exit pit, ray-cast per pixel.
    World,
    /// The entity sprites over the finished world, far to near.
    Sprites,
    /// The HUD's glyph quads and the bar.
    Hud,
    /// The bare ray-cast `--bench` measures the frame against (no materials, effects or sprites).
    Bare,
    /// A top-down board (the reactor), drawn per pixel from its cell buffer.
    Board,
    /// The column pass: one ray per sample column, cast before the world pass reads the hits.
    Columns,
    /// The warps as a displacement of the finished canvas into the view (warped frames only).
    Warp,
}

impl Entry {
    pub const ALL: [Entry; 7] =
        [Entry::World, Entry::Sprites, Entry::Hud, Entry::Bare, Entry::Board, Entry::Columns, Entry::Warp];

    /// The entry file, relative to `shaders/`.
    pub fn path(self) -> &'static str {
        match self {
            Entry::World => "world.wgsl",
            Entry::Sprites => "sprites.wgsl",
            Entry::Hud => "hud.wgsl",
            Entry::Bare => "bare.wgsl",
            Entry::Board => "board.wgsl",
            Entry::Columns => "columns.wgsl",
            Entry::Warp => "warp.wgsl",
        }
    }

    /// The prelude and the entry with its includes resolved.
    pub fn compose(self) -> Result<String, ComposeError> {
        compose(self.path(), PARTS)
    }
}

/// Every file under `shaders/`, by its path relative to that folder (the name `#include` uses).
/// `tests/render/shaders.rs` checks this list against the folder, both ways.
pub const PARTS: &[(&str, &str)] = &[
    ("common/colour.wgsl", include_str!("../../shaders/common/colour.wgsl")),
    ("common/noise.wgsl", include_str!("../../shaders/common/noise.wgsl")),
    ("common/quad.wgsl", include_str!("../../shaders/common/quad.wgsl")),
    ("world/inputs.wgsl", include_str!("../../shaders/world/inputs.wgsl")),
    ("world/grid.wgsl", include_str!("../../shaders/world/grid.wgsl")),
    ("world/light.wgsl", include_str!("../../shaders/world/light.wgsl")),
    ("world/effects.wgsl", include_str!("../../shaders/world/effects.wgsl")),
    ("world/materials.wgsl", include_str!("../../shaders/world/materials.wgsl")),
    ("world/surfaces.wgsl", include_str!("../../shaders/world/surfaces.wgsl")),
    ("world/screen.wgsl", include_str!("../../shaders/world/screen.wgsl")),
    ("world/columns.wgsl", include_str!("../../shaders/world/columns.wgsl")),
    ("world/depth.wgsl", include_str!("../../shaders/world/depth.wgsl")),
    ("world/figures.wgsl", include_str!("../../shaders/world/figures.wgsl")),
    ("world.wgsl", include_str!("../../shaders/world.wgsl")),
    ("sprites.wgsl", include_str!("../../shaders/sprites.wgsl")),
    ("hud.wgsl", include_str!("../../shaders/hud.wgsl")),
    ("bare.wgsl", include_str!("../../shaders/bare.wgsl")),
    ("board.wgsl", include_str!("../../shaders/board.wgsl")),
    ("columns.wgsl", include_str!("../../shaders/columns.wgsl")),
    ("warp.wgsl", include_str!("../../shaders/warp.wgsl")),
];

/// A constant the shaders share with Rust, as the prelude writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PreludeValue {
    U32(u32),
    F32(f32),
}

/// Every number that both Rust and WGSL use, under the Rust name. A part never declares one of these
/// itself (`tests/render/shaders.rs` checks), so there is nothing to keep in step by hand.
pub const PRELUDE: &[(&str, PreludeValue)] = {
    use PreludeValue::{F32, U32};
    &[
        // Cell words of the grid buffer (scene::pack_seen_cells): the tile byte and the phantom flags.
        ("TILE_MASK", U32(TILE_MASK)),
        ("TILE_FLOOR", U32(TILE_FLOOR)),
        ("TILE_WALL", U32(TILE_WALL)),
        ("TILE_EXIT", U32(TILE_EXIT)),
        ("FLAG_PHANTOM_WALL", U32(FLAG_PHANTOM_WALL)),
        ("FLAG_PHANTOM_PASSAGE", U32(FLAG_PHANTOM_PASSAGE)),
        ("FLAG_TORCH_N", U32(FLAG_TORCH_N)),
        ("FLAG_TORCH_E", U32(FLAG_TORCH_E)),
        ("FLAG_TORCH_S", U32(FLAG_TORCH_S)),
        ("FLAG_TORCH_W", U32(FLAG_TORCH_W)),
        ("FLAG_LIT", U32(FLAG_LIT)),
        // The ray-cast and projection, shared with the CPU reference (reference.rs, camera.rs).
        ("MAX_STEPS", U32(MAX_STEPS)),
        // The surface kinds a world pipeline shades, and the strips it shades them over (columns.rs).
        ("SURFACE_WALL", U32(SURFACE_WALL)),
        ("SURFACE_FLOOR", U32(SURFACE_FLOOR)),
        ("SURFACE_CEILING", U32(SURFACE_CEILING)),
        ("STRIP_WIDTH", U32(STRIP_WIDTH)),
        ("EYE_HEIGHT", F32(EYE_HEIGHT)),
        // The warps (warp.rs), whose reach sizes the canvas a warped frame is drawn into.
        ("WARP_AMOUNT", F32(warp::WARP_AMOUNT)),
        ("WAVE_MINOR", F32(warp::WAVE_MINOR)),
        ("ROLL_ANGLE", F32(warp::ROLL_ANGLE)),
        ("ROLL_RATE", F32(warp::ROLL_RATE)),
        ("ROLL_PHASE", F32(warp::ROLL_PHASE)),
        ("SWIRL_ANGLE", F32(warp::SWIRL_ANGLE)),
        ("SWIRL_RATE", F32(warp::SWIRL_RATE)),
        ("SWIRL_PHASE", F32(warp::SWIRL_PHASE)),
        ("SWIRL_FALLOFF", F32(warp::SWIRL_FALLOFF)),
        ("ZOOM_SCALE", F32(warp::ZOOM_SCALE)),
        ("ZOOM_RATE", F32(warp::ZOOM_RATE)),
        ("ZOOM_PHASE", F32(warp::ZOOM_PHASE)),
        ("PULSE_SCALE", F32(warp::PULSE_SCALE)),
        ("WARP_CELL", U32(warp::WARP_CELL)),
        // What the world's depth attachment holds where no wall is (depth.rs, world/depth.wgsl).
        ("WORLD_DEPTH_CLEAR", F32(WORLD_DEPTH_CLEAR)),
        ("EXPOSURE", F32(EXPOSURE)),
        // The torch (scene.rs): fixed for a run, so constants rather than uniforms.
        ("LIGHT_RADIUS", F32(LIGHT_RADIUS)),
        ("LIGHT_FLICKER", F32(LIGHT_FLICKER)),
        // Wall torches (scene.rs): the uniform's slots and where a flame hangs off its face.
        ("MAX_TORCHES", U32(MAX_TORCHES as u32)),
        ("TORCH_OFFSET", F32(TORCH_OFFSET)),
        ("WALL_TORCH_RADIUS", F32(WALL_TORCH_RADIUS)),
        // The light field (light_field.rs): texels per cell each way.
        ("FIELD_TEXELS", U32(FIELD_TEXELS)),
        // Sprites (sprites.rs): the kinds, and how many the buffer holds.
        ("SPRITE_ENTITY", U32(SPRITE_ENTITY)),
        ("SPRITE_FALSE_PLAYER", U32(SPRITE_FALSE_PLAYER)),
        ("MAX_SPRITES", U32(MAX_SPRITES as u32)),
        ("SPRITE_LIFT", F32(SPRITE_LIFT)),
        ("FLOOR_POOLS", U32(FLOOR_POOLS)),
        // The pixel font (font.rs): a glyph's cell.
        ("GLYPH_W", U32(GLYPH_W)),
        ("GLYPH_H", U32(GLYPH_H)),
        // The board's cell words (board/pack.rs).
        ("BOARD_WALL", U32(board::BOARD_WALL)),
        ("BOARD_LEAK", U32(board::BOARD_LEAK)),
        ("BOARD_UNSAFE", U32(board::BOARD_UNSAFE)),
        ("BOARD_FORECAST", U32(board::BOARD_FORECAST)),
        ("BOARD_PREVIEW_GAIN", U32(board::BOARD_PREVIEW_GAIN)),
        ("BOARD_PREVIEW_LOSS", U32(board::BOARD_PREVIEW_LOSS)),
        ("BOARD_PREVIEW_SHIFT", U32(board::BOARD_PREVIEW_SHIFT)),
        ("BOARD_VOID", U32(board::BOARD_VOID)),
        ("BOARD_STATE_A", U32(board::BOARD_STATE_A)),
        ("BOARD_STATE_B", U32(board::BOARD_STATE_B)),
        ("BOARD_LEAK_SHIFT", U32(board::BOARD_LEAK_SHIFT)),
        ("BOARD_CARRIER_SHIFT", U32(board::BOARD_CARRIER_SHIFT)),
        ("BOARD_PROP_SHIFT", U32(board::BOARD_PROP_SHIFT)),
        ("BOARD_PROP_SOURCE", U32(board::BOARD_PROP_SOURCE)),
        ("BOARD_PROP_VALVE", U32(board::BOARD_PROP_VALVE)),
        ("BOARD_PROP_CONSUMER", U32(board::BOARD_PROP_CONSUMER)),
        ("BOARD_PROP_JUNCTION", U32(board::BOARD_PROP_JUNCTION)),
        ("BOARD_PROP_DOOR", U32(board::BOARD_PROP_DOOR)),
        ("BOARD_PROP_TERMINAL", U32(board::BOARD_PROP_TERMINAL)),
        ("BOARD_PROP_SUPPLY", U32(board::BOARD_PROP_SUPPLY)),
        ("BOARD_PROP_SPRINKLER", U32(board::BOARD_PROP_SPRINKLER)),
        ("BOARD_PROP_REACTOR", U32(board::BOARD_PROP_REACTOR)),
        ("BOARD_UNDER_PRESENT", U32(board::BOARD_UNDER_PRESENT)),
        ("BOARD_UNDER_FED", U32(board::BOARD_UNDER_FED)),
        ("BOARD_UNDER_LEAKING", U32(board::BOARD_UNDER_LEAKING)),
        ("BOARD_UNDER_SOURCE", U32(board::BOARD_UNDER_SOURCE)),
        ("BOARD_UNDER_LINKS_SHIFT", U32(board::BOARD_UNDER_LINKS_SHIFT)),
        ("BOARD_FLAG_LAYERS", U32(board::BOARD_FLAG_LAYERS)),
        ("BOARD_FLAG_SHIELD", U32(board::BOARD_FLAG_SHIELD)),
        ("BOARD_FLAG_FACING_SHIFT", U32(board::BOARD_FLAG_FACING_SHIFT)),
        ("BOARD_FLAG_REDUCED", U32(board::BOARD_FLAG_REDUCED)),
        ("ARC_JUMPS", F32(board::ARC_JUMPS)),
        ("REDUCED_ARC_JUMPS", F32(board::REDUCED_ARC_JUMPS)),
        ("BAND_STRENGTH_BASE", F32(board::BAND_STRENGTH[0])),
        ("BAND_STRENGTH_CAUTION", F32(board::BAND_STRENGTH[1])),
        ("BAND_STRENGTH_CRITICAL", F32(board::BAND_STRENGTH[2])),
    ]
};

/// The prelude's WGSL: one `const` per [`PRELUDE`] entry.
pub fn prelude() -> String {
    let mut text = String::from(
        "// Prelude, generated by src/render/shader_source.rs from the Rust constants the shaders share.\n",
    );
    for (name, value) in PRELUDE {
        let line = match value {
            PreludeValue::U32(v) => format!("const {name}: u32 = {v}u;\n"),
            // Debug prints the shortest text that reads back as the same f32, always with a point.
            PreludeValue::F32(v) => format!("const {name}: f32 = {v:?}f;\n"),
        };
        text.push_str(&line);
    }
    for (name, colour) in colour_constants() {
        let [r, g, b, _] = crate::render::palette::linear(colour, 1.0);
        text.push_str(&format!("const {name}: vec3<f32> = vec3<f32>({r:?}, {g:?}, {b:?});\n"));
    }
    text
}

/// Colours the shaders share with Rust, as sRGB bytes; the prelude writes them in linear light.
pub fn colour_constants() -> [(&'static str, crate::scene::Srgb); 6] {
    use crate::scene::{BOARD_HUES, UNSAFE_MARK};
    [
        ("HUE_FUEL", BOARD_HUES[0]),
        ("HUE_WATER", BOARD_HUES[1]),
        ("HUE_ELECTRICITY", BOARD_HUES[2]),
        ("HUE_HEAT", BOARD_HUES[3]),
        ("UNSAFE_MARK_HUE", UNSAFE_MARK),
        ("BOARD_FLOOR", board::BOARD_FLOOR),
    ]
}

/// Why a shader could not be composed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComposeError {
    /// `#include` (or the entry itself) names a file that is not in the part list.
    UnknownPart { name: String, included_from: Option<String> },
    /// A part includes itself through the chain shown (first and last are the same part).
    Cycle { chain: Vec<String> },
    /// A line starts with `#include` but does not name a part in double quotes.
    Malformed { part: String, line: usize },
}

impl fmt::Display for ComposeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComposeError::UnknownPart { name, included_from: Some(from) } => {
                write!(f, "{from} includes {name:?}, which is not a shader part")
            }
            ComposeError::UnknownPart { name, included_from: None } => {
                write!(f, "{name:?} is not a shader part")
            }
            ComposeError::Cycle { chain } => {
                write!(f, "shader parts include each other: {}", chain.join(" -> "))
            }
            ComposeError::Malformed { part, line } => {
                write!(f, "{part}:{line}: `#include` must be followed by a part name in double quotes")
            }
        }
    }
}

impl std::error::Error for ComposeError {}

/// The prelude, then `entry` from `parts` with every `#include "name"` line replaced by that part.
/// A part included again (directly or through another) is skipped, so shared parts can each include
/// what they use.
pub fn compose(entry: &str, parts: &[(&str, &str)]) -> Result<String, ComposeError> {
    let mut out = prelude();
    let mut done = Vec::new();
    let mut stack = Vec::new();
    include(entry, None, parts, &mut stack, &mut done, &mut out)?;
    Ok(out)
}

fn include<'a>(
    name: &str,
    from: Option<&str>,
    parts: &[(&'a str, &'a str)],
    stack: &mut Vec<&'a str>,
    done: &mut Vec<&'a str>,
    out: &mut String,
) -> Result<(), ComposeError> {
    let Some(&(name, text)) = parts.iter().find(|(p, _)| *p == name) else {
        return Err(ComposeError::UnknownPart {
            name: name.to_string(),
            included_from: from.map(str::to_string),
        });
    };
    if stack.contains(&name) {
        let mut chain: Vec<String> = stack.iter().map(|s| s.to_string()).collect();
        chain.push(name.to_string());
        return Err(ComposeError::Cycle { chain });
    }
    if done.contains(&name) {
        return Ok(());
    }
    stack.push(name);
    // A marker per part, so a line in a validation error can be traced back to its file.
    out.push_str(&format!("// ---- {name}\n"));
    for (number, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("#include") else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let target = rest
            .trim()
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .filter(|t| !t.is_empty() && !t.contains('"'))
            .ok_or_else(|| ComposeError::Malformed { part: name.to_string(), line: number + 1 })?;
        include(target, Some(name), parts, stack, done, out)?;
    }
    stack.pop();
    done.push(name);
    Ok(())
}

/// The compiled module of `entry`. Composition cannot fail for the embedded parts: `tests/render/shaders.rs`
/// composes and validates every entry, so a broken include fails the build's tests, not a player.
pub(crate) fn module(device: &wgpu::Device, entry: Entry) -> wgpu::ShaderModule {
    let source =
        entry.compose().unwrap_or_else(|e| panic!("{e} (tests/render/shaders.rs should have caught this)"));
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(entry.path()),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    })
}
