//! Opens the real window under Xvfb, presents frames and checks that it exits by itself.

use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

fn xvfb_available() -> bool {
    Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success())
}

/// Runs the window with `args` until it has presented `frames` frames, with settings and saves in a
/// folder of the test's own (never the real home), and checks it said so; returns its stderr.
/// `None` when Xvfb is missing outside CI (after a loud message); under `CI=true` that is a failure.
fn presents_frames(name: &str, args: &[&str], frames: u64) -> Option<String> {
    let (stderr, home) = window_run(name, args, frames)?;
    let _ = std::fs::remove_dir_all(&home);
    Some(stderr)
}

/// [`presents_frames`] that leaves the test's home folder for the caller to look into (and remove).
fn window_run(name: &str, args: &[&str], frames: u64) -> Option<(String, std::path::PathBuf)> {
    if !xvfb_available() {
        let advice = "xvfb-run is missing: install it with `apt-get install -y xvfb xauth mesa-vulkan-drivers libvulkan1`";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{advice} (CI=true, so this is a failure)");
        eprintln!("\n!!!!!!!! SKIPPING the window test {name}: {advice} !!!!!!!!\n");
        return None;
    }
    let home = std::env::temp_dir().join(format!("hollowdeep-{name}-{}", std::process::id()));
    let frames_arg = frames.to_string();
    let flags = [args, &["--size", "640x360", "--quit-after-frames", &frames_arg]].concat();
    let out = run_under_xvfb(&[], &home, &flags);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the window run failed:\nstdout: {stdout}\nstderr: {stderr}");
    assert!(stdout.contains(&format!("Presented {frames} frames.")), "stdout: {stdout}\nstderr: {stderr}");
    Some((stderr.into_owned(), home))
}

/// Where this test's search for a free display number starts. `xvfb-run -a` alone starts every
/// search at 99, so window tests started together raced for one number and a game could be handed
/// a display whose server was another test's (CI, stop 45: "Failed to open connection to X
/// server"). Each test starts its own search, apart from the others and from other test processes.
fn display_search_start() -> String {
    static TESTS_STARTED: AtomicU32 = AtomicU32::new(0);
    let this_test = TESTS_STARTED.fetch_add(1, Ordering::Relaxed);
    (100 + (std::process::id() % 200) * 20 + this_test % 20).to_string()
}

/// The game under Xvfb (through `wrapper`, a command that runs it, when there is one), with its
/// files in `home`; the caller adds the game's flags.
fn under_xvfb(wrapper: &[&str], home: &std::path::Path) -> Command {
    let mut command = Command::new("xvfb-run");
    command
        // `-n` before `-a`: xvfb-run reads its flags in order and `-a` searches from the number set.
        .args(["-n", &display_search_start(), "-a", "-s", "-screen 0 1280x720x24"])
        .args(wrapper)
        .arg(env!("CARGO_BIN_EXE_hollowdeep"))
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env("HOLLOWDEEP_HOME", home);
    command
}

/// What the game says when it cannot reach its X server (`app::shell::window`).
const NO_WINDOW_SYSTEM: &str = "Could not open the window system";

/// [`under_xvfb`] with `flags`, run to its end. Under load (CI runs the GPU tests beside these) a
/// game now and then cannot connect to the Xvfb that xvfb-run has just said is ready ("Failed to
/// open connection to X server"); the cause lies between xvfb-run and Xvfb, not in the game,
/// whose answer (one sentence, exit 1) another test checks. That run is tried again on a fresh
/// server, at most twice, saying so.
fn run_under_xvfb(wrapper: &[&str], home: &std::path::Path, flags: &[&str]) -> std::process::Output {
    let mut tries = 0;
    loop {
        let out = under_xvfb(wrapper, home).args(flags).output().expect("xvfb-run starts");
        tries += 1;
        if tries == 3 || !String::from_utf8_lossy(&out.stderr).contains(NO_WINDOW_SYSTEM) {
            return out;
        }
        eprintln!("!!!! the game could not reach its Xvfb; trying once more on a fresh one !!!!");
        let _ = std::fs::remove_dir_all(home);
    }
}

#[test]
fn the_window_presents_frames_and_quits_by_itself() {
    presents_frames("smoke", &["--seed", "3"], 20);
}

/// With no flag the window opens on the title screen, which presents frames like a run.
#[test]
fn the_title_screen_presents_frames_and_quits_by_itself() {
    presents_frames("title-smoke", &[], 10);
}

/// The reactor level editor opens in the window (a new level, egui over the board) and presents
/// frames like a run.
#[test]
fn the_level_editor_presents_frames_and_quits_by_itself() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/reactor/06-isolate.json");
    presents_frames("editor-smoke", &["reactor", "--edit", level], 10);
    presents_frames("editor-new-smoke", &["reactor", "--edit"], 10);
}

/// `--sanity` works in the window too: a practice run at that sanity.
#[test]
fn a_practice_run_at_low_sanity_opens_in_the_window() {
    presents_frames("sanity-smoke", &["--seed", "3", "--sanity", "30"], 10);
}

/// Issue 15: Xvfb has no sound card. The window still opens and says so in at most one line; the
/// sound library's own complaints never reach the player.
#[test]
fn without_a_sound_device_the_window_starts_and_says_so_once_at_most() {
    let Some(stderr) = presents_frames("no-sound-smoke", &["--seed", "3"], 10) else { return };
    let about_sound: Vec<&str> = stderr.lines().filter(|l| l.to_lowercase().contains("sound")).collect();
    assert!(about_sound.len() <= 1, "{stderr}");
    assert!(!stderr.contains("ALSA"), "{stderr}");
}

/// A reactor level opens on its board in the window.
#[test]
fn a_reactor_level_opens_in_the_window() {
    let level = format!("{}/assets/reactor/01-first-light.json", env!("CARGO_MANIFEST_DIR"));
    presents_frames("reactor-smoke", &["reactor", &level], 10);
}

/// A reactor solution replays in the window (recorded headless first).
#[test]
fn a_reactor_solution_replays_in_the_window() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let level = format!("{dir}/assets/reactor/01-first-light.json");
    let actions = std::fs::read_to_string(format!("{dir}/assets/reactor/01-first-light.actions")).unwrap();
    let sol = std::env::temp_dir().join(format!("hollowdeep-window-solution-{}.json", std::process::id()));
    let recorded = Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .args(["reactor", "--headless", "--level", &level, "--actions", &actions, "--record"])
        .arg(&sol)
        .output()
        .expect("runs");
    assert!(recorded.status.success());
    let sol_arg = sol.to_string_lossy().into_owned();
    presents_frames("reactor-replay-smoke", &["reactor", &level, "--replay", &sol_arg], 10);
    let _ = std::fs::remove_file(&sol);
}

/// Issue 31: `--record` in the window wrote nothing (the path was taken by the reactor's branch
/// before the screen was looked at). The run is also on disk while it is played.
#[test]
fn regression_the_window_writes_its_recording_and_keeps_the_run_on_disk() {
    let rec = std::env::temp_dir().join(format!("hollowdeep-window-record-{}.rec", std::process::id()));
    let _ = std::fs::remove_file(&rec);
    let Some((_, home)) = window_run("record-smoke", &["--seed", "3", "--record", rec.to_str().unwrap()], 5)
    else {
        return;
    };
    let text = std::fs::read_to_string(&rec).expect("the recording is written");
    assert!(hollowdeep::game::recording::Recording::from_text(&text).is_ok(), "{text}");
    let save = home.join("data").join("run.json");
    assert!(save.exists(), "a run in play is kept on disk, so a crash cannot lose it");
    let _ = std::fs::remove_dir_all(&home);
    let _ = std::fs::remove_file(&rec);
}

/// Runs a run of seed 3 in the window under Xvfb, waits for its window (`$w` in the script; the
/// game's process is `$pid`), runs the shell commands `then`, and waits for the game to end.
/// Returns its stdout, with the game's exit code as `exit=N`, its stderr, and the test's home
/// folder for the caller to look into and remove. `None` when xvfb-run or xdotool is missing
/// outside CI (after a loud message); under `CI=true` that is a failure.
fn drive_window(name: &str, then: &str) -> Option<(String, String, std::path::PathBuf)> {
    if !xvfb_available()
        || Command::new("sh").args(["-c", "command -v xdotool"]).output().is_ok_and(|o| !o.status.success())
    {
        let advice =
            "xvfb-run or xdotool is missing: install them with `apt-get install -y xvfb xauth xdotool`";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{advice} (CI=true, so this is a failure)");
        eprintln!("\n!!!!!!!! SKIPPING the window test {name}: {advice} !!!!!!!!\n");
        return None;
    }
    let home = std::env::temp_dir().join(format!("hollowdeep-{name}-{}", std::process::id()));
    let script = format!(
        r#""$0" "$@" & pid=$!
        for _ in $(seq 1 600); do w=$(xdotool search --name '^Hollowdeep$' 2>/dev/null | head -1); [ -n "$w" ] && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
        {then}; wait $pid; echo "exit=$?""#
    );
    let out = run_under_xvfb(&["sh", "-c", &script], &home, &["--seed", "3", "--size", "640x360"]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    Some((stdout, String::from_utf8_lossy(&out.stderr).into_owned(), home))
}

/// Issue 31: destroying the window (as a crashing window manager or a lost display would)
/// panicked in wgpu's surface configuration. Now the run is saved and one sentence says so.
#[test]
fn regression_a_destroyed_window_saves_the_run_and_says_so_in_one_sentence() {
    // Lets the window draw, then destroys it.
    let then = r#"sleep 1; xdotool windowclose "$w""#;
    let Some((stdout, stderr, home)) = drive_window("lost-window", then) else { return };
    let saved = home.join("data").join("run.json").exists();
    let _ = std::fs::remove_dir_all(&home);
    assert!(stdout.contains("exit=1"), "one sentence and exit 1, never a panic (101):\n{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Which way the loss reaches the game depends on timing: the surface or the window event
    // (usually), or the window system's own error. Either is one sentence that says the run is kept.
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("window")).collect();
    assert_eq!(said.len(), 1, "{stderr}");
    assert!(
        said[0] == "hollowdeep: The window was lost; the run was saved."
            || (said[0].starts_with("hollowdeep: The window system failed")
                && said[0].ends_with("; the run was saved.")),
        "{stderr}"
    );
    assert!(saved, "the run is on disk to continue");
}

/// Plays three turns in the window (C waits one), sends `signal` to the game, and returns what it
/// printed, once the save it left holds the turns played: `None` where the window tests are skipped.
fn three_turns_then_signal(name: &str, signal: &str) -> Option<(String, String)> {
    let then = format!(
        r#"sleep 2; xdotool windowfocus "$w"; for k in c c c; do xdotool key $k; sleep 0.5; done
        sleep 3; kill -{signal} $pid"#
    );
    let (stdout, stderr, home) = drive_window(name, &then)?;
    let saved = std::fs::read_to_string(home.join("data").join("run.json"));
    let _ = std::fs::remove_dir_all(&home);
    let saved: serde_json::Value = serde_json::from_str(&saved.expect("the run is on disk")).expect("a save");
    let turn = saved["game"]["turn"].as_u64().expect("the save has its turn");
    assert!((1..=3).contains(&turn), "the turns played are kept: turn {turn}\n{stderr}");
    Some((stdout, stderr))
}

/// A play-tester's `kill` ended a run three turns after its last save, and those turns were lost:
/// the run was saved every 25 turns. SIGTERM (as SIGINT and SIGHUP) now asks the window to end,
/// and it keeps the run as it stands, says so in one sentence and exits 0.
#[test]
fn regression_a_terminating_signal_saves_the_run_as_it_stands() {
    let Some((stdout, stderr)) = three_turns_then_signal("signal", "TERM") else { return };
    assert!(stdout.contains("exit=0"), "it ends as if the player had quit:\n{stdout}\n{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("signal")).collect();
    assert_eq!(said, ["hollowdeep: Asked to end by a signal; the run was saved."], "{stderr}");
}

/// The same play-tester's turns, lost to a `kill -9`, which no program can hear: every action is
/// now written (off the frame's thread) as it is played, so the save holds the turns played
/// (saved every 25 turns, the save of the start, turn 0, was all the kill left).
#[test]
fn regression_a_killed_window_keeps_the_turns_played() {
    let Some((stdout, stderr)) = three_turns_then_signal("killed", "KILL") else { return };
    assert!(stdout.contains("exit=137"), "killed:\n{stdout}\n{stderr}");
}
