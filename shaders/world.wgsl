//! World pass: a fragment shader that ray-casts every pixel (its wall from the column table the column
//! pass cast before it, world/columns.wgsl), then shades walls, floor, ceiling and the exit pit with
//! procedural stone lit by the torch. Warped frames draw it as one full-screen triangle (`vs_main`);
//! the rest once per kind of surface over strips (`vs_strip`, the SURFACE override).
//!
//! Projection (mirrored on the CPU by src/render/camera.rs and reference.rs): the ray of pixel column x
//! is dir + right * (x - W/2) / focal.x; its forward component is 1, so the DDA distance is the
//! perpendicular distance. A pixel row y looks at height z = 0.5 + (H/2 - y) / focal.y * t at distance t,
//! so a wall at distance d covers the rows whose centre has 0 <= z <= 1.
//!
//! Shading is in linear light; the target is sRGB (or the ENCODE_SRGB override asks us to encode).
//!
//! The sprites are drawn over this by the sprite pass (shaders/sprites.wgsl), which reads the depth
//! this pass writes beside the colour. Parts shared by both come from shaders/world/ and
//! shaders/common/; the constants shared with Rust come from the generated prelude.

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/grid.wgsl"
#include "world/effects.wgsl"
#include "world/surfaces.wgsl"
#include "world/screen.wgsl"

// What every pixel of the frame shares, computed once per vertex and handed on flat: the effects'
// clocks and the torch's flicker.
struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) clocks: vec4<f32>,
    @location(1) @interpolate(flat) flicker: f32,
}

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    var out: VsOut;
    out.pos = fullscreen_triangle(i);
    out.clocks = effect_clocks();
    out.flicker = torch_flicker();
    return out;
}

// Frames without warps shade each kind of surface with its own pipeline (SURFACE), each over the
// rows its kind can cover: the view cut into STRIP_WIDTH-pixel strips, each with a quad over the
// rows where its columns' walls (from the column table), their ceilings or their floors lie, with
// a pixel to spare either way. A pixel under two quads (where a wall's top slants across a strip)
// is kept by the pipeline of its own kind and discarded by the other, so every pixel is shaded by
// exactly the pipeline of its kind, as the full-screen pass would.
@vertex
fn vs_strip(@builtin(vertex_index) i: u32, @builtin(instance_index) strip: u32) -> VsOut {
    let h = frame.view_size.y;
    let horizon = 0.5 * h;
    let first = strip * STRIP_WIDTH;
    let end = min(first + STRIP_WIDTH, u32(frame.view_size.x));
    // Breathing stretches a wall about the eye line by up to this much.
    var stretch = 1.0;
    if MILD {
        stretch = 1.0 + BREATH_SWELL * turn.breathing;
    }
    var wall = vec2<f32>(h, 0.0);
    var ceiling_end = 0.0;
    var floor_start = h;
    for (var c = first; c < end; c = c + 1u) {
        let hit = column_exact(c);
        // The rows of the wall: up to (1 - EYE_HEIGHT) above the eye and EYE_HEIGHT below it, at
        // perpendicular distance perp (projection: src/render/camera.rs).
        let up = select(0.0, frame.focal.y * (1.0 - EYE_HEIGHT) / hit.perp, hit.found);
        let down = select(0.0, frame.focal.y * EYE_HEIGHT / hit.perp, hit.found);
        if hit.found {
            wall = vec2<f32>(min(wall.x, horizon - up * stretch), max(wall.y, horizon + down * stretch));
        }
        ceiling_end = max(ceiling_end, horizon - up);
        floor_start = min(floor_start, horizon + down);
    }
    var rows = vec2<f32>(floor_start - 1.0, h);
    if SURFACE == SURFACE_WALL {
        rows = vec2<f32>(wall.x - 1.0, wall.y + 1.0);
    }
    if SURFACE == SURFACE_CEILING {
        rows = vec2<f32>(0.0, ceiling_end + 1.0);
    }
    rows = clamp(rows, vec2<f32>(0.0), vec2<f32>(h));
    rows.y = max(rows.y, rows.x);
    let corner = quad_corner(i);
    let px = vec2<f32>(mix(f32(first), f32(end), corner.x), mix(rows.x, rows.y, corner.y));
    var out: VsOut;
    out.pos = vec4<f32>(px.x / frame.view_size.x * 2.0 - 1.0, 1.0 - px.y / h * 2.0, 0.0, 1.0);
    out.clocks = effect_clocks();
    out.flicker = torch_flicker();
    return out;
}

// Pass 1, the world: the finished pixel, and how far along its ray the surface is (negated unless
// it is floor, where sprites cast their light pools) for the sprites to test against.
struct WorldOut {
    @location(0) color: vec4<f32>,
    @location(1) depth: f32,
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

@fragment
fn fs_main(in: VsOut) -> WorldOut {
    let pr = pixel_ray(in.pos.xy, in.clocks);
    let ray = pr.ray;
    let v = pr.v;
    let flicker = in.flicker;
    let hit = wall_hit(u32(in.pos.x), pr.x, ray);
    var z = EYE_HEIGHT + v * hit.perp;
    if MILD {
        if hit.found && turn.breathing > 0.0 {
            z = breathe(hit, ray, z);
        }
    }
    let kind = surface_kind(hit, v, z);
    if SURFACE != SURFACE_ANY && kind != SURFACE {
        discard;
    }
    let sample = shade(surface_at(hit, ray, v, z), flicker);
    let on_floor = select(kind == SURFACE_FLOOR, SURFACE == SURFACE_FLOOR, SURFACE != SURFACE_ANY);
    let lit = sample.color + exit_draft(ray, v, sample.depth);
    let color = finish(lit, screen_at(pr.screen, in.clocks));
    return WorldOut(vec4<f32>(color, 1.0), select(-sample.depth, sample.depth, on_floor));
}
