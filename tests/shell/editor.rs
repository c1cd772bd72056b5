//! `hollowdeep reactor --edit`: a file the editor cannot open, or flags that do not fit together,
//! get one sentence on stderr and a non-zero exit before any window opens.

use std::process::Command;

fn hollowdeep() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hollowdeep-editor-cli-{}-{name}", std::process::id()))
}

#[test]
fn a_bad_level_file_for_the_editor_is_one_sentence_and_exit_2() {
    let broken = temp_path("broken.json");
    std::fs::write(&broken, "{ \"schema\": 1, \"width\": ").unwrap();
    let missing = temp_path("missing.json");
    let broken = broken.to_string_lossy().into_owned();
    let missing = missing.to_string_lossy().into_owned();
    let cases: Vec<Vec<&str>> = vec![
        vec!["reactor", "--edit", &missing],
        vec!["reactor", "--edit", &broken],
        vec!["reactor", "--edit", &broken, "--headless", "--screenshot", "x.png"],
        vec!["reactor", "--edit", "--layer", "lava"],
        vec!["reactor", "--layer", "fuel"],
        vec!["reactor", "--edit", "--headless"],
    ];
    for args in &cases {
        // No display: a case that wrongly reached the window would fail with another sentence.
        let out =
            hollowdeep().args(args).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?} exits 2");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: one line, got {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("display"), "{args:?}: {stderr}");
    }
    let out = hollowdeep().args(["reactor", "--edit", &missing]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("Cannot read"), "names the problem");
    let _ = std::fs::remove_file(&broken);
}

/// The level built with the mouse in the walk-through (docs/reactor-editor-walkthrough.md), as the
/// editor saved it, loads and plays to Won: two steps east onto the reactor control, activate.
#[test]
fn the_walkthrough_level_saved_by_the_editor_plays_to_won() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/editor/walkthrough-level.json");
    let out = hollowdeep()
        .args(["reactor", "--headless", "--level", level, "--actions", "move:E move:E activate"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("state: Won"), "{stdout}");
    let validate = hollowdeep().args(["reactor", "--validate", level]).output().unwrap();
    assert!(validate.status.success() && validate.stdout.is_empty(), "no errors and no warnings");
}
