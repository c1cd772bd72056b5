// Hashing and value noise: stable pseudo-random values for integer coordinates, and the rough-stone
// texture built from them. Pure functions of their arguments; no bindings.

fn pcg(v: u32) -> u32 {
    let state = v * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

// A stable value in [0, 1) for integer coordinates; the same cell always gets the same value.
// One PCG round over the coordinates mixed by large odd primes: cheap enough for per-pixel noise.
// The coordinates are mixed as (x * HASH_MIX.x) ^ (y * HASH_MIX.y) ^ (z * HASH_MIX.z). Products
// wrap, so a neighbour's product is this one's plus the prime: callers that hash neighbouring
// points (`value_noise`, a block's tone and tints) mix once and add (`hash_mix`, `hash_mixed`),
// which gives the very same values for fewer of the multiplies lavapipe pays for in every pixel.
// The products are in parentheses because WGSL forbids mixing `*` and `^` bare: naga lets it pass,
// the browsers' compilers (Tint) refuse the whole shader.
const HASH_MIX: vec3<u32> = vec3<u32>(73856093u, 19349663u, 83492791u);

// The coordinates' products with HASH_MIX, not yet combined.
fn hash_mix(k: vec3<i32>) -> vec3<u32> {
    return bitcast<vec3<u32>>(k) * HASH_MIX;
}

// The value of the point whose products (`hash_mix`) are `m`.
fn hash_mixed(m: vec3<u32>) -> f32 {
    let h = pcg(m.x ^ m.y ^ m.z);
    return f32(h >> 8u) / 16777216.0;
}

fn hash3(k: vec3<i32>) -> f32 {
    return hash_mixed(hash_mix(k));
}

// The value of the point `offset` away from the one whose products are `m`: hash3(k + offset)
// when m = hash_mix(k), with three additions for three multiplies.
fn hash_beside(m: vec3<u32>, offset: vec3<i32>) -> f32 {
    return hash_mixed(m + hash_mix(offset));
}

fn value_noise(p: vec2<f32>, seed: i32) -> f32 {
    let i = vec2<i32>(floor(p));
    let f = fract(p);
    let w = f * f * (3.0 - 2.0 * f);
    let m = hash_mix(vec3<i32>(i, seed));
    let a = hash_mixed(m);
    let b = hash_beside(m, vec3<i32>(1, 0, 0));
    let c = hash_beside(m, vec3<i32>(0, 1, 0));
    let d = hash_beside(m, vec3<i32>(1, 1, 0));
    return mix(mix(a, b, w.x), mix(c, d, w.x), w.y);
}

// Rough stone: `grain` in [0, 1] (a grain with sparse dark pits) and `wobble` in [-0.5, 0.5] (a slower
// noise that roughens joint edges). Two noise lookups per pixel keep lavapipe usable; the fine one is
// skipped, and both fade to their mean, once a pixel covers more than a grain (no shimmer far away).
struct Rough {
    grain: f32,
    wobble: f32,
}

fn rough(p: vec2<f32>, seed: i32, footprint: f32) -> Rough {
    let mid = value_noise(p * 13.0, seed);
    let keep_mid = 1.0 - smoothstep(0.04, 0.12, footprint);
    let keep_fine = 1.0 - smoothstep(0.01, 0.04, footprint);
    var fine = 0.5;
    if keep_fine > 0.0 {
        fine = value_noise(p * 47.0, seed + 29);
    }
    let pits = smoothstep(0.8, 0.95, fine) * keep_fine;
    let n = 0.6 * mix(0.5, mid, keep_mid) + 0.4 * mix(0.5, fine, keep_fine) - 0.35 * pits;
    return Rough(clamp(n, 0.0, 1.0), (mid - 0.5) * keep_mid);
}
