//! The profile (top-10 table, lifetime totals) that outlives every run, the morgue file, file dates,
//! and the automap's memory of exactly what the field of view revealed.

use crate::bot::{driver, Bot};
use crate::persist_support::*;
use hollowdeep::app::persist::files::{date_and_stamp, move_aside, read_optional};
use hollowdeep::app::persist::profile::{self, Profile, HIGH_SCORES, PROFILE_FORMAT_VERSION};
use hollowdeep::app::persist::settings::Settings;
use hollowdeep::app::persist::writer::{write_kept, write_text};
use hollowdeep::app::persist::{morgue, run_save};
use hollowdeep::game::recording::Recording;
use hollowdeep::game::save::run_to_string;
use hollowdeep::game::{Action, Facing, Game, Map, Pos};
use serde_json::json;
use std::collections::BTreeSet;
use std::path::Path;

// --- Profile ------------------------------------------------------------------------------------

/// Fifteen finished runs with distinct scores, in an order that is neither ascending nor descending.
fn fifteen_runs() -> Vec<Game> {
    (0..15u32)
        .map(|i| {
            // Kills step by 10 (1000 points) and depth adds at most 800, so the scores are distinct.
            let kills = 10 * ((i * 7) % 15);
            finished_run(1000 + u64::from(i), 1 + i % 4, kills, 1, 50 + u64::from(i), "starved")
        })
        .collect()
}

#[test]
fn the_profile_keeps_the_ten_best_scores_in_descending_order_and_totals_every_run() {
    let runs = fifteen_runs();
    let mut p = Profile::default();
    for (i, game) in runs.iter().enumerate() {
        p.record(game, format!("2026-03-{:02}", i + 1));
    }
    let mut best: Vec<i64> = runs.iter().map(Game::score).collect();
    best.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(best.windows(2).filter(|w| w[0] == w[1]).count(), 0, "the fixture has distinct scores");
    best.truncate(HIGH_SCORES);
    assert_eq!(HIGH_SCORES, 10);
    assert_eq!(p.high_scores.iter().map(|e| e.score).collect::<Vec<_>>(), best);

    let t = &p.totals;
    assert_eq!(t.runs, 15);
    assert_eq!(t.kills, runs.iter().map(|g| u64::from(g.kills())).sum::<u64>());
    assert_eq!(t.turns, runs.iter().map(Game::turn).sum::<u64>());
    assert_eq!(t.deepest, runs.iter().map(Game::depth).max().unwrap());

    // Each entry carries the numbers of the run it came from.
    for e in &p.high_scores {
        let game = runs.iter().find(|g| g.seed() == e.seed).expect("an entry names its run's seed");
        assert_eq!(
            (e.score, e.depth, e.kills, e.turns),
            (game.score(), game.depth(), game.kills(), game.turn())
        );
        assert_eq!(e.cause, "starved");
        let i = runs.iter().position(|g| g.seed() == e.seed).unwrap();
        assert_eq!(e.date, format!("2026-03-{:02}", i + 1));
    }
}

#[test]
fn equal_scores_keep_the_earlier_run_first() {
    let mut p = Profile::default();
    p.record(&finished_run(1, 2, 3, 2, 10, "first"), "2026-01-01".into());
    p.record(&finished_run(2, 2, 3, 2, 20, "second"), "2026-01-02".into());
    assert_eq!(p.high_scores.iter().map(|e| e.seed).collect::<Vec<_>>(), vec![1, 2]);
}

#[test]
fn a_run_without_a_death_is_recorded_as_having_left() {
    let mut p = Profile::default();
    p.record(&Game::new(3), "2026-01-01".into());
    assert_eq!(p.high_scores[0].cause, "left the dungeon");
}

#[test]
fn the_profile_round_trips_through_its_file() {
    let dir = TempDir::new("profile-round-trip");
    let mut p = Profile::default();
    for (i, game) in fifteen_runs().iter().enumerate() {
        p.record(game, format!("2025-12-{:02}", i + 1));
    }
    profile::save(dir.path(), &p).unwrap();
    let (back, warning) = profile::load(dir.path()).unwrap();
    assert_eq!(warning, None);
    assert_eq!(back, p);
    assert_eq!(Profile::from_text(&p.to_text()).unwrap(), p);
    assert_eq!(listing(dir.path()), vec!["profile.json".to_string()], "no temporary file is left behind");
}

#[test]
fn a_missing_profile_is_a_fresh_one_and_is_not_written_until_saved() {
    let dir = TempDir::new("profile-missing");
    let (p, warning) = profile::load(dir.path()).unwrap();
    assert_eq!((p, warning), (Profile::default(), None));
    assert!(!profile::path(dir.path()).exists());
}

#[test]
fn the_profile_survives_a_wiped_run_byte_for_byte() {
    let dir = TempDir::new("profile-survives-wipe");
    let mut p = Profile::default();
    for (i, game) in fifteen_runs().iter().enumerate().take(4) {
        p.record(game, format!("2026-02-{:02}", i + 1));
    }
    profile::save(dir.path(), &p).unwrap();
    let path = profile::path(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    let untouched = |when: &str| {
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "the profile changed when {when}");
        assert_eq!(profile::load(dir.path()).unwrap(), (p.clone(), None), "{when}");
    };

    run_save::save(dir.path(), &mid_run(1)).unwrap();
    untouched("a run was saved");
    run_save::load(dir.path()).unwrap();
    untouched("the run was loaded");
    run_save::save(dir.path(), &mid_run(2)).unwrap();
    run_save::save(dir.path(), &mid_run(3)).unwrap();
    untouched("a saved run was replaced");
    std::fs::remove_file(run_save::path(dir.path())).unwrap();
    untouched("the saved run was deleted");
    std::fs::write(run_save::path(dir.path()), b"broken").unwrap();
    run_save::load(dir.path()).unwrap();
    untouched("a broken run was moved aside");
}

#[test]
fn the_table_lists_every_entry_and_the_totals() {
    let mut p = Profile::default();
    let runs = fifteen_runs();
    for game in &runs[..3] {
        p.record(game, "2026-04-01".into());
    }
    let table = p.table();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 1 + 3 + 1, "a header, one line per entry, the totals:\n{table}");
    for (i, e) in p.high_scores.iter().enumerate() {
        let line = lines[1 + i];
        assert!(line.trim_start().starts_with(&format!("{} ", i + 1)), "rank first: {line}");
        for field in [e.score.to_string(), e.seed.to_string(), e.date.clone(), e.cause.clone()] {
            assert!(line.contains(&field), "{field} missing from {line}");
        }
    }
    let kills: u64 = runs[..3].iter().map(|g| u64::from(g.kills())).sum();
    assert!(lines[4].starts_with("Lifetime: 3 runs"), "{}", lines[4]);
    assert!(lines[4].contains(&format!("{kills} kills")), "{}", lines[4]);
    assert!(Profile::default().table().contains("no runs recorded yet"));
    let mut one = Profile::default();
    one.record(&runs[0], "2026-04-01".into());
    assert!(one.table().contains("Lifetime: 1 run, "), "a count agrees with its noun: {}", one.table());
}

/// Writes `bytes` as the profile, loads it, and checks the fresh profile, the one-line warning and
/// the intact copy; returns the warning.
fn refused_profile(dir: &Path, bytes: &[u8]) -> String {
    let path = profile::path(dir);
    let before = moved_copies(dir, "profile.json");
    std::fs::write(&path, bytes).unwrap();
    let (p, warning) = profile::load(dir).unwrap();
    assert_eq!(p, Profile::default(), "a fresh profile begins");
    let warning = warning.expect("the player is told");
    let moved = the_new_copy(dir, "profile.json", &before, bytes);
    assert_one_clear_line(&warning, &path, &moved);
    warning
}

fn a_real_profile() -> Profile {
    let mut p = Profile::default();
    p.record(&finished_run(77, 3, 5, 3, 99, "slain at depth 3"), "2026-05-05".into());
    p
}

#[test]
fn a_profile_that_is_not_text_is_moved_aside_intact() {
    let dir = TempDir::new("profile-garbage");
    assert!(refused_profile(dir.path(), GARBAGE).contains("not text"));
}

#[test]
fn a_profile_that_is_not_json_is_moved_aside_intact() {
    let dir = TempDir::new("profile-not-json");
    assert!(refused_profile(dir.path(), b"high scores: lots").contains("damaged"));
}

#[test]
fn a_truncated_profile_is_moved_aside_intact() {
    let dir = TempDir::new("profile-truncated");
    let text = a_real_profile().to_text();
    assert!(refused_profile(dir.path(), truncated(&text).as_bytes()).contains("truncated"));
}

#[test]
fn a_profile_from_another_version_is_moved_aside_intact() {
    let dir = TempDir::new("profile-other-version");
    let text = with_version(&a_real_profile().to_text(), u64::from(PROFILE_FORMAT_VERSION) + 1);
    let warning = refused_profile(dir.path(), text.as_bytes());
    assert!(warning.contains("another version"), "{warning}");
}

#[test]
fn a_saved_run_in_the_profiles_place_is_named_as_a_saved_run() {
    let dir = TempDir::new("profile-wrong-kind");
    let warning = refused_profile(dir.path(), run_to_string(&Game::new(1)).as_bytes());
    assert!(warning.contains("saved run"), "says what the file is: {warning}");
    assert!(warning.contains("not a profile"), "says what was expected: {warning}");
}

#[test]
fn other_files_in_the_profiles_place_are_refused() {
    let dir = TempDir::new("profile-other-kinds");
    let recording = Recording::new(1, 1).to_text();
    refused_profile(dir.path(), recording.as_bytes());
    refused_profile(dir.path(), Settings::default().to_text().as_bytes());
    refused_profile(dir.path(), b"");
    refused_profile(dir.path(), b"null");
    assert_eq!(moved_copies(dir.path(), "profile.json").len(), 4);
}

#[test]
fn a_second_unusable_profile_never_overwrites_the_first_copy() {
    let dir = TempDir::new("profile-twice");
    refused_profile(dir.path(), b"first");
    let first = moved_copies(dir.path(), "profile.json");
    // The fresh profile is played and saved, then breaks again.
    profile::save(dir.path(), &a_real_profile()).unwrap();
    refused_profile(dir.path(), b"second");
    assert_eq!(std::fs::read(&first[0]).unwrap(), b"first");
    assert_eq!(moved_copies(dir.path(), "profile.json").len(), 2);
}

// --- Files ----------------------------------------------------------------------------------------

#[test]
fn move_aside_picks_a_free_name_and_keeps_the_bytes() {
    let dir = TempDir::new("move-aside");
    let path = dir.path().join("thing.json");
    let mut copies = Vec::new();
    for n in 0..3u8 {
        std::fs::write(&path, [n, n, n]).unwrap();
        copies.push(move_aside(&path, "unusable").unwrap());
        assert!(!path.exists());
    }
    assert_eq!(copies.iter().collect::<BTreeSet<_>>().len(), 3, "three distinct names: {copies:?}");
    for (n, copy) in copies.iter().enumerate() {
        assert_eq!(std::fs::read(copy).unwrap(), [n as u8; 3], "{}", copy.display());
        assert_eq!(copy.parent(), Some(dir.path()), "copies stay beside the original");
    }
}

#[test]
fn read_optional_tells_absent_from_unreadable() {
    let dir = TempDir::new("read-optional");
    assert_eq!(read_optional(&dir.path().join("absent")), Ok(None));
    std::fs::write(dir.path().join("text"), "hello").unwrap();
    assert_eq!(read_optional(&dir.path().join("text")), Ok(Some("hello".into())));
    std::fs::write(dir.path().join("bytes"), GARBAGE).unwrap();
    assert!(read_optional(&dir.path().join("bytes")).is_err());
    assert!(read_optional(dir.path()).is_err(), "a folder is not a file to read");
}

#[test]
fn a_kept_file_is_replaced_whole_and_leaves_nothing_else() {
    let dir = TempDir::new("write-atomic");
    let path = dir.path().join("deep").join("file.txt");
    write_kept(&path, &"long old content ".repeat(100)).unwrap();
    write_text(&path, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(listing(path.parent().unwrap()), vec!["file.txt".to_string()]);
}

#[test]
fn dates_are_iso_days_and_stamps_agree_with_them() {
    let (date, stamp) = date_and_stamp();
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    assert_eq!(date.len(), 10, "{date}");
    assert!(digits(&date[..4]) && &date[4..5] == "-" && digits(&date[5..7]) && &date[7..8] == "-", "{date}");
    assert_eq!(stamp.len(), 15, "{stamp}");
    assert!(digits(&stamp[..8]) && &stamp[8..9] == "-" && digits(&stamp[9..]), "{stamp}");
    assert_eq!(date.replace('-', ""), stamp[..8], "the stamp is of the same day (unless run at midnight)");
    assert!(date.as_str() >= "2025-01-01", "the clock is read, not a constant epoch: {date}");
}

// --- Morgue ---------------------------------------------------------------------------------------

/// A dead run carrying items and a long, numbered message log.
fn a_dead_run() -> Game {
    let base = finished_run(424_242, 4, 9, 5, 777, "slain by a stalker at depth 4");
    edited(&base, |g| {
        g["player"]["inventory"]["slots"] = json!([
            {"item": "Food", "hallucinated": false},
            null,
            {"item": "Bandage", "hallucinated": false},
            {"item": "Pill", "hallucinated": true}
        ]);
        g["messages"] =
            (0..40).map(|i| json!({"text": format!("message number {i:02}"), "turn": 700 + i})).collect();
    })
    .unwrap()
}

#[test]
fn the_morgue_tells_the_whole_story_of_a_run() {
    let game = a_dead_run();
    let text = morgue::text(&game, "2026-06-07");
    for needle in [
        "Seed: 424242",
        "Depth: 4",
        "Turns: 777",
        "Kills: 9",
        &format!("Score: {}", game.score()),
        "Weapon: 5",
        "Cause: slain by a stalker at depth 4",
        "Date: 2026-06-07",
        "food",
        "bandage",
        "pill (never there)",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from the morgue:\n{text}");
    }
    let inventory = text.lines().find(|l| l.starts_with("Inventory:")).expect("an inventory line");
    assert_eq!(inventory, "Inventory: food, -, bandage, pill (never there)");
    // The last messages, in order, and not the whole log.
    let mut at = text.find("Last messages").expect("a last messages section");
    for i in 30..40 {
        let line = format!("[turn {}] message number {i:02}", 700 + i);
        let found =
            text[at..].find(&line).unwrap_or_else(|| panic!("{line:?} missing or out of order:\n{text}"));
        at += found;
    }
    assert!(!text.contains("message number 00"), "the morgue keeps the last messages, not all 40");
}

#[test]
fn the_morgue_file_is_written_beside_the_profile() {
    let dir = TempDir::new("morgue-file");
    let game = a_dead_run();
    let (date, stamp) = date_and_stamp();
    let path = morgue::write(dir.path(), &game, &stamp, &date).unwrap();
    assert!(path.starts_with(dir.path()), "{}", path.display());
    assert!(path.to_string_lossy().contains("424242"), "the name carries the seed: {}", path.display());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), morgue::text(&game, &date));
}

// --- Automap ----------------------------------------------------------------------------------------

fn explored_cells(game: &Game) -> BTreeSet<Pos> {
    game.map().cells().filter(|&p| game.is_explored(p)).collect()
}

#[test]
fn the_automap_marks_exactly_the_cells_the_field_of_view_revealed() {
    let mut descents = 0;
    for seed in 0..24u64 {
        let mut rng = driver(seed ^ 0x3a9);
        let mut game = Game::new_at_depth(seed, 1 + (seed % 6) as u32);
        sturdy(&mut game);
        let mut seen: BTreeSet<Pos> = game.visible_cells().into_iter().collect();
        assert_eq!(explored_cells(&game), seen, "seed {seed}: a new level remembers only the first view");
        for step in 0..400 {
            let depth = game.depth();
            let action = Bot::WANDERER.decide(&game, &mut rng);
            game.act(action);
            if game.depth() != depth {
                descents += 1;
                seen.clear(); // a new level starts with an empty map
            }
            let visible = game.visible_cells();
            assert!(
                visible.contains(&game.player().pos),
                "seed {seed}, step {step}: the player sees their cell"
            );
            seen.extend(visible);
            let explored = explored_cells(&game);
            if explored != seen {
                let extra: Vec<_> = explored.difference(&seen).take(5).collect();
                let missing: Vec<_> = seen.difference(&explored).take(5).collect();
                panic!("seed {seed}, step {step} ({action:?}): explored but never seen {extra:?}, seen but not explored {missing:?}");
            }
        }
    }
    assert!(descents >= 24, "the walks must cover descents, found {descents}");
}

#[test]
fn descending_forgets_the_old_level_and_remembers_only_the_first_view_of_the_new() {
    let map = Map::from_rows(&["#####", "#..>#", "#####"]).unwrap();
    let mut game = Game::from_map(map, Pos::new(1, 1), Facing::East);
    game.act(Action::MoveForward);
    game.act(Action::MoveForward);
    assert!(game.on_exit());
    game.act(Action::Interact);
    assert_eq!(game.depth(), 2);
    let visible: BTreeSet<Pos> = game.visible_cells().into_iter().collect();
    assert!(!visible.is_empty());
    assert_eq!(explored_cells(&game), visible);
}

#[test]
fn the_automap_survives_save_and_load() {
    let dir = TempDir::new("automap-saved");
    let game = mid_run(55);
    run_save::save(dir.path(), &game).unwrap();
    let Ok(run_save::Loaded::Game(back)) = run_save::load(dir.path()) else { panic!("the save loads") };
    assert_eq!(explored_cells(&back), explored_cells(&game));
    assert!(explored_cells(&back).len() > 1);
}
