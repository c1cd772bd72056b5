//! The HUD part of a scene: what the bar, the turn strip, the message lines and the overlays say.

use super::colour::Srgb;
use super::world::TileLook;
use crate::grid::{Facing, Grid, Pos};

/// An item in an inventory slot, as it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotLook {
    pub glyph: char,
    pub colour: Srgb,
}

/// Which colour family a status badge takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusTone {
    /// Harm to the body (bleeding).
    Body,
    /// Harm to the mind (terror).
    Mind,
}

/// One active status on the bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusLook {
    pub label: &'static str,
    pub short: &'static str,
    pub tone: StatusTone,
    pub turns_left: u32,
}

/// The bar of plan §8.1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarModel {
    pub hp: i32,
    pub max_hp: i32,
    /// Sanity in whole percent, rounded.
    pub sanity: u32,
    /// Weakness in percent.
    pub weakness: u32,
    pub heartbeat: u64,
    pub weapon: i32,
    pub slots: Vec<Option<SlotLook>>,
    pub selected: usize,
    pub depth: u32,
    pub statuses: Vec<StatusLook>,
}

/// One entry of the turn-order strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StripActor {
    Player,
    /// An enemy or a hallucination, by the figure of the family it looks like ([`super::figures`]),
    /// as the view draws it: a mask is worn whole, so the strip does not tell them apart.
    Hostile(char),
}

/// A line of the message history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageLine {
    pub turn: u64,
    pub text: String,
}

/// A cell of the automap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapCellLook {
    /// `None` until explored.
    pub tile: Option<TileLook>,
    /// In the viewer's field of view this turn.
    pub in_view: bool,
}

/// Something the automap marks on a cell once seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapMarker {
    /// Something lying on the floor, as last seen.
    Item,
    Torch,
    Shrine,
}

/// The level as the viewer remembers it.
#[derive(Clone, Debug, PartialEq)]
pub struct AutomapModel {
    pub cells: Grid<MapCellLook>,
    pub player: Pos,
    pub facing: Facing,
    pub depth: u32,
    /// Items, torches and shrines seen, each on its cell (the exit is a tile of its own).
    pub markers: Vec<(Pos, MapMarker)>,
}

impl Default for AutomapModel {
    fn default() -> Self {
        Self {
            cells: Grid::filled(0, 0, MapCellLook::default()),
            player: Pos::default(),
            facing: Facing::East,
            depth: 0,
            markers: Vec::new(),
        }
    }
}

/// Everything the HUD shows for one turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HudModel {
    pub bar: BarModel,
    pub strip: Vec<StripActor>,
    /// The whole history, oldest first (the HUD shows the newest; the log overlay shows all).
    pub messages: Vec<MessageLine>,
    /// Messages before this index are the log's only, never the HUD's lines: on a resumed run,
    /// those from before the reload, which would otherwise stand under the app's "You return to
    /// the depths." notice and read as newer than it (issue 34).
    pub lines_from: usize,
    /// The turn the HUD is shown on (messages fade by their age in turns).
    pub turn: u64,
    pub automap: AutomapModel,
    /// The creature in the cell ahead, when the player sees one (real or not: they look the same).
    pub target: Option<TargetLook>,
}

/// What the HUD says of the creature in front: its name and its hit points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetLook {
    pub name: String,
    pub hp: i32,
    pub max_hp: i32,
}

/// How many upcoming actors the turn-order strip lists.
pub const STRIP_LEN: usize = 5;
