// From framebuffer pixel to ray, and from linear light to the stored colour: the jolt that moves
// the cast pixel, the screen effects (tint, vignette, bleed), the tone curve and the flash.

#include "common/colour.wgsl"
#include "world/effects.wgsl"
#include "world/columns.wgsl"

// The ray a framebuffer pixel casts: jolted, never bent (warped frames are drawn unbent into a
// wider canvas and displaced afterwards, shaders/warp.wgsl). `screen` is the pixel in the view,
// which the screen-space effects (vignette, tint) use.
struct PixelRay {
    screen: vec2<f32>,
    ray: vec2<f32>,
    // Tangent of the pixel's elevation: positive above the horizon.
    v: f32,
}

fn pixel_ray(frag: vec2<f32>) -> PixelRay {
    let px = frag + pulse.jolt_px;
    return PixelRay(screen_of(frag), ray_at(px.x), (0.5 * frame.view_size.y - px.y) / frame.focal.y);
}

// The screen effects and the tone curve, from linear light to what the target stores. `screen` is
// the jolted pixel: tint, vignette and bleed stay put on screen while the world warps.
struct Screen {
    // What multiplies linear light here (tint, vignette, bleed's share), and the bleed's own colour.
    gain: vec3<f32>,
    bleed: vec3<f32>,
}

fn screen_at(screen: vec2<f32>, clocks: vec4<f32>) -> Screen {
    var gain = vec3<f32>(1.0);
    if CANVAS {
        return Screen(gain, vec3<f32>(0.0));
    }
    if MILD {
        if turn.colour_drift > 0.0 {
            gain = gain * drift_tint(screen);
        }
    }
    let edge = screen_edge(screen);
    gain = gain * vignette(edge);
    var bleed = vec3<f32>(0.0);
    if WILD {
        if turn.distortion > 0.0 {
            let w = bleed_share(edge, bleed_beat(clocks));
            gain = gain * (1.0 - w);
            bleed = BLEED_COLOR * w;
        }
    }
    return Screen(gain, bleed);
}

// How far `screen` is from the view's centre, squared, in view widths (a little less upright).
fn screen_edge(screen: vec2<f32>) -> f32 {
    let centred = (screen / screen_size() - 0.5) * vec2<f32>(1.0, 0.8);
    return dot(centred, centred);
}

// A soft vignette pulls the eye to the centre and deepens the gloom at the corners.
fn vignette(edge: f32) -> f32 {
    return 1.0 - 0.45 * edge;
}

// Severe distortion: the edges of sight bleed a dark red that throbs with the heartbeat. The share
// of the picture it takes at `edge`, for the frame's `beat` (`bleed_beat`).
const BLEED_COLOR: vec3<f32> = vec3<f32>(0.16, 0.0, 0.01);

fn bleed_beat(clocks: vec4<f32>) -> f32 {
    return turn.distortion * (0.45 + 0.25 * clocks.w);
}

fn bleed_share(edge: f32, beat: f32) -> f32 {
    return smoothstep(0.05, 0.4, edge) * beat;
}

fn tone(c: vec3<f32>) -> vec3<f32> {
    return vec3<f32>(1.0) - exp(-EXPOSURE * c);
}

// How much of the picture the flash replaces; none in a canvas (the warp pass adds it).
fn flash_share() -> f32 {
    if CANVAS {
        return 0.0;
    }
    return clamp(pulse.flash_rgba.a, 0.0, 1.0);
}

// Linear light at `screen` as the target stores it: screen effects, tone curve, flash.
fn finish(light: vec3<f32>, sc: Screen) -> vec3<f32> {
    let c = mix(tone(light * sc.gain + sc.bleed), pulse.flash_rgba.rgb, flash_share());
    return encode(clamp(c, vec3<f32>(0.0), vec3<f32>(1.0)));
}

// Pass 1, the world: the finished pixel, and how far along its ray the surface is (negated unless
