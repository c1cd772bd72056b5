//! Shared helpers for the persistence tests: private temporary folders, seeded random play, and checks
//! that an unusable file was moved aside intact with one clear message.

use crate::bot::{driver, Bot};
use hollowdeep::game::rng::GameRng;
use hollowdeep::game::save::{run_from_str, run_to_string};
use hollowdeep::game::{Action, Game};
use rand::RngExt;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A folder of one test's own under the system temporary folder, removed when dropped. Every
/// persistence function gets it explicitly, so no test reads or writes the real home or XDG folders.
pub struct TempDir(PathBuf);

impl TempDir {
    /// `test` must be unique among the tests of one binary; the process id keeps concurrent runs apart.
    pub fn new(test: &str) -> Self {
        let path = std::env::temp_dir().join(format!("hollowdeep-test-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temporary folder can be created");
        Self(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Plays `n` actions of the wandering bot ([`Bot::WANDERER`]) and returns them in order.
pub fn play(game: &mut Game, rng: &mut GameRng, n: usize) -> Vec<Action> {
    (0..n)
        .map(|_| {
            let action = Bot::WANDERER.decide(game, rng);
            game.act(action);
            action
        })
        .collect()
}

/// Gives the player enough health to outlast a random walk (a legal state: hp within the maximum), so
/// that walks go on for hundreds of turns and reach deeper levels instead of dying within fifty.
pub fn sturdy(game: &mut Game) {
    let p = game.player_mut();
    p.max_hp = 2_000;
    p.hp = 2_000;
}

/// A run in the middle of play: a random depth 1..=4, a sturdy player, and 0..300 random actions.
pub fn mid_run(seed: u64) -> Game {
    let mut rng = driver(seed);
    let mut game = Game::new_at_depth(seed, rng.random_range(1..=4));
    sturdy(&mut game);
    let steps = rng.random_range(0..300);
    play(&mut game, &mut rng, steps);
    game
}

/// Edits a game through its save text (the only door to its private fields) and loads it back.
pub fn edited(game: &Game, edit: impl FnOnce(&mut Value)) -> Result<Game, String> {
    let mut value: Value = serde_json::from_str(&run_to_string(game)).unwrap();
    edit(&mut value["game"]);
    run_from_str(&value.to_string()).map_err(|e| e.to_string())
}

/// A finished run with exactly these numbers (score = kills·100 + depth²·50 + weapon·500).
pub fn finished_run(seed: u64, depth: u32, kills: u32, weapon: i32, turns: u64, cause: &str) -> Game {
    edited(&Game::new_at_depth(seed, depth), |g| {
        g["kills"] = kills.into();
        g["turn"] = turns.into();
        g["player"]["weapon"] = weapon.into();
        g["player"]["hp"] = 0.into();
        g["status"] = "Dead".into();
        g["cause_of_death"] = cause.into();
    })
    .expect("a finished run is a valid state")
}

/// Replaces the `version` field of a Hollowdeep file's text.
pub fn with_version(text: &str, version: u64) -> String {
    let mut value: Value = serde_json::from_str(text).expect("a valid file to edit");
    value["version"] = version.into();
    value.to_string()
}

/// The first half of a valid file, as a crash in the middle of a non-atomic write would leave it.
pub fn truncated(text: &str) -> String {
    text[..text.len() / 2].to_string()
}

/// Bytes that are neither UTF-8 nor JSON.
pub const GARBAGE: &[u8] = &[0xff, 0xfe, 0x00, 0x9c, b'{', 0x80, 0x81, b'"', 0xc3];

/// Files in `dir` whose name starts with `name.` (where `move_aside` puts unusable copies), sorted.
pub fn moved_copies(dir: &Path, name: &str) -> Vec<PathBuf> {
    let prefix = format!("{name}.");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&prefix))
        .collect();
    found.sort();
    found
}

/// Everything in `dir` by name, sorted: shows stray temporary files and missing copies at a glance.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A message shown to the player about an unusable file: one line that names the file and where
/// its copy went.
pub fn assert_one_clear_line(message: &str, original: &Path, moved: &Path) {
    assert!(!message.contains('\n'), "one line, not several: {message:?}");
    assert!(message.contains(&original.display().to_string()), "names the file: {message}");
    assert!(message.contains(&moved.display().to_string()), "says where the copy went: {message}");
    assert!(message.ends_with('.'), "a finished sentence: {message}");
}

/// Checks that exactly one more copy of `name` appeared in `dir` since `before`, holding `bytes`
/// unchanged, and returns its path.
pub fn the_new_copy(dir: &Path, name: &str, before: &[PathBuf], bytes: &[u8]) -> PathBuf {
    let after = moved_copies(dir, name);
    let new: Vec<&PathBuf> = after.iter().filter(|p| !before.contains(p)).collect();
    assert_eq!(new.len(), 1, "exactly one new copy of {name}: {:?}", listing(dir));
    assert_eq!(after.len(), before.len() + 1, "no earlier copy was replaced: {:?}", listing(dir));
    assert_eq!(
        std::fs::read(new[0]).unwrap(),
        bytes,
        "the copy {} keeps the original bytes",
        new[0].display()
    );
    new[0].clone()
}

// ---- Committed fixtures ----------------------------------------------------------------------

/// `tests/fixtures/<kind>` in the source tree.
pub fn fixtures_dir(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(kind)
}

/// The names (file stems) of the fixtures in `dir` whose file name ends in `suffix`, sorted, after
/// checking that they are exactly `expected`: a fixture that vanished or one nobody listed fails.
pub fn committed_fixtures(dir: &Path, suffix: &str, expected: &[&str]) -> Vec<String> {
    assert!(!expected.is_empty(), "an empty fixture list would check nothing");
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read the fixture folder {}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(suffix) && !n.ends_with(".dump.json"))
        .map(|n| n[..n.len() - suffix.len()].to_string())
        .collect();
    found.sort();
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(found, want, "the fixtures in {} are not the listed ones", dir.display());
    found
}

/// Reads a committed fixture; a missing one fails (it is never created behind the tester's back).
pub fn read_fixture(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read the fixture {}: {e}", path.display()))
}

/// Compares `actual` with the expected output at `path`, or rewrites it when blessing.
pub fn assert_matches_fixture(path: &Path, actual: &str) {
    crate::golden::assert_text(path, actual, "--test shell");
}
