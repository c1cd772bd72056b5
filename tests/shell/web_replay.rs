//! Issue 36: the same game, bit for bit, in the browser. The rules built for wasm32
//! (`web/replay`) replay every committed crawler recording and reactor solution in Node, and each
//! must end in the state hash the desktop build reaches. In CI a missing Node or wasm32 target
//! fails; elsewhere the test says loudly how to install them and skips.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Fails in CI, says how to get it and skips elsewhere.
fn missing(what: &str, install: &str) -> Option<PathBuf> {
    let message =
        format!("{what} is missing, so the browser replay check cannot run; install it with: {install}");
    assert!(std::env::var("CI").is_err(), "{message}");
    eprintln!("SKIPPED (not CI): {message}");
    None
}

/// Builds the rules for wasm32 in a target folder of their own (the outer `cargo test` holds the
/// usual one) and returns the module's path.
fn rules_wasm() -> Option<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target_dir = root().join("target").join("web");
    let out = Command::new(&cargo)
        .current_dir(root())
        .env("CARGO_TARGET_DIR", &target_dir)
        .args([
            "build",
            "--quiet",
            "-p",
            "hollowdeep-replay",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .output()
        .expect("cargo runs");
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stderr.contains("target may not be installed") || stderr.contains("can't find crate for `core`") {
            return missing("the wasm32-unknown-unknown target", "rustup target add wasm32-unknown-unknown");
        }
        panic!("the rules do not build for wasm32:\n{stderr}");
    }
    Some(target_dir.join("wasm32-unknown-unknown/release/hollowdeep_replay.wasm"))
}

fn files(dir: &str, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    found.sort();
    found
}

/// Every committed recording and solution as a job for the Node runner, with the hash the desktop
/// build reaches (by the same code, compiled natively).
fn jobs() -> Vec<(String, String)> {
    let mut jobs = Vec::new();
    for dir in ["tests/fixtures/recordings", "docs/recordings"] {
        for path in files(dir, ".hdrec") {
            let text = std::fs::read_to_string(&path).unwrap();
            let hash =
                hollowdeep_replay::crawler_hash(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            jobs.push((format!("crawler:{}", path.display()), format!("{hash:x}")));
        }
    }
    for solution in files("assets/reactor", ".solution.json") {
        let level = PathBuf::from(solution.to_string_lossy().replace(".solution.json", ".json"));
        let text = std::fs::read_to_string(&solution).unwrap();
        let hash = hollowdeep_replay::reactor_hash(&std::fs::read(&level).unwrap(), &text)
            .unwrap_or_else(|e| panic!("{}: {e}", solution.display()));
        jobs.push((format!("reactor:{}:{}", level.display(), solution.display()), format!("{hash:x}")));
    }
    jobs
}

#[test]
fn every_recording_and_solution_replays_to_the_same_hash_in_wasm_as_natively() {
    let node_works = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !node_works && missing("Node.js", "apt-get install nodejs").is_none() {
        return;
    }
    let Some(wasm) = rules_wasm() else { return };
    let jobs = jobs();
    assert!(jobs.len() >= 15, "expected the committed recordings and solutions, found {}", jobs.len());
    let out = Command::new("node")
        .arg(root().join("tests/web/replay.mjs"))
        .arg(&wasm)
        .args(jobs.iter().map(|(job, _)| job))
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the Node runner failed: {}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), jobs.len(), "one line per job:\n{stdout}");
    for ((job, native), line) in jobs.iter().zip(&lines) {
        let in_wasm = line.rsplit(' ').next().unwrap_or("");
        assert_eq!(in_wasm, native, "{job}: the browser's rules reach another state than the desktop's");
    }
}
