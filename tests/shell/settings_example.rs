//! `assets/settings.example.json` documents the settings file: it must equal the defaults the game
//! writes on first run. Re-bless with `HOLLOWDEEP_BLESS=1` after changing a default on purpose.

use hollowdeep::app::persist::settings::Settings;

#[test]
fn the_example_settings_file_is_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/settings.example.json");
    let defaults = Settings::default().to_text() + "\n";
    if std::env::var("HOLLOWDEEP_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &defaults).expect("assets/ is writable");
    }
    let example = std::fs::read_to_string(&path).expect("assets/settings.example.json exists");
    assert_eq!(example, defaults, "the example differs from the defaults; re-bless with HOLLOWDEEP_BLESS=1");
    let (parsed, problems) = Settings::from_text(&example).expect("the example parses");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(parsed, Settings::default());
}
