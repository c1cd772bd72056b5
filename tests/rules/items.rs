//! Item rules (plan §3.4, §3.5, §4.3, §5): collecting, the four slots, using, discarding, weapons.

use crate::support::{at, drain, game_with, hallucinated, hunger_after, said, scene, turn};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::inventory::{Carried, SLOTS};
use hollowdeep::game::messages as msg;
use hollowdeep::game::status::StatusKind;
use hollowdeep::game::{Action, EntityKind, Event, Facing, Game, Item, Pickup};

const ROOM: [&str; 3] = ["#####", "#.@.#", "#####"];

fn carry(game: &mut Game, item: Item, hallucinated: bool) {
    game.player_mut().inventory.add(Carried { item, hallucinated }).expect("a free slot");
}

fn slots(game: &Game) -> Vec<Option<Carried>> {
    game.player().inventory.slots().to_vec()
}

fn real(item: Item) -> Option<Carried> {
    Some(Carried { item, hallucinated: false })
}

#[test]
fn walking_over_pickups_collects_them_into_the_first_empty_slots() {
    let rows = ["#######", "#@F0+.#", "#######"];
    let mut game = game_with(&rows, Facing::East);
    for (ch, item) in [('F', Item::Food), ('0', Item::Pill), ('+', Item::Bandage)] {
        let report = turn(&mut game, Action::MoveForward);
        assert!(report.events.contains(&Event::PickedUp { glyph: ch }));
        assert!(said(&report).contains(&format!("You pick up the {}.", item.name()).as_str()));
        assert!(game.entity_at(at(&rows, ch)).is_none(), "{ch} left the floor");
    }
    assert_eq!(slots(&game), vec![real(Item::Food), real(Item::Pill), real(Item::Bandage), None]);
}

#[test]
fn a_freed_slot_is_the_first_to_be_filled_again() {
    let mut game = game_with(&["#######", "#@F0+.#", "#######"], Facing::East);
    carry(&mut game, Item::Food, false);
    carry(&mut game, Item::Food, false);
    game.act(Action::Select(0));
    game.act(Action::Discard);
    turn(&mut game, Action::MoveForward);
    assert_eq!(slots(&game)[0], real(Item::Food), "the freed first slot takes the new pickup");
    turn(&mut game, Action::MoveForward);
    assert_eq!(slots(&game)[2], real(Item::Pill));
}

#[test]
fn a_full_inventory_leaves_the_pickup_lying_until_a_slot_frees_up() {
    let rows = ["#########", "#@FFFF+.#", "#########"];
    let mut game = game_with(&rows, Facing::East);
    for _ in 0..SLOTS {
        turn(&mut game, Action::MoveForward);
    }
    assert!(game.player().inventory.is_full());
    let bandage = at(&rows, '+');
    let report = turn(&mut game, Action::MoveForward);
    assert_eq!(game.player().pos, bandage, "the player still steps onto the cell");
    assert!(said(&report).contains(&msg::INVENTORY_FULL));
    assert!(!report.events.iter().any(|e| matches!(e, Event::PickedUp { .. })));
    assert!(game.entity_at(bandage).is_some(), "the bandage stays on the ground");

    game.act(Action::Select(1));
    game.act(Action::Discard);
    turn(&mut game, Action::MoveBack);
    assert!(game.entity_at(bandage).is_some(), "leaving the cell does not pick it up");
    let report = turn(&mut game, Action::MoveForward);
    assert!(report.events.contains(&Event::PickedUp { glyph: '+' }));
    assert!(game.entity_at(bandage).is_none());
    assert_eq!(slots(&game)[1], real(Item::Bandage));
}

#[test]
fn a_hallucinated_pickup_is_collected_looking_exactly_like_a_real_one() {
    let rows = ["#####", "#@h.#", "#####"];
    let mut game = scene(&rows).with('h', hallucinated(Item::Pill)).build();
    let mut twin = game_with(&["#####", "#@0.#", "#####"], Facing::East);
    let report = turn(&mut game, Action::MoveForward);
    let twin_report = turn(&mut twin, Action::MoveForward);
    assert_eq!(report.events, twin_report.events, "nothing tells them apart on pickup");
    assert_eq!(slots(&game)[0], Some(Carried { item: Item::Pill, hallucinated: true }));
}

#[test]
fn using_food_eases_weakness_and_takes_a_turn() {
    let mut game = game_with(&ROOM, Facing::East);
    let weakness = BALANCE.max_weakness / 2;
    game.player_mut().weakness = weakness;
    carry(&mut game, Item::Food, false);
    let report = turn(&mut game, Action::UseItem);
    assert_eq!(game.turn(), 1);
    assert_eq!(slots(&game)[0], None, "the food is eaten");
    let expected = (weakness - BALANCE.food_weakness).max(0) + hunger_after(1);
    assert_eq!(game.player().weakness, expected);
    assert_eq!(game.player().sanity, BALANCE.max_sanity - drain(1));
    assert!(!report.events.iter().any(|e| matches!(e, Event::PlayerHealed { .. })));
}

#[test]
fn using_a_pill_eases_weakness_and_restores_sanity() {
    let mut game = game_with(&ROOM, Facing::East);
    let (weakness, sanity) = (BALANCE.max_weakness / 2, BALANCE.max_sanity / 2);
    game.player_mut().weakness = weakness;
    game.player_mut().sanity = sanity;
    carry(&mut game, Item::Pill, false);
    turn(&mut game, Action::UseItem);
    let expected_weakness = (weakness - BALANCE.pill_weakness).max(0) + hunger_after(1);
    assert_eq!(game.player().weakness, expected_weakness);
    assert_eq!(game.player().sanity, (sanity + BALANCE.pill_sanity).min(BALANCE.max_sanity) - drain(1));
}

#[test]
fn a_pill_never_lifts_sanity_above_the_maximum() {
    let mut game = game_with(&ROOM, Facing::East);
    carry(&mut game, Item::Pill, false);
    turn(&mut game, Action::UseItem);
    assert_eq!(game.player().sanity, BALANCE.max_sanity - drain(1));
}

#[test]
fn a_bandage_heals_below_max_hp_and_eases_weakness() {
    let mut game = game_with(&ROOM, Facing::East);
    let weakness = BALANCE.max_weakness / 2;
    game.player_mut().weakness = weakness;
    game.player_mut().hp = BALANCE.max_hp - BALANCE.bandage_hp;
    carry(&mut game, Item::Bandage, false);
    let report = turn(&mut game, Action::UseItem);
    assert_eq!(game.player().hp, BALANCE.max_hp);
    assert!(report.events.contains(&Event::PlayerHealed { amount: BALANCE.bandage_hp }));
    let expected = (weakness - BALANCE.bandage_weakness).max(0) + hunger_after(1);
    assert_eq!(game.player().weakness, expected);
}

#[test]
fn a_bandage_at_full_hp_heals_nothing_and_flashes_nothing() {
    let mut game = game_with(&ROOM, Facing::East);
    carry(&mut game, Item::Bandage, false);
    let report = turn(&mut game, Action::UseItem);
    assert_eq!(game.player().hp, BALANCE.max_hp);
    assert!(!report.events.iter().any(|e| matches!(e, Event::PlayerHealed { .. })));
    assert_eq!(slots(&game)[0], None, "it is used up all the same");
}

#[test]
fn a_bandage_stops_bleeding_before_the_next_bleed() {
    let mut game = game_with(&ROOM, Facing::East);
    let hp = BALANCE.max_hp - BALANCE.bandage_hp;
    game.player_mut().hp = hp;
    game.player_mut().statuses.apply(StatusKind::Bleeding, BALANCE.bleeding_turns);
    carry(&mut game, Item::Bandage, false);
    let report = turn(&mut game, Action::UseItem);
    assert!(!game.player().statuses.has(StatusKind::Bleeding));
    assert!(!said(&report).contains(&msg::BLEEDING));
    assert_eq!(game.player().hp, hp + BALANCE.bandage_hp);
}

#[test]
fn a_hallucinated_item_costs_sanity_is_consumed_and_does_nothing_else() {
    for item in Item::ALL {
        let mut game = game_with(&ROOM, Facing::East);
        let (hp, weakness) = (BALANCE.max_hp - BALANCE.bandage_hp, BALANCE.max_weakness / 2);
        game.player_mut().hp = hp;
        game.player_mut().weakness = weakness;
        game.player_mut().statuses.apply(StatusKind::Bleeding, BALANCE.bleeding_turns + 1);
        carry(&mut game, item, true);
        let report = turn(&mut game, Action::UseItem);
        assert!(said(&report).contains(&msg::NEVER_THERE), "{item:?}");
        assert_eq!(slots(&game)[0], None, "{item:?} is consumed");
        assert_eq!(
            game.player().sanity,
            BALANCE.max_sanity - BALANCE.hallucinated_item_sanity - drain(1),
            "{item:?}"
        );
        assert_eq!(game.player().weakness, weakness + hunger_after(1), "{item:?}: no nourishment");
        assert_eq!(game.player().hp, hp - BALANCE.bleed_damage, "{item:?}: no healing, the bleeding goes on");
        assert!(game.player().statuses.has(StatusKind::Bleeding), "{item:?}");
        assert!(!report.events.iter().any(|e| matches!(e, Event::PlayerHealed { .. })), "{item:?}");
    }
}

#[test]
fn discarding_is_free_and_the_item_is_gone_for_good() {
    let mut game = game_with(&ROOM, Facing::East);
    carry(&mut game, Item::Food, false);
    carry(&mut game, Item::Pill, false);
    let before = game.player().clone();
    game.act(Action::Select(1));
    let report = game.act(Action::Discard);
    assert!(!report.took_turn);
    assert_eq!(said(&report), vec!["You discard the pill."]);
    assert_eq!(slots(&game), vec![real(Item::Food), None, None, None]);
    assert_eq!(game.turn(), 0);
    let after = game.player();
    assert_eq!(
        (after.hp, after.sanity, after.weakness, after.heartbeat),
        (before.hp, before.sanity, before.weakness, before.heartbeat)
    );
    assert!(game.entities().is_empty(), "a discarded item is not dropped on the floor");
    let report = game.act(Action::Discard);
    assert!(!report.took_turn);
    assert_eq!(said(&report), vec![msg::NOTHING_TO_DISCARD]);
}

#[test]
fn selecting_a_slot_is_free() {
    let mut game = game_with(&ROOM, Facing::East);
    for slot in [0, 1, 2, 3] {
        let report = game.act(Action::Select(slot));
        assert!(!report.took_turn, "slot {slot}");
        assert_eq!(game.player().inventory.selected(), slot as usize, "slot {slot}");
    }
    assert_eq!(game.turn(), 0);
}

#[test]
fn using_an_empty_slot_takes_no_turn() {
    let mut game = game_with(&ROOM, Facing::East);
    carry(&mut game, Item::Food, false);
    game.act(Action::Select(1));
    let report = game.act(Action::UseItem);
    assert!(!report.took_turn);
    assert_eq!(said(&report), vec![msg::NOTHING_TO_USE]);
    assert_eq!(game.turn(), 0);
    assert_eq!(slots(&game)[0], real(Item::Food), "the other slot is untouched");
}

#[test]
fn z_uses_the_selected_slot_only() {
    let mut game = game_with(&ROOM, Facing::East);
    carry(&mut game, Item::Food, false);
    carry(&mut game, Item::Pill, false);
    game.player_mut().sanity = BALANCE.max_sanity / 2;
    game.act(Action::Select(1));
    turn(&mut game, Action::UseItem);
    assert_eq!(slots(&game), vec![real(Item::Food), None, None, None]);
    assert_eq!(game.player().sanity, BALANCE.max_sanity / 2 + BALANCE.pill_sanity - drain(1));
}

fn weapon(base: i32) -> EntityKind {
    EntityKind::Pickup(Pickup::Weapon { base })
}

#[test]
fn a_stronger_weapon_is_equipped_at_once_and_never_carried() {
    let rows = ["#####", "#@w.#", "#####"];
    let base = BALANCE.start_weapon + 2;
    let mut game = scene(&rows).with('w', weapon(base)).build();
    let report = turn(&mut game, Action::MoveForward);
    assert_eq!(game.player().weapon, base);
    assert!(report.events.contains(&Event::PickedUp { glyph: '!' }));
    assert!(said(&report).contains(&format!("You take up a better weapon. WPN:{base}").as_str()));
    assert!(game.entity_at(at(&rows, 'w')).is_none());
    assert_eq!(slots(&game), vec![None; SLOTS]);
}

#[test]
fn a_stronger_weapon_is_equipped_even_with_a_full_inventory() {
    let mut game = game_with(&["#####", "#@!.#", "#####"], Facing::East);
    for _ in 0..SLOTS {
        carry(&mut game, Item::Food, false);
    }
    let report = turn(&mut game, Action::MoveForward);
    assert_eq!(game.player().weapon, BALANCE.start_weapon + 1);
    assert!(!said(&report).contains(&msg::INVENTORY_FULL));
}

#[test]
fn a_weapon_no_better_than_yours_is_left_and_removed() {
    let held = BALANCE.start_weapon + 2;
    for base in [held, held - 1] {
        let rows = ["#####", "#@w.#", "#####"];
        let mut game = scene(&rows).with('w', weapon(base)).build();
        game.player_mut().weapon = held;
        let report = turn(&mut game, Action::MoveForward);
        assert_eq!(game.player().weapon, held, "base {base}");
        assert!(said(&report).contains(&msg::WEAPON_NO_BETTER), "base {base}");
        assert!(game.entity_at(at(&rows, 'w')).is_none(), "base {base}: it does not stay on the floor");
        assert_eq!(slots(&game), vec![None; SLOTS]);
    }
}

#[test]
fn a_hallucinated_weapon_costs_sanity_and_changes_nothing() {
    let rows = ["#####", "#@w.#", "#####"];
    let base = BALANCE.start_weapon + 5;
    let mut game = scene(&rows).with('w', EntityKind::HallucinatedPickup(Pickup::Weapon { base })).build();
    let report = turn(&mut game, Action::MoveForward);
    assert_eq!(game.player().weapon, BALANCE.start_weapon);
    assert!(said(&report).contains(&msg::NEVER_THERE));
    assert_eq!(game.player().sanity, BALANCE.max_sanity - BALANCE.hallucinated_weapon_sanity - drain(1));
    assert!(game.entity_at(at(&rows, 'w')).is_none());
    assert_eq!(slots(&game), vec![None; SLOTS]);
}

/// Issue 11: a practice run (`--depth N`) starts with the depth's standard weapon and the kit of
/// the balance table, and a run at depth 1 starts with neither.
#[test]
fn a_practice_run_starts_with_a_weapon_and_items_fit_for_its_depth() {
    let fresh = Game::start_run(4, 1);
    assert!(!fresh.is_practice());
    assert_eq!(fresh.player().weapon, BALANCE.start_weapon);
    assert!(fresh.player().inventory.slots().iter().all(Option::is_none));
    for depth in [2, BALANCE.practice_extra_food_depth, 13, 40] {
        let game = Game::start_run(4, depth);
        assert!(game.is_practice(), "depth {depth}");
        assert_eq!(game.player().weapon, hollowdeep::game::spawn::standard_weapon(depth), "depth {depth}");
        let carried: Vec<Item> = game.player().inventory.slots().iter().flatten().map(|c| c.item).collect();
        let mut want = BALANCE.practice_items.to_vec();
        if depth >= BALANCE.practice_extra_food_depth {
            want.push(Item::Food);
        }
        want.truncate(SLOTS);
        assert_eq!(carried, want, "depth {depth}");
        assert!(game.player().inventory.slots().iter().flatten().all(|c| !c.hallucinated));
    }
}

/// `--sanity` makes a practice run wherever it starts.
#[test]
fn a_run_started_at_a_chosen_sanity_is_practice() {
    assert!(Game::start_run(4, 1).with_sanity_percent(30).is_practice());
}

/// Issue 34: the docs promised every practice run the kit, but `--sanity N` at depth 1 starts bare.
/// The game keeps that (the kit is for surviving a depth, not for watching the madness) and the
/// docs say so; deeper, the depth's kit comes with it.
#[test]
fn a_chosen_sanity_alone_starts_bare_and_a_deeper_one_keeps_the_kit() {
    let bare = Game::start_run(4, 1).with_sanity_percent(30);
    assert_eq!(bare.player().weapon, BALANCE.start_weapon);
    assert!(bare.player().inventory.slots().iter().all(Option::is_none));
    let deep = Game::start_run(4, 3).with_sanity_percent(30);
    assert_eq!(deep.player().inventory.slots().iter().flatten().count(), BALANCE.practice_items.len());
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md")).unwrap();
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        doc.contains("`--sanity N` changes the sanity alone: at depth 1 it starts bare"),
        "docs/rules.md"
    );
}
