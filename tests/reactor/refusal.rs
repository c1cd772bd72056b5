//! Refusals one sentence long: whatever a level file holds, the sentence that refuses it is at most
//! 200 characters (the first problem with its cell, then how many more and the command that lists
//! them), every line `--validate` prints is too, and an echoed token is shortened.

use crate::support::*;
use hollowdeep::reactor::bounds::MAX_LINE;
use hollowdeep::reactor::schema;
use serde_json::{json, Value};

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reactor/valve.json");
    serde_json::from_slice(&std::fs::read(path).expect("the fixture")).expect("json")
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A file's refusal, with the checks every refusal must pass.
fn refused(bytes: &[u8], file: &str) -> (schema::Loaded, String) {
    let loaded = schema::load(bytes, &bal());
    let sentence = loaded.refusal(file).expect("the file is refused");
    assert!(chars(&sentence) <= MAX_LINE, "{} characters: {sentence}", chars(&sentence));
    assert_eq!(sentence.lines().count(), 1, "{sentence}");
    for i in &loaded.issues {
        assert!(chars(&i.line()) <= MAX_LINE, "{} characters: {}", chars(&i.line()), i.line());
    }
    (loaded, sentence)
}

/// Broken files of every kind the loader meets: bad JSON, bad fields, bad layouts, huge tokens.
fn broken() -> Vec<(String, Vec<u8>)> {
    let long = "q".repeat(100_000);
    let mut out: Vec<(String, Vec<u8>)> = vec![
        ("not json".into(), b"{\"format\": ".to_vec()),
        ("a long string that never ends".into(), format!("{{\"format\": \"{long}").into_bytes()),
        ("another format".into(), json!({ "format": long }).to_string().into_bytes()),
    ];
    let mut push = |what: &str, edit: &dyn Fn(&mut Value)| {
        let mut v = fixture();
        edit(&mut v);
        out.push((what.into(), v.to_string().into_bytes()));
    };
    push("unknown prop kind", &|v| v["props"][0]["kind"] = json!(long));
    push("unknown state", &|v| v["underground"]["fuel"][0]["state"] = json!(long));
    push("unknown item", &|v| v["inventory"] = json!([long]));
    push("unknown difficulty", &|v| v["difficulty"] = json!(long));
    push("unknown status", &|v| v["dynamic"]["status"] = json!(long));
    push("unknown leak carrier", &|v| v["leaks"][0]["carrier"] = json!(long));
    push("a long key", &|v| v["robot"][long.as_str()] = json!(1));
    push("a long terrain row", &|v| v["terrain"][1] = json!(long));
    push("unknown terrain everywhere", &|v| {
        v["terrain"] = json!(["%%%%%%%%", "%%%%%%%%", "%%%%%%%%", "%%%%%%%%"])
    });
    push("props off the map", &|v| {
        v["props"] =
            Value::Array((0..100_000).map(|i| json!({ "x": 1000 + i, "y": 0, "kind": "terminal" })).collect())
    });
    push("props off a larger map", &|v| {
        v["props"] =
            Value::Array((0..30).map(|i| json!({ "x": 1000 + i, "y": 0, "kind": "terminal" })).collect())
    });
    push("everything wrong at once", &|v| {
        v["robot"]["x"] = json!(0);
        v["props"][1]["x"] = json!(0);
        v["required"]["coolant"] = json!(7);
        v["leaks"][0]["access"] = json!([0, 0]);
    });
    out
}

#[test]
fn every_refusal_is_one_sentence_of_at_most_200_characters() {
    let long_path = format!("/{}/level.json", "deep/".repeat(60));
    for (what, bytes) in broken() {
        for file in ["level.json", long_path.as_str()] {
            let (loaded, sentence) = refused(&bytes, file);
            assert!(sentence.ends_with('.'), "{what}: {sentence}");
            assert!(
                !sentence.contains("qqqqqqqqqqqqqqqqqqqqqqqqqq"),
                "{what}: a token echoed whole: {sentence}"
            );
            if loaded.issues.len() > 1 {
                let more =
                    format!("and {} more: run `hollowdeep reactor --validate ", loaded.issues.len() - 1);
                assert!(sentence.contains(&more), "{what}: {sentence}");
            }
        }
    }
}

#[test]
fn the_sentence_names_the_first_error_with_its_cell_and_the_count_of_the_rest() {
    let mut v = fixture();
    v["terrain"][1] = json!("#..%%..#");
    v["terrain"][2] = json!("#.%....#");
    let (loaded, sentence) = refused(v.to_string().as_bytes(), "maps/valve.json");
    assert_eq!(loaded.issues.len(), 3, "{:?}", loaded.issues);
    assert_eq!(
        sentence,
        "maps/valve.json is not a playable level: at (3, 1), unknown terrain character '%', and 2 more: \
         run `hollowdeep reactor --validate maps/valve.json`."
    );
    let mut one = fixture();
    one["terrain"][1] = json!("#..%...#");
    let (_, sentence) = refused(one.to_string().as_bytes(), "valve.json");
    assert_eq!(sentence, "valve.json is not a playable level: at (3, 1), unknown terrain character '%'.");
}

#[test]
fn an_echoed_token_is_its_first_24_characters_and_an_ellipsis() {
    let mut v = fixture();
    v["props"][0]["kind"] = json!("abcdefghijklmnopqrstuvwxyz0123456789");
    let loaded = schema::load(v.to_string().as_bytes(), &bal());
    let m = &loaded.issues[0].message;
    assert!(m.contains("\"abcdefghijklmnopqrstuvwx…\""), "{m}");
    assert!(!m.contains("yz0123"), "{m}");
}

#[test]
fn validate_prints_every_issue_on_a_line_of_at_most_200_characters() {
    let mut v = fixture();
    v["inventory"] = json!(["x".repeat(5000), "fuel_neutralizer"]);
    v["props"][0]["kind"] = json!("k".repeat(5000));
    let path = std::env::temp_dir().join(format!("reactor-validate-{}.json", std::process::id()));
    std::fs::write(&path, v.to_string()).expect("written");
    let out = validate_cli(&path);
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(stdout.lines().count() >= 2, "{stdout}");
    for line in stdout.lines() {
        assert!(chars(line) <= MAX_LINE, "{} characters: {line}", chars(line));
    }
}
