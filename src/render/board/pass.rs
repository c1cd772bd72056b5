//! The board's pipeline, its uniforms and its cell buffer (reallocated when the level grows).

use super::layout::BoardView;
use super::pack::{pack_board, BoardCellRaw, BoardUniforms};
use crate::render::gpu::Gpu;
use crate::render::layout_entries::{storage_entry, uniform_entry};
use crate::render::pipeline::{vertexless_pipeline, PipelineSpec};
use crate::render::shader_source::{self, Entry};
use crate::scene::BoardScene;

pub(crate) struct BoardPass {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    cells: wgpu::Buffer,
    capacity: usize,
    bind_group: wgpu::BindGroup,
}

impl BoardPass {
    pub(crate) fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> BoardPass {
        let device = &gpu.device;
        let module = shader_source::module(device, Entry::Board);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("board bind group layout"),
            entries: &[
                uniform_entry(0, std::mem::size_of::<BoardUniforms>() as u64),
                storage_entry(1, std::mem::size_of::<BoardCellRaw>() as u64),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("board pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let constants = [("ENCODE_SRGB", f64::from(u8::from(!format.is_srgb())))];
        let targets =
            [Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })];
        let pipeline = vertexless_pipeline(
            device,
            &PipelineSpec {
                label: "board pipeline",
                layout: &pipeline_layout,
                module: &module,
                entries: ("vs_main", "fs_main"),
                constants: &constants,
                targets: &targets,
            },
        );
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("board uniforms"),
            size: std::mem::size_of::<BoardUniforms>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let capacity = 64;
        let cells = Self::cell_buffer(gpu, capacity);
        let bind_group = Self::bind_group(gpu, &layout, &uniforms, &cells);
        BoardPass { pipeline, layout, uniforms, cells, capacity, bind_group }
    }

    fn cell_buffer(gpu: &Gpu, capacity: usize) -> wgpu::Buffer {
        gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("board cells"),
            size: (capacity * std::mem::size_of::<BoardCellRaw>()) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        uniforms: &wgpu::Buffer,
        cells: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("board bind group"),
            layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: uniforms.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: cells.as_entire_binding() },
            ],
        })
    }

    /// Once per scene (a pulse step): the cells.
    pub(crate) fn upload(&mut self, gpu: &Gpu, board: &BoardScene) {
        let raw = pack_board(board);
        if raw.len() > self.capacity {
            self.capacity = raw.len().next_power_of_two();
            self.cells = Self::cell_buffer(gpu, self.capacity);
            self.bind_group = Self::bind_group(gpu, &self.layout, &self.uniforms, &self.cells);
        }
        gpu.queue.write_buffer(&self.cells, 0, bytemuck::cast_slice(&raw));
    }

    /// Once per frame: placement, clock and flags.
    pub(crate) fn write_frame(&self, gpu: &Gpu, board: &BoardScene, view: &BoardView, time: f32) {
        gpu.queue.write_buffer(&self.uniforms, 0, bytemuck::bytes_of(&BoardUniforms::new(board, view, time)));
    }

    pub(crate) fn record(&self, encoder: &mut wgpu::CommandEncoder, target: &wgpu::TextureView) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("board pass"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..3, 0..1);
    }
}
