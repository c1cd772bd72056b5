//! The daily run: a date's dungeon never changes between versions (a committed catalog pins a few),
//! and a share line checks against the recording of its run.

use hollowdeep::app::crawler::daily::seed_of;
use hollowdeep::game::save::state_hash;
use hollowdeep::game::Game;
use std::process::Command;

#[test]
fn the_catalog_pins_each_dates_seed_and_first_level() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/daily/catalog.json");
    let text = std::fs::read_to_string(path).expect("the committed catalog exists");
    let catalog: serde_json::Value = serde_json::from_str(&text).unwrap();
    let dates = catalog["dates"].as_array().expect("a list of dates");
    assert!(dates.len() >= 3);
    for entry in dates {
        let date = entry["date"].as_str().unwrap();
        let seed = entry["seed"].as_u64().unwrap();
        assert_eq!(seed_of(date), seed, "the seed of {date} changed");
        let first = format!("{:016x}", state_hash(&Game::start_run(seed, 1)));
        assert_eq!(first, entry["first_level_state"].as_str().unwrap(), "the first level of {date} changed");
        assert!(Game::new(seed) == Game::start_run(seed, 1), "the title's daily run is the command line's");
    }
}

#[test]
fn a_share_line_checks_against_its_recording_and_nothing_else() {
    let dir = std::env::temp_dir().join(format!("hollowdeep-daily-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("daily.rec");
    let bin = env!("CARGO_BIN_EXE_hollowdeep");
    let out = Command::new(bin)
        .args(["--headless", "--daily", "--keys", "W W D W C", "--record", rec.to_str().unwrap()])
        .env("HOLLOWDEEP_HOME", &dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().find(|l| l.starts_with("Hollowdeep daily ")).expect("a share line").to_string();
    let verify = |line: &str| {
        Command::new(bin).args(["--verify-daily", line, "--replay", rec.to_str().unwrap()]).output().unwrap()
    };
    let ok = verify(&line);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let bumped = line.replace(" turns,", "1 turns,");
    let refused = verify(&bumped);
    assert_eq!(refused.status.code(), Some(1), "a line the recording does not end at is refused");
    assert_eq!(String::from_utf8_lossy(&refused.stderr).lines().count(), 1);
    let other_day = line.replacen("daily 2", "daily 1", 1);
    assert_eq!(verify(&other_day).status.code(), Some(1), "another date's line is refused");
    let _ = std::fs::remove_dir_all(&dir);
}
