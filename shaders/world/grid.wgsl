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

// Whether the walk reads the wall bits instead of the cell words. Lavapipe reads a storage buffer
// lane by lane, even for lanes that are off, and runs a loop's body once whatever the mask: the read
// in the first step of the silhouette walk, which every pixel of a warped frame so runs, cost about
// a quarter of a bare ray-cast from the buffer, and less from the bits (docs/frame-cost.md). The
// column pass and the bare ray-cast keep the words: the yardstick is a walk through a
// storage-buffer grid (issue 17).
override WALLS_FROM_BITS: bool = false;

// Whether cell `c` stops a ray, phantoms included; outside the grid everything does.
fn stops_ray(c: vec2<i32>) -> bool {
    if !WALLS_FROM_BITS {
        return blocks_view(cell_at(c));
    }
    if !inside_grid(c) {
        return true;
    }
    let i = u32(c.y) * turn.grid_size.x + u32(c.x);
    if i >= WALL_BIT_SLOTS * 128u {
        return true;
    }
    return ((wall_bits[i >> 7u][(i >> 5u) & 3u] >> (i & 31u)) & 1u) != 0u;
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
        if stops_ray(cell) {
            hit.found = true;
            hit.cell = cell;
            hit.side = side;
            hit.perp = select(side_dist.y - delta.y, side_dist.x - delta.x, side == 0u);
            break;
        }
    }
    return hit;
}
