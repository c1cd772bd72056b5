//! The games the shell runs besides the crawler (the default), by the word that selects them on the
//! command line: `hollowdeep reactor …`. Registering a game is one row here.

use crate::app::shell::stack::HomeFn;
use std::ffi::{OsStr, OsString};

/// Runs one game's command line (the arguments after its word) and returns the exit code.
/// `home` is the screen a window falls back to when its last screen leaves (the title).
pub type Runner = fn(&[OsString], home: HomeFn) -> i32;

const MODES: &[(&str, Runner)] = &[("reactor", crate::app::reactor::cli::run)];

/// The runner of the game named by `word`, if it names one.
pub fn runner_for(word: &OsStr) -> Option<Runner> {
    MODES.iter().find(|(name, _)| OsStr::new(name) == word).map(|(_, run)| *run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_registered_words_select_a_game() {
        assert!(runner_for(OsStr::new("reactor")).is_some());
        assert!(runner_for(OsStr::new("--headless")).is_none());
        assert!(runner_for(OsStr::new("Reactor")).is_none());
    }
}
