//! The saved run: exact round trips of random mid-run states, permadeath, atomic writes, and saves that
//! are damaged, truncated, from another version, of the wrong kind or impossible.

use crate::bot::{driver, Bot};
use crate::persist_support::*;
use hollowdeep::app::crawler::headless::actions_until_quit;
use hollowdeep::app::crawler::keys::parse_keys;
use hollowdeep::app::persist::profile::{self, Profile};
use hollowdeep::app::persist::run_save::{self, Loaded};
use hollowdeep::app::shell::headless::play;
use hollowdeep::game::dump::StateDump;
use hollowdeep::game::mode::Crawler;
use hollowdeep::game::save::{run_from_str, run_to_string, state_hash, LoadError, RUN_FORMAT_VERSION};
use hollowdeep::game::{Game, Pos, Status};
use std::path::Path;

fn expect_game(loaded: Loaded) -> Game {
    match loaded {
        Loaded::Game(game) => *game,
        Loaded::None => panic!("expected the saved game, found no save"),
        Loaded::MovedAside(why) => panic!("expected the saved game, it was moved aside: {why}"),
    }
}

fn expect_moved_aside(loaded: Loaded) -> String {
    match loaded {
        Loaded::MovedAside(message) => message,
        Loaded::None => panic!("expected the save to be moved aside, found no save"),
        Loaded::Game(_) => panic!("expected the save to be moved aside, it loaded"),
    }
}

#[test]
fn a_saved_mid_run_state_loads_back_equal_and_plays_on_identically() {
    let dir = TempDir::new("round-trip");
    let mut played = 0;
    for seed in 0..40u64 {
        let mut original = mid_run(seed);
        played += original.turn();
        run_save::save(dir.path(), &original).unwrap();
        let mut loaded = expect_game(run_save::load(dir.path()).unwrap());
        assert!(loaded == original, "seed {seed}: the loaded game differs from the saved one");
        assert_eq!(state_hash(&loaded), state_hash(&original), "seed {seed}");

        // The same further actions on both: equal only if every hidden state, the RNG included, came back.
        let mut rng = driver(seed ^ 0xa11);
        for step in 0..60 {
            let action = Bot::WANDERER.decide(&original, &mut rng);
            let a = original.act(action);
            let b = loaded.act(action);
            assert_eq!(a, b, "seed {seed}, step {step}: {action:?} reported differently after loading");
            assert_eq!(state_hash(&loaded), state_hash(&original), "seed {seed}, step {step}: {action:?}");
        }
        assert!(loaded == original, "seed {seed}: the games drifted apart after loading");
    }
    assert!(played > 40 * 50, "the runs were mid-run states, not fresh ones ({played} turns in all)");
}

#[test]
fn a_save_text_round_trips_without_a_file() {
    for seed in [3u64, 99, 12_345] {
        let game = mid_run(seed);
        let text = run_to_string(&game);
        let back = run_from_str(&text).unwrap();
        assert!(back == game, "seed {seed}");
        assert_eq!(run_to_string(&back), text, "seed {seed}: saving again gives the same text");
    }
}

#[test]
fn a_run_that_died_in_play_round_trips() {
    let dir = TempDir::new("died-in-play");
    let mut died = 0;
    for seed in 0..8u64 {
        let mut rng = driver(seed);
        let mut game = Game::new_at_depth(seed, 3);
        while game.status() == Status::Playing && game.turn() < 2_000 {
            game.act(Bot::WANDERER.decide(&game, &mut rng));
        }
        died += usize::from(game.status() == Status::Dead);
        run_save::save(dir.path(), &game).unwrap();
        let back = expect_game(run_save::load(dir.path()).unwrap());
        assert!(back == game, "seed {seed}");
        assert_eq!(back.cause_of_death(), game.cause_of_death());
    }
    assert!(died > 0, "the walks must include deaths");
}

#[test]
fn a_dead_run_round_trips_too() {
    let dead = finished_run(5, 3, 7, 4, 321, "slain by a stalker at depth 3");
    let back = run_from_str(&run_to_string(&dead)).unwrap();
    assert_eq!(back.status(), Status::Dead);
    assert!(back == dead);
}

#[test]
fn regression_a_loaded_save_stays_on_disk_until_the_run_ends() {
    let dir = TempDir::new("permadeath");
    let game = mid_run(17);
    let path = run_save::save(dir.path(), &game).unwrap();
    assert_eq!(path, run_save::path(dir.path()));
    expect_game(run_save::load(dir.path()).unwrap());
    assert!(path.exists(), "a crash while the run is played must not lose it");
    run_save::remove(dir.path()).unwrap();
    assert!(matches!(run_save::load(dir.path()).unwrap(), Loaded::None), "an ended run cannot be continued");
    run_save::remove(dir.path()).expect("removing twice is no error");
    assert_eq!(listing(dir.path()), Vec::<String>::new(), "nothing is left behind");
}

#[test]
fn no_save_means_no_run_to_continue() {
    let dir = TempDir::new("no-save");
    assert!(matches!(run_save::load(dir.path()).unwrap(), Loaded::None));
    let missing = dir.path().join("not-created-yet");
    assert!(matches!(run_save::load(&missing).unwrap(), Loaded::None));
}

#[test]
fn saving_writes_atomically_and_leaves_no_temporary_file() {
    let dir = TempDir::new("atomic");
    let nested = dir.path().join("data").join("hollowdeep");
    run_save::save(&nested, &mid_run(1)).unwrap();
    let second = mid_run(2);
    run_save::save(&nested, &second).unwrap();
    assert_eq!(listing(&nested), vec!["run.json".to_string()], "only the save, no temporary file");
    assert!(expect_game(run_save::load(&nested).unwrap()) == second, "the newer save replaced the older");
}

/// Writes `bytes` as the run save, takes it, and checks the one-line message, the intact copy beside
/// it, and that nothing is left in the save's place.
fn refused_save(dir: &Path, bytes: &[u8]) -> String {
    let path = run_save::path(dir);
    let before = moved_copies(dir, "run.json");
    std::fs::write(&path, bytes).unwrap();
    let message = expect_moved_aside(run_save::load(dir).unwrap());
    let moved = the_new_copy(dir, "run.json", &before, bytes);
    assert_one_clear_line(&message, &path, &moved);
    assert!(!path.exists(), "the unusable save is not left in place to be refused again");
    assert!(matches!(run_save::load(dir).unwrap(), Loaded::None), "the next start finds no save");
    message
}

#[test]
fn a_save_that_is_not_text_is_moved_aside_intact() {
    let dir = TempDir::new("save-garbage");
    let message = refused_save(dir.path(), GARBAGE);
    assert!(message.contains("not text"), "{message}");
}

#[test]
fn a_save_that_is_not_json_is_moved_aside_intact() {
    let dir = TempDir::new("save-not-json");
    let message = refused_save(dir.path(), b"this is not a saved run at all");
    assert!(message.contains("damaged"), "{message}");
}

#[test]
fn a_truncated_save_is_moved_aside_intact() {
    let dir = TempDir::new("save-truncated");
    let text = run_to_string(&mid_run(8));
    let message = refused_save(dir.path(), truncated(&text).as_bytes());
    assert!(message.contains("damaged or truncated"), "{message}");
}

#[test]
fn a_save_from_another_version_is_moved_aside_intact() {
    let dir = TempDir::new("save-other-version");
    let text = with_version(&run_to_string(&mid_run(9)), u64::from(RUN_FORMAT_VERSION) + 1);
    let message = refused_save(dir.path(), text.as_bytes());
    assert!(message.contains("another version"), "{message}");
    assert!(message.contains(&format!("format {}", RUN_FORMAT_VERSION + 1)), "{message}");
}

#[test]
fn a_profile_in_the_saves_place_is_moved_aside_and_named_as_a_profile() {
    let dir = TempDir::new("save-wrong-kind");
    let text = Profile::default().to_text();
    let message = refused_save(dir.path(), text.as_bytes());
    assert!(message.contains("it is a profile, not a saved run"), "says what the file is: {message}");
}

#[test]
fn an_unknown_kind_with_a_line_break_in_its_name_still_reads_as_one_line() {
    let dir = TempDir::new("save-odd-kind");
    let message = refused_save(dir.path(), br#"{"format": "my\nnotes", "version": 1}"#);
    assert!(message.contains("not a saved run"), "{message}");
}

#[test]
fn a_second_unusable_save_gets_a_new_name_and_the_first_copy_survives() {
    let dir = TempDir::new("save-twice");
    refused_save(dir.path(), b"first broken save");
    let first = moved_copies(dir.path(), "run.json");
    refused_save(dir.path(), b"second broken save");
    let both = moved_copies(dir.path(), "run.json");
    assert_eq!(both.len(), 2);
    assert_eq!(std::fs::read(&first[0]).unwrap(), b"first broken save", "the first copy is untouched");
}

#[test]
fn an_unusable_save_never_touches_the_profile() {
    let dir = TempDir::new("save-spares-profile");
    let mut p = Profile::default();
    p.record(&finished_run(1, 2, 3, 2, 40, "starved at depth 2"), "2026-01-02".into());
    profile::save(dir.path(), &p).unwrap();
    let bytes = std::fs::read(profile::path(dir.path())).unwrap();
    refused_save(dir.path(), b"{\"format\":\"hollowdeep-run\"");
    assert_eq!(std::fs::read(profile::path(dir.path())).unwrap(), bytes);
}

/// Text-level refusals: each error kind for each way a save can be unusable.
#[test]
fn load_errors_tell_the_kinds_of_unusable_save_apart() {
    let text = run_to_string(&Game::new(4));
    assert!(matches!(run_from_str(""), Err(LoadError::Corrupt(_))));
    assert!(matches!(run_from_str(&truncated(&text)), Err(LoadError::Corrupt(_))));
    assert!(matches!(run_from_str("[1, 2, 3]"), Err(LoadError::Corrupt(_))));
    assert_eq!(
        run_from_str(&with_version(&text, 7)).err(),
        Some(LoadError::OtherVersion { found: 7, expected: RUN_FORMAT_VERSION })
    );
    assert_eq!(
        run_from_str(&Profile::default().to_text()).err(),
        Some(LoadError::WrongKind { found: "hollowdeep-profile".into(), expected: "hollowdeep-run".into() })
    );
    // The right header over a body of the wrong shape.
    let hollow = format!("{{\"format\":\"hollowdeep-run\",\"version\":{RUN_FORMAT_VERSION},\"game\":{{}}}}");
    assert!(matches!(run_from_str(&hollow), Err(LoadError::Corrupt(_))));
}

#[test]
fn every_load_error_reads_as_one_line() {
    let errors = [
        LoadError::Corrupt("EOF while parsing an object at line 1 column 40".into()),
        LoadError::WrongKind { found: "hollowdeep-profile".into(), expected: "hollowdeep-run".into() },
        LoadError::OtherVersion { found: 2, expected: 1 },
    ];
    for e in errors {
        let text = e.to_string();
        assert!(!text.contains('\n') && !text.is_empty(), "{text:?}");
    }
}

/// Saves that parse but describe an impossible state: refused by `Game::validate`, never a panic.
#[test]
fn impossible_states_in_a_parseable_save_are_refused() {
    let game = mid_run(21);
    let (w, h) = (game.map().width(), game.map().height());
    let wall = game.map().cells().find(|&p| !game.map().is_walkable(p)).unwrap();
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("player outside the map", Box::new(move |g| g["player"]["pos"] = pos(w + 3, 2))),
        ("player at negative coordinates", Box::new(|g| g["player"]["pos"] = pos(-1, -1))),
        ("player inside a wall", Box::new(move |g| g["player"]["pos"] = pos(wall.x, wall.y))),
        ("hp above the maximum", Box::new(|g| g["player"]["hp"] = 1_000_000.into())),
        ("negative hp", Box::new(|g| g["player"]["hp"] = (-4).into())),
        ("selected slot 7 of 4", Box::new(|g| g["player"]["inventory"]["selected"] = 7.into())),
        ("an entity outside the map", Box::new(move |g| g["entities"][0]["pos"] = pos(w, h))),
        ("explored grid of the wrong size", Box::new(|g| g["explored"] = serde_json::json!([true, false]))),
        ("visible grid of the wrong size", Box::new(|g| g["visible"] = serde_json::json!([]))),
        ("phantom grid of the wrong size", Box::new(|g| g["phantoms"] = serde_json::json!([]))),
        ("a scheduler slot of speed zero", Box::new(|g| g["scheduler"]["slots"][0]["speed"] = 0.into())),
        ("a scheduler threshold of zero", Box::new(|g| g["scheduler"]["threshold"] = 0.into())),
        ("a charge near overflow", Box::new(|g| g["scheduler"]["slots"][0]["charge"] = u32::MAX.into())),
        (
            "no player in the scheduler",
            Box::new(|g| {
                let slots = g["scheduler"]["slots"].as_array_mut().unwrap();
                slots.retain(|s| s["id"] != "Player");
            }),
        ),
        ("map narrower than its tiles", Box::new(move |g| g["level"]["map"]["width"] = (w - 1).into())),
        (
            "map of zero size",
            Box::new(|g| {
                g["level"]["map"]["width"] = 0.into();
                g["level"]["map"]["height"] = 0.into();
            }),
        ),
        (
            "map of negative size",
            Box::new(move |g| {
                g["level"]["map"]["width"] = (-w).into();
                g["level"]["map"]["height"] = (-h).into();
            }),
        ),
        (
            "map too large to count",
            Box::new(|g| {
                g["level"]["map"]["width"] = 100_000.into();
                g["level"]["map"]["height"] = 100_000.into();
            }),
        ),
    ];
    assert!(!game.entities().is_empty(), "the entity case needs an entity");
    for (what, edit) in cases {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| edited(&game, &edit)));
        match result {
            Ok(Err(why)) => assert!(!why.contains('\n'), "{what}: {why:?}"),
            Ok(Ok(_)) => panic!("{what}: the impossible state was accepted"),
            Err(_) => panic!("{what}: loading panicked instead of refusing"),
        }
    }
}

#[test]
fn validate_accepts_every_state_the_rules_reach() {
    for seed in 100..120u64 {
        let game = mid_run(seed);
        assert_eq!(game.validate(), Ok(()), "seed {seed}");
        // A player of ordinary health, played until the run ends.
        let mut rng = driver(seed);
        let mut game = Game::new(seed);
        for _ in 0..300 {
            game.act(Bot::WANDERER.decide(&game, &mut rng));
            assert_eq!(game.validate(), Ok(()), "seed {seed}, turn {}", game.turn());
        }
    }
}

fn pos(x: i32, y: i32) -> serde_json::Value {
    serde_json::to_value(Pos::new(x, y)).unwrap()
}

// ---- Committed v1 saves ----------------------------------------------------------------------

/// Saves written by the first release (before the save had a format of its own): each `NAME.json`
/// is continued with the keys in `NAME.keys` and must reach the state dump in `NAME.dump.json`,
/// which is what that release gave for the same save and keys.
const V1_SAVES: [&str; 2] = ["v1-depth1-midrun", "v1-depth4-items-statuses-hallucinations"];

#[test]
fn every_committed_v1_save_loads_and_continues_to_its_expected_dump() {
    let dir = fixtures_dir("saves");
    for name in committed_fixtures(&dir, ".json", &V1_SAVES) {
        let text = read_fixture(&dir.join(format!("{name}.json")));
        let game = run_from_str(&text).unwrap_or_else(|e| panic!("{name}: the v1 save does not load: {e}"));
        let keys = read_fixture(&dir.join(format!("{name}.keys")));
        let commands = parse_keys(&keys).unwrap();
        assert!(!commands.is_empty(), "{name}: the continuation plays something");
        let mut crawler = Crawler::new(game);
        play(&mut crawler, &actions_until_quit(&commands));
        assert_matches_fixture(
            &dir.join(format!("{name}.dump.json")),
            &StateDump::of(&crawler.game).to_json(),
        );
    }
}

/// The v1 record types spell out the old layout exactly: saving a loaded v1 save again gives the
/// same bytes, so a save written today is one the first release could read.
#[test]
fn a_committed_v1_save_is_written_back_byte_for_byte() {
    let dir = fixtures_dir("saves");
    for name in committed_fixtures(&dir, ".json", &V1_SAVES) {
        let text = read_fixture(&dir.join(format!("{name}.json")));
        let game = run_from_str(&text).unwrap();
        assert!(run_to_string(&game) == text, "{name}: writing the loaded save changes its bytes");
    }
}

#[test]
fn the_deeper_v1_fixture_holds_what_its_name_promises() {
    let text = read_fixture(&fixtures_dir("saves").join("v1-depth4-items-statuses-hallucinations.json"));
    let game = run_from_str(&text).unwrap();
    assert_eq!(game.depth(), 4);
    assert!(game.player().inventory.slots().iter().any(|s| s.is_some_and(|c| c.hallucinated)));
    assert!(game.player().statuses.iter().count() >= 2, "bleeding and terrified");
    assert!(game.entities().iter().any(|e| e.is_hallucination()));
}

/// Issue 11: a practice run saved and continued is still practice, and the high scores refuse it;
/// a real run's save has no practice field, so it stays byte-identical to the first release's.
#[test]
fn the_practice_flag_travels_in_the_save_and_practice_runs_never_reach_the_scores() {
    let practice = Game::start_run(21, 8);
    let text = run_to_string(&practice);
    assert!(text.contains("\"practice\":true"), "{text}");
    let continued = run_from_str(&text).expect("the practice save loads");
    assert!(continued.is_practice());
    let mut profile = Profile::default();
    assert!(!profile.record(&continued, "2026-12-01".into()), "refused");
    assert!(profile.high_scores.is_empty() && profile.totals.runs == 0, "neither table nor totals");
    let real = Game::start_run(21, 1);
    assert!(!run_to_string(&real).contains("practice"));
    assert!(profile.record(&real, "2026-12-01".into()));
    assert_eq!(profile.high_scores.len(), 1);
}

/// The title screen names the waiting save without taking it.
#[test]
fn peeking_at_the_save_describes_it_and_leaves_it_in_place() {
    let dir = TempDir::new("peek");
    assert_eq!(run_save::peek(dir.path()), None);
    let game = Game::start_run(5, 3);
    run_save::save(dir.path(), &game).unwrap();
    assert_eq!(run_save::peek(dir.path()).as_deref(), Some("depth 3, turn 0, practice"));
    assert!(run_save::path(dir.path()).exists(), "still there");
    std::fs::write(run_save::path(dir.path()), "{ broken").unwrap();
    assert!(run_save::peek(dir.path()).unwrap().contains("damaged"));
}
