//! Warp pass (entry file): heavy warping, severe distortion and the vanishing pulse as a
//! displacement of the finished picture, then the screen effects and the flash. The world and its
//! sprites are drawn unbent into a canvas that reaches `frame.overscan` pixels past the view on each
//! side (src/render/warp.rs sizes it so that no warped pixel reads past its edge) and without the
//! screen effects (the CANVAS override). Here a mesh of WARP_CELL-pixel cells covers the view; its
//! vertices work out where `warp_pixel` sends them and the screen effects there, all smooth, and each
//! pixel reads the canvas at the interpolated place, filtered: a texture read and a few multiplies
//! per pixel instead of a bent ray cast and shaded per pixel (docs/frame-cost.md).

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/screen.wgsl"

// The finished canvas (the target's format) and a linear, clamping sampler.
@group(1) @binding(0) var canvas: texture_2d<f32>;
@group(1) @binding(1) var canvas_sampler: sampler;

struct WarpVsOut {
    @builtin(position) pos: vec4<f32>,
    // The canvas pixel this point of the view shows.
    @location(0) seen: vec2<f32>,
    // The screen effects here, applied after the tone curve: what multiplies the picture, and the
    // bleed's colour added to it.
    @location(1) gain: vec3<f32>,
    @location(2) bleed: vec3<f32>,
}

// Vertex `v` of the mesh: cell v / 6 of a grid WARP_CELL pixels square over the view, row by row.
@vertex
fn vs_warp(@builtin(vertex_index) v: u32) -> WarpVsOut {
    let view = screen_size();
    let across = u32(ceil(view.x / f32(WARP_CELL)));
    let cell = v / 6u;
    let corner = quad_corner(v % 6u);
    let px = min((vec2<f32>(f32(cell % across), f32(cell / across)) + corner) * f32(WARP_CELL), view);
    // The jolted screen pixel, then the view pixel whose ray it shows; the canvas pixel that casts
    // that ray is that point scaled to the canvas and shifted by the overscan, less the jolt (the
    // canvas casts `frag + jolt` too).
    let clocks = effect_clocks();
    let screen = px + pulse.jolt_px;
    var out: WarpVsOut;
    out.pos = vec4<f32>(px.x / view.x * 2.0 - 1.0, 1.0 - px.y / view.y * 2.0, 0.0, 1.0);
    out.seen = warp_pixel(screen, clocks) * frame.canvas_scale + frame.overscan - pulse.jolt_px;
    let sc = screen_at(screen, clocks);
    out.gain = sc.gain;
    out.bleed = tone(sc.bleed);
    return out;
}

// What the target stores back to linear (display) values, where the target does not encode itself.
fn decode(c: vec3<f32>) -> vec3<f32> {
    if ENCODE_SRGB {
        return select(pow((c + 0.055) / 1.055, vec3<f32>(2.4)), c / 12.92, c <= vec3<f32>(0.04045));
    }
    return c;
}

@fragment
fn fs_warp(in: WarpVsOut) -> @location(0) vec4<f32> {
    let at = clamp(in.seen, vec2<f32>(0.5), frame.view_size - 0.5);
    let uv = at / vec2<f32>(textureDimensions(canvas));
    let picture = decode(textureSampleLevel(canvas, canvas_sampler, uv, 0.0).rgb);
    let c = mix(picture * in.gain + in.bleed, pulse.flash_rgba.rgb, clamp(pulse.flash_rgba.a, 0.0, 1.0));
    return vec4<f32>(encode(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0))), 1.0);
}
