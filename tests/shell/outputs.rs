//! What the program's outputs do to the paths they are given: a link stays a link, a pipe or
//! `/dev/stdout` is written into, and a write killed or refused at any system call leaves the old
//! file or the whole new one (strace's fault injection stands in for a kill or a full disk).

use std::path::{Path, PathBuf};
use std::process::Command;

fn hollowdeep() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hollowdeep-outputs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const LEVEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/reactor/06-isolate.json");

/// Every output flag, as (name, arguments writing to `out`). Each writes through the one writer.
fn outputs(out: &Path) -> Vec<(&'static str, Vec<String>)> {
    let out = out.display().to_string();
    let crawler =
        |flag: &str| ["--headless", "--seed", "5", "--keys", "W W D", flag, &out].map(String::from).to_vec();
    let reactor = |flag: &str| {
        ["reactor", "--headless", "--level", LEVEL, "--actions", "interact", flag, &out]
            .map(String::from)
            .to_vec()
    };
    vec![
        ("crawler --dump-state", crawler("--dump-state")),
        ("crawler --record", crawler("--record")),
        ("reactor --dump-state", reactor("--dump-state")),
        ("reactor --record", reactor("--record")),
        ("reactor --save", reactor("--save")),
        (
            "reactor --write-solution",
            ["reactor", "--solve", LEVEL, "--write-solution", &out].map(String::from).to_vec(),
        ),
    ]
}

#[test]
fn dump_state_to_dev_stdout_goes_to_standard_output() {
    let home = folder("stdout");
    let out = hollowdeep()
        .args(["--headless", "--seed", "5", "--keys", "W", "--dump-state", "/dev/stdout"])
        .env("HOLLOWDEEP_HOME", &home)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&home);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("\"seed\": 5"), "the dump reaches the pipe: {stdout}");
}

#[test]
fn regression_an_output_through_a_symlink_replaces_the_target_and_keeps_the_link() {
    let dir = folder("links");
    for (i, (name, _)) in outputs(Path::new("x")).into_iter().enumerate() {
        let target = dir.join(format!("target-{i}"));
        let link = dir.join(format!("link-{i}"));
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let args = outputs(&link).swap_remove(i).1;
        let out = hollowdeep().args(&args).env("HOLLOWDEEP_HOME", dir.join("home")).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "{name}: the link stays");
        assert_ne!(std::fs::read_to_string(&target).unwrap(), "old", "{name}: the target was written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_an_output_into_a_pipe_is_written_into_it_not_replaced() {
    let dir = folder("fifo");
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let wav = hollowdeep()
        .args(["--headless", "--seed", "5", "--keys", "W", "--audio-out", fifo.to_str().unwrap()])
        .env("HOLLOWDEEP_HOME", dir.join("home"))
        .output()
        .unwrap();
    assert!(wav.status.success(), "{}", String::from_utf8_lossy(&wav.stderr));
    // Checked before waiting on the reader, which would wait forever for a replaced fifo.
    assert!(
        !std::fs::metadata(&fifo).unwrap().is_file(),
        "the fifo is still a fifo, as /dev/null would stay a device"
    );
    let got = reader.join().unwrap();
    assert!(got.starts_with(b"RIFF") && got.len() > 44 + 1000, "a streamed WAV came through the pipe");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The system calls a write goes through, each made to fail or to kill the process in turn.
const FAULTS: &[&str] =
    &["write:error=ENOSPC", "write:signal=SIGKILL", "fsync:error=EIO", "rename:signal=SIGKILL"];

/// How many occurrences of each call are tried: the program's own writes (messages on stdout)
/// come before and after the file's.
const OCCURRENCES: u32 = 6;

fn strace_available() -> bool {
    Command::new("sh").args(["-c", "command -v strace"]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn a_write_killed_or_refused_at_any_system_call_leaves_the_old_file_or_the_whole_new_one() {
    if !strace_available() {
        let advice = "strace is missing: install it with `apt-get install -y strace`";
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{advice} (CI=true, so this is a failure)");
        eprintln!("\n!!!!!!!! SKIPPING the fault-injection test: {advice} !!!!!!!!\n");
        return;
    }
    let dir = folder("faults");
    let out = dir.join("out.file");
    for (name, args) in outputs(&out) {
        let _ = std::fs::remove_file(&out);
        let clean = hollowdeep().args(&args).env("HOLLOWDEEP_HOME", dir.join("home")).output().unwrap();
        assert!(clean.status.success(), "{name}: {}", String::from_utf8_lossy(&clean.stderr));
        let new = std::fs::read(&out).unwrap();
        let old = b"the older file, which must survive whole".to_vec();
        for fault in FAULTS {
            for when in 1..=OCCURRENCES {
                std::fs::write(&out, &old).unwrap();
                let (call, _) = fault.split_once(':').unwrap();
                let status = Command::new("strace")
                    .args(["-f", "-o", "/dev/null", "-e", &format!("trace={call}")])
                    .arg("-e")
                    .arg(format!("inject={fault}:when={when}"))
                    .arg(env!("CARGO_BIN_EXE_hollowdeep"))
                    .args(&args)
                    .env("HOLLOWDEEP_HOME", dir.join("home"))
                    .output()
                    .unwrap();
                let now = std::fs::read(&out).unwrap_or_default();
                assert!(
                    now == old || now == new,
                    "{name} with {fault} at call {when}: the file is neither the old one nor the new one \
                     ({} bytes; stderr: {})",
                    now.len(),
                    String::from_utf8_lossy(&status.stderr)
                );
            }
        }
        // What killed writes left beside the output goes with the next write of it.
        let again = hollowdeep().args(&args).env("HOLLOWDEEP_HOME", dir.join("home")).output().unwrap();
        assert!(again.status.success());
        let left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .filter(|n| n.contains(".tmp-"))
            .collect();
        assert!(left.is_empty(), "{name}: temporaries left: {left:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 31: temporaries of killed writes were cleaned only in `data/` and `config/`, never in
/// `data/reactor/` where the reactor's records live.
#[test]
fn regression_a_start_removes_dead_temporaries_in_every_data_folder() {
    let home = folder("start-clean");
    // A pid far above any kernel's limit stands for a writer that was killed.
    let dead = [
        home.join("data/reactor/.best.json.tmp-4294967295"),
        home.join("data/screenshots/.shot.png.tmp-4294967295"),
        home.join("data/.run.json.tmp-4294967295"),
        home.join("config/.settings.json.tmp-4294967295"),
    ];
    for file in &dead {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, "half").unwrap();
    }
    let out = hollowdeep().arg("--scores").env("HOLLOWDEEP_HOME", &home).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in &dead {
        assert!(!file.exists(), "{} is left", file.display());
    }
    let _ = std::fs::remove_dir_all(&home);
}

/// An output in a folder that does not exist is refused before the run or the solve, in one
/// sentence, and no folder is made up.
#[test]
fn an_output_in_a_missing_folder_is_refused_before_any_work() {
    let missing = std::env::temp_dir().join(format!("hollowdeep-missing-{}", std::process::id()));
    let out = missing.join("x.json");
    let home = folder("missing-home");
    for (name, args) in outputs(&out) {
        let run = hollowdeep().args(&args).env("HOLLOWDEEP_HOME", &home).output().unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains("is not a folder"), "{name}: {err}");
        assert!(!missing.exists(), "{name}: no folder is made up");
    }
    let _ = std::fs::remove_dir_all(&home);
}
