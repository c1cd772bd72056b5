//! Save format version 1, spelled out field by field: the layout every save written since the first
//! release has, whatever `Game` looks like inside today.
//!
//! The record types below are the format. They mirror the JSON that `#[derive(Serialize)]` on the
//! first release's `Game` produced (the committed fixtures under `tests/fixtures/saves/` were written
//! by that build), in the same field order, so a v1 save written now is byte-identical to one written
//! then. `SaveV1::of` and `SaveV1::into_game` are the only two places that read or build a `Game`
//! for saving: when the game's internals move, only they change, and the fixtures prove the format
//! did not.

use crate::game::balance::MAX_DEPTH;
use crate::game::entity::{Entity, EntityId, EntityKind, Item, Pickup, Variant};
use crate::game::floor::Floor;
use crate::game::gen::kind::Generator;
use crate::game::gen::{Level, Room};
use crate::game::inventory::{Carried, Inventory, SLOTS};
use crate::game::map::{Map, Tile};
use crate::game::player::Player;
use crate::game::rng::GameRng;
use crate::game::run::{restore_level_extras, Game, LastEvents, Message, Status};
use crate::game::sanity::Phantom;
use crate::game::scheduler::{ActorId, Scheduler};
use crate::game::status::{StatusEffect, StatusKind, Statuses};
use crate::grid::{Facing, Grid, Pos};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The `game` object of a v1 save.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveV1 {
    pub seed: u64,
    pub depth: u32,
    pub turn: u64,
    pub status: StatusV1,
    pub level: LevelV1,
    pub player: PlayerV1,
    pub entities: Vec<EntityV1>,
    pub scheduler: SchedulerV1,
    pub messages: Vec<MessageV1>,
    pub kills: u32,
    pub cause_of_death: Option<String>,
    /// Row-major, one per map cell: in the player's field of view this turn.
    pub visible: Vec<bool>,
    /// Row-major, one per map cell: ever seen on this level.
    pub explored: Vec<bool>,
    /// Row-major, one per map cell: this turn's phantoms.
    pub phantoms: Vec<PhantomV1>,
    pub rng: RngV1,
    /// A practice run, never scored. Added after the first release: absent (false) in saves from
    /// before, and left out when false, so a save of a real run is byte-identical to theirs.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub practice: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusV1 {
    Playing,
    Dead,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PosV1 {
    pub x: i32,
    pub y: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FacingV1 {
    North,
    East,
    South,
    West,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelV1 {
    pub map: MapV1,
    pub rooms: Vec<RoomV1>,
    pub start_room: usize,
    pub exit_room: usize,
    pub start: PosV1,
    pub exit: PosV1,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapV1 {
    pub width: i32,
    pub height: i32,
    /// Row-major.
    pub tiles: Vec<TileV1>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TileV1 {
    Wall,
    Floor,
    Exit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomV1 {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerV1 {
    pub pos: PosV1,
    pub facing: FacingV1,
    pub hp: i32,
    pub max_hp: i32,
    /// Thousandths of a percent point.
    pub sanity: i32,
    pub weakness: i32,
    pub heartbeat: u64,
    pub weapon: i32,
    pub inventory: InventoryV1,
    pub statuses: Vec<StatusEffectV1>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventoryV1 {
    pub slots: [Option<CarriedV1>; SLOTS],
    pub selected: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarriedV1 {
    pub item: ItemV1,
    pub hallucinated: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemV1 {
    Food,
    Pill,
    Bandage,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusEffectV1 {
    pub kind: StatusKindV1,
    pub turns_left: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StatusKindV1 {
    Bleeding,
    Terrified,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntityV1 {
    pub id: u32,
    pub pos: PosV1,
    pub kind: EntityKindV1,
    pub patrol_wait: u32,
    pub ability_cooldown: u32,
    pub statuses: Vec<StatusEffectV1>,
}

/// Externally tagged, as serde writes enums by default: `{"Enemy": {...}}`, `{"Pickup": {"Item": "Food"}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntityKindV1 {
    Enemy { variant: VariantV1, hp: i32, max_hp: i32, damage: i32 },
    Hallucination { hp: i32 },
    Pickup(PickupV1),
    HallucinatedPickup(PickupV1),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VariantV1 {
    Shambler,
    Lurker,
    Stalker,
    Flayer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickupV1 {
    Item(ItemV1),
    Weapon { base: i32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SchedulerV1 {
    pub slots: Vec<SlotV1>,
    pub threshold: u32,
    pub global_tick: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotV1 {
    pub id: ActorIdV1,
    pub speed: u32,
    pub charge: u32,
}

/// `"Player"` or `{"Entity": 3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActorIdV1 {
    Player,
    Entity(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MessageV1 {
    pub text: String,
    pub turn: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhantomV1 {
    None,
    Wall,
    Passage,
}

/// The gameplay stream's abstract ChaCha state (what rand_chacha's own serde writes): key, stream
/// number and position in 32-bit words. Written by hand so a change of RNG crate cannot change saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngV1 {
    pub seed: [u8; 32],
    pub stream: u64,
    pub word_pos: u128,
}

/// Far above any speed, charge or threshold the balance table uses, far below overflow.
const SCHEDULER_LIMIT: u32 = 1_000_000;

impl SaveV1 {
    /// The v1 record of a game: everything the rules need to continue it exactly.
    pub fn of(game: &Game) -> Self {
        let (slots, threshold, global_tick) = game.floor.scheduler.to_parts();
        Self {
            seed: game.seed,
            depth: game.depth,
            turn: game.turn,
            status: match game.status {
                Status::Playing => StatusV1::Playing,
                Status::Dead => StatusV1::Dead,
            },
            level: LevelV1::of(&game.floor.level),
            player: PlayerV1::of(&game.player),
            entities: game.floor.entities.iter().map(EntityV1::of).collect(),
            scheduler: SchedulerV1 {
                slots: slots
                    .into_iter()
                    .map(|(id, speed, charge)| SlotV1 { id: ActorIdV1::of(id), speed, charge })
                    .collect(),
                threshold,
                global_tick,
            },
            messages: game
                .messages
                .iter()
                .map(|m| MessageV1 { text: m.text.clone(), turn: m.turn })
                .collect(),
            kills: game.kills,
            cause_of_death: game.cause_of_death.clone(),
            visible: game.floor.visible.as_slice().to_vec(),
            explored: game.floor.explored.as_slice().to_vec(),
            phantoms: game.floor.phantoms.as_slice().iter().map(|&p| PhantomV1::of(p)).collect(),
            rng: RngV1 {
                seed: game.rng.get_seed(),
                stream: game.rng.get_stream(),
                word_pos: game.rng.get_word_pos(),
            },
            practice: game.practice,
        }
    }

    /// The game this record describes, or why it cannot be one. Shapes are checked here (grid sizes
    /// against the map); the rules' own invariants by `Game::validate`.
    pub fn into_game(self) -> Result<Game, String> {
        let mut level = self.level.into_level()?;
        let entities: Vec<_> = self.entities.into_iter().map(EntityV1::into_entity).collect();
        restore_level_extras(self.seed, self.depth.clamp(1, MAX_DEPTH), &mut level, &entities);
        let (w, h) = (level.map.width(), level.map.height());
        let grid = |cells: Vec<_>| Grid::from_cells(w, h, cells).ok_or("its grids do not match the map size");
        let visible = grid(self.visible)?;
        let explored = grid(self.explored)?;
        let phantoms =
            Grid::from_cells(w, h, self.phantoms.into_iter().map(PhantomV1::into_phantom).collect())
                .ok_or("its grids do not match the map size")?;
        // The rules tick charges by speed until someone reaches the threshold: a zero speed or a
        // huge number would hang or overflow them, so a hand-edited clock is refused here.
        let sane = |n: u32| (1..=SCHEDULER_LIMIT).contains(&n);
        let slots = &self.scheduler.slots;
        if !sane(self.scheduler.threshold)
            || slots.iter().any(|s| !sane(s.speed) || s.charge > SCHEDULER_LIMIT)
            || slots.iter().filter(|s| s.id == ActorIdV1::Player).count() != 1
        {
            return Err("its turn scheduler is impossible".into());
        }
        let mut rng = GameRng::from_seed(self.rng.seed);
        rng.set_stream(self.rng.stream);
        rng.set_word_pos(self.rng.word_pos);
        let scheduler = Scheduler::from_parts(
            self.scheduler.slots.into_iter().map(|s| (s.id.into_actor(), s.speed, s.charge)).collect(),
            self.scheduler.threshold,
            self.scheduler.global_tick,
        );
        let game = Game {
            seed: self.seed,
            depth: self.depth,
            turn: self.turn,
            status: match self.status {
                StatusV1::Playing => Status::Playing,
                StatusV1::Dead => Status::Dead,
            },
            player: self.player.into_player(),
            messages: self.messages.into_iter().map(|m| Message { text: m.text, turn: m.turn }).collect(),
            kills: self.kills,
            cause_of_death: self.cause_of_death,
            rng,
            floor: Floor { level, entities, scheduler, visible, explored, phantoms },
            // Not saved: what the last action reported before saving is not part of the state.
            last_events: LastEvents::default(),
            practice: self.practice,
        };
        game.validate()?;
        Ok(game)
    }
}

impl PosV1 {
    fn of(p: Pos) -> Self {
        Self { x: p.x, y: p.y }
    }
    fn into_pos(self) -> Pos {
        Pos::new(self.x, self.y)
    }
}

impl FacingV1 {
    fn of(f: Facing) -> Self {
        match f {
            Facing::North => Self::North,
            Facing::East => Self::East,
            Facing::South => Self::South,
            Facing::West => Self::West,
        }
    }
    fn into_facing(self) -> Facing {
        match self {
            Self::North => Facing::North,
            Self::East => Facing::East,
            Self::South => Facing::South,
            Self::West => Facing::West,
        }
    }
}

impl LevelV1 {
    fn of(level: &Level) -> Self {
        let map = &level.map;
        Self {
            map: MapV1 {
                width: map.width(),
                height: map.height(),
                tiles: map.tiles().iter().map(|&t| TileV1::of(t)).collect(),
            },
            rooms: level.rooms.iter().map(|r| RoomV1 { x: r.x, y: r.y, w: r.w, h: r.h }).collect(),
            start_room: level.start_room,
            exit_room: level.exit_room,
            start: PosV1::of(level.start),
            exit: PosV1::of(level.exit),
        }
    }

    fn into_level(self) -> Result<Level, String> {
        let MapV1 { width, height, tiles } = self.map;
        // Checked: a hand-edited size must be refused, not overflow or allocate without end.
        if width <= 0 || height <= 0 || width.checked_mul(height).is_none() {
            return Err("its map size is impossible".into());
        }
        let map = Map::from_tiles(width, height, tiles.into_iter().map(TileV1::into_tile).collect())?;
        Ok(Level {
            map,
            rooms: self.rooms.into_iter().map(|r| Room { x: r.x, y: r.y, w: r.w, h: r.h }).collect(),
            start_room: self.start_room,
            exit_room: self.exit_room,
            start: self.start.into_pos(),
            exit: self.exit.into_pos(),
            // Not saved: they follow from the seed and depth (`restore_level_extras`).
            generator: Generator::Rooms,
            landmarks: Vec::new(),
        })
    }
}

impl TileV1 {
    fn of(t: Tile) -> Self {
        match t {
            Tile::Wall => Self::Wall,
            Tile::Floor => Self::Floor,
            Tile::Exit => Self::Exit,
        }
    }
    fn into_tile(self) -> Tile {
        match self {
            Self::Wall => Tile::Wall,
            Self::Floor => Tile::Floor,
            Self::Exit => Tile::Exit,
        }
    }
}

impl PlayerV1 {
    fn of(p: &Player) -> Self {
        Self {
            pos: PosV1::of(p.pos),
            facing: FacingV1::of(p.facing),
            hp: p.hp,
            max_hp: p.max_hp,
            sanity: p.sanity,
            weakness: p.weakness,
            heartbeat: p.heartbeat,
            weapon: p.weapon,
            inventory: InventoryV1 {
                slots: (*p.inventory.slots()).map(|s| s.map(CarriedV1::of)),
                selected: p.inventory.selected(),
            },
            statuses: statuses_of(&p.statuses),
        }
    }

    fn into_player(self) -> Player {
        Player {
            pos: self.pos.into_pos(),
            facing: self.facing.into_facing(),
            hp: self.hp,
            max_hp: self.max_hp,
            sanity: self.sanity,
            weakness: self.weakness,
            heartbeat: self.heartbeat,
            weapon: self.weapon,
            // Kept as written, out-of-range selection included: `Game::validate` refuses it by name.
            inventory: Inventory::from_parts(
                self.inventory.slots.map(|s| s.map(CarriedV1::into_carried)),
                self.inventory.selected,
            ),
            statuses: statuses_from(self.statuses),
        }
    }
}

impl CarriedV1 {
    fn of(c: Carried) -> Self {
        Self { item: ItemV1::of(c.item), hallucinated: c.hallucinated }
    }
    fn into_carried(self) -> Carried {
        Carried { item: self.item.into_item(), hallucinated: self.hallucinated }
    }
}

impl ItemV1 {
    fn of(i: Item) -> Self {
        match i {
            Item::Food => Self::Food,
            Item::Pill => Self::Pill,
            Item::Bandage => Self::Bandage,
        }
    }
    fn into_item(self) -> Item {
        match self {
            Self::Food => Item::Food,
            Self::Pill => Item::Pill,
            Self::Bandage => Item::Bandage,
        }
    }
}

fn statuses_of(s: &Statuses) -> Vec<StatusEffectV1> {
    s.iter()
        .map(|e| StatusEffectV1 {
            kind: match e.kind {
                StatusKind::Bleeding => StatusKindV1::Bleeding,
                StatusKind::Terrified => StatusKindV1::Terrified,
            },
            turns_left: e.turns_left,
        })
        .collect()
}

fn statuses_from(list: Vec<StatusEffectV1>) -> Statuses {
    Statuses::from_effects(
        list.into_iter()
            .map(|e| StatusEffect {
                kind: match e.kind {
                    StatusKindV1::Bleeding => StatusKind::Bleeding,
                    StatusKindV1::Terrified => StatusKind::Terrified,
                },
                turns_left: e.turns_left,
            })
            .collect(),
    )
}

impl EntityV1 {
    fn of(e: &Entity) -> Self {
        Self {
            id: e.id.0,
            pos: PosV1::of(e.pos),
            kind: match e.kind {
                EntityKind::Enemy { variant, hp, max_hp, damage } => {
                    EntityKindV1::Enemy { variant: VariantV1::of(variant), hp, max_hp, damage }
                }
                EntityKind::Hallucination { hp } => EntityKindV1::Hallucination { hp },
                EntityKind::Pickup(p) => EntityKindV1::Pickup(PickupV1::of(p)),
                EntityKind::HallucinatedPickup(p) => EntityKindV1::HallucinatedPickup(PickupV1::of(p)),
            },
            patrol_wait: e.patrol_wait,
            ability_cooldown: e.ability_cooldown,
            statuses: statuses_of(&e.statuses),
        }
    }

    fn into_entity(self) -> Entity {
        Entity {
            id: EntityId(self.id),
            pos: self.pos.into_pos(),
            kind: match self.kind {
                EntityKindV1::Enemy { variant, hp, max_hp, damage } => {
                    EntityKind::Enemy { variant: variant.into_variant(), hp, max_hp, damage }
                }
                EntityKindV1::Hallucination { hp } => EntityKind::Hallucination { hp },
                EntityKindV1::Pickup(p) => EntityKind::Pickup(p.into_pickup()),
                EntityKindV1::HallucinatedPickup(p) => EntityKind::HallucinatedPickup(p.into_pickup()),
            },
            patrol_wait: self.patrol_wait,
            ability_cooldown: self.ability_cooldown,
            statuses: statuses_from(self.statuses),
        }
    }
}

impl VariantV1 {
    fn of(v: Variant) -> Self {
        match v {
            Variant::Shambler => Self::Shambler,
            Variant::Lurker => Self::Lurker,
            Variant::Stalker => Self::Stalker,
            Variant::Flayer => Self::Flayer,
        }
    }
    fn into_variant(self) -> Variant {
        match self {
            Self::Shambler => Variant::Shambler,
            Self::Lurker => Variant::Lurker,
            Self::Stalker => Variant::Stalker,
            Self::Flayer => Variant::Flayer,
        }
    }
}

impl PickupV1 {
    fn of(p: Pickup) -> Self {
        match p {
            Pickup::Item(i) => Self::Item(ItemV1::of(i)),
            Pickup::Weapon { base } => Self::Weapon { base },
        }
    }
    fn into_pickup(self) -> Pickup {
        match self {
            Self::Item(i) => Pickup::Item(i.into_item()),
            Self::Weapon { base } => Pickup::Weapon { base },
        }
    }
}

impl ActorIdV1 {
    fn of(id: ActorId) -> Self {
        match id {
            ActorId::Player => Self::Player,
            ActorId::Entity(raw) => Self::Entity(raw),
        }
    }
    fn into_actor(self) -> ActorId {
        match self {
            Self::Player => ActorId::Player,
            Self::Entity(raw) => ActorId::Entity(raw),
        }
    }
}

impl PhantomV1 {
    fn of(p: Phantom) -> Self {
        match p {
            Phantom::None => Self::None,
            Phantom::Wall => Self::Wall,
            Phantom::Passage => Self::Passage,
        }
    }
    fn into_phantom(self) -> Phantom {
        match self {
            Self::None => Phantom::None,
            Self::Wall => Phantom::Wall,
            Self::Passage => Phantom::Passage,
        }
    }
}
