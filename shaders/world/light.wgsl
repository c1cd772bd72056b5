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
// surfaces out there are black without a material. A GPU skips the material where a whole group of
// pixels is out there; lavapipe does not, it runs every branch with a mask (docs/frame-cost.md,
// ninth session), so on lavapipe the test changes the picture and not the cost.
fn torch_reach() -> f32 {
    return LIGHT_RADIUS * (1.0 + FLICKER_REACH * LIGHT_FLICKER);
}

// The player's torch at `dist` cells, hitting a surface at cosine `cos_in`; black past the radius.
fn torch(dist: f32, cos_in: f32, flicker: f32) -> vec3<f32> {
    let r = LIGHT_RADIUS * (1.0 + FLICKER_REACH * (flicker - 1.0));
    let falloff = 1.0 / (1.0 + 0.7 * dist * dist) * (1.0 - smoothstep(0.35 * r, r, dist));
    let lambert = 0.3 + 0.7 * clamp(cos_in, 0.0, 1.0);
    return TORCH_COLOR * turn.light_tint.rgb * (TORCH_INTENSITY * turn.light_scale * flicker * falloff * lambert);
}

// Wall torches: a warmer, redder flame than the player's, lighting what lies in front of its own
// wall within WALL_TORCH_RADIUS (from the prelude), with real shadows. Their light is baked once per
// turn on the CPU into the light field (src/render/light_field.rs): per texel the summed weight
// 1 / (1 + 1.1 h^2) of the torches that see it at horizontal distance h, and the same sum weighted
// by the unit direction to them and by h. One filtered read gives those back (floor and ceiling
// read it per pixel; a wall run reads it along its face at its vertices: `vs_run`); the vertical
// term and the surface's cosine are a few lines here. The depth's darkness does not dim them
// (that is the player's torch failing); the app's fade does.
const WALL_TORCH_COLOR: vec3<f32> = vec3<f32>(1.0, 0.6, 0.3);
const WALL_TORCH_INTENSITY: f32 = 1.6;
const WALL_TORCH_HEIGHT: f32 = 0.66;

// The light field at point `p` of a surface facing `n`, read half a texel in front of it: on a wall
// face that is the first row of open texels.
fn field_ahead(n: vec3<f32>) -> vec2<f32> {
    return n.xy * (0.5 / f32(FIELD_TEXELS));
}

fn field_at(p: vec2<f32>, n: vec3<f32>) -> vec4<f32> {
    return textureSampleLevel(torch_field, field_sampler, (p + field_ahead(n)) / vec2<f32>(turn.grid_size), 0.0);
}

// The light of the wall torches whose field at the surface is `f` (`field_at`, or the same values
// carried by a wall run's vertices), at height `z` of a surface facing `n`.
fn wall_torches(f: vec4<f32>, z: f32, n: vec3<f32>, flicker: f32) -> vec3<f32> {
    let w = max(f.r, 1e-5);
    // The mean distance and direction from the sample point, then the way to the light from the
    // surface point itself (half a texel behind it on a wall: that is where the flame's own wall
    // gets its bright halo).
    let h_q = f.a / w;
    let to = field_ahead(n) + f.gb / w * h_q;
    let dz = WALL_TORCH_HEIGHT - z;
    let d2 = dot(to, to) + dz * dz;
    let dist = sqrt(d2);
    let lambert = 0.25 + 0.75 * clamp((dot(n.xy, to) + n.z * dz) / max(dist, 0.001), 0.0, 1.0);
    let vertical = (1.0 + 1.1 * h_q * h_q) / (1.0 + 1.1 * d2);
    let edge = 1.0 - smoothstep(0.4 * WALL_TORCH_RADIUS, WALL_TORCH_RADIUS, dist);
    let sum = f.r * vertical * edge * lambert;
    return WALL_TORCH_COLOR * turn.light_tint.rgb * (WALL_TORCH_INTENSITY * turn.light_tint.a * sum * (2.0 - flicker));
}

// The cell-word flag of the torch that would hang on a wall face with outward normal `n`.
fn torch_flag(n: vec2<f32>) -> u32 {
    return select(select(FLAG_TORCH_S, FLAG_TORCH_N, n.y < 0.0), select(FLAG_TORCH_W, FLAG_TORCH_E, n.x > 0.0), n.x != 0.0);
}

// A torch's flame and iron bracket where a ray meets the wall face it hangs on (cell word `word`,
// outward normal `n`, `s` along the face, `z` up): the flame's glow in rgb, and in a how much the
// bracket darkens the stone (0 none, 1 black). The face's flag in the cell word says whether it
// carries a torch: no loop over the torches.
fn torch_flame(word: u32, n: vec2<f32>, s: f32, z: f32, flicker: f32) -> vec4<f32> {
    if (word & torch_flag(n)) == 0u {
        return vec4<f32>(0.0);
    }
    let along = fract(s) - 0.5;
    let rise = clamp((z - 0.6) / 0.16, 0.0, 1.0);
    let u = along / (0.055 * (1.0 - 0.75 * rise));
    let v = (z - 0.655 - 0.01 * flicker) / 0.085;
    let core = 1.0 - smoothstep(0.2, 1.0, u * u + v * v);
    let glow = mix(vec3<f32>(1.0, 0.45, 0.12), vec3<f32>(1.0, 0.9, 0.6), core * core);
    let bracket = select(0.0, 0.85, abs(along) < 0.03 && z > 0.5 && z < 0.6);
    return vec4<f32>(glow * (2.2 * core * turn.light_tint.a), bracket);
}

// The floor tint of `cell` (rgb, strength in a; 0 where the scene gives none).
fn floor_tint(cell: vec2<i32>) -> vec4<f32> {
    let size = vec2<i32>(textureDimensions(floor_tints));
    if any(cell < vec2<i32>(0)) || any(cell >= size) {
        return vec4<f32>(0.0);
    }
    return textureLoad(floor_tints, cell, 0);
}
