//! Level files: canonical JSON round trips, schema refusal and migration, loader errors with
//! coordinates, the committed fixtures, and the text form's round trip.

use crate::support::*;
use hollowdeep::reactor::{sample, schema, text, undo};

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reactor").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {path:?}: {e}"))
}

#[test]
fn committed_fixtures_load_and_are_canonical() {
    let b = bal();
    for name in ["valve.json", "sprinkler.json"] {
        let bytes = fixture(name);
        let loaded = schema::load(&bytes, &b);
        let l = loaded.level.unwrap_or_else(|| panic!("{name}: {:?}", loaded.issues));
        assert_eq!(schema::save(&l).as_bytes(), &bytes[..], "{name} is written in canonical form");
    }
}

#[test]
fn save_and_load_round_trip_keeps_every_value_and_the_hash() {
    let b = bal();
    let mut g = Game::new(sample::spread_level(16, &b), b.clone());
    advance(&mut g);
    advance(&mut g);
    let text = schema::save(&g.level);
    let back = schema::load(text.as_bytes(), &b).level.expect("loads");
    assert_eq!(schema::save(&back), text);
    assert_eq!(hash_of(&back), hash_of(&g.level));
    assert_eq!(back, g.level, "derived values are recomputed identically");
}

#[test]
fn canonical_form_sorts_keys() {
    let l = level(
        "
        [surface]
        @.
    ",
    );
    let s = schema::save(&l);
    let top: Vec<&str> = s.lines().filter(|l| l.starts_with("  \"")).map(|l| l.trim()).collect();
    let mut sorted = top.clone();
    sorted.sort();
    assert_eq!(top, sorted);
    assert!(s.contains("\"format\": \"hollowdeep-reactor-level\""));
    assert!(s.contains("\"schema\": 1"));
}

#[test]
fn a_newer_schema_is_refused_with_its_version() {
    let b = bal();
    let mut v: serde_json::Value = serde_json::from_slice(&fixture("valve.json")).expect("json");
    v["schema"] = serde_json::json!(7);
    let loaded = schema::load(v.to_string().as_bytes(), &b);
    assert!(loaded.level.is_none());
    assert!(loaded.issues[0].message.contains("schema 7"), "{:?}", loaded.issues);
    assert!(schema::migrate(serde_json::json!({}), 1).is_ok(), "the migration hook passes schema 1 through");
}

#[test]
fn the_loader_reports_every_error_with_coordinates() {
    let b = bal();
    let mut v: serde_json::Value = serde_json::from_slice(&fixture("valve.json")).expect("json");
    v["robot"]["x"] = serde_json::json!(0);
    v["robot"]["y"] = serde_json::json!(0);
    v["terrain"][1] = serde_json::json!("#..");
    let loaded = schema::load(v.to_string().as_bytes(), &b);
    assert!(loaded.level.is_none());
    assert!(loaded
        .issues
        .iter()
        .any(|i| i.kind == IssueKind::InvalidDimensions && i.pos == Some(Pos::new(0, 1))));
    let mut v: serde_json::Value = serde_json::from_slice(&fixture("valve.json")).expect("json");
    v["robot"]["x"] = serde_json::json!(0);
    v["props"][0]["x"] = serde_json::json!(0);
    let loaded = schema::load(v.to_string().as_bytes(), &b);
    let kinds: Vec<IssueKind> = loaded.issues.iter().map(|i| i.kind).collect();
    assert!(
        kinds.contains(&IssueKind::RobotPlacement) && kinds.contains(&IssueKind::PropTerrain),
        "{kinds:?}"
    );
    for bad in
        [&b"not json"[..], b"[]", b"{\"format\": \"other\"}", b"{\"format\": \"hollowdeep-reactor-level\"}"]
    {
        let loaded = schema::load(bad, &b);
        assert!(loaded.level.is_none());
        assert_eq!(loaded.issues.len(), 1);
    }
}

#[test]
fn text_layers_round_trip() {
    let b = bal();
    let mut g = Game::new(sample::spread_level(20, &b), b.clone());
    advance(&mut g);
    let t = text::render(&g.level, &b);
    let mut back = text::parse(&t, &b).expect("parses");
    back.id = g.level.id.clone();
    undo::refresh(&mut back, &b);
    assert_eq!(text::render(&back, &b), t);
    assert_eq!(hash_of(&back), hash_of(&g.level));
}
