//! The view the app animates (`View`) and the projection maths (`Camera`) shared by the shader's
//! uniforms and the CPU reference ray-cast, so both agree by construction.
//!
//! Projection, in one place:
//! - Walls are 1 cell high and the eye is at mid height (z = 0.5), floor at z = 0, ceiling at z = 1.
//! - Vertical: focal length `focal.y = H` pixels (H = height of the 3D view above the HUD bar), so a wall
//!   at perpendicular distance d spans exactly H/d rows centred on the horizon H/2; this keeps the floor
//!   from one cell ahead on screen, which is where the exit pit shows when you stand next to it.
//! - Horizontal: pixels are square (`focal.x = focal.y`) unless that would make the horizontal field of
//!   view wider than 75°; then `focal.x = (W/2) / tan(37.5°)`. So 4:3 is square at about 67°, 16:9 is 75°
//!   with pixels 1.16 times wider than tall (the classic ray-caster compromise), ultra-wide stays at 75°.
//! - Pixel centres: column c is at x = c + 0.5, row r at y = r + 0.5, y growing downwards.
//!   The ray of column x is `dir + right * (x - W/2) / focal.x`, whose forward component is 1, so the
//!   DDA distance along it is the perpendicular (fish-eye free) distance.

use crate::grid::{Facing, Pos};
use crate::scene::Scene;
use glam::Vec2;

/// tan of half the widest horizontal field of view by default (75°).
pub const TAN_HALF_HFOV_MAX: f32 = 0.767_326_97;
/// The default widest horizontal field of view, in degrees (the settings file can change it).
pub const DEFAULT_MAX_HFOV_DEGREES: f32 = 75.0;

/// Eye height above the floor, in cell units; walls are 1 high.
pub const EYE_HEIGHT: f32 = 0.5;

/// Per-frame presentation state, chosen by the app (animated between turns).
///
/// `eye` is in cell units: the centre of cell (x, y) is (x + 0.5, y + 0.5); x grows east, y grows south.
/// `angle` is in radians; the view direction is (cos angle, sin angle) in grid coordinates (East 0,
/// South π/2), the same as `Facing::angle()`. `time` is in seconds and only drives cosmetic motion
/// (the torch flicker).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub eye: Vec2,
    pub angle: f32,
    pub time: f32,
}

impl View {
    /// The resting view of a viewer at `eye` facing `facing`: the centre of the cell, looking along
    /// the facing.
    pub fn resting(eye: Pos, facing: Facing, time: f32) -> View {
        View { eye: Vec2::new(eye.x as f32 + 0.5, eye.y as f32 + 0.5), angle: facing.angle(), time }
    }

    /// The resting view of a scene's viewer.
    pub fn of_scene(scene: &Scene, time: f32) -> View {
        Self::resting(scene.eye, scene.facing, time)
    }
}

/// A `View` projected onto a `width` × `height` pixel viewport.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub eye: Vec2,
    /// Unit view direction.
    pub dir: Vec2,
    /// Unit vector to the right of `dir` on screen (for East that is South, since y grows south).
    pub right: Vec2,
    /// Viewport size in pixels.
    pub size: Vec2,
    /// Focal lengths in pixels (x, y); see the module docs.
    pub focal: Vec2,
}

impl Camera {
    /// Whether anything within `radius` cells of `p` may show in this view, its sides widened by
    /// `margin` view heights (how far the warps can move a pixel). Errs towards yes.
    pub fn may_see(&self, p: Vec2, radius: f32, margin: f32) -> bool {
        let to = p - self.eye;
        let dist = to.length();
        if dist <= radius {
            return true;
        }
        let off_axis = to.dot(self.right).abs().atan2(to.dot(self.dir));
        let half_width = ((0.5 * self.size.x + margin * self.size.y) / self.focal.x).atan();
        off_axis <= half_width + (radius / dist).asin()
    }

    pub fn new(view: &View, width: u32, height: u32) -> Camera {
        Self::with_max_hfov(view, width, height, DEFAULT_MAX_HFOV_DEGREES)
    }

    /// As `new`, with the widest horizontal field of view given in degrees (the player's setting).
    pub fn with_max_hfov(view: &View, width: u32, height: u32, max_hfov_degrees: f32) -> Camera {
        let size = Vec2::new(width.max(1) as f32, height.max(1) as f32);
        let dir = Vec2::new(view.angle.cos(), view.angle.sin());
        let focal_y = size.y;
        let tan_half = (0.5 * max_hfov_degrees.clamp(30.0, 150.0)).to_radians().tan();
        let focal_x = focal_y.max(0.5 * size.x / tan_half);
        Camera {
            eye: view.eye,
            dir,
            right: Vec2::new(-dir.y, dir.x),
            size,
            focal: Vec2::new(focal_x, focal_y),
        }
    }

    /// The (non-normalised) ray through pixel-column centre `x`; its component along `dir` is 1.
    pub fn ray(&self, x: f32) -> Vec2 {
        self.dir + self.right * ((x - 0.5 * self.size.x) / self.focal.x)
    }

    /// The screen-space rows (top, bottom) between which a wall at perpendicular distance `perp` is drawn:
    /// a pixel row whose centre y lies in [top, bottom] shows the wall.
    pub fn wall_span(&self, perp: f32) -> (f32, f32) {
        let horizon = 0.5 * self.size.y;
        let top = horizon - (1.0 - EYE_HEIGHT) * self.focal.y / perp;
        let bottom = horizon + EYE_HEIGHT * self.focal.y / perp;
        (top, bottom)
    }

    /// Horizontal field of view in degrees (for docs and the bench printout).
    pub fn hfov_degrees(&self) -> f32 {
        2.0 * (0.5 * self.size.x / self.focal.x).atan().to_degrees()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn may_see_holds_what_lies_in_view_or_near_it_and_not_what_lies_behind() {
        // Facing east at 1280x720: the view is 75 degrees wide, so its edges are 37.5 degrees off.
        let cam = Camera::new(&View { eye: Vec2::ZERO, angle: 0.0, time: 0.0 }, 1280, 720);
        let at = |degrees: f32, dist: f32| Vec2::from_angle(degrees.to_radians()) * dist;
        assert!(cam.may_see(at(0.0, 10.0), 0.0, 0.0));
        assert!(cam.may_see(at(37.0, 10.0), 0.0, 0.0));
        assert!(!cam.may_see(at(40.0, 10.0), 0.0, 0.0));
        // A disc reaches in from outside the edge; the warps' margin widens the view.
        assert!(cam.may_see(at(40.0, 10.0), 1.0, 0.0));
        assert!(cam.may_see(at(40.0, 10.0), 0.0, 0.5));
        assert!(!cam.may_see(at(180.0, 10.0), 1.0, 0.5));
        // Standing within the radius sees it whichever way the view faces.
        assert!(cam.may_see(at(180.0, 1.5), 2.0, 0.0));
    }

    #[test]
    fn a_wall_at_distance_d_spans_h_over_d_rows_centred() {
        let view = View { eye: Vec2::ZERO, angle: 0.0, time: 0.0 };
        let cam = Camera::new(&view, 1280, 720);
        let (top, bottom) = cam.wall_span(2.0);
        assert!((bottom - top - 360.0).abs() < 1e-3);
        assert!(((top + bottom) * 0.5 - 360.0).abs() < 1e-3);
    }

    #[test]
    fn horizontal_fov_stays_between_66_and_75_degrees_for_common_sizes() {
        let view = View { eye: Vec2::ZERO, angle: 0.0, time: 0.0 };
        for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160), (640, 480), (701, 401), (2560, 1080)] {
            let fov = Camera::new(&view, w, h).hfov_degrees();
            assert!((66.0..=75.01).contains(&fov), "{w}x{h} gives {fov}°");
        }
    }

    #[test]
    fn right_is_clockwise_of_dir_on_a_north_up_map() {
        // Facing north (angle 3π/2) the right hand points east.
        let view = View { eye: Vec2::ZERO, angle: 1.5 * std::f32::consts::PI, time: 0.0 };
        let cam = Camera::new(&view, 100, 100);
        assert!((cam.right - Vec2::X).length() < 1e-5);
    }
}
