//! Every number of the game's sound in one table: the heartbeat's rates, the volumes, how sound
//! fades with distance and through walls, and how the madness ramps rise. Tests read this table
//! rather than repeating its numbers.

use super::voice::Thump;

/// The sample rate of offline renders (`--audio-out`) and of the tests.
pub const OFFLINE_RATE: u32 = 48_000;

/// How the heartbeat follows the body and the mind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeartTuning {
    /// Beats per minute at full health and full sanity: one beat per heartbeat-counter step when the
    /// offline player presses a key on every resting beat (see `offline`).
    pub rest_bpm: f32,
    /// Added at zero HP, scaled by the square of the HP lost (a scratch barely shows, the last
    /// points race).
    pub wound_bpm: f32,
    /// Added at zero sanity, scaled by the madness ramp below.
    pub madness_bpm: f32,
    /// The fastest it ever beats.
    pub max_bpm: f32,
    /// Loudness at rest and when racing (0..1 of the ambience level).
    pub rest_gain: f32,
    pub racing_gain: f32,
    /// Seconds between the two knocks of one beat ("lub-dub"), as a fraction of the beat.
    pub dub_fraction: f32,
    /// The two knocks: a heavy "lub" and a lighter "dub".
    pub lub: Thump,
    pub dub: Thump,
}

/// A smooth 0..1 ramp over sanity: 0 at or above `start`, 1 at or below `full` (percent), eased
/// like the visual ramps, so nothing switches on at a threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ramp {
    pub start: f32,
    pub full: f32,
}

impl Ramp {
    /// The ramp's value at `sanity` percent.
    pub fn at(self, sanity: f32) -> f32 {
        let t = ((self.start - sanity) / (self.start - self.full)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    }
}

/// How a sound fades with distance, from where it comes, and through walls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpaceTuning {
    /// Gain = 1 / (1 + falloff * cells).
    pub falloff_per_cell: f32,
    /// Beyond this many cells nothing is heard.
    pub hearing_cells: i32,
    /// Gain and low-pass cutoff (Hz) of a sound with a wall between it and the listener.
    pub wall_gain: f32,
    pub wall_cutoff_hz: f32,
    /// A sound behind the listener: a little quieter and duller, so behind is not mistaken for
    /// ahead in stereo.
    pub behind_gain: f32,
    pub behind_cutoff_hz: f32,
    /// Cutoff of an unobstructed sound in front.
    pub open_cutoff_hz: f32,
}

/// How the board (a top-down view) is heard: from the robot, with the screen's up as ahead, so
/// what lies left of the robot on screen is in the left ear. The whole board is in sight, so
/// nothing is behind a wall or out of hearing; distance alone softens a sound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardSpaceTuning {
    /// Gain = 1 / (1 + falloff * cells).
    pub falloff_per_cell: f32,
    pub cutoff_hz: f32,
}

/// One continuous sound (a bed): its loudness when full, and how much of it (in the game's cells'
/// worth at full strength, summed per ear after placing) is most of the way (1 - 1/e) to full.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BedLevel {
    pub gain: f32,
    pub full_amount: f32,
}

/// A network's hum: a fundamental and its next two harmonics' weights, and a slow wobble.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HumTuning {
    pub hz: f32,
    pub harmonics: [f32; 3],
    pub wobble_hz: f32,
    pub level: BedLevel,
}

/// The reactor's beds: one hum per carrier (fuel, coolant, electricity: a fifth and an octave
/// apart so each network is told by ear), a leak's hiss (noise above `hiss_cutoff_hz`), the
/// crackle of electricity (clicks at `crackle_per_second`, each ringing `crackle_click_s`), and
/// fire (noise below `fire_cutoff_hz`, flickering, with pops at `fire_pops_per_second`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BedTuning {
    pub hums: [HumTuning; 3],
    pub hiss: BedLevel,
    pub hiss_cutoff_hz: f32,
    pub crackle: BedLevel,
    pub crackle_per_second: f32,
    pub crackle_click_s: f32,
    pub fire: BedLevel,
    pub fire_cutoff_hz: f32,
    pub fire_flicker_hz: (f32, f32),
    pub fire_pops_per_second: f32,
    /// The bed voices' own noise seed, so a game without beds renders as it did before them.
    pub noise_seed: u32,
}

/// The whole table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AudioTuning {
    pub heart: HeartTuning,
    pub space: SpaceTuning,
    pub board: BoardSpaceTuning,
    pub beds: BedTuning,
    /// Whispers and drone: how loud at full madness, and the sanity ramps that bring them in.
    pub whisper_gain: f32,
    pub whisper_ramp: Ramp,
    pub drone_gain: f32,
    pub drone_ramp: Ramp,
    /// How the whispers sound: syllables per second, how fast they drift from ear to ear, and the
    /// band of noise they are cut from (Hz).
    pub whisper_syllable_hz: f32,
    pub whisper_pan_hz: f32,
    pub whisper_band_hz: (f32, f32),
    /// The drone's partials (Hz) and how fast it swells.
    pub drone_hz: [f32; 3],
    pub drone_swell_hz: f32,
    /// The madness part of the heartbeat's rate.
    pub heart_ramp: Ramp,
    /// Seconds for the ambience to move most of the way (1 - 1/e) to a new turn's level: the ear's
    /// version of the visual ramps' smoothness.
    pub ambience_seconds: f32,
    /// Effects' peak gain before the volume settings.
    pub effects_gain: f32,
    /// The mix is linear up to this level and bends smoothly toward full scale above it, so a
    /// blow landing on a racing heart never clips.
    pub limiter_knee: f32,
    /// Default volume settings, in percent.
    pub default_master: u8,
    pub default_effects: u8,
    pub default_ambience: u8,
    /// Volume settings change by this step on the title's settings page.
    pub volume_step: u8,
    /// Offline renders ring on this long after the last key (see `offline` for their pace).
    pub offline_tail_seconds: f64,
}

pub const AUDIO: AudioTuning = AudioTuning {
    heart: HeartTuning {
        rest_bpm: 60.0,
        wound_bpm: 80.0,
        madness_bpm: 50.0,
        max_bpm: 160.0,
        rest_gain: 0.35,
        racing_gain: 0.9,
        dub_fraction: 0.28,
        lub: Thump { from_hz: 62.0, to_hz: 44.0, sweep_s: 0.04, decay_s: 0.07, gain: 1.0 },
        dub: Thump { from_hz: 58.0, to_hz: 42.0, sweep_s: 0.03, decay_s: 0.06, gain: 0.7 },
    },
    space: SpaceTuning {
        falloff_per_cell: 0.35,
        hearing_cells: 14,
        wall_gain: 0.3,
        wall_cutoff_hz: 700.0,
        behind_gain: 0.8,
        behind_cutoff_hz: 3_000.0,
        open_cutoff_hz: 14_000.0,
    },
    board: BoardSpaceTuning { falloff_per_cell: 0.12, cutoff_hz: 14_000.0 },
    beds: BedTuning {
        hums: [
            HumTuning {
                hz: 55.0,
                harmonics: [1.0, 0.45, 0.2],
                wobble_hz: 0.21,
                level: BedLevel { gain: 0.35, full_amount: 8.0 },
            },
            HumTuning {
                hz: 82.5,
                harmonics: [1.0, 0.3, 0.1],
                wobble_hz: 0.17,
                level: BedLevel { gain: 0.3, full_amount: 8.0 },
            },
            HumTuning {
                hz: 110.0,
                harmonics: [1.0, 0.6, 0.45],
                wobble_hz: 0.29,
                level: BedLevel { gain: 0.25, full_amount: 8.0 },
            },
        ],
        hiss: BedLevel { gain: 0.3, full_amount: 0.5 },
        hiss_cutoff_hz: 3_500.0,
        crackle: BedLevel { gain: 0.45, full_amount: 1.5 },
        crackle_per_second: 18.0,
        crackle_click_s: 0.003,
        fire: BedLevel { gain: 0.5, full_amount: 2.0 },
        fire_cutoff_hz: 450.0,
        fire_flicker_hz: (0.7, 1.9),
        fire_pops_per_second: 6.0,
        noise_seed: 0xF1AE_B0A7,
    },
    whisper_gain: 0.22,
    whisper_ramp: Ramp { start: 60.0, full: 10.0 },
    whisper_syllable_hz: 4.7,
    whisper_pan_hz: 0.13,
    whisper_band_hz: (700.0, 3_200.0),
    drone_gain: 0.4,
    drone_hz: [41.2, 41.9, 61.8],
    drone_swell_hz: 0.09,
    drone_ramp: Ramp { start: 80.0, full: 20.0 },
    heart_ramp: Ramp { start: 70.0, full: 0.0 },
    ambience_seconds: 1.5,
    effects_gain: 0.45,
    limiter_knee: 0.8,
    default_master: 80,
    default_effects: 100,
    default_ambience: 80,
    volume_step: 10,
    offline_tail_seconds: 1.5,
};
