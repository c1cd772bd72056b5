//! Shader checks without a GPU: every entry composed from its parts parses and validates with naga,
//! the runtime embeds exactly the part files, composition errors are reported, and every CPU-written
//! struct and shared constant matches its Rust twin byte for byte.

use hollowdeep::render::board::pack::{self as board, BoardCellRaw, BoardUniforms};
use hollowdeep::render::camera::EYE_HEIGHT;
use hollowdeep::render::columns;
use hollowdeep::render::depth::WORLD_DEPTH_CLEAR;
use hollowdeep::render::font::{GLYPH_H, GLYPH_W};
use hollowdeep::render::light_field::FIELD_TEXELS;
use hollowdeep::render::reference::MAX_STEPS;
use hollowdeep::render::scene::{
    FrameUniforms, GlyphInstance, HudUniforms, PulseUniforms, TurnUniforms, EXPOSURE, FLAG_PHANTOM_PASSAGE,
    FLAG_PHANTOM_WALL, LIGHT_FLICKER, LIGHT_RADIUS, MAX_TORCHES, TILE_EXIT, TILE_FLOOR, TILE_MASK, TILE_WALL,
    TORCH_OFFSET, WALL_TORCH_RADIUS,
};
use hollowdeep::render::scene::{FLAG_LIT, FLAG_TORCH_E, FLAG_TORCH_N, FLAG_TORCH_S, FLAG_TORCH_W};
use hollowdeep::render::shader_source::{self, compose, ComposeError, Entry, PRELUDE};
use hollowdeep::render::sprites::{
    SpriteRaw, FLOOR_POOLS, MAX_SPRITES, SPRITE_ENTITY, SPRITE_FALSE_PLAYER, SPRITE_LIFT,
};
use hollowdeep::render::warp;
use naga::proc::Layouter;
use naga::valid::{Capabilities, ValidationFlags, Validator};
use std::mem::{offset_of, size_of};
use std::path::{Path, PathBuf};

/// Every entry file (one per pass) with the entry points its pipelines use.
const SHADER_ENTRIES: &[(&str, &[&str])] = &[
    ("world.wgsl", &["vs_run", "vs_flat", "fs_main"]),
    (
        "sprites.wgsl",
        &[
            "vs_sprite_pool",
            "fs_sprite_pool",
            "vs_sprite_halo",
            "fs_sprite_halo",
            "vs_sprite_ink",
            "fs_sprite_ink",
        ],
    ),
    ("hud.wgsl", &["vs_main", "fs_main"]),
    ("bare.wgsl", &["vs_main", "fs_main"]),
    ("board.wgsl", &["vs_main", "fs_main", "vs_mark", "fs_mark"]),
    ("columns.wgsl", &["cs_columns"]),
    ("warp.wgsl", &["vs_full", "fs_lattice", "fs_warp"]),
];

/// Every file under `shaders/`. A file missing from disk, or one on disk missing here, is a failure.
const SHADER_FILES: &[&str] = &[
    "common/colour.wgsl",
    "common/noise.wgsl",
    "common/quad.wgsl",
    "world/inputs.wgsl",
    "world/grid.wgsl",
    "world/light.wgsl",
    "world/effects.wgsl",
    "world/materials.wgsl",
    "world/surfaces.wgsl",
    "world/screen.wgsl",
    "world/columns.wgsl",
    "world/depth.wgsl",
    "world/figures.wgsl",
    "world.wgsl",
    "sprites.wgsl",
    "hud.wgsl",
    "bare.wgsl",
    "board.wgsl",
    "columns.wgsl",
    "warp.wgsl",
];

fn shaders_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders")
}

fn read(path: &str) -> String {
    let full = shaders_dir().join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{} is missing: {e}", full.display()))
}

/// The composed text of the entry `path`, exactly as the runtime compiles it.
fn composed(path: &str) -> String {
    let entry =
        Entry::ALL.into_iter().find(|e| e.path() == path).unwrap_or_else(|| panic!("no entry {path}"));
    entry.compose().unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse_and_validate(path: &str) -> naga::Module {
    let source = composed(path);
    let module = naga::front::wgsl::parse_str(&source)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string_with_path(&source, path)));
    Validator::new(ValidationFlags::all(), Capabilities::default())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string_with_path(&source, path)));
    module
}

#[test]
fn every_shader_entry_composes_parses_and_validates() {
    assert!(!SHADER_ENTRIES.is_empty());
    for (path, entry_points) in SHADER_ENTRIES {
        let module = parse_and_validate(path);
        assert!(!entry_points.is_empty());
        for entry in *entry_points {
            assert!(module.entry_points.iter().any(|e| e.name == *entry), "{path} lacks {entry}");
        }
    }
}

#[test]
fn runtime_composes_exactly_the_listed_entries_from_the_files_on_disk() {
    let runtime: Vec<&str> = Entry::ALL.iter().map(|e| e.path()).collect();
    let listed: Vec<&str> = SHADER_ENTRIES.iter().map(|(p, _)| *p).collect();
    assert_eq!(runtime, listed, "runtime entries and test entries differ");
    let embedded: Vec<&str> = shader_source::PARTS.iter().map(|(p, _)| *p).collect();
    assert_eq!(embedded, SHADER_FILES, "runtime part list and test list differ");
    for (path, text) in shader_source::PARTS {
        assert_eq!(*text, read(path), "{path}: runtime text differs from the file");
    }
    // And the other way: no WGSL file lies on disk unlisted (and so unchecked).
    let mut on_disk = Vec::new();
    let mut dirs = vec![shaders_dir()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("shaders/ is readable") {
            let path = entry.expect("a readable entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "wgsl") {
                let rel = path.strip_prefix(shaders_dir()).unwrap();
                on_disk.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    on_disk.sort();
    let mut listed_files: Vec<String> = SHADER_FILES.iter().map(|s| s.to_string()).collect();
    listed_files.sort();
    assert_eq!(on_disk, listed_files, "WGSL files on disk vs SHADER_FILES");
}

#[test]
fn every_part_says_what_it_is_for_on_its_first_line() {
    for (path, text) in shader_source::PARTS {
        assert!(text.starts_with("//"), "{path} must start with a // comment saying what it is for");
    }
}

#[test]
fn no_part_declares_a_constant_the_prelude_generates() {
    assert!(!PRELUDE.is_empty());
    for (path, text) in shader_source::PARTS {
        for (name, _) in PRELUDE {
            assert!(!text.contains(&format!("const {name}:")), "{path} restates the prelude's {name}");
        }
    }
}

#[test]
fn composition_errors_are_reported_not_skipped() {
    let parts: &[(&str, &str)] = &[
        ("entry.wgsl", "// e\n#include \"a.wgsl\"\n#include \"b.wgsl\"\n"),
        ("a.wgsl", "// a\n#include \"b.wgsl\"\nfn a() {}\n"),
        ("b.wgsl", "// b\nfn b() {}\n"),
        ("lost.wgsl", "// lost\n#include \"nowhere.wgsl\"\n"),
        ("loop.wgsl", "// loop\n#include \"round.wgsl\"\n"),
        ("round.wgsl", "// round\n#include \"loop.wgsl\"\n"),
        ("bad.wgsl", "// bad\n#include nowhere.wgsl\n"),
    ];
    // A part included twice (here b, by the entry and by a) appears once, where first included.
    let text = compose("entry.wgsl", parts).unwrap();
    assert_eq!(text.matches("fn b()").count(), 1);
    assert!(text.find("fn b()").unwrap() < text.find("fn a()").unwrap());
    assert!(text.starts_with(&shader_source::prelude()));
    assert_eq!(
        compose("lost.wgsl", parts),
        Err(ComposeError::UnknownPart {
            name: "nowhere.wgsl".into(),
            included_from: Some("lost.wgsl".into())
        })
    );
    assert_eq!(
        compose("missing.wgsl", parts),
        Err(ComposeError::UnknownPart { name: "missing.wgsl".into(), included_from: None })
    );
    assert_eq!(
        compose("loop.wgsl", parts),
        Err(ComposeError::Cycle { chain: vec!["loop.wgsl".into(), "round.wgsl".into(), "loop.wgsl".into()] })
    );
    assert_eq!(compose("bad.wgsl", parts), Err(ComposeError::Malformed { part: "bad.wgsl".into(), line: 2 }));
}

/// A Rust struct's name, size and member offsets. The macro destructures the struct without `..`, so
/// forgetting a field here is a compile error.
struct Mirror {
    name: &'static str,
    size: usize,
    fields: Vec<(&'static str, usize)>,
}

macro_rules! mirror {
    ($ty:ident { $($field:ident),* $(,)? }) => {{
        #[allow(dead_code)]
        fn exhaustive(v: $ty) {
            let $ty { $($field: _),* } = v;
        }
        Mirror {
            name: stringify!($ty),
            size: size_of::<$ty>(),
            fields: vec![$((stringify!($field), offset_of!($ty, $field))),*],
        }
    }};
}

fn check_mirror(path: &str, module: &naga::Module, mirror: &Mirror) {
    let mut layouter = Layouter::default();
    layouter.update(module.to_ctx()).expect("layout");
    let (handle, ty) = module
        .types
        .iter()
        .find(|(_, ty)| ty.name.as_deref() == Some(mirror.name))
        .unwrap_or_else(|| panic!("struct {} is missing from {path}", mirror.name));
    let naga::TypeInner::Struct { members, .. } = &ty.inner else {
        panic!("{} in {path} is not a struct", mirror.name);
    };
    assert_eq!(layouter[handle].size as usize, mirror.size, "{}: WGSL size vs Rust size_of", mirror.name);
    let wgsl: Vec<(&str, usize)> =
        members.iter().map(|m| (m.name.as_deref().unwrap_or("?"), m.offset as usize)).collect();
    assert_eq!(wgsl, mirror.fields, "{}: members and offsets (WGSL, Rust)", mirror.name);
}

#[test]
fn cpu_written_structs_match_their_wgsl_twins() {
    let world = parse_and_validate("world.wgsl");
    let sprites = parse_and_validate("sprites.wgsl");
    let hud = parse_and_validate("hud.wgsl");
    let world_structs = [
        mirror!(FrameUniforms {
            eye,
            dir,
            right,
            view_size,
            focal,
            time,
            enemy_progress,
            columns,
            column_count,
            _pad0,
            overscan,
            canvas_scale,
            _pad1,
        }),
        mirror!(TurnUniforms {
            grid_size,
            light_scale,
            reduced,
            colour_drift,
            breathing,
            tex_flicker,
            warp,
            false_player,
            distortion,
            exit,
            wall,
            floor,
            ceiling,
            light_tint,
            torch_count,
            sprite_count,
            floor_pools,
            _pad0,
            torches,
        }),
        mirror!(PulseUniforms { flash_rgba, jolt_px, warp_pulse, _pad0 }),
        mirror!(SpriteRaw { pos_from, pos_to, color, rows, height, shimmer, fade_from, fade_to, kind, seed }),
    ];
    let hud_structs = [
        mirror!(HudUniforms { screen, _pad0, _pad1 }),
        mirror!(GlyphInstance { rect, color, glyph, scale, rows }),
    ];
    // Both world-view passes read the same blocks; each module must agree with Rust.
    for m in &world_structs {
        check_mirror("world.wgsl", &world, m);
        check_mirror("sprites.wgsl", &sprites, m);
    }
    for m in &hud_structs {
        check_mirror("hud.wgsl", &hud, m);
    }
    let board = parse_and_validate("board.wgsl");
    let board_structs = [
        mirror!(BoardUniforms {
            area,
            origin,
            cell_px,
            time,
            grid,
            robot,
            cursor,
            flags,
            mark_opacity,
            caution,
            critical,
            screen,
            _pad1,
            opacity,
        }),
        mirror!(BoardCellRaw { word, under, bands, _pad0, surface, amount }),
    ];
    for m in &board_structs {
        check_mirror("board.wgsl", &board, m);
    }
}

#[derive(Debug, PartialEq)]
enum Value {
    U32(u32),
    F32(f32),
}

fn constant(module: &naga::Module, path: &str, name: &str) -> Value {
    let (_, c) = module
        .constants
        .iter()
        .find(|(_, c)| c.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("const {name} is missing from {path}"));
    match module.global_expressions[c.init] {
        naga::Expression::Literal(naga::Literal::U32(v)) => Value::U32(v),
        naga::Expression::Literal(naga::Literal::F32(v)) => Value::F32(v),
        ref other => panic!("const {name} in {path} is not a plain literal: {other:?}"),
    }
}

#[test]
fn shared_constants_match_their_rust_twins() {
    let u32s = [
        ("TILE_MASK", TILE_MASK),
        ("TILE_FLOOR", TILE_FLOOR),
        ("TILE_WALL", TILE_WALL),
        ("TILE_EXIT", TILE_EXIT),
        ("FLAG_PHANTOM_WALL", FLAG_PHANTOM_WALL),
        ("FLAG_PHANTOM_PASSAGE", FLAG_PHANTOM_PASSAGE),
        ("MAX_STEPS", MAX_STEPS),
        ("SURFACE_WALL", columns::SURFACE_WALL),
        ("SURFACE_FLOOR", columns::SURFACE_FLOOR),
        ("SURFACE_CEILING", columns::SURFACE_CEILING),
        ("STRIP_WIDTH", columns::STRIP_WIDTH),
        ("SPRITE_ENTITY", SPRITE_ENTITY),
        ("SPRITE_FALSE_PLAYER", SPRITE_FALSE_PLAYER),
        ("MAX_SPRITES", MAX_SPRITES as u32),
        ("FLOOR_POOLS", FLOOR_POOLS),
        ("GLYPH_W", GLYPH_W),
        ("GLYPH_H", GLYPH_H),
        ("BOARD_WALL", board::BOARD_WALL),
        ("BOARD_LEAK", board::BOARD_LEAK),
        ("BOARD_UNSAFE", board::BOARD_UNSAFE),
        ("BOARD_FORECAST", board::BOARD_FORECAST),
        ("BOARD_PREVIEW_GAIN", board::BOARD_PREVIEW_GAIN),
        ("BOARD_PREVIEW_LOSS", board::BOARD_PREVIEW_LOSS),
        ("BOARD_PREVIEW_SHIFT", board::BOARD_PREVIEW_SHIFT),
        ("BOARD_VOID", board::BOARD_VOID),
        ("BOARD_STATE_A", board::BOARD_STATE_A),
        ("BOARD_STATE_B", board::BOARD_STATE_B),
        ("BOARD_LEAK_SHIFT", board::BOARD_LEAK_SHIFT),
        ("BOARD_CARRIER_SHIFT", board::BOARD_CARRIER_SHIFT),
        ("BOARD_PROP_SHIFT", board::BOARD_PROP_SHIFT),
        ("BOARD_PROP_SOURCE", board::BOARD_PROP_SOURCE),
        ("BOARD_PROP_VALVE", board::BOARD_PROP_VALVE),
        ("BOARD_PROP_CONSUMER", board::BOARD_PROP_CONSUMER),
        ("BOARD_PROP_JUNCTION", board::BOARD_PROP_JUNCTION),
        ("BOARD_PROP_DOOR", board::BOARD_PROP_DOOR),
        ("BOARD_PROP_TERMINAL", board::BOARD_PROP_TERMINAL),
        ("BOARD_PROP_SUPPLY", board::BOARD_PROP_SUPPLY),
        ("BOARD_PROP_SPRINKLER", board::BOARD_PROP_SPRINKLER),
        ("BOARD_PROP_REACTOR", board::BOARD_PROP_REACTOR),
        ("BOARD_UNDER_PRESENT", board::BOARD_UNDER_PRESENT),
        ("BOARD_UNDER_FED", board::BOARD_UNDER_FED),
        ("BOARD_UNDER_LEAKING", board::BOARD_UNDER_LEAKING),
        ("BOARD_UNDER_SOURCE", board::BOARD_UNDER_SOURCE),
        ("BOARD_UNDER_LINKS_SHIFT", board::BOARD_UNDER_LINKS_SHIFT),
        ("BOARD_FLAG_LAYERS", board::BOARD_FLAG_LAYERS),
        ("BOARD_FLAG_SHIELD", board::BOARD_FLAG_SHIELD),
        ("BOARD_FLAG_FACING_SHIFT", board::BOARD_FLAG_FACING_SHIFT),
        ("BOARD_FLAG_REDUCED", board::BOARD_FLAG_REDUCED),
        ("MAX_TORCHES", MAX_TORCHES as u32),
        ("FLAG_TORCH_N", FLAG_TORCH_N),
        ("FLAG_TORCH_E", FLAG_TORCH_E),
        ("FLAG_TORCH_S", FLAG_TORCH_S),
        ("FLAG_TORCH_W", FLAG_TORCH_W),
        ("FLAG_LIT", FLAG_LIT),
        ("FIELD_TEXELS", FIELD_TEXELS),
        ("WARP_CELL", warp::WARP_CELL),
    ];
    let f32s = [
        ("EYE_HEIGHT", EYE_HEIGHT),
        ("EXPOSURE", EXPOSURE),
        ("LIGHT_RADIUS", LIGHT_RADIUS),
        ("LIGHT_FLICKER", LIGHT_FLICKER),
        ("SPRITE_LIFT", SPRITE_LIFT),
        ("TORCH_OFFSET", TORCH_OFFSET),
        ("WALL_TORCH_RADIUS", WALL_TORCH_RADIUS),
        ("WORLD_DEPTH_CLEAR", WORLD_DEPTH_CLEAR),
        ("ARC_JUMPS", board::ARC_JUMPS),
        ("REDUCED_ARC_JUMPS", board::REDUCED_ARC_JUMPS),
        ("BAND_STRENGTH_BASE", board::BAND_STRENGTH[0]),
        ("BAND_STRENGTH_CAUTION", board::BAND_STRENGTH[1]),
        ("BAND_STRENGTH_CRITICAL", board::BAND_STRENGTH[2]),
        ("WARP_AMOUNT", warp::WARP_AMOUNT),
        ("WAVE_MINOR", warp::WAVE_MINOR),
        ("ROLL_ANGLE", warp::ROLL_ANGLE),
        ("ROLL_RATE", warp::ROLL_RATE),
        ("ROLL_PHASE", warp::ROLL_PHASE),
        ("SWIRL_ANGLE", warp::SWIRL_ANGLE),
        ("SWIRL_RATE", warp::SWIRL_RATE),
        ("SWIRL_PHASE", warp::SWIRL_PHASE),
        ("SWIRL_FALLOFF", warp::SWIRL_FALLOFF),
        ("ZOOM_SCALE", warp::ZOOM_SCALE),
        ("ZOOM_RATE", warp::ZOOM_RATE),
        ("ZOOM_PHASE", warp::ZOOM_PHASE),
        ("PULSE_SCALE", warp::PULSE_SCALE),
    ];
    assert_eq!(u32s.len() + f32s.len(), PRELUDE.len(), "a prelude constant is not checked here");
    // Every entry gets the whole prelude, so each sees the same values whichever it uses.
    for (path, _) in SHADER_ENTRIES {
        let module = parse_and_validate(path);
        for (name, value) in u32s {
            assert_eq!(constant(&module, path, name), Value::U32(value), "{path}: {name}");
        }
        for (name, value) in f32s {
            assert_eq!(constant(&module, path, name), Value::F32(value), "{path}: {name}");
        }
    }
}
