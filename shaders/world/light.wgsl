// The player's torch: its flicker over time, its reach, and the light it gives a surface. Its radius
// and flicker strength (LIGHT_RADIUS, LIGHT_FLICKER) come from the prelude.

#include "world/inputs.wgsl"

// The torch is warm, so walls (warm grey) stand apart from floor and ceiling (cool slate) in hue as
// well as brightness (the headless tests rely on it).
const TORCH_COLOR: vec3<f32> = vec3<f32>(1.0, 0.72, 0.46);
const TORCH_INTENSITY: f32 = 2.1;
// How much the flicker (LIGHT_FLICKER at most, from the prelude) stretches the torch's radius.
const FLICKER_REACH: f32 = 0.3;

// Flicker is a few incommensurate sines: cheap, smooth, never visibly periodic.
fn torch_flicker() -> f32 {
    let t = frame.time;
    let wobble = 0.55 * sin(t * 9.7) + 0.3 * sin(t * 23.3 + 1.7) + 0.15 * sin(t * 41.0 + 4.1);
    return 1.0 + LIGHT_FLICKER * wobble;
}

// Beyond this distance the torch gives exactly nothing (its radius plus the most the flicker adds), so
// surfaces out there skip their materials: in a dungeon much of the screen is black, and lavapipe
// feels every texture lookup.
fn torch_reach() -> f32 {
    return LIGHT_RADIUS * (1.0 + FLICKER_REACH * LIGHT_FLICKER);
}

// The player's torch at `dist` cells, hitting a surface at cosine `cos_in`; black past the radius.
fn torch(dist: f32, cos_in: f32, flicker: f32) -> vec3<f32> {
    let r = LIGHT_RADIUS * (1.0 + FLICKER_REACH * (flicker - 1.0));
    let falloff = 1.0 / (1.0 + 0.7 * dist * dist) * (1.0 - smoothstep(0.35 * r, r, dist));
    let lambert = 0.3 + 0.7 * clamp(cos_in, 0.0, 1.0);
    return TORCH_COLOR * (TORCH_INTENSITY * turn.light_scale * flicker * falloff * lambert);
}
