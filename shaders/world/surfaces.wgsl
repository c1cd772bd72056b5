// What a ray meets and how it is lit: first the one surface a pixel shows (a wall face, the floor,
// the ceiling, the exit pit's shaft or its rim) with its material laid out as a patch
// (world/materials.wgsl) and the torch's geometry; then one material and one torch for it. Returns
// the colour and the depth that the sprite pass tests against.

#include "world/grid.wgsl"
#include "world/depth.wgsl"
#include "world/light.wgsl"
#include "world/materials.wgsl"

// Y-side faces get less light so corners read even when lit head-on.
const Y_SIDE_SHADE: f32 = 0.78;
// The exit pit: hole inset from the cell edge, and the width of the stone rim around it.
const PIT_INSET: f32 = 0.16;
const RIM_WIDTH: f32 = 0.08;
// How fast the pit shaft swallows the light, per cell of depth: only its top lip ever catches light.
const PIT_DARKENING: f32 = 60.0;
// The exit's glow (issue 10): a cold light welling up from the pit, so the exit can be found past
// the torch's reach. It lights the shaft (more the deeper), the kerb and the floor and walls around
// (falling off with EXIT_GLOW_RADIUS from the pit's centre and with height), by its own colour and
// independently of the torch. `turn.exit` is the pit's centre; with no exit it is so far away that
// every term is exactly 0, and it is all arithmetic: no cell is read for it.
const EXIT_LIGHT: vec3<f32> = vec3<f32>(0.30, 0.62, 0.85);
const EXIT_GLOW_RADIUS: f32 = 0.62;
const EXIT_GLOW_FALL: f32 = 2.2;
const EXIT_SHAFT_GLOW: f32 = 1.6;
// Below this the glow is not worth a material where the torch gives nothing.
const EXIT_GLOW_CUT: f32 = 0.004;

// The kind of surface a pixel shows (SURFACE_WALL, _FLOOR or _CEILING from the prelude): a wall
// where the ray's wall spans the pixel's height `z`, else the floor below the horizon, the ceiling
// above.
fn surface_kind(hit: WallHit, v: f32, z: f32) -> u32 {
    if hit.found && z >= 0.0 && z <= 1.0 {
        return SURFACE_WALL;
    }
    return select(SURFACE_CEILING, SURFACE_FLOOR, v < 0.0);
}

// How much of the exit's light reaches point (`p`, height `z`) above the floor (0..1-ish).
fn exit_glow(p: vec2<f32>, z: f32) -> f32 {
    if !EXIT {
        return 0.0;
    }
    let off = p - turn.exit;
    let r2 = dot(off, off) / (EXIT_GLOW_RADIUS * EXIT_GLOW_RADIUS);
    return exp(-r2 - EXIT_GLOW_FALL * max(z, 0.0));
}

// The colour a pixel sees and how far away that is (the depth that sprites will test against).
struct Sample {
    color: vec3<f32>,
    depth: f32,
}

// The surface a pixel shows, decided before anything is shaded.
struct Surface {
    material: Patch,
    // The torch: the distance it travels, the cosine it meets the surface at, and what further
    // scales it (the side shade, the pit's gloom). `reach` is the distance checked against the
    // torch's radius: past it the pixel is black (its material is still run on lavapipe).
    light_dist: f32,
    light_cos: f32,
    light_scale: f32,
    reach: f32,
    depth: f32,
    // The exit's light here (`exit_glow`), in units of EXIT_LIGHT.
    glow: f32,
    // The point (xy, height z) and its normal, for the wall torches; and a torch flame's own
    // glow (rgb) with how much its bracket darkens the stone (a).
    pos: vec3<f32>,
    normal: vec3<f32>,
    flame: vec4<f32>,
    // The floor's tint from the scene (rgb, strength in a): 0 off the floor.
    tint: vec4<f32>,
    // The light field here (`field_at`); 0 where the pipeline has no fields.
    field: vec4<f32>,
}

// The pit's shaft: the ray continued below the floor to the shaft wall it meets, as the point on
// that face (`s` along it, `z` below the floor), which face, and how far the torch travels there.
struct Shaft {
    s: f32,
    depth: f32,
    x_face: bool,
    dist: f32,
}

fn pit_shaft(cell: vec2<i32>, ray: vec2<f32>, v: f32, t_floor: f32) -> Shaft {
    let lo = vec2<f32>(cell) + vec2<f32>(PIT_INSET);
    let hi = vec2<f32>(cell) + vec2<f32>(1.0 - PIT_INSET);
    let bound = select(hi, lo, ray < vec2<f32>(0.0));
    let tx = select((bound.x - frame.eye.x) / ray.x, 1e30, ray.x == 0.0);
    let ty = select((bound.y - frame.eye.y) / ray.y, 1e30, ray.y == 0.0);
    let t_exit = max(min(tx, ty), t_floor);
    let depth = -(EYE_HEIGHT + v * t_exit);
    let p = frame.eye + ray * t_exit;
    let x_face = tx < ty;
    let to_surface = vec3<f32>(ray * t_exit, -depth - EYE_HEIGHT);
    return Shaft(select(p.x, p.y, x_face), depth, x_face, length(to_surface));
}

// Decides what pixel (`ray`, `v`) shows, given the wall `hit`, the word of its cell and the pixel's
// height `z` on it, and on a wall the light field its run carries (`wall_field`).
fn surface_at(hit: WallHit, hit_word: u32, ray: vec2<f32>, v: f32, z: f32, wall_field: vec4<f32>) -> Surface {
    var sf: Surface;
    sf.field = vec4<f32>(0.0);
    // The pipeline shades one kind of surface (SURFACE), so which the pixel shows is known and the
    // code of the other kinds compiles out.
    let on_wall = SURFACE == SURFACE_WALL;
    let looks_down = SURFACE == SURFACE_FLOOR;
    let looks_up = SURFACE == SURFACE_CEILING;
    // Floor (looking down, v < 0) or ceiling (v > 0) at distance t along the ray.
    let t = flat_distance(v);
    let flat_p = frame.eye + ray * t;
    let flat_footprint = t * length(ray) / frame.focal.y;
    let flat_dist = length(vec3<f32>(ray * t, select(-EYE_HEIGHT, 1.0 - EYE_HEIGHT, looks_up)));
    let cell = vec2<i32>(floor(flat_p));
    let local = flat_p - vec2<f32>(cell);
    // Distance from the hole's edge: negative inside the hole.
    let edge = max(abs(local.x - 0.5), abs(local.y - 0.5)) - (0.5 - PIT_INSET);
    let on_exit = EXIT && !on_wall && looks_down && seen_tile(cell_at(cell)) == TILE_EXIT;
    let in_pit = on_exit && edge < 0.0;
    let on_rim = on_exit && !in_pit && edge < RIM_WIDTH;

    // Walls and the pit's shaft are both coursed stone: one layout for whichever it is.
    let wall_p = frame.eye + ray * hit.perp;
    let wall_to = vec3<f32>(ray * hit.perp, z - EYE_HEIGHT);
    let wall_dist = length(wall_to);
    let line = select(hit.cell.y, hit.cell.x, hit.side == 0u);
    let facing = select(select(2, 3, ray.y < 0.0), select(0, 1, ray.x < 0.0), hit.side == 0u);
    let shaft = pit_shaft(cell, ray, v, t);
    let block_s = select(select(wall_p.x, wall_p.y, hit.side == 0u), shaft.s, in_pit);
    let block_z = select(z, -shaft.depth, in_pit);
    let block_face = select(
        vec3<i32>(line, facing, i32(hit.side) + 1),
        vec3<i32>(cell.x * 3 + cell.y, select(4, 5, shaft.x_face), 7),
        in_pit,
    );
    let block_footprint = select(hit.perp * length(ray) / frame.focal.y, flat_footprint * 1.5, in_pit);
    sf.material = stone_blocks(block_s, block_z, block_face, block_footprint, !in_pit);
    if on_wall {
        let normal_part = select(abs(wall_to.y), abs(wall_to.x), hit.side == 0u);
        sf.light_dist = wall_dist;
        sf.light_cos = normal_part / wall_dist;
        sf.light_scale = select(1.0, Y_SIDE_SHADE, hit.side == 1u);
        sf.reach = wall_dist;
        sf.depth = hit.perp;
        sf.glow = exit_glow(wall_p, z);
        let n = select(vec2<f32>(0.0, select(1.0, -1.0, ray.y > 0.0)), vec2<f32>(select(1.0, -1.0, ray.x > 0.0), 0.0), hit.side == 0u);
        sf.pos = vec3<f32>(wall_p, z);
        sf.normal = vec3<f32>(n, 0.0);
        sf.flame = vec4<f32>(0.0);
        sf.tint = vec4<f32>(0.0);
        if FIELDS {
            sf.flame = torch_flame(hit_word, n, select(wall_p.x, wall_p.y, hit.side == 0u), z, 1.0);
            sf.field = wall_field;
        }
        return sf;
    }
    sf.pos = vec3<f32>(flat_p, select(0.0, 1.0, looks_up));
    sf.normal = vec3<f32>(0.0, 0.0, select(1.0, -1.0, looks_up));
    sf.flame = vec4<f32>(0.0);
    sf.tint = vec4<f32>(0.0);
    if FIELDS {
        if looks_down {
            sf.tint = floor_tint(cell);
        }
        sf.field = field_at(flat_p, sf.normal);
    }
    sf.light_dist = flat_dist;
    sf.light_cos = 0.5 / flat_dist;
    sf.light_scale = 1.0;
    sf.reach = flat_dist;
    sf.depth = t;
    sf.glow = exit_glow(flat_p, select(0.0, 1.0, looks_up));
    if in_pit {
        // Darker the deeper it is, so the hole reads as depth rather than a black decal; the rim
        // shades the shaft from the torch: only its very top catches a little light.
        sf.light_dist = shaft.dist;
        sf.light_cos = 0.6;
        sf.light_scale = 0.6 * exp(-PIT_DARKENING * max(shaft.depth, 0.0));
        // The glow wells up from below: the shaft is lit more the deeper it goes.
        sf.glow = EXIT_SHAFT_GLOW * smoothstep(-0.05, 0.5, shaft.depth);
    } else if on_rim {
        sf.material = kerb_stones(cell, local, edge, flat_footprint);
    } else if looks_down {
        sf.material = flagstones(flat_p, flat_footprint);
    } else {
        sf.material = ceiling_stone(flat_p, flat_footprint);
    }
    return sf;
}

// The pixel's colour: one material, one torch and the exit's glow; black past the torch's reach
// unless the glow lights it.
fn shade(sf: Surface, flicker: f32) -> Sample {
    var color = vec3<f32>(0.0);
    // Most frames have no torch in reach (the scene carries only those that can show): their
    // pipeline has the torch code compiled out.
    var torches = vec3<f32>(0.0);
    if FIELDS {
        torches = wall_torches(sf.field, sf.pos.z, sf.normal, flicker) * sf.light_scale;
    }
    let by_torch = max(torches.r, max(torches.g, torches.b)) > EXIT_GLOW_CUT;
    if sf.reach < torch_reach() || sf.glow > EXIT_GLOW_CUT || by_torch {
        let light = torch(sf.light_dist, sf.light_cos, flicker) * sf.light_scale + EXIT_LIGHT * sf.glow + torches;
        var albedo = shade_patch(sf.material);
        if FIELDS {
            // A tinted floor keeps its stone's pattern (its brightness against the plain floor's)
            // in the tint's colour.
            let luma = vec3<f32>(0.3, 0.59, 0.11);
            let pattern = dot(albedo, luma) / max(dot(turn.floor.rgb, luma), 0.01);
            albedo = mix(albedo, sf.tint.rgb * (0.5 * pattern), sf.tint.a);
        }
        color = albedo * light * (1.0 - sf.flame.a);
    }
    return Sample(color + sf.flame.rgb, sf.depth);
}
