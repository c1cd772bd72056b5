// Board pass: a top-down grid level (the reactor) drawn per pixel from its cell buffer — terrain,
// smooth banded surface fields with a pattern each (fuel stripes, water rings, electricity zigzags,
// heat dots, so hue is never the only cue), props with their state, leaks, the underground carriers
// at a terminal, forecasts, the cursor and the robot. The BOARD_* bit layout comes from the prelude.

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
    _pad0: u32,
    caution: vec4<f32>,
    critical: vec4<f32>,
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

@vertex
fn vs_main(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
    return fullscreen_triangle(v);
}

fn srgb(r: f32, g: f32, b: f32) -> vec3<f32> {
    return pow(vec3<f32>(r, g, b) / 255.0, vec3<f32>(2.2));
}

fn in_grid(c: vec2<i32>) -> bool {
    return c.x >= 0 && c.y >= 0 && c.x < i32(board.grid.x) && c.y < i32(board.grid.y);
}

fn index_of(c: vec2<i32>) -> u32 {
    return u32(c.y) * board.grid.x + u32(c.x);
}

// A floor cell's surface values (walls and outside hold none).
fn surface_at(c: vec2<i32>) -> vec4<f32> {
    if !in_grid(c) {
        return vec4<f32>(0.0);
    }
    let cell = cells[index_of(c)];
    return select(cell.surface, vec4<f32>(0.0), (cell.word & BOARD_WALL) != 0u);
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

// One quantity's layer over `col`: presence, band strength and its own pattern.
fn layer(col: vec3<f32>, hue: vec3<f32>, v: f32, k: u32, p: vec2<f32>, t: f32) -> vec3<f32> {
    let caution = smoothstep(board.caution[k] - 0.015, board.caution[k] + 0.015, v);
    let critical = smoothstep(board.critical[k] - 0.015, board.critical[k] + 0.015, v);
    let present = smoothstep(0.0, 0.04, v);
    var pattern = 0.0;
    if k == 0u {
        // Fuel: a slow oily sheen of diagonal stripes.
        pattern = 0.5 + 0.5 * sin((p.x + p.y) * 12.566 + t * 0.8);
    } else if k == 1u {
        // Water: ripples spreading from each cell's centre.
        pattern = 0.5 + 0.5 * sin(length(fract(p) - 0.5) * 25.13 - t * 2.5);
    } else if k == 2u {
        // Electricity: zigzag arcs that jump a few times a second.
        let jump = floor(t * 6.0) * 0.37;
        let zig = abs(fract(p.y * 4.0) - 0.5) * 0.5;
        let e = abs(fract(p.x * 2.0 + zig + jump) - 0.5);
        pattern = 1.0 - smoothstep(0.04, 0.1, e);
    } else {
        // Heat: a breathing glow with embers in a dot grid.
        let dots = 1.0 - smoothstep(0.1, 0.2, length(fract(p * 3.0) - 0.5));
        pattern = 0.55 + 0.45 * max(dots, 0.5 + 0.5 * sin(t * 3.0));
    }
    let strength = 0.3 + 0.25 * caution + 0.35 * critical;
    let a = present * strength * mix(0.45, 1.0, pattern);
    return mix(col, hue * (1.0 + 0.4 * critical), clamp(a, 0.0, 1.0));
}

fn carrier_hue(c: u32) -> vec3<f32> {
    if c == 0u {
        return srgb(230.0, 70.0, 60.0);
    } else if c == 1u {
        return srgb(80.0, 150.0, 255.0);
    }
    return srgb(250.0, 230.0, 70.0);
}

// The underground carrier `k` of a cell: thick lines from the centre towards every linked neighbour
// (each cell draws its half, so two linked cells show one line between their centres) and a large
// dot on a source. Offset per carrier so three layers under one cell stay apart.
fn carrier(col: vec3<f32>, cell: BoardCellRaw, k: u32, f: vec2<f32>, aa: f32, t: f32) -> vec3<f32> {
    let bits = (cell.under >> (k * 8u)) & 0xffu;
    if (bits & BOARD_UNDER_PRESENT) == 0u {
        return col;
    }
    let o = 0.5 + (f32(k) - 1.0) * 0.2;
    let c = vec2<f32>(o, o);
    let w = 0.045 + 0.04 * cell.amount[k];
    var d = length(f - c) - w;
    let links = bits >> BOARD_UNDER_LINKS_SHIFT;
    // North, east, south, west.
    if (links & 1u) != 0u {
        d = min(d, sd_box(f - vec2<f32>(o, o * 0.5), vec2<f32>(w, o * 0.5)));
    }
    if (links & 2u) != 0u {
        d = min(d, sd_box(f - vec2<f32>((o + 1.0) * 0.5, o), vec2<f32>((1.0 - o) * 0.5, w)));
    }
    if (links & 4u) != 0u {
        d = min(d, sd_box(f - vec2<f32>(o, (o + 1.0) * 0.5), vec2<f32>(w, (1.0 - o) * 0.5)));
    }
    if (links & 8u) != 0u {
        d = min(d, sd_box(f - vec2<f32>(o * 0.5, o), vec2<f32>(o * 0.5, w)));
    }
    if (bits & BOARD_UNDER_SOURCE) != 0u {
        d = min(d, length(f - c) - 0.17);
    }
    let fed = (bits & BOARD_UNDER_FED) != 0u;
    var hue = carrier_hue(k) * select(0.35, 1.0, fed);
    if (bits & BOARD_UNDER_LEAKING) != 0u {
        // A leaking cell blinks white.
        hue = mix(hue, vec3<f32>(1.0), 0.5 + 0.5 * sin(t * 8.0));
    }
    let edge = fill(d - aa * 1.5, aa);
    let body = fill(d, aa);
    return mix(mix(col, vec3<f32>(0.0), edge * 0.8), hue, body);
}

fn prop_layer(col_in: vec3<f32>, word: u32, q: vec2<f32>, aa: f32, t: f32) -> vec3<f32> {
    var col = col_in;
    let kind = (word >> BOARD_PROP_SHIFT) & 15u;
    let a = (word & BOARD_STATE_A) != 0u;
    let b = (word & BOARD_STATE_B) != 0u;
    let hue = carrier_hue((word >> BOARD_CARRIER_SHIFT) & 3u);
    let dark = vec3<f32>(0.02);
    let grey = srgb(120.0, 120.0, 120.0);
    if kind == BOARD_PROP_SOURCE {
        col = mix(col, dark, fill(length(q) - 0.36, aa));
        col = mix(col, hue, ring(q, 0.3, 0.05, aa));
        col = mix(col, select(grey * 0.5, hue, a), fill(length(q) - 0.15, aa));
    } else if kind == BOARD_PROP_VALVE {
        col = mix(col, dark, fill(length(q) - 0.34, aa));
        col = mix(col, hue, ring(q, 0.29, 0.04, aa));
        // Open: the handle lies along the pipe; closed: across it, in red.
        let handle = select(sd_box(q, vec2<f32>(0.06, 0.26)), sd_box(q, vec2<f32>(0.26, 0.05)), a);
        col = mix(col, select(srgb(255.0, 80.0, 60.0), srgb(235.0, 235.0, 225.0), a), fill(handle, aa));
    } else if kind == BOARD_PROP_CONSUMER {
        col = mix(col, srgb(60.0, 64.0, 70.0), fill(sd_box(q, vec2<f32>(0.32)), aa));
        col = mix(col, dark, fill(sd_box(q, vec2<f32>(0.25)), aa));
        let light = select(select(srgb(255.0, 80.0, 60.0), srgb(110.0, 230.0, 120.0), b), grey * 0.6, !a);
        col = mix(col, light, fill(length(q) - 0.14, aa));
    } else if kind == BOARD_PROP_JUNCTION {
        col = mix(col, srgb(180.0, 180.0, 190.0), fill(abs(q.x) + abs(q.y) - 0.22, aa));
        col = mix(col, dark, fill(abs(q.x) + abs(q.y) - 0.12, aa));
    } else if kind == BOARD_PROP_DOOR {
        // Closed: a striped leaf right across the corridor. Open: the leaf slid into both walls.
        let along = select(q, q.yx, b);
        var leaf = sd_box(along, vec2<f32>(0.14, 0.5));
        if a {
            leaf = sd_box(vec2<f32>(along.x, abs(along.y) - 0.44), vec2<f32>(0.14, 0.06));
        }
        let stripes = step(0.5, fract((along.y + along.x) * 4.0));
        let paint = mix(srgb(215.0, 170.0, 60.0), srgb(40.0, 34.0, 20.0), stripes * 0.7);
        col = mix(col, paint, fill(leaf, aa));
    } else if kind == BOARD_PROP_TERMINAL {
        let cyan = srgb(110.0, 230.0, 245.0);
        col = mix(col, cyan * 0.5, fill(sd_box(q, vec2<f32>(0.33, 0.26)), aa));
        col = mix(col, select(dark, cyan * (0.6 + 0.2 * sin(t * 2.0)), a), fill(sd_box(q, vec2<f32>(0.27, 0.2)), aa));
        col = mix(col, select(cyan * 0.5, dark, a), ring(q, 0.1, 0.03, aa));
    } else if kind == BOARD_PROP_SUPPLY {
        let wood = select(srgb(170.0, 130.0, 80.0), grey * 0.5, a);
        col = mix(col, wood, fill(sd_box(q, vec2<f32>(0.27)), aa));
        let cross = min(abs(q.x - q.y), abs(q.x + q.y)) - 0.035;
        col = mix(col, wood * 0.4, fill(max(cross, sd_box(q, vec2<f32>(0.22))), aa));
    } else if kind == BOARD_PROP_SPRINKLER {
        let blue = srgb(80.0, 150.0, 255.0);
        col = mix(col, dark, fill(length(q) - 0.26, aa));
        col = mix(col, select(grey, blue, a), fill(length(q) - 0.18, aa));
        if b {
            col = mix(col, vec3<f32>(0.8, 0.9, 1.0), ring(q, 0.22 + 0.2 * fract(t * 1.5), 0.02, aa));
        }
    } else if kind == BOARD_PROP_REACTOR {
        let glow = select(srgb(245.0, 200.0, 70.0), srgb(110.0, 235.0, 120.0), a);
        col = mix(col, dark, fill(length(q) - 0.44, aa));
        col = mix(col, glow, ring(q, 0.38, 0.04, aa));
        let ang = atan2(q.y, q.x) + t * select(0.3, 1.5, a);
        let blade = abs(fract(ang * 0.477) - 0.5) - 0.18;
        col = mix(col, glow * 0.8, fill(max(blade * 0.5, length(q) - 0.3), aa) * step(0.08, length(q)));
    }
    return col;
}

@fragment
fn fs_main(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let px = frag.xy;
    let background = srgb(10.0, 11.0, 13.0);
    let p = (px - board.origin) / board.cell_px;
    let c = vec2<i32>(floor(p));
    let outside = px.x < board.area.x || px.y < board.area.y || px.x >= board.area.x + board.area.z
        || px.y >= board.area.y + board.area.w;
    if outside || !in_grid(c) {
        return vec4<f32>(encode(background), 1.0);
    }
    let t = board.time;
    let aa = 1.0 / board.cell_px;
    let f = p - vec2<f32>(c);
    let q = f - 0.5;
    let cell = cells[index_of(c)];
    let wall = (cell.word & BOARD_WALL) != 0u;
    let edge = min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y));
    let layers = (board.flags & BOARD_FLAG_LAYERS) != 0u;

    var col: vec3<f32>;
    if wall {
        // Heavy plate with a light top bevel and hatching, so walls read as solid at any size.
        let hatch = step(0.5, fract((f.x - f.y) * 3.0));
        col = mix(srgb(74.0, 68.0, 62.0), srgb(62.0, 57.0, 52.0), hatch);
        col = mix(col, srgb(110.0, 102.0, 92.0), 1.0 - smoothstep(0.0, 0.08, f.y));
        col = mix(col, srgb(30.0, 28.0, 26.0), 1.0 - smoothstep(0.0, 0.08, 1.0 - f.y));
    } else {
        let seam = 1.0 - smoothstep(0.0, max(1.5 * aa, 0.02), edge);
        col = mix(srgb(46.0, 50.0, 54.0), srgb(24.0, 26.0, 29.0), seam);
        let v = field(p);
        col = layer(col, srgb(230.0, 70.0, 60.0), v.x, 0u, p, t);
        col = layer(col, srgb(80.0, 150.0, 255.0), v.y, 1u, p, t);
        col = layer(col, srgb(250.0, 230.0, 70.0), v.z, 2u, p, t);
        col = layer(col, srgb(255.0, 150.0, 40.0), v.w, 3u, p, t);
        if (cell.word & BOARD_UNSAFE) != 0u {
            // Red corner brackets: entering this cell unprotected loses.
            let corner = max(abs(q.x), abs(q.y));
            let bracket = step(0.4, corner) * step(0.3, min(abs(q.x), abs(q.y)));
            col = mix(col, srgb(255.0, 40.0, 40.0), bracket);
        }
    }
    if layers {
        col = col * 0.55;
        for (var k = 0u; k < 3u; k = k + 1u) {
            col = carrier(col, cell, k, f, aa, t);
        }
    }
    col = prop_layer(col, cell.word, q, aa, t);
    if (cell.word & BOARD_LEAK) != 0u {
        let hue = carrier_hue((cell.word >> BOARD_LEAK_SHIFT) & 3u);
        let dash = step(0.5, fract(atan2(q.y, q.x) * 1.273 + t * 0.5));
        col = mix(col, hue, ring(q, 0.42, 0.035, aa) * dash);
        col = mix(col, hue, fill(length(q - vec2<f32>(0.0, 0.3)) - 0.07, aa));
    }
    if (cell.word & BOARD_FORECAST) != 0u {
        let pulse = 0.6 + 0.4 * sin(t * 4.0);
        col = mix(col, srgb(235.0, 90.0, 235.0), fill(abs(edge - 0.07) - 0.035, aa) * pulse);
    }
    if all(c == board.robot) {
        if (board.flags & BOARD_FLAG_SHIELD) != 0u {
            col = mix(col, srgb(255.0, 150.0, 40.0), ring(q, 0.36, 0.04, aa));
        }
        col = mix(col, vec3<f32>(0.0), fill(length(q) - 0.3, aa));
        col = mix(col, srgb(210.0, 240.0, 235.0), fill(length(q) - 0.25, aa));
        col = mix(col, srgb(30.0, 60.0, 70.0), fill(sd_box(q + vec2<f32>(0.0, 0.06), vec2<f32>(0.14, 0.05)), aa));
    }
    if all(c == board.cursor) {
        let dash = step(0.5, fract((f.x + f.y) * 4.0 + t));
        col = mix(col, vec3<f32>(1.0), fill(edge - 0.03, aa) * mix(0.5, 1.0, dash));
    }
    return vec4<f32>(encode(col), 1.0);
}
