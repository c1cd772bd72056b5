//! Soak test (issue 4): thousands of random turns on generated levels, every invariant checked after
//! every action.
//!
//! Only invariants are checked, never a layout: the level generator is free to change.

use crate::bot::Bot;
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::connectivity::distances;
use hollowdeep::game::{Event, Game, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Every invariant of a game state that must hold after any action.
fn check_invariants(game: &Game, context: &str) {
    let map = game.map();
    let player = game.player();
    assert!(map.is_walkable(player.pos), "{context}: the player stands in a wall at {:?}", player.pos);
    let mut occupied = BTreeSet::new();
    for e in game.entities() {
        // Creatures walk over items, so a cell may hold one creature and one item, never two of one.
        assert!(
            occupied.insert((e.pos, e.is_actor())),
            "{context}: two creatures or two items on {:?}",
            e.pos
        );
        assert!(map.is_walkable(e.pos), "{context}: {:?} in a wall at {:?}", e.id, e.pos);
        assert_ne!(e.pos, game.exit(), "{context}: {:?} on the exit", e.id);
        if e.is_actor() {
            assert_ne!(e.pos, player.pos, "{context}: {:?} on the player's cell", e.id);
        }
    }
    assert!((0..=player.max_hp).contains(&player.hp), "{context}: hp {}", player.hp);
    // Max HP only grows, by the hardening steps of the depths descended to (a run started deep in
    // a test skips the steps above it), never past the depth's.
    let hardened = BALANCE.max_hp..=BALANCE.max_hp_at(game.depth());
    assert!(hardened.contains(&player.max_hp), "{context}: max hp {} outside {hardened:?}", player.max_hp);
    assert!((0..=BALANCE.max_sanity).contains(&player.sanity), "{context}: sanity {}", player.sanity);
    assert!((0..=BALANCE.max_weakness).contains(&player.weakness), "{context}: weakness {}", player.weakness);
    assert_eq!(
        (player.hp == 0),
        (game.status() == Status::Dead),
        "{context}: hp {} but {:?}",
        player.hp,
        game.status()
    );
    assert_eq!(player.heartbeat, game.turn(), "{context}: one heartbeat per turn");
    let reach = distances(map, player.pos);
    assert!(reach.at(game.exit()).is_some(), "{context}: the exit cannot be reached from {:?}", player.pos);
    for p in map.cells().filter(|&p| map.is_border(p)) {
        assert!(!map.is_walkable(p), "{context}: open border cell {p:?}");
    }
}

/// What a soak run went through, for the closing note.
#[derive(Default, Debug)]
struct Totals {
    turns: u64,
    actions: u64,
    deaths: u32,
    descents: u32,
    kills: u32,
    max_depth: u32,
    /// Blows from hunting hallucinations: proof that the deep soak reaches that rule.
    phantom_blows: u32,
}

/// Plays `turns_per_seed` player turns for each seed, starting (and restarting on death) with `start`.
fn soak(seeds: std::ops::Range<u64>, turns_per_seed: u64, start: impl Fn(u64) -> Game) -> Totals {
    let mut t = Totals::default();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(0x50AC_0000 + seed);
        let mut game = start(seed);
        t.max_depth = t.max_depth.max(game.depth());
        check_invariants(&game, &format!("seed {seed}, new run"));
        let mut seed_turns = 0;
        while seed_turns < turns_per_seed {
            let action = Bot::RECKLESS.decide(&game, &mut rng);
            let (turn, depth) = (game.turn(), game.depth());
            let report = game.act(action);
            t.actions += 1;
            let context =
                format!("seed {seed}, depth {}, turn {}, after {action:?}", game.depth(), game.turn());
            check_invariants(&game, &context);
            assert_eq!(game.turn(), turn + u64::from(report.took_turn), "{context}: turn count");
            t.phantom_blows +=
                report.events.iter().filter(|e| matches!(e, Event::PlayerHurt { real: false, .. })).count()
                    as u32;
            if report.took_turn {
                seed_turns += 1;
                t.turns += 1;
            }
            if game.depth() > depth {
                t.descents += 1;
                t.max_depth = t.max_depth.max(game.depth());
            }
            if game.status() == Status::Dead {
                t.deaths += 1;
                t.kills += game.kills();
                assert!(game.cause_of_death().is_some(), "{context}: a death has a cause");
                let dead = game.clone();
                let report = game.act(action);
                assert!(
                    !report.took_turn && report.events.is_empty() && game == dead,
                    "{context}: acted after death"
                );
                game = start(seed);
            }
        }
        t.kills += game.kills();
    }
    t
}

#[test]
fn ten_thousand_random_turns_keep_every_invariant() {
    let seeds = 50;
    let t = soak(0..seeds, 250, Game::new);
    eprintln!(
        "soak: {} turns ({} actions) over {seeds} seeds from depth 1: {} deaths, {} descents, max depth {}, {} kills",
        t.turns, t.actions, t.deaths, t.descents, t.max_depth, t.kills
    );
    assert!(t.turns >= 10_000);
    assert!(t.deaths > 0 && t.descents > 0, "the soak must see deaths and descents to test them: {t:?}");
}

/// The same soak on runs started deep, where stalkers lunge, flayers bleed and hallucinations hunt.
#[test]
fn random_turns_at_depth_keep_every_invariant() {
    let deepest = BALANCE.hallucination_hunt_depth + 8;
    let depth_of = |seed: u64| BALANCE.lunge_min_depth + (seed as u32 % (deepest - BALANCE.lunge_min_depth));
    let seeds = 40;
    // Sanity from full down to nothing, so hallucinations patrol, hunt and persist.
    let sanity_of = |seed: u64| BALANCE.max_sanity * (seed % 5) as i32 / 5;
    let start = |seed: u64| {
        let mut game = Game::new_at_depth(seed, depth_of(seed));
        game.player_mut().sanity = sanity_of(seed);
        game
    };
    let t = soak(100..100 + seeds, 120, start);
    eprintln!(
        "soak: {} turns ({} actions) over {seeds} seeds from depths {}..{deepest}: {} deaths, {} descents, \
         max depth {}, {} kills, {} hallucination blows",
        t.turns,
        t.actions,
        BALANCE.lunge_min_depth,
        t.deaths,
        t.descents,
        t.max_depth,
        t.kills,
        t.phantom_blows
    );
    assert!(t.deaths > 0 && t.phantom_blows > 0, "{t:?}");
}
