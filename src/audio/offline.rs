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

/// Where rendered frames go as they are made, when they are not kept (`--audio-out` streams them
/// to disk, so a long run costs no memory for its sound).
pub type Sink<'s> = &'s mut dyn FnMut(&[[f32; 2]]);

/// Frames rendered at a time when streaming: small enough to cost nothing, large enough that the
/// per-call overhead is lost in it.
const STREAM_CHUNK: usize = 4096;

pub struct Offline<'s> {
    mixer: Mixer,
    frames: Vec<[f32; 2]>,
    sink: Option<Sink<'s>>,
}

impl Default for Offline<'static> {
    fn default() -> Self {
        Offline::new(OFFLINE_RATE)
    }
}

impl Offline<'static> {
    /// Keeps every frame, for tests and measurements ([`Offline::frames`]).
    pub fn new(rate: u32) -> Offline<'static> {
        Offline { mixer: Mixer::new(rate), frames: Vec::new(), sink: None }
    }
}

impl<'s> Offline<'s> {
    /// Hands each chunk of frames to `sink` as it is rendered and keeps none.
    pub fn streaming(rate: u32, sink: Sink<'s>) -> Offline<'s> {
        Offline { mixer: Mixer::new(rate), frames: Vec::new(), sink: Some(sink) }
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
        match self.sink.as_mut() {
            None => {
                let start = self.frames.len();
                self.frames.resize(start + n, [0.0, 0.0]);
                self.mixer.render(&mut self.frames[start..]);
            }
            Some(sink) => {
                let mut left = n;
                while left > 0 {
                    let chunk = left.min(STREAM_CHUNK);
                    self.frames.clear();
                    self.frames.resize(chunk, [0.0, 0.0]);
                    self.mixer.render(&mut self.frames);
                    sink(&self.frames);
                    left -= chunk;
                }
                self.frames.clear();
            }
        }
    }

    pub fn rate(&self) -> u32 {
        self.mixer.rate()
    }

    /// Every frame rendered so far (none when streaming).
    pub fn frames(&self) -> &[[f32; 2]] {
        &self.frames
    }

    pub fn wav(&self) -> Vec<u8> {
        super::wav::encode(&self.frames, self.rate())
    }
}
