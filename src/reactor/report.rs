//! What one reactor command did, as the shell and the ear read it: the log line, the pulse with its
//! steps, and the level state before. Plain data below the mode that makes it and the hearing that
//! listens to it.

use super::level::LevelState;
use super::pulse::PulseReport;

/// What one command did: its log line (as the headless driver prints it) and, for a lengthy action,
/// the pulse with its recorded steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub line: String,
    pub pulse: Option<PulseReport>,
    pub lost_on_entry: bool,
    /// The level state before the command (the ear's cue is for a change).
    pub before: LevelState,
    /// The rules refused the command (it changed nothing).
    pub refused: bool,
}
