//! The board's pipelines, its uniforms and its buffers: the floor pass over the whole area (terrain,
//! fields and, in its `LAYERS` variant, the carriers), then one quad per marked cell (props, leaks,
//! forecasts, the robot, the cursor) blended over it.

use super::layout::BoardView;
use super::pack::{pack_board, pack_marks, BoardCellRaw, BoardUniforms};
use crate::render::gpu::Gpu;
use crate::render::layout_entries::{storage_entry, uniform_entry};
use crate::render::pipeline::{cleared_pass, vertexless_pipeline, PipelineSpec};
use crate::render::shader_source::{self, Entry};
use crate::scene::BoardScene;

/// A storage buffer that grows to the next power of two when its contents no longer fit.
struct Grown {
    buffer: wgpu::Buffer,
    capacity: u64,
}

impl Grown {
    fn new(gpu: &Gpu, label: &str, bytes: u64) -> Grown {
        let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: bytes,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Grown { buffer, capacity: bytes }
    }

    /// Writes `data`; true when the buffer had to be replaced (its bind group with it).
    fn write(&mut self, gpu: &Gpu, label: &str, data: &[u8]) -> bool {
        let grew = data.len() as u64 > self.capacity;
        if grew {
            *self = Grown::new(gpu, label, (data.len() as u64).next_power_of_two());
        }
        gpu.queue.write_buffer(&self.buffer, 0, data);
        grew
    }
}

pub(crate) struct BoardPass {
    /// The floor without and with the underground layers (`LAYERS`), and the marks.
    floor: [wgpu::RenderPipeline; 2],
    mark: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    cells: Grown,
    marks: Grown,
    mark_count: u32,
    layers: bool,
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
                storage_entry(2, 4),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("board pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let encode = ("ENCODE_SRGB", f64::from(u8::from(!format.is_srgb())));
        let opaque =
            [Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })];
        let build =
            |label, entries, constants: &[(&str, f64)], targets: &[Option<wgpu::ColorTargetState>]| {
                vertexless_pipeline(
                    device,
                    &PipelineSpec {
                        label,
                        layout: &pipeline_layout,
                        module: &module,
                        entries,
                        constants,
                        targets,
                        depth: None,
                    },
                )
            };
        let floor = [false, true].map(|layers| {
            let constants = [encode, ("LAYERS", f64::from(u8::from(layers)))];
            build("board floor pipeline", ("vs_main", "fs_main"), &constants, &opaque)
        });
        let premultiplied = [Some(wgpu::ColorTargetState {
            format,
            blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING),
            write_mask: wgpu::ColorWrites::ALL,
        })];
        let mark = build("board mark pipeline", ("vs_mark", "fs_mark"), &[encode], &premultiplied);
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("board uniforms"),
            size: std::mem::size_of::<BoardUniforms>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let cells = Grown::new(gpu, "board cells", 64 * std::mem::size_of::<BoardCellRaw>() as u64);
        let marks = Grown::new(gpu, "board marks", 64 * 4);
        let bind_group = Self::bind_group(gpu, &layout, &uniforms, &cells.buffer, &marks.buffer);
        BoardPass { floor, mark, layout, uniforms, cells, marks, mark_count: 0, layers: false, bind_group }
    }

    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        uniforms: &wgpu::Buffer,
        cells: &wgpu::Buffer,
        marks: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("board bind group"),
            layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: uniforms.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: cells.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 2, resource: marks.as_entire_binding() },
            ],
        })
    }

    /// Once per scene (a pulse step): the cells and which of them carry marks.
    pub(crate) fn upload(&mut self, gpu: &Gpu, board: &BoardScene) {
        let raw = pack_board(board);
        let marks = pack_marks(board, &raw);
        let grew = self.cells.write(gpu, "board cells", bytemuck::cast_slice(&raw))
            | self.marks.write(gpu, "board marks", bytemuck::cast_slice(&marks));
        if grew {
            self.bind_group =
                Self::bind_group(gpu, &self.layout, &self.uniforms, &self.cells.buffer, &self.marks.buffer);
        }
        self.mark_count = if board.cells.as_slice().is_empty() { 0 } else { marks.len() as u32 };
        self.layers = board.layers;
    }

    /// Once per frame: placement, clock and flags.
    pub(crate) fn write_frame(
        &self,
        gpu: &Gpu,
        board: &BoardScene,
        view: &BoardView,
        time: f32,
        screen: (u32, u32),
        reduced: bool,
    ) {
        let u = BoardUniforms::new(board, view, time, screen, reduced);
        gpu.queue.write_buffer(&self.uniforms, 0, bytemuck::bytes_of(&u));
    }

    pub(crate) fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        view: &BoardView,
    ) {
        let mut pass = cleared_pass(encoder, target, "board pass");
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_pipeline(&self.floor[usize::from(self.layers)]);
        pass.draw(0..3, 0..1);
        // Marks may lie partly outside the board's area when zoomed: keep them in it.
        let [x, y, w, h] = view.area.map(|v| v.max(0.0) as u32);
        if self.mark_count > 0 && w > 0 && h > 0 {
            pass.set_scissor_rect(x, y, w, h);
            pass.set_pipeline(&self.mark);
            pass.draw(0..6, 0..self.mark_count);
        }
    }
}
