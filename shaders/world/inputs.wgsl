// What the CPU hands both passes of the 3D view (world and sprites): the uniform blocks, the grid and
// sprite buffers, and the pipeline overrides that compile the madness effects in or out.

struct WorldUniforms {
    eye: vec2<f32>,
    dir: vec2<f32>,
    right: vec2<f32>,
    view_size: vec2<f32>,
    focal: vec2<f32>,
    jolt_px: vec2<f32>,
    grid_size: vec2<u32>,
    time: f32,
    light_scale: f32,
    flash_rgba: vec4<f32>,
    light_radius: f32,
    flicker: f32,
    encode_srgb: u32,
    sprite_count: u32,
    colour_drift: f32,
    breathing: f32,
    tex_flicker: f32,
    warp: f32,
    false_player: f32,
    distortion: f32,
    warp_pulse: f32,
    enemy_progress: f32,
    reduced: u32,
    quads_cover_view: u32,
    _pad0: u32,
    _pad1: u32,
}

// One entity (or false `@`) as the CPU packed it this turn; see sprites.rs for each member.
struct SpriteRaw {
    pos_from: vec2<f32>,
    pos_to: vec2<f32>,
    color: vec4<f32>,
    rows: vec2<u32>,
    height: f32,
    shimmer: f32,
    fade_from: f32,
    fade_to: f32,
    kind: u32,
    seed: u32,
}


// Pipeline variants: MILD compiles in colour drift and breathing; WILD the texture flicker, the
// warps, the severe distortion and the vanishing pulse. Off means the code is not there at all.
// src/render/world.rs picks the variant per frame.
override MILD: bool = true;
override WILD: bool = true;

@group(0) @binding(0) var<uniform> u: WorldUniforms;
@group(0) @binding(1) var<storage, read> cells: array<u32>;
@group(0) @binding(2) var<storage, read> sprites: array<SpriteRaw>;
