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
    return TORCH_COLOR * turn.light_tint.rgb * (TORCH_INTENSITY * turn.light_scale * flicker * falloff * lambert);
}

// Wall torches (turn.torches): a warmer, redder flame than the player's, lighting what lies in front
// of its own wall within WALL_TORCH_RADIUS (from the prelude). No shadows: the half-space test keeps
// a torch off the far side of the wall it hangs on, and the short radius keeps leaks through other
// walls small. The depth's darkness does not dim them (that is the player's torch failing); the
// app's fade does. The scene carries only the torches that can light something in view.
const WALL_TORCH_COLOR: vec3<f32> = vec3<f32>(1.0, 0.6, 0.3);
const WALL_TORCH_INTENSITY: f32 = 1.6;
const WALL_TORCH_HEIGHT: f32 = 0.66;

// The light of every wall torch at point `p` (height `z`) of a surface facing `n`. Most pixels lie
// beyond every torch's radius: the distance test comes first, so whole groups of pixels skip the
// rest (frame cost, issue 17).
fn wall_torches(p: vec2<f32>, z: f32, n: vec3<f32>, flicker: f32) -> vec3<f32> {
    var sum = 0.0;
    let reach2 = WALL_TORCH_RADIUS * WALL_TORCH_RADIUS;
    for (var i = 0u; i < min(turn.torch_count, MAX_TORCHES); i = i + 1u) {
        let t = turn.torches[i];
        let to = vec3<f32>(t.xy - p, WALL_TORCH_HEIGHT - z);
        let d2 = dot(to, to);
        if d2 < reach2 && dot(p - t.xy, t.zw) > -TORCH_OFFSET - 0.02 {
            let dist = sqrt(d2);
            let lambert = 0.25 + 0.75 * clamp(dot(n, to) / max(dist, 0.001), 0.0, 1.0);
            let falloff = 1.0 / (1.0 + 1.1 * d2) * (1.0 - smoothstep(0.4 * WALL_TORCH_RADIUS, WALL_TORCH_RADIUS, dist));
            sum = sum + falloff * lambert;
        }
    }
    return WALL_TORCH_COLOR * turn.light_tint.rgb * (WALL_TORCH_INTENSITY * turn.light_tint.a * sum * (2.0 - flicker));
}

// A torch's flame and iron bracket where a ray meets the wall face it hangs on (`cell`, outward
// normal `n`, `s` along the face, `z` up): the flame's glow in rgb, and in a how much the bracket
// darkens the stone (0 none, 1 black).
fn torch_flame(cell: vec2<i32>, n: vec2<f32>, s: f32, z: f32, flicker: f32) -> vec4<f32> {
    var out = vec4<f32>(0.0);
    for (var i = 0u; i < min(turn.torch_count, MAX_TORCHES); i = i + 1u) {
        let t = turn.torches[i];
        let home = vec2<i32>(floor(t.xy - t.zw * (0.5 + TORCH_OFFSET)));
        if all(home == cell) && dot(n, t.zw) > 0.5 {
            let along = fract(s) - 0.5;
            let rise = clamp((z - 0.6) / 0.16, 0.0, 1.0);
            let u = along / (0.055 * (1.0 - 0.75 * rise));
            let v = (z - 0.655 - 0.01 * flicker) / 0.085;
            let core = 1.0 - smoothstep(0.2, 1.0, u * u + v * v);
            let glow = mix(vec3<f32>(1.0, 0.45, 0.12), vec3<f32>(1.0, 0.9, 0.6), core * core);
            let bracket = select(0.0, 0.85, abs(along) < 0.03 && z > 0.5 && z < 0.6);
            out = max(out, vec4<f32>(glow * (2.2 * core * turn.light_tint.a), bracket));
        }
    }
    return out;
}
