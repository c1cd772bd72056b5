//! HUD pass: instanced quads over the 3D view, each a glyph from the pixel-font atlas scaled by a whole
//! number (crisp: texels are fetched with textureLoad, never filtered) or a solid rectangle (the bar).
//! GLYPH_SOLID and the atlas geometry (GLYPH_W, GLYPH_H, ATLAS_COLS) come from the generated prelude.

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
    _pad0: u32,
    _pad1: u32,
}

@group(0) @binding(0) var<uniform> hud: HudUniforms;
@group(0) @binding(1) var<storage, read> instances: array<GlyphInstance>;
@group(0) @binding(2) var atlas: texture_2d<f32>;

struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) index: u32,
}

// Six vertices per instance: two triangles covering its rectangle.
@vertex
fn vs_main(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> VsOut {
    let r = instances[i].rect;
    let px = r.xy + quad_corner(v) * r.zw;
    var out: VsOut;
    out.pos = vec4<f32>(px.x / hud.screen.x * 2.0 - 1.0, 1.0 - px.y / hud.screen.y * 2.0, 0.0, 1.0);
    out.index = i;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let inst = instances[in.index];
    var alpha = inst.color.a;
    if inst.glyph != GLYPH_SOLID {
        // Which font pixel this target pixel falls in; integer division keeps every font pixel an
        // exact scale × scale block.
        let local = vec2<u32>(max((in.pos.xy - inst.rect.xy) / inst.scale, vec2<f32>(0.0)));
        let texel = min(local, vec2<u32>(GLYPH_W - 1u, GLYPH_H - 1u));
        let origin = vec2<u32>((inst.glyph % ATLAS_COLS) * GLYPH_W, (inst.glyph / ATLAS_COLS) * GLYPH_H);
        alpha = alpha * textureLoad(atlas, vec2<i32>(origin + texel), 0).r;
    }
    if alpha <= 0.0 {
        discard;
    }
    return vec4<f32>(encode(inst.color.rgb), alpha);
}
