// Shading of what a ray meets: a wall face, the floor or ceiling, or the exit pit, each lit by the
// torch; returns the colour and the depth that the sprite pass tests against.

#include "world/grid.wgsl"
#include "world/light.wgsl"
#include "world/materials.wgsl"

// Y-side faces get less light so corners read even when lit head-on.
const Y_SIDE_SHADE: f32 = 0.78;
// The exit pit: hole inset from the cell edge, and the width of the stone rim around it.
const PIT_INSET: f32 = 0.16;
const RIM_WIDTH: f32 = 0.08;
// How fast the pit shaft swallows the light, per cell of depth: only its top lip ever catches light.
const PIT_DARKENING: f32 = 60.0;

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
    let p = frame.eye + ray * hit.perp;
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
    let tx = select((bound.x - frame.eye.x) / ray.x, 1e30, ray.x == 0.0);
    let ty = select((bound.y - frame.eye.y) / ray.y, 1e30, ray.y == 0.0);
    let t_exit = max(min(tx, ty), t_floor);
    let depth = -(EYE_HEIGHT + v * t_exit);
    let p = frame.eye + ray * t_exit;
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
    let p = frame.eye + ray * t;
    let footprint = t * length(ray) / frame.focal.y;
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
