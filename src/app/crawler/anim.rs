//! Easing and camera poses: how the view moves between the cells and facings the rules decide.

use crate::game::{Facing, Pos};
use glam::Vec2;

/// Seconds a step (forward, back, strafe) takes on screen.
pub const MOVE_SECONDS: f64 = 0.18;
/// Seconds a quarter turn takes on screen.
pub const TURN_SECONDS: f64 = 0.16;
/// Seconds of the nudge toward a wall that refused a move.
pub const BUMP_SECONDS: f64 = 0.12;
/// Seconds all enemy moves of a turn take, together (plan §7.2).
pub const ENEMY_SECONDS: f64 = 0.10;
/// How far into the cell the camera leans when bumping a wall, in cells.
const BUMP_DEPTH: f32 = 0.12;

/// Smooth start and stop (cubic ease-in-out) so steps feel weighty, not mechanical.
pub fn ease_in_out(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Where the camera stands and looks: the eye in cell units (cell centres at +0.5) and the angle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub eye: Vec2,
    pub angle: f32,
}

impl Pose {
    pub fn at(pos: Pos, facing: Facing) -> Self {
        Self { eye: cell_centre(pos), angle: facing.angle() }
    }
}

pub fn cell_centre(p: Pos) -> Vec2 {
    Vec2::new(p.x as f32 + 0.5, p.y as f32 + 0.5)
}

/// A camera motion from one pose to another, with an optional bump that goes out and comes back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motion {
    pub from: Pose,
    pub to: Pose,
    /// Unit direction of a refused move; the camera leans that way and returns.
    pub bump: Option<Vec2>,
    pub seconds: f64,
}

impl Motion {
    pub fn still(pose: Pose) -> Self {
        Self { from: pose, to: pose, bump: None, seconds: 0.0 }
    }

    /// The pose `elapsed` seconds into the motion.
    pub fn sample(&self, elapsed: f64) -> Pose {
        let t = if self.seconds <= 0.0 { 1.0 } else { (elapsed / self.seconds) as f32 };
        let k = ease_in_out(t);
        let mut eye = self.from.eye.lerp(self.to.eye, k);
        if let Some(dir) = self.bump {
            // Out and back: a sine hump peaks halfway through.
            eye += dir * BUMP_DEPTH * (t.clamp(0.0, 1.0) * std::f32::consts::PI).sin();
        }
        Pose { eye, angle: lerp_angle(self.from.angle, self.to.angle, k) }
    }
}

/// Interpolates along the shorter way round, so turning from North to East does not spin 270°.
pub fn lerp_angle(from: f32, to: f32, k: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let mut delta = (to - from) % TAU;
    if delta > PI {
        delta -= TAU;
    } else if delta < -PI {
        delta += TAU;
    }
    from + delta * k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_is_monotonic_and_pinned_at_the_ends() {
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        let mut last = 0.0;
        for i in 1..=100 {
            let v = ease_in_out(i as f32 / 100.0);
            assert!(v >= last);
            last = v;
        }
    }

    #[test]
    fn turning_takes_the_short_way() {
        let north = Facing::North.angle();
        let east = Facing::East.angle();
        let mid = lerp_angle(north, east, 0.5);
        let expected = north + std::f32::consts::FRAC_PI_4;
        assert!((mid - expected).abs() < 1e-4, "{mid} vs {expected}");
    }

    #[test]
    fn a_bump_returns_to_where_it_started() {
        let pose = Pose::at(Pos::new(2, 2), Facing::East);
        let m = Motion { from: pose, to: pose, bump: Some(Vec2::X), seconds: BUMP_SECONDS };
        assert!(m.sample(BUMP_SECONDS / 2.0).eye.x > pose.eye.x + 0.05);
        assert!((m.sample(BUMP_SECONDS).eye - pose.eye).length() < 1e-4);
    }
}
