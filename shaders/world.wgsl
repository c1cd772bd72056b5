//! World pass: a fragment shader that ray-casts every pixel (its wall from the column table the column
//! pass cast before it, world/columns.wgsl), then shades walls, floor, ceiling and the exit pit with
//! procedural stone lit by the torch, once per kind of surface (the SURFACE override): walls as runs
//! of columns (`vs_run`), then floor and ceiling (`vs_flat`) behind the depth the walls wrote. Warped
//! frames are drawn the same way, unbent, into a canvas wider than the view (`frame.overscan`), and
//! shaders/warp.wgsl displaces that into the view.
//!
//! Projection (mirrored on the CPU by src/render/camera.rs and reference.rs): the ray of pixel column x
//! is dir + right * (x - W/2) / focal.x; its forward component is 1, so the DDA distance is the
//! perpendicular distance. A pixel row y looks at height z = 0.5 + (H/2 - y) / focal.y * t at distance t,
//! so a wall at distance d covers the rows whose centre has 0 <= z <= 1.
//!
//! Shading is in linear light; the target is sRGB (or the ENCODE_SRGB override asks us to encode).
//!
//! The sprites are drawn over this by the sprite pass (shaders/sprites.wgsl), which reads the depth
//! attachment this pass writes (world/depth.wgsl). Parts shared by both come from shaders/world/ and
//! shaders/common/; the constants shared with Rust come from the generated prelude.

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/grid.wgsl"
#include "world/effects.wgsl"
#include "world/surfaces.wgsl"
#include "world/figures.wgsl"
#include "world/screen.wgsl"
#include "world/depth.wgsl"

// What every pixel of the frame shares, computed once per vertex and handed on flat: the effects'
// clocks and the torch's flicker. A wall run (`vs_run`) adds the wall its pixels meet.
struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) clocks: vec4<f32>,
    @location(1) @interpolate(flat) flicker: f32,
    // The run's wall as the column table packs it, and the word of its cell (world/grid.wgsl).
    @location(2) @interpolate(flat) packed: u32,
    @location(3) @interpolate(flat) word: u32,
    // 1 / perpendicular distance, which is linear across the screen on one flat face.
    @location(4) @interpolate(linear) inv_perp: f32,
    // A wall run's light field (`field_at`) at the texel centres along its face (`face_field`).
    @location(5) @interpolate(flat) field_0: vec4<f32>,
    @location(6) @interpolate(flat) field_1: vec4<f32>,
    @location(7) @interpolate(flat) field_2: vec4<f32>,
    @location(8) @interpolate(flat) field_3: vec4<f32>,
    @location(9) @interpolate(flat) field_4: vec4<f32>,
    @location(10) @interpolate(flat) field_5: vec4<f32>,
    // A floor strip's pools of the nearest sprites' light (`floor_pools`): their centres (xy, zw)
    // and their strengths (`pool_strength`), 0 for a pool the floor does not draw.
    @location(11) @interpolate(flat) pool_centres: vec4<f32>,
    @location(12) @interpolate(flat) pool_0: vec3<f32>,
    @location(13) @interpolate(flat) pool_1: vec3<f32>,
}

// The floor draws the pools of the FLOOR_POOLS (prelude) nearest sprites, one pair of members of
// VsOut each.
const_assert FLOOR_POOLS == 2u;

fn frame_out(pos: vec4<f32>) -> VsOut {
    var out: VsOut;
    out.pos = pos;
    out.clocks = effect_clocks();
    out.flicker = torch_flicker();
    out.packed = COLUMN_NONE;
    out.word = 0u;
    out.inv_perp = 0.0;
    out.field_0 = vec4<f32>(0.0);
    out.field_1 = vec4<f32>(0.0);
    out.field_2 = vec4<f32>(0.0);
    out.field_3 = vec4<f32>(0.0);
    out.field_4 = vec4<f32>(0.0);
    out.field_5 = vec4<f32>(0.0);
    out.pool_centres = vec4<f32>(0.0);
    out.pool_0 = vec3<f32>(0.0);
    out.pool_1 = vec3<f32>(0.0);
    return out;
}

// Where a vertex of a run or strip that another pipeline draws goes: outside the clip volume with
// w = 1, so every rasteriser drops the quad before it divides by w.
const OFF_VIEW: vec4<f32> = vec4<f32>(2.0, 2.0, 2.0, 1.0);

// Framebuffer pixel (x, y) at depth `depth` in clip space (the viewport is the view).
fn clip_at(px: vec2<f32>, depth: f32) -> vec4<f32> {
    return vec4<f32>(px.x / frame.view_size.x * 2.0 - 1.0, 1.0 - px.y / frame.view_size.y * 2.0, depth, 1.0);
}

// The row where a pixel looks level (v = 0): the jolt moves the cast pixel, so the view with it.
fn eye_row() -> f32 {
    return 0.5 * frame.view_size.y - pulse.jolt_px.y;
}

// The rows of a wall's top and bottom at 1 / perp = `ip`: (1 - EYE_HEIGHT) above the eye line and
// EYE_HEIGHT below it, both stretched by `stretch` (breathing) about it (projection:
// src/render/camera.rs). `ip` = 0 (no wall) gives the eye line.
fn wall_rows(ip: f32, stretch: f32) -> vec2<f32> {
    let reach = frame.focal.y * ip * stretch;
    return vec2<f32>(eye_row() - (1.0 - EYE_HEIGHT) * reach, eye_row() + EYE_HEIGHT * reach);
}

// Walls are drawn as runs: the columns whose rays meet the same face of the same wall cell (one
// sample per column in the table), which the column pass lists (cs_runs in
// shaders/columns.wgsl); instance `run` draws the run listed there. On one flat face 1 / perp is
// linear in x, and with it the rows of the wall's top and bottom, so the run is a trapezoid, a
// pixel's distance is interpolated, and no pixel reads the table: a per-pixel storage read is
// dear on lavapipe (docs/frame-cost.md). The quad reaches a pixel past the wall's rows (and
// breathing's stretch); the fragment keeps exactly the pixels its own test calls wall, and its
// vertices carry the depth (world/depth.wgsl) that hides them from floor and ceiling and tells
// the sprites how far the wall is. With fields they also carry the light field along the face
// (`face_field`), so that no wall pixel reads it.
@vertex
fn vs_run(@builtin(vertex_index) i: u32, @builtin(instance_index) run: u32) -> VsOut {
    let column = run_list.runs[run].x;
    let last = run_list.runs[run].y;
    let here = columns[column].packed;
    // 1 / perp at the columns' centres, then at the quad's left and right edges.
    let first_ip = 1.0 / max(columns[column].perp, 1e-4);
    let last_ip = 1.0 / max(columns[last].perp, 1e-4);
    let slope = select(0.0, (last_ip - first_ip) / f32(last - column), last > column);
    let corner = quad_corner(i);
    let right = corner.x > 0.5;
    let ip = select(first_ip - 0.5 * slope, last_ip + 0.5 * slope, right);
    var stretch = 1.0;
    if MILD {
        stretch = 1.0 + BREATH_SWELL * turn.breathing;
    }
    let rows = wall_rows(ip, stretch) + vec2<f32>(-1.0, 1.0);
    let x = select(f32(column), f32(last + 1u), right);
    var out = frame_out(clip_at(vec2<f32>(x, mix(rows.x, rows.y, corner.y)), wall_depth(ip)));
    // Every column of a run looks at the face across the same open cell, so if its light can show,
    // both ends' samples crossed a lit cell.
    if !drawn_here(columns[column].lit != 0u || columns[last].lit != 0u) {
        out.pos = OFF_VIEW;
    }
    out.packed = here;
    out.word = cell_at(column_cell(here));
    out.inv_perp = ip;
    if FIELDS {
        let hit = unpack_column(here, 1.0);
        let ray = ray_at(f32(column) + 0.5 + pulse.jolt_px.x);
        out.field_0 = face_field(hit, ray, 0u);
        out.field_1 = face_field(hit, ray, 1u);
        out.field_2 = face_field(hit, ray, 2u);
        out.field_3 = face_field(hit, ray, 3u);
        out.field_4 = face_field(hit, ray, 4u);
        out.field_5 = face_field(hit, ray, 5u);
    }
    return out;
}

// The light field a wall reads lies on one row of texels (half a texel in front of the face), so
// along the face it is linear between the texel centres: one face needs the values at its
// FIELD_TEXELS centres and the one past each end. `face_field(hit, ray, k)` is the kth, k = 0 the
// one before the face's start; `ray` is one that meets the face.
fn face_field(hit: WallHit, ray: vec2<f32>, k: u32) -> vec4<f32> {
    let x_face = hit.side == 0u;
    let across = select(ray.y, ray.x, x_face);
    let toward = select(-1.0, 1.0, across < 0.0);
    let s = f32(select(hit.cell.x, hit.cell.y, x_face)) + (f32(k) - 0.5) / f32(FIELD_TEXELS);
    let face = f32(select(hit.cell.y, hit.cell.x, x_face)) + select(0.0, 1.0, across < 0.0);
    let p = select(vec2<f32>(s, face), vec2<f32>(face, s), x_face);
    let n = select(vec3<f32>(0.0, toward, 0.0), vec3<f32>(toward, 0.0, 0.0), x_face);
    return field_at(p, n);
}

// The light field at `along` cells along a wall face from its start, between the values a run
// carries (`face_field`): the filtered read it replaces, without the read.
fn wall_field(in: VsOut, along: f32) -> vec4<f32> {
    let u = clamp(along * f32(FIELD_TEXELS) + 0.5, 0.0, f32(FIELD_TEXELS) + 0.999);
    let k = floor(u);
    var lo = in.field_0;
    var hi = in.field_1;
    lo = select(lo, in.field_1, k >= 1.0);
    hi = select(hi, in.field_2, k >= 1.0);
    lo = select(lo, in.field_2, k >= 2.0);
    hi = select(hi, in.field_3, k >= 2.0);
    lo = select(lo, in.field_3, k >= 3.0);
    hi = select(hi, in.field_4, k >= 3.0);
    lo = select(lo, in.field_4, k >= 4.0);
    hi = select(hi, in.field_5, k >= 4.0);
    return mix(lo, hi, u - k);
}

// Floor and ceiling, drawn after the walls, whose depth hides the pixels they cover:
// the view cut into STRIP_WIDTH-pixel strips, each with a quad over the rows below (or above) the
// nearest wall bottom (top) of its columns and a pixel past it, so few hidden pixels are even
// rasterised.
@vertex
fn vs_flat(@builtin(vertex_index) i: u32, @builtin(instance_index) strip: u32) -> VsOut {
    let h = frame.view_size.y;
    let first = strip * STRIP_WIDTH;
    let end = min(first + STRIP_WIDTH, frame.column_count);
    var floor_start = h;
    var ceiling_end = 0.0;
    // The floor and ceiling a column shows lie over the cells its ray crosses before its wall.
    var lit = false;
    for (var c = first; c < end; c = c + 1u) {
        let sample = column_sample(c);
        lit = lit || sample.lit != 0u;
        let hit = unpack_column(sample.packed, sample.perp);
        // No wall: the floor starts at the eye line, the ceiling ends there.
        let wall = wall_rows(select(0.0, 1.0 / max(hit.perp, 1e-4), hit.found), 1.0);
        floor_start = min(floor_start, wall.y);
        ceiling_end = max(ceiling_end, wall.x);
    }
    var rows = vec2<f32>(floor_start - 1.0, h);
    if SURFACE == SURFACE_CEILING {
        rows = vec2<f32>(0.0, ceiling_end + 1.0);
    }
    rows = clamp(rows, vec2<f32>(0.0), vec2<f32>(h));
    let corner = quad_corner(i);
    let x = mix(f32(first), f32(end), corner.x);
    if !drawn_here(lit) {
        return frame_out(OFF_VIEW);
    }
    var out = frame_out(clip_at(vec2<f32>(x, mix(rows.x, rows.y, corner.y)), FLAT_DEPTH));
    if SURFACE == SURFACE_FLOOR {
        let near = floor_pool(0u, out.flicker);
        let next = floor_pool(1u, out.flicker);
        out.pool_centres = vec4<f32>(near.centre, next.centre);
        out.pool_0 = near.strength;
        out.pool_1 = next.strength;
    }
    return out;
}

// The pools of light of the turn.floor_pools nearest sprites are drawn by the floor itself: a
// near sprite's pool covers much of the floor, and as a pass of its own it read the depth, toned
// and blended each of those pixels again (docs/frame-cost.md). The sprites are listed far to near,
// so they are the last ones; the sprite pass leaves their pools out (src/render/world/pass.rs).
struct FloorPool {
    centre: vec2<f32>,
    strength: vec3<f32>,
}

// The `k`th nearest sprite's pool, or one of no strength when the floor does not draw it or the
// sprite is not drawn.
fn floor_pool(k: u32, flicker: f32) -> FloorPool {
    if k >= turn.floor_pools {
        return FloorPool(vec2<f32>(0.0), vec3<f32>(0.0));
    }
    let s = sprites[turn.sprite_count - 1u - k];
    let look = sprite_look(s, flicker);
    let centre = sprite_point(s);
    let shown = look.a > 0.0 && sprite_in_front(centre);
    let strength = pool_strength(look.rgb, s.color.a * look.a, s.height);
    return FloorPool(centre, select(vec3<f32>(0.0), strength, shown));
}

// The light the floor drawn pools add at floor point `floor_p`.
fn floor_pools(in: VsOut, floor_p: vec2<f32>) -> vec3<f32> {
    let near = pool_light(in.pool_centres.xy, in.pool_0, floor_p);
    return near + pool_light(in.pool_centres.zw, in.pool_1, floor_p);
}

// The wall pixel `in` meets: its run's where walls are drawn; none where floor and ceiling are
// (the walls' depth took their pixels).
fn pixel_wall(in: VsOut) -> WallHit {
    if SURFACE == SURFACE_WALL {
        return unpack_column(in.packed, 1.0 / in.inv_perp);
    }
    return unpack_column(COLUMN_NONE, 0.0);
}

// The draft above the exit pit: a faint column of its cold light (EXIT_LIGHT, world/surfaces.wgsl)
// rising from the hole and fading with height, seen where the ray passes the pit's axis in front of
// the surface it meets (`depth` along it). A few lines of arithmetic; 0 when there is no exit.
const DRAFT: f32 = 0.24;
const DRAFT_WIDTH: f32 = 0.3;
const DRAFT_FALL: f32 = 1.1;

fn exit_draft(ray: vec2<f32>, v: f32, depth: f32) -> vec3<f32> {
    if !EXIT {
        return vec3<f32>(0.0);
    }
    let tc = dot(turn.exit - frame.eye, ray) / dot(ray, ray);
    let off = frame.eye + ray * tc - turn.exit;
    let z = EYE_HEIGHT + v * tc;
    let in_front = select(0.0, 1.0, tc > 0.05 && tc < depth && z > -0.2);
    let wisp = 0.8 + 0.2 * sin(9.0 * z - 1.7 * frame.time);
    let across = dot(off, off) / (DRAFT_WIDTH * DRAFT_WIDTH);
    return EXIT_LIGHT * (DRAFT * in_front * wisp * exp(-across - DRAFT_FALL * max(z, 0.0)));
}

// The finished pixel of this pipeline's kind of surface (SURFACE): its depth comes from the
// vertices (walls) or is left as it is (floor and ceiling), so no pixel writes one and the early
// depth test keeps its skip.
@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let pr = pixel_ray(in.pos.xy);
    let ray = pr.ray;
    let v = pr.v;
    let flicker = in.flicker;
    let hit = pixel_wall(in);
    var z = EYE_HEIGHT + v * hit.perp;
    if MILD {
        if hit.found && turn.breathing > 0.0 {
            z = breathe(hit, ray, z);
        }
    }
    if surface_kind(hit, v, z) != SURFACE {
        discard;
    }
    // The run's vertices read its wall cell's word; only a wall's torches use it.
    var field = vec4<f32>(0.0);
    if SURFACE == SURFACE_WALL && FIELDS {
        let p = frame.eye + ray * hit.perp;
        field = wall_field(in, select(p.x - f32(hit.cell.x), p.y - f32(hit.cell.y), hit.side == 0u));
    }
    let sample = shade(surface_at(hit, in.word, ray, v, z, field), flicker);
    var lit = sample.color + exit_draft(ray, v, sample.depth);
    if SURFACE == SURFACE_FLOOR {
        lit = lit + floor_pools(in, frame.eye + ray * sample.depth);
    }
    return vec4<f32>(finish(lit, screen_at(pr.screen, in.clocks)), 1.0);
}
