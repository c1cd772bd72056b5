//! The top-down board: the second kind of scene, for a game seen from above on a grid (the reactor).
//! Plain data per cell — terrain, a prop and its state, surface values with their bands, the
//! underground carriers, leaks — plus the robot, the cursor, what the HUD panel says, and whether
//! the underground layers may be shown. Nothing here is a rule.

use super::colour::Srgb;
use crate::grid::{Facing, Grid, Pos};

/// Surface quantities in board order: fuel, water, electricity, heat.
pub const BOARD_QUANTITIES: usize = 4;
/// Underground carriers in board order: fuel, coolant, electricity.
pub const BOARD_CARRIERS: usize = 3;

/// Each surface quantity's hue in board order — fuel violet, water blue, electricity yellow, heat
/// orange — and the unsafe mark's white: chosen so that any two at caution stay at least ΔE2000 10
/// apart for normal, protan, deutan and tritan vision (`render::board::vision` checks it). The
/// underground carriers take the first three; the panel's text uses the same hues.
pub const BOARD_HUES: [Srgb; BOARD_QUANTITIES] =
    [[122, 0, 153], [80, 150, 255], [250, 230, 70], [230, 110, 20]];
pub const UNSAFE_MARK: Srgb = [255, 255, 255];

/// A prop as the board draws it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardProp {
    #[default]
    None,
    /// A pump feeding a carrier.
    Source {
        carrier: u8,
        on: bool,
    },
    Valve {
        carrier: u8,
        open: bool,
    },
    Consumer {
        on: bool,
        producing: bool,
    },
    Junction,
    /// `across_x`: the door's leaf runs east-west when closed (a north-south corridor).
    Door {
        open: bool,
        across_x: bool,
    },
    Terminal {
        active: bool,
    },
    Supply {
        depleted: bool,
    },
    /// Wall-mounted; `spraying` while it discharges.
    Sprinkler {
        on: bool,
        spraying: bool,
    },
    Reactor {
        ready: bool,
    },
}

/// One underground carrier under a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct UnderLook {
    pub present: bool,
    pub fed: bool,
    pub leaking: bool,
    /// A source of this carrier stands here (drawn as a large dot).
    pub source: bool,
    /// Present neighbours of the same carrier: north 1, east 2, south 4, west 8.
    pub links: u8,
    /// Amount and integrity, 0..1 of their maxima.
    pub amount: f32,
    pub integrity: f32,
}

/// One cell of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardCell {
    pub wall: bool,
    pub prop: BoardProp,
    /// Surface values, 0..1 of the largest a cell can hold, in board order.
    pub surface: [f32; BOARD_QUANTITIES],
    /// Their bands: 0 absent, 1 safe, 2 caution, 3 critical.
    pub bands: [u8; BOARD_QUANTITIES],
    pub under: [UnderLook; BOARD_CARRIERS],
    /// An open leak can be worked on from this cell; its carrier.
    pub leak: Option<u8>,
    /// Entering it unprotected loses.
    pub unsafe_entry: bool,
    /// A forecast names this cell (only at an active terminal).
    pub forecast: bool,
    /// The interaction chosen here would change this cell's supply at once: the carrier, and
    /// whether it gains (or loses) supply. Shown before the player commits.
    pub preview: Option<(u8, bool)>,
    /// Not part of any level: drawn as the background (the legend's spacing).
    pub void: bool,
}

/// A line of text beside a board cell (the legend's captions): drawn by the HUD from the cell's
/// right edge, vertically centred on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCaption {
    pub cell: Pos,
    pub text: String,
    pub colour: Srgb,
}

/// A line of the HUD panel with its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub text: String,
    pub colour: Srgb,
}

impl BoardLine {
    pub fn new(text: impl Into<String>, colour: Srgb) -> BoardLine {
        BoardLine { text: text.into(), colour }
    }
}

/// What the board's HUD says: a header (level and state), the panel's sections, and a message line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardHud {
    pub header: Vec<BoardLine>,
    /// The inspection panel: the cell, its values and bands, services, inventory, help.
    pub panel: Vec<BoardLine>,
    /// The forecast list (only at an active terminal).
    pub forecasts: Vec<BoardLine>,
    /// The key hints, last: the first thing to give way (to one line naming the help key) when the
    /// panel is too short for everything.
    pub hints: Vec<BoardLine>,
    /// The latest message (a refusal, "a pulse follows", the outcome).
    pub message: Option<BoardLine>,
}

/// The board of one pulse step.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardScene {
    pub cells: Grid<BoardCell>,
    pub robot: Pos,
    /// The way the robot last moved (its mark points there).
    pub robot_facing: Facing,
    pub robot_shielded: bool,
    /// The inspected cell (mouse or keyboard cursor).
    pub cursor: Pos,
    /// The underground layers are shown (the robot is at an active terminal).
    pub layers: bool,
    /// Band cut points (caution, critical) per quantity, 0..1 like `surface`.
    pub cuts: [[f32; 2]; BOARD_QUANTITIES],
    /// Which step of a pulse this is (`Some((k, n))` while a cascade plays), for the HUD.
    pub step: Option<(u32, u32)>,
    /// Draw the first-person view (`Scene::world`) instead of the board.
    pub eye_view: bool,
    /// Per-layer opacity, 0..1, as an editor shows its layers: surface (floor and props), then the
    /// carriers in board order. `None` is the player's look at a terminal (the surface dimmed a
    /// little, every carrier full).
    pub opacity: Option<[f32; 1 + BOARD_CARRIERS]>,
    /// Text beside cells (the legend's captions).
    pub captions: Vec<BoardCaption>,
    pub hud: BoardHud,
}

impl Default for BoardScene {
    fn default() -> Self {
        Self {
            cells: Grid::filled(0, 0, BoardCell::default()),
            robot: Pos::default(),
            robot_facing: Facing::East,
            robot_shielded: false,
            cursor: Pos::default(),
            layers: false,
            cuts: [[0.3, 0.6]; BOARD_QUANTITIES],
            step: None,
            eye_view: false,
            opacity: None,
            captions: Vec::new(),
            hud: BoardHud::default(),
        }
    }
}
