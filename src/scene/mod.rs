//! The scene: the contract between a game's rules and the presentation. A game builds one per turn
//! (or per pulse) as plain data — what each cell looks like, the sprites with where they came from,
//! the light, the madness, and the HUD's model — and the renderer draws only this. Nothing here is
//! a rule, and nothing here names a game's rules types.

pub mod board;
pub mod colour;
pub mod hud;
pub mod sound;
pub mod world;

pub use board::{
    BoardCaption, BoardCell, BoardHud, BoardLine, BoardProp, BoardScene, UnderLook, BOARD_HUES, UNSAFE_MARK,
};
pub use hud::{
    AutomapModel, BarModel, HudModel, MapCellLook, MapMarker, MessageLine, SlotLook, StatusLook, StatusTone,
    StripActor, TargetLook,
};
pub use sound::{SoundBed, SoundEvent, SoundKind, SoundPhase};
pub use world::figures;
pub use world::{
    CellLook, FloorTint, Madness, PhantomLook, SpriteKind, SpriteLook, ThemeLook, TileLook, TorchLook,
    WorldScene, TORCH_REACH_CELLS,
};

use crate::grid::{Facing, Pos};

pub use colour::Srgb;

/// Everything a frame of one turn shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Which turn of which level this is; the presentation rebuilds what it caches when it changes.
    pub stamp: SceneStamp,
    /// Where the viewer stands and looks when nothing is animating.
    pub eye: Pos,
    pub facing: Facing,
    pub world: WorldScene,
    pub hud: HudModel,
    /// A top-down board drawn instead of the first-person world (a game seen from above), with its
    /// own HUD panel; `None` for the crawler.
    pub board: Option<BoardScene>,
}

impl Scene {
    /// A first-person scene from map rows (`#` wall, anything else floor), the viewer at `eye`
    /// facing `facing`: the hand-built situations of the presentation's tests (sound, sight).
    #[cfg(any(test, feature = "test-hooks"))]
    pub fn from_rows(rows: &[&str], eye: Pos, facing: Facing) -> Scene {
        let cells: Vec<CellLook> = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| CellLook {
                tile: if c == '#' { TileLook::Wall } else { TileLook::Floor },
                ..CellLook::default()
            })
            .collect();
        let width = rows.first().map_or(0, |r| r.len()) as i32;
        let cells =
            crate::grid::Grid::from_cells(width, rows.len() as i32, cells).expect("rows of one length");
        Scene {
            stamp: SceneStamp::default(),
            eye,
            facing,
            world: WorldScene { cells, ..WorldScene::default() },
            hud: HudModel::default(),
            board: None,
        }
    }
}

/// Identifies the turn a scene was built for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SceneStamp {
    pub seed: u64,
    pub depth: u32,
    pub turn: u64,
}
