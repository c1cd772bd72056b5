//! Warp pass (entry file): heavy warping, severe distortion and the vanishing pulse as a
//! displacement of the finished picture, then the screen effects and the flash. The world and its
//! sprites are drawn unbent into a canvas that reaches `frame.overscan` pixels past the view on each
//! side (src/render/warp.rs sizes it so that no warped pixel reads past its edge) and without the
//! screen effects (the CANVAS override). Two full-screen triangles then finish the view: the first
//! works out, on a lattice of points WARP_CELL pixels apart, where `warp_pixel` sends each point and
//! the colour drift's hue there, both smooth (`fs_lattice`, into a small texture); the second reads
//! the lattice between its points and then the canvas, both filtered, and adds the vignette and the
//! bleed, a few lines of arithmetic, at every pixel (`fs_warp`). A mesh of WARP_CELL-pixel cells
//! would interpolate the same way, but lavapipe pays for every small triangle it sets up and bins:
//! the mesh cost more than the extra read (docs/frame-cost.md).

#include "common/quad.wgsl"
#include "world/inputs.wgsl"
#include "world/screen.wgsl"

// The finished canvas (the target's format), a linear clamping sampler, and the lattice: how far
// the warps move each point, in view pixels (xy), and the drift's hue there as (cos, sin) (zw).
@group(1) @binding(0) var canvas: texture_2d<f32>;
@group(1) @binding(1) var canvas_sampler: sampler;
@group(1) @binding(2) var lattice: texture_2d<f32>;

// The bleed's throb this frame (`bleed_beat`), the same for every pixel.
struct FullVsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) beat: f32,
}

@vertex
fn vs_full(@builtin(vertex_index) i: u32) -> FullVsOut {
    return FullVsOut(fullscreen_triangle(i), select(0.0, bleed_beat(effect_clocks()), turn.distortion > 0.0));
}

// Lattice texel k (its pixel centre is k + 1/2) holds the view point k * WARP_CELL, jolted. Points
// past the view's far edge are there to interpolate towards; the overscan bounds only points inside.
@fragment
fn fs_lattice(in: FullVsOut) -> @location(0) vec4<f32> {
    let screen = floor(in.pos.xy) * f32(WARP_CELL) + pulse.jolt_px;
    return vec4<f32>(warp_pixel(screen, effect_clocks()) - screen, drift_hue(screen));
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
// canvas casts `frag + jolt` too). Then the screen effects where the pixel is on screen, applied
// after the tone curve (the bleed toned on its own), and the flash.
@fragment
fn fs_warp(in: FullVsOut) -> @location(0) vec4<f32> {
    let screen = in.pos.xy + pulse.jolt_px;
    let cell = (in.pos.xy / f32(WARP_CELL) + 0.5) / vec2<f32>(textureDimensions(lattice));
    let point = textureSampleLevel(lattice, canvas_sampler, cell, 0.0);
    let seen = (screen + point.xy) * frame.canvas_scale + frame.overscan - pulse.jolt_px;
    let at = clamp(seen, vec2<f32>(0.5), frame.view_size - 0.5);
    let uv = at / vec2<f32>(textureDimensions(canvas));
    let picture = decode(textureSampleLevel(canvas, canvas_sampler, uv, 0.0).rgb);
    let edge = screen_edge(screen);
    let w = bleed_share(edge, in.beat);
    let gain = drift_of_hue(point.zw) * (vignette(edge) * (1.0 - w));
    // The bleed has no green: two of tone's three exponentials.
    let red_blue = vec2<f32>(1.0) - exp(-EXPOSURE * w * vec2<f32>(BLEED_COLOR.r, BLEED_COLOR.b));
    let bleed = vec3<f32>(red_blue.x, 0.0, red_blue.y);
    let c = mix(picture * gain + bleed, pulse.flash_rgba.rgb, clamp(pulse.flash_rgba.a, 0.0, 1.0));
    return vec4<f32>(encode(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0))), 1.0);
}
