// Madness (src/game/sanity.rs): texture flicker, the warps that move the finished picture
// (shaders/warp.wgsl), breathing walls, colour drift and the false `@`. Every effect is a product with its strength from the uniforms, so at
// full sanity each one is exactly off; the WILD and MILD overrides compile the costly ones out.

#include "common/noise.wgsl"
#include "world/grid.wgsl"

// Madness at full strength (each scaled by its 0..1 uniform).
// Breathing: walls swell up to this fraction of their height, over about five seconds a breath.
const BREATH_SWELL: f32 = 0.16;
const BREATH_RATE: f32 = 1.25;
// Flickering textures: share of stone blocks and slabs that flicker at a time, and how often.
const TEX_FLICKER_SHARE: f32 = 0.22;
const TEX_FLICKER_RATE: f32 = 7.0;
// Heavy warping (WARP_AMOUNT, WAVE_MINOR), severe distortion (ROLL_*, SWIRL_*, ZOOM_*) and the
// vanishing pulse's rings (PULSE_SCALE) come from the prelude: src/render/warp.rs mirrors
// `warp_pixel` to size the canvas the warp reads.
// The bleed at the edges of sight throbs with a heartbeat, in radians per second.
const HEARTBEAT_RATE: f32 = 6.9;
// Colour drift: how far the tint may pull each channel (0.5 = between half and one and a half).
const DRIFT_AMOUNT: f32 = 0.35;
// False `@`: chances per second per candidate cell, and the share of chances taken at full strength.
const FALSE_RATE: f32 = 1.3;
const FALSE_SHARE: f32 = 0.45;

// Flickering textures: now and then a block or slab goes dark or pale for a beat, each on its own
// clock. `key` is the block's key as `hash_mix` mixes it (its tone is hashed from it too). Exactly
// 1 when the effect is off.
fn tex_flicker_gain(key: vec3<u32>) -> f32 {
    if !WILD {
        return 1.0;
    }
    if turn.tex_flicker <= 0.0 {
        return 1.0;
    }
    let clock = frame.time * TEX_FLICKER_RATE + 5.0 * hash_beside(key, vec3<i32>(3, 5, 7));
    let h = hash_beside(key, vec3<i32>(i32(floor(clock)) * 131, 0, 17));
    if h >= TEX_FLICKER_SHARE * turn.tex_flicker {
        return 1.0;
    }
    return select(0.3, 1.9, fract(h * 37.0) > 0.5);
}

// The clocks every pixel of a frame shares: the distortion's roll, swirl and zoom, and the bleed's
// heartbeat (screen.wgsl). Vertex shaders compute them once and hand them on flat, so a pixel does
// not pay their sines (lavapipe evaluates a uniform expression in every pixel).
fn effect_clocks() -> vec4<f32> {
    let t = frame.time;
    return vec4<f32>(
        sin(t * ROLL_RATE + ROLL_PHASE),
        sin(t * SWIRL_RATE + SWIRL_PHASE),
        sin(t * ZOOM_RATE + ZOOM_PHASE),
        pow(0.5 + 0.5 * sin(t * HEARTBEAT_RATE), 4.0),
    );
}

// The view's own size: the canvas a warped frame's world is drawn into is wider by the overscan
// on each side (`frame.view_size` is the canvas's), and the screen effects and the warp belong to
// the view.
fn screen_size() -> vec2<f32> {
    if WARP_PASS || CANVAS {
        return (frame.view_size - 2.0 * frame.overscan) / frame.canvas_scale;
    }
    return frame.view_size;
}

// The screen pixel (jolted, in the view) that framebuffer pixel `frag` of the pass being drawn shows.
fn screen_of(frag: vec2<f32>) -> vec2<f32> {
    if WARP_PASS || CANVAS {
        return (frag - frame.overscan) / frame.canvas_scale + pulse.jolt_px;
    }
    return frag + pulse.jolt_px;
}

// Heavy warping, severe distortion and the vanishing pulse move the pixel whose ray a screen pixel
// shows, so walls, floor and sprites bend together: shaders/warp.wgsl reads the finished canvas
// there. Screen pixel in, view pixel out. src/render/warp.rs mirrors this line for line to size
// the canvas (change one, change both).
fn warp_pixel(px: vec2<f32>, clocks: vec4<f32>) -> vec2<f32> {
    let view = screen_size();
    let h = view.y;
    let c = 0.5 * view;
    var d = (px - c) / h;
    let t = frame.time;
    // Warping: slow crossing waves, like looking through heat over a fire.
    let wave = vec2<f32>(
        sin(d.y * 7.0 + t * 1.3) + WAVE_MINOR * sin(d.y * 13.0 + d.x * 3.0 - t * 2.1),
        sin(d.x * 6.0 - t * 1.1) + WAVE_MINOR * sin(d.x * 11.0 + d.y * 4.0 + t * 1.7),
    );
    d = d + (turn.warp * WARP_AMOUNT) * wave;
    // Distortion: the view rolls, swirls about its centre and swells in and out.
    let r2 = dot(d, d);
    let angle = turn.distortion * (ROLL_ANGLE * clocks.x + SWIRL_ANGLE * exp(-SWIRL_FALLOFF * r2) * clocks.y);
    let cs = vec2<f32>(cos(angle), sin(angle));
    d = vec2<f32>(d.x * cs.x - d.y * cs.y, d.x * cs.y + d.y * cs.x);
    d = d * (1.0 + turn.distortion * ZOOM_SCALE * clocks.z);
    // The pulse: rings running out from the centre while it lasts.
    d = d * (1.0 + pulse.warp_pulse * PULSE_SCALE * sin(sqrt(r2) * 30.0 - t * 14.0));
    return c + d * h;
}

// Breathing: the wall's height stretches about the eye line; each stretch of wall breathes on its
// own phase, rippling along the face. Returns the height the pixel has on the unstretched wall.
fn breathe(hit: WallHit, ray: vec2<f32>, z: f32) -> f32 {
    let p = frame.eye + ray * hit.perp;
    let s = select(p.x, p.y, hit.side == 0u);
    let phase = 6.2832 * hash3(vec3<i32>(hit.cell, 23)) * 0.35 + s * 1.9;
    let swell = turn.breathing * BREATH_SWELL * (0.5 + 0.5 * sin(frame.time * BREATH_RATE + phase));
    return (z - EYE_HEIGHT) / (1.0 + swell) + EYE_HEIGHT;
}

// Colour drift: a tint that wanders through the hues over time and across the view, normalised so it
// moves colour, not brightness.
fn drift_tint(px: vec2<f32>) -> vec3<f32> {
    return drift_of_hue(drift_hue(px));
}

// The drift's hue angle at `px` as (cos, sin): smooth across the view, so the warp pass reads it
// from its lattice.
fn drift_hue(px: vec2<f32>) -> vec2<f32> {
    let t = frame.time;
    let q = px / screen_size();
    let theta = 2.0 + t * 0.13 + 1.6 * q.x + 1.5 * sin(t * 0.05 + q.y);
    return vec2<f32>(cos(theta), sin(theta));
}

// The tint of hue angle `cs` (cos, sin). The channels are cos(theta), cos(theta + 2.0944) and
// cos(theta + 4.1888), by the angle sum from one cosine and one sine: lavapipe pays each cosine of
// a vector lane by lane (a tenth of a bare ray-cast on a mad frame for the third).
fn drift_of_hue(cs: vec2<f32>) -> vec3<f32> {
    let hue = vec3<f32>(cs.x, dot(cs, DRIFT_PHASE_B), dot(cs, DRIFT_PHASE_C));
    return vec3<f32>(1.0) + (DRIFT_AMOUNT * turn.colour_drift) * hue;
}

// (cos k, -sin k) for the green and blue channels' phases k = 2.0944 and 4.1888.
const DRIFT_PHASE_B: vec2<f32> = vec2<f32>(-0.50000424, -0.86602295);
const DRIFT_PHASE_C: vec2<f32> = vec2<f32>(-0.49999152, 0.86603030);

// A false `@` shows only in brief flickers: each candidate gets a chance FALSE_RATE times a second
// and takes it with a probability that grows with the effect. A taken chance pops on and off like a
// glimpse; under reduced effects it fades in and out instead.
fn false_player_alpha(seed: u32) -> f32 {
    if turn.false_player <= 0.0 {
        return 0.0;
    }
    let clock = frame.time * FALSE_RATE + 7.0 * f32(seed & 1023u) / 1024.0;
    let slot = floor(clock);
    let f = clock - slot;
    if hash3(vec3<i32>(i32(slot), i32(seed & 0xffffu), 91)) >= FALSE_SHARE * turn.false_player {
        return 0.0;
    }
    let strength = smoothstep(0.0, 0.5, turn.false_player);
    if turn.reduced != 0u {
        let s = sin(3.14159 * f);
        return strength * s * s;
    }
    return strength * select(0.0, 1.0, f < 0.12 || (f > 0.2 && f < 0.26));
}
