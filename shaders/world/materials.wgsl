// Procedural materials as patches: coursed stone blocks (walls, the pit shaft), flagstones (floor),
// ceiling slabs and the pit's kerb stones, as linear albedo. Texture flicker (world/effects.wgsl)
// darkens or pales single blocks.
//
// Every material is the same recipe with other numbers: lay the pattern out (which block or slab the
// point lies in, how far to its edge, its key), then one rough-stone noise, one tone, one tint and a
// joint. The layouts are a few cheap lines each; the noise and the hashes are the cost. So a pixel
// lays out the patch of the one surface it shows and pays for one `shade_patch`: a software
// rasteriser such as lavapipe runs both sides of every branch, so a pixel that called each material
// in its own branch paid for all five (issue 17).

#include "common/noise.wgsl"
#include "world/effects.wgsl"

// Albedos are linear and come from the level's theme (turn.wall, turn.floor, turn.ceiling; cut
// stone near the surface: the walls a warm grey, floor and ceiling a cool slate), each with the
// strength of its joints in a: 1 dressed stone, towards 0 raw rock whose blocks blur into one face.
// Wall mortar is a warm dark (it belongs to the wall); floor and ceiling joints are cool.
const MORTAR_ALBEDO: vec3<f32> = vec3<f32>(0.06, 0.047, 0.035);
const JOINT_ALBEDO: vec3<f32> = vec3<f32>(0.035, 0.04, 0.05);
const RIM_ALBEDO: vec3<f32> = vec3<f32>(0.36, 0.35, 0.33);

// One material at one point, laid out and waiting for `shade_patch`.
struct Patch {
    // Where the rough-stone noise is read, its seed and the pixel's footprint (cells per pixel).
    noise_at: vec2<f32>,
    seed: i32,
    footprint: f32,
    // Distance to the block's edge, and how much the noise's wobble roughens it.
    edge: f32,
    wobble: f32,
    // The joint: stone where the roughened edge distance passes joint.x..joint.y.
    joint: vec2<f32>,
    // The bevel darkens a block towards an edge (to bevel_lo at the edge, 1 past bevel.y); it
    // measures the roughened edge distance, or `lip` when `bevel_on_lip`.
    bevel_lo: f32,
    bevel: vec2<f32>,
    lip: f32,
    bevel_on_lip: bool,
    // The block's own values: tone = tone.x + tone.y * hash(key), flickering if `flickers`; the tint
    // is tint plus tint_a and tint_b times the hashes of key + key_a and key + key_b.
    key: vec3<i32>,
    tone: vec2<f32>,
    flickers: bool,
    tint: vec3<f32>,
    tint_a: vec3<f32>,
    key_a: vec3<i32>,
    tint_b: vec3<f32>,
    key_b: vec3<i32>,
    // The grain's share: albedo * (grain.x + grain.y * rough grain).
    grain: vec2<f32>,
    albedo: vec3<f32>,
    // The joint's colour, or the block's own colour times joint_of_block when that is above 0.
    joint_albedo: vec3<f32>,
    joint_of_block: f32,
    // How much the joint shows (the theme's joint strength; 1 for the pit's kerb).
    joint_strength: f32,
}

// Coursed stone blocks: 4 courses per cell height, each course with its own block length (0.4 to 0.65
// cells) and stagger. `s` runs along the face (continuous across cells), `z` is height. `face`
// identifies the wall line so every wall differs; `edges` drops the mortar at z = 0 and z = 1 (the wall
// meets floor and ceiling there, not another block).
fn stone_blocks(s: f32, z: f32, face: vec3<i32>, footprint: f32, edges: bool) -> Patch {
    let courses = 4.0;
    let zc = z * courses;
    let course = i32(floor(zc));
    let course_key = hash_mix(vec3<i32>(face.x * 31 + course, face.y, face.z));
    let length = 0.4 + 0.25 * hash_beside(course_key, vec3<i32>(0, 0, 101));
    let bs = (s + hash_mixed(course_key)) / length;
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
    let mortar_w = 0.006;
    let fw = max(footprint, 0.001);
    var m: Patch;
    // Rough, chipped edges: the edge distance wobbles a little.
    m.noise_at = vec2<f32>(s, z) + vec2<f32>(f32(block) * 0.37, f32(course) * 0.71);
    m.seed = face.z;
    m.footprint = footprint;
    m.edge = min(dx, min(dz_low, dz_high));
    m.wobble = 0.012;
    m.joint = vec2<f32>(mortar_w - fw, mortar_w + fw);
    // Chisel bevel: block faces darken towards their edges, which reads as relief.
    m.bevel_lo = 0.6;
    m.bevel = vec2<f32>(mortar_w, mortar_w + 0.05);
    m.lip = 0.0;
    m.bevel_on_lip = false;
    m.key = vec3<i32>(block + face.x * 977, course + face.y * 613, face.z);
    m.tone = vec2<f32>(0.55, 0.6);
    m.flickers = true;
    m.tint_a = vec3<f32>(0.0, 0.08, 0.0);
    m.key_a = vec3<i32>(7, 0, 0);
    m.tint_b = vec3<f32>(0.0, 0.0, 0.16);
    m.key_b = vec3<i32>(0, 9, 0);
    m.grain = vec2<f32>(0.45, 1.1);
    m.tint = vec3<f32>(1.0, 0.94, 0.88);
    m.albedo = turn.wall.rgb;
    m.joint_albedo = MORTAR_ALBEDO;
    m.joint_of_block = 0.0;
    m.joint_strength = turn.wall.a;
    return m;
}

// Distance to the nearest edge of the rectangle [lo, hi] that contains f.
fn rect_edge(f: vec2<f32>, lo: vec2<f32>, hi: vec2<f32>) -> f32 {
    let d = min(f - lo, hi - f);
    return min(d.x, d.y);
}

// Flagstones: each cell is laid with one slab, two, three or four, chosen and sized per cell, so the
// joints never run in endless straight lines; every slab has its own tone.
fn flagstones(p: vec2<f32>, footprint: f32) -> Patch {
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
    let fw = max(footprint, 0.001);
    var m: Patch;
    m.noise_at = p * 0.8 + vec2<f32>(f32(slab) * 0.53);
    m.seed = 43;
    m.footprint = footprint;
    m.edge = rect_edge(f, lo, hi);
    m.wobble = 0.012;
    m.joint = vec2<f32>(0.008 - fw, 0.008 + fw);
    // Worn: slabs darken a little towards their joints.
    m.bevel_lo = 0.7;
    m.bevel = vec2<f32>(0.008, 0.06);
    m.lip = 0.0;
    m.bevel_on_lip = false;
    m.key = vec3<i32>(cell * 4 + vec2<i32>(slab, 0), 3);
    m.tone = vec2<f32>(0.6, 0.55);
    m.flickers = true;
    m.tint_a = vec3<f32>(0.1, 0.0, 0.0);
    m.key_a = vec3<i32>(1, 0, 0);
    m.tint_b = vec3<f32>(0.0);
    m.key_b = vec3<i32>(0);
    m.grain = vec2<f32>(0.45, 1.1);
    m.tint = vec3<f32>(0.95, 1.0, 1.0);
    m.albedo = turn.floor.rgb;
    m.joint_albedo = JOINT_ALBEDO;
    m.joint_of_block = 0.0;
    m.joint_strength = turn.floor.a;
    return m;
}

// Ceiling: large rough slabs, one per cell split lengthwise, darker than the walls.
fn ceiling_stone(p: vec2<f32>, footprint: f32) -> Patch {
    let q = vec2<f32>(p.x, p.y * 2.0);
    let id = vec2<i32>(floor(q));
    let f = fract(q);
    let fw = max(footprint, 0.001);
    var m: Patch;
    m.noise_at = p * 0.7;
    m.seed = 13;
    m.footprint = footprint;
    m.edge = min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y) * 0.5);
    m.wobble = 0.0;
    m.joint = vec2<f32>(0.01 - fw, 0.01 + fw);
    m.bevel_lo = 1.0;
    m.bevel = vec2<f32>(0.0, 1.0);
    m.lip = 0.0;
    m.bevel_on_lip = false;
    m.key = vec3<i32>(id, 11);
    m.tone = vec2<f32>(0.6, 0.6);
    m.flickers = false;
    m.tint_a = vec3<f32>(0.0);
    m.key_a = vec3<i32>(0);
    m.tint_b = vec3<f32>(0.0);
    m.key_b = vec3<i32>(0);
    m.grain = vec2<f32>(0.4, 1.2);
    m.tint = vec3<f32>(1.0);
    m.albedo = turn.ceiling.rgb;
    m.joint_albedo = JOINT_ALBEDO * 0.5;
    m.joint_of_block = 0.0;
    m.joint_strength = turn.ceiling.a;
    return m;
}

// The exit pit's rim: pale worn kerb stones, four per side, with a dark lip where the floor drops
// away. `local` is the point in the exit cell, `edge` its distance outside the hole.
fn kerb_stones(cell: vec2<i32>, local: vec2<f32>, edge: f32, footprint: f32) -> Patch {
    let around = select(local.y, local.x, abs(local.y - 0.5) > abs(local.x - 0.5));
    let seg = fract(around * 4.0);
    var m: Patch;
    m.noise_at = local * 1.3;
    m.seed = 71;
    m.footprint = footprint;
    m.edge = min(seg, 1.0 - seg);
    m.wobble = 0.0;
    m.joint = vec2<f32>(0.0, 0.06 + footprint * 4.0);
    m.bevel_lo = 0.1;
    m.bevel = vec2<f32>(0.0, 0.025);
    m.lip = edge;
    m.bevel_on_lip = true;
    m.key = vec3<i32>(cell, i32(floor(around * 4.0)) + 50);
    m.tone = vec2<f32>(0.8, 0.3);
    m.flickers = false;
    m.tint_a = vec3<f32>(0.0);
    m.key_a = vec3<i32>(0);
    m.tint_b = vec3<f32>(0.0);
    m.key_b = vec3<i32>(0);
    m.grain = vec2<f32>(0.8, 0.4);
    m.tint = vec3<f32>(1.0);
    m.albedo = RIM_ALBEDO;
    m.joint_albedo = vec3<f32>(0.0);
    // The kerb's joints are its own stone in shadow.
    m.joint_of_block = 0.35;
    m.joint_strength = 1.0;
    return m;
}

// The albedo of a laid-out patch: the one noise lookup and the block's hashes.
fn shade_patch(m: Patch) -> vec3<f32> {
    let r = rough(m.noise_at, m.seed, m.footprint);
    let d = m.edge + r.wobble * m.wobble;
    var stone = smoothstep(m.joint.x, m.joint.y, d);
    let key = hash_mix(m.key);
    var tone = m.tone.x + m.tone.y * hash_mixed(key);
    if m.flickers {
        tone = tone * tex_flicker_gain(key);
    }
    // A material without a second or third tint (the ceiling, the floor's second) leaves its hash
    // out: once the pipeline knows its surface the test is a constant, and lavapipe would otherwise
    // hash for a product with zero.
    var tint = m.tint;
    if any(m.tint_a != vec3<f32>(0.0)) {
        tint = tint + m.tint_a * hash_beside(key, m.key_a);
    }
    if any(m.tint_b != vec3<f32>(0.0)) {
        tint = tint + m.tint_b * hash_beside(key, m.key_b);
    }
    var bevel = mix(m.bevel_lo, 1.0, smoothstep(m.bevel.x, m.bevel.y, select(d, m.lip, m.bevel_on_lip)));
    // Weak joints (raw rock) blend the joint and the bevel towards plain stone; at strength 1 the
    // values are untouched, so dressed stone renders exactly as before themes.
    if m.joint_strength < 1.0 {
        stone = mix(1.0, stone, m.joint_strength);
        bevel = mix(1.0, bevel, m.joint_strength);
        // Raw rock has no blocks: their tones even out towards the mean as the joints fade.
        tone = mix(m.tone.x + 0.5 * m.tone.y, tone, m.joint_strength);
    }
    let block = m.albedo * tint * tone * (m.grain.x + m.grain.y * r.grain) * bevel;
    let joint = select(m.joint_albedo, block * m.joint_of_block, m.joint_of_block > 0.0);
    return mix(joint, block, stone);
}
