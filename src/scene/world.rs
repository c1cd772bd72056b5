//! The world part of a scene: the grid as the viewer believes it is, the sprites, the light and how
//! mad the view is.

use super::colour::Srgb;
use crate::grid::{Grid, Pos};

/// What a cell is drawn as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TileLook {
    #[default]
    Floor,
    Wall,
    /// The pit that leads deeper.
    Exit,
}

/// A lie the cell tells this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PhantomLook {
    #[default]
    None,
    /// Floor drawn as wall.
    Wall,
    /// Wall drawn as an opening.
    Passage,
}

/// One cell as the viewer sees it this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellLook {
    pub tile: TileLook,
    pub phantom: PhantomLook,
}

/// How strongly each visual effect shows, every one a smooth function of sanity (0..1 each).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Madness {
    pub colour_drift: f32,
    pub breathing: f32,
    pub flicker: f32,
    pub warp: f32,
    pub false_player: f32,
    pub distortion: f32,
}

/// Creature figures: code points of Unicode's private-use area that the pixel font draws as
/// silhouettes instead of letters, so creatures tell apart by shape and not only by hue (issue 34:
/// every family was the same `@`). A game gives each kind of creature one of them; render draws
/// whatever glyph a sprite names and knows no creature.
pub mod figures {
    /// A hunched, broad hulk, arms hanging to the floor.
    pub const HULK: char = '\u{E000}';
    /// An upright figure, arms spread.
    pub const WALKER: char = '\u{E001}';
    /// A low, wide crawler on bent legs, nothing above its shoulders.
    pub const CRAWLER: char = '\u{E002}';
    /// A figure with three blades raised above its head.
    pub const BLADES: char = '\u{E003}';
    /// Every figure, for the font's and the tests' checks.
    pub const ALL: [char; 4] = [HULK, WALKER, CRAWLER, BLADES];
}

/// What kind of figure a sprite is, which decides its size and how the shader times it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpriteKind {
    /// Something that stands and acts (an enemy, or what looks like one).
    Actor,
    /// Something lying on the floor.
    Pickup,
    /// A false `@` that flickers in and out of sight (cosmetic madness).
    FalseActor,
}

/// One figure in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpriteLook {
    /// Stable within a level; de-synchronises shimmer phases and breaks distance ties.
    pub id: u32,
    pub kind: SpriteKind,
    pub glyph: char,
    pub colour: Srgb,
    /// Where it stood when this turn's shared step began, and where it stands now.
    pub from: Pos,
    pub to: Pos,
    /// Whether the viewer sees the cell it came from and the cell it stands in.
    pub seen_from: bool,
    pub seen_to: bool,
    /// How visibly wrong it looks (0 for the real).
    pub shimmer: f32,
}

/// A level's materials for the one world shader: base colours (linear albedo), how strongly the
/// joints between blocks show (1: dressed stone, 0: raw rock) and the tint of the light.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThemeLook {
    pub wall: [f32; 3],
    pub floor: [f32; 3],
    pub ceiling: [f32; 3],
    /// Joint strength of walls, floor and ceiling.
    pub joints: [f32; 3],
    /// Multiplies the colour of every torch (the player's and the wall torches).
    pub light: [f32; 3],
}

impl ThemeLook {
    /// Dressed stone under a plain torch: the look before themes existed.
    pub const CUT_STONE: ThemeLook = ThemeLook {
        wall: [0.37, 0.32, 0.27],
        floor: [0.13, 0.16, 0.21],
        ceiling: [0.04, 0.052, 0.075],
        joints: [1.0, 1.0, 1.0],
        light: [1.0, 1.0, 1.0],
    };
}

impl Default for ThemeLook {
    fn default() -> Self {
        Self::CUT_STONE
    }
}

/// How far (cells, Chebyshev, from its wall cell) a wall torch's light can reach; the renderer's
/// light radius stays inside it, so a torch farther than this from every cell in view cannot show.
pub const TORCH_REACH_CELLS: i32 = 4;

/// A wall torch as the viewer sees it: the wall cell it hangs in and the way its face looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorchLook {
    pub cell: Pos,
    pub facing: crate::grid::Facing,
}

/// A floor cell drawn in a colour of its own (the reactor's eye view shows its surface values so):
/// the stone's pattern stays, in `colour`, mixed over the plain floor by `strength` (0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloorTint {
    pub cell: Pos,
    pub colour: Srgb,
    pub strength: f32,
}

/// The first-person world of one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldScene {
    pub cells: Grid<CellLook>,
    /// Every sprite the viewer may see this turn, in no particular order.
    pub sprites: Vec<SpriteLook>,
    /// Multiplies the viewer's light (darkness): 1 is the full torch.
    pub light: f32,
    pub madness: Madness,
    /// Whether something this turn may vanish with a ripple (so the effects must be ready for it).
    pub may_pulse: bool,
    /// The level's materials.
    pub theme: ThemeLook,
    /// The wall torches whose light may fall on a cell in view (within [`TORCH_REACH_CELLS`] of
    /// one), at most the renderer's slots.
    pub torches: Vec<TorchLook>,
    /// Floor cells drawn tinted; empty for a plain floor.
    pub floor_tints: Vec<FloorTint>,
}

impl Default for WorldScene {
    fn default() -> Self {
        Self {
            cells: Grid::filled(0, 0, CellLook::default()),
            sprites: Vec::new(),
            light: 1.0,
            madness: Madness::default(),
            may_pulse: false,
            theme: ThemeLook::CUT_STONE,
            torches: Vec::new(),
            floor_tints: Vec::new(),
        }
    }
}
