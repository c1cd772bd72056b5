//! Warp pass (entry file): heavy warping, severe distortion and the vanishing pulse as a
//! displacement of the finished picture, then the screen effects and the flash. The world and its
//! sprites are drawn unbent into a canvas that reaches `frame.overscan` pixels past the view on each
//! side (src/render/warp.rs sizes it so that no warped pixel reads past its edge) and without the
//! screen effects (the CANVAS override). Two full-screen triangles then finish the view: the first
//! works out, on a lattice of points WARP_CELL pixels apart, where `warp_pixel` sends each point and
//! the screen effects there, all smooth (`fs_lattice`, into two small textures); the second reads
//! them between the points and then the canvas, all filtered, at every pixel (`fs_warp`). A mesh of
//! WARP_CELL-pixel cells would interpolate the same way, but lavapipe pays for every small triangle
//! it sets up and bins: the mesh cost more than the two extra reads (docs/frame-cost.md).

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/screen.wgsl"

// The finished canvas (the target's format), a linear clamping sampler, and the lattice's two
// textures (`Lattice`).
@group(1) @binding(0) var canvas: texture_2d<f32>;
@group(1) @binding(1) var canvas_sampler: sampler;
@group(1) @binding(2) var lattice_moved: texture_2d<f32>;
@group(1) @binding(3) var lattice_screen: texture_2d<f32>;

struct FullVsOut {
    @builtin(position) pos: vec4<f32>,
}

@vertex
fn vs_full(@builtin(vertex_index) i: u32) -> FullVsOut {
    return FullVsOut(fullscreen_triangle(i));
}

// One lattice point: how far the warps move it, in view pixels (xy), and the toned bleed's blue
// (z); what multiplies the picture there (rgb) and the toned bleed's red (a). The bleed's green is 0.
struct Lattice {
    @location(0) moved: vec4<f32>,
    @location(1) screen: vec4<f32>,
}

// Lattice texel k (its pixel centre is k + 1/2) holds the view point k * WARP_CELL, jolted. Points
// past the view's far edge are there to interpolate towards; the overscan bounds only points inside.
@fragment
fn fs_lattice(in: FullVsOut) -> Lattice {
    let screen = floor(in.pos.xy) * f32(WARP_CELL) + pulse.jolt_px;
    let clocks = effect_clocks();
    let sc = screen_at(screen, clocks);
    let bleed = tone(sc.bleed);
    return Lattice(vec4<f32>(warp_pixel(screen, clocks) - screen, bleed.b, 0.0), vec4<f32>(sc.gain, bleed.r));
}

// What the target stores back to linear (display) values, where the target does not encode itself.
fn decode(c: vec3<f32>) -> vec3<f32> {
    if ENCODE_SRGB {
        return select(pow((c + 0.055) / 1.055, vec3<f32>(2.4)), c / 12.92, c <= vec3<f32>(0.04045));
    }
    return c;
}

// The view pixel `in` shows the canvas where the lattice, read between its points, sends it: the
// jolted screen point moved, scaled to the canvas and shifted by the overscan, less the jolt (the
// canvas casts `frag + jolt` too); then the screen effects, applied after the tone curve, and the
// flash.
@fragment
fn fs_warp(in: FullVsOut) -> @location(0) vec4<f32> {
    let cell = (in.pos.xy / f32(WARP_CELL) + 0.5) / vec2<f32>(textureDimensions(lattice_moved));
    let moved = textureSampleLevel(lattice_moved, canvas_sampler, cell, 0.0);
    let screen = textureSampleLevel(lattice_screen, canvas_sampler, cell, 0.0);
    let seen = (in.pos.xy + pulse.jolt_px + moved.xy) * frame.canvas_scale + frame.overscan - pulse.jolt_px;
    let at = clamp(seen, vec2<f32>(0.5), frame.view_size - 0.5);
    let uv = at / vec2<f32>(textureDimensions(canvas));
    let picture = decode(textureSampleLevel(canvas, canvas_sampler, uv, 0.0).rgb);
    let bleed = vec3<f32>(screen.a, 0.0, moved.z);
    let c = mix(picture * screen.rgb + bleed, pulse.flash_rgba.rgb, clamp(pulse.flash_rgba.a, 0.0, 1.0));
    return vec4<f32>(encode(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0))), 1.0);
}
