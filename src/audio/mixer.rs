//! The mixer: every playing voice and the ambience (heartbeat, whispers, drone) summed into stereo
//! frames under the volume settings. The sound device and the offline WAV writer both pull frames
//! from this one type, so a render is exactly what a player hears.

use super::bed::Beds;
use super::cue::Cue;
use super::mood::Mood;
use super::tuning::AUDIO;
use super::voice::{one_pole, thump_at, Noise, Voice};
use std::f32::consts::TAU;

/// The volume settings as the mixer applies them (0..1 each).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    pub master: f32,
    pub effects: f32,
    pub ambience: f32,
    pub muted: bool,
}

impl Levels {
    /// From the settings' percentages.
    pub fn from_percent(master: u8, effects: u8, ambience: u8, muted: bool) -> Levels {
        let f = |p: u8| f32::from(p.min(100)) / 100.0;
        Levels { master: f(master), effects: f(effects), ambience: f(ambience), muted }
    }
}

impl Default for Levels {
    fn default() -> Self {
        Levels::from_percent(AUDIO.default_master, AUDIO.default_effects, AUDIO.default_ambience, false)
    }
}

/// What the game side tells the mixer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MixCommand {
    Play(Cue),
    /// The ambience's new targets; the first one is taken at once, later ones glided to.
    Mood(Mood),
    Levels(Levels),
    /// The continuous sounds' new per-ear gains (`SoundKind::BEDS` order), always glided to, so a
    /// hum swells in and a repaired leak's hiss dies away.
    Beds(BedGains),
}

/// Per bed (`SoundKind::BEDS` order), the left and right gain (0..1 of the ambience level).
pub type BedGains = [[f32; 2]; 6];

/// Linear below the knee; above it, a tanh bend toward full scale, which it never passes.
fn limit(x: f32) -> f32 {
    let knee = AUDIO.limiter_knee;
    let over = x.abs() - knee;
    if over <= 0.0 {
        x
    } else {
        x.signum() * (knee + (1.0 - knee) * (over / (1.0 - knee)).tanh())
    }
}

pub struct Mixer {
    rate: f32,
    voices: Vec<Voice>,
    noise: Noise,
    levels: Levels,
    target: Option<Mood>,
    mood: Mood,
    /// Heartbeat: the phase of the current beat (0..1) and seconds since it began.
    beat_phase: f32,
    beat_t: f32,
    /// Seconds rendered, for the slow ambience oscillators.
    clock: f64,
    whisper_lo: f32,
    whisper_hi: f32,
    beds: Beds,
    bed_gains: BedGains,
    bed_target: BedGains,
}

impl Mixer {
    pub fn new(rate: u32) -> Mixer {
        Mixer {
            rate: rate.max(1) as f32,
            voices: Vec::new(),
            noise: Noise::new(0x5EED_A0D1),
            levels: Levels::default(),
            target: None,
            mood: Mood::default(),
            beat_phase: 0.0,
            beat_t: 0.0,
            clock: 0.0,
            whisper_lo: 0.0,
            whisper_hi: 0.0,
            beds: Beds::default(),
            bed_gains: [[0.0; 2]; 6],
            bed_target: [[0.0; 2]; 6],
        }
    }

    pub fn rate(&self) -> u32 {
        self.rate as u32
    }

    pub fn apply(&mut self, command: MixCommand) {
        match command {
            MixCommand::Play(c) => {
                self.voices.push(Voice::new(c.kind, c.delay, c.left, c.right, c.cutoff_hz, self.rate))
            }
            MixCommand::Mood(m) => {
                if self.target.is_none() {
                    self.mood = m;
                }
                self.target = Some(m);
            }
            MixCommand::Levels(l) => self.levels = l,
            MixCommand::Beds(g) => self.bed_target = g,
        }
    }

    /// Fills `out` with the next frames.
    pub fn render(&mut self, out: &mut [[f32; 2]]) {
        let dt = 1.0 / self.rate;
        let glide = 1.0 - (-dt / AUDIO.ambience_seconds).exp();
        let (lo, hi) = AUDIO.whisper_band_hz;
        let (lo_a, hi_a) = (one_pole(lo, self.rate), one_pole(hi, self.rate));
        for frame in out.iter_mut() {
            let mut fx = [0.0f32; 2];
            for v in &mut self.voices {
                let [l, r] = v.frame(&mut self.noise, self.rate);
                fx[0] += l;
                fx[1] += r;
            }
            if let Some(t) = self.target {
                let m = &mut self.mood;
                m.bpm += (t.bpm - m.bpm) * glide;
                m.heart += (t.heart - m.heart) * glide;
                m.whisper += (t.whisper - m.whisper) * glide;
                m.drone += (t.drone - m.drone) * glide;
            }
            let mut amb = self.ambience(dt, lo_a, hi_a);
            if self.bed_gains != [[0.0; 2]; 6] || self.bed_target != [[0.0; 2]; 6] {
                for (g, t) in self.bed_gains.iter_mut().flatten().zip(self.bed_target.iter().flatten()) {
                    *g += (t - *g) * glide;
                    // Snaps the last of a fade to silence, so the beds stop costing anything.
                    if *t == 0.0 && *g < 1e-5 {
                        *g = 0.0;
                    }
                }
                let [l, r] = self.beds.frame(&self.bed_gains, self.rate);
                amb[0] += l;
                amb[1] += r;
            }
            let lv = self.levels;
            let gain = if lv.muted { 0.0 } else { lv.master };
            let fx_gain = AUDIO.effects_gain * lv.effects;
            for ch in 0..2 {
                frame[ch] = limit((fx[ch] * fx_gain + amb[ch] * lv.ambience) * gain);
            }
            self.clock += f64::from(dt);
        }
        let rate = self.rate;
        self.voices.retain(|v| !v.finished(rate));
    }

    /// One frame of heartbeat, whispers and drone.
    fn ambience(&mut self, dt: f32, lo_a: f32, hi_a: f32) -> [f32; 2] {
        if self.target.is_none() {
            return [0.0, 0.0];
        }
        let m = self.mood;
        // The phase runs at the gliding rate, so a speeding heart never skips or doubles a beat.
        self.beat_phase += m.bpm / 60.0 * dt;
        self.beat_t += dt;
        if self.beat_phase >= 1.0 {
            self.beat_phase -= 1.0;
            self.beat_t = self.beat_phase * 60.0 / m.bpm.max(1.0);
        }
        let period = 60.0 / m.bpm.max(1.0);
        let dub_at = AUDIO.heart.dub_fraction * period;
        let mut heart = thump_at(&AUDIO.heart.lub, self.beat_t);
        if self.beat_t >= dub_at {
            heart += thump_at(&AUDIO.heart.dub, self.beat_t - dub_at);
        }
        heart *= m.heart;
        let t = self.clock as f32;
        // Whispers: band-passed noise in syllable-like bursts, drifting from ear to ear.
        let n = self.noise.sample();
        self.whisper_hi += hi_a * (n - self.whisper_hi);
        self.whisper_lo += lo_a * (self.whisper_hi - self.whisper_lo);
        let band = (self.whisper_hi - self.whisper_lo) * 4.0;
        let syllables = ((TAU * AUDIO.whisper_syllable_hz * t).sin() * (TAU * 0.61 * t).sin()).max(0.0);
        let whisper = band * syllables * m.whisper;
        let pan = (TAU * AUDIO.whisper_pan_hz * t).sin() * 0.8;
        let partials = AUDIO.drone_hz;
        let drone: f32 = partials.iter().map(|hz| (TAU * hz * t).sin()).sum::<f32>() / partials.len() as f32
            * (0.7 + 0.3 * (TAU * AUDIO.drone_swell_hz * t).sin())
            * m.drone;
        let centre = heart + drone;
        [centre + whisper * (1.0 - pan) * 0.5, centre + whisper * (1.0 + pan) * 0.5]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limiter_is_linear_below_its_knee_and_never_passes_full_scale() {
        let knee = AUDIO.limiter_knee;
        assert_eq!(limit(knee * 0.5), knee * 0.5);
        assert_eq!(limit(-knee), -knee);
        for x in [knee + 0.01, 1.0, 2.0, 50.0] {
            assert!(limit(x) > knee && limit(x) <= 1.0 && limit(-x) == -limit(x), "{x}");
        }
        assert!(limit(1.0) < limit(2.0) && limit(2.0) < 1.0, "full scale is approached, not hit");
    }
}
