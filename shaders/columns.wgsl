//! Column pass (entry file): one compute invocation per sample of the column table
//! (world/columns.wgsl) casts its ray through the grid and packs the wall it meets, for the world
//! pass to read instead of walking the grid per pixel (`cs_columns`); then one per column lists the
//! runs of columns that meet the same face of the same cell (`cs_runs`), which the world pass draws
//! one instance each.

#include "world/inputs.wgsl"
#include "world/grid.wgsl"
#include "world/columns.wgsl"

@group(0) @binding(9) var<storage, read_write> column_out: array<ColumnHit>;
// The runs (world/inputs.wgsl reads them as `run_list`): the indirect draw's arguments, whose
// instance count the CPU clears before each frame and cs_runs counts, then each run's first and
// last column.
struct RunListOut {
    vertex_count: u32,
    instance_count: atomic<u32>,
    first_vertex: u32,
    first_instance: u32,
    runs: array<vec2<u32>>,
}
@group(0) @binding(12) var<storage, read_write> run_out: RunListOut;

@compute @workgroup_size(64)
fn cs_columns(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= frame.column_count {
        return;
    }
    column_out[id.x] = pack_column(cast_walk(frame.eye, ray_at(column_x(id.x))));
}

// A run starts at a column that meets a wall and whose left neighbour meets another face (or none)
// and lasts while the columns to its right meet the same one. The order runs are listed in does
// not matter: they never overlap.
@compute @workgroup_size(64)
fn cs_runs(@builtin(global_invocation_id) id: vec3<u32>) {
    let first = id.x;
    if first >= frame.column_count {
        return;
    }
    let here = column_out[first].packed;
    if here == COLUMN_NONE || (first > 0u && column_out[first - 1u].packed == here) {
        return;
    }
    var last = first;
    loop {
        if last + 1u >= frame.column_count || column_out[last + 1u].packed != here {
            break;
        }
        last = last + 1u;
    }
    run_out.runs[atomicAdd(&run_out.instance_count, 1u)] = vec2<u32>(first, last);
}
