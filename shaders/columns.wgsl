//! Column pass (entry file): one compute invocation per sample of the column table
//! (world/columns.wgsl) casts its ray through the grid and packs the wall it meets, for the world
//! pass to read instead of walking the grid per pixel.

#include "world/inputs.wgsl"
#include "world/grid.wgsl"
#include "world/columns.wgsl"

@group(0) @binding(9) var<storage, read_write> column_out: array<ColumnHit>;

@compute @workgroup_size(64)
fn cs_columns(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= frame.column_count {
        return;
    }
    column_out[id.x] = pack_column(cast_ray(frame.eye, ray_at(column_x(id.x))));
}
