//! The settings file: defaults written on first run, every bad value reported by its key with the
//! default used instead, bindings for every action, and unusable files moved aside intact.

use crate::persist_support::*;
use hollowdeep::app::key_book::{book, named};
use hollowdeep::app::keys::{key_from_name, Bindings, RowInfo};
use hollowdeep::app::persist::profile::Profile;
use hollowdeep::app::persist::settings::{self, Settings, SETTINGS_FORMAT_VERSION};
use serde_json::{json, Value};
use std::path::Path;
use winit::keyboard::KeyCode;

/// The default settings text with `edit` applied to its JSON.
fn defaults_with(edit: impl FnOnce(&mut serde_json::Map<String, Value>)) -> String {
    let mut value: Value = serde_json::from_str(&Settings::default().to_text()).unwrap();
    edit(value.as_object_mut().unwrap());
    value.to_string()
}

fn row(name: &str) -> &'static RowInfo {
    named(name).unwrap_or_else(|| panic!("no bindable action {name}"))
}

/// The one warning that mentions `needle`; fails when there are none or several.
fn the_warning<'a>(warnings: &'a [String], needle: &str) -> &'a str {
    let found: Vec<&String> = warnings.iter().filter(|w| w.contains(needle)).collect();
    assert_eq!(found.len(), 1, "exactly one warning about {needle}: {warnings:#?}");
    assert!(!found[0].contains('\n'), "one line: {:?}", found[0]);
    found[0]
}

#[test]
fn the_first_run_writes_the_defaults_and_uses_them() {
    let dir = TempDir::new("settings-first-run");
    let config = dir.path().join("config");
    let (s, warnings) = settings::load(&config).unwrap();
    assert_eq!(s, Settings::default());
    assert!(warnings.is_empty(), "{warnings:?}");
    let path = settings::path(&config);
    let written = std::fs::read(&path).expect("the defaults file was written");
    assert_eq!(written, Settings::default().to_text().as_bytes());
    // The second start reads the same file back and leaves it as it was.
    assert_eq!(settings::load(&config).unwrap(), (Settings::default(), vec![]));
    assert_eq!(std::fs::read(&path).unwrap(), written);
    assert_eq!(listing(&config), vec!["settings.json".to_string()]);
}

#[test]
fn the_defaults_file_names_every_setting_and_a_binding_for_every_action() {
    let dir = TempDir::new("settings-every-key");
    settings::load(dir.path()).unwrap();
    let text = std::fs::read_to_string(settings::path(dir.path())).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    for key in [
        "window_width",
        "window_height",
        "fullscreen",
        "vsync",
        "fov_degrees",
        "reduced_effects",
        "automap",
        "master_volume",
        "effects_volume",
        "ambience_volume",
        "muted",
    ] {
        assert!(value.get(key).is_some(), "{key} missing from the settings file:\n{text}");
    }
    assert_eq!(value["format"], "hollowdeep-settings");
    assert_eq!(value["version"], SETTINGS_FORMAT_VERSION);
    let bindings = value["bindings"].as_object().expect("a bindings object");
    assert_eq!(bindings.len(), book().len(), "one binding per action and no others");
    for binding in book() {
        let (name, defaults) = (binding.name, binding.keys);
        let keys = bindings[name].as_array().unwrap_or_else(|| panic!("no binding for {name}"));
        assert!(!keys.is_empty(), "{name} is bound to some key");
        let parsed: Vec<KeyCode> = keys.iter().map(|k| key_from_name(k.as_str().unwrap()).unwrap()).collect();
        assert_eq!(&parsed, defaults, "{name}");
    }
}

#[test]
fn settings_round_trip_through_text() {
    let mut s = Settings {
        window_width: 1920,
        window_height: 1080,
        fullscreen: true,
        vsync: false,
        fov_degrees: 72.5,
        reduced_effects: true,
        automap: false,
        master_volume: 35,
        effects_volume: 0,
        ambience_volume: 100,
        muted: true,
        bindings: Bindings::default(),
    };
    s.bindings.set(row("move_forward"), vec![KeyCode::KeyI, KeyCode::Numpad8]);
    s.bindings.set(row("wait"), vec![KeyCode::Period]);
    let (back, warnings) = Settings::from_text(&s.to_text()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(back, s);

    let dir = TempDir::new("settings-round-trip");
    std::fs::write(settings::path(dir.path()), s.to_text()).unwrap();
    assert_eq!(settings::load(dir.path()).unwrap(), (s, vec![]));
}

#[test]
fn bad_values_are_named_and_replaced_by_their_defaults_while_good_ones_stay() {
    let dir = TempDir::new("settings-bad-values");
    let text = defaults_with(|o| {
        o.insert("fov_degrees".into(), json!("wide"));
        o.insert("window_width".into(), json!(-5));
        o.insert("window_height".into(), json!(900));
        o.insert("fullscreen".into(), json!(true));
        o.insert("vsync".into(), json!(false));
        o.insert("colour_scheme".into(), json!("sepia"));
        let b = o["bindings"].as_object_mut().unwrap();
        b.insert("move_forward".into(), json!(["KeyW", "Hyperspace"]));
        b.insert("wait".into(), json!(["Period"]));
    });
    let path = settings::path(dir.path());
    std::fs::write(&path, &text).unwrap();
    let (s, warnings) = settings::load(dir.path()).unwrap();

    let d = Settings::default();
    assert!(the_warning(&warnings, "'fov_degrees'").contains(&d.fov_degrees.to_string()));
    assert!(the_warning(&warnings, "'window_width'").contains(&d.window_width.to_string()));
    let binding = the_warning(&warnings, "'move_forward'");
    assert!(binding.contains("KeyW") && binding.contains("ArrowUp"), "names the default keys: {binding}");
    the_warning(&warnings, "'colour_scheme'");
    assert_eq!(warnings.len(), 4, "{warnings:#?}");

    assert_eq!(s.fov_degrees, d.fov_degrees);
    assert_eq!(s.window_width, d.window_width);
    assert_eq!(s.bindings.keys(row("move_forward")), d.bindings.keys(row("move_forward")));
    assert_eq!((s.window_height, s.fullscreen, s.vsync), (900, true, false), "good values are kept");
    assert_eq!(s.bindings.keys(row("wait")), [KeyCode::Period], "good bindings are kept");
    // Bad values do not make the file unusable: it stays where it is, unchanged.
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert_eq!(listing(dir.path()), vec!["settings.json".to_string()]);
}

#[test]
fn each_out_of_range_or_mistyped_value_is_one_warning_with_the_default() {
    let d = Settings::default();
    let cases: Vec<(&str, Value, String)> = vec![
        ("window_width", json!(-5), d.window_width.to_string()),
        ("window_width", json!(0), d.window_width.to_string()),
        ("window_width", json!(1_000_000), d.window_width.to_string()),
        ("window_width", json!(1280.5), d.window_width.to_string()),
        ("window_width", json!("1280"), d.window_width.to_string()),
        ("window_height", json!(10), d.window_height.to_string()),
        ("window_height", json!(null), d.window_height.to_string()),
        ("fullscreen", json!("yes"), d.fullscreen.to_string()),
        ("fullscreen", json!(1), d.fullscreen.to_string()),
        ("vsync", json!([]), d.vsync.to_string()),
        ("fov_degrees", json!("wide"), d.fov_degrees.to_string()),
        ("fov_degrees", json!(10), d.fov_degrees.to_string()),
        ("fov_degrees", json!(200.0), d.fov_degrees.to_string()),
        ("fov_degrees", json!(-66), d.fov_degrees.to_string()),
        ("reduced_effects", json!("no"), d.reduced_effects.to_string()),
        ("automap", json!({}), d.automap.to_string()),
        ("master_volume", json!(101), d.master_volume.to_string()),
        ("effects_volume", json!(-1), d.effects_volume.to_string()),
        ("ambience_volume", json!("loud"), d.ambience_volume.to_string()),
        ("muted", json!(1), d.muted.to_string()),
    ];
    for (key, bad, default) in cases {
        let text = defaults_with(|o| {
            o.insert(key.into(), bad.clone());
        });
        let (s, warnings) = Settings::from_text(&text).unwrap();
        assert_eq!(warnings.len(), 1, "{key} = {bad}: {warnings:?}");
        let warning = the_warning(&warnings, &format!("'{key}'"));
        assert!(warning.contains(&format!("default {default}")), "{key} = {bad}: {warning}");
        assert_eq!(s, d, "{key} = {bad}: the default is used");
    }
}

#[test]
fn each_bad_binding_is_one_warning_and_keeps_that_actions_default() {
    let cases: Vec<(&str, Value)> = vec![
        ("strafe_left", json!(["NotAKey"])),
        ("strafe_left", json!([])),
        ("turn_right", json!("KeyE")),
        ("turn_right", json!([42])),
        ("menu", json!(null)),
    ];
    for (action, bad) in cases {
        let text = defaults_with(|o| {
            o["bindings"].as_object_mut().unwrap().insert(action.into(), bad.clone());
        });
        let (s, warnings) = Settings::from_text(&text).unwrap();
        assert_eq!(warnings.len(), 1, "{action} = {bad}: {warnings:?}");
        let warning = the_warning(&warnings, &format!("'{action}'"));
        assert!(warning.contains("default"), "{action} = {bad}: {warning}");
        assert_eq!(s, Settings::default(), "{action} = {bad}");
    }
    let text = defaults_with(|o| {
        o["bindings"].as_object_mut().unwrap().insert("fly".into(), json!(["KeyF"]));
    });
    let (s, warnings) = Settings::from_text(&text).unwrap();
    the_warning(&warnings, "'fly'");
    assert_eq!(s, Settings::default());
    let text = defaults_with(|o| {
        o.insert("bindings".into(), json!(["KeyW"]));
    });
    let (s, warnings) = Settings::from_text(&text).unwrap();
    the_warning(&warnings, "'bindings'");
    assert_eq!(s, Settings::default());
}

#[test]
fn missing_keys_quietly_take_their_defaults() {
    let text = json!({"format": "hollowdeep-settings", "version": SETTINGS_FORMAT_VERSION, "vsync": false})
        .to_string();
    let (s, warnings) = Settings::from_text(&text).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(s, Settings { vsync: false, ..Settings::default() });
}

/// Writes `bytes` as the settings file, loads it, and checks the defaults, the one-line warning, the
/// intact copy and the fresh defaults file in its place; returns the warning.
fn refused_settings(dir: &Path, bytes: &[u8]) -> String {
    let path = settings::path(dir);
    let before = moved_copies(dir, "settings.json");
    std::fs::write(&path, bytes).unwrap();
    let (s, warnings) = settings::load(dir).unwrap();
    assert_eq!(s, Settings::default());
    assert_eq!(warnings.len(), 1, "one message: {warnings:?}");
    let moved = the_new_copy(dir, "settings.json", &before, bytes);
    assert_one_clear_line(&warnings[0], &path, &moved);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), Settings::default().to_text(), "defaults written");
    warnings[0].clone()
}

#[test]
fn a_settings_file_that_is_not_text_is_moved_aside_intact() {
    let dir = TempDir::new("settings-garbage");
    assert!(refused_settings(dir.path(), GARBAGE).contains("not text"));
}

#[test]
fn a_settings_file_that_is_not_json_is_moved_aside_intact() {
    let dir = TempDir::new("settings-not-json");
    assert!(refused_settings(dir.path(), b"fov = 90\nvsync = on\n").contains("not valid JSON"));
    assert!(refused_settings(dir.path(), b"[1, 2]").contains("not a JSON object"));
}

#[test]
fn a_truncated_settings_file_is_moved_aside_intact() {
    let dir = TempDir::new("settings-truncated");
    refused_settings(dir.path(), truncated(&Settings::default().to_text()).as_bytes());
}

#[test]
fn a_settings_file_from_another_version_is_moved_aside_intact() {
    let dir = TempDir::new("settings-other-version");
    let text = with_version(&Settings::default().to_text(), SETTINGS_FORMAT_VERSION + 1);
    assert!(refused_settings(dir.path(), text.as_bytes()).contains("another version"));
}

#[test]
fn a_profile_in_the_settings_place_is_moved_aside_intact() {
    let dir = TempDir::new("settings-wrong-kind");
    let warning = refused_settings(dir.path(), Profile::default().to_text().as_bytes());
    assert!(warning.contains("not a Hollowdeep settings file"), "{warning}");
}

#[test]
fn a_second_unusable_settings_file_never_overwrites_the_first_copy() {
    let dir = TempDir::new("settings-twice");
    refused_settings(dir.path(), b"first");
    let first = moved_copies(dir.path(), "settings.json");
    refused_settings(dir.path(), b"second");
    assert_eq!(std::fs::read(&first[0]).unwrap(), b"first");
    assert_eq!(moved_copies(dir.path(), "settings.json").len(), 2);
}
