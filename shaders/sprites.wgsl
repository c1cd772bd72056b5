//! Sprite pass (entry file): entities are pixel-font sprites from a storage buffer
//! (src/render/sprites.rs), drawn after the world pass, far to near: per sprite a quad over the floor
//! its pool of light can reach (but for the nearest few, whose pools the floor draws itself:
//! `floor_pools` in world.wgsl), one over its halo and one over its glyph (`vs_sprite_pool`/
//! `fs_sprite_pool`, `vs_sprite_halo`/`fs_sprite_halo`, `vs_sprite_ink`/`fs_sprite_ink`): a near
//! sprite's pool covers much of the floor and its halo little of it, so neither pays for the other
//! over the other's pixels, nor for the empty corners of a box around both. Each pixel meets the
//! sprite's camera-facing plane and tests it against the depth of the wall or floor seen there,
//! which the world pass left in its depth attachment (world/depth.wgsl). So a sprite costs only the
//! pixels its quads cover.
//!
//! The tone curve turns added light into a screen blend: 1 - exp(-E (b + a)) is
//! T(b) + (1 - T(b)) T(a), so each light draw blends T(a) with (OneMinusDst, One) and is exact on an
//! sRGB target (up to a flash in progress), the pool and the halo one after the other as well. Ink
//! covering a pixel is finished like any surface and blended over by its cover, exact where it
//! covers fully.

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/figures.wgsl"
#include "world/screen.wgsl"
#include "world/depth.wgsl"

// For tests only: every sprite quad covers the whole view, the slow path that the fitted quads must
// match pixel for pixel (`Renderer::set_sprite_quads_cover_view`). A pipeline constant, so the
// production uniforms carry nothing for it.
override QUADS_COVER_VIEW: bool = false;


// Sprites glow in their colour: a halo on their own plane, and a pool of light on the floor around
// their feet (world/figures.wgsl, which also places and lights them).
const SPRITE_INK_GAIN: f32 = 1.35;
const SPRITE_HALO: f32 = 0.16;
// Where the halo is cut off (font pixels from the glyph's centre), chosen where it falls below a
// step of an 8-bit target, so the cut never shows; the sprite quads hold it.
const HALO_REACH: f32 = 6.0;

// The parts of a sprite, each drawn by its own quad and pipeline.
const PART_POOL: u32 = 0u;
const PART_HALO: u32 = 1u;
const PART_INK: u32 = 2u;

// What `part` of sprite `s` does to a pixel whose ray is (`ray`, `v`) and whose surface lies `depth`
// along it: light it adds (the pool on floor pixels, the halo in front of the surface), or ink that
// covers by `cover`. In one pass that would be (base + added) * (1 - cover) + ink * cover. Every
// call passes `part` as a literal, so the compiler keeps only that part's code.
struct SpriteHit {
    added: vec3<f32>,
    ink: vec3<f32>,
    cover: f32,
}

// Where the glyph's outline ends: the bilinear shape falls from 1/2 at the ink's edge to this
// about 0.2 font pixels further out; the outline's shade of the ink colour.
const OUTLINE_CUT: f32 = 0.3;
const OUTLINE_SHADE: f32 = 0.06;

// Font pixel (`col`, `row`) of a packed glyph (`SpriteRaw::rows`): 1 set, 0 clear or outside.
fn glyph_bit(rows: vec2<u32>, col: i32, row: i32) -> f32 {
    if col < 0 || row < 0 || col >= i32(GLYPH_W) || row >= i32(GLYPH_H) {
        return 0.0;
    }
    let bits = (rows[u32(row) / 4u] >> (8u * (u32(row) % 4u))) & 0xffu;
    return f32((bits >> (GLYPH_W - 1u - u32(col))) & 1u);
}

// The glyph bitmap read bilinearly at `g` (font pixels from its top-left): 1 inside a stroke, 1/2
// on its edge, 0 a font pixel away from any ink.
fn glyph_shape(rows: vec2<u32>, g: vec2<f32>) -> f32 {
    let c = g - 0.5;
    let i = vec2<i32>(floor(c));
    let f = c - floor(c);
    let top = mix(glyph_bit(rows, i.x, i.y), glyph_bit(rows, i.x + 1, i.y), f.x);
    let bottom = mix(glyph_bit(rows, i.x, i.y + 1), glyph_bit(rows, i.x + 1, i.y + 1), f.x);
    return mix(top, bottom, f.y);
}

// Where sprite `s` stands this frame and what its pixels read of it, worked out once per vertex:
// a software rasteriser would otherwise fetch the sprite from its buffer for every pixel.
struct SpritePlace {
    // Its point on the floor (xy), the side of one font pixel (z) and the height of its feet (w).
    at: vec4<f32>,
    // Its glow (SpriteRaw::color.a), shimmer and height.
    glow_shimmer_height: vec3<f32>,
    // Its seed and its packed glyph rows.
    seed_rows: vec3<u32>,
}

fn sprite_place(s: SpriteRaw) -> SpritePlace {
    let p = sprite_point(s);
    return SpritePlace(
        vec4<f32>(p, sprite_fp(s, p), sprite_feet(s)),
        vec3<f32>(s.color.a, s.shimmer, s.height),
        vec3<u32>(s.seed, s.rows),
    );
}

fn sprite_hit(
    part: u32,
    s: SpritePlace,
    look: vec4<f32>,
    depth: f32,
    ray: vec2<f32>,
    v: f32,
    on_floor: bool,
) -> SpriteHit {
    let none = SpriteHit(vec3<f32>(0.0), vec3<f32>(0.0), 0.0);
    let alpha = look.a;
    if alpha <= 0.0 {
        return none;
    }
    let p = s.at.xy;
    let rel = p - frame.eye;
    let d = dot(rel, frame.dir);
    let fwd = dot(ray, frame.dir);
    if d < SPRITE_NEAR || fwd <= 0.0 {
        return none;
    }
    let fp = s.at.z;
    let feet = s.at.w;
    let shimmer = s.glow_shimmer_height.y;
    let seed = s.seed_rows.x;
    let tint = look.rgb;
    let glow = s.glow_shimmer_height.x * alpha;
    if part == PART_POOL {
        if !on_floor {
            return none;
        }
        let floor_p = frame.eye + ray * flat_distance(v);
        let strength = pool_strength(tint, glow, s.glow_shimmer_height.z);
        return SpriteHit(pool_light(p, strength, floor_p), vec3<f32>(0.0), 0.0);
    }
    let t = d / fwd;
    if t >= depth {
        return none;
    }
    // Where the ray crosses the sprite's plane, in font pixels from the glyph's top-left.
    let x = dot(ray, frame.right) * t - dot(rel, frame.right);
    let z = EYE_HEIGHT + v * t;
    var gx = x / fp + 2.5;
    let gy = (feet + 7.0 * fp - z) / fp;
    if part == PART_HALO {
        let q = vec2<f32>((gx - 2.5) / 4.5, (gy - 3.5) / 5.5);
        if abs(gx - 2.5) > HALO_REACH || gy < -3.0 || gy > 10.0 {
            return none;
        }
        return SpriteHit(tint * (SPRITE_HALO * glow * exp(-3.0 * dot(q, q))), vec3<f32>(0.0), 0.0);
    }
    var ink_alpha = alpha;
    var ink = tint * SPRITE_INK_GAIN;
    if shimmer > 0.0 {
        // A hallucination's tell: rows slide against each other, the glyph wavers and blushes
        // violet. Scaled by `shimmer`, so 0 is indistinguishable from a real enemy.
        let row = floor(gy);
        let phase = f32(seed & 255u) * 0.1;
        gx = gx + shimmer * 0.45 * sin(row * 1.9 + frame.time * 11.0 + phase);
        ink_alpha = ink_alpha * (1.0 - shimmer * 0.35 * (0.5 + 0.5 * sin(frame.time * 7.0 + row * 0.8 + phase)));
        ink = mix(ink, ink.rrr * vec3<f32>(0.8, 0.25, 1.0), 0.25 * shimmer);
    }
    // The glyph as a smooth shape: its bitmap read bilinearly between font-pixel centres and cut
    // at one half, so strokes keep their width, corners round and diagonals run straight instead
    // of stepping in squares; the cut is as soft as one screen pixel (`px`, in font pixels), so a
    // near glyph's edges are anti-aliased. A dark rim just outside the cut outlines it against the
    // wall behind.
    let px = t / (frame.focal.y * fp);
    let shape = glyph_shape(s.seed_rows.yz, vec2<f32>(gx, gy));
    let soft = clamp(0.5 * px, 0.02, OUTLINE_CUT - 0.05);
    let body = smoothstep(0.5 - soft, 0.5 + soft, shape);
    let rim = smoothstep(OUTLINE_CUT - soft, OUTLINE_CUT + soft, shape);
    ink = mix(ink * OUTLINE_SHADE, ink, body / max(rim, 1e-4));
    let cover = rim * ink_alpha;
    return SpriteHit(vec3<f32>(0.0), ink, cover);
}

// The framebuffer rectangle (x0, y0, x1, y1) that sprite `i` can touch this frame; empty (x1 <= x0)
// when it is not drawn. Glyph and halo lie on the sprite's camera-facing plane, so their rectangle
// there is projected at the sprite's own depth; the light pool lies on the floor, so its square
// around the feet is projected corner by corner. A box in depth
// around the sprite would do as well, but its near face, a fraction of a cell from the eye for a
// sprite in the next cell, made every near sprite's quads cover the view (docs/frame-cost.md).
fn sprite_rect(i: u32, part: u32) -> vec4<f32> {
    let none = vec4<f32>(0.0);
    if QUADS_COVER_VIEW {
        return vec4<f32>(vec2<f32>(0.0), frame.view_size);
    }
    let s = sprites[i];
    if sprite_alpha(s) <= 0.0 {
        return none;
    }
    let p = sprite_point(s);
    let rel = p - frame.eye;
    let depth = dot(rel, frame.dir);
    if depth < SPRITE_NEAR {
        return none;
    }
    let fp = sprite_fp(s, p);
    let feet = sprite_feet(s);
    // On the sprite's plane (font pixels, `sprite_hit`): the halo reaches HALO_REACH either side of
    // the glyph's centre and from gy = -3 to 10; the glyph's bitmap read bilinearly is 0 unless
    // -0.5 < gx < GLYPH_W + 0.5 and -0.5 < gy < GLYPH_H + 0.5, and the shimmer slides it by less
    // than half a font pixel.
    var half_width = HALO_REACH * fp;
    var bottom = feet - 3.0 * fp;
    var top = feet + 10.0 * fp;
    if part == PART_INK {
        half_width = 4.5 * fp;
        bottom = feet - 2.0 * fp;
        top = feet + 8.0 * fp;
    }
    let across = dot(rel, frame.right);
    var lo = plane_pixel(across - half_width, top, depth);
    var hi = plane_pixel(across + half_width, bottom, depth);
    if part == PART_POOL {
        lo = frame.view_size;
        hi = vec2<f32>(0.0);
        let reach = POOL_REACH * SPRITE_POOL_RADIUS;
        var behind = false;
        for (var k = 0u; k < 4u; k = k + 1u) {
            // A square about the feet square to the view: its near corners are only `reach` nearer.
            let sides = vec2<f32>(select(-1.0, 1.0, (k & 1u) != 0u), select(-1.0, 1.0, (k & 2u) != 0u));
            let corner = rel + reach * (sides.x * frame.right + sides.y * frame.dir);
            let corner_depth = dot(corner, frame.dir);
            if corner_depth < 0.05 {
                behind = true;
            } else {
                let q = plane_pixel(dot(corner, frame.right), 0.0, corner_depth);
                lo = min(lo, q);
                hi = max(hi, q);
            }
        }
        if behind {
            // The pool reaches past the eye: it can light any part of the floor in view.
            lo = vec2<f32>(0.0);
            hi = frame.view_size;
        }
    }
    // A pixel more for the bilinear glyph's rounding; no warp moves a pixel in this pass (warped
    // frames displace the finished canvas afterwards, shaders/warp.wgsl).
    let margin = 1.0;
    lo = clamp(lo - margin - pulse.jolt_px, vec2<f32>(0.0), frame.view_size);
    hi = clamp(hi + margin - pulse.jolt_px, vec2<f32>(0.0), frame.view_size);
    return vec4<f32>(lo, hi);
}

// The unwarped, unjolted pixel where a point `across` to the right of the eye's line, at height
// `z` and `depth` ahead, is seen (src/render/camera.rs).
fn plane_pixel(across: f32, z: f32, depth: f32) -> vec2<f32> {
    return 0.5 * frame.view_size + vec2<f32>(across * frame.focal.x, (EYE_HEIGHT - z) * frame.focal.y) / depth;
}

// What all of a sprite's pixels share, worked out once per vertex: where it stands
// (`sprite_place`), its look (`sprite_look`) and the effects' clocks (`effect_clocks`).
struct SpriteVsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) at: vec4<f32>,
    @location(1) @interpolate(flat) look: vec4<f32>,
    @location(2) @interpolate(flat) clocks: vec4<f32>,
    @location(3) @interpolate(flat) glow_shimmer_height: vec3<f32>,
    @location(4) @interpolate(flat) seed_rows: vec3<u32>,
}


// One quad per sprite (the instance), two triangles, over `sprite_rect`.
fn sprite_quad(v: u32, i: u32, part: u32) -> SpriteVsOut {
    let rect = sprite_rect(i, part);
    let f = mix(rect.xy, rect.zw, quad_corner(v));
    var out: SpriteVsOut;
    out.pos = vec4<f32>(2.0 * f.x / frame.view_size.x - 1.0, 1.0 - 2.0 * f.y / frame.view_size.y, 0.0, 1.0);
    let s = sprites[i];
    let place = sprite_place(s);
    out.at = place.at;
    out.glow_shimmer_height = place.glow_shimmer_height;
    out.seed_rows = place.seed_rows;
    out.look = sprite_look(s, torch_flicker());
    out.clocks = effect_clocks();
    return out;
}

@vertex
fn vs_sprite_pool(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> SpriteVsOut {
    return sprite_quad(v, i, PART_POOL);
}

@vertex
fn vs_sprite_halo(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> SpriteVsOut {
    return sprite_quad(v, i, PART_HALO);
}

@vertex
fn vs_sprite_ink(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> SpriteVsOut {
    return sprite_quad(v, i, PART_INK);
}

// The world pass's depth attachment (world/depth.wgsl): a wall's 1 / distance, or no wall.
@group(1) @binding(0) var world_depth: texture_depth_2d;

fn sprite_at(part: u32, in: SpriteVsOut) -> SpriteHit {
    let pr = pixel_ray(in.pos.xy);
    let stored = textureLoad(world_depth, vec2<i32>(in.pos.xy), 0);
    let on_wall = stored_shows_wall(stored);
    let depth = select(flat_distance(pr.v), stored_wall_perp(stored), on_wall);
    let place = SpritePlace(in.at, in.glow_shimmer_height, in.seed_rows);
    return sprite_hit(part, place, in.look, depth, pr.ray, pr.v, !on_wall && pr.v < 0.0);
}

// Light `part` adds, through the screen effects and the tone curve, for the screen blend.
fn sprite_light(part: u32, in: SpriteVsOut) -> vec4<f32> {
    let hit = sprite_at(part, in);
    let sc = screen_at(screen_of(in.pos.xy), in.clocks);
    let lit = tone(hit.added * sc.gain) * (1.0 - flash_share());
    return vec4<f32>(encode(lit), 0.0);
}

@fragment
fn fs_sprite_pool(in: SpriteVsOut) -> @location(0) vec4<f32> {
    return sprite_light(PART_POOL, in);
}

@fragment
fn fs_sprite_halo(in: SpriteVsOut) -> @location(0) vec4<f32> {
    return sprite_light(PART_HALO, in);
}

@fragment
fn fs_sprite_ink(in: SpriteVsOut) -> @location(0) vec4<f32> {
    let hit = sprite_at(PART_INK, in);
    let sc = screen_at(screen_of(in.pos.xy), in.clocks);
    return vec4<f32>(finish(hit.ink, sc), hit.cover);
}
