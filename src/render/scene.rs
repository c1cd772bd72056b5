//! Packing of game and presentation state into the `#[repr(C)]` structs the shaders read.
//!
//! Every struct here has a WGSL twin of the same name and member names (`tests/render/shaders.rs` compares
//! sizes and offsets through naga's layouter). Padding is explicit so the layout is visible in review.

use super::camera::Camera;
use super::columns::ColumnTable;
use crate::grid::{Grid, Pos};
use crate::scene::{CellLook, Madness, PhantomLook, ThemeLook, TileLook, TorchLook, WorldScene};
use bytemuck::{Pod, Zeroable};
use glam::Vec2;

/// Cell word, low byte: what the tile is. The shaders get these through the prelude (`shader_source`).
pub const TILE_MASK: u32 = 0xff;
pub const TILE_FLOOR: u32 = 0;
pub const TILE_WALL: u32 = 1;
pub const TILE_EXIT: u32 = 2;
/// Flags above the tile byte, reserved for sanity effects fed per turn: a walkable cell drawn as wall,
/// and a wall drawn as open floor. Bits 10..13 mark torch faces, bit 14 lit cells; 15..31 stay free
/// for later use.
pub const FLAG_PHANTOM_WALL: u32 = 1 << 8;
pub const FLAG_PHANTOM_PASSAGE: u32 = 1 << 9;
/// A wall torch hangs on this wall cell's face looking north, east, south or west (so the shader
/// draws its flame where a ray meets that face, with no loop over the torches).
pub const FLAG_TORCH_N: u32 = 1 << 10;
pub const FLAG_TORCH_E: u32 = 1 << 11;
pub const FLAG_TORCH_S: u32 = 1 << 12;
pub const FLAG_TORCH_W: u32 = 1 << 13;
/// A wall torch's light or a floor tint may show in this cell (or its neighbour: a filtered read
/// reaches across the edge), so what is drawn across it needs the `FIELDS` pipelines
/// (`render::world::fields`); everything else is drawn without them.
pub const FLAG_LIT: u32 = 1 << 14;

/// Torch radius in cells: beyond it there is only black. In the shaders' prelude.
pub const LIGHT_RADIUS: f32 = 5.5;
/// Strength of the torch flicker (relative brightness wobble); faint on purpose. In the prelude.
pub const LIGHT_FLICKER: f32 = 0.06;
/// Exposure of the world's tone curve `1 - exp(-EXPOSURE * c)`; the shaders get it through the
/// prelude, and tests can undo the curve and check that darkness scales the light linearly.
pub const EXPOSURE: f32 = 1.15;

/// Camera and clock for the world and sprite passes: written every frame.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct FrameUniforms {
    pub eye: [f32; 2],
    pub dir: [f32; 2],
    pub right: [f32; 2],
    /// Size of the 3D view in pixels (the part of the target above the HUD bar).
    pub view_size: [f32; 2],
    pub focal: [f32; 2],
    pub time: f32,
    /// How far the enemies' shared step has run, 0..1 (eased by the app); sprites interpolate by it.
    pub enemy_progress: f32,
    /// The column table (`render::columns`): the first sample's x and the step between samples,
    /// and how many there are. Set again by the world pass once it knows the width the frame is
    /// drawn at (a warped frame's canvas is wider than the view).
    pub columns: [f32; 2],
    pub column_count: u32,
    pub _pad0: u32,
    /// Pixels the view is widened by on each side (x, y) when the warps move pixels: the world is
    /// then drawn into a larger canvas and displaced into the view (`render::warp`); `view_size`
    /// is the canvas's size, and the screen effects and the warp subtract this to find the view.
    pub overscan: [f32; 2],
    /// Canvas pixels per view pixel (1 unless the canvas is drawn coarser, `render::warp`).
    pub canvas_scale: f32,
    pub _pad1: u32,
}

/// What holds for a turn: the grid's size, the torch's brightness and the madness as shown. Written
/// only when it changes (a turn, a darkness step, the reduced-effects setting).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct TurnUniforms {
    pub grid_size: [u32; 2],
    /// Multiplies the torch (darkness effect): 1 is the full torch, 0 is blind.
    pub light_scale: f32,
    /// 1 under reduced effects: false `@` sprites fade in and out instead of popping.
    pub reduced: u32,
    // Madness strengths (0..1 each) as the shader shows them: `shown_madness` of this turn's
    // scene, already lowered under reduced effects.
    pub colour_drift: f32,
    pub breathing: f32,
    /// Flickering textures (not the torch's flicker: that is the prelude's `LIGHT_FLICKER`).
    pub tex_flicker: f32,
    pub warp: f32,
    pub false_player: f32,
    pub distortion: f32,
    /// Centre of the exit pit nearest the viewer (cell units), where its glow rises; [`NO_EXIT`]
    /// when the grid has none, so every glow term is exactly 0.
    pub exit: [f32; 2],
    /// The level's materials (`ThemeLook`): linear albedo of walls, floor and ceiling in rgb, the
    /// strength of their joints in a; the tint of every torch in `light_tint.rgb`, and in its a the
    /// app's light multiplier (the death fade) for the wall torches, which darkness does not dim.
    pub wall: [f32; 4],
    pub floor: [f32; 4],
    pub ceiling: [f32; 4],
    pub light_tint: [f32; 4],
    /// How many of `torches` are live.
    pub torch_count: u32,
    /// How many sprites are live, and how many of the nearest ones the floor draws the pools of
    /// light of (`WorldTurn::floor_pools`).
    pub sprite_count: u32,
    pub floor_pools: u32,
    pub _pad0: u32,
    /// Wall torches: where the flame hangs (x, y in cells, just off the wall face) and the face's
    /// outward normal (z, w).
    pub torches: [[f32; 4]; MAX_TORCHES],
}

/// Wall torches the world shader lights with; a level never holds more (the balance table's
/// range is checked against the game's own cap).
pub const MAX_TORCHES: usize = 8;
/// How far in front of its wall face a torch's flame hangs, in cells.
pub const TORCH_OFFSET: f32 = 0.12;
/// A wall torch's light radius in cells (in the prelude). The scene only carries torches within
/// `TORCH_REACH_CELLS` of a cell in view, so the light must stay inside that.
pub const WALL_TORCH_RADIUS: f32 = 3.2;
const _: () = assert!(WALL_TORCH_RADIUS + 0.5 + TORCH_OFFSET <= crate::scene::TORCH_REACH_CELLS as f32);

/// `TurnUniforms::exit` when there is no exit: so far that the glow's falloff is 0.
pub const NO_EXIT: [f32; 2] = [-1.0e4, -1.0e4];

/// Effect pulses that the app's timelines play over a few frames; written only while they change.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct PulseUniforms {
    /// Full-screen flash: rgb tint and its strength in alpha; alpha 0 is no flash.
    pub flash_rgba: [f32; 4],
    /// Screen shake offset in pixels (camera jolt); zero when calm.
    pub jolt_px: [f32; 2],
    /// The brief ripple when a hallucination vanishes, 0..1.
    pub warp_pulse: f32,
    pub _pad0: u32,
}

/// The world's three uniform blocks for one frame, packed from the same inputs as always. Not a GPU
/// struct itself: each block is its own buffer, so a block that did not change is not written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldUniformBlocks {
    pub frame: FrameUniforms,
    pub turn: TurnUniforms,
    pub pulse: PulseUniforms,
}

/// Effect strengths that the app animates; `Effects::default()` is calm (no effect at all).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effects {
    /// A multiplier on the scene's light that the app animates (the death fade); 1.0 is neutral.
    /// The darkness itself is the scene's (`WorldScene::light`), so every caller draws it.
    pub light_scale: f32,
    /// Flash colour (linear rgb) and strength (alpha, 0..1); alpha 0 is neutral.
    pub flash_rgba: [f32; 4],
    /// Camera jolt as a pixel offset; zero is neutral.
    pub jolt_px: Vec2,
    /// The brief warp when a hallucination vanishes (the app's `EffectFrame::warp`), 0..1; 0 is neutral.
    pub warp_pulse: f32,
    /// Progress of the enemies' shared 100 ms step, 0..1, eased by the app
    /// (`TurnMachine::enemy_progress`); 1 (the default) shows every entity where it stands now.
    pub enemy_progress: f32,
    /// The `--reduced-effects` setting: removes the strongest warps, the severe distortion and the
    /// texture flicker, and softens the false `@` flickers. Changes no rule.
    pub reduced: bool,
}

impl Default for Effects {
    fn default() -> Self {
        Effects {
            light_scale: 1.0,
            flash_rgba: [0.0; 4],
            jolt_px: Vec2::ZERO,
            warp_pulse: 0.0,
            enemy_progress: 1.0,
            reduced: false,
        }
    }
}

/// What the world pass needs from the last uploaded turn besides the grid: how mad the view is and
/// how many sprites are live. `WorldTurn::default()` is a sane, empty turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldTurn {
    pub madness: Madness,
    pub sprite_count: u32,
    /// How many of the nearest sprites have their pools of light drawn by the floor instead of
    /// the sprite pass: the world pass decides (`FLOOR_POOLS` or fewer), `of` leaves none.
    pub floor_pools: u32,
    /// The scene's light (darkness): 1 is the full torch.
    pub light: f32,
    /// Centre of the exit pit nearest the viewer, or [`NO_EXIT`].
    pub exit: [f32; 2],
    pub theme: ThemeLook,
    /// The wall torches packed for the shader ([`pack_torches`]) and how many are live.
    pub torches: [[f32; 4]; MAX_TORCHES],
    pub torch_count: u32,
}

impl Default for WorldTurn {
    fn default() -> Self {
        WorldTurn {
            madness: Madness::default(),
            sprite_count: 0,
            floor_pools: 0,
            light: 1.0,
            exit: NO_EXIT,
            theme: ThemeLook::CUT_STONE,
            torches: [[0.0; 4]; MAX_TORCHES],
            torch_count: 0,
        }
    }
}

impl WorldTurn {
    /// The turn's uniforms-to-be from a scene's world: madness, light, the exit, theme and torches.
    pub fn of(world: &WorldScene, sprite_count: u32, eye: Pos) -> Self {
        let (torches, torch_count) = pack_torches(&world.torches);
        WorldTurn {
            madness: world.madness,
            sprite_count,
            floor_pools: 0,
            light: world.light,
            exit: nearest_exit(&world.cells, eye),
            theme: world.theme,
            torches,
            torch_count,
        }
    }
}

/// The wall torches as the shader reads them: the flame's point just off the face, then the face's
/// outward normal; the first [`MAX_TORCHES`] only.
pub fn pack_torches(torches: &[TorchLook]) -> ([[f32; 4]; MAX_TORCHES], u32) {
    let mut out = [[0.0; 4]; MAX_TORCHES];
    for (slot, t) in out.iter_mut().zip(torches) {
        let (dx, dy) = t.facing.delta();
        let (nx, ny) = (dx as f32, dy as f32);
        let reach = 0.5 + TORCH_OFFSET;
        *slot = [t.cell.x as f32 + 0.5 + nx * reach, t.cell.y as f32 + 0.5 + ny * reach, nx, ny];
    }
    (out, torches.len().min(MAX_TORCHES) as u32)
}

fn with_alpha(rgb: [f32; 3], a: f32) -> [f32; 4] {
    [rgb[0], rgb[1], rgb[2], a]
}

/// Under reduced effects the warps, distortion and texture flicker are the ones that can hurt, so
/// they go (a quarter of the warp stays as a slow sway, so the madness still shows); colour drift,
/// breathing and the false `@` are slow or small and stay. Full effects pass through unchanged.
pub fn shown_madness(m: Madness, reduced: bool) -> Madness {
    if !reduced {
        return m;
    }
    Madness { warp: 0.25 * m.warp, flicker: 0.0, distortion: 0.0, ..m }
}

impl WorldUniformBlocks {
    pub fn new(camera: &Camera, grid: (u32, u32), time: f32, effects: &Effects, turn: &WorldTurn) -> Self {
        let m = shown_madness(turn.madness, effects.reduced);
        let columns = ColumnTable::for_view(camera.size.x as u32);
        WorldUniformBlocks {
            frame: FrameUniforms {
                eye: camera.eye.to_array(),
                dir: camera.dir.to_array(),
                right: camera.right.to_array(),
                view_size: camera.size.to_array(),
                focal: camera.focal.to_array(),
                time,
                enemy_progress: effects.enemy_progress.clamp(0.0, 1.0),
                // Until the world pass knows the width the frame is drawn at: the view's.
                columns: [columns.origin, columns.step],
                column_count: columns.count,
                _pad0: 0,
                overscan: [0.0; 2],
                canvas_scale: 1.0,
                _pad1: 0,
            },
            turn: TurnUniforms {
                grid_size: [grid.0, grid.1],
                light_scale: turn.light * effects.light_scale,
                reduced: effects.reduced as u32,
                colour_drift: m.colour_drift,
                breathing: m.breathing,
                tex_flicker: m.flicker,
                warp: m.warp,
                false_player: m.false_player,
                distortion: m.distortion,
                exit: turn.exit,
                wall: with_alpha(turn.theme.wall, turn.theme.joints[0]),
                floor: with_alpha(turn.theme.floor, turn.theme.joints[1]),
                ceiling: with_alpha(turn.theme.ceiling, turn.theme.joints[2]),
                light_tint: with_alpha(turn.theme.light, effects.light_scale),
                torch_count: turn.torch_count,
                sprite_count: turn.sprite_count,
                floor_pools: turn.floor_pools,
                _pad0: 0,
                torches: turn.torches,
            },
            pulse: PulseUniforms {
                flash_rgba: effects.flash_rgba,
                jolt_px: effects.jolt_px.to_array(),
                warp_pulse: effects.warp_pulse.clamp(0.0, 1.0),
                _pad0: 0,
            },
        }
    }
}

/// Per-frame values for `shaders/hud.wgsl`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct HudUniforms {
    /// Target size in pixels.
    pub screen: [f32; 2],
    pub _pad0: u32,
    pub _pad1: u32,
}

/// One HUD quad: a glyph of the pixel font scaled by a whole number, or a solid rectangle.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct GlyphInstance {
    /// x, y (top-left) and width, height in target pixels.
    pub rect: [f32; 4],
    /// Linear rgb and alpha.
    pub color: [f32; 4],
    /// The glyph's index in `font::GLYPHS`, or [`GLYPH_SOLID`] for a filled rectangle: what the
    /// quad shows, for tests and tools (the shader reads `rows`).
    pub glyph: u32,
    /// Target pixels per font pixel (a whole number, kept as f32 for the shader's division).
    pub scale: f32,
    /// The glyph's font pixels ([`crate::render::font::Glyph::packed_rows`]); every bit set for a
    /// rectangle.
    pub rows: [u32; 2],
}

/// `GlyphInstance::glyph` value for a filled rectangle.
pub const GLYPH_SOLID: u32 = 0xffff_ffff;

/// The cell word for one tile, before any per-turn flags.
pub fn tile_to_raw(tile: TileLook) -> u32 {
    match tile {
        TileLook::Floor => TILE_FLOOR,
        TileLook::Wall => TILE_WALL,
        TileLook::Exit => TILE_EXIT,
    }
}

/// Centre of the exit cell nearest `eye` (ties: the first in row-major order), or [`NO_EXIT`].
pub fn nearest_exit(cells: &Grid<CellLook>, eye: Pos) -> [f32; 2] {
    exit_cells(cells)
        .min_by_key(|p| (p.x - eye.x).pow(2) + (p.y - eye.y).pow(2))
        .map_or(NO_EXIT, |p| cell_centre(p).to_array())
}

/// The centres of every exit cell, in cell units.
pub fn exit_centres(cells: &Grid<CellLook>) -> Vec<Vec2> {
    exit_cells(cells).map(cell_centre).collect()
}

/// The exit cells, in row-major order.
fn exit_cells(cells: &Grid<CellLook>) -> impl Iterator<Item = Pos> + '_ {
    cells.iter().filter(|(_, c)| c.tile == TileLook::Exit).map(|(p, _)| p)
}

fn cell_centre(p: Pos) -> Vec2 {
    Vec2::new(p.x as f32 + 0.5, p.y as f32 + 0.5)
}

/// The true grid, phantoms ignored, as cell words in row-major order (the shader's order).
pub fn pack_cells(cells: &Grid<CellLook>) -> Vec<u32> {
    cells.as_slice().iter().map(|c| tile_to_raw(c.tile)).collect()
}

/// The grid as the viewer sees it this turn: [`pack_cells`] plus this turn's phantom flags, so the
/// ray stops at a phantom wall and runs through a phantom passage.
pub fn pack_seen_cells(cells: &Grid<CellLook>) -> Vec<u32> {
    cells
        .as_slice()
        .iter()
        .map(|c| {
            tile_to_raw(c.tile)
                | match c.phantom {
                    PhantomLook::None => 0,
                    PhantomLook::Wall => FLAG_PHANTOM_WALL,
                    PhantomLook::Passage => FLAG_PHANTOM_PASSAGE,
                }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_row_major_with_the_tile_in_the_low_byte() {
        let mut grid = Grid::filled(3, 3, CellLook { tile: TileLook::Wall, phantom: PhantomLook::None });
        grid.set(Pos::new(1, 1), CellLook::default());
        grid.set(Pos::new(2, 1), CellLook { tile: TileLook::Exit, phantom: PhantomLook::None });
        let cells = pack_cells(&grid);
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
        assert_eq!((e.warp_pulse, e.enemy_progress, e.reduced), (0.0, 1.0, false));
    }

    #[test]
    fn reduced_effects_drop_the_strong_warps_and_keep_the_slow_ones() {
        let m = Madness {
            colour_drift: 1.0,
            breathing: 0.9,
            flicker: 0.8,
            warp: 0.7,
            false_player: 0.6,
            distortion: 0.5,
        };
        assert_eq!(shown_madness(m, false), m);
        let r = shown_madness(m, true);
        assert_eq!((r.flicker, r.distortion), (0.0, 0.0));
        assert!(r.warp < 0.3 * m.warp);
        assert_eq!(
            (r.colour_drift, r.breathing, r.false_player),
            (m.colour_drift, m.breathing, m.false_player)
        );
    }

    #[test]
    fn phantoms_are_flagged_on_top_of_the_tile() {
        let mut cells = Grid::filled(3, 1, CellLook::default());
        cells.set(Pos::new(0, 0), CellLook { tile: TileLook::Floor, phantom: PhantomLook::Wall });
        cells.set(Pos::new(1, 0), CellLook { tile: TileLook::Wall, phantom: PhantomLook::Passage });
        cells.set(Pos::new(2, 0), CellLook { tile: TileLook::Exit, phantom: PhantomLook::None });
        assert_eq!(pack_cells(&cells), vec![TILE_FLOOR, TILE_WALL, TILE_EXIT]);
        assert_eq!(
            pack_seen_cells(&cells),
            vec![TILE_FLOOR | FLAG_PHANTOM_WALL, TILE_WALL | FLAG_PHANTOM_PASSAGE, TILE_EXIT]
        );
    }
}
