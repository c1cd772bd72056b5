//! World pass: one full-screen triangle whose fragment shader ray-casts every pixel through the grid
//! (DDA), then shades walls, floor, ceiling and the exit pit with procedural stone lit by the torch.
//!
//! Projection (mirrored on the CPU by src/render/camera.rs and reference.rs): the ray of pixel column x
//! is dir + right * (x - W/2) / focal.x; its forward component is 1, so the DDA distance is the
//! perpendicular distance. A pixel row y looks at height z = 0.5 + (H/2 - y) / focal.y * t at distance t,
//! so a wall at distance d covers the rows whose centre has 0 <= z <= 1.
//!
//! Shading is in linear light; the target is sRGB (or `encode_srgb` asks us to encode).
//!
//! Entities are pixel-font sprites from a storage buffer (src/render/sprites.rs), drawn after the
//! world in a second pass: per sprite, far to near, a quad over the screen area its light can reach
//! (halo and floor pool) and a quad over its glyph (`vs_sprite_light`/`fs_sprite_light`,
//! `vs_sprite_ink`/`fs_sprite_ink`). Each pixel meets the sprite's camera-facing plane and tests it
//! against the depth of the wall or floor seen there, which the world pass wrote beside the colour.
//! So a sprite costs only the pixels its quads cover.
//!
//! Madness (src/game/sanity.rs) bends the picture: every effect is a product with its strength from
//! the uniforms, so at full sanity each one is exactly off. A software rasteriser runs both sides of
//! every branch, so the effects are also compiled out of the pipelines that do not need them
//! (`MILD`, `WILD`; src/render/world.rs picks the variant per frame).

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
    sprite_count: u32,
    colour_drift: f32,
    breathing: f32,
    tex_flicker: f32,
    warp: f32,
    false_player: f32,
    distortion: f32,
    warp_pulse: f32,
    enemy_progress: f32,
    reduced: u32,
    quads_cover_view: u32,
    _pad0: u32,
    _pad1: u32,
}

// One entity (or false `@`) as the CPU packed it this turn; see sprites.rs for each member.
struct SpriteRaw {
    pos_from: vec2<f32>,
    pos_to: vec2<f32>,
    color: vec4<f32>,
    rows: vec2<u32>,
    height: f32,
    shimmer: f32,
    fade_from: f32,
    fade_to: f32,
    kind: u32,
    seed: u32,
}

// Cell words: the tile in the low byte, effect flags above (mirrored in src/render/scene.rs).
const TILE_MASK: u32 = 0xffu;
const TILE_FLOOR: u32 = 0u;
const TILE_WALL: u32 = 1u;
const TILE_EXIT: u32 = 2u;
const FLAG_PHANTOM_WALL: u32 = 0x100u;
const FLAG_PHANTOM_PASSAGE: u32 = 0x200u;

// Sprite kinds and the font cell (mirrored in sprites.rs and font.rs).
const SPRITE_ENTITY: u32 = 0u;
const SPRITE_FALSE_PLAYER: u32 = 1u;
const FONT_W: u32 = 6u;
const FONT_H: u32 = 8u;

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
// Mirrored by scene::EXPOSURE (tests undo the curve to check that darkness scales light linearly).
const EXPOSURE: f32 = 1.15;
// Y-side faces get less light so corners read even when lit head-on.
const Y_SIDE_SHADE: f32 = 0.78;
// The exit pit: hole inset from the cell edge, and the width of the stone rim around it.
const PIT_INSET: f32 = 0.16;
const RIM_WIDTH: f32 = 0.08;
// How fast the pit shaft swallows the light, per cell of depth: only its top lip ever catches light.
const PIT_DARKENING: f32 = 60.0;

// Sprites. A glyph is lit by the torch plus a little light of its own (so a red `@` at the edge of the
// torch still reads as red, not as the torch's orange), and glows in its colour: a halo on its own
// plane and a pool of light on the floor around its feet.
const SPRITE_SELF_LIGHT: f32 = 0.8;
const SPRITE_INK_GAIN: f32 = 1.35;
const SPRITE_HALO: f32 = 0.16;
const SPRITE_POOL: f32 = 0.22;
const SPRITE_POOL_RADIUS: f32 = 0.42;
// Where halo and pool are cut off (font pixels from the glyph's centre; pool radii), chosen where
// they fall below a step of an 8-bit target, so the cut never shows; the sprite quads hold them.
const HALO_REACH: f32 = 6.0;
const POOL_REACH: f32 = 1.5;
// Feet just above the floor so the lowest ink row never sinks into it; no sprite closer than this.
const SPRITE_LIFT: f32 = 0.012;
const SPRITE_NEAR: f32 = 0.2;
// A stepping enemy lurches up this much mid-step.
const SPRITE_HOP: f32 = 0.05;

// Madness at full strength (each scaled by its 0..1 uniform).
// Breathing: walls swell up to this fraction of their height, over about five seconds a breath.
const BREATH_SWELL: f32 = 0.16;
const BREATH_RATE: f32 = 1.25;
// Flickering textures: share of stone blocks and slabs that flicker at a time, and how often.
const TEX_FLICKER_SHARE: f32 = 0.22;
const TEX_FLICKER_RATE: f32 = 7.0;
// Heavy warping: displacement of the cast pixel, in view heights.
const WARP_AMOUNT: f32 = 0.024;
// Colour drift: how far the tint may pull each channel (0.5 = between half and one and a half).
const DRIFT_AMOUNT: f32 = 0.35;
// False `@`: chances per second per candidate cell, and the share of chances taken at full strength.
const FALSE_RATE: f32 = 1.3;
const FALSE_SHARE: f32 = 0.45;

// Pipeline variants: MILD compiles in colour drift and breathing; WILD the texture flicker, the
// warps, the severe distortion and the vanishing pulse. Off means the code is not there at all.
override MILD: bool = true;
override WILD: bool = true;

@group(0) @binding(0) var<uniform> u: WorldUniforms;
@group(0) @binding(1) var<storage, read> cells: array<u32>;
@group(0) @binding(2) var<storage, read> sprites: array<SpriteRaw>;

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

// ---------------------------------------------------------------- madness

// Flickering textures: now and then a block or slab (`key`) goes dark or pale for a beat, each on its
// own clock. Exactly 1 when the effect is off.
fn tex_flicker_gain(key: vec3<i32>) -> f32 {
    if !WILD {
        return 1.0;
    }
    if u.tex_flicker <= 0.0 {
        return 1.0;
    }
    let clock = u.time * TEX_FLICKER_RATE + 5.0 * hash3(key + vec3<i32>(3, 5, 7));
    let h = hash3(vec3<i32>(key.x + i32(floor(clock)) * 131, key.y, key.z + 17));
    if h >= TEX_FLICKER_SHARE * u.tex_flicker {
        return 1.0;
    }
    return select(0.3, 1.9, fract(h * 37.0) > 0.5);
}

// Heavy warping, severe distortion and the vanishing pulse move the pixel the ray is cast through, so
// walls, floor and sprites bend together. Only called when one of them is on.
fn warp_pixel(px: vec2<f32>) -> vec2<f32> {
    let h = u.view_size.y;
    let c = 0.5 * u.view_size;
    var d = (px - c) / h;
    let t = u.time;
    // Warping: slow crossing waves, like looking through heat over a fire.
    let wave = vec2<f32>(
        sin(d.y * 7.0 + t * 1.3) + 0.5 * sin(d.y * 13.0 + d.x * 3.0 - t * 2.1),
        sin(d.x * 6.0 - t * 1.1) + 0.5 * sin(d.x * 11.0 + d.y * 4.0 + t * 1.7),
    );
    d = d + (u.warp * WARP_AMOUNT) * wave;
    // Distortion: the view rolls, swirls about its centre and swells in and out.
    let r2 = dot(d, d);
    let angle = u.distortion * (0.1 * sin(t * 0.43 + 0.7) + 0.55 * exp(-9.0 * r2) * sin(t * 0.71 + 0.3));
    let cs = vec2<f32>(cos(angle), sin(angle));
    d = vec2<f32>(d.x * cs.x - d.y * cs.y, d.x * cs.y + d.y * cs.x);
    d = d * (1.0 + u.distortion * 0.12 * sin(t * 0.9 + 1.3));
    // The pulse: rings running out from the centre while it lasts.
    d = d * (1.0 + u.warp_pulse * 0.06 * sin(sqrt(r2) * 30.0 - t * 14.0));
    return c + d * h;
}

// The farthest `warp_pixel` moves any pixel this frame, in view heights (sprite quads grow by it).
// Each step bounds its own displacement: the waves by their amplitude; the roll and zoom by their
// angle and scale at the view's corner (chord no longer than arc); the swirl, whose angle fades as
// exp(-9 r^2), moves a point at radius r by at most A r exp(-9 r^2) <= 0.143 A; the pulse by its
// scale at the corner.
fn warp_reach() -> f32 {
    let t = u.time;
    let corner = 0.5 * length(u.view_size) / u.view_size.y + 2.2 * WARP_AMOUNT;
    let waves = 2.2 * WARP_AMOUNT * u.warp;
    let roll = abs(u.distortion * 0.1 * sin(t * 0.43 + 0.7));
    let swirl = abs(u.distortion * 0.55 * sin(t * 0.71 + 0.3));
    let zoom = abs(u.distortion * 0.12 * sin(t * 0.9 + 1.3));
    let pulse = u.warp_pulse * 0.06;
    return waves + (roll + zoom) * corner + 0.143 * swirl + pulse * corner * (1.0 + zoom);
}

// Breathing: the wall's height stretches about the eye line; each stretch of wall breathes on its
// own phase, rippling along the face. Returns the height the pixel has on the unstretched wall.
fn breathe(hit: WallHit, ray: vec2<f32>, z: f32) -> f32 {
    let p = u.eye + ray * hit.perp;
    let s = select(p.x, p.y, hit.side == 0u);
    let phase = 6.2832 * hash3(vec3<i32>(hit.cell, 23)) * 0.35 + s * 1.9;
    let swell = u.breathing * BREATH_SWELL * (0.5 + 0.5 * sin(u.time * BREATH_RATE + phase));
    return (z - EYE_HEIGHT) / (1.0 + swell) + EYE_HEIGHT;
}

// Colour drift: a tint that wanders through the hues over time and across the view, normalised so it
// moves colour, not brightness.
fn drift_tint(px: vec2<f32>) -> vec3<f32> {
    let t = u.time;
    let q = px / u.view_size;
    let theta = 2.0 + t * 0.13 + 1.6 * q.x + 1.5 * sin(t * 0.05 + q.y);
    let hue = cos(vec3<f32>(theta, theta + 2.0944, theta + 4.1888));
    return vec3<f32>(1.0) + (DRIFT_AMOUNT * u.colour_drift) * hue;
}

// A false `@` shows only in brief flickers: each candidate gets a chance FALSE_RATE times a second
// and takes it with a probability that grows with the effect. A taken chance pops on and off like a
// glimpse; under reduced effects it fades in and out instead.
fn false_player_alpha(seed: u32) -> f32 {
    if u.false_player <= 0.0 {
        return 0.0;
    }
    let clock = u.time * FALSE_RATE + 7.0 * f32(seed & 1023u) / 1024.0;
    let slot = floor(clock);
    let f = clock - slot;
    if hash3(vec3<i32>(i32(slot), i32(seed & 0xffffu), 91)) >= FALSE_SHARE * u.false_player {
        return 0.0;
    }
    let strength = smoothstep(0.0, 0.5, u.false_player);
    if u.reduced != 0u {
        let s = sin(3.14159 * f);
        return strength * s * s;
    }
    return strength * select(0.0, 1.0, f < 0.12 || (f > 0.2 && f < 0.26));
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

// ---------------------------------------------------------------- sprites

// Height of a sprite's feet: just above the floor, lurching up mid-step while it moves.
fn sprite_feet(s: SpriteRaw) -> f32 {
    let moving = select(0.0, 1.0, any(s.pos_from != s.pos_to));
    return SPRITE_LIFT + moving * SPRITE_HOP * sin(3.14159 * u.enemy_progress);
}

// How visible sprite `s` is this frame: its fade across the step, and a false `@`'s flicker.
fn sprite_alpha(s: SpriteRaw) -> f32 {
    var alpha = mix(s.fade_from, s.fade_to, u.enemy_progress);
    if s.kind == SPRITE_FALSE_PLAYER {
        alpha = alpha * false_player_alpha(s.seed);
    }
    return alpha;
}

// What sprite `s` does to a pixel whose ray is (`ray`, `v`) and whose surface lies `depth` along
// it: light it adds (its pool on floor pixels, its halo in front of the surface), then ink that
// covers by `cover`. In one pass that would be (base + added) * (1 - cover) + ink * cover.
struct SpriteHit {
    added: vec3<f32>,
    ink: vec3<f32>,
    cover: f32,
}

fn sprite_hit(s: SpriteRaw, depth: f32, ray: vec2<f32>, v: f32, flicker: f32, on_floor: bool) -> SpriteHit {
    let none = SpriteHit(vec3<f32>(0.0), vec3<f32>(0.0), 0.0);
    let alpha = sprite_alpha(s);
    if alpha <= 0.0 {
        return none;
    }
    let p = mix(s.pos_from, s.pos_to, u.enemy_progress);
    let rel = p - u.eye;
    let d = dot(rel, u.dir);
    let fwd = dot(ray, u.dir);
    if d < SPRITE_NEAR || fwd <= 0.0 {
        return none;
    }
    let fp = s.height / f32(FONT_H);
    let feet = sprite_feet(s);
    let light_dist = length(vec3<f32>(rel, feet + 3.5 * fp - EYE_HEIGHT));
    // Lit like a wall facing the player, plus its own faint light that darkness dims as well.
    let light = torch(light_dist, 1.0, flicker)
        + vec3<f32>(SPRITE_SELF_LIGHT * u.light_scale / (1.0 + 0.18 * light_dist * light_dist));
    let tint = s.color.rgb * light;
    let glow = s.color.a * alpha;
    var added = vec3<f32>(0.0);
    if on_floor {
        // The pool of its light on the floor around its feet.
        let off = u.eye + ray * (0.5 / max(-v, 1e-6)) - p;
        let r2 = dot(off, off) / (SPRITE_POOL_RADIUS * SPRITE_POOL_RADIUS);
        if r2 < POOL_REACH * POOL_REACH {
            added = tint * (SPRITE_POOL * glow * s.height * exp(-2.0 * r2));
        }
    }
    let t = d / fwd;
    if t >= depth {
        return SpriteHit(added, vec3<f32>(0.0), 0.0);
    }
    // Where the ray crosses the sprite's plane, in font pixels from the glyph's top-left.
    let x = dot(ray, u.right) * t - dot(rel, u.right);
    let z = EYE_HEIGHT + v * t;
    var gx = x / fp + 2.5;
    let gy = (feet + 7.0 * fp - z) / fp;
    let q = vec2<f32>((gx - 2.5) / 4.5, (gy - 3.5) / 5.5);
    if abs(gx - 2.5) <= HALO_REACH && gy >= -3.0 && gy <= 10.0 {
        added = added + tint * (SPRITE_HALO * glow * exp(-3.0 * dot(q, q)));
    }
    var ink_alpha = alpha;
    var ink = tint * SPRITE_INK_GAIN;
    if s.shimmer > 0.0 {
        // A hallucination's tell: rows slide against each other, the glyph wavers and blushes
        // violet. Scaled by `shimmer`, so 0 is indistinguishable from a real enemy.
        let row = floor(gy);
        let phase = f32(s.seed & 255u) * 0.1;
        gx = gx + s.shimmer * 0.45 * sin(row * 1.9 + u.time * 11.0 + phase);
        ink_alpha = ink_alpha * (1.0 - s.shimmer * 0.35 * (0.5 + 0.5 * sin(u.time * 7.0 + row * 0.8 + phase)));
        ink = mix(ink, ink.rrr * vec3<f32>(0.8, 0.25, 1.0), 0.25 * s.shimmer);
    }
    var cover = 0.0;
    if gx >= 0.0 && gx < f32(FONT_W) && gy >= 0.0 && gy < f32(FONT_H) {
        let col = u32(gx);
        let row = u32(gy);
        let bits = (s.rows[row / 4u] >> (8u * (row % 4u))) & 0xffu;
        if ((bits >> (FONT_W - 1u - col)) & 1u) != 0u {
            // Each font pixel is a small bevelled tile, pale at its top-left edge and dark at its
            // bottom-right, so a near glyph has relief instead of reading as a flat decal.
            let f = vec2<f32>(fract(gx), fract(gy));
            let bevel = 1.0 + 0.16 * (smoothstep(0.82, 1.0, 1.0 - min(f.x, f.y)) - smoothstep(0.82, 1.0, max(f.x, f.y)));
            ink = ink * bevel;
            cover = ink_alpha;
        }
    }
    return SpriteHit(added, ink, cover);
}

// The framebuffer rectangle (x0, y0, x1, y1) that sprite `i` can touch this frame; empty (x1 <= x0)
// when it is not drawn. A 3D box around its cell is projected corner by corner, then grown by the
// most any warp can move a pixel, so the quad never clips what the fragment shader would paint. For
// its light the box holds the halo and the pool; for its `ink` just the glyph (and its shimmer).
fn sprite_rect(i: u32, ink: bool) -> vec4<f32> {
    let none = vec4<f32>(0.0);
    if u.quads_cover_view != 0u {
        return vec4<f32>(vec2<f32>(0.0), u.view_size);
    }
    let s = sprites[i];
    if sprite_alpha(s) <= 0.0 {
        return none;
    }
    let p = mix(s.pos_from, s.pos_to, u.enemy_progress);
    if dot(p - u.eye, u.dir) < SPRITE_NEAR {
        return none;
    }
    let fp = s.height / f32(FONT_H);
    let feet = sprite_feet(s);
    var reach = max(HALO_REACH * fp, POOL_REACH * SPRITE_POOL_RADIUS);
    var bottom = 0.0;
    var top = feet + (7.0 + 3.0) * fp;
    if ink {
        reach = 4.0 * fp;
        bottom = feet - fp;
        top = feet + 7.0 * fp;
    }
    var lo = vec2<f32>(1e9);
    var hi = vec2<f32>(-1e9);
    var behind = false;
    for (var k = 0u; k < 8u; k = k + 1u) {
        let corner = p + reach * vec2<f32>(select(-1.0, 1.0, (k & 1u) != 0u), select(-1.0, 1.0, (k & 2u) != 0u));
        let z = select(bottom, top, (k & 4u) != 0u);
        let rel = corner - u.eye;
        let depth = dot(rel, u.dir);
        if depth < 0.05 {
            behind = true;
        } else {
            let q = 0.5 * u.view_size + vec2<f32>(dot(rel, u.right) * u.focal.x, (EYE_HEIGHT - z) * u.focal.y) / depth;
            lo = min(lo, q);
            hi = max(hi, q);
        }
    }
    if behind {
        // The box reaches past the eye: it can cover any part of the view.
        lo = vec2<f32>(0.0);
        hi = u.view_size;
    }
    var margin = 1.0;
    if WILD {
        margin = margin + u.view_size.y * warp_reach();
    }
    lo = clamp(lo - margin - u.jolt_px, vec2<f32>(0.0), u.view_size);
    hi = clamp(hi + margin - u.jolt_px, vec2<f32>(0.0), u.view_size);
    return vec4<f32>(lo, hi);
}

struct SpriteVsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) index: u32,
}

// One quad per sprite (the instance), two triangles, over `sprite_rect`.
fn sprite_quad(v: u32, i: u32, ink: bool) -> SpriteVsOut {
    let rect = sprite_rect(i, ink);
    let corners = array<vec2<f32>, 6>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0),
        vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0),
    );
    let f = mix(rect.xy, rect.zw, corners[v]);
    var out: SpriteVsOut;
    out.pos = vec4<f32>(2.0 * f.x / u.view_size.x - 1.0, 1.0 - 2.0 * f.y / u.view_size.y, 0.0, 1.0);
    out.index = i;
    return out;
}

@vertex
fn vs_sprite_light(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> SpriteVsOut {
    return sprite_quad(v, i, false);
}

@vertex
fn vs_sprite_ink(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> SpriteVsOut {
    return sprite_quad(v, i, true);
}

// ---------------------------------------------------------------- passes

fn encode_srgb(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

// The ray a framebuffer pixel casts: jolted, then bent by any warp. `screen` is the jolted pixel,
// which the screen-space effects (vignette, tint) use so they do not swim with the warp.
struct PixelRay {
    screen: vec2<f32>,
    ray: vec2<f32>,
    // Tangent of the pixel's elevation: positive above the horizon.
    v: f32,
}

fn pixel_ray(frag: vec2<f32>) -> PixelRay {
    let screen = frag + u.jolt_px;
    var px = screen;
    if WILD {
        if u.warp + u.distortion + u.warp_pulse > 0.0 {
            px = warp_pixel(px);
        }
    }
    let ray = u.dir + u.right * ((px.x - 0.5 * u.view_size.x) / u.focal.x);
    return PixelRay(screen, ray, (0.5 * u.view_size.y - px.y) / u.focal.y);
}

// The screen effects and the tone curve, from linear light to what the target stores. `screen` is
// the jolted pixel: tint, vignette and bleed stay put on screen while the world warps.
struct Screen {
    // What multiplies linear light here (tint, vignette, bleed's share), and the bleed's own colour.
    gain: vec3<f32>,
    bleed: vec3<f32>,
}

fn screen_at(screen: vec2<f32>) -> Screen {
    var gain = vec3<f32>(1.0);
    if MILD {
        if u.colour_drift > 0.0 {
            gain = gain * drift_tint(screen);
        }
    }
    // A soft vignette pulls the eye to the centre and deepens the gloom at the corners.
    let centred = (screen / u.view_size - 0.5) * vec2<f32>(1.0, 0.8);
    let edge = dot(centred, centred);
    gain = gain * (1.0 - 0.45 * edge);
    var bleed = vec3<f32>(0.0);
    if WILD {
        if u.distortion > 0.0 {
            // Severe distortion: the edges of sight bleed a dark red that throbs with the heartbeat.
            let beat = pow(0.5 + 0.5 * sin(u.time * 6.9), 4.0);
            let w = u.distortion * smoothstep(0.05, 0.4, edge) * (0.45 + 0.25 * beat);
            gain = gain * (1.0 - w);
            bleed = vec3<f32>(0.16, 0.0, 0.01) * w;
        }
    }
    return Screen(gain, bleed);
}

fn tone(c: vec3<f32>) -> vec3<f32> {
    return vec3<f32>(1.0) - exp(-EXPOSURE * c);
}

fn encode(c: vec3<f32>) -> vec3<f32> {
    if u.encode_srgb != 0u {
        return encode_srgb(c);
    }
    return c;
}

// Linear light at `screen` as the target stores it: screen effects, tone curve, flash.
fn finish(light: vec3<f32>, sc: Screen) -> vec3<f32> {
    let c = mix(tone(light * sc.gain + sc.bleed), u.flash_rgba.rgb, clamp(u.flash_rgba.a, 0.0, 1.0));
    return encode(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0)));
}

// Pass 1, the world: the finished pixel, and how far along its ray the surface is (negated unless
// it is floor, where sprites cast their light pools) for the sprites to test against.
struct WorldOut {
    @location(0) color: vec4<f32>,
    @location(1) depth: f32,
}

@fragment
fn fs_main(in: VsOut) -> WorldOut {
    let pr = pixel_ray(in.pos.xy);
    let ray = pr.ray;
    let v = pr.v;
    let flicker = torch_flicker();
    let hit = cast_ray(u.eye, ray);
    var z = EYE_HEIGHT + v * hit.perp;
    if MILD {
        if hit.found && u.breathing > 0.0 {
            z = breathe(hit, ray, z);
        }
    }
    var sample: Sample;
    let on_wall = hit.found && z >= 0.0 && z <= 1.0;
    if on_wall {
        let footprint = hit.perp * length(ray) / u.focal.y;
        sample = shade_wall(hit, ray, z, flicker, footprint);
    } else {
        sample = shade_flat(ray, v, flicker);
    }
    let on_floor = !on_wall && v < 0.0;
    let color = finish(sample.color, screen_at(pr.screen));
    return WorldOut(vec4<f32>(color, 1.0), select(-sample.depth, sample.depth, on_floor));
}

// Pass 2, the sprites, over the finished world, far to near, each as two draws: its light, then its
// ink. The tone curve turns added light into a screen blend: 1 - exp(-E (b + a)) is
// T(b) + (1 - T(b)) T(a), so the light draw blends T(a) with (OneMinusDst, One) and is exact on an
// sRGB target (up to a flash in progress). Ink covering a pixel is finished like any surface and
// blended over by its cover, exact where it covers fully.
@group(1) @binding(0) var world_depth: texture_2d<f32>;

fn sprite_at(in: SpriteVsOut) -> SpriteHit {
    let pr = pixel_ray(in.pos.xy);
    let stored = textureLoad(world_depth, vec2<i32>(in.pos.xy), 0).r;
    return sprite_hit(sprites[in.index], abs(stored), pr.ray, pr.v, torch_flicker(), stored > 0.0);
}

@fragment
fn fs_sprite_light(in: SpriteVsOut) -> @location(0) vec4<f32> {
    let hit = sprite_at(in);
    let sc = screen_at(in.pos.xy + u.jolt_px);
    let lit = tone(hit.added * sc.gain) * (1.0 - clamp(u.flash_rgba.a, 0.0, 1.0));
    return vec4<f32>(encode(lit), 0.0);
}

@fragment
fn fs_sprite_ink(in: SpriteVsOut) -> @location(0) vec4<f32> {
    let hit = sprite_at(in);
    let sc = screen_at(in.pos.xy + u.jolt_px);
    return vec4<f32>(finish(hit.ink, sc), hit.cover);
}
