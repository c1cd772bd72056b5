//! `--headless --audio-out FILE.wav`: the sound of a `--keys` run, rendered offline on game time.
//! The run is played through the window's own turn machine, so each turn lasts what its animation
//! lasts on screen, and its sounds come from the same plain data the window feeds the device.

use super::persist::files::write_atomic_bytes;
use super::turn_machine::TurnMachine;
use crate::audio::offline::{key_seconds, Offline};
use crate::audio::tuning::AUDIO;
use crate::audio::{turn_commands, MixCommand};
use crate::game::present::ScenePresenter;
use crate::game::{hearing, Action, Game};
use std::path::Path;

/// Renders `actions` played on `game` into the offline mixer and returns it.
pub fn render_run(mut game: Game, actions: &[Action]) -> Offline {
    let mut out = Offline::default();
    let mut machine = TurnMachine::new(&game, 0.0);
    let mut presenter = ScenePresenter::default();
    out.send(MixCommand::Levels(crate::audio::Levels::default()));
    out.send_all(turn_commands(&presenter.scene(&game, None), &[], 0.0));
    let mut now = 0.0;
    for &action in actions {
        if !machine.press(&mut game, action, now) {
            break; // the run is over: nothing more reaches the game
        }
        let report = machine.last_report().clone();
        let scene = presenter.scene(&game, Some(&report));
        let sounds = hearing::sounds(&game, action, &report);
        out.send_all(turn_commands(&scene, &sounds, machine.player_seconds()));
        let seconds = machine.turn_seconds().max(key_seconds());
        out.advance(seconds);
        now += seconds;
        machine.update(&mut game, now, None);
    }
    out.advance(AUDIO.offline_tail_seconds);
    out
}

/// Renders and writes the WAV. The file goes where it is asked, never into folders made up.
pub fn render(game: Game, actions: &[Action], path: &Path) -> Result<(), String> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!(
            "Could not write the audio to {}: {} is not a folder.",
            path.display(),
            folder.display()
        ));
    }
    write_atomic_bytes(path, &render_run(game, actions).wav())
}
