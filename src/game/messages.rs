//! The words the game says, in one place so tests can compare them exactly.

pub const DESCEND_PROMPT: &str = "Press Space to descend...";
pub const SWING_AT_AIR: &str = "You swing at the air.";
pub const BLOCKED_BY_ENEMY: &str = "Something is blocking your way.";
pub const FRIGHTENED: &str = "You are frightened to death just by thinking about doing this.";
pub const INVENTORY_FULL: &str = "Inventory full.";
pub const NEVER_THERE: &str = "It was never there...";
pub const STRUCK: &str = "Something strikes you!";
pub const STRUCK_FROM_LEFT: &str = "Something strikes you from the left!";
pub const STRUCK_FROM_RIGHT: &str = "Something strikes you from the right!";
pub const STRUCK_FROM_BEHIND: &str = "Something strikes you from behind!";

/// What a blow from `side` says: the side is part of the sentence, so the log reads it too.
pub fn struck_from(side: crate::grid::Side) -> &'static str {
    match side {
        crate::grid::Side::Front => STRUCK,
        crate::grid::Side::Left => STRUCK_FROM_LEFT,
        crate::grid::Side::Right => STRUCK_FROM_RIGHT,
        crate::grid::Side::Behind => STRUCK_FROM_BEHIND,
    }
}
pub const HALLUCINATION_PASSES: &str = "Your blow passes through it. It was never there.";
pub const HALLUCINATION_HOLDS: &str = "It does not fall. Your mind reels.";
pub const HALLUCINATION_DISSIPATES: &str = "It dissolves into nothing.";
pub const WEAPON_NO_BETTER: &str = "This weapon is no better than yours. You leave it.";
pub const NOTHING_TO_USE: &str = "Nothing to use in this slot.";
pub const NOTHING_TO_DISCARD: &str = "Nothing to discard in this slot.";
pub const STARVING: &str = "You are starving.";
pub const BLEEDING: &str = "You are bleeding.";
pub const SOLID_STONE: &str = "You walk into solid stone.";
pub const WALL_NEVER_THERE: &str = "The wall was never there.";
pub const EPITAPH: &str = "You had become yet another legend of this dungeon.";
