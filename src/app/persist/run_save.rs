//! The saved run. It stays on disk while the run is played, rewritten after every action (off the
//! frame's thread: `keeper`) and on Esc then Y, so a crash or a `kill -9` costs at most the action
//! in hand; it is removed when the run ends (permadeath needs no more than that).

use super::files::{move_aside, read_optional};
use super::writer::write_kept;
use crate::game::save::{run_from_str, run_to_string};
use crate::game::Game;
use std::path::{Path, PathBuf};

/// The saved run inside the data folder.
pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("run.json")
}

/// The run as its save holds it.
pub fn text(game: &Game) -> String {
    run_to_string(game)
}

pub fn save(data_dir: &Path, game: &Game) -> Result<PathBuf, String> {
    let path = path(data_dir);
    write_kept(&path, &run_to_string(game))?;
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

/// The run has ended: its save goes (a missing one is no error).
pub fn remove(data_dir: &Path) -> Result<(), String> {
    let path = path(data_dir);
    super::writer::remove(&path).map_err(|e| format!("The ended run's save stays: {e}"))
}

/// Loads the saved run. The file stays until the run ends or is saved again, so a crash while
/// it is played loses nothing more than the action in hand.
pub fn load(data_dir: &Path) -> Result<Loaded, String> {
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
        Ok(game) => Ok(Loaded::Game(Box::new(game))),
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
