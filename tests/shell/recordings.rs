//! Recordings: a recorded random run replays to the same final state hash; a tampered one says it
//! diverged; one from another version, of another kind or damaged is refused with one clear line.

use crate::bot::{driver, Bot};
use crate::persist_support::*;
use hollowdeep::app::persist::files::read_optional;
use hollowdeep::app::persist::profile::Profile;
use hollowdeep::app::persist::writer::write_text;
use hollowdeep::game::dump::StateDump;
use hollowdeep::game::recording::{Recording, RECORDING_FORMAT_VERSION};
use hollowdeep::game::save::{state_hash, state_hash_v1};
use hollowdeep::game::{Action, Game, Status};
use serde_json::Value;

/// Plays a random run from the start as the player would, recording every action, until death or
/// `limit` actions; returns the recording and the game it produced.
fn record(seed: u64, depth: u32, limit: usize) -> (Recording, Game) {
    let mut rng = driver(seed ^ 0x5eed);
    let mut game = Game::start_run(seed, depth);
    let mut rec = Recording::new(seed, depth);
    while rec.actions.len() < limit && game.status() == Status::Playing {
        let action = Bot::WANDERER.decide(&game, &mut rng);
        game.act(action);
        rec.actions.push(action);
    }
    rec.finish(&game);
    (rec, game)
}

fn one_line_refusal(text: &str) -> String {
    let why = Recording::from_text(text).expect_err("the recording must be refused");
    assert!(!why.contains('\n') && !why.is_empty(), "{why:?}");
    why
}

#[test]
fn a_recorded_random_run_replays_to_the_same_state_hash() {
    let mut turns = 0;
    for seed in 0..16u64 {
        let (rec, game) = record(seed, 1 + (seed % 3) as u32, 300);
        turns += game.turn();
        let expected = format!("{:016x}", state_hash(&game));
        assert_eq!(rec.final_hash, expected, "seed {seed}");
        let back = Recording::from_text(&rec.to_text()).unwrap();
        assert_eq!(back, rec, "seed {seed}: the recording round-trips through its text");
        assert_eq!(back.verify(), Ok(expected), "seed {seed}");
    }
    assert!(turns > 16 * 20, "the recordings cover real play ({turns} turns in all)");
}

#[test]
fn a_recording_file_written_and_read_back_still_verifies() {
    let dir = TempDir::new("recording-file");
    let path = dir.path().join("run.hdrec");
    let (rec, _) = record(99, 2, 200);
    write_text(&path, &rec.to_text()).unwrap();
    let text = read_optional(&path).unwrap().expect("the recording was written");
    assert_eq!(Recording::from_text(&text).unwrap().verify(), Ok(rec.final_hash.clone()));
}

#[test]
fn every_kind_of_action_survives_the_text_format() {
    let mut rec = Recording::new(7, 1);
    rec.actions = vec![
        Action::MoveForward,
        Action::MoveBack,
        Action::StrafeLeft,
        Action::StrafeRight,
        Action::TurnLeft,
        Action::TurnRight,
        Action::Wait,
        Action::Interact,
        Action::Select(0),
        Action::Select(3),
        Action::UseItem,
        Action::Discard,
    ];
    let mut game = Game::new(7);
    for a in &rec.actions {
        game.act(*a);
    }
    rec.finish(&game);
    let back = Recording::from_text(&rec.to_text()).unwrap();
    assert_eq!(back.actions, rec.actions);
    assert!(back.verify().is_ok());
}

#[test]
fn a_tampered_recording_reports_that_the_replay_diverged() {
    let (rec, _) = record(5, 1, 300);
    assert!(rec.actions.len() > 10, "a long enough run to tamper with");
    let diverged = |r: &Recording, what: &str| {
        let why = r.verify().expect_err(what);
        assert!(why.contains("diverged"), "{what}: {why}");
        assert!(why.contains(&rec.final_hash), "{what}: names the recorded state: {why}");
        assert!(!why.contains('\n'), "{what}: {why:?}");
    };

    let mut changed = rec.clone();
    let i = changed.actions.iter().position(|a| *a != Action::TurnLeft).unwrap();
    changed.actions[i] = Action::TurnLeft;
    diverged(&changed, "one action changed");

    let mut shorter = rec.clone();
    shorter.actions.truncate(rec.actions.len() / 2);
    diverged(&shorter, "the second half dropped");

    let mut reseeded = rec.clone();
    reseeded.seed += 1;
    diverged(&reseeded, "another seed");

    let mut deeper = rec.clone();
    deeper.depth += 1;
    diverged(&deeper, "another starting depth");
}

#[test]
fn a_recording_in_another_format_version_says_so() {
    let (rec, _) = record(3, 1, 50);
    let text = with_version(&rec.to_text(), u64::from(RECORDING_FORMAT_VERSION) + 1);
    let why = one_line_refusal(&text);
    assert!(why.contains("another version"), "{why}");
    assert!(why.contains(&format!("format {}", RECORDING_FORMAT_VERSION + 1)), "{why}");
}

#[test]
fn a_recording_made_by_another_game_version_says_so() {
    let (rec, _) = record(3, 1, 50);
    let mut value: Value = serde_json::from_str(&rec.to_text()).unwrap();
    value["game_version"] = "0.0.0-older".into();
    let why = one_line_refusal(&value.to_string());
    assert!(why.contains("0.0.0-older"), "names the recording's version: {why}");
    assert!(why.contains(env!("CARGO_PKG_VERSION")), "names this version: {why}");
}

#[test]
fn a_recording_from_another_game_version_with_unknown_actions_says_another_version_not_damaged() {
    let (rec, _) = record(3, 1, 50);
    let mut value: Value = serde_json::from_str(&rec.to_text()).unwrap();
    value["game_version"] = "9.0.0".into();
    value["actions"][0] = "Teleport".into();
    let why = one_line_refusal(&value.to_string());
    assert!(why.contains("made by Hollowdeep 9.0.0"), "{why}");
    assert!(!why.contains("damaged"), "{why}");
}

#[test]
fn a_profile_given_as_a_recording_is_named_as_a_profile() {
    let why = one_line_refusal(&Profile::default().to_text());
    assert!(why.contains("it is a profile, not a recording"), "{why}");
}

#[test]
fn damaged_and_truncated_recordings_are_refused() {
    let (rec, _) = record(4, 1, 100);
    let text = rec.to_text();
    for (what, bad) in [
        ("truncated", truncated(&text)),
        ("not JSON", "W W Q SPACE".to_string()),
        ("empty", String::new()),
        ("wrong shape", text.replace("\"actions\"", "\"moves\"")),
        ("unknown action", text.replacen("\"MoveForward\"", "\"Teleport\"", 1)),
    ] {
        if what == "unknown action" {
            assert!(text.contains("\"MoveForward\""), "the fixture moves forward at least once");
        }
        let why = one_line_refusal(&bad);
        assert!(why.contains("damaged"), "{what}: {why}");
    }
}

// ---- Committed recordings --------------------------------------------------------------------

/// Recordings made by the first release with `--record`: each `NAME.hdrec` verifies and its replay
/// ends in the state dump `NAME.dump.json` that release wrote with `--dump-state` for the same run.
const RECORDINGS: [&str; 3] = ["descends-twice", "dies", "ordinary"];

#[test]
fn every_committed_recording_verifies_and_replays_to_its_expected_dump() {
    let dir = fixtures_dir("recordings");
    for name in committed_fixtures(&dir, ".hdrec", &RECORDINGS) {
        let rec = Recording::from_text(&read_fixture(&dir.join(format!("{name}.hdrec"))))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!rec.actions.is_empty(), "{name}");
        assert_eq!(rec.verify(), Ok(rec.final_hash.clone()), "{name}");
        assert_matches_fixture(
            &dir.join(format!("{name}.dump.json")),
            &StateDump::of(&rec.replay()).to_json(),
        );
    }
}

#[test]
fn the_committed_recordings_cover_a_death_and_two_descents() {
    let dir = fixtures_dir("recordings");
    let replay =
        |name: &str| Recording::from_text(&read_fixture(&dir.join(format!("{name}.hdrec")))).unwrap();
    let dies = replay("dies");
    assert_eq!(dies.replay().status(), Status::Dead);
    let descends = replay("descends-twice");
    assert_eq!(descends.replay().depth(), descends.depth + 2);
    assert_eq!(descends.replay().status(), Status::Playing);
}

/// The decision written down in docs/rules.md: a format-1 recording keeps the hash it was made
/// with and is verified with the first release's hash function, kept for that alone.
#[test]
fn committed_format_1_recordings_are_verified_with_the_format_1_hash() {
    let dir = fixtures_dir("recordings");
    for name in committed_fixtures(&dir, ".hdrec", &RECORDINGS) {
        let rec = Recording::from_text(&read_fixture(&dir.join(format!("{name}.hdrec")))).unwrap();
        assert_eq!(rec.version, 1, "{name}: made by the first release");
        let game = rec.replay();
        assert_eq!(rec.final_hash, format!("{:016x}", state_hash_v1(&game)), "{name}");
        assert_ne!(rec.final_hash, format!("{:016x}", state_hash(&game)), "{name}: the hashes differ");
    }
}

#[test]
fn a_new_recording_is_format_3_and_stores_the_hash_over_the_dump() {
    // Depth 1: formats 1 and 2 start deeper runs without the practice kit, so only depth 1 replays
    // the same under every format.
    let (rec, game) = record(11, 1, 120);
    assert_eq!((rec.version, RECORDING_FORMAT_VERSION), (3, 3));
    assert_eq!(rec.final_hash, format!("{:016x}", state_hash(&game)));
    let mut old = rec.clone();
    old.version = 1;
    old.finish(&game);
    assert_eq!(old.final_hash, format!("{:016x}", state_hash_v1(&game)), "format 1 keeps its own hash");
    assert_eq!(Recording::from_text(&old.to_text()).unwrap().verify(), Ok(old.final_hash.clone()));
}

/// A practice run recorded now replays with its kit; the same actions under format 2 (which
/// started practice runs bare) give another game.
#[test]
fn a_recorded_practice_run_replays_with_its_kit_and_older_formats_without() {
    let (rec, game) = record(12, 6, 80);
    assert!(game.is_practice() && game.player().weapon > 1);
    assert_eq!(rec.verify(), Ok(rec.final_hash.clone()));
    let mut old = rec.clone();
    old.version = 2;
    assert!(!old.start().is_practice(), "format 2 starts it bare");
    assert_ne!(old.verify(), Ok(rec.final_hash.clone()));
}

#[test]
fn the_state_hash_ignores_message_prose_but_not_the_facts_of_the_dump() {
    let game = mid_run(31);
    assert!(!game.messages().is_empty(), "a run with something said");
    let reworded = edited(&game, |g| {
        for m in g["messages"].as_array_mut().unwrap() {
            m["text"] = "Reworded.".into();
        }
        g["cause_of_death"] = "reworded cause".into();
    })
    .unwrap();
    assert_eq!(state_hash(&reworded), state_hash(&game), "prose is not hashed");
    assert_ne!(state_hash_v1(&reworded), state_hash_v1(&game), "the format-1 hash did cover it");

    let hurt = edited(&game, |g| g["player"]["hp"] = (game.player().hp - 1).into()).unwrap();
    assert_ne!(state_hash(&hurt), state_hash(&game), "the player's HP is in the dump, so in the hash");
    let fewer_said = edited(&game, |g| {
        g["messages"].as_array_mut().unwrap().pop();
    })
    .unwrap();
    assert_eq!(state_hash(&fewer_said), state_hash(&game), "the message log is prose, left out whole");
}

// ---- Real runs kept in docs/recordings -----------------------------------------------------

/// Every recording under `docs/recordings/` (docs/recordings/README.md) replays to the hash it was
/// recorded with, and the resting player's run (issue 34) really lives below 40% sanity: the
/// patient player meets the madness in a real run, not a practice one.
#[test]
fn the_real_runs_in_docs_replay_and_the_resting_one_goes_below_40_percent() {
    use hollowdeep::game::balance::BALANCE;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/recordings");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".hdrec"))
        .collect();
    names.sort();
    assert!(names.iter().any(|n| n == "seed5-resting-player.hdrec"), "{names:?}");
    for name in &names {
        let rec = Recording::from_text(&std::fs::read_to_string(dir.join(name)).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(rec.verify(), Ok(rec.final_hash.clone()), "{name}");
    }
    let rec = Recording::from_text(&std::fs::read_to_string(dir.join("seed5-resting-player.hdrec")).unwrap())
        .unwrap();
    assert_eq!(rec.depth, 1, "a real run starts at depth 1");
    let mut game = Game::start_run(rec.seed, rec.depth);
    let mut lowest = game.player().sanity;
    for action in &rec.actions {
        game.act(*action);
        lowest = lowest.min(game.player().sanity);
    }
    assert_eq!(format!("{:016x}", state_hash(&game)), rec.final_hash);
    assert!(lowest < 40 * (BALANCE.max_sanity / 100), "lowest sanity {lowest}");
    assert!(!game.is_practice(), "scored, not practice");
    // And it is the resting style's own run of that seed, as `--simulate` plays it.
    use hollowdeep::app::crawler::{autoplayer::Style, simulate::play_styled};
    let mut actions = Vec::new();
    play_styled(rec.seed, Style::Rest, &mut actions);
    assert_eq!(actions, rec.actions, "the resting player's run of seed {}", rec.seed);
}
