//! Combat rules (plan §3, SPEC "Turn and actions"): swings, kills, retaliation, hallucinations, score.

use crate::support::{at, drain, enemy, game_with, real_hurts, said, scene, sturdy, turn, TOUGH_HP};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::combat::bonus_damage;
use hollowdeep::game::messages as msg;
use hollowdeep::game::rng::gameplay_stream;
use hollowdeep::game::score::score;
use hollowdeep::game::{Action, EntityKind, Event, Facing, Variant};

const ENEMY_AHEAD: [&str; 3] = ["#####", "#@E.#", "#####"];
const TOUGH_AHEAD: [&str; 3] = ["#####", "#@T.#", "#####"];
const PHANTOM_AHEAD: [&str; 3] = ["#####", "#@H.#", "#####"];

#[test]
fn space_on_an_empty_cell_swings_at_the_air_and_takes_a_turn() {
    let mut game = game_with(&["#####", "#@..#", "#####"], Facing::East);
    let report = turn(&mut game, Action::Interact);
    assert!(report.events.contains(&Event::SwungAtAir));
    assert_eq!(said(&report), vec![msg::SWING_AT_AIR]);
    assert_eq!(game.turn(), 1);
}

#[test]
fn space_at_a_pickup_swings_at_the_air_and_leaves_it_lying() {
    let rows = ["#####", "#@F.#", "#####"];
    let mut game = game_with(&rows, Facing::East);
    let report = turn(&mut game, Action::Interact);
    assert!(report.events.contains(&Event::SwungAtAir));
    assert!(game.entity_at(at(&rows, 'F')).is_some());
}

#[test]
fn a_blow_deals_at_least_the_weapon_base_damage() {
    for weapon in [BALANCE.start_weapon, BALANCE.start_weapon + 2] {
        let mut game = game_with(&TOUGH_AHEAD, Facing::East);
        sturdy(&mut game);
        game.player_mut().weapon = weapon;
        let target = at(&TOUGH_AHEAD, 'T');
        let id = game.entity_at(target).unwrap().id;
        let mut dealt = 0;
        for _ in 0..20 {
            let report = turn(&mut game, Action::Interact);
            let damage = report
                .events
                .iter()
                .find_map(|e| match e {
                    Event::HitEnemy { id: hit, damage } if *hit == id => Some(*damage),
                    _ => None,
                })
                .expect("a HitEnemy event");
            assert!(damage >= weapon, "a blow of {damage} with a weapon of {weapon}");
            dealt += damage;
            assert_eq!(game.entity(id).unwrap().hp(), Some(TOUGH_HP - dealt), "hp follows the damage dealt");
        }
    }
}

#[test]
fn an_enemy_at_zero_hp_or_less_dies_and_leaves_its_cell() {
    let mut game = game_with(&ENEMY_AHEAD, Facing::East);
    let pos = at(&ENEMY_AHEAD, 'E');
    let id = game.entity_at(pos).unwrap().id;
    assert!(game.entity(id).unwrap().hp().unwrap() <= game.player().weapon, "one blow must kill");
    let report = turn(&mut game, Action::Interact);
    assert!(report.events.iter().any(|e| matches!(e, Event::HitEnemy { id: hit, .. } if *hit == id)));
    assert!(report.events.contains(&Event::EnemyDied { id, pos }));
    assert!(said(&report).contains(&"You slay the lurker."));
    assert_eq!(game.kills(), 1);
    assert!(game.entity(id).is_none());
    assert!(game.entity_at(pos).is_none());
    assert_eq!(real_hurts(&report), 0, "a dead enemy does not strike back");
    assert_eq!(game.player().hp, BALANCE.start_hp);
}

#[test]
fn a_surviving_enemy_strikes_back_exactly_once_per_player_turn() {
    let mut game = game_with(&TOUGH_AHEAD, Facing::East);
    sturdy(&mut game);
    // Hungry enough that natural healing cannot blur the HP accounting.
    game.player_mut().weakness = BALANCE.regen_below_weakness;
    let id = game.entity_at(at(&TOUGH_AHEAD, 'T')).unwrap().id;
    let EntityKind::Enemy { damage, .. } = game.entity(id).unwrap().kind else { panic!("an enemy") };
    for round in 1..=10 {
        let hp = game.player().hp;
        let report = turn(&mut game, Action::Interact);
        assert_eq!(real_hurts(&report), 1, "round {round}: {:?}", report.events);
        let hit = report.events.iter().position(|e| matches!(e, Event::HitEnemy { .. })).unwrap();
        let hurt = report.events.iter().position(|e| matches!(e, Event::PlayerHurt { .. })).unwrap();
        assert!(hit < hurt, "the player's blow lands first");
        assert!(report.events.contains(&Event::PlayerHurt { amount: damage, real: true }));
        assert!(
            !report.events.iter().any(|e| matches!(e, Event::EnemyMoved { .. })),
            "its blow is its action"
        );
        assert_eq!(game.player().hp, hp - damage);
    }
}

#[test]
fn moving_into_an_enemy_is_blocked_spends_the_turn_and_draws_its_blow() {
    let mut game = game_with(&TOUGH_AHEAD, Facing::East);
    let start = game.player().pos;
    let EntityKind::Enemy { damage, .. } = game.entity_at(at(&TOUGH_AHEAD, 'T')).unwrap().kind else {
        panic!("an enemy")
    };
    let report = turn(&mut game, Action::MoveForward);
    assert!(report.events.contains(&Event::Blocked { toward: Facing::East }));
    assert!(
        said(&report).contains(&"A lurker blocks your way."),
        "the seen blocker is named: {:?}",
        said(&report)
    );
    assert_eq!(game.player().pos, start);
    assert_eq!(game.turn(), 1);
    assert_eq!(real_hurts(&report), 1);
    assert_eq!(game.player().hp, BALANCE.start_hp - damage);
}

/// Issue 34: "Something is blocking your way." with a lurker filling the view. Bumping into a
/// creature beside the view (a strafe) still reads "Something": the player never saw it.
#[test]
fn a_blocker_is_named_only_when_seen_ahead() {
    let rows = ["#####", "#@T.#", "#####"];
    let mut game = game_with(&rows, Facing::North);
    let report = turn(&mut game, Action::StrafeRight);
    assert_eq!(said(&report).first(), Some(&msg::BLOCKED_BY_ENEMY), "{:?}", said(&report));
}

#[test]
fn striking_a_fleeting_hallucination_makes_it_vanish_for_some_sanity() {
    // At exactly the persistence threshold hallucinations are still fleeting.
    for sanity in [BALANCE.max_sanity, BALANCE.persistent_below_sanity] {
        let mut game = game_with(&PHANTOM_AHEAD, Facing::East);
        game.player_mut().sanity = sanity;
        let pos = at(&PHANTOM_AHEAD, 'H');
        let id = game.entity_at(pos).unwrap().id;
        let report = turn(&mut game, Action::Interact);
        assert!(report.events.contains(&Event::HitHallucination { id }));
        assert!(report.events.contains(&Event::HallucinationVanished { id, pos }));
        assert!(said(&report).contains(&msg::HALLUCINATION_PASSES));
        assert!(game.entity_at(pos).is_none());
        assert_eq!(game.player().sanity, sanity - BALANCE.hit_hallucination_sanity - drain(1));
        assert_eq!(game.player().hp, BALANCE.start_hp);
        assert_eq!(game.kills(), 0, "a hallucination is no kill");
    }
}

#[test]
fn a_persistent_hallucination_takes_its_pool_of_blows_each_costing_sanity() {
    let mut game = game_with(&PHANTOM_AHEAD, Facing::East);
    let mut sanity = BALANCE.persistent_below_sanity - 1;
    game.player_mut().sanity = sanity;
    assert!(game.hallucinations_persistent());
    let pos = at(&PHANTOM_AHEAD, 'H');
    let id = game.entity_at(pos).unwrap().id;
    for blow in 1..=BALANCE.persistent_hallucination_hp {
        let report = turn(&mut game, Action::Interact);
        assert!(report.events.contains(&Event::HitHallucination { id }), "blow {blow}");
        sanity = (sanity - BALANCE.hit_hallucination_sanity - drain(1)).max(0);
        assert_eq!(game.player().sanity, sanity, "blow {blow}");
        let left = BALANCE.persistent_hallucination_hp - blow;
        if left > 0 {
            assert_eq!(game.entity(id).and_then(|e| e.hp()), Some(left), "blow {blow}");
            assert!(said(&report).contains(&msg::HALLUCINATION_HOLDS));
            assert!(!report.events.iter().any(|e| matches!(e, Event::HallucinationVanished { .. })));
        } else {
            assert!(game.entity(id).is_none(), "it dissipates on the last blow");
            assert!(report.events.contains(&Event::HallucinationVanished { id, pos }));
            assert!(said(&report).contains(&msg::HALLUCINATION_DISSIPATES));
        }
    }
}

#[test]
fn walking_into_a_persistent_hallucination_frightens_and_blocks() {
    let mut game = game_with(&PHANTOM_AHEAD, Facing::East);
    let sanity = BALANCE.persistent_below_sanity - 1;
    game.player_mut().sanity = sanity;
    let start = game.player().pos;
    let pos = at(&PHANTOM_AHEAD, 'H');
    let report = turn(&mut game, Action::MoveForward);
    assert!(report.events.contains(&Event::Blocked { toward: Facing::East }));
    assert!(said(&report).contains(&msg::FRIGHTENED));
    assert_eq!(game.player().pos, start);
    assert!(game.entity_at(pos).is_some());
    assert_eq!(game.player().sanity, sanity - drain(1), "fright itself costs no sanity");
    assert_eq!(game.turn(), 1);
}

#[test]
fn walking_into_a_fleeting_hallucination_dispels_it_for_free_and_moves() {
    let mut game = game_with(&PHANTOM_AHEAD, Facing::East);
    let start = game.player().pos;
    let pos = at(&PHANTOM_AHEAD, 'H');
    let id = game.entity_at(pos).unwrap().id;
    let report = turn(&mut game, Action::MoveForward);
    assert!(report.events.contains(&Event::HallucinationVanished { id, pos }));
    assert!(report.events.contains(&Event::PlayerMoved { from: start, to: pos }));
    assert!(!report.events.iter().any(|e| matches!(e, Event::HitHallucination { .. })));
    assert_eq!(game.player().pos, pos);
    assert!(game.entity(id).is_none());
    assert_eq!(game.player().sanity, BALANCE.max_sanity - drain(1), "no sanity cost beyond the drain");
}

#[test]
fn bonus_damage_follows_the_geometric_distribution_of_the_table() {
    let p = f64::from(BALANCE.bonus_damage_percent) / 100.0;
    let n = 100_000;
    let mut rng = gameplay_stream(0xB0_0057);
    let rolls: Vec<i32> = (0..n).map(|_| bonus_damage(&mut rng)).collect();
    assert!(rolls.iter().all(|&b| b >= 0));
    let mean = rolls.iter().map(|&b| f64::from(b)).sum::<f64>() / f64::from(n);
    assert!((mean - p / (1.0 - p)).abs() < 0.01, "mean bonus {mean}, expected {}", p / (1.0 - p));
    let share = |k: i32| rolls.iter().filter(|&&b| b >= k).count() as f64 / f64::from(n);
    assert!((share(1) - p).abs() < 0.01, "P(bonus >= 1) = {}, expected {p}", share(1));
    assert!((share(2) - p * p).abs() < 0.01, "P(bonus >= 2) = {}, expected {}", share(2), p * p);
    assert!(share(4) > 0.0, "the chain is unbounded: long streaks must happen in {n} rolls");
}

#[test]
fn score_is_kills_depth_squared_and_weapon_weighted_by_the_table() {
    let expected = |kills: u32, depth: u32, weapon: i32| {
        i64::from(kills) * BALANCE.score_per_kill
            + i64::from(depth * depth) * BALANCE.score_per_depth_squared
            + i64::from(weapon) * BALANCE.score_per_weapon_damage
    };
    for (kills, depth, weapon) in [(0, 1, BALANCE.start_weapon), (3, 2, 4), (17, 9, 6), (250, 40, 15)] {
        assert_eq!(score(kills, depth, weapon), expected(kills, depth, weapon), "{kills} {depth} {weapon}");
    }
    // Depth counts squared: going one deeper is worth more the deeper you are.
    assert!(score(0, 3, 1) - score(0, 2, 1) > score(0, 2, 1) - score(0, 1, 1));
}

#[test]
fn the_game_score_counts_a_kill_at_the_current_depth_and_weapon() {
    const DEPTH: u32 = 3;
    // A depth-1 lurker, so that one blow is sure to kill it whatever the depth's tier.
    let mut game =
        scene(&["######", "#@!E.#", "######"]).depth(DEPTH).with('E', enemy(Variant::Lurker, 1)).build();
    turn(&mut game, Action::MoveForward); // takes up the better weapon
    assert_eq!(game.player().weapon, BALANCE.start_weapon + 1);
    assert_eq!(game.score(), score(0, DEPTH, BALANCE.start_weapon + 1));
    turn(&mut game, Action::Interact);
    assert_eq!(game.kills(), 1);
    let weapon = i64::from(game.player().weapon);
    assert_eq!(
        game.score(),
        BALANCE.score_per_kill
            + i64::from(DEPTH * DEPTH) * BALANCE.score_per_depth_squared
            + weapon * BALANCE.score_per_weapon_damage
    );
}
