// The column table: one DDA per sample column instead of one per pixel (issue 17). A compute pass
// (shaders/columns.wgsl) casts the ray of every pixel column's centre and packs the wall it meets;
// the world pass reads it back instead of walking the grid itself. Every pixel of a framebuffer
// column casts the same ray (warped frames are drawn unbent and displaced afterwards,
// shaders/warp.wgsl), so the sample gives each pixel exactly the hit its own DDA would.

#include "world/inputs.wgsl"
#include "world/grid.wgsl"

// A sample (ColumnHit, world/inputs.wgsl) packs the wall cell offset by one, so the border one
// outside the grid fits, with the side in bits 30..; COLUMN_NONE when the ray met no wall or the
// cell does not fit.
const COLUMN_NONE: u32 = 0xffffffffu;
const COLUMN_CELL_BITS: u32 = 15u;
const COLUMN_CELL_MASK: u32 = 0x7fffu;

// Where sample `i` casts: x0 + i * step (frame.columns), moved with the camera's jolt exactly as a
// pixel is (`frag + pulse.jolt_px` in pixel_ray), so a sample's ray is bit for bit its column's.
fn column_x(i: u32) -> f32 {
    return (f32(i) * frame.columns.y + frame.columns.x) + pulse.jolt_px.x;
}

// The ray through pixel column `x`; every cast of the world goes through here.
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

// The sample of framebuffer column `column` (the last one past the table's end).
fn column_sample(column: u32) -> ColumnHit {
    return columns[min(column, frame.column_count - 1u)];
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
