//! The offline backend: the mixer rendering into a buffer on game time instead of to a device, for
//! `--audio-out` and the tests. Its pace: each key is pressed one resting heartbeat after the last
//! one, or when the turn's animation ends if that is later, so at rest the WAV has one beat per
//! heartbeat-counter step.

use super::mixer::{MixCommand, Mixer};
use super::tuning::{AUDIO, OFFLINE_RATE};

/// Seconds between the offline player's keys at rest: one resting heartbeat.
pub fn key_seconds() -> f64 {
    60.0 / f64::from(AUDIO.heart.rest_bpm)
}

pub struct Offline {
    mixer: Mixer,
    frames: Vec<[f32; 2]>,
}

impl Default for Offline {
    fn default() -> Self {
        Offline::new(OFFLINE_RATE)
    }
}

impl Offline {
    pub fn new(rate: u32) -> Offline {
        Offline { mixer: Mixer::new(rate), frames: Vec::new() }
    }

    pub fn send(&mut self, command: MixCommand) {
        self.mixer.apply(command);
    }

    pub fn send_all(&mut self, commands: Vec<MixCommand>) {
        for c in commands {
            self.mixer.apply(c);
        }
    }

    /// Renders the next `seconds` of game time.
    pub fn advance(&mut self, seconds: f64) {
        let n = (seconds.max(0.0) * f64::from(self.mixer.rate())).round() as usize;
        let start = self.frames.len();
        self.frames.resize(start + n, [0.0, 0.0]);
        self.mixer.render(&mut self.frames[start..]);
    }

    pub fn rate(&self) -> u32 {
        self.mixer.rate()
    }

    pub fn frames(&self) -> &[[f32; 2]] {
        &self.frames
    }

    pub fn wav(&self) -> Vec<u8> {
        super::wav::encode(&self.frames, self.rate())
    }
}
