//! The shell around the rules: the command line, the window, and everything written to disk
//! (saves, recordings, settings, profiles). One test binary for all of them.
//!
//! Each module is one former test file under `tests/shell/`; run one with
//! `cargo test --test shell saves::`. Tests that touch files each use a folder of their own
//! (`persist_support::TempDir`, named per test), so the modules can share one process.

mod bot;
#[path = "golden/mod.rs"]
mod golden;
mod persist_support;

#[path = "shell/cli.rs"]
mod cli;
#[path = "shell/daily.rs"]
mod daily;
#[path = "shell/drivers.rs"]
mod drivers;
#[path = "shell/editor.rs"]
mod editor;
#[path = "shell/outputs.rs"]
mod outputs;
#[path = "shell/persistence.rs"]
mod persistence;
#[path = "shell/recordings.rs"]
mod recordings;
#[path = "shell/saves.rs"]
mod saves;
#[path = "shell/settings.rs"]
mod settings;
#[path = "shell/settings_example.rs"]
mod settings_example;
#[path = "shell/tiny_game.rs"]
mod tiny_game;
#[path = "shell/web_replay.rs"]
mod web_replay;
#[path = "shell/window_smoke.rs"]
mod window_smoke;
