//! Feedback timelines (plan §10): screen flashes, camera jolt and warp pulses, kept photosensitive-safe.
//!
//! Events from a turn report start timelines here; each frame samples them into plain numbers that the
//! renderer feeds to the shaders. Nothing here touches the game.

use crate::game::Event;
use crate::grid::Side;
use glam::Vec2;

/// Seconds a flash takes to fade out.
pub const FLASH_SECONDS: f64 = 0.30;
/// Seconds the camera shakes after a blow.
pub const JOLT_SECONDS: f64 = 0.25;
/// Seconds of the warp when a hallucination vanishes.
pub const WARP_SECONDS: f64 = 0.45;
/// Seconds the glow on the side a blow came from takes to fade.
pub const GLOW_SECONDS: f64 = 0.9;
/// Accessibility ceiling: never more than this many full-screen flashes start in any one second.
pub const MAX_FLASHES_PER_SECOND: usize = 3;
/// Peak opacity of a flash, and the cap under reduced effects.
const FLASH_PEAK: f32 = 0.45;
const REDUCED_FLASH_PEAK: f32 = 0.08;
/// A kill's flash is a brief warm tint, not a white-out: a full-strength white flash washed the whole
/// view (messages over it included) near-white on every kill (issue 34). The mix is in linear light,
/// so 0.06 already reads as a clear glow on the dark dungeon once encoded for the screen.
const KILL_FLASH_PEAK: f32 = 0.06;
/// Seconds a kill's tint takes to fade: shorter than the other flashes, a beat rather than a blink.
const KILL_FLASH_SECONDS: f64 = 0.2;
/// Largest camera offset of a jolt, in cells.
const JOLT_CELLS: f32 = 0.06;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlashKind {
    /// The player was hurt (or believes so): red, with a jolt.
    Hurt,
    /// The player struck an enemy.
    HitEnemy,
    /// The player struck a hallucination.
    HitHallucination,
    Healed,
    EnemyDied,
}

impl FlashKind {
    pub fn colour(self) -> [f32; 3] {
        match self {
            FlashKind::Hurt | FlashKind::HitEnemy => [0.9, 0.05, 0.05],
            FlashKind::HitHallucination => [0.6, 0.1, 0.85],
            FlashKind::Healed => [0.1, 0.9, 0.2],
            FlashKind::EnemyDied => [1.0, 0.8, 0.5],
        }
    }

    /// The flash's opacity at its start (before reduced effects cap it).
    fn peak(self) -> f32 {
        match self {
            FlashKind::EnemyDied => KILL_FLASH_PEAK,
            _ => FLASH_PEAK,
        }
    }

    /// Seconds the flash takes to fade out.
    pub fn seconds(self) -> f64 {
        match self {
            FlashKind::EnemyDied => KILL_FLASH_SECONDS,
            _ => FLASH_SECONDS,
        }
    }

    /// When one turn brings several, the one that matters most to the player is shown.
    fn priority(self) -> u8 {
        match self {
            FlashKind::Hurt => 5,
            FlashKind::EnemyDied => 4,
            FlashKind::HitHallucination => 3,
            FlashKind::HitEnemy => 2,
            FlashKind::Healed => 1,
        }
    }
}

/// What the effects look like at one instant.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EffectFrame {
    /// Flash colour and opacity (alpha 0 = none).
    pub flash: [f32; 4],
    /// Camera offset of a jolt, in cells.
    pub jolt: Vec2,
    /// Strength of a warp pulse, 0..1.
    pub warp: f32,
    /// The side of the screen that glows after a blow from that side, and how strongly (0..1).
    pub glow: Option<(Side, f32)>,
}

#[derive(Clone, Debug, Default)]
pub struct Effects {
    reduced: bool,
    flash: Option<(FlashKind, f64)>,
    /// Start times of recent flashes, for the rate limit.
    recent_flashes: Vec<f64>,
    jolt_started: Option<f64>,
    warp_started: Option<f64>,
    struck: Option<(Side, f64)>,
}

impl Effects {
    pub fn new(reduced: bool) -> Self {
        Self { reduced, ..Self::default() }
    }

    /// Whether the player asked for reduced effects (the renderer tones down warps and flicker too).
    pub fn reduced(&self) -> bool {
        self.reduced
    }

    /// Starts the feedback for one turn's events.
    pub fn on_events(&mut self, events: &[Event], now: f64) {
        let mut strongest: Option<FlashKind> = None;
        for event in events {
            let kind = match event {
                Event::PlayerHurt { .. } => {
                    self.jolt_started = Some(now);
                    Some(FlashKind::Hurt)
                }
                Event::Struck { side } => {
                    // Not a flash: information about where the danger is, so reduced effects keep it.
                    self.struck = Some((*side, now));
                    None
                }
                Event::HitEnemy { .. } => Some(FlashKind::HitEnemy),
                Event::HitHallucination { .. } => Some(FlashKind::HitHallucination),
                Event::PlayerHealed { .. } => Some(FlashKind::Healed),
                Event::EnemyDied { .. } => Some(FlashKind::EnemyDied),
                Event::HallucinationVanished { .. } => {
                    self.warp_started = Some(now);
                    None
                }
                _ => None,
            };
            if let Some(kind) = kind {
                if strongest.is_none_or(|s| kind.priority() > s.priority()) {
                    strongest = Some(kind);
                }
            }
        }
        if let Some(kind) = strongest {
            self.start_flash(kind, now);
        }
    }

    fn start_flash(&mut self, kind: FlashKind, now: f64) {
        self.recent_flashes.retain(|&t| now - t < 1.0);
        if self.recent_flashes.len() >= MAX_FLASHES_PER_SECOND {
            return; // photosensitivity ceiling: this flash is dropped, the rules are not affected
        }
        self.recent_flashes.push(now);
        self.flash = Some((kind, now));
    }

    pub fn sample(&self, now: f64) -> EffectFrame {
        let mut frame = EffectFrame::default();
        if let Some((side, start)) = self.struck {
            let t = ((now - start) / GLOW_SECONDS) as f32;
            if (0.0..1.0).contains(&t) {
                frame.glow = Some((side, 1.0 - t * t));
            }
        }
        if let Some((kind, start)) = self.flash {
            let t = ((now - start) / kind.seconds()) as f32;
            if (0.0..1.0).contains(&t) {
                let peak = if self.reduced { kind.peak().min(REDUCED_FLASH_PEAK) } else { kind.peak() };
                let [r, g, b] = kind.colour();
                frame.flash = [r, g, b, peak * (1.0 - t) * (1.0 - t)];
            }
        }
        if let (Some(start), false) = (self.jolt_started, self.reduced) {
            let t = ((now - start) / JOLT_SECONDS) as f32;
            if (0.0..1.0).contains(&t) {
                let fade = 1.0 - t;
                // Two incommensurate wobbles read as a shake rather than a slide.
                frame.jolt = Vec2::new((t * 47.0).sin(), (t * 31.0).cos()) * JOLT_CELLS * fade;
            }
        }
        if let Some(start) = self.warp_started {
            let t = ((now - start) / WARP_SECONDS) as f32;
            if (0.0..1.0).contains(&t) {
                let cap = if self.reduced { 0.3 } else { 1.0 };
                frame.warp = cap * (t * std::f32::consts::PI).sin();
            }
        }
        frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hurt() -> Vec<Event> {
        vec![Event::PlayerHurt { amount: 1, real: true }]
    }

    #[test]
    fn a_blow_lights_its_side_and_the_glow_fades_even_with_reduced_effects() {
        for reduced in [false, true] {
            let mut fx = Effects::new(reduced);
            fx.on_events(
                &[Event::Struck { side: Side::Left }, Event::PlayerHurt { amount: 0, real: false }],
                1.0,
            );
            let (side, strength) = fx.sample(1.1).glow.expect("glowing");
            assert_eq!(side, Side::Left);
            assert!(strength > 0.9);
            let (_, later) = fx.sample(1.0 + GLOW_SECONDS * 0.8).glow.expect("still glowing");
            assert!(later < strength);
            assert_eq!(fx.sample(1.0 + GLOW_SECONDS).glow, None);
        }
    }

    #[test]
    fn never_more_than_three_flashes_start_in_a_second() {
        let mut fx = Effects::new(false);
        let mut starts = 0;
        let mut last = None;
        for i in 0..20 {
            let now = i as f64 * 0.1;
            fx.on_events(&hurt(), now);
            if fx.flash.map(|f| f.1) != last {
                starts += 1;
                last = fx.flash.map(|f| f.1);
            }
        }
        // 2 seconds of requests every 0.1 s: at most 3 per second window.
        assert!(starts <= 2 * MAX_FLASHES_PER_SECOND, "{starts}");
        assert!(starts >= 2, "flashes must still happen");
    }

    #[test]
    fn reduced_effects_cap_the_flash_and_remove_the_jolt() {
        let mut full = Effects::new(false);
        let mut reduced = Effects::new(true);
        full.on_events(&hurt(), 0.0);
        reduced.on_events(&hurt(), 0.0);
        let (a, b) = (full.sample(0.05), reduced.sample(0.05));
        assert!(b.flash[3] < a.flash[3]);
        assert!(b.flash[3] <= REDUCED_FLASH_PEAK);
        assert!(a.jolt.length() > 0.0);
        assert_eq!(b.jolt, Vec2::ZERO);
    }

    #[test]
    fn the_most_important_flash_of_a_turn_wins() {
        let mut fx = Effects::new(false);
        let id = crate::game::EntityId(0);
        fx.on_events(&[Event::HitEnemy { id, damage: 1 }, Event::PlayerHurt { amount: 1, real: true }], 0.0);
        assert_eq!(fx.flash.map(|f| f.0), Some(FlashKind::Hurt));
    }

    #[test]
    fn flashes_fade_out() {
        let mut fx = Effects::new(false);
        fx.on_events(&[Event::PlayerHealed { amount: 1 }], 0.0);
        assert!(fx.sample(0.01).flash[3] > fx.sample(0.2).flash[3]);
        assert_eq!(fx.sample(FLASH_SECONDS + 0.01).flash[3], 0.0);
    }
}
