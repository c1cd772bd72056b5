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
                // One render call per advance, as the buffered path makes: the mixer drops its
                // finished voices at the end of a call, so cutting a call in two would change the
                // noise they draw and the WAV would differ from a buffered one. The buffer is
                // one key's sound, a second or two, whatever the run's length.
                self.frames.clear();
                self.frames.resize(n, [0.0, 0.0]);
                self.mixer.render(&mut self.frames);
                sink(&self.frames);
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
