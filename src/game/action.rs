//! The closed set of things a player can ask for, and the report of what happened.

use super::pos::{Facing, Pos};
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
}

impl Action {
    /// Parses one `--keys` token (the keyboard's letters), e.g. "W", "SPACE".
    pub fn from_key_token(token: &str) -> Option<Action> {
        Some(match token.to_ascii_uppercase().as_str() {
            "W" | "UP" => Action::MoveForward,
            "S" | "DOWN" => Action::MoveBack,
            "A" => Action::StrafeLeft,
            "D" => Action::StrafeRight,
            "Q" | "LEFT" => Action::TurnLeft,
            "E" | "RIGHT" => Action::TurnRight,
            "C" => Action::Wait,
            "SPACE" => Action::Interact,
            _ => return None,
        })
    }
}

/// Something that happened while resolving an action, in order; the app turns these into animation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    Waited,
    /// Space away from the exit with nothing ahead.
    SwungAtAir,
    Descended {
        depth: u32,
    },
    /// An enemy stepped from one cell to another; all of a turn's steps animate together.
    EnemyMoved {
        from: Pos,
        to: Pos,
    },
    Message(String),
}

/// What one call to `Game::act` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnReport {
    /// True when the action used the player's turn (the world then advanced).
    pub took_turn: bool,
    pub events: Vec<Event>,
}
