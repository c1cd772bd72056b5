//! Shader checks without a GPU: every WGSL file parses and validates with naga, the runtime embeds the
//! same text, and every CPU-written struct and shared constant matches its Rust twin byte for byte.

use hollowdeep::render::font::{ATLAS_COLS, GLYPH_H, GLYPH_W};
use hollowdeep::render::reference::MAX_STEPS;
use hollowdeep::render::scene::{
    GlyphInstance, HudUniforms, WorldUniforms, EXPOSURE, FLAG_PHANTOM_PASSAGE, FLAG_PHANTOM_WALL,
    GLYPH_SOLID, TILE_EXIT, TILE_FLOOR, TILE_MASK, TILE_WALL,
};
use hollowdeep::render::sprites::{SpriteRaw, SPRITE_ENTITY, SPRITE_FALSE_PLAYER};
use hollowdeep::render::{camera::EYE_HEIGHT, shaders};
use naga::proc::Layouter;
use naga::valid::{Capabilities, ValidationFlags, Validator};
use std::mem::{offset_of, size_of};
use std::path::Path;

/// Every shader of the project. A file missing from disk is a failure, not a skip.
const SHADER_FILES: &[&str] = &["shaders/world.wgsl", "shaders/hud.wgsl"];

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{} is missing: {e}", full.display()))
}

fn parse_and_validate(path: &str) -> naga::Module {
    let source = read(path);
    let module = naga::front::wgsl::parse_str(&source)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string_with_path(&source, path)));
    Validator::new(ValidationFlags::all(), Capabilities::default())
        .validate(&module)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string_with_path(&source, path)));
    module
}

#[test]
fn every_shader_parses_and_validates() {
    assert!(!SHADER_FILES.is_empty());
    for path in SHADER_FILES {
        let module = parse_and_validate(path);
        for entry in ["vs_main", "fs_main"] {
            assert!(module.entry_points.iter().any(|e| e.name == entry), "{path} lacks {entry}");
        }
    }
}

#[test]
fn runtime_embeds_exactly_the_shader_files() {
    let runtime: Vec<&str> = shaders::ALL.iter().map(|(p, _)| *p).collect();
    assert_eq!(runtime, SHADER_FILES, "runtime list and test list differ");
    for (path, text) in shaders::ALL {
        assert_eq!(*text, read(path), "{path}: runtime text differs from the file");
    }
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
    let world = parse_and_validate("shaders/world.wgsl");
    let hud = parse_and_validate("shaders/hud.wgsl");
    let world_structs = [
        mirror!(WorldUniforms {
            eye,
            dir,
            right,
            view_size,
            focal,
            jolt_px,
            grid_size,
            time,
            light_scale,
            flash_rgba,
            light_radius,
            flicker,
            encode_srgb,
            sprite_count,
            colour_drift,
            breathing,
            tex_flicker,
            warp,
            false_player,
            distortion,
            warp_pulse,
            enemy_progress,
            reduced,
            quads_cover_view,
            _pad0,
            _pad1,
        }),
        mirror!(SpriteRaw { pos_from, pos_to, color, rows, height, shimmer, fade_from, fade_to, kind, seed }),
    ];
    let hud_structs = [
        mirror!(HudUniforms { screen, encode_srgb, _pad0 }),
        mirror!(GlyphInstance { rect, color, glyph, scale, _pad0, _pad1 }),
    ];
    for m in &world_structs {
        check_mirror("shaders/world.wgsl", &world, m);
    }
    for m in &hud_structs {
        check_mirror("shaders/hud.wgsl", &hud, m);
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
    let world = parse_and_validate("shaders/world.wgsl");
    let hud = parse_and_validate("shaders/hud.wgsl");
    let w = "shaders/world.wgsl";
    for (name, value) in [
        ("TILE_MASK", TILE_MASK),
        ("TILE_FLOOR", TILE_FLOOR),
        ("TILE_WALL", TILE_WALL),
        ("TILE_EXIT", TILE_EXIT),
        ("FLAG_PHANTOM_WALL", FLAG_PHANTOM_WALL),
        ("FLAG_PHANTOM_PASSAGE", FLAG_PHANTOM_PASSAGE),
        ("MAX_STEPS", MAX_STEPS),
        ("SPRITE_ENTITY", SPRITE_ENTITY),
        ("SPRITE_FALSE_PLAYER", SPRITE_FALSE_PLAYER),
        ("FONT_W", GLYPH_W),
        ("FONT_H", GLYPH_H),
    ] {
        assert_eq!(constant(&world, w, name), Value::U32(value), "{name}");
    }
    assert_eq!(constant(&world, w, "EYE_HEIGHT"), Value::F32(EYE_HEIGHT));
    assert_eq!(constant(&world, w, "EXPOSURE"), Value::F32(EXPOSURE));
    let h = "shaders/hud.wgsl";
    for (name, value) in
        [("GLYPH_SOLID", GLYPH_SOLID), ("GLYPH_W", GLYPH_W), ("GLYPH_H", GLYPH_H), ("ATLAS_COLS", ATLAS_COLS)]
    {
        assert_eq!(constant(&hud, h, name), Value::U32(value), "{name}");
    }
}
