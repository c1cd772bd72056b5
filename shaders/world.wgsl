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
}

fn frame_out(pos: vec4<f32>) -> VsOut {
    var out: VsOut;
    out.pos = pos;
    out.clocks = effect_clocks();
    out.flicker = torch_flicker();
    out.packed = COLUMN_NONE;
    out.word = 0u;
    out.inv_perp = 0.0;
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
// the sprites how far the wall is.
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
    return out;
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
    return frame_out(clip_at(vec2<f32>(x, mix(rows.x, rows.y, corner.y)), FLAT_DEPTH));
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
    let sample = shade(surface_at(hit, in.word, ray, v, z), flicker);
    let lit = sample.color + exit_draft(ray, v, sample.depth);
    return vec4<f32>(finish(lit, screen_at(pr.screen, in.clocks)), 1.0);
}
