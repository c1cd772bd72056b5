// Screen-covering geometry without vertex buffers: the full-screen triangle of a ray-cast pass, and
// the corners of an instanced quad (two triangles, six vertices), so every pass builds them alike.

// One triangle that covers the viewport: (-1,-1), (3,-1), (-1,3), in clip space.
fn fullscreen_triangle(i: u32) -> vec4<f32> {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

// Corner `v` (0..6) of a unit quad, (0, 0) top-left to (1, 1) bottom-right: two triangles sharing the
// (1, 0)-(0, 1) diagonal. Pipelines do not cull, so the winding of each triangle does not matter.
fn quad_corner(v: u32) -> vec2<f32> {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0),
        vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0),
    );
    return corners[v];
}
