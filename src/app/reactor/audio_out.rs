//! `hollowdeep reactor --headless --audio-out FILE.wav`: a level's `--actions` rendered offline,
//! each action lasting its pulse's cascade, from the same plain data the window feeds the device.

use super::session::world_delay;
use crate::app::shell::audio_out::press;
use crate::audio::offline::Offline;
use crate::audio::tuning::AUDIO;
use crate::audio::{board_commands, Levels, MixCommand};
use crate::mode::Mode;
use crate::reactor::mode::Reactor;
use crate::reactor::script;

/// The reactor's sound for `actions` from the level's start, at the given volumes: each action's
/// sounds, then its pulse's cascade (or the offline player's pause, whichever is
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::shell::audio_out::write;

    /// Streaming renders in chunks and patches the header at the end: the file must be the very
    /// bytes the whole-buffer render gives.
    #[test]
    fn a_streamed_wav_is_byte_identical_to_the_buffered_one() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-stream-reactor-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
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
