//! The continuous sounds (beds): a live network's hum, a leak's hiss, electricity's crackle, fire.
//! Synthesised sample by sample at the per-ear gains the mixer glides; their numbers are in
//! `tuning` (`AUDIO.beds`).

use super::tuning::AUDIO;
use super::voice::{one_pole, Noise};
use std::f32::consts::TAU;

/// The synthesis of the continuous sounds (`SoundKind::BEDS`, in that order), each at the per-ear
/// gains the mixer glides: hums of summed harmonics, a high-passed hiss, clicks of crackle, and
/// flickering low noise with pops for fire. Its noise is its own, so it never shifts the voices'.
#[derive(Clone, Debug)]
pub struct Beds {
    noise: Noise,
    t: f64,
    hiss_lo: f32,
    crackle_env: f32,
    fire_lo: f32,
    pop_env: f32,
}

impl Default for Beds {
    fn default() -> Self {
        Beds {
            noise: Noise::new(AUDIO.beds.noise_seed),
            t: 0.0,
            hiss_lo: 0.0,
            crackle_env: 0.0,
            fire_lo: 0.0,
            pop_env: 0.0,
        }
    }
}

impl Beds {
    /// The next stereo frame of every bed at `gains` (per bed, left and right).
    pub fn frame(&mut self, gains: &[[f32; 2]; 6], rate: f32) -> [f32; 2] {
        let bt = AUDIO.beds;
        let dt = 1.0 / rate;
        let t = self.t as f32;
        self.t += f64::from(dt);
        let mut dry = [0.0f32; 6];
        for (k, hum) in bt.hums.iter().enumerate() {
            if gains[k] != [0.0, 0.0] {
                let wobble = 1.0 + 0.15 * (TAU * hum.wobble_hz * t).sin();
                let sum: f32 = hum
                    .harmonics
                    .iter()
                    .enumerate()
                    .map(|(h, w)| w * (TAU * hum.hz * (h + 1) as f32 * t).sin())
                    .sum();
                dry[k] = sum / hum.harmonics.iter().sum::<f32>() * wobble;
            }
        }
        let n = self.noise.sample();
        self.hiss_lo += one_pole(bt.hiss_cutoff_hz, rate) * (n - self.hiss_lo);
        dry[3] = (n - self.hiss_lo) * 1.5;
        let trigger = |noise: &mut Noise, per_second: f32| (noise.sample() * 0.5 + 0.5) < per_second * dt;
        if trigger(&mut self.noise, bt.crackle_per_second) {
            self.crackle_env = 1.0;
        }
        self.crackle_env *= (-dt / bt.crackle_click_s).exp();
        dry[4] = self.crackle_env * self.noise.sample() * 2.0;
        self.fire_lo += one_pole(bt.fire_cutoff_hz, rate) * (self.noise.sample() - self.fire_lo);
        let (f1, f2) = bt.fire_flicker_hz;
        let flicker = 0.65 + 0.35 * (TAU * f1 * t).sin() * (TAU * f2 * t).sin();
        if trigger(&mut self.noise, bt.fire_pops_per_second) {
            self.pop_env = 1.0;
        }
        self.pop_env *= (-dt / (bt.crackle_click_s * 4.0)).exp();
        dry[5] = self.fire_lo * 4.0 * flicker + self.pop_env * self.noise.sample();
        let mut out = [0.0f32; 2];
        for (d, g) in dry.iter().zip(gains) {
            out[0] += d * g[0];
            out[1] += d * g[1];
        }
        out
    }
}
