//! Architecture invariant: the reactor's rules are pure. No file under src/reactor names the GPU, the
//! window, a clock, randomness, hash maps, fused multiply-add, egui, or the crawler and the renderer.

use std::path::Path;

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).filter(|w| !w.is_empty()).collect()
}

#[test]
fn src_reactor_names_nothing_impure() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/reactor");
    // Subfolders (the editor model in src/reactor/edit) are rules too.
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("src/reactor exists").flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 10, "the check found the files");
    let banned = [
        "wgpu",
        "winit",
        "rand",
        "rand_chacha",
        "Instant",
        "SystemTime",
        "HashMap",
        "HashSet",
        "mul_add",
        "thread_rng",
        "egui",
    ];
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        assert!(text.starts_with("//!"), "{f:?} starts with a //! line");
        for w in words(&text) {
            for b in banned {
                assert!(w != b && !w.starts_with(&format!("{b}::")), "{f:?} names {b}");
            }
            for room in ["crate::game", "crate::render", "crate::app"] {
                assert!(!w.starts_with(room), "{f:?} reaches into {room}");
            }
        }
    }
}
