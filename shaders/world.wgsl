//! World pass: one full-screen triangle whose fragment shader ray-casts every pixel through the grid
//! (DDA), then shades walls, floor, ceiling and the exit pit with procedural stone lit by the torch.
//!
//! Projection (mirrored on the CPU by src/render/camera.rs and reference.rs): the ray of pixel column x
//! is dir + right * (x - W/2) / focal.x; its forward component is 1, so the DDA distance is the
//! perpendicular distance. A pixel row y looks at height z = 0.5 + (H/2 - y) / focal.y * t at distance t,
//! so a wall at distance d covers the rows whose centre has 0 <= z <= 1.
//!
//! Shading is in linear light; the target is sRGB (or `encode_srgb` asks us to encode).

struct WorldUniforms {
    eye: vec2<f32>,
    dir: vec2<f32>,
    right: vec2<f32>,
    view_size: vec2<f32>,
    focal: vec2<f32>,
    jolt_px: vec2<f32>,
    grid_size: vec2<u32>,
    time: f32,
    light_scale: f32,
    flash_rgba: vec4<f32>,
    light_radius: f32,
    flicker: f32,
    encode_srgb: u32,
    _pad0: u32,
}

// Cell words: the tile in the low byte, effect flags above (mirrored in src/render/scene.rs).
const TILE_MASK: u32 = 0xffu;
const TILE_FLOOR: u32 = 0u;
const TILE_WALL: u32 = 1u;
const TILE_EXIT: u32 = 2u;
const FLAG_PHANTOM_WALL: u32 = 0x100u;
const FLAG_PHANTOM_PASSAGE: u32 = 0x200u;

// Mirrors reference::MAX_STEPS: enough to cross the largest (57×57) level corner to corner.
const MAX_STEPS: u32 = 160u;
const EYE_HEIGHT: f32 = 0.5;

// Look. Albedos are linear. The torch is warm, the walls a warm grey, floor and ceiling a cool slate, so
// walls stand apart from floor and ceiling in hue as well as brightness (the headless tests rely on it).
const TORCH_COLOR: vec3<f32> = vec3<f32>(1.0, 0.72, 0.46);
const TORCH_INTENSITY: f32 = 2.1;
const WALL_ALBEDO: vec3<f32> = vec3<f32>(0.37, 0.32, 0.27);
// Wall mortar is a warm dark (it belongs to the wall); floor and ceiling joints are cool.
const MORTAR_ALBEDO: vec3<f32> = vec3<f32>(0.06, 0.047, 0.035);
const JOINT_ALBEDO: vec3<f32> = vec3<f32>(0.035, 0.04, 0.05);
const FLOOR_ALBEDO: vec3<f32> = vec3<f32>(0.13, 0.16, 0.21);
const CEILING_ALBEDO: vec3<f32> = vec3<f32>(0.04, 0.052, 0.075);
const RIM_ALBEDO: vec3<f32> = vec3<f32>(0.36, 0.35, 0.33);
// Exposure of the final tone curve 1 - exp(-k c): linear in the shadows, no clipped highlights up close.
const EXPOSURE: f32 = 1.15;
// Y-side faces get less light so corners read even when lit head-on.
const Y_SIDE_SHADE: f32 = 0.78;
// The exit pit: hole inset from the cell edge, and the width of the stone rim around it.
const PIT_INSET: f32 = 0.16;
const RIM_WIDTH: f32 = 0.08;
// How fast the pit shaft swallows the light, per cell of depth: only its top lip ever catches light.
const PIT_DARKENING: f32 = 60.0;

@group(0) @binding(0) var<uniform> u: WorldUniforms;
@group(0) @binding(1) var<storage, read> cells: array<u32>;

struct VsOut {
    @builtin(position) pos: vec4<f32>,
}

// One triangle that covers the viewport: (-1,-1), (3,-1), (-1,3).
@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    var out: VsOut;
    out.pos = vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
    return out;
}

// ---------------------------------------------------------------- hashing and noise

fn pcg(v: u32) -> u32 {
    let state = v * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

// A stable value in [0, 1) for integer coordinates; the same cell always gets the same value.
// One PCG round over the coordinates mixed by large odd primes: cheap enough for per-pixel noise.
fn hash3(k: vec3<i32>) -> f32 {
    let u = bitcast<vec3<u32>>(k);
    let h = pcg(u.x * 73856093u ^ u.y * 19349663u ^ u.z * 83492791u);
    return f32(h >> 8u) / 16777216.0;
}

fn value_noise(p: vec2<f32>, seed: i32) -> f32 {
    let i = vec2<i32>(floor(p));
    let f = fract(p);
    let w = f * f * (3.0 - 2.0 * f);
    let a = hash3(vec3<i32>(i, seed));
    let b = hash3(vec3<i32>(i + vec2<i32>(1, 0), seed));
    let c = hash3(vec3<i32>(i + vec2<i32>(0, 1), seed));
    let d = hash3(vec3<i32>(i + vec2<i32>(1, 1), seed));
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

// ---------------------------------------------------------------- grid and ray-cast

fn cell_at(c: vec2<i32>) -> u32 {
    let size = vec2<i32>(u.grid_size);
    if c.x < 0 || c.y < 0 || c.x >= size.x || c.y >= size.y {
        return TILE_WALL;
    }
    return cells[u32(c.y) * u.grid_size.x + u32(c.x)];
}

fn blocks_view(cell: u32) -> bool {
    if (cell & FLAG_PHANTOM_WALL) != 0u {
        return true;
    }
    return (cell & TILE_MASK) == TILE_WALL && (cell & FLAG_PHANTOM_PASSAGE) == 0u;
}

// What the floor shows: phantom passages read as floor, phantom walls never get here.
fn seen_tile(cell: u32) -> u32 {
    if (cell & FLAG_PHANTOM_PASSAGE) != 0u {
        return TILE_FLOOR;
    }
    return cell & TILE_MASK;
}

struct WallHit {
    perp: f32,
    cell: vec2<i32>,
    // 0: crossed a vertical grid line (east/west face), 1: a horizontal one (north/south face).
    side: u32,
    found: bool,
}

fn inv_abs(v: f32) -> f32 {
    return select(abs(1.0 / v), 1e30, v == 0.0);
}

// Same DDA as reference::cast, step for step.
fn cast_ray(origin: vec2<f32>, ray: vec2<f32>) -> WallHit {
    var cell = vec2<i32>(floor(origin));
    let delta = vec2<f32>(inv_abs(ray.x), inv_abs(ray.y));
    let step = vec2<i32>(select(1, -1, ray.x < 0.0), select(1, -1, ray.y < 0.0));
    var side_dist = vec2<f32>(
        select(f32(cell.x) + 1.0 - origin.x, origin.x - f32(cell.x), ray.x < 0.0) * delta.x,
        select(f32(cell.y) + 1.0 - origin.y, origin.y - f32(cell.y), ray.y < 0.0) * delta.y,
    );
    var hit: WallHit;
    hit.found = false;
    hit.perp = 1e30;
    for (var i = 0u; i < MAX_STEPS; i = i + 1u) {
        var side = 0u;
        if side_dist.x < side_dist.y {
            side_dist.x = side_dist.x + delta.x;
            cell.x = cell.x + step.x;
        } else {
            side_dist.y = side_dist.y + delta.y;
            cell.y = cell.y + step.y;
            side = 1u;
        }
        if blocks_view(cell_at(cell)) {
            hit.found = true;
            hit.cell = cell;
            hit.side = side;
            hit.perp = select(side_dist.y - delta.y, side_dist.x - delta.x, side == 0u);
            break;
        }
    }
    return hit;
}

// ---------------------------------------------------------------- light

// Flicker is a few incommensurate sines: cheap, smooth, never visibly periodic.
fn torch_flicker() -> f32 {
    let t = u.time;
    let wobble = 0.55 * sin(t * 9.7) + 0.3 * sin(t * 23.3 + 1.7) + 0.15 * sin(t * 41.0 + 4.1);
    return 1.0 + u.flicker * wobble;
}

// Beyond this distance the torch gives exactly nothing (its radius plus the most the flicker adds), so
// surfaces out there skip their materials: in a dungeon much of the screen is black, and lavapipe
// feels every texture lookup.
fn torch_reach() -> f32 {
    return u.light_radius * (1.0 + 0.3 * u.flicker);
}

// The player's torch at `dist` cells, hitting a surface at cosine `cos_in`; black past the radius.
fn torch(dist: f32, cos_in: f32, flicker: f32) -> vec3<f32> {
    let r = u.light_radius * (1.0 + 0.3 * (flicker - 1.0));
    let falloff = 1.0 / (1.0 + 0.7 * dist * dist) * (1.0 - smoothstep(0.35 * r, r, dist));
    let lambert = 0.3 + 0.7 * clamp(cos_in, 0.0, 1.0);
    return TORCH_COLOR * (TORCH_INTENSITY * u.light_scale * flicker * falloff * lambert);
}

// ---------------------------------------------------------------- materials

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
    let tone = 0.55 + 0.6 * hash3(key);
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
    let tone = 0.6 + 0.55 * hash3(key);
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

// ---------------------------------------------------------------- surfaces

// The colour a pixel sees and how far away that is (the depth that sprites will test against).
struct Sample {
    color: vec3<f32>,
    depth: f32,
}

fn shade_wall(hit: WallHit, ray: vec2<f32>, z: f32, flicker: f32, footprint: f32) -> Sample {
    let to_surface = vec3<f32>(ray * hit.perp, z - EYE_HEIGHT);
    let dist = length(to_surface);
    if dist >= torch_reach() {
        return Sample(vec3<f32>(0.0), hit.perp);
    }
    let p = u.eye + ray * hit.perp;
    // Along-face coordinate, continuous over neighbouring cells of the same wall line.
    let s = select(p.x, p.y, hit.side == 0u);
    // The wall line: which grid line and which way it faces.
    let line = select(hit.cell.y, hit.cell.x, hit.side == 0u);
    let facing = select(select(2, 3, ray.y < 0.0), select(0, 1, ray.x < 0.0), hit.side == 0u);
    let albedo = stone_blocks(s, z, vec3<i32>(line, facing, i32(hit.side) + 1), footprint, true);
    let normal_part = select(abs(to_surface.y), abs(to_surface.x), hit.side == 0u);
    var light = torch(dist, normal_part / dist, flicker);
    if hit.side == 1u {
        light = light * Y_SIDE_SHADE;
    }
    return Sample(albedo * light, hit.perp);
}

// Looking into the exit pit: continue the ray below the floor to the shaft wall it meets and shade
// that, darker the deeper it is, so the hole reads as depth rather than a black decal.
fn shade_pit(cell: vec2<i32>, ray: vec2<f32>, v: f32, t_floor: f32, flicker: f32, footprint: f32) -> vec3<f32> {
    let lo = vec2<f32>(cell) + vec2<f32>(PIT_INSET);
    let hi = vec2<f32>(cell) + vec2<f32>(1.0 - PIT_INSET);
    let bound = select(hi, lo, ray < vec2<f32>(0.0));
    let tx = select((bound.x - u.eye.x) / ray.x, 1e30, ray.x == 0.0);
    let ty = select((bound.y - u.eye.y) / ray.y, 1e30, ray.y == 0.0);
    let t_exit = max(min(tx, ty), t_floor);
    let depth = -(EYE_HEIGHT + v * t_exit);
    let p = u.eye + ray * t_exit;
    let x_face = tx < ty;
    let s = select(p.x, p.y, x_face);
    let albedo = stone_blocks(s, -depth, vec3<i32>(cell.x * 3 + cell.y, select(4, 5, x_face), 7), footprint * 1.5, false);
    let to_surface = vec3<f32>(ray * t_exit, -depth - EYE_HEIGHT);
    let dist = length(to_surface);
    let swallow = exp(-PIT_DARKENING * max(depth, 0.0));
    // The rim shades the shaft from the torch: only its very top catches a little light.
    return albedo * torch(dist, 0.6, flicker) * (0.6 * swallow);
}

// Floor (looking down, v < 0) or ceiling (v > 0) at distance t along the ray.
fn shade_flat(ray: vec2<f32>, v: f32, flicker: f32) -> Sample {
    let t = (0.5 / abs(v));
    let p = u.eye + ray * t;
    let footprint = t * length(ray) / u.focal.y;
    let to_surface = vec3<f32>(ray * t, select(-EYE_HEIGHT, 1.0 - EYE_HEIGHT, v > 0.0));
    let dist = length(to_surface);
    if dist >= torch_reach() {
        return Sample(vec3<f32>(0.0), t);
    }
    let light = torch(dist, 0.5 / dist, flicker);
    if v > 0.0 {
        return Sample(ceiling_stone(p, footprint) * light, t);
    }
    let cell = vec2<i32>(floor(p));
    var albedo = flagstones(p, footprint);
    if seen_tile(cell_at(cell)) == TILE_EXIT {
        let local = p - vec2<f32>(cell);
        // Distance from the hole's edge: negative inside the hole.
        let edge = max(abs(local.x - 0.5), abs(local.y - 0.5)) - (0.5 - PIT_INSET);
        if edge < 0.0 {
            return Sample(shade_pit(cell, ray, v, t, flicker, footprint), t);
        }
        if edge < RIM_WIDTH {
            // Rim: pale worn kerb stones, four per side, with a dark lip where the floor drops away.
            let around = select(local.y, local.x, abs(local.y - 0.5) > abs(local.x - 0.5));
            let seg = fract(around * 4.0);
            let joint = smoothstep(0.0, 0.06 + footprint * 4.0, min(seg, 1.0 - seg));
            let tone = 0.8 + 0.3 * hash3(vec3<i32>(cell, i32(floor(around * 4.0)) + 50));
            let lip = smoothstep(0.0, 0.025, edge);
            let g = rough(local * 1.3, 71, footprint).grain;
            albedo = RIM_ALBEDO * tone * (0.8 + 0.4 * g) * mix(0.35, 1.0, joint) * mix(0.1, 1.0, lip);
        }
    }
    return Sample(albedo * light, t);
}

// ---------------------------------------------------------------- output

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let px = in.pos.xy + u.jolt_px;
    let ray = u.dir + u.right * ((px.x - 0.5 * u.view_size.x) / u.focal.x);
    // Tangent of the pixel's elevation: positive above the horizon.
    let v = (0.5 * u.view_size.y - px.y) / u.focal.y;
    let flicker = torch_flicker();

    let hit = cast_ray(u.eye, ray);
    let z = EYE_HEIGHT + v * hit.perp;
    var sample: Sample;
    if hit.found && z >= 0.0 && z <= 1.0 {
        let footprint = hit.perp * length(ray) / u.focal.y;
        sample = shade_wall(hit, ray, z, flicker, footprint);
    } else {
        sample = shade_flat(ray, v, flicker);
    }
    // Sprites slot in here: entities (from a storage buffer) drawn as pixel-font glyphs where their
    // distance is less than `sample.depth`, lit by the same torch().

    var color = sample.color;
    // A soft vignette pulls the eye to the centre and deepens the gloom at the corners.
    let centred = (px / u.view_size - 0.5) * vec2<f32>(1.0, 0.8);
    color = color * (1.0 - 0.45 * dot(centred, centred));
    color = vec3<f32>(1.0) - exp(-EXPOSURE * color);
    color = mix(color, u.flash_rgba.rgb, clamp(u.flash_rgba.a, 0.0, 1.0));
    color = clamp(color, vec3<f32>(0.0), vec3<f32>(1.0));
    if u.encode_srgb != 0u {
        color = encode_srgb(color);
    }
    return vec4<f32>(color, 1.0);
}
