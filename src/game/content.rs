//! The crawler's content as rows: one per enemy family and one per item, indexed by their closed
//! enums so that a family or item without a row fails to compile. Code reads the row; it does not
//! match on the variant to decide what a creature or an item is like.

use super::entity::{Item, Pickup, Variant};
use super::status::StatusKind;
use super::tables::Weighted;

use crate::scene::figures;
pub use crate::scene::Srgb;

/// Every creature is red (plan §8.3), real or not, so a hallucination cannot be told by colour.
/// Each family has its own shade of that red (`Family::shade`), this one the lurker's, and its own
/// figure (`Family::figure`) where the plan drew every creature as `@`.
pub const ENEMY_COLOUR: Srgb = [250, 60, 48];
/// A weapon on the floor is yellow (plan §8.3).
pub const WEAPON_COLOUR: Srgb = [250, 219, 56];

/// The enemy families' spawn table, built from their rows (weight, growth, gate).
pub const ENEMY_TABLE: [Weighted<Variant>; Variant::COUNT] = {
    let mut table = [Weighted::new(Variant::Lurker, 0, 0, 0); Variant::COUNT];
    let mut i = 0;
    while i < Variant::COUNT {
        let f = &FAMILIES[i];
        table[i] = Weighted::new(f.variant, f.spawn_weight, f.gate_depth, f.spawn_per_depth);
        i += 1;
    }
    table
};

/// The real pickups' table, built from the item rows; every item can be found from depth 1.
pub const PICKUP_TABLE: [Weighted<Item>; Item::COUNT] = {
    let mut table = [Weighted::new(Item::Food, 0, 0, 0); Item::COUNT];
    let mut i = 0;
    while i < Item::COUNT {
        let row = &ITEMS[i];
        table[i] = Weighted::new(row.item, row.pickup_weight, 1, row.pickup_per_depth);
        i += 1;
    }
    table
};

/// Everything that makes one enemy family itself.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    pub variant: Variant,
    pub name: &'static str,
    /// Charge gained per scheduler tick; the player has `Balance::player_speed`.
    pub speed: u32,
    /// Spawn weight at its gate depth, growth per depth beyond it, and the gate itself.
    pub spawn_weight: u32,
    pub spawn_per_depth: u32,
    pub gate_depth: u32,
    /// What a landed blow leaves on the player, if anything (with its duration in the balance).
    pub on_hit: Option<StatusKind>,
    /// Leaps across one free cell to strike (from `Balance::lunge_min_depth`).
    pub lunges: bool,
    /// Its shade of the creatures' red (a hallucination wears the shade of the family it mimics).
    pub shade: Srgb,
    /// Its silhouette in the view (`scene::figures`): families tell apart by shape, not only by
    /// shade (issue 34). A hallucination wears its mask's figure, so shape never gives it away.
    pub figure: char,
}

/// Everything that makes one inventory item itself.
#[derive(Clone, Copy, Debug)]
pub struct ItemRow {
    pub item: Item,
    pub name: &'static str,
    /// Its letter in dumps, events and the state hash (kept, so recordings still verify).
    pub glyph: char,
    /// What the screen draws for it (slot and sprite), where that differs from `glyph`.
    pub look: char,
    /// Its pickup colour (plan §8.3), sRGB.
    pub colour: Srgb,
    /// Its weight in the pickup table at depth 1, and growth per depth.
    pub pickup_weight: u32,
    pub pickup_per_depth: u32,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Shambler, Variant::Lurker, Variant::Stalker, Variant::Flayer];
    pub const COUNT: usize = Self::ALL.len();

    /// This family's row of the content table.
    pub fn family(self) -> &'static Family {
        &FAMILIES[self as usize]
    }
}

impl Item {
    pub const COUNT: usize = Self::ALL.len();

    /// This item's row of the content table.
    pub fn row(self) -> &'static ItemRow {
        &ITEMS[self as usize]
    }
}

// A pickup's colour is content, like a row: it lives with the tables, so `entity` (which the tables
// are keyed by) never reaches back up into them.
impl Pickup {
    /// Its colour on the floor and in a slot (sRGB).
    pub fn colour(self) -> Srgb {
        match self {
            Pickup::Item(item) => item.row().colour,
            Pickup::Weapon { .. } => WEAPON_COLOUR,
        }
    }
}

/// One row per family, in `Variant::ALL` order (the spawn table draws in this order).
pub const FAMILIES: [Family; Variant::COUNT] = [
    Family {
        variant: Variant::Shambler,
        name: "shambler",
        speed: 60,
        spawn_weight: 40,
        spawn_per_depth: 0,
        gate_depth: 1,
        on_hit: None,
        lunges: false,
        shade: [176, 48, 36],
        figure: figures::HULK,
    },
    Family {
        variant: Variant::Lurker,
        name: "lurker",
        speed: 100,
        spawn_weight: 50,
        spawn_per_depth: 0,
        gate_depth: 1,
        on_hit: None,
        lunges: false,
        shade: ENEMY_COLOUR,
        figure: figures::WALKER,
    },
    Family {
        variant: Variant::Stalker,
        name: "stalker",
        speed: 140,
        spawn_weight: 10,
        spawn_per_depth: 2,
        gate_depth: 5,
        on_hit: None,
        lunges: true,
        shade: [255, 122, 56],
        figure: figures::CRAWLER,
    },
    Family {
        variant: Variant::Flayer,
        name: "flayer",
        speed: 100,
        spawn_weight: 10,
        spawn_per_depth: 3,
        gate_depth: 8,
        on_hit: Some(StatusKind::Bleeding),
        lunges: false,
        shade: [236, 40, 120],
        figure: figures::BLADES,
    },
];

/// One row per item, in `Item::ALL` order (the pickup table draws in this order).
pub const ITEMS: [ItemRow; Item::COUNT] = [
    ItemRow {
        item: Item::Food,
        name: "food",
        glyph: 'F',
        look: 'F',
        colour: [79, 231, 89],
        pickup_weight: 40,
        pickup_per_depth: 10,
    },
    ItemRow {
        item: Item::Pill,
        name: "pill",
        glyph: '0',
        // A scored tablet of its own in the font: the digit `0` read as a count of zero in its
        // slot (issue 34).
        look: '●',
        colour: [56, 219, 239],
        pickup_weight: 10,
        pickup_per_depth: 5,
    },
    ItemRow {
        item: Item::Bandage,
        name: "bandage",
        glyph: '+',
        look: '+',
        colour: [239, 239, 239],
        pickup_weight: 35,
        pickup_per_depth: 2,
    },
];

// Each row sits at its enum's index, so `family()` and `row()` can index without searching.
const _: () = {
    let mut i = 0;
    while i < Variant::COUNT {
        assert!(FAMILIES[i].variant as usize == i);
        i += 1;
    }
    let mut j = 0;
    while j < Item::COUNT {
        assert!(ITEMS[j].item as usize == j);
        j += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_and_item_finds_its_own_row() {
        for v in Variant::ALL {
            assert_eq!(v.family().variant, v);
        }
        for item in Item::ALL {
            assert_eq!(item.row().item, item);
        }
    }

    #[test]
    fn every_family_is_its_own_shade_of_red() {
        for (i, a) in FAMILIES.iter().enumerate() {
            let [r, g, b] = a.shade;
            assert!(r > 150 && r > g && r > b, "{} is red", a.name);
            for other in &FAMILIES[..i] {
                let d: i32 = (0..3).map(|c| (a.shade[c] as i32 - other.shade[c] as i32).abs()).sum();
                assert!(d >= 60, "{} and {} look alike", a.name, other.name);
            }
        }
    }

    #[test]
    fn every_family_has_a_figure_of_its_own_and_none_is_the_players_at() {
        for (i, a) in FAMILIES.iter().enumerate() {
            assert!(figures::ALL.contains(&a.figure), "{} has a creature figure", a.name);
            assert!(FAMILIES[..i].iter().all(|o| o.figure != a.figure), "{} shares a figure", a.name);
        }
    }

    #[test]
    fn items_keep_their_pickup_colours() {
        let [r, g, b] = Item::Food.row().colour;
        assert!(g > r && g > b, "food is green");
        let [r, g, b] = Item::Pill.row().colour;
        assert!(g > r && b > r, "pills are cyan");
        let [r, g, b] = Item::Bandage.row().colour;
        assert!(r.min(g).min(b) > 230, "bandages are white");
    }
}
