//! egui's output painted into the engine's frame: tessellation, texture and buffer uploads, and one
//! render pass that loads what the board pass drew and draws the widgets over it. The one place
//! that names egui-wgpu; the renderer hands it its encoder and target (`Renderer::draw_frame_then`).

use crate::render::Gpu;

/// The egui-wgpu renderer for targets of one format.
pub struct Painter {
    renderer: egui_wgpu::Renderer,
}

/// What to paint: the tessellated shapes and the texture changes a painter must apply first.
pub struct Painted<'a> {
    pub primitives: &'a [egui::ClippedPrimitive],
    pub set: &'a [(egui::TextureId, egui::epaint::ImageDelta)],
    pub free: &'a [egui::TextureId],
    pub pixels_per_point: f32,
}

/// egui's texture changes kept twice: the ones a painter has not seen since its last paint, and
/// the whole current state (each texture's last whole image and the patches since), which a new
/// painter (an F12 screenshot's, a test's) starts from.
#[derive(Default)]
pub struct Textures {
    pub pending: Vec<(egui::TextureId, egui::epaint::ImageDelta)>,
    pub pending_free: Vec<egui::TextureId>,
    pub state: Vec<(egui::TextureId, egui::epaint::ImageDelta)>,
}

impl Textures {
    /// Takes a pass's changes (egui wants every delta handled: they are all moved here).
    pub fn take(&mut self, mut delta: egui::TexturesDelta) {
        for (id, images) in std::mem::take(&mut delta.set) {
            for image in images {
                if image.is_whole() {
                    self.state.retain(|(i, _)| *i != id);
                }
                self.state.push((id, image.clone()));
                self.pending.push((id, image));
            }
        }
        for id in std::mem::take(&mut delta.free) {
            self.state.retain(|(i, _)| *i != id);
            self.pending_free.push(id);
        }
        delta.clear();
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
        painted: &Painted<'_>,
    ) {
        for (id, delta) in painted.set {
            self.renderer.update_texture(&gpu.device, &gpu.queue, *id, delta);
        }
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [size.0, size.1],
            pixels_per_point: painted.pixels_per_point,
        };
        let extra =
            self.renderer.update_buffers(&gpu.device, &gpu.queue, encoder, painted.primitives, &screen);
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
        self.renderer.render(&mut pass, painted.primitives, &screen);
        drop(pass);
        for id in painted.free {
            self.renderer.free_texture(id);
        }
    }
}
