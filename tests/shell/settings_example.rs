//! `assets/settings.example.json` documents the settings file: it must equal the defaults the game
//! writes on first run. Re-bless with `HOLLOWDEEP_BLESS=1` after changing a default on purpose.

use hollowdeep::app::persist::settings::Settings;

#[test]
fn the_example_settings_file_is_the_defaults() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/settings.example.json");
    let defaults = Settings::default().to_text() + "\n";
    crate::golden::assert_text(&path, &defaults, "--test shell settings_example::");
    let example = crate::golden::read_text(&path, "--test shell settings_example::");
    let (parsed, problems) = Settings::from_text(&example).expect("the example parses");
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(parsed, Settings::default());
}
