//! Things that occupy cells: enemies, hallucinations and pickups (plan §2).

use super::status::Statuses;
use crate::grid::Pos;

/// Identifies an entity for the whole of its level; never reused within a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId(pub u32);

/// A consumable that fits in an inventory slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Food,
    Pill,
    Bandage,
}

impl Item {
    pub const ALL: [Item; 3] = [Item::Food, Item::Pill, Item::Bandage];

    pub fn glyph(self) -> char {
        self.row().glyph
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }
}

/// What lies on the floor waiting to be picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pickup {
    Item(Item),
    /// A weapon with its base damage; equipped on pickup if stronger, never carried.
    Weapon {
        base: i32,
    },
}

impl Pickup {
    pub fn glyph(self) -> char {
        match self {
            Pickup::Item(item) => item.glyph(),
            Pickup::Weapon { .. } => '!',
        }
    }
}

/// The enemy families of the spawn table; they differ in speed and in what their blows do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Slow and dull: acts less often than the player.
    Shambler,
    /// The common hunter, as fast as the player.
    Lurker,
    /// Fast: can act twice between the player's turns, and lunges across a gap.
    Stalker,
    /// Deep enemies whose blows cause bleeding.
    Flayer,
}

impl Variant {
    pub fn name(self) -> &'static str {
        self.family().name
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntityKind {
    Enemy {
        variant: Variant,
        hp: i32,
        max_hp: i32,
        damage: i32,
    },
    /// A phantom enemy. `hp` only matters while hallucinations are persistent (low sanity).
    Hallucination {
        hp: i32,
    },
    Pickup(Pickup),
    /// Looks exactly like a pickup; the deception shows on use.
    HallucinatedPickup(Pickup),
}

/// One occupant of one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entity {
    pub id: EntityId,
    pub pos: Pos,
    pub kind: EntityKind,
    /// Turns until the next patrol step; counts down while the entity cannot see the player.
    pub patrol_wait: u32,
    /// Turns until the entity's special ability (a stalker's lunge) can be used again.
    pub ability_cooldown: u32,
    pub statuses: Statuses,
}

impl Entity {
    pub fn new(id: EntityId, pos: Pos, kind: EntityKind) -> Self {
        Self { id, pos, kind, patrol_wait: 0, ability_cooldown: 0, statuses: Statuses::default() }
    }

    /// Enemies and hallucinations take turns; pickups do not.
    pub fn is_actor(&self) -> bool {
        matches!(self.kind, EntityKind::Enemy { .. } | EntityKind::Hallucination { .. })
    }

    pub fn is_enemy(&self) -> bool {
        matches!(self.kind, EntityKind::Enemy { .. })
    }

    pub fn is_hallucination(&self) -> bool {
        matches!(self.kind, EntityKind::Hallucination { .. })
    }

    pub fn glyph(&self) -> char {
        match self.kind {
            EntityKind::Enemy { .. } | EntityKind::Hallucination { .. } => '@',
            EntityKind::Pickup(p) | EntityKind::HallucinatedPickup(p) => p.glyph(),
        }
    }

    /// The name used by `--dump-state`.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            EntityKind::Enemy { .. } => "enemy",
            EntityKind::Hallucination { .. } => "hallucination",
            EntityKind::Pickup(_) => "pickup",
            EntityKind::HallucinatedPickup(_) => "hallucinated_pickup",
        }
    }

    pub fn hp(&self) -> Option<i32> {
        match self.kind {
            EntityKind::Enemy { hp, .. } | EntityKind::Hallucination { hp } => Some(hp),
            _ => None,
        }
    }
}
