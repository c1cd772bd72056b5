//! Architecture invariants that no compiler checks: the rules never reach for the screen, and their
//! state is never written to disk but through a format.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/game must exist") {
        let path = entry.expect("readable directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let is_ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !is_ident(before) && !is_ident(after)
    })
}

#[test]
fn src_game_never_names_wgpu_or_winit() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game"), &mut files);
    assert!(files.len() >= 5, "expected the game module's files, found {files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for banned in ["wgpu", "winit"] {
            assert!(!names_word(&text, banned), "{} names {banned}", file.display());
        }
    }
}

#[test]
fn src_game_reads_no_clock_and_no_global_rng() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for banned in ["Instant::now", "SystemTime", "thread_rng", "rand::rng()", "HashMap", "HashSet"] {
            assert!(!text.contains(banned), "{} uses {banned}", file.display());
        }
    }
}

/// STYLE 17: what goes to disk is a format, not a memory layout. In `src/game` only the save records,
/// the state dump and the recorded `Action` may name serde's traits; the state types never do, so a
/// field added to `Game` cannot reach a file without a record type saying so.
#[test]
fn only_the_formats_in_src_game_derive_serde() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let formats = ["save/mod.rs", "save/v1.rs", "dump.rs", "action.rs"];
    let mut formats_found = 0;
    for file in files {
        let name = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap();
        let serde = names_word(&text, "Serialize") || names_word(&text, "Deserialize");
        if formats.contains(&name.as_str()) {
            formats_found += usize::from(serde);
        } else {
            assert!(
                !serde,
                "src/game/{name} names serde: state is saved through src/game/save/ records only"
            );
        }
    }
    assert_eq!(formats_found, formats.len(), "the check saw every format file");
}

#[test]
fn the_word_check_can_fail() {
    assert!(names_word("use wgpu::Device;", "wgpu"));
    assert!(!names_word("use my_wgpu_thing;", "wgpu"));
}

#[test]
fn every_source_file_starts_with_a_doc_line() {
    let mut files = Vec::new();
    for dir in ["src", "tests"] {
        collect_all(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    }
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with("//!"), "{} must start with a //! line", file.display());
    }
}

fn collect_all(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_all(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn src_game_knows_no_key_names() {
    // `--keys` tokens and key names belong to the shell's key table (src/app/bindings.rs).
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game"), &mut files);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for banned in ["from_key_token", "\"SPACE\"", "KeyCode"] {
            assert!(!text.contains(banned), "{} names {banned}", file.display());
        }
    }
}

#[path = "architecture_support/imports.rs"]
mod imports;

use imports::{use_paths, ImportGraph};

fn source_graph() -> ImportGraph {
    ImportGraph::of_source(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn the_import_graph_of_src_has_no_circles() {
    let graph = source_graph();
    assert!(graph.edges.len() >= 60, "expected the crate's files, found {}", graph.edges.len());
    let cycles = graph.cycles();
    assert!(cycles.is_empty(), "files that import each other, directly or around a circle: {cycles:?}");
}

/// Rooms may import only the rooms below them: the engine (grid, scene, mode) knows no game and no
/// presentation; render knows no game's rules; a game knows no other game, no render and no shell.
#[test]
fn each_room_imports_only_the_rooms_it_may_see() {
    let graph = source_graph();
    let may_not: &[(&str, &[&str])] = &[
        ("grid", &["game", "reactor", "render", "audio", "app", "scene", "mode"]),
        ("scene", &["game", "reactor", "render", "audio", "app", "mode"]),
        ("mode", &["game", "reactor", "render", "audio", "app"]),
        ("render", &["game", "reactor", "audio", "app"]),
        // Audio is presentation like render: it hears scenes, never a game's rules or the shell.
        ("audio", &["game", "reactor", "render", "app", "mode"]),
        ("game", &["reactor", "render", "audio", "app"]),
        ("reactor", &["game", "render", "audio", "app"]),
    ];
    let mut checked = 0;
    for (module, targets) in &graph.edges {
        let Some(room) = module.first() else { continue };
        for (from, banned) in may_not {
            if room != from {
                continue;
            }
            checked += 1;
            for target in targets {
                let target_room = target.first().map(String::as_str).unwrap_or("");
                assert!(!banned.contains(&target_room), "{} imports {}", module.join("/"), target.join("/"));
            }
        }
    }
    assert!(checked >= 40, "only {checked} files were checked");
}

#[test]
fn no_render_file_names_a_game_even_in_tests() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render"), &mut files);
    assert!(files.len() >= 10);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for banned in ["crate::game", "crate::reactor", "hollowdeep::game"] {
            assert!(!text.contains(banned), "{} names {banned}", file.display());
        }
    }
}

/// The audio room hears plain data only, and one file of it names the sound library, so the
/// mixing code the tests listen to is the code the device plays.
#[test]
fn no_audio_file_names_a_game_and_only_the_device_names_kira() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/audio");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() >= 6, "expected the audio room's files, found {files:?}");
    let mut kira_files = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for banned in ["crate::game", "crate::reactor", "hollowdeep::game", "crate::app", "crate::render"] {
            assert!(!text.contains(banned), "{} names {banned}", file.display());
        }
        if names_word(&text, "kira") {
            kira_files.push(file.strip_prefix(&root).unwrap().to_string_lossy().into_owned());
        }
    }
    assert_eq!(kira_files, ["device.rs"]);
}

#[test]
fn the_import_reader_finds_what_a_circle_needs() {
    let paths = use_paths("use super::a::{b, c::{d, e as f}};\nuse crate::x as y;\n// a comment\n");
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["super::a::b", "super::a::c::d", "super::a::c::e", "crate::x"]);
    let dir = std::env::temp_dir().join(format!("hollowdeep-imports-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("room")).unwrap();
    std::fs::write(dir.join("lib.rs"), "//! x\npub mod room;\n").unwrap();
    std::fs::write(dir.join("room/mod.rs"), "//! x\npub mod a;\npub mod b;\n").unwrap();
    std::fs::write(dir.join("room/a.rs"), "//! x\nuse super::b::B;\npub struct A;\n").unwrap();
    std::fs::write(dir.join("room/b.rs"), "//! x\nuse crate::room::a::A;\npub struct B;\n").unwrap();
    let cycles = ImportGraph::of_source(&dir).cycles();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(cycles, vec![vec!["room/a".to_string(), "room/b".to_string()]]);
}

/// egui is the level editor's widget set and nothing else's: only files of the shell's editor
/// folder name it (and of those, only the painter names egui-wgpu), never a rules room, the scene
/// contract or the renderer, which hands its encoder to a caller without knowing who paints.
#[test]
fn only_the_editor_names_egui_and_only_its_painter_names_egui_wgpu() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut egui_files = Vec::new();
    let mut wgpu_files = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let rel = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        // Code names a crate by its path (`egui::Ui`); a comment saying "no egui" is no use of it.
        let uses = |krate: &str| {
            text.match_indices(&format!("{krate}::"))
                .any(|(i, _)| !text[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_'))
        };
        if ["egui", "egui_wgpu", "egui_winit"].iter().any(|k| uses(k)) {
            egui_files.push(rel.clone());
        }
        if uses("egui_wgpu") {
            wgpu_files.push(rel);
        }
    }
    assert!(!egui_files.is_empty(), "the editor names egui somewhere");
    for f in &egui_files {
        assert!(f.starts_with("app/reactor/editor/"), "{f} names egui outside the editor");
    }
    assert_eq!(wgpu_files, ["app/reactor/editor/painter.rs"]);
}

/// The calls that put bytes on disk by themselves, bypassing `app::persist::writer`.
const STRAY_WRITES: [&str; 5] =
    ["fs::write(", "File::create(", "OpenOptions::new(", "fs::rename(", "fs::copy("];

/// The part of a source file that ships: everything before its `#[cfg(test)]` module, whose
/// fixtures may write what they like.
fn shipped_part(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests").map_or(text, |at| &text[..at])
}

fn stray_writes(text: &str) -> Vec<&'static str> {
    STRAY_WRITES.into_iter().filter(|call| shipped_part(text).contains(call)).collect()
}

/// Issue 31: every file the program writes goes through the one writer (temporary, sync, rename;
/// links followed; devices and pipes written into), so no output can be left half-written.
#[test]
fn every_write_in_src_goes_through_the_one_writer() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let writer = Path::new("src/app/persist/writer.rs");
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with(writer)) {
        let stray = stray_writes(&std::fs::read_to_string(file).unwrap());
        if !stray.is_empty() {
            found.push(format!("{}: {stray:?}", file.display()));
        }
    }
    assert!(found.is_empty(), "write through app::persist::writer instead:\n{}", found.join("\n"));
}

#[test]
fn the_stray_write_check_can_fail() {
    assert_eq!(stray_writes("fn f() { std::fs::write(p, b) }"), ["fs::write("]);
    assert!(stray_writes("fn f() {}\n#[cfg(test)]\nmod tests { fn g() { std::fs::write(p, b) } }").is_empty());
}
