//! egui's output painted into the engine's frame: tessellation, texture and buffer uploads, and one
//! render pass that loads what the board pass drew and draws the widgets over it. The one place
//! that names egui-wgpu; the renderer hands it its encoder and target (`Renderer::draw_frame_then`).

use crate::render::Gpu;

/// The egui-wgpu renderer for targets of one format.
pub struct Painter {
    renderer: egui_wgpu::Renderer,
}

/// What one egui pass produced, ready to paint.
pub struct Painted {
    pub primitives: Vec<egui::ClippedPrimitive>,
    pub textures: egui::TexturesDelta,
    pub pixels_per_point: f32,
}

impl Painted {
    /// Tessellates a pass's shapes (the textures' changes travel with them).
    pub fn of(ctx: &egui::Context, output: egui::FullOutput) -> Painted {
        let pixels_per_point = output.pixels_per_point;
        Painted {
            primitives: ctx.tessellate(output.shapes, pixels_per_point),
            textures: output.textures_delta,
            pixels_per_point,
        }
    }
}

impl Painter {
    pub fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> Painter {
        // Dithering assumes an sRGB target and adds noise the pixel tests would have to tolerate;
        // the panels are flat colours, so it buys nothing here.
        let options = egui_wgpu::RendererOptions { dithering: false, ..Default::default() };
        Painter { renderer: egui_wgpu::Renderer::new(&gpu.device, format, options) }
    }

    /// Records `painted` into `encoder` over `target` (`size` in pixels). Textures egui no longer
    /// needs are freed after the pass.
    pub fn paint(
        &mut self,
        gpu: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        size: (u32, u32),
        painted: &Painted,
    ) {
        for (id, deltas) in &painted.textures.set {
            for delta in deltas {
                self.renderer.update_texture(&gpu.device, &gpu.queue, *id, delta);
            }
        }
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [size.0, size.1],
            pixels_per_point: painted.pixels_per_point,
        };
        let extra =
            self.renderer.update_buffers(&gpu.device, &gpu.queue, encoder, &painted.primitives, &screen);
        // The callbacks' command buffers (none: we add no paint callbacks) would have to go first.
        debug_assert!(extra.is_empty());
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("egui pass"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                resolve_target: None,
                depth_slice: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Load, store: wgpu::StoreOp::Store },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        // egui-wgpu takes a pass with no borrow of the encoder; the pass ends when dropped here.
        let mut pass = pass.forget_lifetime();
        self.renderer.render(&mut pass, &painted.primitives, &screen);
        drop(pass);
        for id in &painted.textures.free {
            self.renderer.free_texture(id);
        }
    }
}
