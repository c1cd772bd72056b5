//! The wall torches' light baked once per turn into a small texture over the grid (the light field),
//! and the per-cell floor tints beside it, so the world shader pays one texture read per floor or
//! ceiling pixel for them instead of a loop over every torch (frame cost, issue 17); a wall run
//! reads it at its vertices, where the texel centres along its face lie (issue 35).
//!
//! Torches are static, so their light at any floor point is a function of the grid alone. Each
//! texel holds, for the height of the flames, the sum over the torches that see it (the half-space
//! of the torch's own face, and a grid line of sight: walls cast real shadows) of the weight
//! `w = 1 / (1 + 1.1 h²)` at horizontal distance `h`, and the same sum weighted by the unit
//! direction towards the torch and by `h`. Those sums filter linearly; the shader divides them back
//! into a mean direction and distance and adds the vertical term and the surface's cosine itself.
//! A texel inside a wall copies the open texel mirrored across its nearest face, so a sample at
//! a wall's foot or in front of its face reads the open side's light, never the far side's.

use crate::grid::{Facing, Pos};

use crate::render::scene::{TORCH_OFFSET, WALL_TORCH_RADIUS};

/// Texels per cell along each axis (in the prelude: the shader samples half a texel in front of a
/// wall face, the centre of the first row of open texels).
pub const FIELD_TEXELS: u32 = 4;

/// The field's format: four half floats per texel (filterable everywhere).
pub const FIELD_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// The light field of `torches` (packed as `scene::pack_torches`: flame point, then the face's
/// normal) over the `grid` of seen cell words, as half-float texels in row-major order,
/// `FIELD_TEXELS` per cell each way.
pub fn torch_field(cells: &[u32], grid: (u32, u32), torches: &[[f32; 4]]) -> Vec<[u16; 4]> {
    let (tw, th) = (grid.0 * FIELD_TEXELS, grid.1 * FIELD_TEXELS);
    let mut sums = vec![[0.0f32; 4]; (tw * th) as usize];
    let open = |x: i32, y: i32| {
        x >= 0
            && y >= 0
            && (x as u32) < grid.0
            && (y as u32) < grid.1
            && !blocks(cells[(y as u32 * grid.0 + x as u32) as usize])
    };
    let step = 1.0 / FIELD_TEXELS as f32;
    for t in torches {
        let (lo_x, hi_x) = texel_span(t[0], tw);
        let (lo_y, hi_y) = texel_span(t[1], th);
        for ty in lo_y..hi_y {
            for tx in lo_x..hi_x {
                let p = [(tx as f32 + 0.5) * step, (ty as f32 + 0.5) * step];
                let cell = (p[0].floor() as i32, p[1].floor() as i32);
                let at = if open(cell.0, cell.1) { Some(p) } else { mirrored(p, cell, &open) };
                if let Some(q) = at {
                    let s = &mut sums[(ty * tw + tx) as usize];
                    for (acc, v) in s.iter_mut().zip(light_at(q, t, &open)) {
                        *acc += v;
                    }
                }
            }
        }
    }
    sums.iter().map(|s| s.map(f16_bits)).collect()
}

/// One torch's contribution at open point `p`: (w, w·ux, w·uy, w·h), or zeros where it cannot see.
fn light_at(p: [f32; 2], t: &[f32; 4], open: &impl Fn(i32, i32) -> bool) -> [f32; 4] {
    let (dx, dy) = (t[0] - p[0], t[1] - p[1]);
    let h = (dx * dx + dy * dy).sqrt();
    let behind = -dx * t[2] - dy * t[3] <= -TORCH_OFFSET - 0.02;
    if h >= WALL_TORCH_RADIUS || behind || !line_of_sight([t[0], t[1]], p, open) {
        return [0.0; 4];
    }
    let w = 1.0 / (1.0 + 1.1 * h * h);
    let (ux, uy) = if h > 1e-4 { (dx / h, dy / h) } else { (0.0, 0.0) };
    [w, w * ux, w * uy, w * h]
}

/// The texels whose centres lie within the torch's radius of `c` along one axis.
fn texel_span(c: f32, texels: u32) -> (u32, u32) {
    let n = FIELD_TEXELS as f32;
    let lo = ((c - WALL_TORCH_RADIUS) * n).floor().max(0.0) as u32;
    let hi = (((c + WALL_TORCH_RADIUS) * n).ceil().max(0.0) as u32).min(texels);
    (lo.min(hi), hi)
}

/// A texel centre `p` inside wall `cell`, mirrored across the nearest face that opens onto floor.
fn mirrored(p: [f32; 2], cell: (i32, i32), open: &impl Fn(i32, i32) -> bool) -> Option<[f32; 2]> {
    let (lx, ly) = (p[0] - cell.0 as f32, p[1] - cell.1 as f32);
    let faces = [
        (lx, Facing::West, [cell.0 as f32 - lx, p[1]]),
        (1.0 - lx, Facing::East, [cell.0 as f32 + 2.0 - lx, p[1]]),
        (ly, Facing::North, [p[0], cell.1 as f32 - ly]),
        (1.0 - ly, Facing::South, [p[0], cell.1 as f32 + 2.0 - ly]),
    ];
    faces
        .iter()
        .filter(|(_, f, _)| {
            let (dx, dy) = f.delta();
            open(cell.0 + dx, cell.1 + dy)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, _, q)| *q)
}

/// Whether the segment from `a` to `b` crosses only open cells (Amanatides–Woo over the grid).
fn line_of_sight(a: [f32; 2], b: [f32; 2], open: &impl Fn(i32, i32) -> bool) -> bool {
    let mut cell = (a[0].floor() as i32, a[1].floor() as i32);
    let end = (b[0].floor() as i32, b[1].floor() as i32);
    let d = [b[0] - a[0], b[1] - a[1]];
    let step = (if d[0] < 0.0 { -1 } else { 1 }, if d[1] < 0.0 { -1 } else { 1 });
    let inv = |v: f32| if v == 0.0 { f32::INFINITY } else { (1.0 / v).abs() };
    let delta = [inv(d[0]), inv(d[1])];
    let first = |p: f32, c: i32, s: i32| if s < 0 { p - c as f32 } else { c as f32 + 1.0 - p };
    let mut next = [first(a[0], cell.0, step.0) * delta[0], first(a[1], cell.1, step.1) * delta[1]];
    for _ in 0..64 {
        if !open(cell.0, cell.1) {
            return false;
        }
        if cell == end {
            return true;
        }
        if next[0] < next[1] {
            next[0] += delta[0];
            cell.0 += step.0;
        } else {
            next[1] += delta[1];
            cell.1 += step.1;
        }
    }
    true
}

/// Whether a seen cell word stops light: the ray-cast's own test (`reference::blocks_view`).
fn blocks(cell: u32) -> bool {
    super::reference::blocks_view(cell)
}

/// A non-negative finite f32 as IEEE half-float bits (round to nearest; tiny values flush to 0).
fn f16_bits(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    if exp <= 0 {
        return sign;
    }
    if exp >= 31 {
        return sign | 0x7bff;
    }
    let mant = bits & 0x7f_ffff;
    let half = (exp as u32) << 10 | (mant >> 13);
    let rounded = half + ((mant >> 12) & 1);
    sign | rounded.min(0x7bff) as u16
}

/// The cell a torch of `facing` hangs in marks that face on its cell word (`scene::FLAG_TORCH_*`).
pub fn torch_face_flag(facing: Facing) -> u32 {
    use crate::render::scene::{FLAG_TORCH_E, FLAG_TORCH_N, FLAG_TORCH_S, FLAG_TORCH_W};
    match facing {
        Facing::North => FLAG_TORCH_N,
        Facing::East => FLAG_TORCH_E,
        Facing::South => FLAG_TORCH_S,
        Facing::West => FLAG_TORCH_W,
    }
}

/// Marks every torch's face on the cell words.
pub fn mark_torch_faces(cells: &mut [u32], width: u32, torches: &[(Pos, Facing)]) {
    for (p, f) in torches {
        if p.x >= 0 && p.y >= 0 && (p.x as u32) < width {
            if let Some(c) = cells.get_mut((p.y as u32 * width + p.x as u32) as usize) {
                *c |= torch_face_flag(*f);
            }
        }
    }
}

/// For tests: the cell words of a `w` × `h` floor cut in two by a wall along column `wall_x`, and
/// the torch (packed as `scene::pack_torches`) hanging on that wall's west face in the middle row.
#[cfg(test)]
pub(crate) fn divided_room(w: u32, h: u32, wall_x: u32) -> (Vec<u32>, [f32; 4]) {
    use crate::render::scene::{TILE_FLOOR, TILE_WALL};
    let mut cells = vec![TILE_FLOOR; (w * h) as usize];
    for y in 0..h {
        cells[(y * w + wall_x) as usize] = TILE_WALL;
    }
    (cells, [wall_x as f32 - TORCH_OFFSET, h as f32 / 2.0, -1.0, 0.0])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half_to_f32(h: u16) -> f32 {
        let exp = ((h >> 10) & 0x1f) as i32;
        let mant = (h & 0x3ff) as f32 / 1024.0;
        if exp == 0 {
            return 0.0;
        }
        (1.0 + mant) * 2f32.powi(exp - 15)
    }

    #[test]
    fn half_floats_round_trip_closely() {
        for v in [0.0, 0.001, 0.25, 0.7, 1.0, 1.9, 3.5] {
            assert!((half_to_f32(f16_bits(v)) - v).abs() <= v * 1e-3 + 1e-4, "{v}");
        }
    }

    /// A 7×3 room split by a wall at x = 3 in row 1: a torch on the west side lights the west floor
    /// and nothing past the wall.
    #[test]
    fn walls_cast_shadows_and_the_far_side_stays_dark() {
        let (w, h) = (7u32, 3u32);
        let (cells, torch) = divided_room(w, h, 3);
        let field = torch_field(&cells, (w, h), &[torch]);
        let at = |x: f32, y: f32| {
            let n = FIELD_TEXELS as f32;
            half_to_f32(field[((y * n) as u32 * w * FIELD_TEXELS + (x * n) as u32) as usize][0])
        };
        assert!(at(2.1, 1.4) > 0.5, "lit in front of the torch: {}", at(2.1, 1.4));
        assert_eq!(at(4.6, 1.4), 0.0, "the wall's far side is in shadow");
        assert!(at(3.1, 1.4) > 0.3, "a texel inside the wall copies the lit side it faces");
        assert_eq!(at(3.9, 1.4), 0.0, "and the dark side on its far face");
    }
}
