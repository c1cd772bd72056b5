//! The HUD pass on the GPU: the instance buffer of glyph quads (each with its glyph's rows) and the
//! pipeline for `shaders/hud.wgsl`. What goes where is decided in `hud_layout`.

use crate::render::gpu::Gpu;
use crate::render::layout_entries::{storage_entry, uniform_entry};
use crate::render::pipeline::{vertexless_pipeline, PipelineSpec};
use crate::render::scene::{GlyphInstance, HudUniforms};
use crate::render::shader_source::{self, Entry};

pub(crate) struct HudPass {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    instances: wgpu::Buffer,
    capacity: usize,
    count: u32,
    bind_group: wgpu::BindGroup,
}

impl HudPass {
    pub(crate) fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> HudPass {
        let device = &gpu.device;
        let module = shader_source::module(device, Entry::Hud);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("hud bind group layout"),
            entries: &[
                uniform_entry(0, std::mem::size_of::<HudUniforms>() as u64),
                storage_entry(1, std::mem::size_of::<GlyphInstance>() as u64),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("hud pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        // On a non-sRGB target the shader encodes gamma itself (common/colour.wgsl).
        let constants = [("ENCODE_SRGB", f64::from(u8::from(!format.is_srgb())))];
        let targets = [Some(wgpu::ColorTargetState {
            format,
            blend: Some(wgpu::BlendState::ALPHA_BLENDING),
            write_mask: wgpu::ColorWrites::ALL,
        })];
        let pipeline = vertexless_pipeline(
            device,
            &PipelineSpec {
                label: "hud pipeline",
                layout: &pipeline_layout,
                module: &module,
                entries: ("vs_main", "fs_main"),
                constants: &constants,
                targets: &targets,
                depth: None,
            },
        );
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("hud uniforms"),
            size: std::mem::size_of::<HudUniforms>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let capacity = 256;
        let instances = Self::instance_buffer(gpu, capacity);
        let bind_group = Self::bind_group(gpu, &layout, &uniforms, &instances);
        HudPass { pipeline, layout, uniforms, instances, capacity, count: 0, bind_group }
    }

    fn instance_buffer(gpu: &Gpu, capacity: usize) -> wgpu::Buffer {
        gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("hud instances"),
            size: (capacity * std::mem::size_of::<GlyphInstance>()) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        uniforms: &wgpu::Buffer,
        instances: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("hud bind group"),
            layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: uniforms.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: instances.as_entire_binding() },
            ],
        })
    }

    pub(crate) fn write_uniforms(&self, gpu: &Gpu, u: &HudUniforms) {
        gpu.queue.write_buffer(&self.uniforms, 0, bytemuck::bytes_of(u));
    }

    /// Replaces the quads; the buffer grows (to the next power of two) when they no longer fit.
    pub(crate) fn set_instances(&mut self, gpu: &Gpu, instances: &[GlyphInstance]) {
        if instances.len() > self.capacity {
            self.capacity = instances.len().next_power_of_two();
            self.instances = Self::instance_buffer(gpu, self.capacity);
            self.bind_group = Self::bind_group(gpu, &self.layout, &self.uniforms, &self.instances);
        }
        gpu.queue.write_buffer(&self.instances, 0, bytemuck::cast_slice(instances));
        self.count = instances.len() as u32;
    }

    pub(crate) fn record(&self, encoder: &mut wgpu::CommandEncoder, target: &wgpu::TextureView) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("hud pass"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Load, store: wgpu::StoreOp::Store },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        if self.count == 0 {
            return;
        }
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..6, 0..self.count);
    }
}
