//! Resource rules (plan §4, §9.2, SPEC "Sanity"): hunger, heartbeat, starvation to death, sanity drain.

use crate::support::{drain, game_with, hunger_after, real_hurts, said, scene, turn};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::inventory::Carried;
use hollowdeep::game::messages as msg;
use hollowdeep::game::{Action, EntityKind, Event, Facing, Game, Item, Status, Variant};

const ROOM: [&str; 5] = ["#####", "#...#", "#.@.#", "#...#", "#####"];
/// A one-cell cell with no way out: nothing but hunger happens here.
const CLOSED: [&str; 3] = ["###", "#@#", "###"];

/// The resources a turn-free action must leave alone.
fn resources(game: &Game) -> (i32, i32, i32, u64, u64) {
    let p = game.player();
    (p.hp, p.sanity, p.weakness, p.heartbeat, game.turn())
}

#[test]
fn each_turn_adds_weakness_and_a_heartbeat() {
    let mut game = game_with(&ROOM, Facing::East);
    for n in 1..=10 {
        turn(&mut game, Action::Wait);
        assert_eq!(game.player().weakness, hunger_after(n as u64));
        assert_eq!(game.player().heartbeat, n as u64);
        assert_eq!(game.turn(), n as u64);
    }
}

#[test]
fn every_kind_of_turn_feeds_hunger_not_only_waiting() {
    let actions = [Action::MoveForward, Action::StrafeLeft, Action::Interact, Action::Wait, Action::Wait];
    let mut game = game_with(&ROOM, Facing::East);
    for (n, action) in actions.into_iter().enumerate() {
        turn(&mut game, action);
        assert_eq!(game.player().heartbeat, n as u64 + 1, "{action:?}");
        assert_eq!(game.player().weakness, hunger_after(n as u64 + 1), "{action:?}");
    }
}

#[test]
fn at_max_weakness_each_turn_costs_starvation_damage() {
    let mut game = game_with(&ROOM, Facing::East);
    game.player_mut().weakness = BALANCE.max_weakness;
    for n in 1..BALANCE.start_hp / BALANCE.starvation_damage {
        let report = turn(&mut game, Action::Wait);
        assert_eq!(game.player().hp, BALANCE.start_hp - n * BALANCE.starvation_damage);
        assert_eq!(game.player().weakness, BALANCE.max_weakness, "weakness stays at its maximum");
        assert!(said(&report).contains(&msg::STARVING));
        assert!(report.events.contains(&Event::PlayerHurt { amount: BALANCE.starvation_damage, real: true }));
    }
}

#[test]
fn below_max_weakness_hunger_does_no_damage() {
    let mut game = game_with(&ROOM, Facing::East);
    game.player_mut().weakness = BALANCE.max_weakness - BALANCE.weakness_per_turn;
    // Hunger ticks on every `weakness_every`-th turn; until then, no harm.
    for _ in 1..BALANCE.weakness_every {
        let report = turn(&mut game, Action::Wait);
        assert_eq!(real_hurts(&report), 0);
    }
    assert_eq!(game.player().hp, BALANCE.start_hp);
    // The turn that reaches the maximum already hurts.
    let report = turn(&mut game, Action::Wait);
    assert_eq!(game.player().weakness, BALANCE.max_weakness);
    assert_eq!(real_hurts(&report), 1);
}

#[test]
fn starving_in_a_closed_room_dies_on_exactly_the_predicted_turn() {
    let ceil_div = |a: i32, b: i32| (a + b - 1) / b;
    let hungry_turn =
        ceil_div(BALANCE.max_weakness, BALANCE.weakness_per_turn) * BALANCE.weakness_every as i32;
    let death_turn = hungry_turn + ceil_div(BALANCE.start_hp, BALANCE.starvation_damage) - 1;
    let mut game = game_with(&CLOSED, Facing::East);
    for t in 1..death_turn {
        turn(&mut game, Action::Wait);
        assert_eq!(game.status(), Status::Playing, "still alive after turn {t}");
    }
    let report = turn(&mut game, Action::Wait);
    assert_eq!(game.turn(), death_turn as u64);
    assert_eq!(game.status(), Status::Dead);
    assert_eq!(game.player().hp, 0);
    assert!(game.cause_of_death().is_some_and(|c| c.contains("starved")), "{:?}", game.cause_of_death());
    assert_eq!(report.events.iter().filter(|e| **e == Event::Died).count(), 1);
    assert!(said(&report).contains(&msg::EPITAPH));
    assert_eq!(game.messages().last().map(|m| m.text.as_str()), Some(msg::EPITAPH));
}

#[test]
fn after_death_no_action_changes_anything() {
    let mut game = game_with(&CLOSED, Facing::East);
    game.player_mut().weakness = BALANCE.max_weakness;
    game.player_mut().hp = BALANCE.starvation_damage;
    turn(&mut game, Action::Wait);
    assert_eq!(game.status(), Status::Dead);
    let dead = game.clone();
    for action in [
        Action::Wait,
        Action::MoveForward,
        Action::TurnLeft,
        Action::Interact,
        Action::UseItem,
        Action::Select(2),
        Action::Discard,
    ] {
        let report = game.act(action);
        assert!(!report.took_turn, "{action:?}");
        assert!(report.events.is_empty(), "{action:?}: {:?}", report.events);
        assert_eq!(game, dead, "{action:?} changed a finished run");
    }
}

#[test]
fn sanity_drains_each_turn_faster_with_depth() {
    for depth in [1, 2, BALANCE.hallucination_patrol_depth, BALANCE.hallucination_hunt_depth, 20] {
        let mut game = scene(&ROOM).depth(depth).build();
        for n in 1..=5 {
            // A swing at the air, not a rest: resting would give some back.
            turn(&mut game, Action::Interact);
            assert_eq!(game.player().sanity, BALANCE.max_sanity - n * drain(depth), "depth {depth}");
        }
    }
    assert!(drain(2) > drain(1) && drain(1) > 0, "the deeper, the faster sanity drains");
}

#[test]
fn sanity_never_falls_below_zero() {
    let mut game = scene(&CLOSED).depth(20).build();
    game.player_mut().sanity = drain(20) / 2;
    turn(&mut game, Action::Wait);
    assert_eq!(game.player().sanity, 0);
    turn(&mut game, Action::Wait);
    assert_eq!(game.player().sanity, 0);
}

#[test]
fn a_blow_bigger_than_the_hp_left_leaves_zero_hp_and_a_dead_player() {
    let rows = ["#####", "#@b.#", "#####"];
    let brute = EntityKind::Enemy { variant: Variant::Lurker, hp: 1, max_hp: 1, damage: BALANCE.max_hp * 3 };
    let mut game = scene(&rows).with('b', brute).build();
    let report = turn(&mut game, Action::Wait);
    assert_eq!(game.player().hp, 0);
    assert_eq!(game.status(), Status::Dead);
    assert!(game.cause_of_death().is_some_and(|c| c.contains("slain by a lurker")));
    assert!(report.events.contains(&Event::Died));
}

#[test]
fn turn_free_actions_change_no_resource() {
    // Facing the wall, so the bump is against a wall the player sees.
    let mut game = game_with(&["#####", "#.@.#", "#####"], Facing::North);
    game.player_mut().weakness = BALANCE.max_weakness;
    game.player_mut().inventory.add(Carried { item: Item::Food, hallucinated: false }).unwrap();
    let before = resources(&game);
    for action in
        [Action::Select(3), Action::UseItem, Action::Select(0), Action::Discard, Action::MoveForward]
    {
        let report = game.act(action);
        assert!(!report.took_turn, "{action:?}");
        assert_eq!(resources(&game), before, "{action:?}");
        assert_eq!(real_hurts(&report), 0, "{action:?}: no starvation without a turn");
    }
}

#[test]
fn a_well_fed_body_mends_and_a_hungry_one_does_not() {
    let rows = ["#####", "#.@.#", "#####"];
    let mut fed = crate::support::game_with(&rows, hollowdeep::game::Facing::East);
    fed.player_mut().hp = 1;
    let mut hungry = fed.clone();
    hungry.player_mut().weakness = BALANCE.regen_below_weakness;
    for _ in 0..BALANCE.regen_every {
        fed.act(hollowdeep::game::Action::Wait);
        hungry.act(hollowdeep::game::Action::Wait);
    }
    assert_eq!(fed.player().hp, 2, "one HP after regen_every turns while fed");
    assert_eq!(hungry.player().hp, 1, "no healing at or above regen_below_weakness");
}
