//! The ambience a turn calls for: the heartbeat's rate and loudness from the body and the mind, and
//! how loud the madness (whispers, drone) is. Pure functions of the scene's HUD model.

use super::tuning::AUDIO;
use crate::scene::Scene;

/// The ambience's targets for one turn; the mixer glides toward them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mood {
    pub bpm: f32,
    /// 0..1 of the ambience level each.
    pub heart: f32,
    pub whisper: f32,
    pub drone: f32,
}

/// The heartbeat's rate at `hp` of `max_hp` and `sanity` percent: the rule in docs/rules.md.
pub fn heart_bpm(hp: i32, max_hp: i32, sanity: f32) -> f32 {
    let h = AUDIO.heart;
    h.rest_bpm + h.wound_bpm * wound(hp, max_hp) + h.madness_bpm * AUDIO.heart_ramp.at(sanity)
}

/// 0 unhurt, 1 at zero HP, rising with the square of the HP lost.
fn wound(hp: i32, max_hp: i32) -> f32 {
    let lost = 1.0 - hp.max(0) as f32 / max_hp.max(1) as f32;
    lost.clamp(0.0, 1.0).powi(2)
}

impl Mood {
    pub fn of(hp: i32, max_hp: i32, sanity: f32) -> Mood {
        let h = AUDIO.heart;
        let bpm = heart_bpm(hp, max_hp, sanity).min(h.max_bpm);
        let racing = ((bpm - h.rest_bpm) / (h.max_bpm - h.rest_bpm)).clamp(0.0, 1.0);
        // The dead have no heartbeat (nor has a scene with no body in it).
        let alive = hp > 0;
        Mood {
            bpm,
            heart: if alive { h.rest_gain + (h.racing_gain - h.rest_gain) * racing } else { 0.0 },
            whisper: AUDIO.whisper_gain * AUDIO.whisper_ramp.at(sanity),
            drone: AUDIO.drone_gain * AUDIO.drone_ramp.at(sanity),
        }
    }

    /// The mood of a scene, read from its HUD bar (what the player is shown is what they hear).
    pub fn of_scene(scene: &Scene) -> Mood {
        let bar = &scene.hud.bar;
        Mood::of(bar.hp, bar.max_hp, bar.sanity as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calm_at_full_health_racing_near_death_and_in_madness() {
        let h = AUDIO.heart;
        assert_eq!(Mood::of(10, 10, 100.0).bpm, h.rest_bpm);
        assert!(Mood::of(1, 10, 100.0).bpm > Mood::of(5, 10, 100.0).bpm);
        assert!(Mood::of(5, 10, 100.0).bpm > h.rest_bpm);
        assert!(Mood::of(10, 10, 5.0).bpm > Mood::of(10, 10, 50.0).bpm);
        assert!(Mood::of(0, 10, 0.0).bpm <= h.max_bpm);
        assert!(Mood::of(1, 10, 100.0).heart > Mood::of(10, 10, 100.0).heart);
        assert_eq!(Mood::of(0, 10, 50.0).heart, 0.0, "the heart stops with death");
    }

    #[test]
    fn the_madness_rises_smoothly_as_sanity_falls() {
        let mut last = Mood::of(10, 10, 100.0);
        assert_eq!((last.whisper, last.drone), (0.0, 0.0), "sane: silence");
        for s in (0..100).rev() {
            let m = Mood::of(10, 10, s as f32);
            assert!(m.whisper >= last.whisper && m.drone >= last.drone);
            assert!(m.whisper - last.whisper < 0.05 && m.drone - last.drone < 0.05, "no jump at {s}");
            last = m;
        }
        assert_eq!((last.whisper, last.drone), (AUDIO.whisper_gain, AUDIO.drone_gain));
    }
}
