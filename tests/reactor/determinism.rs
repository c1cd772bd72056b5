//! Determinism: the same level and actions give the same state hash across runs and across a
//! save/load in the middle; undo returns the exact earlier hash.

use crate::support::*;
use hollowdeep::reactor::{sample, schema, script};

const SCRIPT: &str =
    "move:E interact move:E move:S interact undo interact repair neutralize:fuel shield move:N";

fn run(actions: &str) -> (u64, Game) {
    let b = bal();
    let mut g = Game::new(sample::spread_level(24, &b), b);
    let acts = script::parse_actions(actions).expect("grammar");
    script::run(&mut g, &acts);
    (hash_of(&g.level), g)
}

#[test]
fn same_level_and_actions_give_the_same_hash() {
    let (a, _) = run(SCRIPT);
    let (b, _) = run(SCRIPT);
    assert_eq!(a, b);
    let (c, _) = run("move:E interact");
    assert_ne!(a, c);
}

#[test]
fn a_save_and_load_in_the_middle_changes_nothing() {
    let b = bal();
    let (whole, _) = run("move:E interact move:E move:S interact interact");
    let (_, first) = run("move:E interact move:E move:S");
    let loaded = schema::load(schema::save(&first.level).as_bytes(), &b).level.expect("loads");
    let mut g = Game::new(loaded, b);
    script::run(&mut g, &script::parse_actions("interact interact").expect("grammar"));
    assert_eq!(hash_of(&g.level), whole);
}

#[test]
fn undo_returns_the_exact_earlier_hash() {
    let b = bal();
    let mut g = Game::new(sample::spread_level(24, &b), b);
    // Walk to the consumer at (6, 2), which toggles every time.
    for f in [Facing::East, Facing::East, Facing::East, Facing::East, Facing::East, Facing::South] {
        assert_eq!(g.apply(Command::MoveRobot(f)), Outcome::Moved { lost: false });
    }
    let mut hashes = vec![hash_of(&g.level)];
    for _ in 0..4 {
        let out = g.apply(Command::InteractProp(None));
        assert!(pulsed(&out), "{out:?}");
        hashes.push(hash_of(&g.level));
    }
    for k in (0..4).rev() {
        g.undo().expect("undo");
        assert_eq!(hash_of(&g.level), hashes[k]);
    }
    assert_eq!(g.undos, 4);
}

#[test]
fn the_action_grammar_rejects_unknown_tokens_with_a_sentence() {
    for bad in ["jump", "move:Q", "interact:1", "neutralize:gold", "repair:a,b"] {
        let e = script::parse_actions(bad).expect_err(bad);
        assert!(!e.is_empty());
    }
    assert_eq!(
        script::parse_actions("move:N interact:3,4 neutralize:fuel@2,2 undo restart").map(|v| v.len()),
        Ok(5)
    );
}
