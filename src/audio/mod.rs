//! The audio room: presentation for the ear, as `render` is for the eye. A game describes each turn
//! as plain data (its `Scene` and the `SoundEvent`s of `Mode::sounds`); `cue` places those around
//! the listener (direction, distance, walls), `mood` turns the HUD model into the heartbeat and the
//! madness, and the `mixer` synthesises and sums everything into stereo frames, pulled either by
//! the sound `device` or by the `offline` renderer that writes WAV files. It knows no game's rules.

pub mod bed;
pub mod cue;
pub mod device;
pub mod mixer;
pub mod mood;
pub mod offline;
pub mod tuning;
pub mod voice;
pub mod wav;

pub use mixer::{BedGains, Levels, MixCommand, Mixer};
pub use mood::Mood;

use crate::scene::{Scene, SoundBed, SoundEvent, SoundKind};
use tuning::AUDIO;

/// What one turn asks of the mixer: its placed sounds, then the ambience it calls for.
/// `world_delay` is when the world's answer starts in the turn's animation.
pub fn turn_commands(scene: &Scene, sounds: &[SoundEvent], world_delay: f64) -> Vec<MixCommand> {
    let mut out: Vec<MixCommand> =
        cue::cues(scene, sounds, world_delay).into_iter().map(MixCommand::Play).collect();
    out.push(MixCommand::Mood(Mood::of_scene(scene)));
    out
}

/// What one action on a board (the reactor) asks of the mixer: its placed sounds, no heart or
/// madness (a board has no body), and its continuous sounds' levels.
pub fn board_commands(
    scene: &Scene,
    sounds: &[SoundEvent],
    beds: &[SoundBed],
    world_delay: f64,
) -> Vec<MixCommand> {
    let mut out: Vec<MixCommand> =
        cue::cues(scene, sounds, world_delay).into_iter().map(MixCommand::Play).collect();
    out.push(MixCommand::Mood(Mood::default()));
    out.push(MixCommand::Beds(bed_gains(scene, beds)));
    out
}

/// Each bed's per-ear gain: every source of a kind placed around the listener and summed per ear,
/// then eased toward the kind's full gain (`1 - e^(-sum / full_amount)`), so more is louder but
/// never without bound. A source with no cell is all around (unit gain in each ear).
pub fn bed_gains(scene: &Scene, beds: &[SoundBed]) -> BedGains {
    let listener = cue::Listener::of(scene);
    let mut sum = [[0.0f32; 2]; 6];
    for bed in beds {
        let Some(k) = SoundKind::BEDS.iter().position(|b| *b == bed.kind) else { continue };
        let (l, r) = match bed.at {
            None => (1.0, 1.0),
            Some(at) => match listener.place(at) {
                Some(p) => (p.left, p.right),
                None => continue,
            },
        };
        sum[k][0] += bed.amount.max(0.0) * l;
        sum[k][1] += bed.amount.max(0.0) * r;
    }
    let b = AUDIO.beds;
    let levels = [b.hums[0].level, b.hums[1].level, b.hums[2].level, b.hiss, b.crackle, b.fire];
    let mut out = [[0.0f32; 2]; 6];
    for ((o, s), lv) in out.iter_mut().zip(sum).zip(levels) {
        for ch in 0..2 {
            o[ch] = lv.gain * (1.0 - (-s[ch] / lv.full_amount.max(1e-6)).exp());
        }
    }
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
