//! Offscreen rendering and readback: the target behind `--screenshot`, `--bench` and the GPU tests,
//! drawn by the same `Renderer` and shaders as the window.

use super::gpu::{texture_2d, Gpu};
use super::renderer::{Frame, Renderer};
use crate::scene::Scene;

/// An RGBA8 sRGB texture to render into, plus a buffer to copy it back through.
pub struct Offscreen {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    readback: wgpu::Buffer,
    width: u32,
    height: u32,
    padded_row: u32,
}

impl Offscreen {
    pub fn new(gpu: &Gpu, width: u32, height: u32) -> Offscreen {
        Self::with_format(gpu, width, height, Self::format())
    }

    /// A target of another RGBA8 `format`: tests draw on a linear `Rgba8Unorm` one to check the
    /// shaders' own sRGB encode, which a window whose surface offers no sRGB format relies on.
    pub fn with_format(gpu: &Gpu, width: u32, height: u32, format: wgpu::TextureFormat) -> Offscreen {
        let (width, height) = (width.max(1), height.max(1));
        let texture = gpu.device.create_texture(&texture_2d(
            "offscreen target",
            (width, height),
            format,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        ));
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        // Buffer copies need rows padded to 256 bytes; odd widths (701) catch mistakes here.
        let padded_row = (width * 4).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("offscreen readback"),
            size: padded_row as u64 * height as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        Offscreen { texture, view, readback, width, height, padded_row }
    }

    /// sRGB so the shaders write linear light and the hardware encodes, exactly as on a window surface.
    pub fn format() -> wgpu::TextureFormat {
        wgpu::TextureFormat::Rgba8UnormSrgb
    }

    pub fn view(&self) -> &wgpu::TextureView {
        &self.view
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Copies the target back: `width * height * 4` bytes, rows top to bottom, padding removed.
    /// Blocks until the GPU has finished everything submitted so far.
    pub fn read_rgba(&self, gpu: &Gpu) -> Vec<u8> {
        let mut encoder =
            gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("readback") });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(self.height),
                },
            },
            wgpu::Extent3d { width: self.width, height: self.height, depth_or_array_layers: 1 },
        );
        gpu.queue.submit([encoder.finish()]);
        let slice = self.readback.slice(..);
        slice.map_async(wgpu::MapMode::Read, |result| {
            result.expect("mapping the readback buffer failed");
        });
        gpu.device.poll(wgpu::PollType::wait_indefinitely()).expect("waiting for the GPU failed");
        let row = (self.width * 4) as usize;
        let mut out = Vec::with_capacity(row * self.height as usize);
        {
            let mapped = slice.get_mapped_range().expect("readback buffer is mapped after the wait");
            for chunk in mapped.chunks(self.padded_row as usize) {
                out.extend_from_slice(&chunk[..row]);
            }
        }
        self.readback.unmap();
        out
    }
}

/// Tightly packed RGBA8 pixels encoded as a PNG file's bytes (the shell's writer puts them on disk).
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| format!("Could not encode the PNG: {e}."))?;
    writer.write_image_data(rgba).map_err(|e| format!("Could not encode the PNG: {e}."))?;
    writer.finish().map_err(|e| format!("Could not encode the PNG: {e}."))?;
    Ok(bytes)
}

/// Renders one frame of `scene` at `width` × `height` and returns its RGBA8 pixels (for
/// `--screenshot` and tests; builds its own pipelines, so for many frames keep a `Renderer`).
pub fn render_image(gpu: &Gpu, scene: &Scene, frame: &Frame, width: u32, height: u32) -> Vec<u8> {
    let target = Offscreen::new(gpu, width, height);
    let mut renderer = Renderer::new(gpu, Offscreen::format());
    renderer.upload_scene(gpu, scene);
    renderer.draw_frame(gpu, target.view(), width, height, frame);
    target.read_rgba(gpu)
}
