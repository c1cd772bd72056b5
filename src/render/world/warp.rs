//! The warps as a displacement of the finished picture (issue 35): how far outside the view they can
//! reach this frame, so the world is drawn into a canvas just that much wider and `shaders/warp.wgsl`
//! displaces it into the view without ever reading past the canvas's edge (no smeared rim).
//!
//! The constants are the shaders' (through the prelude); [`warp_pixel`] mirrors `warp_pixel` in
//! `shaders/world/effects.wgsl` line for line, wave frequencies included: change one, change both.

use glam::Vec2;

/// Heavy warping: displacement of a pixel, in view heights, by crossing waves each a sine of
/// amplitude 1 plus one of amplitude `WAVE_MINOR`.
pub const WARP_AMOUNT: f32 = 0.024;
pub const WAVE_MINOR: f32 = 0.5;
/// Severe distortion: the view rolls (an angle in radians), swirls about its centre (an angle that
/// fades as exp(-SWIRL_FALLOFF r^2) with the radius r in view heights) and zooms (a relative scale),
/// each on its own slow clock (rate in radians per second, phase).
pub const ROLL_ANGLE: f32 = 0.1;
pub const ROLL_RATE: f32 = 0.43;
pub const ROLL_PHASE: f32 = 0.7;
pub const SWIRL_ANGLE: f32 = 0.55;
pub const SWIRL_RATE: f32 = 0.71;
pub const SWIRL_PHASE: f32 = 0.3;
pub const SWIRL_FALLOFF: f32 = 9.0;
pub const ZOOM_SCALE: f32 = 0.12;
pub const ZOOM_RATE: f32 = 0.9;
pub const ZOOM_PHASE: f32 = 1.3;
/// The vanishing pulse: relative scale of the rings it sends out from the centre.
pub const PULSE_SCALE: f32 = 0.06;

/// The most the canvas reaches past the view on a side, in view heights: more than the warps can
/// move any pixel (about 0.45, all at full strength), so the canvas is allocated once per size.
pub const MAX_OVERSCAN: f32 = 0.5;

/// The strengths that move pixels, as the shaders see them (`TurnUniforms`, `PulseUniforms`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Warps {
    pub warp: f32,
    pub distortion: f32,
    pub pulse: f32,
    pub time: f32,
}

impl Warps {
    /// Whether any pixel moves this frame: only then is the world drawn into the canvas.
    pub fn moves(&self) -> bool {
        self.warp + self.distortion + self.pulse > 0.0
    }
}

/// `warp_pixel` of `shaders/world/effects.wgsl` for a view `size` in pixels (the screen pixel
/// `px`, jolted, to the pixel whose ray it shows). The distortion's clocks are `effect_clocks`.
pub fn warp_pixel(px: Vec2, size: Vec2, w: &Warps) -> Vec2 {
    let h = size.y;
    let c = 0.5 * size;
    let mut d = (px - c) / h;
    let t = w.time;
    let wave = Vec2::new(
        (d.y * 7.0 + t * 1.3).sin() + WAVE_MINOR * (d.y * 13.0 + d.x * 3.0 - t * 2.1).sin(),
        (d.x * 6.0 - t * 1.1).sin() + WAVE_MINOR * (d.x * 11.0 + d.y * 4.0 + t * 1.7).sin(),
    );
    d += (w.warp * WARP_AMOUNT) * wave;
    let r2 = d.dot(d);
    let roll = (t * ROLL_RATE + ROLL_PHASE).sin();
    let swirl = (t * SWIRL_RATE + SWIRL_PHASE).sin();
    let zoom = (t * ZOOM_RATE + ZOOM_PHASE).sin();
    let angle = w.distortion * (ROLL_ANGLE * roll + SWIRL_ANGLE * (-SWIRL_FALLOFF * r2).exp() * swirl);
    d = Vec2::from_angle(angle).rotate(d);
    d *= 1.0 + w.distortion * ZOOM_SCALE * zoom;
    d *= 1.0 + w.pulse * PULSE_SCALE * (r2.sqrt() * 30.0 - t * 14.0).sin();
    c + d * h
}

/// Rows and columns of the lattice the bound samples, per view height.
const LATTICE_PER_HEIGHT: f32 = 64.0;

/// How far past each edge of a `view` (width, height) in pixels the warps of `w` can send a pixel,
/// the `jolt` added: the canvas's overscan (x, y) on each side, in whole pixels, at most
/// [`MAX_OVERSCAN`]. Zero when nothing moves.
///
/// The warp is sampled on a lattice over the view (64 points a view height); between lattice points
/// it can reach further by at most its steepest slope times half a diagonal, which is added: the
/// waves slope by at most about 15 · WARP_AMOUNT per axis, the swirl's angle by SWIRL_ANGLE ·
/// sqrt(2 k / e) per view height, roll and zoom by their own angle and scale, and the pulse's rings
/// (sin(30 r)) by 30 · PULSE_SCALE. Two pixels more cover rounding and the bilinear read.
pub fn overscan(view: (u32, u32), w: &Warps, jolt: Vec2) -> [f32; 2] {
    if !w.moves() {
        return [0.0; 2];
    }
    let size = Vec2::new(view.0.max(1) as f32, view.1.max(1) as f32);
    let step = size.y / LATTICE_PER_HEIGHT;
    let (nx, ny) = ((size.x / step).ceil() as u32, (size.y / step).ceil() as u32);
    let mut reach = Vec2::ZERO;
    for j in 0..=ny {
        for i in 0..=nx {
            let p = Vec2::new((i as f32 * step).min(size.x), (j as f32 * step).min(size.y));
            let q = warp_pixel(p + jolt, size, w) - jolt;
            reach = reach.max((-q).max(q - size));
        }
    }
    let swirl_slope = SWIRL_ANGLE * (2.0 * SWIRL_FALLOFF / std::f32::consts::E).sqrt();
    let slope = w.warp * 15.0 * WARP_AMOUNT * std::f32::consts::SQRT_2
        + w.distortion * (ROLL_ANGLE + ZOOM_SCALE + swirl_slope)
        + w.pulse * PULSE_SCALE * 31.0;
    let between = slope * step * std::f32::consts::FRAC_1_SQRT_2 + 2.0;
    let most = (MAX_OVERSCAN * size.y).ceil();
    (reach + Vec2::splat(between)).ceil().min(Vec2::splat(most)).max(Vec2::ZERO).to_array()
}

/// Pixels between two points of the warp pass's lattice: the displacement and the drift's hue are
/// worked out at its points and read filtered between them. Both are smooth: the waves and swirl
/// are off by at most about 0.4 of a pixel at 720p; the fastest, the vanishing pulse's rings, has a
/// wavelength of about 130 pixels in a 620-pixel view, so while a pulse runs a few pixels near the
/// centre are off by more.
pub const WARP_CELL: u32 = 16;

/// The lattice's texels, half floats: for the displacement, in view pixels, a step of 1/16 pixel
/// over the 70 pixels a 720-pixel view moves at sanity 10, 1/8 at twice that.
pub const LATTICE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// The lattice over a `view` (width, height): a point every WARP_CELL pixels from its top-left
/// corner, and one past its far edges, so that every pixel lies between four points.
pub fn lattice_size(view: (u32, u32)) -> (u32, u32) {
    (view.0.div_ceil(WARP_CELL) + 1, view.1.div_ceil(WARP_CELL) + 1)
}

/// The coarsest canvas, in canvas pixels per view pixel, at full warp: a view that swims this much
/// shows no stone crisper than the warp's own blur, and the world costs 0.39 of a full canvas.
/// At 1/2 the stone's pits and grain blur away; at 5/8 they soften but stay (issue 35).
pub const COARSEST: f32 = 0.625;

/// Canvas pixels per view pixel this frame: 1 without warping, down to [`COARSEST`] at full warp.
pub fn canvas_scale(w: &Warps) -> f32 {
    1.0 - (1.0 - COARSEST) * w.warp.clamp(0.0, 1.0)
}

/// The canvas for a `view` whose overscan is `overscan` (view pixels), drawn at `scale` canvas
/// pixels per view pixel: its size in whole pixels, and the overscan in canvas pixels, which
/// centres the view in it (the projection is centred on the canvas).
pub fn canvas_size(view: (u32, u32), overscan: [f32; 2], scale: f32) -> ((u32, u32), [f32; 2]) {
    let side = |v: u32, o: f32| {
        let size = (scale * (v as f32 + 2.0 * o)).ceil();
        (size as u32, 0.5 * (size - scale * v as f32))
    };
    let ((w, ox), (h, oy)) = (side(view.0, overscan[0]), side(view.1, overscan[1]));
    ((w, h), [ox, oy])
}

/// The largest canvas any frame of a `view` can need, so it is allocated once per view size.
pub fn canvas_capacity(view: (u32, u32)) -> (u32, u32) {
    let most = (MAX_OVERSCAN * view.1.max(1) as f32).ceil();
    canvas_size(view, [most; 2], 1.0).0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strengths and clocks a mad frame can have, the pulse included.
    fn cases() -> Vec<Warps> {
        let mut out = Vec::new();
        for (warp, distortion, pulse) in [(1.0, 1.0, 1.0), (1.0, 0.5, 0.0), (0.25, 0.0, 0.0), (0.0, 0.0, 1.0)]
        {
            for k in 0..8 {
                out.push(Warps { warp, distortion, pulse, time: 1.13 * k as f32 });
            }
        }
        out
    }

    #[test]
    fn no_pixel_of_the_view_is_sent_past_the_overscan() {
        for (view, jolt) in [((1280u32, 620u32), Vec2::ZERO), ((701, 401), Vec2::new(3.0, -2.5))] {
            let size = Vec2::new(view.0 as f32, view.1 as f32);
            for w in cases() {
                let [ox, oy] = overscan(view, &w, jolt);
                // Pixel centres three apart, far denser than the bound's lattice.
                for y in (0..view.1).step_by(3) {
                    for x in (0..view.0).step_by(3) {
                        let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                        let q = warp_pixel(p + jolt, size, &w) - jolt;
                        assert!(
                            q.x >= -ox && q.x <= size.x + ox && q.y >= -oy && q.y <= size.y + oy,
                            "{w:?} {view:?}: {p} goes to {q}, overscan {ox} {oy}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_overscan_is_zero_when_nothing_moves_and_fits_the_canvas_always() {
        let still = Warps { warp: 0.0, distortion: 0.0, pulse: 0.0, time: 3.0 };
        assert_eq!(overscan((1280, 620), &still, Vec2::new(4.0, 0.0)), [0.0; 2]);
        let cap = canvas_capacity((1280, 620));
        for w in cases() {
            let ((cw, ch), [ox, oy]) =
                canvas_size((1280, 620), overscan((1280, 620), &w, Vec2::ZERO), canvas_scale(&w));
            assert!(cw <= cap.0 && ch <= cap.1);
            // The view sits in the middle of the canvas, as the centred projection needs.
            let scale = canvas_scale(&w);
            assert!((2.0 * ox + scale * 1280.0 - cw as f32).abs() < 1e-3);
            assert!((2.0 * oy + scale * 620.0 - ch as f32).abs() < 1e-3);
        }
    }
}
