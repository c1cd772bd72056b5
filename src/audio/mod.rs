//! The audio room: presentation for the ear, as `render` is for the eye. A game describes each turn
//! as plain data (its `Scene` and the `SoundEvent`s of `Mode::sounds`); `cue` places those around
//! the listener (direction, distance, walls), `mood` turns the HUD model into the heartbeat and the
//! madness, and the `mixer` synthesises and sums everything into stereo frames, pulled either by
//! the sound `device` or by the `offline` renderer that writes WAV files. It knows no game's rules.

pub mod cue;
pub mod device;
pub mod mixer;
pub mod mood;
pub mod offline;
pub mod tuning;
pub mod voice;
pub mod wav;

pub use mixer::{Levels, MixCommand, Mixer};
pub use mood::Mood;

use crate::scene::{Scene, SoundEvent};

/// What one turn asks of the mixer: its placed sounds, then the ambience it calls for.
/// `world_delay` is when the world's answer starts in the turn's animation.
pub fn turn_commands(scene: &Scene, sounds: &[SoundEvent], world_delay: f64) -> Vec<MixCommand> {
    let mut out: Vec<MixCommand> =
        cue::cues(scene, sounds, world_delay).into_iter().map(MixCommand::Play).collect();
    out.push(MixCommand::Mood(Mood::of_scene(scene)));
    out
}

/// Where the window's sound goes: a device, or nowhere (there is none). Offline renders drive
/// `offline::Offline` directly, on game time.
pub enum Output {
    Device(Box<device::Device>),
    Silent,
}

impl Output {
    /// The device, or silence with the one line that says why (printed by the caller, once).
    pub fn open_device() -> (Output, Option<String>) {
        match device::Device::open() {
            Ok(d) => (Output::Device(Box::new(d)), None),
            Err(why) => (Output::Silent, Some(why)),
        }
    }

    pub fn send(&mut self, command: MixCommand) {
        match self {
            Output::Device(d) => d.send(command),
            Output::Silent => {}
        }
    }

    pub fn send_all(&mut self, commands: Vec<MixCommand>) {
        for c in commands {
            self.send(c);
        }
    }
}
