//! The morgue file: a plain-text account of a finished run, written beside the profile.

use super::writer::write_kept;
use crate::game::Game;
use std::path::{Path, PathBuf};

/// Messages from the end of the log included in the morgue file.
const LAST_MESSAGES: usize = 15;

pub fn text(game: &Game, date: &str) -> String {
    let p = game.player();
    let inventory: Vec<String> = p
        .inventory
        .slots()
        .iter()
        .map(|s| match s {
            Some(c) => format!("{}{}", c.item.name(), if c.hallucinated { " (never there)" } else { "" }),
            None => "-".into(),
        })
        .collect();
    let mut out = format!(
        "Hollowdeep morgue file\n\nDate: {date}\nSeed: {}\nDepth: {}\nTurns: {}\nKills: {}\nScore: {}\n\
         Cause: {}\nWeapon: {}\nHP: {}/{}  Sanity: {:.0}%  Weakness: {}%\nInventory: {}\n\nLast messages:\n",
        game.seed(),
        game.depth(),
        game.turn(),
        game.kills(),
        game.score(),
        game.cause_of_death().unwrap_or("unknown"),
        p.weapon,
        p.hp,
        p.max_hp,
        p.sanity_percent(),
        p.weakness,
        inventory.join(", "),
    );
    let messages = game.messages();
    for m in &messages[messages.len().saturating_sub(LAST_MESSAGES)..] {
        out += &format!("  [turn {}] {}\n", m.turn, m.text);
    }
    out
}

/// Writes the morgue file and returns its path.
pub fn write(data_dir: &Path, game: &Game, stamp: &str, date: &str) -> Result<PathBuf, String> {
    let dir = data_dir.join("morgue");
    // Two deaths in the same second with the same seed must not overwrite each other.
    let path = (0..)
        .map(|n| {
            let suffix = if n == 0 { String::new() } else { format!("-{n}") };
            dir.join(format!("morgue-{stamp}-seed{}{suffix}.txt", game.seed()))
        })
        .find(|p| !super::writer::exists(p))
        .expect("an unbounded search finds a free name");
    write_kept(&path, &text(game, date))?;
    Ok(path)
}
