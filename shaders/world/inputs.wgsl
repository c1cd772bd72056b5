// What the CPU hands both passes of the 3D view (world and sprites): the uniform blocks, the grid and
// sprite buffers, and the pipeline overrides that compile the madness effects in or out.

// The uniforms come in three blocks by how often they change, each written only when it does (Rust
// twins of the same names in src/render/scene.rs).

// Camera and clock: every frame.
struct FrameUniforms {
    eye: vec2<f32>,
    dir: vec2<f32>,
    right: vec2<f32>,
    view_size: vec2<f32>,
    focal: vec2<f32>,
    time: f32,
    // How far the enemies' shared step has run, 0..1; sprites interpolate by it.
    enemy_progress: f32,
    // The column table (world/columns.wgsl): the first sample's x and the step between samples, in
    // pixels before the jolt, and how many samples it holds.
    columns: vec2<f32>,
    column_count: u32,
    _pad0: u32,
    // Pixels the canvas reaches past the view on each side when the warps move pixels (the world
    // is drawn wider, then displaced into the view by shaders/warp.wgsl); 0 otherwise.
    overscan: vec2<f32>,
    // Canvas pixels per view pixel: below 1 when a mad frame's canvas is drawn coarser.
    canvas_scale: f32,
    _pad1: u32,
}

// What holds for a turn: the grid's size, the torch's brightness (darkness) and the madness shown.
struct TurnUniforms {
    grid_size: vec2<u32>,
    light_scale: f32,
    // 1 under reduced effects: false `@` sprites fade in and out instead of popping.
    reduced: u32,
    colour_drift: f32,
    breathing: f32,
    tex_flicker: f32,
    warp: f32,
    false_player: f32,
    distortion: f32,
    // Centre of the exit pit nearest the viewer, where its glow rises; far away when there is none.
    exit: vec2<f32>,
    // The level's theme: albedo of walls, floor and ceiling (rgb) with their joint strength (a);
    // the torches' tint (rgb) and the app's light multiplier for the wall torches (a).
    wall: vec4<f32>,
    floor: vec4<f32>,
    ceiling: vec4<f32>,
    light_tint: vec4<f32>,
    torch_count: u32,
    // How many sprites are live, and how many of the nearest ones the floor draws the pools of
    // (`floor_pools`, world.wgsl).
    sprite_count: u32,
    floor_pools: u32,
    _pad0: u32,
    // Wall torches: the flame's point (xy) and its wall face's outward normal (zw).
    torches: array<vec4<f32>, MAX_TORCHES>,
}

// Effect pulses the app plays over a few frames: the flash, the camera jolt, the vanishing ripple.
struct PulseUniforms {
    flash_rgba: vec4<f32>,
    jolt_px: vec2<f32>,
    warp_pulse: f32,
    _pad0: u32,
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


// One sample of the column table: the distance along its ray and the wall it meets, packed
// (world/columns.wgsl), and whether the ray crosses a lit cell (FLAG_LIT) on its way there.
struct ColumnHit {
    perp: f32,
    packed: u32,
    lit: u32,
}

// Pipeline variants: MILD compiles in colour drift and breathing; WILD the texture flicker, the
// warps, the severe distortion and the vanishing pulse. Off means the code is not there at all.
// src/render/world.rs picks the variant per frame.
override MILD: bool = true;
override WILD: bool = true;
// FIELDS compiles in the wall torches' light and flames and the floor tints (one texture read each);
// off when the turn has neither.
override FIELDS: bool = true;
// SPLIT: the turn has fields, but only the wall runs and floor strips whose rays cross a lit cell
// need them (their light is 0 everywhere else): a pipeline draws only the runs and strips whose
// column samples say `lit` is FIELDS, so the pipelines without fields draw the rest (world.wgsl).
override SPLIT: bool = false;
// EXIT compiles in the exit pit, its kerb, its glow and its draft; off when no exit cell is near
// enough to the view to show any of them (src/render/world.rs, EXIT_REACH).
override EXIT: bool = true;
// SURFACE: which kind of surface the pipeline shades (SURFACE_WALL, _FLOOR, _CEILING from the
// prelude; each over its own runs or strips, discarding the pixels of other kinds). Every world
// pipeline sets it; the default (walls) only keeps the other passes that include this file valid.
override SURFACE: u32 = 1u;
// CANVAS: the pipeline draws a warped frame's canvas (src/render/world.rs), so it leaves out the
// screen effects (tint, vignette, bleed) and the flash: the warp pass (shaders/warp.wgsl) applies
// them on screen, where they stay put while the world warps, at every pixel (the tint's hue read
// from its lattice).
override CANVAS: bool = false;
// WARP_PASS: the pipeline is shaders/warp.wgsl's, which works in view pixels from a canvas's
// uniforms. Only it and the CANVAS pipelines pay for the overscan and scale arithmetic
// (`screen_size`, `screen_of`): every other frame's view is its target strip.
override WARP_PASS: bool = false;

@group(0) @binding(0) var<uniform> frame: FrameUniforms;
@group(0) @binding(1) var<uniform> turn: TurnUniforms;
@group(0) @binding(2) var<uniform> pulse: PulseUniforms;
@group(0) @binding(3) var<storage, read> cells: array<u32>;
@group(0) @binding(4) var<storage, read> sprites: array<SpriteRaw>;
// The wall torches' light baked per turn (src/render/light_field.rs), FIELD_TEXELS texels per cell
// each way, read with linear filtering; and one floor tint per cell (rgb, strength in a).
@group(0) @binding(5) var torch_field: texture_2d<f32>;
@group(0) @binding(6) var field_sampler: sampler;
@group(0) @binding(7) var floor_tints: texture_2d<f32>;
// The column table, written by the column pass (shaders/columns.wgsl) before the world pass reads it.
@group(0) @binding(8) var<storage, read> columns: array<ColumnHit>;
// The wall runs of a frame (each one's first and last column), listed by the column pass from the
// table after the arguments of the indirect draw that draws one instance per run (vs_run in
// world.wgsl).
struct RunList {
    vertex_count: u32,
    instance_count: u32,
    first_vertex: u32,
    first_instance: u32,
    runs: array<vec2<u32>>,
}
@group(0) @binding(11) var<storage, read> run_list: RunList;
