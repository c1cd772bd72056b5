//! The binary's command-line contract: headless runs, state dumps and one-sentence errors.

use std::process::Command;

fn hollowdeep() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hollowdeep-cli-{}-{name}", std::process::id()))
}

#[test]
fn headless_keys_reach_the_dumped_state() {
    let dump = temp_path("state.json");
    let out = hollowdeep()
        .args(["--headless", "--seed", "5", "--keys", "E E Q C", "--dump-state"])
        .arg(&dump)
        .output()
        .unwrap();
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    std::fs::remove_file(&dump).ok();
    assert_eq!(json["seed"], 5);
    assert_eq!(json["depth"], 1);
    assert_eq!(json["turn"], 1, "turning is free; only C took a turn");
    assert_eq!(json["status"], "playing");
    assert_eq!(json["player"]["facing"], "S");
    let rows = json["map"]["rows"].as_array().unwrap();
    assert_eq!(rows.len() as u64, json["map"]["height"].as_u64().unwrap());
    let (x, y) = (json["map"]["exit"][0].as_u64().unwrap(), json["map"]["exit"][1].as_u64().unwrap());
    assert_eq!(rows[y as usize].as_str().unwrap().as_bytes()[x as usize], b'>');
}

#[test]
fn depth_flag_starts_deeper() {
    let dump = temp_path("depth.json");
    let out = hollowdeep()
        .args(["--headless", "--seed", "1", "--depth", "13", "--dump-state"])
        .arg(&dump)
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    std::fs::remove_file(&dump).ok();
    assert_eq!(json["depth"], 13);
    assert_eq!(json["map"]["width"], 57);
}

#[test]
fn bad_input_gets_one_sentence_and_a_non_zero_exit() {
    let cases: &[&[&str]] = &[
        &["--seed", "banana"],
        &["--size", "wide"],
        &["--frobnicate"],
        &["--headless", "--keys", "W JUMP"],
        &["--headless", "--dump-state", "/nonexistent-dir/x/state.json"],
    ];
    for args in cases {
        let out = hollowdeep().args(*args).output().unwrap();
        assert!(!out.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: one line, got {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn without_a_display_the_window_says_what_to_do() {
    let out = hollowdeep().env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY").output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("xvfb-run") && stderr.contains("--headless"), "{stderr}");
}

#[test]
fn a_headless_recording_replays_to_the_same_state() {
    let rec = temp_path("run.rec");
    let out = hollowdeep()
        .args(["--headless", "--seed", "11", "--keys", "W W E W SPACE C D W Q W W 2 Z", "--record"])
        .arg(&rec)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = hollowdeep().args(["--headless", "--replay"]).arg(&rec).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && stdout.contains("Replay verified"), "{stdout}");

    // A recording whose actions were changed no longer reaches its recorded state.
    let text = std::fs::read_to_string(&rec).unwrap().replacen("MoveForward", "TurnLeft", 1);
    std::fs::write(&rec, text).unwrap();
    let out = hollowdeep().args(["--headless", "--replay"]).arg(&rec).output().unwrap();
    std::fs::remove_file(&rec).ok();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("diverged"));
}

#[test]
fn scores_print_a_table_from_the_profile() {
    let home = temp_path("home");
    let out = hollowdeep().arg("--scores").env("HOLLOWDEEP_HOME", &home).output().unwrap();
    std::fs::remove_dir_all(&home).ok();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Lifetime: 0 runs"));
}

#[test]
fn a_headless_death_prints_the_epitaph_and_dumps_dead() {
    let dump = temp_path("dead.json");
    let waits = vec!["C"; 400].join(" ");
    let out = hollowdeep()
        .args(["--headless", "--seed", "2", "--keys", &waits, "--dump-state"])
        .arg(&dump)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(hollowdeep::game::messages::EPITAPH), "{stdout}");
    assert!(stdout.contains("Score:"), "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    std::fs::remove_file(&dump).ok();
    assert_eq!(json["status"], "dead");
    assert!(json["score"].as_i64().unwrap() > 0);
    assert!(json["kills"].is_u64());
}

#[test]
fn simulate_plays_a_few_seeds_and_prints_every_section() {
    let out = hollowdeep().args(["--simulate", "3", "--seed", "11"]).output().unwrap();
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for section in [
        "Simulated 3 runs (seeds 11..=13)",
        "Depth reached: median",
        "Turns survived: median",
        "Causes of death",
        "Sanity bands",
        "100–80",
        "79–60",
        "59–40",
        "39–20",
        "19–0",
        "runs that went below 60%",
    ] {
        assert!(text.contains(section), "missing {section:?} in:\n{text}");
    }
}

#[test]
fn simulate_refuses_bad_input_with_one_sentence() {
    for args in [
        &["--simulate"][..],
        &["--simulate", "0"],
        &["--simulate", "lots"],
        &["--simulate", "2", "--headless"],
        &["--simulate", "2", "--record", "x.hdrec"],
    ] {
        let out = hollowdeep().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("--simulate") && !err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `--style NAME` plays that style alone, in its own block with its table of where runs end; a
/// name that is no style is one sentence on stderr and exit status 2.
#[test]
fn simulate_plays_one_style_by_name_and_refuses_others() {
    use hollowdeep::app::crawler::autoplayer::Style;
    for style in Style::ALL {
        let out = hollowdeep().args(["--simulate", "2", "--style", style.name()]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.matches("== Style: ").count(), 1, "{text}");
        assert!(text.contains(&format!("== Style: {} ==", style.name())), "{text}");
        assert!(text.contains("Where runs end"), "{text}");
    }
    let every = hollowdeep().args(["--simulate", "1"]).output().unwrap();
    let text = String::from_utf8(every.stdout).unwrap();
    assert_eq!(text.matches("== Style: ").count(), Style::ALL.len(), "{text}");
    for bad in ["sprint", "", "REST"] {
        let out = hollowdeep().args(["--simulate", "2", "--style", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{bad:?}: {err}");
        assert!(err.contains("--style") && err.trim_end().ends_with('.'), "{bad:?}: {err}");
        assert!(out.stdout.is_empty(), "{bad:?}: nothing simulated");
    }
}

/// The built-in player's run kept as a recording verifies when replayed headless, to the same
/// depth the simulator reported.
#[test]
fn a_simulated_run_can_be_recorded_and_replayed() {
    let dir = std::env::temp_dir().join(format!("hollowdeep-sim-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.hdrec");
    let out = hollowdeep().args(["--simulate", "1", "--seed", "3", "--record"]).arg(&path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let dump = dir.join("end.json");
    let replay = hollowdeep()
        .args(["--headless", "--replay"])
        .arg(&path)
        .arg("--dump-state")
        .arg(&dump)
        .output()
        .unwrap();
    assert!(replay.status.success(), "{}", String::from_utf8_lossy(&replay.stderr));
    let state: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&dump).unwrap()).unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    let depth = state["depth"].as_u64().unwrap();
    assert!(printed.contains(&format!("max {depth}")), "the report names depth {depth}:\n{printed}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A refused level points at `--validate FILE`, so `--validate` reads every form a level can be
/// loaded from, the ASCII layer form included.
#[test]
fn reactor_validate_reads_the_text_form_too() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/reactor/valve.txt");
    let out = hollowdeep().args(["reactor", "--validate", level]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_view_suite_goes_with_bench_only() {
    let out = hollowdeep().args(["--views"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--views") && err.lines().count() == 1, "{err}");
}

/// A refusal repeats a token shortened: a 5,000-character flag or key never becomes a line longer
/// than a screen.
#[test]
fn refusals_echo_long_tokens_shortened() {
    let long = "X".repeat(5000);
    for args in [
        vec!["--headless".to_string(), "--keys".into(), format!("W {long}")],
        vec!["--seed".into(), long.clone()],
        vec![format!("--{long}")],
        vec!["reactor".into(), format!("--{long}")],
        vec!["reactor".into(), "--headless".into(), "--level".into(), long.clone()],
    ] {
        let out = hollowdeep().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.chars().count() <= 260, "{} characters: {}", err.chars().count(), &err[..100]);
    }
}
