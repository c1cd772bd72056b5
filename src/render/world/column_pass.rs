//! The column pass on the GPU: the compute pipelines of `shaders/columns.wgsl`, their bindings, the
//! column table they write for the world pass (`render::columns` places the samples), and the wall
//! runs found in it with the indirect draw that draws them.

use super::columns::{RUN_BYTES, SAMPLE_BYTES};
use crate::render::gpu::Gpu;
use crate::render::layout_entries::{only_in, storage_entry, uniform_entry, written_storage_entry};
use crate::render::scene::{FrameUniforms, PulseUniforms, TurnUniforms};
use crate::render::shader_source::{self, Entry};

/// The column pass (`shaders/columns.wgsl`): one compute invocation per sample casts its ray and
/// packs the wall it meets into the table the world pass reads (binding 8), so the grid is walked
/// once per column rather than once per pixel. It then lists the runs of columns that meet one face
/// (binding 11), counted into the draw's arguments at the head of the same buffer, so the world
/// pass draws one instance per run rather than one per column: lavapipe pays for every instance,
/// even one that draws nothing (docs/frame-cost.md).
pub(crate) struct ColumnPass {
    pipeline: wgpu::ComputePipeline,
    runs_pipeline: wgpu::ComputePipeline,
    pub layout: wgpu::BindGroupLayout,
    pub bind_group: wgpu::BindGroup,
    pub table: wgpu::Buffer,
    /// `wgpu::util::DrawIndirectArgs` for the runs (six vertices, one instance per run), then each
    /// run's first and last column, as many as the arguments count.
    pub runs: wgpu::Buffer,
    capacity: u32,
    /// The samples the frame of the last `write_frame` casts.
    pub count: u32,
}

/// Samples per workgroup of `cs_columns` and `cs_runs`.
const COLUMN_WORKGROUP: u32 = 64;

/// The draw's arguments at the head of the run list (`wgpu::util::DrawIndirectArgs`, 16 bytes):
/// six vertices a run, and where the run count lies in them.
const RUN_DRAW: [u32; 4] = [6, 0, 0, 0];
pub(crate) const RUN_LIST_HEAD: u64 = 16;
const RUN_COUNT_OFFSET: u64 = 4;

impl ColumnPass {
    /// `inputs` are bindings 0 to 3 of the world's group (its uniform blocks and grid words).
    pub(crate) fn new(gpu: &Gpu, inputs: [wgpu::BindGroupEntry<'_>; 4]) -> ColumnPass {
        let device = &gpu.device;
        let compute = |entry| only_in(wgpu::ShaderStages::COMPUTE, entry);
        let written = |binding, size| compute(written_storage_entry(binding, size));
        // Four storage buffers at most in a stage (downlevel limits): the cells, then two written.
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("column pass layout"),
            entries: &[
                compute(uniform_entry(0, std::mem::size_of::<FrameUniforms>() as u64)),
                compute(uniform_entry(1, std::mem::size_of::<TurnUniforms>() as u64)),
                compute(uniform_entry(2, std::mem::size_of::<PulseUniforms>() as u64)),
                compute(storage_entry(3, 4)),
                written(9, SAMPLE_BYTES),
                written(12, RUN_LIST_HEAD + RUN_BYTES),
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
        let (table, runs) = Self::buffers(gpu, 1);
        let bind_group = Self::bind_group(gpu, &layout, inputs, [&table, &runs]);
        ColumnPass { pipeline, runs_pipeline, layout, bind_group, table, runs, capacity: 1, count: 1 }
    }

    /// Makes the bind group again over the current buffers (after `reserve` or new `inputs`).
    pub(crate) fn rebind(&mut self, gpu: &Gpu, inputs: [wgpu::BindGroupEntry<'_>; 4]) {
        let buffers = [&self.table, &self.runs];
        self.bind_group = Self::bind_group(gpu, &self.layout, inputs, buffers);
    }

    /// The column table and the run list (a run per sample at most, after the draw's arguments) for
    /// `capacity` samples.
    fn buffers(gpu: &Gpu, capacity: u32) -> (wgpu::Buffer, wgpu::Buffer) {
        let buffer = |label, size: u64, usage| {
            gpu.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage: usage | wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let samples = u64::from(capacity);
        let runs = buffer("wall runs", RUN_LIST_HEAD + samples * RUN_BYTES, wgpu::BufferUsages::INDIRECT);
        gpu.queue.write_buffer(&runs, 0, bytemuck::cast_slice(&RUN_DRAW));
        (buffer("column table", samples * SAMPLE_BYTES, wgpu::BufferUsages::empty()), runs)
    }

    /// The pass's bind group: the world's `inputs`, then the table and the run list.
    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        inputs: [wgpu::BindGroupEntry<'_>; 4],
        [table, runs]: [&wgpu::Buffer; 2],
    ) -> wgpu::BindGroup {
        let mut entries = inputs.to_vec();
        entries.extend([
            wgpu::BindGroupEntry { binding: 9, resource: table.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 12, resource: runs.as_entire_binding() },
        ]);
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("column pass bind group"),
            layout,
            entries: &entries,
        })
    }

    /// Grows the buffers to hold `needed` samples; true when they were reallocated (the bind
    /// groups that hold them must be made again).
    pub(crate) fn reserve(&mut self, gpu: &Gpu, needed: u32) -> bool {
        if needed <= self.capacity {
            return false;
        }
        (self.table, self.runs) = Self::buffers(gpu, needed);
        self.capacity = needed;
        true
    }

    /// Casts the samples, then lists the wall runs among them for the indirect draw at the head of
    /// [`ColumnPass::runs`]: two dispatches of one pass, and WebGPU makes each dispatch's writes
    /// visible to the next, so every sample is cast before any run is read.
    pub(crate) fn record(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.clear_buffer(&self.runs, RUN_COUNT_OFFSET, Some(4));
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("column pass"),
            timestamp_writes: None,
        });
        pass.set_bind_group(0, &self.bind_group, &[]);
        let workgroups = self.count.div_ceil(COLUMN_WORKGROUP);
        pass.set_pipeline(&self.pipeline);
        pass.dispatch_workgroups(workgroups, 1, 1);
        pass.set_pipeline(&self.runs_pipeline);
        pass.dispatch_workgroups(workgroups, 1, 1);
    }
}
