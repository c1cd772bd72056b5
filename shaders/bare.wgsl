//! Bare ray-cast (entry file), the yardstick `--bench` divides by: a full-screen triangle whose
//! fragment shader walks the same grid with the same DDA as the world pass (world/grid.wgsl) and
//! shades flat by distance: no materials, torch, effects, sprites or HUD. It reads the world pass's
//! bindings, so both cast through the same grid and camera.

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/grid.wgsl"

struct VsOut {
    @builtin(position) pos: vec4<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    var out: VsOut;
    out.pos = fullscreen_triangle(i);
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let px = in.pos.xy;
    let ray = frame.dir + frame.right * ((px.x - 0.5 * frame.view_size.x) / frame.focal.x);
    let v = (0.5 * frame.view_size.y - px.y) / frame.focal.y;
    let hit = cast_ray(frame.eye, ray);
    let z = EYE_HEIGHT + v * hit.perp;
    let on_wall = hit.found && z >= 0.0 && z <= 1.0;
    // Floor or ceiling lie 0.5 above or below the eye: distance 0.5 / |v| along the ray.
    let t = select(0.5 / abs(v), hit.perp, on_wall);
    let base = select(vec3<f32>(0.2, 0.22, 0.26), vec3<f32>(0.45, 0.4, 0.35), on_wall);
    return vec4<f32>(base / (1.0 + 0.3 * t * t), 1.0);
}
