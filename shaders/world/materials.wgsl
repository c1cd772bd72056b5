// Procedural materials: coursed stone blocks (walls, the pit shaft), flagstones (floor) and ceiling
// slabs, as linear albedo. Texture flicker (world/effects.wgsl) darkens or pales single blocks.

#include "common/noise.wgsl"
#include "world/effects.wgsl"

// Albedos are linear: the walls a warm grey, floor and ceiling a cool slate.
const WALL_ALBEDO: vec3<f32> = vec3<f32>(0.37, 0.32, 0.27);
// Wall mortar is a warm dark (it belongs to the wall); floor and ceiling joints are cool.
const MORTAR_ALBEDO: vec3<f32> = vec3<f32>(0.06, 0.047, 0.035);
const JOINT_ALBEDO: vec3<f32> = vec3<f32>(0.035, 0.04, 0.05);
const FLOOR_ALBEDO: vec3<f32> = vec3<f32>(0.13, 0.16, 0.21);
const CEILING_ALBEDO: vec3<f32> = vec3<f32>(0.04, 0.052, 0.075);
const RIM_ALBEDO: vec3<f32> = vec3<f32>(0.36, 0.35, 0.33);

// Coursed stone blocks: 4 courses per cell height, each course with its own block length (0.4 to 0.65
// cells) and stagger. `s` runs along the face (continuous across cells), `z` is height. `face`
// identifies the wall line so every wall differs; `edges` drops the mortar at z = 0 and z = 1 (the wall
// meets floor and ceiling there, not another block).
fn stone_blocks(s: f32, z: f32, face: vec3<i32>, footprint: f32, edges: bool) -> vec3<f32> {
    let courses = 4.0;
    let zc = z * courses;
    let course = i32(floor(zc));
    let course_key = vec3<i32>(face.x * 31 + course, face.y, face.z);
    let length = 0.4 + 0.25 * hash3(course_key + vec3<i32>(0, 0, 101));
    let bs = (s + hash3(course_key)) / length;
    let block = i32(floor(bs));
    let fx = fract(bs);
    let fz = fract(zc);
    // Distances to the block's edges, in cell units.
    let dx = min(fx, 1.0 - fx) * length;
    var dz_low = fz / courses;
    var dz_high = (1.0 - fz) / courses;
    if edges && course <= 0 {
        dz_low = 1.0;
    }
    if edges && course >= 3 {
        dz_high = 1.0;
    }
    // Rough, chipped edges: the edge distance wobbles a little.
    let r = rough(vec2<f32>(s, z) + vec2<f32>(f32(block) * 0.37, f32(course) * 0.71), face.z, footprint);
    let d = min(dx, min(dz_low, dz_high)) + r.wobble * 0.012;
    let mortar_w = 0.006;
    let fw = max(footprint, 0.001);
    let stone = smoothstep(mortar_w - fw, mortar_w + fw, d);

    let key = vec3<i32>(block + face.x * 977, course + face.y * 613, face.z);
    let tone = (0.55 + 0.6 * hash3(key)) * tex_flicker_gain(key);
    let tint = vec3<f32>(1.0, 0.94 + 0.08 * hash3(key + vec3<i32>(7, 0, 0)), 0.88 + 0.16 * hash3(key + vec3<i32>(0, 9, 0)));
    // Chisel bevel: block faces darken towards their edges, which reads as relief.
    let bevel = 0.6 + 0.4 * smoothstep(mortar_w, mortar_w + 0.05, d);
    let block_col = WALL_ALBEDO * tint * tone * (0.45 + 1.1 * r.grain) * bevel;
    return mix(MORTAR_ALBEDO, block_col, stone);
}

// Distance to the nearest edge of the rectangle [lo, hi] that contains f.
fn rect_edge(f: vec2<f32>, lo: vec2<f32>, hi: vec2<f32>) -> f32 {
    let d = min(f - lo, hi - f);
    return min(d.x, d.y);
}

// Flagstones: each cell is laid with one slab, two, three or four, chosen and sized per cell, so the
// joints never run in endless straight lines; every slab has its own tone.
fn flagstones(p: vec2<f32>, footprint: f32) -> vec3<f32> {
    let cell = vec2<i32>(floor(p));
    let f = p - vec2<f32>(cell);
    let pattern = u32(hash3(vec3<i32>(cell, 3)) * 5.0);
    let split = vec2<f32>(0.35 + 0.3 * hash3(vec3<i32>(cell, 5)), 0.35 + 0.3 * hash3(vec3<i32>(cell, 6)));
    let right = f.x >= split.x;
    let below = f.y >= split.y;
    let split_x = pattern == 1u || pattern == 3u || pattern == 4u;
    let split_y = pattern == 2u || pattern == 3u || (pattern == 4u && right);
    let lo = vec2<f32>(select(0.0, select(0.0, split.x, right), split_x), select(0.0, select(0.0, split.y, below), split_y));
    let hi = vec2<f32>(select(1.0, select(split.x, 1.0, right), split_x), select(1.0, select(split.y, 1.0, below), split_y));
    let slab = i32(right && split_x) + 2 * i32(below && split_y);
    let r = rough(p * 0.8 + vec2<f32>(f32(slab) * 0.53), 43, footprint);
    let d = rect_edge(f, lo, hi) + r.wobble * 0.012;
    let fw = max(footprint, 0.001);
    let stone = smoothstep(0.008 - fw, 0.008 + fw, d);
    let key = vec3<i32>(cell * 4 + vec2<i32>(slab, 0), 3);
    let tone = (0.6 + 0.55 * hash3(key)) * tex_flicker_gain(key);
    let tint = vec3<f32>(0.95 + 0.1 * hash3(key + vec3<i32>(1, 0, 0)), 1.0, 1.0);
    let worn = 0.7 + 0.3 * smoothstep(0.008, 0.06, d);
    let col = FLOOR_ALBEDO * tint * tone * (0.45 + 1.1 * r.grain) * worn;
    return mix(JOINT_ALBEDO, col, stone);
}

// Ceiling: large rough slabs, one per cell split lengthwise, darker than the walls.
fn ceiling_stone(p: vec2<f32>, footprint: f32) -> vec3<f32> {
    let q = vec2<f32>(p.x, p.y * 2.0);
    let id = vec2<i32>(floor(q));
    let f = fract(q);
    let d = min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y) * 0.5);
    let fw = max(footprint, 0.001);
    let stone = smoothstep(0.01 - fw, 0.01 + fw, d);
    let tone = 0.6 + 0.6 * hash3(vec3<i32>(id, 11));
    let g = rough(p * 0.7, 13, footprint).grain;
    return mix(JOINT_ALBEDO * 0.5, CEILING_ALBEDO * tone * (0.4 + 1.2 * g), stone);
}
