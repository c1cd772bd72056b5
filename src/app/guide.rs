//! The second page of help: how to read the screen, the four items, weakness and the heartbeat, in
//! the player's words. Numbers come from the balance table, so the guide cannot drift from the rules.

use crate::game::balance::BALANCE;
use crate::game::Item;

/// The guide's lines, one paragraph each (the overlay wraps them).
pub fn guide_lines() -> Vec<String> {
    let lies_below = BALANCE.sanity_bands[0].floor / (BALANCE.max_sanity / 100);
    let item = |item: Item, what: &str| format!("{}  {}: {what}", item.row().glyph, item.row().name);
    vec![
        "♥ HP   Your health. At 0 you die. Bandages heal; while you are not hungry you mend slowly.".into(),
        format!(
            "♦ SAN  Your sanity. Darkness, depth, blows from what you cannot see and fighting wear it \
             down. Below {lies_below}% the dungeon starts to lie: walls and passages that are not there, \
             creatures and items that are not real, a maze that shifts behind your back."
        ),
        "⌂ Weak Your hunger. It rises as you act; at 100% you starve and lose HP every turn.".into(),
        "♥♥ N  Your heartbeat: one beat for every turn you have acted.".into(),
        "WPN    Your weapon's damage. Walk onto a yellow weapon to take it, if it is better.".into(),
        "NEXT   Who acts next, left first: you (yellow @) and the creatures (red @).".into(),
        "1-4    Your four slots. Walk over an item to pick it up; select a slot, then use or drop it.".into(),
        item(Item::Food, "eases hunger."),
        item(Item::Pill, "restores sanity, but costs a little hunger."),
        item(Item::Bandage, "heals and stops bleeding, but costs a little hunger."),
        "Some items are not real: you learn it when you use them.".into(),
        "The exit is a pit: stand on it and attack (Space) to climb down. Deeper is darker.".into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_names_every_item_and_the_sanity_threshold_of_the_table() {
        let text = guide_lines().join("\n");
        for item in Item::ALL {
            assert!(text.contains(item.row().name), "{}", item.row().name);
        }
        let floor = BALANCE.sanity_bands[0].floor / (BALANCE.max_sanity / 100);
        assert!(text.contains(&format!("Below {floor}%")), "{text}");
        assert!(text.contains("heartbeat") && text.contains("hunger"), "{text}");
    }
}
