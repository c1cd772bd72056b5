//! `--headless --audio-out FILE.wav`: the sound of a `--keys` run (or a reactor level's
//! `--actions`), rendered offline on game time. The crawler's run is played through the window's
//! own turn machine, so each turn lasts what its animation lasts on screen; a reactor action lasts
//! its pulse's cascade. Their sounds come from the same plain data the window feeds the device.

use crate::app::crawler::turn_machine::TurnMachine;
use crate::app::persist::writer::Output;
use crate::app::reactor::session::world_delay;
use crate::audio::offline::{key_seconds, Offline};
use crate::audio::tuning::{AUDIO, OFFLINE_RATE};
use crate::audio::wav;
use crate::audio::{board_commands, turn_commands, Levels, MixCommand};
use crate::game::present::ScenePresenter;
use crate::game::{hearing, Action, Game};
use crate::mode::Mode;
use crate::reactor::mode::Reactor;
use crate::reactor::script;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;

/// Renders `actions` played on `game` into the offline mixer and returns it.
pub fn render_run(game: Game, actions: &[Action]) -> Offline<'static> {
    let mut out = Offline::default();
    play_run(&mut out, game, actions);
    out
}

/// Plays a crawler run into `out`.
fn play_run(out: &mut Offline, mut game: Game, actions: &[Action]) {
    out.send(MixCommand::Levels(Levels::default()));
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
        now += press(out, machine.turn_seconds());
        machine.update(&mut game, now, None);
    }
    out.advance(AUDIO.offline_tail_seconds);
}

/// Renders `actions` played on a reactor level at `levels` (the command line's are the defaults):
/// each action's sounds, then its pulse's cascade (or the offline player's pause, whichever is
/// longer), with the state's continuous sounds.
pub fn render_reactor_run(mode: Reactor, actions: &[script::Action], levels: Levels) -> Offline<'static> {
    let mut out = Offline::default();
    play_reactor_run(&mut out, mode, actions, levels);
    out
}

/// Plays a reactor level's actions into `out`.
pub fn play_reactor_run(out: &mut Offline, mut mode: Reactor, actions: &[script::Action], levels: Levels) {
    out.send(MixCommand::Levels(levels));
    let scene = mode.scene(None);
    out.send_all(board_commands(&scene, &[], &mode.beds(), 0.0));
    for &action in actions {
        let report = mode.act(action);
        let scene = mode.scene(Some(&report));
        let delay = world_delay(&report);
        out.send_all(board_commands(&scene, &mode.sounds(action, &report), &mode.beds(), delay));
        press(out, delay);
    }
    out.advance(AUDIO.offline_tail_seconds);
}

/// Plays on until the next key: when the action's own playback (`seconds`) ends, or one offline
/// pace (`key_seconds`) after this key if that is later. Returns the seconds played.
fn press(out: &mut Offline, seconds: f64) -> f64 {
    let seconds = seconds.max(key_seconds());
    out.advance(seconds);
    seconds
}

/// Renders a crawler run (at the default volumes, whatever the settings file says) and writes
/// its WAV.
pub fn render(game: Game, actions: &[Action], path: &Path) -> Result<(), String> {
    write(path, |out| play_run(out, game, actions))
}

/// Plays with `play` and streams the WAV to `path` as it is rendered, so memory does not grow with
/// the run's length. The output is opened (its folder checked) before the render runs.
pub fn write(path: &Path, play: impl FnOnce(&mut Offline)) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("Could not write the audio to {}: {e}.", path.display());
    let mut file = std::io::BufWriter::new(Output::create(path)?);
    file.write_all(&wav::header(OFFLINE_RATE, None)).map_err(failed)?;
    let mut frames = 0u64;
    let mut error = None;
    let mut bytes = Vec::new();
    let mut sink = |chunk: &[[f32; 2]]| {
        frames += chunk.len() as u64;
        bytes.clear();
        wav::append_samples(chunk, &mut bytes);
        if error.is_none() {
            error = file.write_all(&bytes).err();
        }
    };
    play(&mut Offline::streaming(OFFLINE_RATE, &mut sink));
    if let Some(e) = error {
        return Err(failed(e));
    }
    let mut file = file.into_inner().map_err(|e| failed(e.into_error()))?;
    if file.seekable() {
        // The length is known now: the header says it, as the file a buffer would have written.
        file.seek(SeekFrom::Start(0)).map_err(failed)?;
        file.write_all(&wav::header(OFFLINE_RATE, Some(frames))).map_err(failed)?;
    }
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streaming renders in chunks and patches the header at the end: the file must be the very
    /// bytes the whole-buffer render gives, for both games.
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
        let level = crate::reactor::schema::load(
            include_bytes!("../../../assets/reactor/01-first-light.json"),
            &crate::reactor::Balance::normal(),
        )
        .level
        .unwrap();
        let mode =
            || Reactor::new(crate::reactor::Game::new(level.clone(), crate::reactor::Balance::normal()));
        let acts = script::parse_actions("move:E move:E interact").unwrap();
        let path = dir.join("reactor.wav");
        write(&path, |out| play_reactor_run(out, mode(), &acts, Levels::default())).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), render_reactor_run(mode(), &acts, Levels::default()).wav());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
