//! The column pass on the GPU: the compute pipelines of `shaders/columns.wgsl`, their bindings, the
//! column table they write for the world pass (`render::columns` places the samples) and the wall
//! runs found in it, with the indirect draw that draws them.

use super::columns::{RUN_BYTES, SAMPLE_BYTES};
use super::gpu::Gpu;
use super::layout_entries::{storage_entry, uniform_entry};
use super::scene::{FrameUniforms, PulseUniforms, TurnUniforms};
use super::shader_source::{self, Entry};
use super::wall_bits::WALL_BIT_BYTES;
use wgpu::util::DeviceExt;

/// The column pass (`shaders/columns.wgsl`): one compute invocation per sample casts its ray and
/// packs the wall it meets into the table the world pass reads (binding 8), so the grid is walked
/// once per column rather than once per pixel. Frames without warps then list the runs of columns
/// that meet one face (binding 11) and count them into the draw's arguments, so the world pass
/// draws one instance per run rather than one per column: lavapipe pays for every instance,
/// even one that draws nothing (docs/frame-cost.md).
pub(crate) struct ColumnPass {
    pipeline: wgpu::ComputePipeline,
    runs_pipeline: wgpu::ComputePipeline,
    pub layout: wgpu::BindGroupLayout,
    pub bind_group: wgpu::BindGroup,
    pub table: wgpu::Buffer,
    /// Each run's first and last column, as many as `run_draw` counts.
    pub runs: wgpu::Buffer,
    /// `wgpu::util::DrawIndirectArgs` for the runs: six vertices, one instance per run.
    pub run_draw: wgpu::Buffer,
    capacity: u32,
    /// The samples the frame of the last `write_frame` casts.
    pub count: u32,
}

/// Samples per workgroup of `cs_columns` and `cs_runs`.
const COLUMN_WORKGROUP: u32 = 64;

/// The size of `wgpu::util::DrawIndirectArgs`, and where its instance count lies in it.
const DRAW_ARGS_BYTES: u64 = 16;
const INSTANCE_COUNT_OFFSET: u64 = 4;

impl ColumnPass {
    /// `inputs` are bindings 0 to 3 and 10 of the world's group (its uniform blocks, grid words and
    /// wall bits: the shader only reads the words, but its walk names both).
    pub(crate) fn new(gpu: &Gpu, inputs: [wgpu::BindGroupEntry<'_>; 5]) -> ColumnPass {
        let device = &gpu.device;
        let compute = |mut entry: wgpu::BindGroupLayoutEntry| {
            entry.visibility = wgpu::ShaderStages::COMPUTE;
            entry
        };
        let written = |binding: u32, size: u64| {
            let mut entry = compute(storage_entry(binding, size));
            entry.ty = wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: wgpu::BufferSize::new(size),
            };
            entry
        };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("column pass layout"),
            entries: &[
                compute(uniform_entry(0, std::mem::size_of::<FrameUniforms>() as u64)),
                compute(uniform_entry(1, std::mem::size_of::<TurnUniforms>() as u64)),
                compute(uniform_entry(2, std::mem::size_of::<PulseUniforms>() as u64)),
                compute(storage_entry(3, 4)),
                compute(uniform_entry(10, WALL_BIT_BYTES)),
                written(9, SAMPLE_BYTES),
                written(12, RUN_BYTES),
                written(13, DRAW_ARGS_BYTES),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("column pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let module = shader_source::module(device, Entry::Columns);
        let compute_pipeline = |label, entry| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(label),
                layout: Some(&pipeline_layout),
                module: &module,
                entry_point: Some(entry),
                compilation_options: Default::default(),
                cache: None,
            })
        };
        let pipeline = compute_pipeline("column pipeline", "cs_columns");
        let runs_pipeline = compute_pipeline("wall run pipeline", "cs_runs");
        let (table, runs) = Self::tables(gpu, 1);
        // The vertex count stays; the instance count is cleared before each frame's runs are counted.
        let args = wgpu::util::DrawIndirectArgs {
            vertex_count: 6,
            instance_count: 0,
            first_vertex: 0,
            first_instance: 0,
        };
        let run_draw = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("wall run draw"),
            contents: args.as_bytes(),
            usage: wgpu::BufferUsages::INDIRECT | wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        });
        let bind_group = Self::bind_group(gpu, &layout, inputs, [&table, &runs, &run_draw]);
        ColumnPass {
            pipeline,
            runs_pipeline,
            layout,
            bind_group,
            table,
            runs,
            run_draw,
            capacity: 1,
            count: 1,
        }
    }

    /// Makes the bind group again over the current buffers (after `reserve` or new `inputs`).
    pub(crate) fn rebind(&mut self, gpu: &Gpu, inputs: [wgpu::BindGroupEntry<'_>; 5]) {
        self.bind_group =
            Self::bind_group(gpu, &self.layout, inputs, [&self.table, &self.runs, &self.run_draw]);
    }

    /// The column table and the run list for `capacity` samples (a run per sample at most).
    fn tables(gpu: &Gpu, capacity: u32) -> (wgpu::Buffer, wgpu::Buffer) {
        let buffer = |label, item: u64| {
            gpu.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: u64::from(capacity) * item,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
        };
        (buffer("column table", SAMPLE_BYTES), buffer("wall runs", RUN_BYTES))
    }

    /// The pass's bind group: the world's `inputs`, then the table, the run list and the draw.
    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        inputs: [wgpu::BindGroupEntry<'_>; 5],
        [table, runs, run_draw]: [&wgpu::Buffer; 3],
    ) -> wgpu::BindGroup {
        let mut entries = inputs.to_vec();
        entries.extend([
            wgpu::BindGroupEntry { binding: 9, resource: table.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 12, resource: runs.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 13, resource: run_draw.as_entire_binding() },
        ]);
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("column pass bind group"),
            layout,
            entries: &entries,
        })
    }

    /// Grows the table and the run list to hold `needed` samples; true when they were reallocated
    /// (the bind groups that hold them must be made again).
    pub(crate) fn reserve(&mut self, gpu: &Gpu, needed: u32) -> bool {
        if needed <= self.capacity {
            return false;
        }
        (self.table, self.runs) = Self::tables(gpu, needed);
        self.capacity = needed;
        true
    }

    /// Casts the samples, then (when `runs`) lists the wall runs among them for
    /// [`ColumnPass::run_draw`]: two dispatches of one pass, and WebGPU makes each dispatch's
    /// writes visible to the next, so every sample is cast before any run is read.
    pub(crate) fn record(&self, encoder: &mut wgpu::CommandEncoder, runs: bool) {
        if runs {
            encoder.clear_buffer(&self.run_draw, INSTANCE_COUNT_OFFSET, Some(4));
        }
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("column pass"),
            timestamp_writes: None,
        });
        pass.set_bind_group(0, &self.bind_group, &[]);
        let workgroups = self.count.div_ceil(COLUMN_WORKGROUP);
        pass.set_pipeline(&self.pipeline);
        pass.dispatch_workgroups(workgroups, 1, 1);
        if runs {
            pass.set_pipeline(&self.runs_pipeline);
            pass.dispatch_workgroups(workgroups, 1, 1);
        }
    }
}
