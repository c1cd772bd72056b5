//! What a player does to a game in progress: a command of the rules, or undo or restart, which the
//! game (`undo::Game`) answers itself. Its own file, so the game's record of what was played and
//! the script grammar that spells actions out both import it without importing each other.

use super::command::Command;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Do(Command),
    Undo,
    Restart,
}
