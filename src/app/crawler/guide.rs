//! The second page of help: how to read the screen, the four items, weakness and the heartbeat, in
//! the player's words. Numbers come from the balance table, so the guide cannot drift from the rules.

use crate::game::balance::{SanityBand, BALANCE};
use crate::game::sanity::{rest_ceiling, rest_gain};
use crate::game::status::StatusKind;
use crate::game::Item;

/// The guide's lines, one paragraph each (the overlay wraps them).
pub fn guide_lines() -> Vec<String> {
    let b = &BALANCE;
    let item = |item: Item, what: &str| format!("{}  {}: {what}", item.row().look, item.row().name);
    let phantoms_below = first_band_above(|band| band.phantom_percent > 0);
    let shifts_below = first_band_above(|band| band.shift_percent > 0);
    vec![
        format!(
            "♥ HP   Your health. At 0 you die. Bandages heal; while you are not hungry you mend \
             slowly. The descent hardens you: arriving at depths {} raises your maximum HP by {} each time.",
            depth_list(b.max_hp_step_depths),
            b.max_hp_step
        ),
        format!(
            "♦ SAN  Your sanity. Depth, darkness, blows and blows from what you cannot see wear it \
             down. Some creatures and items are never real, from the first depth and at any sanity: \
             striking or using one costs sanity. Below {phantoms_below} walls and passages that are \
             not there appear; below {shifts_below}, from depth {}, the maze shifts behind your \
             back; below {} a false creature no longer vanishes when struck.",
            b.shift_min_depth,
            percent(b.persistent_below_sanity),
        ),
        format!(
            "Rest   Wait (C) with no creature in view and no FEAR on you to win back {} sanity at \
             depth 1, less the darker the depth ({} from depth {}). On or beside a shrine (a pale \
             ⌂ on the floor, from depth {}) a rest gives {} times as much. Rest never lifts you \
             above {} at depth 1, {} lower each depth down ({} higher at a shrine): it slows the \
             madness, only pills push it back.",
            percent(rest_gain(1)),
            percent(rest_gain(b.depth_dimming_full_at)),
            b.depth_dimming_full_at,
            b.shrine_min_depth,
            b.shrine_rest_times,
            percent(rest_ceiling(1, false)),
            percent(b.rest_ceiling_per_depth),
            percent(b.shrine_ceiling_bonus),
        ),
        format!(
            "FEAR   A blow from a side you do not face costs {} sanity each turn for {} turns; you \
             cannot rest. BLEED: a {}'s blow costs {} HP each turn for {} turns; a bandage stops it.",
            percent(b.terror_sanity),
            b.terrified_turns,
            bleeder(),
            b.bleed_damage,
            b.bleeding_turns
        ),
        "⌂ Weak Your hunger. It rises as you act; at 100% you starve and lose HP every turn.".into(),
        "♥♥ Beats  Your heartbeat: one beat for every turn you have acted (not your HP).".into(),
        format!(
            "WPN    Your weapon's least damage. A blow has a {}% chance to hit 1 harder, and each \
             extra point rolls that chance again. Walk onto a yellow weapon to take it, if it is better.",
            b.bonus_damage_percent
        ),
        "NEXT   Who acts next, left first: you (yellow @), then the creatures in their own figures.".into(),
        "1-4    Your four slots. Walk over an item to pick it up; select a slot, then use or discard it."
            .into(),
        item(Item::Food, &format!("eases hunger: Weak drops by {}.", b.food_weakness)),
        item(
            Item::Pill,
            &format!(
                "gives back {} sanity and eases hunger: Weak drops by {}.",
                percent(b.pill_sanity),
                b.pill_weakness
            ),
        ),
        item(
            Item::Bandage,
            &format!(
                "heals {} HP, stops bleeding and eases hunger: Weak drops by {}.",
                b.bandage_hp, b.bandage_weakness
            ),
        ),
        "The exit is a pit: stand on it and attack (Space) to climb down. Deeper is darker.".into(),
    ]
}

/// The creature whose blows make the player bleed, by the content table.
fn bleeder() -> &'static str {
    BALANCE.families.iter().find(|f| f.on_hit == Some(StatusKind::Bleeding)).map_or("creature", |f| f.name)
}

/// Sanity in the table's thousandths as the player reads it: "20%", "0.5%", "0.1%".
fn percent(thousandths: i32) -> String {
    let whole = thousandths / 1000;
    let frac = format!("{:03}", (thousandths % 1000).abs());
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{whole}%")
    } else {
        format!("{whole}.{frac}%")
    }
}

/// The sanity below which the first band that `lies` holds begins: the floor of the band above it.
/// "6 and 7", "4, 6 and 8": the depths of a table row as a sentence says them.
fn depth_list(depths: &[u32]) -> String {
    let words: Vec<String> = depths.iter().map(u32::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

fn first_band_above(lies: impl Fn(&SanityBand) -> bool) -> String {
    let bands = BALANCE.sanity_bands;
    let at = bands.iter().position(lies).unwrap_or(bands.len() - 1);
    percent(bands[at.saturating_sub(1)].floor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> String {
        guide_lines().join("\n")
    }

    #[test]
    fn the_guide_says_where_the_descent_raises_max_hp_by_the_table() {
        let b = &BALANCE;
        let depths = depth_list(b.max_hp_step_depths);
        let line =
            format!("arriving at depths {depths} raises your maximum HP by {} each time.", b.max_hp_step);
        assert!(text().contains(&line), "{}", text());
        assert_eq!(depth_list(&[6, 7]), "6 and 7");
        assert_eq!(depth_list(&[4, 6, 8]), "4, 6 and 8");
        assert_eq!(depth_list(&[5]), "5");
    }

    #[test]
    fn the_guide_names_every_item_and_the_sanity_threshold_of_the_table() {
        let text = text();
        for item in Item::ALL {
            assert!(text.contains(item.row().name), "{}", item.row().name);
        }
        let floor = BALANCE.sanity_bands[0].floor / (BALANCE.max_sanity / 100);
        assert!(text.contains(&format!("Below {floor}%")), "{text}");
        assert!(text.contains("heartbeat") && text.contains("hunger"), "{text}");
    }

    /// At the default window size the whole guide shows: a line more once cut the exit's line off
    /// its end.
    #[test]
    fn the_whole_guide_fits_the_default_window() {
        use crate::render::hud::{grid::HudGrid, overlays::guide_layout};
        let layout =
            guide_layout("HOW TO READ THE SCREEN", &guide_lines(), "Esc closes", &HudGrid::new(1280, 720));
        let mut rows = std::collections::BTreeMap::<u32, String>::new();
        for glyph in &layout.glyphs {
            rows.entry(glyph.row).or_default().push(glyph.ch);
        }
        assert!(!rows.values().any(|row| row == "..."), "the guide is cut at 1280x720: {rows:#?}");
        assert!(rows.values().any(|row| row.ends_with("isdarker.")), "{rows:?}");
    }

    /// A play-tester saw FEAR on the bar and found it explained nowhere: the guide names both
    /// statuses with the table's numbers.
    #[test]
    fn the_guide_explains_the_statuses_on_the_bar_by_the_table() {
        let b = &BALANCE;
        let line = guide_lines().into_iter().find(|l| l.starts_with("FEAR")).expect("a FEAR line");
        assert!(line.contains(&format!(
            "{} sanity each turn for {} turns",
            percent(b.terror_sanity),
            b.terrified_turns
        )));
        assert!(line.contains(&format!("BLEED: a {}'s blow costs {} HP", bleeder(), b.bleed_damage)));
        assert!(line.contains(&format!("each turn for {} turns", b.bleeding_turns)));
    }

    /// Issue 34: the guide said pills and bandages "cost a little hunger"; they ease it, by the
    /// table's numbers.
    #[test]
    fn the_guide_says_what_each_item_does_to_hunger_by_the_table() {
        let line = |item: Item| {
            guide_lines().into_iter().find(|l| l.contains(&format!("{}:", item.row().name))).unwrap()
        };
        assert!(line(Item::Food).contains(&format!("Weak drops by {}", BALANCE.food_weakness)));
        assert!(line(Item::Pill).contains(&format!("Weak drops by {}", BALANCE.pill_weakness)));
        assert!(line(Item::Pill).contains(&percent(BALANCE.pill_sanity)));
        assert!(line(Item::Bandage).contains(&format!("Weak drops by {}", BALANCE.bandage_weakness)));
        assert!(!text().contains("costs a little hunger"));
    }

    /// Issue 34: the guide said the dungeon starts to lie below 80%, but false creatures and items
    /// are placed on every level from depth 1, whatever the player's sanity.
    #[test]
    fn the_guide_says_false_creatures_and_items_come_at_any_sanity() {
        assert!(BALANCE.hallucinations.1 > 0 && BALANCE.hallucinated_pickups_at_depth_1.1 > 0);
        let text = text();
        assert!(text.contains("from the first depth and at any sanity"), "{text}");
        assert!(text.contains(&format!("from depth {}, the maze shifts", BALANCE.shift_min_depth)));
        assert!(
            text.contains(&format!("below {} a false creature", percent(BALANCE.persistent_below_sanity)))
        );
    }

    /// Issue 34: "WPN: your weapon's damage" while WPN 1 hits for 1 to 3.
    #[test]
    fn the_guide_says_the_weapon_is_the_least_damage_of_a_blow() {
        let text = text();
        assert!(text.contains("WPN    Your weapon's least damage"), "{text}");
        assert!(text.contains(&format!("{}% chance", BALANCE.bonus_damage_percent)), "{text}");
    }

    /// Issue 34: the guide did not say what rest and shrines do for sanity.
    #[test]
    fn the_guide_gives_rest_and_the_shrine_in_the_rules_numbers() {
        let text = text();
        let deep = BALANCE.depth_dimming_full_at;
        assert!(text.contains(&format!("{} sanity at depth 1", percent(rest_gain(1)))), "{text}");
        assert!(text.contains(&format!("({} from depth {deep})", percent(rest_gain(deep)))), "{text}");
        assert!(text.contains(&format!("{} times as much", BALANCE.shrine_rest_times)), "{text}");
        let ceiling = format!(
            "above {} at depth 1, {} lower",
            percent(rest_ceiling(1, false)),
            percent(BALANCE.rest_ceiling_per_depth)
        );
        assert!(text.contains(&ceiling), "the guide gives rest's ceiling: {text}");
        assert_eq!(
            (percent(500), percent(100), percent(20_000)),
            ("0.5%".into(), "0.1%".into(), "20%".into())
        );
    }
}
