//! The world pass on the GPU: pipeline, camera uniforms and the grid storage buffer for
//! `shaders/world.wgsl`.

use super::gpu::Gpu;
use super::scene::{WorldUniforms, TILE_WALL};
use super::shaders;
use wgpu::util::DeviceExt;

pub(crate) struct WorldPass {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    cells: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    grid: (u32, u32),
}

impl WorldPass {
    pub(crate) fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> WorldPass {
        let device = &gpu.device;
        let module = shaders::module(device, "world.wgsl", shaders::WORLD_WGSL);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("world bind group layout"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: wgpu::BufferSize::new(std::mem::size_of::<WorldUniforms>() as u64),
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: true },
                        has_dynamic_offset: false,
                        min_binding_size: wgpu::BufferSize::new(4),
                    },
                    count: None,
                },
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("world pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("world pipeline"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_main"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("world uniforms"),
            size: std::mem::size_of::<WorldUniforms>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        // Until the first turn is uploaded the world is one wall cell: a valid, black-ish frame.
        let cells = Self::cells_buffer(gpu, &[TILE_WALL]);
        let bind_group = Self::bind_group(gpu, &layout, &uniforms, &cells);
        WorldPass { pipeline, layout, uniforms, cells, bind_group, grid: (1, 1) }
    }

    fn cells_buffer(gpu: &Gpu, cells: &[u32]) -> wgpu::Buffer {
        gpu.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("world cells"),
            contents: bytemuck::cast_slice(cells),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        })
    }

    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        uniforms: &wgpu::Buffer,
        cells: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("world bind group"),
            layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: uniforms.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: cells.as_entire_binding() },
            ],
        })
    }

    /// Uploads the grid; the buffer is reallocated only when the level size changes.
    pub(crate) fn upload_cells(&mut self, gpu: &Gpu, grid: (u32, u32), cells: &[u32]) {
        debug_assert_eq!(cells.len(), (grid.0 * grid.1) as usize);
        if grid == self.grid {
            gpu.queue.write_buffer(&self.cells, 0, bytemuck::cast_slice(cells));
        } else {
            self.cells = Self::cells_buffer(gpu, cells);
            self.bind_group = Self::bind_group(gpu, &self.layout, &self.uniforms, &self.cells);
            self.grid = grid;
        }
    }

    pub(crate) fn grid(&self) -> (u32, u32) {
        self.grid
    }

    pub(crate) fn write_uniforms(&self, gpu: &Gpu, u: &WorldUniforms) {
        gpu.queue.write_buffer(&self.uniforms, 0, bytemuck::bytes_of(u));
    }

    /// Draws into the `width` × `view_height` strip at the top of the target.
    pub(crate) fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        width: u32,
        view_height: u32,
    ) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("world pass"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        if view_height == 0 {
            return;
        }
        pass.set_viewport(0.0, 0.0, width as f32, view_height as f32, 0.0, 1.0);
        pass.set_scissor_rect(0, 0, width, view_height);
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..3, 0..1);
    }
}
