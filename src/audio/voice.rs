//! The sounds themselves, synthesised: one recipe per kind (a pitched thump for weight, filtered
//! noise for grit, ringing tones for what is not flesh), and the voice that plays one. The recipes
//! are a content table, like the crawler's families: what each sound is made of; how loud it is and
//! where it sits live in `tuning`. Nothing is loaded from disk, so nothing can be missing or
//! unlicensed.

use crate::scene::SoundKind;
use std::f32::consts::TAU;

/// A thump whose pitch falls from `from_hz` to `to_hz` (time constant `sweep_s`) as it decays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thump {
    pub from_hz: f32,
    pub to_hz: f32,
    pub sweep_s: f32,
    pub decay_s: f32,
    pub gain: f32,
}

/// A burst of noise through a low-pass at `cutoff_hz`, rising over `attack_s`.
#[derive(Clone, Copy, Debug)]
pub struct Grit {
    pub cutoff_hz: f32,
    pub attack_s: f32,
    pub decay_s: f32,
    pub gain: f32,
}

/// A ringing sine starting `at_s` into the sound.
#[derive(Clone, Copy, Debug)]
pub struct Ring {
    pub hz: f32,
    pub at_s: f32,
    pub decay_s: f32,
    pub gain: f32,
}

/// How one kind of sound is made.
#[derive(Clone, Copy, Debug)]
pub struct Recipe {
    pub seconds: f32,
    pub thump: Option<Thump>,
    pub grit: Option<Grit>,
    pub rings: &'static [Ring],
}

const fn thump(from_hz: f32, to_hz: f32, sweep_s: f32, decay_s: f32, gain: f32) -> Option<Thump> {
    Some(Thump { from_hz, to_hz, sweep_s, decay_s, gain })
}

const fn grit(cutoff_hz: f32, attack_s: f32, decay_s: f32, gain: f32) -> Option<Grit> {
    Some(Grit { cutoff_hz, attack_s, decay_s, gain })
}

/// The recipe of each kind.
pub fn recipe(kind: SoundKind) -> Recipe {
    use SoundKind as K;
    let r = |seconds, thump, grit, rings| Recipe { seconds, thump, grit, rings };
    match kind {
        K::PlayerStep => r(0.15, thump(120.0, 70.0, 0.02, 0.04, 0.5), grit(2500.0, 0.002, 0.03, 0.25), &[]),
        K::PlayerTurn => r(0.2, None, grit(1800.0, 0.03, 0.06, 0.12), &[]),
        K::Bump => r(0.25, thump(90.0, 50.0, 0.03, 0.06, 0.8), grit(900.0, 0.001, 0.02, 0.3), &[]),
        K::Swing => r(0.3, None, grit(3500.0, 0.06, 0.07, 0.4), &[]),
        K::Hit => r(0.35, thump(150.0, 60.0, 0.03, 0.08, 0.9), grit(2000.0, 0.001, 0.05, 0.6), &[]),
        K::HollowHit => r(
            0.8,
            None,
            grit(5000.0, 0.001, 0.01, 0.3),
            &[
                Ring { hz: 660.0, at_s: 0.0, decay_s: 0.5, gain: 0.3 },
                Ring { hz: 1010.0, at_s: 0.0, decay_s: 0.35, gain: 0.2 },
            ],
        ),
        K::Kill => r(1.0, thump(220.0, 50.0, 0.25, 0.35, 0.8), grit(600.0, 0.01, 0.2, 0.3), &[]),
        K::Vanish => r(
            1.0,
            None,
            grit(7000.0, 0.2, 0.15, 0.2),
            &[
                Ring { hz: 880.0, at_s: 0.0, decay_s: 0.6, gain: 0.15 },
                Ring { hz: 1320.0, at_s: 0.1, decay_s: 0.4, gain: 0.1 },
            ],
        ),
        K::Pickup => r(
            0.4,
            None,
            None,
            &[
                Ring { hz: 520.0, at_s: 0.0, decay_s: 0.12, gain: 0.3 },
                Ring { hz: 780.0, at_s: 0.08, decay_s: 0.15, gain: 0.3 },
            ],
        ),
        K::UseItem => r(
            0.4,
            None,
            grit(1500.0, 0.02, 0.1, 0.25),
            &[Ring { hz: 330.0, at_s: 0.0, decay_s: 0.2, gain: 0.15 }],
        ),
        K::Healed => r(
            0.9,
            None,
            None,
            &[
                Ring { hz: 392.0, at_s: 0.0, decay_s: 0.5, gain: 0.2 },
                Ring { hz: 494.0, at_s: 0.1, decay_s: 0.5, gain: 0.2 },
            ],
        ),
        K::Descend => r(2.0, thump(80.0, 30.0, 1.0, 0.8, 0.8), grit(400.0, 0.4, 0.6, 0.4), &[]),
        K::Hurt => r(0.4, thump(180.0, 90.0, 0.05, 0.12, 0.8), grit(1200.0, 0.002, 0.08, 0.5), &[]),
        K::Died => r(3.0, thump(70.0, 25.0, 1.5, 1.2, 0.9), grit(300.0, 0.3, 1.0, 0.3), &[]),
        K::CreatureStep => r(0.3, thump(70.0, 40.0, 0.03, 0.09, 0.9), grit(800.0, 0.005, 0.06, 0.4), &[]),
        K::CreatureAttack => r(0.5, thump(110.0, 45.0, 0.04, 0.1, 0.9), grit(2500.0, 0.03, 0.06, 0.6), &[]),
        // The reactor: a thrown lever, then one cue per level state, each its own shape: calm
        // falls, warnings repeat faster as they worsen, Ready rises, Won rises and rings on, Lost
        // sinks into a rumble.
        K::Switch => r(0.3, thump(200.0, 110.0, 0.01, 0.04, 0.7), grit(3000.0, 0.001, 0.015, 0.4), &[]),
        K::StateStable => r(
            0.9,
            None,
            None,
            &[
                Ring { hz: 392.0, at_s: 0.0, decay_s: 0.3, gain: 0.2 },
                Ring { hz: 330.0, at_s: 0.15, decay_s: 0.4, gain: 0.2 },
            ],
        ),
        K::StateCaution => r(
            0.6,
            None,
            None,
            &[
                Ring { hz: 660.0, at_s: 0.0, decay_s: 0.08, gain: 0.3 },
                Ring { hz: 660.0, at_s: 0.2, decay_s: 0.08, gain: 0.3 },
            ],
        ),
        K::StateCritical => r(
            0.6,
            None,
            grit(2000.0, 0.001, 0.3, 0.1),
            &[
                Ring { hz: 880.0, at_s: 0.0, decay_s: 0.05, gain: 0.35 },
                Ring { hz: 880.0, at_s: 0.12, decay_s: 0.05, gain: 0.35 },
                Ring { hz: 880.0, at_s: 0.24, decay_s: 0.05, gain: 0.35 },
            ],
        ),
        K::StateReady => r(
            1.0,
            None,
            None,
            &[
                Ring { hz: 523.0, at_s: 0.0, decay_s: 0.3, gain: 0.22 },
                Ring { hz: 659.0, at_s: 0.12, decay_s: 0.3, gain: 0.22 },
                Ring { hz: 784.0, at_s: 0.24, decay_s: 0.45, gain: 0.22 },
            ],
        ),
        K::StateWon => r(
            2.2,
            thump(90.0, 55.0, 0.1, 0.3, 0.6),
            None,
            &[
                Ring { hz: 523.0, at_s: 0.0, decay_s: 0.5, gain: 0.2 },
                Ring { hz: 784.0, at_s: 0.15, decay_s: 0.6, gain: 0.2 },
                Ring { hz: 1046.0, at_s: 0.3, decay_s: 0.9, gain: 0.22 },
            ],
        ),
        K::StateLost => r(
            2.5,
            thump(120.0, 28.0, 0.8, 1.0, 0.9),
            grit(350.0, 0.05, 1.2, 0.4),
            &[
                Ring { hz: 233.0, at_s: 0.0, decay_s: 0.9, gain: 0.15 },
                Ring { hz: 220.0, at_s: 0.0, decay_s: 0.9, gain: 0.15 },
            ],
        ),
        // Continuous sounds are beds (`bed::Beds`), not voices: played as a cue they are silent.
        K::FuelHum | K::CoolantHum | K::ElectricHum | K::Hiss | K::Crackle | K::Fire => {
            r(0.0, None, None, &[])
        }
    }
}

/// The coefficient of a one-pole low-pass at `cutoff_hz` for `rate` samples per second.
pub fn one_pole(cutoff_hz: f32, rate: f32) -> f32 {
    1.0 - (-TAU * cutoff_hz / rate).exp()
}

/// The thump's value `t` seconds in: the integral of the falling pitch gives its phase.
pub fn thump_at(th: &Thump, t: f32) -> f32 {
    let phase = th.to_hz * t + (th.from_hz - th.to_hz) * th.sweep_s * (1.0 - (-t / th.sweep_s).exp());
    (TAU * phase).sin() * (-t / th.decay_s).exp() * th.gain * (t / 0.002).min(1.0)
}

/// A deterministic white-noise source (xorshift): the same render twice is the same samples.
#[derive(Clone, Debug)]
pub struct Noise(u32);

impl Noise {
    pub fn new(seed: u32) -> Noise {
        Noise(seed.max(1))
    }

    /// The next value in -1..1.
    pub fn sample(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// One playing sound: its recipe, where it is placed, and its filters' state.
#[derive(Clone, Debug)]
pub struct Voice {
    recipe: Recipe,
    /// Samples until it starts, then samples played.
    wait: u64,
    played: u64,
    left: f32,
    right: f32,
    grit_a: f32,
    grit_y: f32,
    muffle_a: f32,
    muffle_y: f32,
}

impl Voice {
    pub fn new(kind: SoundKind, delay_s: f64, left: f32, right: f32, cutoff_hz: f32, rate: f32) -> Voice {
        let recipe = recipe(kind);
        Voice {
            grit_a: one_pole(recipe.grit.map_or(1000.0, |g| g.cutoff_hz), rate),
            recipe,
            wait: (delay_s.max(0.0) * f64::from(rate)).round() as u64,
            played: 0,
            left,
            right,
            muffle_a: one_pole(cutoff_hz, rate),
            grit_y: 0.0,
            muffle_y: 0.0,
        }
    }

    pub fn finished(&self, rate: f32) -> bool {
        self.wait == 0 && self.played as f32 / rate >= self.recipe.seconds
    }

    /// The next stereo sample.
    pub fn frame(&mut self, noise: &mut Noise, rate: f32) -> [f32; 2] {
        if self.wait > 0 {
            self.wait -= 1;
            return [0.0, 0.0];
        }
        let t = self.played as f32 / rate;
        self.played += 1;
        let r = &self.recipe;
        let mut x = r.thump.as_ref().map_or(0.0, |th| thump_at(th, t));
        if let Some(g) = &r.grit {
            self.grit_y += self.grit_a * (noise.sample() - self.grit_y);
            let env = (t / g.attack_s).min(1.0) * (-(t - g.attack_s).max(0.0) / g.decay_s).exp();
            // The low-pass takes most of the noise's level; the factor gives it back.
            x += self.grit_y * env * g.gain * 3.0;
        }
        for ring in r.rings {
            let u = t - ring.at_s;
            if u >= 0.0 {
                x += (TAU * ring.hz * u).sin() * (-u / ring.decay_s).exp() * ring.gain * (u / 0.003).min(1.0);
            }
        }
        // Fade the last 20 ms so a cut-off tail never clicks.
        x *= ((r.seconds - t) / 0.02).clamp(0.0, 1.0);
        self.muffle_y += self.muffle_a * (x - self.muffle_y);
        [self.muffle_y * self.left, self.muffle_y * self.right]
    }
}
