//! The board's GPU words: one `BoardCellRaw` per cell and the per-frame `BoardUniforms`, both
//! mirrored in `shaders/board.wgsl` (checked by `tests/render/shaders.rs`).

use super::layout::BoardView;
use crate::grid::Facing;
use crate::scene::{BoardCell, BoardProp, BoardScene};

pub const BOARD_WALL: u32 = 1;
pub const BOARD_LEAK: u32 = 1 << 1;
pub const BOARD_UNSAFE: u32 = 1 << 2;
pub const BOARD_FORECAST: u32 = 1 << 3;
pub const BOARD_STATE_A: u32 = 1 << 4;
pub const BOARD_STATE_B: u32 = 1 << 5;
pub const BOARD_LEAK_SHIFT: u32 = 6;
/// The chosen interaction would give this cell supply (gain) or take it (loss); the carrier in the
/// two bits above them.
pub const BOARD_PREVIEW_GAIN: u32 = 1 << 16;
pub const BOARD_PREVIEW_LOSS: u32 = 1 << 17;
pub const BOARD_PREVIEW_SHIFT: u32 = 18;
/// Not part of the level: the background is drawn.
pub const BOARD_VOID: u32 = 1 << 20;
pub const BOARD_CARRIER_SHIFT: u32 = 8;
pub const BOARD_PROP_SHIFT: u32 = 12;
pub const BOARD_PROP_SOURCE: u32 = 1;
pub const BOARD_PROP_VALVE: u32 = 2;
pub const BOARD_PROP_CONSUMER: u32 = 3;
pub const BOARD_PROP_JUNCTION: u32 = 4;
pub const BOARD_PROP_DOOR: u32 = 5;
pub const BOARD_PROP_TERMINAL: u32 = 6;
pub const BOARD_PROP_SUPPLY: u32 = 7;
pub const BOARD_PROP_SPRINKLER: u32 = 8;
pub const BOARD_PROP_REACTOR: u32 = 9;
/// Per carrier, a byte of `under`: these flags, then the links (N 1, E 2, S 4, W 8) above them.
pub const BOARD_UNDER_PRESENT: u32 = 1;
pub const BOARD_UNDER_FED: u32 = 2;
pub const BOARD_UNDER_LEAKING: u32 = 4;
pub const BOARD_UNDER_SOURCE: u32 = 8;
pub const BOARD_UNDER_LINKS_SHIFT: u32 = 4;
/// `BoardUniforms::flags`: the underground layers are shown; the robot wears a heat shield.
pub const BOARD_FLAG_LAYERS: u32 = 1;
pub const BOARD_FLAG_SHIELD: u32 = 2;
/// Bits 2..4 of `flags`: the robot's facing, north 0, east 1, south 2, west 3 (its arrow).
pub const BOARD_FLAG_FACING_SHIFT: u32 = 2;
/// Reduced effects: the electricity's arcs jump at most `REDUCED_ARC_JUMPS` times a second.
pub const BOARD_FLAG_REDUCED: u32 = 16;
/// Arc jumps a second, and under reduced effects (below the 3 flashes a second the crawler keeps).
pub const ARC_JUMPS: f32 = 6.0;
pub const REDUCED_ARC_JUMPS: f32 = 2.0;
/// The empty floor's colour, and how strongly a quantity's hue covers it: a base, more past the
/// caution cut, more again past the critical cut (at the pattern's peak; its trough takes 45%).
pub const BOARD_FLOOR: crate::scene::Srgb = [42, 46, 50];
pub const BAND_STRENGTH: [f32; 3] = [0.3, 0.25, 0.35];

/// The strength of a quantity's hue over the floor at caution (the pattern's peak).
pub fn caution_strength() -> f32 {
    BAND_STRENGTH[0] + BAND_STRENGTH[1]
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct BoardCellRaw {
    pub word: u32,
    pub under: u32,
    pub bands: u32,
    pub _pad0: u32,
    pub surface: [f32; 4],
    pub amount: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct BoardUniforms {
    pub area: [f32; 4],
    pub origin: [f32; 2],
    pub cell_px: f32,
    pub time: f32,
    pub grid: [u32; 2],
    pub robot: [i32; 2],
    pub cursor: [i32; 2],
    pub flags: u32,
    /// How opaque the props are (the surface's opacity in an editor; 1 for the player).
    pub mark_opacity: f32,
    pub caution: [f32; 4],
    pub critical: [f32; 4],
    /// The whole target, for placing the marks' quads.
    pub screen: [f32; 2],
    pub _pad1: [f32; 2],
    /// The floor's dimming under the carriers, then each carrier's opacity in board order.
    pub opacity: [f32; 4],
}

/// How far the floor dims when the player sees the carriers at a terminal (they stand out over it).
pub const TERMINAL_FLOOR_DIM: f32 = 0.55;

impl BoardUniforms {
    pub fn new(
        board: &BoardScene,
        view: &BoardView,
        time: f32,
        screen: (u32, u32),
        reduced: bool,
    ) -> BoardUniforms {
        let flags = if board.layers { BOARD_FLAG_LAYERS } else { 0 }
            | if reduced { BOARD_FLAG_REDUCED } else { 0 }
            | if board.robot_shielded { BOARD_FLAG_SHIELD } else { 0 }
            | facing_index(board.robot_facing) << BOARD_FLAG_FACING_SHIFT;
        let (mark_opacity, opacity) = match board.opacity {
            Some([surface, fuel, coolant, electricity]) => (surface, [surface, fuel, coolant, electricity]),
            None => (1.0, [TERMINAL_FLOOR_DIM, 1.0, 1.0, 1.0]),
        };
        BoardUniforms {
            area: view.area,
            origin: view.origin,
            cell_px: view.cell_px,
            time,
            grid: [board.cells.width() as u32, board.cells.height() as u32],
            robot: [board.robot.x, board.robot.y],
            cursor: [board.cursor.x, board.cursor.y],
            flags,
            mark_opacity,
            caution: board.cuts.map(|c| c[0]),
            critical: board.cuts.map(|c| c[1]),
            screen: [screen.0 as f32, screen.1 as f32],
            _pad1: [0.0; 2],
            opacity,
        }
    }
}

fn facing_index(f: Facing) -> u32 {
    match f {
        Facing::North => 0,
        Facing::East => 1,
        Facing::South => 2,
        Facing::West => 3,
    }
}

fn prop_bits(prop: BoardProp) -> u32 {
    let (kind, a, b, carrier) = match prop {
        BoardProp::None => (0, false, false, 0),
        BoardProp::Source { carrier, on } => (BOARD_PROP_SOURCE, on, false, carrier),
        BoardProp::Valve { carrier, open } => (BOARD_PROP_VALVE, open, false, carrier),
        BoardProp::Consumer { on, producing } => (BOARD_PROP_CONSUMER, on, producing, 0),
        BoardProp::Junction => (BOARD_PROP_JUNCTION, false, false, 0),
        BoardProp::Door { open, across_x } => (BOARD_PROP_DOOR, open, across_x, 0),
        BoardProp::Terminal { active } => (BOARD_PROP_TERMINAL, active, false, 0),
        BoardProp::Supply { depleted } => (BOARD_PROP_SUPPLY, depleted, false, 0),
        BoardProp::Sprinkler { on, spraying } => (BOARD_PROP_SPRINKLER, on, spraying, 0),
        BoardProp::Reactor { ready } => (BOARD_PROP_REACTOR, ready, false, 0),
    };
    kind << BOARD_PROP_SHIFT
        | if a { BOARD_STATE_A } else { 0 }
        | if b { BOARD_STATE_B } else { 0 }
        | u32::from(carrier & 3) << BOARD_CARRIER_SHIFT
}

/// One cell's words.
pub fn pack_cell(c: &BoardCell) -> BoardCellRaw {
    let mut word = prop_bits(c.prop);
    if c.wall {
        word |= BOARD_WALL;
    }
    if let Some(carrier) = c.leak {
        word |= BOARD_LEAK | u32::from(carrier & 3) << BOARD_LEAK_SHIFT;
    }
    if c.unsafe_entry {
        word |= BOARD_UNSAFE;
    }
    if c.forecast {
        word |= BOARD_FORECAST;
    }
    if let Some((carrier, gains)) = c.preview {
        word |= if gains { BOARD_PREVIEW_GAIN } else { BOARD_PREVIEW_LOSS };
        word |= u32::from(carrier & 3) << BOARD_PREVIEW_SHIFT;
    }
    if c.void {
        word |= BOARD_VOID;
    }
    let mut under = 0;
    let mut amount = [0.0; 4];
    for (k, u) in c.under.iter().enumerate() {
        let mut bits = 0;
        if u.present {
            bits |= BOARD_UNDER_PRESENT | u32::from(u.links & 15) << BOARD_UNDER_LINKS_SHIFT;
        }
        if u.fed {
            bits |= BOARD_UNDER_FED;
        }
        if u.leaking {
            bits |= BOARD_UNDER_LEAKING;
        }
        if u.source {
            bits |= BOARD_UNDER_SOURCE;
        }
        under |= bits << (k * 8);
        amount[k] = u.amount.clamp(0.0, 1.0);
    }
    let bands = c.bands.iter().enumerate().fold(0, |m, (k, b)| m | u32::from(*b & 3) << (k * 2));
    // Walls hold no surface values; zeroed here so the shader's field reads one vec4 per cell.
    let surface = if c.wall { [0.0; 4] } else { c.surface.map(|v| v.clamp(0.0, 1.0)) };
    BoardCellRaw { word, under, bands, _pad0: 0, surface, amount }
}

/// Every cell in row order (at least one, so the buffer is never empty).
pub fn pack_board(board: &BoardScene) -> Vec<BoardCellRaw> {
    let mut out: Vec<BoardCellRaw> = board.cells.as_slice().iter().map(pack_cell).collect();
    if out.is_empty() {
        out.push(BoardCellRaw { word: BOARD_WALL, ..BoardCellRaw::default() });
    }
    out
}

/// The cells drawn over the floor (a prop, a leak, a forecast, the robot, the cursor), as indices in
/// row order: one quad each in the marks pass.
pub fn pack_marks(board: &BoardScene, raw: &[BoardCellRaw]) -> Vec<u32> {
    let overlay =
        BOARD_LEAK | BOARD_FORECAST | BOARD_PREVIEW_GAIN | BOARD_PREVIEW_LOSS | (15 << BOARD_PROP_SHIFT);
    let index = |p: crate::grid::Pos| board.cells.index(p).map(|i| i as u32);
    let mut marks: Vec<u32> =
        raw.iter().enumerate().filter(|(_, c)| c.word & overlay != 0).map(|(i, _)| i as u32).collect();
    marks.extend(index(board.robot));
    marks.extend(index(board.cursor));
    marks.sort_unstable();
    marks.dedup();
    if marks.is_empty() {
        // The buffer is never empty; an instance count of zero draws nothing anyway.
        marks.push(0);
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::board::{BoardCamera, BoardView};

    #[test]
    fn without_an_opacity_the_player_look_stands_and_with_one_the_uniforms_carry_it() {
        let mut board = BoardScene::default();
        let view = BoardView::new(640, 360, 1, 1, BoardCamera::default());
        let player = BoardUniforms::new(&board, &view, 0.0, (640, 360), false);
        assert_eq!((player.mark_opacity, player.opacity), (1.0, [TERMINAL_FLOOR_DIM, 1.0, 1.0, 1.0]));
        board.opacity = Some([0.5, 0.25, 1.0, 0.25]);
        let editor = BoardUniforms::new(&board, &view, 0.0, (640, 360), false);
        assert_eq!((editor.mark_opacity, editor.opacity), (0.5, [0.5, 0.25, 1.0, 0.25]));
    }

    #[test]
    fn reduced_effects_reach_the_shader_and_slow_the_arcs_below_the_flash_cap() {
        let board = BoardScene::default();
        let view = BoardView::new(640, 360, 1, 1, BoardCamera::default());
        assert_eq!(BoardUniforms::new(&board, &view, 0.0, (640, 360), false).flags & BOARD_FLAG_REDUCED, 0);
        assert_ne!(BoardUniforms::new(&board, &view, 0.0, (640, 360), true).flags & BOARD_FLAG_REDUCED, 0);
        // The crawler's cap: at most three flashes a second.
        const { assert!(REDUCED_ARC_JUMPS < 3.0 && REDUCED_ARC_JUMPS < ARC_JUMPS) };
    }
}
