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
    let formats = ["save/mod.rs", "save/v1.rs", "dump.rs", "action.rs", "recording.rs"];
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

/// Issue 30: no two files of `src/` name each other, directly or around a circle, by a `use` line
/// or by an inline path, test modules included.
#[test]
fn the_import_graph_of_src_has_no_circles() {
    let graph = source_graph();
    assert!(graph.edges.len() >= 60, "expected the crate's files, found {}", graph.edges.len());
    let circles = graph.cycles();
    assert!(circles.is_empty(), "files that import each other, directly or around a circle: {circles:?}");
}

/// The rooms of `src/` and the rooms each may import. Every folder and file at the top of `src/` is
/// a room and must be named here: the engine (grid, scene, mode) knows no game and no presentation;
/// render knows no game's rules; audio hears scenes only; a game knows no other game, no render and
/// no shell; the shell (app) sees everything, and the crate roots only declare and call it.
const ROOMS: &[(&str, &[&str])] = &[
    ("grid", &[]),
    ("scene", &["grid"]),
    ("mode", &["grid", "scene"]),
    ("render", &["grid", "scene", "mode"]),
    // Audio is presentation like render: it hears scenes, never a game's rules or the shell.
    ("audio", &["grid", "scene"]),
    ("game", &["grid", "scene", "mode"]),
    ("reactor", &["grid", "scene", "mode"]),
    ("app", &["grid", "scene", "mode", "render", "audio", "game", "reactor"]),
    ("lib", &["grid", "scene", "mode", "render", "audio", "game", "reactor", "app"]),
    ("main", &["app"]),
];

/// The rooms on disk: each folder and each `.rs` file at the top of `src/`, by name.
fn rooms_on_disk(src: &Path) -> Vec<String> {
    let mut rooms: Vec<String> = std::fs::read_dir(src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    rooms.sort();
    rooms
}

/// The room a file of the graph lies in; the library root is the room `lib`.
fn room_of(module: &[String]) -> &str {
    module.first().map_or("lib", String::as_str)
}

/// Rooms may import only the rooms the table lets them see, and a room the table does not name
/// (a new folder or file in `src/`) fails, so no room goes unchecked.
#[test]
fn each_room_imports_only_the_rooms_it_may_see() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let on_disk = rooms_on_disk(&src);
    assert!(on_disk.len() >= 8, "expected the rooms of src/, found {on_disk:?}");
    for room in &on_disk {
        assert!(
            ROOMS.iter().any(|(r, _)| r == room),
            "src/{room} is a room that ROOMS in tests/architecture.rs does not name: add it with the rooms it may import"
        );
    }
    for (room, _) in ROOMS {
        assert!(on_disk.iter().any(|r| r == room), "ROOMS names `{room}`, which is not in src/: remove it");
    }
    let graph = source_graph();
    let mut checked = 0;
    for (module, targets) in &graph.edges {
        let room = room_of(module);
        let (_, may_see) = ROOMS.iter().find(|(r, _)| *r == room).expect("every room is in the table");
        checked += 1;
        for target in targets {
            let target_room = room_of(target);
            assert!(
                target_room == room || may_see.contains(&target_room),
                "{} imports {}: {room} may not see {target_room}",
                module.join("/"),
                target.join("/")
            );
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

/// The circles of a made-up `src/` of `files` (path, text), written to a folder of its own.
fn circles_of(name: &str, files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("hollowdeep-imports-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut cycles = ImportGraph::of_source(&dir).cycles();
    std::fs::remove_dir_all(&dir).ok();
    cycles.sort();
    cycles
}

const ROOM_ROOT: (&str, &str) = ("lib.rs", "//! x\npub mod room;\npub mod top;\n");
const ROOM_MOD: (&str, &str) = ("room/mod.rs", "//! x\npub mod a;\npub mod b;\n");

fn room_a_b() -> Vec<String> {
    vec!["room/a".to_string(), "room/b".to_string()]
}

#[test]
fn the_import_reader_finds_what_a_circle_needs() {
    let paths = use_paths("use super::a::{b, c::{d, e as f}};\nuse crate::x as y;\n// a comment\n");
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["super::a::b", "super::a::c::d", "super::a::c::e", "crate::x"]);
}

/// The check reads `use` lines as it always did: a circle of two `use` lines is reported.
#[test]
fn a_use_circle_is_reported() {
    let cycles = circles_of(
        "use",
        &[
            ROOM_ROOT,
            ROOM_MOD,
            ("room/a.rs", "//! x\nuse super::b::B;\npub struct A;\n"),
            ("room/b.rs", "//! x\nuse crate::room::{a::A};\npub struct B;\n"),
        ],
    );
    assert_eq!(cycles, vec![room_a_b()]);
}

/// Issue 30: a circle written only in inline paths is reported, wherever the path stands: an
/// expression, a type, an attribute, a test module.
#[test]
fn an_inline_path_circle_is_reported() {
    let b = ("room/b.rs", "//! x\npub struct B;\npub fn g() -> u32 {\n    crate::room::a::f()\n}\n");
    for (what, a) in [
        ("expression", "//! x\npub fn f() -> u32 {\n    let _ = super::b::B;\n    1\n}\n"),
        ("type", "//! x\npub fn f() -> u32 {\n    let _: Option<crate::room::b::B> = None;\n    1\n}\n"),
        ("attribute", "//! x\n#[cfg_attr(test, derive(crate::room::b::Derive))]\npub struct A;\npub fn f() -> u32 {\n    1\n}\n"),
        (
            "test module",
            "//! x\npub fn f() -> u32 {\n    1\n}\n#[cfg(test)]\nmod tests {\n    use super::super::b::B;\n}\n",
        ),
        ("bound name", "//! x\nuse crate::room as r;\npub fn f() -> u32 {\n    let _ = r::b::B;\n    1\n}\n"),
    ] {
        let cycles = circles_of(what, &[ROOM_ROOT, ROOM_MOD, ("room/a.rs", a), b]);
        assert_eq!(cycles, vec![room_a_b()], "a circle through {what} must be reported");
    }
}

/// `super` and `self` start from the file's module: a folder's `mod.rs` is the folder itself, so
/// `self::a` in it is its child and `super` leaves the folder; in `a.rs`, `super` is the folder.
#[test]
fn super_and_self_resolve_from_the_files_module() {
    let cycles = circles_of(
        "mod-rs",
        &[
            ROOM_ROOT,
            (
                "room/mod.rs",
                "//! x\npub mod a;\npub mod b;\npub struct R;\npub fn f() {\n    self::a::g();\n}\n",
            ),
            ("room/a.rs", "//! x\npub fn g() {\n    let _ = super::R;\n}\n"),
            ("room/b.rs", "//! x\npub fn h() {\n    super::super::top::t();\n}\n"),
            ("top.rs", "//! x\npub fn t() {\n    let _ = crate::room::b::h;\n}\n"),
        ],
    );
    assert_eq!(
        cycles,
        vec![vec!["room".to_string(), "room/a".to_string()], vec!["room/b".to_string(), "top".to_string()]]
    );
}

/// A path in a comment or a string literal is no import: these files name each other only there.
#[test]
fn comments_and_strings_are_no_imports() {
    let a = "//! Uses crate::room::b::B, says the doc.\n/// See super::b::B.\npub fn f() -> &'static str {\n    // super::b::B\n    /* crate::room::b::B /* nested */ super::b::B */\n    let _c = '\"';\n    let _s = \"crate::room::b::B \\\" super::b::B\";\n    r#\"super::b::B \" crate::room::b\"#\n}\n";
    let cycles = circles_of(
        "comments",
        &[ROOM_ROOT, ROOM_MOD, ("room/a.rs", a), ("room/b.rs", "//! x\nuse super::a::f;\npub struct B;\n")],
    );
    assert!(cycles.is_empty(), "a comment or a string counted as an import: {cycles:?}");
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

/// Issue 30: the shell (`src/app/shell/`) names no game and no game's front, and no front names
/// another: a new game's front plugs into the shell without touching the others.
#[test]
fn the_shell_names_no_game_and_no_front_names_another() {
    let graph = source_graph();
    let under = |module: &Vec<String>, prefix: &[&str]| {
        module.len() >= prefix.len() && module[..prefix.len()] == *prefix
    };
    let games: [&[&str]; 2] = [&["game"], &["reactor"]];
    let fronts: [&[&str]; 3] = [&["app", "crawler"], &["app", "reactor"], &["app", "title"]];
    let mut shell_files = 0;
    for (module, targets) in &graph.edges {
        let module_vec: Vec<String> = module.iter().map(|s| s.to_string()).collect();
        if under(&module_vec, &["app", "shell"]) {
            shell_files += 1;
            for target in targets {
                let target: Vec<String> = target.iter().map(|s| s.to_string()).collect();
                for banned in games.iter().chain(&fronts) {
                    assert!(
                        !under(&target, banned),
                        "the shell's {} names {}",
                        module_vec.join("/"),
                        target.join("/")
                    );
                }
            }
        }
        // The title is the launcher: it may name every front. The crawler and reactor fronts may not
        // name each other or the title.
        for (front, others) in [(fronts[0], [fronts[1], fronts[2]]), (fronts[1], [fronts[0], fronts[2]])] {
            if !under(&module_vec, front) {
                continue;
            }
            for target in targets {
                let target: Vec<String> = target.iter().map(|s| s.to_string()).collect();
                for other in others {
                    assert!(
                        !under(&target, other),
                        "{} names another front, {}",
                        module_vec.join("/"),
                        target.join("/")
                    );
                }
            }
        }
    }
    assert!(shell_files >= 5, "expected the shell's files, found {shell_files}");
}
