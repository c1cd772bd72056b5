// The column table: one DDA per sample column instead of one per pixel (issue 17). A compute pass
// (shaders/columns.wgsl) casts the ray of every sample x and packs the wall it meets; the world pass
// reads it back instead of walking the grid itself. Without warps every pixel of a framebuffer
// column casts the same ray, so a sample per pixel centre gives each pixel exactly the hit its own
// DDA would. Warps bend each pixel's ray on its own, so then the samples lie half a pixel apart
// over the view and a margin either side (src/render/columns.rs) and a pixel meets the wall of the
// samples either side of its ray: a wall cell is far wider than half a pixel's angle at any distance
// a level has, so nothing can hide between two rays that meet the same or neighbouring cells, and
// the pixel's own entry into them is exact. Where the two disagree (a wall's silhouette), the pixel
// walks the grid itself. Lavapipe runs a loop's body once whatever its lanes need and ends it once
// no lane is still in it, and it reads a storage buffer lane by lane even for lanes that are off:
// so the walk's first pass reads the second sample, which every pixel needs, and only the lanes
// near an edge go round again to read the grid (docs/frame-cost.md).

#include "world/inputs.wgsl"
#include "world/grid.wgsl"

// A sample (ColumnHit, world/inputs.wgsl) packs the wall cell offset by one, so the border one
// outside the grid fits, with the side in bits 30..; COLUMN_NONE when the ray met no wall or the
// cell does not fit.
const COLUMN_NONE: u32 = 0xffffffffu;
const COLUMN_CELL_BITS: u32 = 15u;
const COLUMN_CELL_MASK: u32 = 0x7fffu;

// Where sample `i` casts: x0 + i * step (frame.columns), moved with the camera's jolt exactly as a
// pixel is (`frag + pulse.jolt_px` in pixel_ray), so without warps a sample's ray is bit for bit its
// column's.
fn column_x(i: u32) -> f32 {
    return (f32(i) * frame.columns.y + frame.columns.x) + pulse.jolt_px.x;
}

// The ray through (warped) pixel column `x`; every cast of the world goes through here.
fn ray_at(x: f32) -> vec2<f32> {
    return frame.dir + frame.right * ((x - 0.5 * frame.view_size.x) / frame.focal.x);
}

// A ray that meets no wall within the walk may see lit floor past it: it counts as lit.
fn pack_column(walk: Cast) -> ColumnHit {
    let hit = walk.hit;
    let c = hit.cell + vec2<i32>(1);
    let fits = all(c >= vec2<i32>(0)) && all(c < vec2<i32>(i32(COLUMN_CELL_MASK)));
    let packed = u32(c.x) | (u32(c.y) << COLUMN_CELL_BITS) | (hit.side << (2u * COLUMN_CELL_BITS));
    let lit = (walk.crossed & FLAG_LIT) != 0u || !hit.found;
    return ColumnHit(hit.perp, select(COLUMN_NONE, packed, hit.found && fits), u32(lit));
}

// Whether a wall run or floor strip whose samples say `lit` is this pipeline's to draw (SPLIT).
fn drawn_here(lit: bool) -> bool {
    return !SPLIT || lit == FIELDS;
}

fn column_cell(packed: u32) -> vec2<i32> {
    let c = vec2<u32>(packed & COLUMN_CELL_MASK, (packed >> COLUMN_CELL_BITS) & COLUMN_CELL_MASK);
    return vec2<i32>(c) - vec2<i32>(1);
}

// The hit of the sample cast exactly through this pixel's column (no warp: `column` is the
// framebuffer column).
fn column_exact(column: u32) -> WallHit {
    let sample = columns[min(column, frame.column_count - 1u)];
    return unpack_column(sample.packed, sample.perp);
}

// The hit a sample packs, at distance `perp` (1e30 when it met no wall).
fn unpack_column(packed: u32, perp: f32) -> WallHit {
    var hit: WallHit;
    hit.found = packed != COLUMN_NONE;
    hit.cell = column_cell(packed);
    hit.side = packed >> (2u * COLUMN_CELL_BITS);
    hit.perp = select(1e30, perp, hit.found);
    return hit;
}

// Where `ray` enters wall cell `cell` (slab test): x the distance (1e30 if it misses or starts
// inside), y the side as the DDA counts it (0 through an east or west face).
fn cell_entry(cell: vec2<i32>, inv: vec2<f32>) -> vec2<f32> {
    let lo = (vec2<f32>(cell) - frame.eye) * inv;
    let hi = (vec2<f32>(cell) + vec2<f32>(1.0) - frame.eye) * inv;
    let near = min(lo, hi);
    let far = max(lo, hi);
    let t_in = max(near.x, near.y);
    let t_out = min(far.x, far.y);
    let meets = t_in <= t_out && t_in > 0.0;
    return vec2<f32>(select(1e30, t_in, meets), select(1.0, 0.0, near.x > near.y));
}

// The packed wall of sample `i`, and the word holding the wall bit of cell `c` (`walk_words`,
// world/inputs.wgsl); a cell outside the grid or the bits reads word 0 and stops the walk anyway.
fn sample_word(i: u32) -> u32 {
    return WALL_BIT_WORDS + i;
}

fn wall_bit_index(c: vec2<i32>) -> u32 {
    return u32(c.y) * turn.grid_size.x + u32(c.x);
}

fn bit_stops(c: vec2<i32>) -> bool {
    return !inside_grid(c) || wall_bit_index(c) >= WALL_BIT_CELLS;
}

fn bit_word(c: vec2<i32>) -> u32 {
    return select(wall_bit_index(c) >> 5u, 0u, bit_stops(c));
}

// The wall a warped pixel's ray meets: from the samples either side of its column `x`, or its own
// walk at a silhouette (see the top of this file). One loop makes both reads: its first pass reads
// the second sample (every pixel needs it); a pixel whose samples do not settle it goes round again,
// reading the wall bit of each cell its walk enters, step for step as `cast_ray`.
fn column_between(x: f32, ray: vec2<f32>) -> WallHit {
    let f = (x - pulse.jolt_px.x - frame.columns.x) / frame.columns.y;
    let i0 = floor(f);
    let last = frame.column_count - 1u;
    let ia = u32(clamp(i0, 0.0, f32(last)));
    let a = walk_words[sample_word(ia)];
    let ca = column_cell(a);
    let inv = vec2<f32>(1.0) / ray;
    let ea = cell_entry(ca, inv);
    var walk = dda_start(frame.eye, ray);
    var hit = no_wall();
    var steps = 0u;
    loop {
        let word = walk_words[select(sample_word(min(ia + 1u, last)), bit_word(walk.cell), steps > 0u)];
        if steps == 0u {
            let b = word;
            let cb = column_cell(b);
            let apart = abs(ca - cb);
            let eb = cell_entry(cb, inv);
            let first_a = ea.x <= eb.x;
            hit.perp = select(eb.x, ea.x, first_a);
            hit.cell = select(cb, ca, first_a);
            hit.side = u32(select(eb.y, ea.y, first_a));
            hit.found = true;
            // One cell, or two side by side, is a convex block: every ray between two that meet it
            // meets it too, first. A pixel right on a sample casts that sample's own ray.
            let trusted = i0 >= 0.0 && f32(ia) < f32(last) && a != COLUMN_NONE && b != COLUMN_NONE
                && apart.x + apart.y <= 1 && ray.x != 0.0 && ray.y != 0.0 && hit.perp < 1e29;
            if trusted {
                break;
            }
            hit = no_wall();
        } else if bit_stops(walk.cell) || ((word >> (wall_bit_index(walk.cell) & 31u)) & 1u) != 0u {
            hit = dda_hit(walk);
            break;
        }
        if steps >= MAX_STEPS {
            break;
        }
        dda_step(&walk);
        steps = steps + 1u;
    }
    return hit;
}

// The wall the pixel at framebuffer column `column` meets along `ray`, cast through (warped)
// column `x`.
fn wall_hit(column: u32, x: f32, ray: vec2<f32>) -> WallHit {
    if WILD {
        return column_between(x, ray);
    }
    return column_exact(column);
}
