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
/// What a blow says: a creature the player sees on screen is named by the family it looks like
/// (a hallucination by its mask, so the words never give it away); an unseen one is "Something".
pub fn struck_by(name: Option<&str>, side: crate::grid::Side) -> String {
    let unseen = struck_from(side);
    match name {
        Some(name) => unseen.replacen("Something", &format!("The {name}"), 1),
        None => unseen.to_string(),
    }
}

/// What bumping into a creature says: "A lurker blocks your way." when it is seen.
pub fn blocked_by(name: Option<&str>) -> String {
    match name {
        Some(name) if name.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("An {name} blocks your way."),
        Some(name) => format!("A {name} blocks your way."),
        None => BLOCKED_BY_ENEMY.to_string(),
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
pub const HARDENED: &str = "The descent hardens you. You feel sturdier.";
pub const SOLID_STONE: &str = "You walk into solid stone.";
pub const WALL_NEVER_THERE: &str = "The wall was never there.";
pub const EPITAPH: &str = "You had become yet another legend of this dungeon.";
