//! The world pass's per-turn textures: the wall torches' light field (`light_field`) and the floor
//! tints, rebuilt only when what they are made of changes (the seen grid, the torches, the tints).

use super::light_field::{torch_field, FIELD_FORMAT, FIELD_TEXELS};
use crate::render::gpu::{texture_2d, Gpu};
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
        self.light = if torches.is_empty() {
            texture(gpu, "light field", (1, 1), FIELD_FORMAT, &[0; 8])
        } else {
            let texels = torch_field(cells, grid, torches);
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
