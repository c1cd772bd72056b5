//! The world pass's per-turn textures: the wall torches' light field (`light_field`) and the floor
//! tints, rebuilt only when what they are made of changes (the seen grid, the torches, the tints);
//! and the cells either can show in, which the grid marks `FLAG_LIT` for the pipelines to split on.

use super::light_field::{torch_field, FIELD_FORMAT, FIELD_TEXELS};
use crate::render::gpu::{texture_2d, Gpu};
use crate::render::scene::FLAG_LIT;
use crate::scene::FloorTint;
use wgpu::util::DeviceExt;

/// What the textures were last built from.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    grid: (u32, u32),
    cells: Vec<u32>,
    torches: Vec<[f32; 4]>,
    tints: Vec<FloorTint>,
}

pub(crate) struct Fields {
    pub(crate) light: wgpu::TextureView,
    pub(crate) tints: wgpu::TextureView,
    pub(crate) sampler: wgpu::Sampler,
    key: Option<Key>,
    /// Per cell of the grid they were built for, row by row: whether either field can show there.
    lit: Vec<bool>,
}

/// The floor tints' format: sRGB bytes, so the shader reads linear colour.
const TINT_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8UnormSrgb;

fn texture(
    gpu: &Gpu,
    label: &str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
    data: &[u8],
) -> wgpu::TextureView {
    gpu.device
        .create_texture_with_data(
            &gpu.queue,
            &texture_2d(
                label,
                size,
                format,
                wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            ),
            wgpu::util::TextureDataOrder::LayerMajor,
            data,
        )
        .create_view(&wgpu::TextureViewDescriptor::default())
}

impl Fields {
    /// Empty fields (one dark texel each) until the first turn.
    pub(crate) fn new(gpu: &Gpu) -> Fields {
        let sampler = gpu.device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("light field sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        Fields {
            light: texture(gpu, "light field", (1, 1), FIELD_FORMAT, &[0; 8]),
            tints: texture(gpu, "floor tints", (1, 1), TINT_FORMAT, &[0; 4]),
            sampler,
            key: None,
            lit: Vec::new(),
        }
    }

    /// Rebuilds the textures for this turn unless they already show it; true when they changed
    /// (the bind group must then be made again).
    pub(crate) fn update(
        &mut self,
        gpu: &Gpu,
        grid: (u32, u32),
        cells: &[u32],
        torches: &[[f32; 4]],
        tints: &[FloorTint],
    ) -> bool {
        let key = Key { grid, cells: cells.to_vec(), torches: torches.to_vec(), tints: tints.to_vec() };
        if self.key.as_ref() == Some(&key) {
            return false;
        }
        let texels = if torches.is_empty() { Vec::new() } else { torch_field(cells, grid, torches) };
        self.lit = lit_cells(grid, &texels, tints);
        self.light = if texels.is_empty() {
            texture(gpu, "light field", (1, 1), FIELD_FORMAT, &[0; 8])
        } else {
            let size = (grid.0 * FIELD_TEXELS, grid.1 * FIELD_TEXELS);
            texture(gpu, "light field", size, FIELD_FORMAT, bytemuck::cast_slice(&texels))
        };
        self.tints = if tints.is_empty() {
            texture(gpu, "floor tints", (1, 1), TINT_FORMAT, &[0; 4])
        } else {
            texture(gpu, "floor tints", grid, TINT_FORMAT, &tint_bytes(grid, tints))
        };
        self.key = Some(key);
        true
    }

    /// Marks `FLAG_LIT` on the cells (of the grid of the last `update`) where a field can show.
    pub(crate) fn mark_lit(&self, cells: &mut [u32]) {
        for (word, _) in cells.iter_mut().zip(&self.lit).filter(|(_, &lit)| lit) {
            *word |= FLAG_LIT;
        }
    }
}

/// The cells where the light field (`texels`, as `torch_field` lays them out; empty for none) is
/// not 0 or a tint lies, and every cell beside one of them: a filtered read of the field reaches
/// half a texel past a cell's edge, and a wall's face reads the cell in front of it.
pub fn lit_cells(grid: (u32, u32), texels: &[[u16; 4]], tints: &[FloorTint]) -> Vec<bool> {
    let (w, h) = (grid.0 as usize, grid.1 as usize);
    let mut shows = vec![false; w * h];
    let texels_across = w * FIELD_TEXELS as usize;
    for (i, _) in texels.iter().enumerate().filter(|(_, t)| t[0] != 0) {
        let (tx, ty) = (i % texels_across, i / texels_across);
        shows[(ty / FIELD_TEXELS as usize) * w + tx / FIELD_TEXELS as usize] = true;
    }
    for t in tints {
        if t.cell.x >= 0 && t.cell.y >= 0 && (t.cell.x as usize) < w && (t.cell.y as usize) < h {
            shows[t.cell.y as usize * w + t.cell.x as usize] = true;
        }
    }
    let mut lit = vec![false; w * h];
    for (i, _) in shows.iter().enumerate().filter(|(_, &s)| s) {
        let (x, y) = (i % w, i / w);
        for ny in y.saturating_sub(1)..(y + 2).min(h) {
            for nx in x.saturating_sub(1)..(x + 2).min(w) {
                lit[ny * w + nx] = true;
            }
        }
    }
    lit
}

/// One rgba8 texel per cell: the tint's sRGB colour and its strength; 0 where there is none.
pub fn tint_bytes(grid: (u32, u32), tints: &[FloorTint]) -> Vec<u8> {
    let mut out = vec![0u8; (grid.0 * grid.1 * 4) as usize];
    for t in tints {
        let (x, y) = (t.cell.x, t.cell.y);
        if x < 0 || y < 0 || x as u32 >= grid.0 || y as u32 >= grid.1 {
            continue;
        }
        let i = ((y as u32 * grid.0 + x as u32) * 4) as usize;
        let [r, g, b] = t.colour;
        out[i..i + 4].copy_from_slice(&[r, g, b, (t.strength.clamp(0.0, 1.0) * 255.0).round() as u8]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::render::world::light_field::divided_room;

    #[test]
    fn lit_cells_are_where_a_field_shows_and_beside_it_and_nowhere_else() {
        // A 9 x 3 corridor, a dividing wall at x = 4, a torch on its west face: light left of the
        // wall only; and a tint at the far east end.
        let (w, h) = (9u32, 3u32);
        let (cells, torch) = divided_room(w, h, 4);
        let texels = torch_field(&cells, (w, h), &[torch]);
        let tint = FloorTint { cell: Pos::new(8, 1), colour: [200, 0, 0], strength: 0.5 };
        let lit = lit_cells((w, h), &texels, &[tint]);
        let at = |x: u32, y: u32| lit[(y * w + x) as usize];
        let ft = FIELD_TEXELS;
        for y in 0..h {
            for x in 0..w {
                let shows = (0..ft * ft).any(|i| {
                    let (tx, ty) = (x * ft + i % ft, y * ft + i / ft);
                    texels[(ty * w * ft + tx) as usize][0] != 0
                });
                assert!(!shows || at(x, y), "cell ({x}, {y}) shows light but is not lit");
            }
        }
        assert!(at(3, 1) && at(1, 1), "in front of the torch");
        assert!(at(5, 1), "the wall's far side borders a lit cell");
        assert!(!at(6, 1), "two cells past the wall is dark");
        assert!(at(7, 0) && at(8, 2), "the tint and its neighbours");
        assert!(lit_cells((w, h), &[], &[]).iter().all(|&l| !l), "no fields, nothing lit");
    }
}
