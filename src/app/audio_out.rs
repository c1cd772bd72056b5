//! `--headless --audio-out FILE.wav`: the sound of a `--keys` run (or a reactor level's
//! `--actions`), rendered offline on game time. The crawler's run is played through the window's
//! own turn machine, so each turn lasts what its animation lasts on screen; a reactor action lasts
//! its pulse's cascade. Their sounds come from the same plain data the window feeds the device.

use super::persist::files::write_atomic_bytes;
use super::reactor_session::world_delay;
use super::turn_machine::TurnMachine;
use crate::audio::offline::{key_seconds, Offline};
use crate::audio::tuning::AUDIO;
use crate::audio::{board_commands, turn_commands, Levels, MixCommand};
use crate::game::present::ScenePresenter;
use crate::game::{hearing, Action, Game};
use crate::mode::Mode;
use crate::reactor::mode::Reactor;
use crate::reactor::script;
use std::path::Path;

/// Renders `actions` played on `game` into the offline mixer and returns it.
pub fn render_run(mut game: Game, actions: &[Action]) -> Offline {
    let mut out = started();
    let mut machine = TurnMachine::new(&game, 0.0);
    let mut presenter = ScenePresenter::default();
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
        now += press(&mut out, machine.turn_seconds());
        machine.update(&mut game, now, None);
    }
    out.advance(AUDIO.offline_tail_seconds);
    out
}

/// Renders `actions` played on a reactor level at `levels` (the command line's are the defaults):
/// each action's sounds, then its pulse's cascade (or the offline player's pause, whichever is
/// longer), with the state's continuous sounds.
pub fn render_reactor_run(mut mode: Reactor, actions: &[script::Action], levels: Levels) -> Offline {
    let mut out = started();
    out.send(MixCommand::Levels(levels));
    let scene = mode.scene(None);
    out.send_all(board_commands(&scene, &[], &mode.beds(), 0.0));
    for &action in actions {
        let report = mode.act(action);
        let scene = mode.scene(Some(&report));
        let delay = world_delay(&report);
        out.send_all(board_commands(&scene, &mode.sounds(action, &report), &mode.beds(), delay));
        press(&mut out, delay);
    }
    out.advance(AUDIO.offline_tail_seconds);
    out
}

/// An offline render at the default volumes, whatever the settings file says.
fn started() -> Offline {
    let mut out = Offline::default();
    out.send(MixCommand::Levels(Levels::default()));
    out
}

/// Plays on until the next key: when the action's own playback (`seconds`) ends, or one offline
/// pace (`key_seconds`) after this key if that is later. Returns the seconds played.
fn press(out: &mut Offline, seconds: f64) -> f64 {
    let seconds = seconds.max(key_seconds());
    out.advance(seconds);
    seconds
}

/// Renders a crawler run and writes its WAV.
pub fn render(game: Game, actions: &[Action], path: &Path) -> Result<(), String> {
    write(path, || render_run(game, actions))
}

/// Renders with `render` and writes the WAV. The file goes where it is asked, never into folders
/// made up; the folder is checked before the render runs.
pub fn write(path: &Path, render: impl FnOnce() -> Offline) -> Result<(), String> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(format!(
            "Could not write the audio to {}: {} is not a folder.",
            path.display(),
            folder.display()
        ));
    }
    write_atomic_bytes(path, &render().wav())
}
