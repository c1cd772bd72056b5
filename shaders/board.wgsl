// Board pass: a top-down grid level (the reactor) drawn per pixel from its cell buffer — terrain,
// smooth banded surface fields with a pattern each (fuel stripes, water rings, electricity zigzags,
// heat dots, so hue is never the only cue), props with their state, leaks, the underground carriers
// at a terminal, forecasts, the cursor and the robot. The BOARD_* bit layout comes from the prelude.
// Colours are written in linear light (the designer's sRGB bytes raised to 2.2), so no pixel pays a
// pow for a constant, and each quantity's pattern is its own function called once, never a branch
// on the quantity (lavapipe runs every branch whose condition varies between neighbouring pixels).

#include "common/colour.wgsl"
#include "common/quad.wgsl"

struct BoardUniforms {
    area: vec4<f32>,
    origin: vec2<f32>,
    cell_px: f32,
    time: f32,
    grid: vec2<u32>,
    robot: vec2<i32>,
    cursor: vec2<i32>,
    flags: u32,
    // How opaque the props are (an editor's surface opacity; 1 for the player).
    mark_opacity: f32,
    caution: vec4<f32>,
    critical: vec4<f32>,
    screen: vec2<f32>,
    _pad1: vec2<f32>,
    // The floor's dimming under the carriers (x), then each carrier's opacity (fuel, coolant,
    // electricity): an editor's layer scheme, or the player's look at a terminal.
    opacity: vec4<f32>,
}

struct BoardCellRaw {
    word: u32,
    under: u32,
    bands: u32,
    _pad0: u32,
    surface: vec4<f32>,
    amount: vec4<f32>,
}

@group(0) @binding(0) var<uniform> board: BoardUniforms;
@group(0) @binding(1) var<storage, read> cells: array<BoardCellRaw>;
// The cells that carry something drawn over the floor (a prop, a leak, a forecast, the robot, the
// cursor), as indices into `cells`: one quad each, so only their pixels pay for those shapes.
@group(0) @binding(2) var<storage, read> marks: array<u32>;

// Set for the pipeline that draws the underground layers (a terminal is active): off, the carriers
// are not in the code at all.
override LAYERS: bool = false;

struct VsOut {
    @builtin(position) pos: vec4<f32>,
    // The cell a mark quad belongs to (unused by the floor pass).
    @location(2) @interpolate(flat) cell: u32,
    // Terms that are the same for every pixel of a frame, computed once per vertex: the forecast
    // pulse, the heat's breath, the arcs' jump and the leak blink; then the spray's growth and the
    // phases of fuel, water and the cursor's dashes.
    @location(0) @interpolate(flat) waves: vec4<f32>,
    @location(1) @interpolate(flat) phases: vec4<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) v: u32) -> VsOut {
    let t = board.time;
    var out: VsOut;
    out.pos = fullscreen_triangle(v);
    out.cell = 0u;
    out.waves = vec4<f32>(sin(t * 4.0), sin(t * 3.0), floor(t * arc_jumps()) * 0.37, sin(t * 8.0));
    out.phases = vec4<f32>(fract(t * 1.5), t * 0.13, t * 0.4, fract(t));
    return out;
}

// A triangle wave eased into a smooth 0..1 wave: a sine's look without a sine per pixel.
// How often a second the electricity's arcs jump: fewer under reduced effects.
fn arc_jumps() -> f32 {
    return select(ARC_JUMPS, REDUCED_ARC_JUMPS, (board.flags & BOARD_FLAG_REDUCED) != 0u);
}

fn wave(x: f32) -> f32 {
    let tri = abs(fract(x) - 0.5) * 2.0;
    return tri * tri * (3.0 - 2.0 * tri);
}

fn in_grid(c: vec2<i32>) -> bool {
    return c.x >= 0 && c.y >= 0 && c.x < i32(board.grid.x) && c.y < i32(board.grid.y);
}

fn index_of(c: vec2<i32>) -> u32 {
    return u32(c.y) * board.grid.x + u32(c.x);
}

// A cell's surface values, none outside the level (walls hold none: board/pack.rs zeroes them). One
// vec4 load from a clamped index rather than a branch around it.
fn surface_at(c: vec2<i32>) -> vec4<f32> {
    let inside = in_grid(c);
    let k = clamp(c, vec2<i32>(0), vec2<i32>(board.grid) - 1);
    return select(vec4<f32>(0.0), cells[index_of(k)].surface, inside);
}

// The fields between cell centres: eased bilinear, so every centre shows its own value exactly.
fn field(p: vec2<f32>) -> vec4<f32> {
    let q = p - 0.5;
    let c = vec2<i32>(floor(q));
    var t = q - floor(q);
    t = t * t * (3.0 - 2.0 * t);
    let a = surface_at(c);
    let b = surface_at(c + vec2<i32>(1, 0));
    let d = surface_at(c + vec2<i32>(0, 1));
    let e = surface_at(c + vec2<i32>(1, 1));
    return mix(mix(a, b, t.x), mix(d, e, t.x), t.y);
}

fn fill(d: f32, aa: f32) -> f32 {
    return 1.0 - smoothstep(-aa, aa, d);
}

fn sd_box(q: vec2<f32>, half: vec2<f32>) -> f32 {
    let d = abs(q) - half;
    return length(max(d, vec2<f32>(0.0))) + min(max(d.x, d.y), 0.0);
}

fn ring(q: vec2<f32>, r: f32, w: f32, aa: f32) -> f32 {
    return fill(abs(length(q) - r) - w, aa);
}

// Each quantity's pattern, 0..1. `w` and `ph` are the vertex stage's waves and phases.
fn fuel_pattern(p: vec2<f32>, ph: vec4<f32>) -> f32 {
    // A slow oily sheen of diagonal stripes.
    return wave((p.x + p.y) * 2.0 + ph.y);
}

fn water_pattern(p: vec2<f32>, ph: vec4<f32>) -> f32 {
    // Ripples spreading from each cell's centre.
    return wave(length(fract(p) - 0.5) * 4.0 - ph.z);
}

fn electricity_pattern(p: vec2<f32>, w: vec4<f32>) -> f32 {
    // Zigzag arcs that jump a few times a second.
    let zig = abs(fract(p.y * 4.0) - 0.5) * 0.5;
    let e = abs(fract(p.x * 2.0 + zig + w.z) - 0.5);
    return 1.0 - smoothstep(0.04, 0.1, e);
}

fn heat_pattern(p: vec2<f32>, w: vec4<f32>) -> f32 {
    // A breathing glow with embers in a dot grid.
    let dots = 1.0 - smoothstep(0.1, 0.2, length(fract(p * 3.0) - 0.5));
    return 0.55 + 0.45 * max(dots, 0.5 + 0.5 * w.y);
}

// One quantity's layer over `col`: presence, then strength by band (the cut points eased a little
// so the field stays smooth), modulated by its pattern.
fn layer(col: vec3<f32>, hue: vec3<f32>, v: f32, caution_at: f32, critical_at: f32, pattern: f32) -> vec3<f32> {
    let caution = clamp((v - caution_at) * 33.0 + 0.5, 0.0, 1.0);
    let critical = clamp((v - critical_at) * 33.0 + 0.5, 0.0, 1.0);
    let present = clamp(v * 25.0, 0.0, 1.0);
    let strength = BAND_STRENGTH_BASE + BAND_STRENGTH_CAUTION * caution + BAND_STRENGTH_CRITICAL * critical;
    let a = present * strength * mix(0.45, 1.0, pattern);
    return mix(col, hue * (1.0 + 0.4 * critical), clamp(a, 0.0, 1.0));
}

fn carrier_hue(c: u32) -> vec3<f32> {
    if c == 0u {
        return HUE_FUEL;
    } else if c == 1u {
        return HUE_WATER;
    }
    return HUE_ELECTRICITY;
}

// The underground carrier `k` of a cell: thick lines from the centre towards every linked neighbour
// (each cell draws its half, so two linked cells show one line between their centres) and a large
// dot on a source. Offset per carrier so three layers under one cell stay apart. The lines are two
// spans, one across and one down, each reaching the linked sides.
fn carrier(col: vec3<f32>, under: u32, amount: f32, k: u32, f: vec2<f32>, aa: f32, blink_now: f32, alpha: f32) -> vec3<f32> {
    let bits = (under >> (k * 8u)) & 0xffu;
    let o = 0.5 + (f32(k) - 1.0) * 0.2;
    let c = vec2<f32>(o, o);
    let w = 0.045 + 0.04 * amount;
    let links = bits >> BOARD_UNDER_LINKS_SHIFT;
    // North 1, east 2, south 4, west 8: each span runs from the centre to the linked edges.
    let x0 = select(o, 0.0, (links & 8u) != 0u);
    let x1 = select(o, 1.0, (links & 2u) != 0u);
    let y0 = select(o, 0.0, (links & 1u) != 0u);
    let y1 = select(o, 1.0, (links & 4u) != 0u);
    let across = sd_box(f - vec2<f32>((x0 + x1) * 0.5, o), vec2<f32>((x1 - x0) * 0.5, w));
    let down = sd_box(f - vec2<f32>(o, (y0 + y1) * 0.5), vec2<f32>(w, (y1 - y0) * 0.5));
    let dot = length(f - c) - select(w, 0.17, (bits & BOARD_UNDER_SOURCE) != 0u);
    let d = min(min(across, down), dot);
    let fed = (bits & BOARD_UNDER_FED) != 0u;
    var hue = carrier_hue(k) * select(0.35, 1.0, fed);
    // A leaking cell blinks white.
    let blink = select(0.0, blink_now, (bits & BOARD_UNDER_LEAKING) != 0u);
    hue = mix(hue, vec3<f32>(1.0), blink);
    let present = select(0.0, alpha, (bits & BOARD_UNDER_PRESENT) != 0u);
    let edge = fill(d - aa * 1.5, aa) * present;
    let body = fill(d, aa) * present;
    return mix(mix(col, vec3<f32>(0.0), edge * 0.8), hue, body);
}

// A rounded box: `half` its half size, `r` the corner radius (a disc when r is the half size).
fn sd_round(q: vec2<f32>, half: vec2<f32>, r: f32) -> f32 {
    let d = abs(q) - half + r;
    return length(max(d, vec2<f32>(0.0))) + min(max(d.x, d.y), 0.0) - r;
}

// One prop as every prop is drawn: a filled base, an outline and a filled mark, each a rounded box,
// with sizes and colours chosen per kind and state. Choosing is a few selects; the three shapes are
// shaded once, whatever the kind (one code path, so lavapipe pays for one prop, not nine).
fn prop_layer(acc: vec4<f32>, word: u32, q_in: vec2<f32>, aa: f32, w: vec4<f32>, ph: vec4<f32>) -> vec4<f32> {
    let kind = (word >> BOARD_PROP_SHIFT) & 15u;
    let a = (word & BOARD_STATE_A) != 0u;
    let b = (word & BOARD_STATE_B) != 0u;
    let hue = carrier_hue((word >> BOARD_CARRIER_SHIFT) & 3u);
    let dark = vec3<f32>(0.001);
    let grey = vec3<f32>(0.1874);
    let red = vec3<f32>(1.0000, 0.0823, 0.0452);
    let green = vec3<f32>(0.1574, 0.7913, 0.1912);
    let cyan = vec3<f32>(0.1574, 0.7913, 0.9130);
    var q = q_in;
    // Base: half size, corner radius, colour. Outline: half size, radius, half width, colour.
    // Mark: half size, radius, colour. An alpha of 0 leaves a part out.
    var bh = vec2<f32>(0.0);
    var br = 0.0;
    var bc = dark;
    var oh = vec2<f32>(0.0);
    var orr = 0.0;
    var ow = 0.0;
    var oc = dark;
    var mh = vec2<f32>(0.0);
    var mr = 0.0;
    var mc = dark;
    var stripes = 0.0;
    switch kind {
        case BOARD_PROP_SOURCE: {
            bh = vec2<f32>(0.36); br = 0.36;
            oh = vec2<f32>(0.3); orr = 0.3; ow = 0.05; oc = hue;
            mh = vec2<f32>(0.15); mr = 0.15; mc = select(grey * 0.5, hue, a);
        }
        case BOARD_PROP_VALVE: {
            // Open: the handle lies along the pipe, pale; closed: across it, in red.
            bh = vec2<f32>(0.34); br = 0.34;
            oh = vec2<f32>(0.29); orr = 0.29; ow = 0.04; oc = hue;
            mh = select(vec2<f32>(0.06, 0.26), vec2<f32>(0.26, 0.05), a);
            mc = select(red, vec3<f32>(0.82, 0.82, 0.76), a);
        }
        case BOARD_PROP_CONSUMER: {
            bh = vec2<f32>(0.32); br = 0.03; bc = vec3<f32>(0.045, 0.052, 0.062);
            oh = vec2<f32>(0.24); ow = 0.03; oc = dark;
            mh = vec2<f32>(0.14); mr = 0.14; mc = select(select(red, green, b), grey * 0.6, !a);
        }
        case BOARD_PROP_JUNCTION: {
            bh = vec2<f32>(0.2); br = 0.08; bc = vec3<f32>(0.45, 0.45, 0.52);
            mh = vec2<f32>(0.1); mr = 0.04; mc = dark;
        }
        case BOARD_PROP_DOOR: {
            // Closed: a striped leaf right across the corridor. Open: the leaf slid into both walls.
            q = select(q, q.yx, b);
            stripes = 0.7;
            bc = vec3<f32>(0.6724, 0.4022, 0.0452);
            bh = select(vec2<f32>(0.14, 0.5), vec2<f32>(0.14, 0.06), a);
            q = vec2<f32>(q.x, select(q.y, abs(q.y) - 0.44, a));
        }
        case BOARD_PROP_TERMINAL: {
            bh = vec2<f32>(0.33, 0.26); br = 0.03; bc = cyan * 0.5;
            mh = vec2<f32>(0.27, 0.2); mr = 0.02; mc = select(dark, cyan * (0.6 + 0.2 * w.x), a);
            oh = vec2<f32>(0.1); orr = 0.1; ow = 0.03; oc = select(cyan * 0.5, dark, a);
        }
        case BOARD_PROP_SUPPLY: {
            bh = vec2<f32>(0.27); br = 0.02; bc = select(vec3<f32>(0.402, 0.223, 0.08), grey * 0.5, a);
            oh = vec2<f32>(0.2); ow = 0.03; oc = bc * 0.4;
            mh = vec2<f32>(0.05); mr = 0.05; mc = bc * 0.4;
        }
        case BOARD_PROP_SPRINKLER: {
            bh = vec2<f32>(0.26); br = 0.26;
            mh = vec2<f32>(0.18); mr = 0.18; mc = select(grey, vec3<f32>(0.078, 0.311, 1.0), a);
            // Spraying: a ring grows out of the nozzle.
            let r = 0.22 + 0.2 * ph.x;
            oh = vec2<f32>(r); orr = r; ow = select(0.0, 0.02, b); oc = vec3<f32>(0.6, 0.78, 1.0);
        }
        case BOARD_PROP_REACTOR: {
            let glow = select(vec3<f32>(0.91, 0.58, 0.058), vec3<f32>(0.157, 0.83, 0.19), a);
            bh = vec2<f32>(0.44); br = 0.44;
            oh = vec2<f32>(0.38); orr = 0.38; ow = 0.04; oc = glow;
            mh = vec2<f32>(0.2); mr = 0.2; mc = glow * (0.7 + 0.3 * select(0.0, w.x, a));
        }
        default: {}
    }
    let paint = mix(bc, bc * 0.08, stripes * step(0.5, fract((q.y + q.x) * 4.0)));
    var out = over(acc, paint, fill(sd_round(q, bh, br), aa) * step(0.001, bh.x));
    out = over(out, oc, fill(abs(sd_round(q, oh, orr)) - ow, aa) * step(0.001, ow));
    return over(out, mc, fill(sd_round(q, mh, mr), aa) * step(0.001, mh.x));
}

// The waves and phases of `vs_main`, for a mark's quad.
fn clocks(out: ptr<function, VsOut>) {
    let t = board.time;
    (*out).waves = vec4<f32>(sin(t * 4.0), sin(t * 3.0), floor(t * arc_jumps()) * 0.37, sin(t * 8.0));
    (*out).phases = vec4<f32>(fract(t * 1.5), t * 0.13, t * 0.4, fract(t));
}

// A mark's quad: its cell's square on the target.
@vertex
fn vs_mark(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> VsOut {
    let idx = marks[i];
    let c = vec2<f32>(f32(idx % board.grid.x), f32(idx / board.grid.x));
    let px = board.origin + (c + quad_corner(v)) * board.cell_px;
    var out: VsOut;
    out.pos = vec4<f32>(px.x / board.screen.x * 2.0 - 1.0, 1.0 - px.y / board.screen.y * 2.0, 0.0, 1.0);
    out.cell = idx;
    clocks(&out);
    return out;
}

// Where a pixel falls on the board: its cell, the point across it (0..1) and pixel size in cells.
struct Place {
    c: vec2<i32>,
    f: vec2<f32>,
    aa: f32,
}

fn place(px: vec2<f32>) -> Place {
    let p = (px - board.origin) / board.cell_px;
    let c = vec2<i32>(floor(p));
    return Place(c, p - vec2<f32>(c), 1.0 / board.cell_px);
}

// Premultiplied "over": a shape of colour `c` covering `k` of the pixel, over what is below.
fn over(acc: vec4<f32>, c: vec3<f32>, k: f32) -> vec4<f32> {
    return vec4<f32>(c * k, k) + acc * (1.0 - k);
}

// What stands on a marked cell: its prop, leak and forecast, the robot, the cursor.
@fragment
fn fs_mark(in: VsOut) -> @location(0) vec4<f32> {
    let w = in.waves;
    let ph = in.phases;
    let pl = place(in.pos.xy);
    let f = pl.f;
    let aa = pl.aa;
    let q = f - 0.5;
    let word = cells[in.cell].word;
    let edge = min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y));
    // Premultiplied, so scaling the whole colour is the prop's opacity.
    var acc = prop_layer(vec4<f32>(0.0), word, q, aa, w, ph) * board.mark_opacity;
    if (word & BOARD_LEAK) != 0u {
        let hue = carrier_hue((word >> BOARD_LEAK_SHIFT) & 3u);
        acc = over(acc, hue, ring(q, 0.42, 0.035, aa) * (0.6 + 0.4 * w.w));
        acc = over(acc, hue, fill(length(q - vec2<f32>(0.0, 0.3)) - 0.07, aa));
    }
    // The forecast's frame lies inside the unsafe brackets (edge < 0.1), so it never hides them.
    let forecast = select(0.0, 1.0, (word & BOARD_FORECAST) != 0u);
    acc = over(acc, vec3<f32>(0.8355, 0.1011, 0.8355), fill(abs(edge - 0.16) - 0.03, aa) * (0.6 + 0.4 * w.x) * forecast);
    let robot = select(0.0, 1.0, all(pl.c == board.robot));
    let shield = select(0.0, robot, (board.flags & BOARD_FLAG_SHIELD) != 0u);
    // The robot: the one white thing on the board, a large disc in a black ring with a white halo
    // breathing around it (readable on any band, whatever the player's colour vision), and a black
    // arrowhead pointing the way it last moved. No prop is white or carries an arrow.
    let body = length(q);
    let fi = (board.flags >> BOARD_FLAG_FACING_SHIFT) & 3u;
    let fwd = vec2<f32>(
        select(0.0, 1.0, fi == 1u) - select(0.0, 1.0, fi == 3u),
        select(0.0, 1.0, fi == 2u) - select(0.0, 1.0, fi == 0u),
    );
    let a = vec2<f32>(dot(q, fwd), dot(q, vec2<f32>(-fwd.y, fwd.x)));
    // Arrowhead: tip 0.3 ahead of the centre, base 0.12 behind it, 0.2 to each side at the base.
    let arrow = max(-(a.x + 0.12), abs(a.y) * 0.9 - 0.2 * (0.3 - a.x) / 0.42);
    acc = over(acc, vec3<f32>(1.0), ring(q, 0.455, 0.025, aa) * (0.55 + 0.45 * w.y) * robot);
    acc = over(acc, vec3<f32>(0.0), fill(body - 0.42, aa) * robot);
    acc = over(acc, vec3<f32>(0.95), fill(body - 0.36, aa) * robot);
    acc = over(acc, vec3<f32>(0.0), fill(arrow, aa) * robot);
    // A heat shield: an orange band in the black ring.
    acc = over(acc, HUE_HEAT, ring(q, 0.39, 0.03, aa) * shield);
    // A preview of the chosen interaction, drawn over the robot so its own cell's change shows too:
    // a badge in the cell's top-left corner in the carrier's hue, a plus where supply would arrive,
    // a minus where it would stop (shape, not hue, says which).
    let gain = select(0.0, 1.0, (word & BOARD_PREVIEW_GAIN) != 0u);
    let loss = select(0.0, 1.0, (word & BOARD_PREVIEW_LOSS) != 0u);
    let bq = q - vec2<f32>(-0.26, -0.26);
    let badge = fill(length(bq) - 0.2, aa) * max(gain, loss);
    // The sign is white with a black outline, readable on every carrier's hue.
    let sign = min(sd_box(bq, vec2<f32>(0.12, 0.035)), select(1.0, sd_box(bq, vec2<f32>(0.035, 0.12)), gain > 0.5));
    let any_change = max(gain, loss);
    acc = over(acc, vec3<f32>(0.0), badge);
    acc = over(acc, carrier_hue((word >> BOARD_PREVIEW_SHIFT) & 3u), fill(length(bq) - 0.16, aa) * any_change);
    acc = over(acc, vec3<f32>(0.0), fill(sign - 0.03, aa) * any_change);
    acc = over(acc, vec3<f32>(1.0), fill(sign, aa) * any_change);
    let cursor = select(0.0, 1.0, all(pl.c == board.cursor));
    let dash = step(0.5, fract((f.x + f.y) * 4.0 + ph.w));
    acc = over(acc, vec3<f32>(1.0), fill(edge - 0.03, aa) * mix(0.5, 1.0, dash) * cursor);
    return vec4<f32>(encode(acc.rgb), acc.a);
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let px = in.pos.xy;
    let w = in.waves;
    let ph = in.phases;
    let background = vec3<f32>(0.0008, 0.0010, 0.0014);
    let p = (px - board.origin) / board.cell_px;
    let c = vec2<i32>(floor(p));
    let outside = px.x < board.area.x || px.y < board.area.y || px.x >= board.area.x + board.area.z
        || px.y >= board.area.y + board.area.w;
    if outside || !in_grid(c) {
        return vec4<f32>(encode(background), 1.0);
    }
    let aa = 1.0 / board.cell_px;
    let f = p - vec2<f32>(c);
    let q = f - 0.5;
    let i = index_of(c);
    let word = cells[i].word;
    if (word & BOARD_VOID) != 0u {
        return vec4<f32>(encode(background), 1.0);
    }
    let wall = (word & BOARD_WALL) != 0u;
    let edge = min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y));

    var col: vec3<f32>;
    if wall {
        // Heavy plate with a light top bevel and hatching, so walls read as solid at any size.
        let hatch = step(0.5, fract((f.x - f.y) * 3.0));
        col = mix(vec3<f32>(0.0658, 0.0546, 0.0446), vec3<f32>(0.0446, 0.0370, 0.0303), hatch);
        col = mix(col, vec3<f32>(0.1573, 0.1332, 0.1062), 1.0 - smoothstep(0.0, 0.08, f.y));
        col = mix(col, vec3<f32>(0.0090, 0.0078, 0.0066), 1.0 - smoothstep(0.0, 0.08, 1.0 - f.y));
    } else {
        let seam = 1.0 - smoothstep(0.0, max(1.5 * aa, 0.02), edge);
        col = mix(BOARD_FLOOR, vec3<f32>(0.0055, 0.0066, 0.0084), seam);
        let v = field(p);
        if any(v > vec4<f32>(0.0)) {
            let lo = board.caution;
            let hi = board.critical;
            col = layer(col, HUE_FUEL, v.x, lo.x, hi.x, fuel_pattern(p, ph));
            col = layer(col, HUE_WATER, v.y, lo.y, hi.y, water_pattern(p, ph));
            col = layer(col, HUE_ELECTRICITY, v.z, lo.z, hi.z, electricity_pattern(p, w));
            col = layer(col, HUE_HEAT, v.w, lo.w, hi.w, heat_pattern(p, w));
        }
        if (word & BOARD_UNSAFE) != 0u {
            // Corner brackets, white in a black outline: entering this cell unprotected loses. White
            // stays apart from every hazard's hue in every kind of colour vision; the shape says it too.
            let corner = max(abs(q.x), abs(q.y));
            let outline = step(0.37, corner) * step(0.27, min(abs(q.x), abs(q.y)));
            let bracket = step(0.4, corner) * step(0.3, min(abs(q.x), abs(q.y)));
            col = mix(col, vec3<f32>(0.0), outline);
            col = mix(col, UNSAFE_MARK_HUE, bracket);
        }
    }
    if LAYERS {
        col = col * board.opacity.x;
        let under = cells[i].under;
        let amount = cells[i].amount;
        let blink = 0.5 + 0.5 * w.w;
        col = carrier(col, under, amount.x, 0u, f, aa, blink, board.opacity.y);
        col = carrier(col, under, amount.y, 1u, f, aa, blink, board.opacity.z);
        col = carrier(col, under, amount.z, 2u, f, aa, blink, board.opacity.w);
    }
    return vec4<f32>(encode(col), 1.0);
}
