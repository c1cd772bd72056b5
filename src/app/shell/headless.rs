//! The null front end: any game's [`Mode`] played without a window, one command after another,
//! as the headless drivers, the bench and the tests play it.

use crate::mode::Mode;

/// Plays commands in order until the list ends or the game is over. Returns the commands that
/// reached the game, in order (what a recording stores).
pub fn play<M: Mode>(mode: &mut M, commands: &[M::Command]) -> Vec<M::Command> {
    let mut played = Vec::new();
    for &command in commands {
        if mode.is_over() {
            break;
        }
        mode.act(command);
        played.push(command);
    }
    played
}
