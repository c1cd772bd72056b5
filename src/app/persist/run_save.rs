//! The saved run: written on "Save and quit", consumed when loaded (permadeath: no reloading).

use super::files::{move_aside, read_optional, write_atomic};
use crate::game::save::{run_from_str, run_to_string};
use crate::game::Game;
use std::path::{Path, PathBuf};

/// The saved run inside the data folder.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("run.json")
}

pub fn save(data_dir: &Path, game: &Game) -> Result<PathBuf, String> {
    let path = path(data_dir);
    write_atomic(&path, &run_to_string(game))?;
    Ok(path)
}

/// The waiting save in a few words for the title screen ("depth 3, turn 120"), without taking it;
/// `None` when there is none. A damaged save still shows, so the player learns of it on continuing.
pub fn peek(data_dir: &Path) -> Option<String> {
    match read_optional(&path(data_dir)) {
        Ok(None) => None,
        Ok(Some(text)) => Some(match run_from_str(&text) {
            Ok(game) => {
                let practice = if game.is_practice() { ", practice" } else { "" };
                format!("depth {}, turn {}{practice}", game.depth(), game.turn())
            }
            Err(_) => "damaged: continuing sets it aside".into(),
        }),
        Err(_) => Some("unreadable: continuing sets it aside".into()),
    }
}

/// What looking for a saved run found.
pub enum Loaded {
    None,
    Game(Box<Game>),
    /// A file was there but unusable; it has been moved aside. The text says what happened.
    MovedAside(String),
}

/// Loads the saved run and removes it, so the same save can never be loaded twice.
pub fn take(data_dir: &Path) -> Result<Loaded, String> {
    let path = path(data_dir);
    let text = match read_optional(&path) {
        Ok(None) => return Ok(Loaded::None),
        Ok(Some(text)) => text,
        Err(why) => {
            let moved = move_aside(&path, "unreadable")?;
            return Ok(Loaded::MovedAside(format!(
                "The saved run {} could not be used: {why}. It was moved to {}.",
                path.display(),
                moved.display()
            )));
        }
    };
    match run_from_str(&text) {
        Ok(game) => {
            std::fs::remove_file(&path)
                .map_err(|e| format!("Could not remove the loaded save {}: {e}.", path.display()))?;
            Ok(Loaded::Game(Box::new(game)))
        }
        Err(why) => {
            let moved = move_aside(&path, "unusable")?;
            Ok(Loaded::MovedAside(format!(
                "The saved run {} could not be used: {why}. It was moved to {}.",
                path.display(),
                moved.display()
            )))
        }
    }
}
