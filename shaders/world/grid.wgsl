// The grid walk: reading the cell words the CPU packed (tile byte and phantom flags, constants from the
// prelude) and the DDA that finds the first wall a ray meets, step for step as src/render/reference.rs.

#include "world/inputs.wgsl"

fn inside_grid(c: vec2<i32>) -> bool {
    let size = vec2<i32>(turn.grid_size);
    return c.x >= 0 && c.y >= 0 && c.x < size.x && c.y < size.y;
}

fn cell_at(c: vec2<i32>) -> u32 {
    if !inside_grid(c) {
        return TILE_WALL;
    }
    return cells[u32(c.y) * turn.grid_size.x + u32(c.x)];
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

// What a ray that meets no wall returns.
fn no_wall() -> WallHit {
    return WallHit(1e30, vec2<i32>(0), 0u, false);
}

fn inv_abs(v: f32) -> f32 {
    return select(abs(1.0 / v), 1e30, v == 0.0);
}

// The state of a DDA walk (Amanatides-Woo) along a ray: the cell it is in, the distances along the
// ray between grid lines and to the next ones, the direction it steps, and which kind of line it
// crossed last (0: a vertical one, an east or west face).
struct Dda {
    cell: vec2<i32>,
    delta: vec2<f32>,
    step: vec2<i32>,
    side_dist: vec2<f32>,
    side: u32,
}

fn dda_start(origin: vec2<f32>, ray: vec2<f32>) -> Dda {
    let cell = vec2<i32>(floor(origin));
    let delta = vec2<f32>(inv_abs(ray.x), inv_abs(ray.y));
    let side_dist = vec2<f32>(
        select(f32(cell.x) + 1.0 - origin.x, origin.x - f32(cell.x), ray.x < 0.0) * delta.x,
        select(f32(cell.y) + 1.0 - origin.y, origin.y - f32(cell.y), ray.y < 0.0) * delta.y,
    );
    let step = vec2<i32>(select(1, -1, ray.x < 0.0), select(1, -1, ray.y < 0.0));
    return Dda(cell, delta, step, side_dist, 0u);
}

// Into the next cell along the ray.
fn dda_step(d: ptr<function, Dda>) {
    if (*d).side_dist.x < (*d).side_dist.y {
        (*d).side_dist.x = (*d).side_dist.x + (*d).delta.x;
        (*d).cell.x = (*d).cell.x + (*d).step.x;
        (*d).side = 0u;
    } else {
        (*d).side_dist.y = (*d).side_dist.y + (*d).delta.y;
        (*d).cell.y = (*d).cell.y + (*d).step.y;
        (*d).side = 1u;
    }
}

// The wall the walk stands in: the cell it entered, through which side, at what distance.
fn dda_hit(d: Dda) -> WallHit {
    let perp = select(d.side_dist.y - d.delta.y, d.side_dist.x - d.delta.x, d.side == 0u);
    return WallHit(perp, d.cell, d.side, true);
}

// A cast, and the flags of every cell word it read OR-ed together (the one it starts in too).
struct Cast {
    hit: WallHit,
    crossed: u32,
}

// Same DDA as reference::cast, step for step.
fn cast_walk(origin: vec2<f32>, ray: vec2<f32>) -> Cast {
    var walk = dda_start(origin, ray);
    var hit = no_wall();
    var crossed = cell_at(walk.cell);
    for (var i = 0u; i < MAX_STEPS; i = i + 1u) {
        dda_step(&walk);
        let word = cell_at(walk.cell);
        crossed = crossed | word;
        if blocks_view(word) {
            hit = dda_hit(walk);
            break;
        }
    }
    return Cast(hit, crossed);
}

// The wall a ray meets (the bare ray-cast's: what it leaves of `cast_walk` unused compiles out).
fn cast_ray(origin: vec2<f32>, ray: vec2<f32>) -> WallHit {
    return cast_walk(origin, ray).hit;
}
