//! HUD pass: instanced quads over the 3D view, each a glyph of the pixel font scaled by a whole number
//! (crisp: every font pixel an exact block) or a solid rectangle (the bar). A quad carries its glyph's
//! rows (src/render/font.rs, `Glyph::packed_rows`; all set for a rectangle), so no pixel reads a
//! texture. GLYPH_W and GLYPH_H come from the generated prelude.

#include "common/colour.wgsl"
#include "common/quad.wgsl"

struct HudUniforms {
    screen: vec2<f32>,
    _pad0: u32,
    _pad1: u32,
}

struct GlyphInstance {
    rect: vec4<f32>,
    color: vec4<f32>,
    glyph: u32,
    scale: f32,
    rows: vec2<u32>,
}

@group(0) @binding(0) var<uniform> hud: HudUniforms;
@group(0) @binding(1) var<storage, read> instances: array<GlyphInstance>;

// The instance travels flat from the vertex stage: a software rasteriser would otherwise fetch it
// from the storage buffer for every pixel.
struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) rect_origin: vec2<f32>,
    @location(1) @interpolate(flat) color: vec4<f32>,
    @location(2) @interpolate(flat) scale: f32,
    @location(3) @interpolate(flat) rows: vec2<u32>,
}

// Six vertices per instance: two triangles covering its rectangle.
@vertex
fn vs_main(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> VsOut {
    let inst = instances[i];
    let r = inst.rect;
    let px = r.xy + quad_corner(v) * r.zw;
    var out: VsOut;
    out.pos = vec4<f32>(px.x / hud.screen.x * 2.0 - 1.0, 1.0 - px.y / hud.screen.y * 2.0, 0.0, 1.0);
    out.rect_origin = r.xy;
    out.color = inst.color;
    out.scale = inst.scale;
    out.rows = inst.rows;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    // Which font pixel this target pixel falls in; integer division keeps every font pixel an exact
    // scale × scale block. A rectangle has every bit set, so it needs no test of its own.
    let local = vec2<u32>(max((in.pos.xy - in.rect_origin) / in.scale, vec2<f32>(0.0)));
    let texel = min(local, vec2<u32>(GLYPH_W - 1u, GLYPH_H - 1u));
    let row = select(in.rows.x, in.rows.y, texel.y >= 4u) >> ((texel.y % 4u) * 8u);
    let alpha = in.color.a * f32((row >> (GLYPH_W - 1u - texel.x)) & 1u);
    if alpha <= 0.0 {
        discard;
    }
    return vec4<f32>(encode(in.color.rgb), alpha);
}
