//! The closed set of things a player can ask for, and the report of what happened.

use super::entity::EntityId;
use crate::grid::{Facing, Pos, Side};
use serde::{Deserialize, Serialize};

/// One player request. Whether it takes a turn is decided by the rules, not by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    MoveForward,
    MoveBack,
    StrafeLeft,
    StrafeRight,
    TurnLeft,
    TurnRight,
    /// C: pass the turn; enemies still act.
    Wait,
    /// Space: descend on the exit cell, attack the cell ahead anywhere else.
    Interact,
    /// 1–4: choose an inventory slot (free).
    Select(u8),
    /// Z: use the selected item (takes a turn).
    UseItem,
    /// X: throw the selected item away for good (free).
    Discard,
}

/// Something that happened while resolving an action, in order; the app turns these into animation,
/// flashes and messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    PlayerMoved {
        from: Pos,
        to: Pos,
    },
    PlayerTurned {
        from: Facing,
        to: Facing,
    },
    /// A move into a wall the player can see: refused, no turn taken.
    Bumped {
        toward: Facing,
    },
    /// A move that looked possible but was stopped (an enemy, a persistent hallucination, a phantom
    /// passage); the turn is spent.
    Blocked {
        toward: Facing,
    },
    Waited,
    /// Space away from the exit with nothing ahead.
    SwungAtAir,
    Descended {
        depth: u32,
    },
    /// The player struck a real enemy.
    HitEnemy {
        id: EntityId,
        damage: i32,
    },
    /// The player struck a hallucination (purple flash).
    HitHallucination {
        id: EntityId,
    },
    EnemyDied {
        id: EntityId,
        pos: Pos,
    },
    /// A hallucination ceased to be: struck, dissipated, or walked through (a brief warp).
    HallucinationVanished {
        id: EntityId,
        pos: Pos,
    },
    /// A creature (or what looks like one) landed a blow from this side of the player; the
    /// `PlayerHurt` that follows says what it cost. Hallucinated blows report their side too.
    Struck {
        side: Side,
    },
    /// Something hit the player. `real` is for tests and logs only: the screen shows both alike.
    PlayerHurt {
        amount: i32,
        real: bool,
    },
    /// HP went up (green flash).
    PlayerHealed {
        amount: i32,
    },
    /// An enemy or hallucination stepped; all of a turn's steps animate together.
    EnemyMoved {
        id: EntityId,
        from: Pos,
        to: Pos,
    },
    /// Cells that swapped wall for passage out of the player's sight.
    MazeShifted {
        cells: Vec<Pos>,
    },
    PickedUp {
        glyph: char,
    },
    Died,
    Message(String),
}

/// What one call to `Game::act` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnReport {
    /// True when the action used the player's turn (the world then advanced).
    pub took_turn: bool,
    pub events: Vec<Event>,
}
