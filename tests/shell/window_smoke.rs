//! Opens the real window under Xvfb, presents frames and checks that it exits by itself.

use std::process::Command;

fn xvfb_available() -> bool {
    Command::new("sh").args(["-c", "command -v xvfb-run"]).output().is_ok_and(|o| o.status.success())
}

/// Runs the window with `args` until it has presented `frames` frames, with settings and saves in a
/// folder of the test's own (never the real home), and checks it said so; returns its stderr.
/// `None` when Xvfb is missing outside CI (after a loud message); under `CI=true` that is a failure.
fn presents_frames(name: &str, args: &[&str], frames: u64) -> Option<String> {
    if !xvfb_available() {
        let advice = "xvfb-run is missing: install it with `apt-get install -y xvfb xauth mesa-vulkan-drivers libvulkan1`";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{advice} (CI=true, so this is a failure)");
        eprintln!("\n!!!!!!!! SKIPPING the window test {name}: {advice} !!!!!!!!\n");
        return None;
    }
    let home = std::env::temp_dir().join(format!("hollowdeep-{name}-{}", std::process::id()));
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_hollowdeep"))
        .args(args)
        .args(["--size", "640x360", "--quit-after-frames", &frames.to_string()])
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .env("HOLLOWDEEP_HOME", &home)
        .output()
        .expect("xvfb-run starts");
    let _ = std::fs::remove_dir_all(&home);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the window run failed:\nstdout: {stdout}\nstderr: {stderr}");
    assert!(stdout.contains(&format!("Presented {frames} frames.")), "stdout: {stdout}\nstderr: {stderr}");
    Some(stderr.into_owned())
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
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/reactor/03-isolate.json");
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
