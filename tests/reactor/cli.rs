//! The headless driver: `hollowdeep reactor --headless --level FILE --actions ... --dump-state OUT`,
//! its dump fields, and one-sentence failures without panics.

use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/reactor/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn headless_run_dumps_the_whole_state() {
    let out_path = std::env::temp_dir().join(format!("reactor-dump-{}.json", std::process::id()));
    let out = bin()
        .args([
            "reactor",
            "--headless",
            "--level",
            &fixture("valve.json"),
            "--actions",
            "move:E move:N interact repair",
            "--dump-state",
        ])
        .arg(&out_path)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&out_path).expect("dump written");
    let _ = std::fs::remove_file(&out_path);
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    for key in [
        "level_state",
        "robot",
        "inventory",
        "surface",
        "underground",
        "props",
        "leaks",
        "forecasts",
        "state_hash",
    ] {
        assert!(v.get(key).is_some(), "dump has {key}");
    }
    for key in ["amount", "intensity", "integrity", "state"] {
        assert!(v["underground"]["fuel"][0].get(key).is_some(), "underground cells have {key}");
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("hash: "), "{stdout}");
    assert!(
        stdout.contains("refused: "),
        "the repair away from the leak is refused with a sentence: {stdout}"
    );
}

#[test]
fn bad_input_gives_one_sentence_and_a_non_zero_exit() {
    for args in [
        vec!["reactor", "--frobnicate"],
        vec!["reactor", "--headless"],
        vec!["reactor", "--headless", "--level", "/no/such/file.json"],
        vec!["reactor", "--headless", "--level", &fixture("valve.json"), "--actions", "fly:N"],
    ] {
        let out = bin().args(&args).output().expect("runs");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_refused_without_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let out = bin().arg("reactor").arg(std::ffi::OsStr::from_bytes(b"--level\xff")).output().expect("runs");
    assert!(!out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

fn shipped(name: &str) -> String {
    format!("{}/assets/reactor/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The `hash:` line of a headless run's output.
fn hash_line(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).lines().find(|l| l.starts_with("hash: ")).unwrap_or("").to_string()
}

#[test]
fn a_recorded_solution_replays_to_the_same_state_and_only_on_its_level() {
    let sol = std::env::temp_dir().join(format!("reactor-solution-{}.json", std::process::id()));
    let actions = std::fs::read_to_string(shipped("01-first-light.actions")).unwrap();
    let played = bin()
        .args(["reactor", "--headless", "--level", &shipped("01-first-light.json"), "--actions", &actions])
        .arg("--record")
        .arg(&sol)
        .output()
        .expect("runs");
    assert!(played.status.success());
    assert!(String::from_utf8_lossy(&played.stdout).contains("state: Won"));
    let replayed = bin()
        .args(["reactor", "--headless", "--level", &shipped("01-first-light.json"), "--replay"])
        .arg(&sol)
        .output()
        .expect("runs");
    assert!(replayed.status.success());
    assert!(!hash_line(&played).is_empty());
    assert_eq!(hash_line(&replayed), hash_line(&played));
    let elsewhere = bin()
        .args(["reactor", "--headless", "--level", &shipped("06-isolate.json"), "--replay"])
        .arg(&sol)
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&sol);
    assert_eq!(elsewhere.status.code(), Some(2));
    let err = String::from_utf8_lossy(&elsewhere.stderr);
    assert!(err.contains("level hash") && !err.contains("panicked"), "{err}");
}

#[test]
fn a_share_code_finds_its_built_in_level_and_replays_to_the_same_state() {
    let solution = shipped("06-isolate.solution.json");
    let played = bin()
        .args(["reactor", "--headless", "--level", &shipped("06-isolate.json"), "--replay", &solution])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&played.stdout).to_string();
    let code = stdout.lines().find_map(|l| l.strip_prefix("code: ")).expect("a code line").to_string();
    // Typed by hand: lower case, spaces for dashes.
    let typed = code.to_lowercase().replace('-', " ");
    let replayed = bin().args(["reactor", "--headless", "--replay-code", &typed]).output().expect("runs");
    assert!(replayed.status.success(), "{}", String::from_utf8_lossy(&replayed.stderr));
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("state: Won"));
    assert_eq!(hash_line(&replayed), hash_line(&played));
    let other = shipped("07-pressure.json");
    // One character mistyped in the middle.
    let mut damaged = code.clone();
    let at = damaged.len() / 2;
    let was = damaged.as_bytes()[at];
    damaged.replace_range(at..at + 1, if was == b'7' { "8" } else { "7" });
    let refusals = [
        (vec!["--replay-code", code.as_str(), "--level", other.as_str()], "for another level"),
        (vec!["--replay-code", damaged.as_str()], "damaged"),
        (vec!["--replay-code", "hello"], "starts with RM1-"),
    ];
    for (args, why) in refusals {
        let out = bin().args(["reactor", "--headless"]).args(&args).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let last = err.lines().last().unwrap_or("");
        assert!(last.contains(why) && last.len() <= 200 && !err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_size_is_one_sentence_and_exit_2() {
    let out = bin()
        .args(["reactor", "--headless", "--level", &shipped("01-first-light.json"), "--size", "10x10"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size wants"));
}

/// The recorded par of a shipped level, from the campaign manifest.
fn manifest_par(file: &str) -> u32 {
    let text = std::fs::read_to_string(shipped("campaign.json")).unwrap();
    let c = hollowdeep::reactor::campaign::Campaign::parse(&text).unwrap();
    let par = c.entries().map(|(_, e)| e).find(|e| e.file == file).expect("listed").par;
    par
}

#[test]
fn solve_prints_the_shortest_line_its_par_nodes_and_seconds_and_writes_a_solution_that_replays() {
    let sol = std::env::temp_dir().join(format!("reactor-solve-{}.solution.json", std::process::id()));
    let out = bin()
        .args(["reactor", "--solve", &shipped("01-first-light.json"), "--write-solution"])
        .arg(&sol)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let line = |key: &str| {
        stdout.lines().find_map(|l| l.strip_prefix(key)).unwrap_or_else(|| panic!("no {key} in {stdout}"))
    };
    assert_eq!(line("par: ").parse::<u32>().unwrap(), manifest_par("01-first-light.json"));
    assert!(line("nodes: ").parse::<u64>().is_ok());
    assert!(line("seconds: ").parse::<f64>().is_ok());
    let actions = line("solution: ").to_string();
    assert!(actions.ends_with("activate"), "{actions}");
    // The authoring reading of the line: its shape, and the rules it keeps.
    assert!(line("shape: ").ends_with("activate reactor"), "{stdout}");
    assert_eq!(line("authoring: "), "ok", "the first level keeps every rule");
    // The written file replays through the headless driver to a win, as do the printed actions.
    for extra in [vec!["--replay".to_string(), sol.display().to_string()], vec!["--actions".into(), actions]]
    {
        let played = bin()
            .args(["reactor", "--headless", "--level", &shipped("01-first-light.json")])
            .args(&extra)
            .output()
            .expect("runs");
        assert!(String::from_utf8_lossy(&played.stdout).contains("state: Won"), "{extra:?}");
    }
    let _ = std::fs::remove_file(&sol);
}

#[test]
fn solve_first_actions_prints_each_one_and_what_its_pulse_shows() {
    let out = bin()
        .args(["reactor", "--solve", &shipped("06-isolate.json"), "--first-actions"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let firsts: Vec<&str> = stdout.lines().filter(|l| l.starts_with("first: ")).collect();
    assert!(firsts.len() >= 2, "{stdout}");
    assert!(firsts.iter().any(|l| l.contains(": plausible: still winnable in ")), "{stdout}");
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("    visible: ")).count(),
        firsts.len(),
        "each first action says what its pulse changed visibly"
    );
    assert!(stdout.contains("plausible first actions: "), "{stdout}");
}

/// Three lengthy actions needed (source on, consumer on, activate): a node limit of one cannot prove it.
const LINE: &str = "[surface]\n########\n#a.b..r#\n#......#\n########\n[fuel]\n........\n.======.\n........\n........\n[props]\na flow fuel off\nb consumer off\nr reactor\n[level]\nid line\nrequired 1 0 0\nrobot 1 2 0 false\n";

#[test]
fn solve_under_a_tight_bound_says_not_proven_and_exits_1() {
    let map = std::env::temp_dir().join(format!("reactor-line-{}.txt", std::process::id()));
    std::fs::write(&map, LINE).unwrap();
    let run = |limit: &str| {
        bin().arg("reactor").arg("--solve").arg(&map).args(["--node-limit", limit]).output().expect("runs")
    };
    let tight = run("1");
    let free = run("100000");
    let _ = std::fs::remove_file(&map);
    assert_eq!(tight.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&tight.stdout);
    assert!(stdout.contains("bounded: not proven") && !stdout.contains("par: "), "{stdout}");
    assert!(free.status.success(), "{}", String::from_utf8_lossy(&free.stderr));
    assert!(String::from_utf8_lossy(&free.stdout).contains("par: 3"));
}

#[test]
fn solve_bad_input_gives_one_sentence_and_a_non_zero_exit() {
    for args in [
        vec!["reactor", "--solve"],
        vec!["reactor", "--solve", "/no/such/level.json"],
        vec!["reactor", "--solve", &fixture("valve.json"), "--node-limit", "many"],
        vec!["reactor", "--solve", &fixture("valve.json"), "--node-limit", "0"],
        vec!["reactor", "--first-actions"],
        vec!["reactor", "--write-solution", "/tmp/x.solution.json"],
        vec![
            "reactor",
            "--solve",
            &shipped("01-first-light.json"),
            "--write-solution",
            "/no/such/dir/x.json",
        ],
    ] {
        let out = bin().args(&args).output().expect("runs");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let ours: Vec<&str> = err.lines().filter(|l| l.starts_with("hollowdeep reactor: ")).collect();
        assert_eq!(ours.len(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
