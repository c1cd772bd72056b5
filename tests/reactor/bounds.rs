//! Bounds at the door: every number a level file carries is bounded and a refusal names the field and
//! the cell; a repeated key is refused anywhere; counters saturate instead of wrapping; a NaN in the
//! text form is refused on its line with the field and cell; `--solve` cannot be made to allocate by
//! a robot's heat immunity.

use crate::support::*;
use hollowdeep::reactor::bounds::{Bounds, MAX_COUNT};
use hollowdeep::reactor::{pulse, schema, text};
use serde_json::{json, Value};

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reactor/valve.json");
    serde_json::from_slice(&std::fs::read(path).expect("the fixture")).expect("json")
}

/// The fixture with the value at a JSON pointer replaced.
fn with(pointer: &str, v: Value) -> Value {
    let mut file = fixture();
    *file.pointer_mut(pointer).unwrap_or_else(|| panic!("{pointer} is in the fixture")) = v;
    file
}

fn load(v: &Value) -> schema::Loaded {
    schema::load(v.to_string().as_bytes(), &bal())
}

/// The fixture with a field added to its first prop (the flow source at (1, 1)).
fn with_prop(key: &str, v: Value) -> Value {
    let mut file = fixture();
    file["props"][0][key] = v;
    file
}

/// The fixture with a surface entry at (2, 2), so a surface value has a cell to be named by.
fn with_surface(key: &str, v: Value) -> Value {
    let mut file = fixture();
    file["surface"] = json!([{ "x": 2, "y": 2, "fuel": 1.0 }]);
    file["surface"][0][key] = v;
    file
}

#[test]
fn every_number_beyond_its_bound_is_refused_naming_the_field_and_the_cell() {
    let k = Bounds::of(&bal());
    let robot = Some(Pos::new(1, 2));
    let cases: Vec<(&str, Value, &str, Option<Pos>)> = vec![
        (
            "heat_immunity",
            with("/robot/heat_immunity", json!(4_294_967_295u64)),
            "robot.heat_immunity",
            robot,
        ),
        ("immunity 1e6", with("/robot/heat_immunity", json!(1_000_000)), "robot.heat_immunity", robot),
        (
            "immunity one past",
            with("/robot/heat_immunity", json!(k.heat_immunity + 1)),
            "robot.heat_immunity",
            robot,
        ),
        ("pulse", with("/dynamic/pulse", json!(4_294_967_295u64)), "dynamic.pulse", None),
        ("pulse past u32", with("/dynamic/pulse", json!(4_294_967_296u64)), "dynamic.pulse", None),
        (
            "remedies",
            with("/dynamic/remedies_used", json!(MAX_COUNT as u64 + 1)),
            "dynamic.remedies_used",
            None,
        ),
        ("peak heat", with("/dynamic/peak_heat", json!(1e9)), "dynamic.peak_heat", None),
        ("required", with("/required/fuel", json!(4_294_967_296u64)), "required.fuel", None),
        ("mode", with_prop("mode", json!(4_294_967_296u64)), "props[0].mode", Some(Pos::new(1, 1))),
        (
            "integrity",
            with("/underground/fuel/0/integrity", json!(1e30)),
            "underground.fuel[0].integrity",
            None,
        ),
        ("surface null", with_surface("heat", Value::Null), "surface[0].heat", Some(Pos::new(2, 2))),
        ("surface big", with_surface("water", json!(1e300)), "surface[0].water", Some(Pos::new(2, 2))),
        (
            "blocks",
            with_surface("blocks", json!([0, k.block + 1, 0])),
            "surface[0].blocks[1]",
            Some(Pos::new(2, 2)),
        ),
        ("coordinate", with("/robot/x", json!(1e10)), "robot.x", None),
        ("width", with("/width", json!(100_000)), "width", None),
        ("negative", with("/dynamic/pulse", json!(-1)), "dynamic.pulse", None),
    ];
    for (what, file, field, cell) in cases {
        let loaded = load(&file);
        assert!(loaded.level.is_none(), "{what}: loaded");
        let hit = loaded.issues.iter().find(|i| i.message.contains(field));
        let Some(hit) = hit else { panic!("{what}: no issue names {field}: {:?}", loaded.issues) };
        if let Some(cell) = cell {
            assert_eq!(hit.pos, Some(cell), "{what}: {}", hit.line());
        }
    }
    // The fixture's underground fuel cell sits at a cell of its own: the refusal names it too.
    let loaded = load(&with("/underground/fuel/0/integrity", json!(1e30)));
    let cell = fixture()["underground"]["fuel"][0].clone();
    let at = Pos::new(cell["x"].as_i64().unwrap() as i32, cell["y"].as_i64().unwrap() as i32);
    assert_eq!(loaded.issues[0].pos, Some(at));
    // Each bound keeps what play reaches: a file at every bound loads.
    let b = bal();
    let mut file = with("/robot/heat_immunity", json!(k.heat_immunity));
    file["dynamic"]["pulse"] = json!(MAX_COUNT);
    file["dynamic"]["remedies_used"] = json!(MAX_COUNT);
    file["dynamic"]["peak_heat"] = json!(b.max_surface);
    // Heat above the terminal heat is reached only by the step that loses (a playing level holding
    // it is refused: it would be lost before the first action).
    file["dynamic"]["status"] = json!("lost_terminal_heat");
    file["surface"] =
        json!([{ "x": 2, "y": 2, "heat": b.max_surface, "blocks": [k.block, k.block, k.block] }]);
    let loaded = load(&file);
    assert!(loaded.level.is_some(), "{:?}", loaded.issues);
}

#[test]
fn a_repeated_key_is_refused_wherever_it_stands() {
    let text = fixture().to_string();
    let twice = [
        // The top level, an object inside, an entry of a list, and a key repeated with a bad value
        // first (last-wins would have hidden it).
        text.replacen("{", "{\"id\": \"first\", ", 1),
        text.replacen("\"robot\":{", "\"robot\":{\"x\": 1, ", 1),
        text.replacen("\"props\":[{", "\"props\":[{\"kind\": \"door\", ", 1),
        text.replacen("\"dynamic\":{", "\"dynamic\":{\"pulse\": 4294967295, ", 1),
    ];
    for t in twice {
        assert_ne!(t, text, "the key was inserted");
        let loaded = schema::load(t.as_bytes(), &bal());
        assert!(loaded.level.is_none(), "a repeated key loaded: {t}");
        assert_eq!(loaded.issues.len(), 1);
        assert!(loaded.issues[0].message.contains("appears twice"), "{:?}", loaded.issues);
    }
    let nested = schema::load(twice_in_robot().as_bytes(), &bal());
    assert!(nested.issues[0].message.contains("in robot"), "{:?}", nested.issues);
}

fn twice_in_robot() -> String {
    fixture().to_string().replacen("\"robot\":{", "\"robot\":{\"heat_immunity\": 0, ", 1)
}

#[test]
fn a_field_the_format_lacks_or_needs_is_named() {
    let mut extra = fixture();
    extra["props"][2]["colour"] = json!("red");
    let loaded = load(&extra);
    assert!(loaded.issues[0].message.contains("props[2].colour"), "{:?}", loaded.issues);
    assert_eq!(loaded.issues[0].pos, Some(Pos::new(5, 1)));
    let mut missing = fixture();
    missing["leaks"][0].as_object_mut().unwrap().remove("access");
    let loaded = load(&missing);
    assert!(loaded.issues[0].message.contains("leaks[0].access is missing"), "{:?}", loaded.issues);
}

#[test]
fn counters_saturate_instead_of_wrapping() {
    let mut g = game(
        "
        [surface]
        #####
        #@a.#
        #####
        [props]
        a terminal
        [level]
        inventory fuel_neutralizer heat_shield
        ",
    );
    g.level.pulse = u32::MAX;
    g.level.remedies_used = u32::MAX;
    g.lengthy_actions = u32::MAX;
    g.undos = u32::MAX;
    let out = g.apply(Command::ApplyHeatShield);
    assert!(pulsed(&out), "{out:?}");
    assert_eq!(g.level.pulse, u32::MAX);
    assert_eq!(g.level.remedies_used, u32::MAX);
    assert_eq!(g.lengthy_actions, u32::MAX);
    g.undo().expect("the shield is undone");
    assert_eq!(g.undos, u32::MAX);
    pulse::run(&mut g.level, &bal(), pulse::Cascade::Skip);
    assert_eq!(g.level.pulse, u32::MAX);
}

#[test]
fn nan_in_the_text_form_is_refused_on_its_line_naming_the_field_and_cell() {
    let map = |values: &str| format!("[surface]\n####\n#@.#\n####\n[values]\n{values}\n");
    for bad in ["2 1 heat=NaN", "2 1 fuel=inf", "2 1 water=-infinity"] {
        let e = text::parse(&map(bad), &bal()).expect_err(bad);
        assert_eq!(e.line, 6, "{bad}: {e:?}");
        let field = bad.split(' ').nth(2).unwrap().split('=').next().unwrap();
        assert!(e.message.contains(field) && e.message.contains("(2, 1)"), "{bad}: {e:?}");
    }
    let e = text::parse("[surface]\n#@#\n[level]\npeak NaN\n", &bal()).expect_err("a NaN peak");
    assert_eq!(e.line, 4);
    // A level built with a NaN in memory goes through the file form as null: named there too.
    let mut l = raw("[surface]\n####\n#@.#\n####\n");
    l.surface.get_mut(Pos::new(2, 1)).unwrap().v[Quantity::Heat as usize] = f32::NAN;
    let loaded = schema::round_trip(&l, &bal());
    assert!(loaded.level.is_none());
    let i = &loaded.issues[0];
    assert!(i.message.contains("surface[0].heat") && i.message.contains("null"), "{:?}", loaded.issues);
    assert_eq!(i.pos, Some(Pos::new(2, 1)));
}

#[test]
fn a_level_built_beyond_the_bounds_fails_validation_with_its_cell() {
    let mut l = raw("[surface]\n####\n#@.#\n####\n");
    l.robot.heat_immunity = 1_000_000;
    l.surface.get_mut(Pos::new(2, 1)).unwrap().block = [0, 0, 99];
    let issues = hollowdeep::reactor::validate::validate(&l, &bal());
    let at = |p: Pos| issues.iter().any(|i| i.kind == IssueKind::Malformed && i.pos == Some(p));
    assert!(at(Pos::new(1, 1)) && at(Pos::new(2, 1)), "{issues:?}");
}

#[test]
fn solve_refuses_a_huge_heat_immunity_instead_of_allocating_by_it() {
    let path = std::env::temp_dir().join(format!("reactor-immunity-{}.json", std::process::id()));
    std::fs::write(&path, with("/robot/heat_immunity", json!(4_294_967_295u64)).to_string())
        .expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .arg("reactor")
        .arg("--solve")
        .arg(&path)
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("heat_immunity"), "{err}");
}
