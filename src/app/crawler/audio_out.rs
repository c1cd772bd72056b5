//! `--headless --audio-out FILE.wav`: the sound of a `--keys` run, rendered offline on game time.
//! The run is played through the window's own turn machine, so each turn lasts what its animation
//! lasts on screen; its sounds come from the same plain data the window feeds the device.

use crate::app::crawler::paced::Paced;
use crate::app::shell::audio_out::{press, write};
use crate::audio::offline::Offline;
use crate::audio::tuning::AUDIO;
use crate::audio::{turn_commands, Levels, MixCommand};
use crate::game::{Action, Game};
use std::path::Path;

/// Renders `actions` played on `game` into the offline mixer and returns it.
pub fn render_run(game: Game, actions: &[Action]) -> Offline<'static> {
    let mut out = Offline::default();
    play_run(&mut out, game, actions);
    out
}

/// Plays a crawler run into `out`, step by step at the window's pace (the same `Paced` the
/// window's session plays through), each turn's sounds placed where its animation puts them.
fn play_run(out: &mut Offline, game: Game, actions: &[Action]) {
    out.send(MixCommand::Levels(Levels::default()));
    let mut paced = Paced::new(game, 0.0);
    out.send_all(turn_commands(&paced.scene, &[], 0.0));
    let mut now = 0.0;
    for &action in actions {
        let Some(played) = paced.press(action, now) else {
            break; // the run is over: nothing more reaches the game
        };
        out.send_all(turn_commands(&paced.scene, &played.sounds, paced.machine.player_seconds()));
        now += press(out, paced.machine.turn_seconds());
        paced.update(now, None);
    }
    out.advance(AUDIO.offline_tail_seconds);
}

/// Renders a crawler run (at the default volumes, whatever the settings file says) and writes
/// its WAV.
pub fn render(game: Game, actions: &[Action], path: &Path) -> Result<(), String> {
    write(path, |out| play_run(out, game, actions))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streaming renders in chunks and patches the header at the end: the file must be the very
    /// bytes the whole-buffer render gives, for the crawler (the reactor's front checks its own).
    #[test]
    fn a_streamed_wav_is_byte_identical_to_the_buffered_one() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-stream-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let actions = [Action::MoveForward, Action::TurnLeft, Action::Wait, Action::MoveForward];
        let path = dir.join("crawler.wav");
        render(Game::new(7), &actions, &path).unwrap();
        let (a, b) = (std::fs::read(&path).unwrap(), render_run(Game::new(7), &actions).wav());
        let first = a.iter().zip(&b).position(|(x, y)| x != y);
        assert_eq!(first, None, "first difference at byte {first:?} of {}", a.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
