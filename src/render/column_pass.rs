//! The column pass on the GPU: the compute pipeline of `shaders/columns.wgsl`, its bindings and the
//! column table it writes for the world pass (`render::columns` places the samples).

use super::columns::SAMPLE_BYTES;
use super::gpu::Gpu;
use super::layout_entries::{storage_entry, uniform_entry};
use super::scene::{FrameUniforms, PulseUniforms, TurnUniforms};
use super::shader_source::{self, Entry};
use super::wall_bits::WALL_BIT_BYTES;

/// The column pass (`shaders/columns.wgsl`): one compute invocation per sample casts its ray and
/// packs the wall it meets into the table the world pass reads (binding 8), so the grid is walked
/// once per column rather than once per pixel.
pub(crate) struct ColumnPass {
    pipeline: wgpu::ComputePipeline,
    pub layout: wgpu::BindGroupLayout,
    pub bind_group: wgpu::BindGroup,
    pub table: wgpu::Buffer,
    capacity: u32,
    /// The samples the frame of the last `write_frame` casts.
    pub count: u32,
}

/// Samples per workgroup of `cs_columns`.
const COLUMN_WORKGROUP: u32 = 64;

impl ColumnPass {
    /// `inputs` are bindings 0 to 3 and 10 of the world's group (its uniform blocks, grid words and
    /// wall bits: the shader only reads the words, but its walk names both).
    pub(crate) fn new(gpu: &Gpu, inputs: [wgpu::BindGroupEntry<'_>; 5]) -> ColumnPass {
        let device = &gpu.device;
        let compute = |mut entry: wgpu::BindGroupLayoutEntry| {
            entry.visibility = wgpu::ShaderStages::COMPUTE;
            entry
        };
        let mut out = storage_entry(9, SAMPLE_BYTES);
        out.ty = wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only: false },
            has_dynamic_offset: false,
            min_binding_size: wgpu::BufferSize::new(SAMPLE_BYTES),
        };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("column pass layout"),
            entries: &[
                compute(uniform_entry(0, std::mem::size_of::<FrameUniforms>() as u64)),
                compute(uniform_entry(1, std::mem::size_of::<TurnUniforms>() as u64)),
                compute(uniform_entry(2, std::mem::size_of::<PulseUniforms>() as u64)),
                compute(storage_entry(3, 4)),
                compute(uniform_entry(10, WALL_BIT_BYTES)),
                compute(out),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("column pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let module = shader_source::module(device, Entry::Columns);
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("column pipeline"),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some("cs_columns"),
            compilation_options: Default::default(),
            cache: None,
        });
        let table = Self::table(gpu, 1);
        let bind_group = Self::bind_group(gpu, &layout, inputs, &table);
        ColumnPass { pipeline, layout, bind_group, table, capacity: 1, count: 1 }
    }

    fn table(gpu: &Gpu, capacity: u32) -> wgpu::Buffer {
        gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("column table"),
            size: u64::from(capacity) * SAMPLE_BYTES,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    }

    pub(crate) fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        inputs: [wgpu::BindGroupEntry<'_>; 5],
        table: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        let mut entries = inputs.to_vec();
        entries.push(wgpu::BindGroupEntry { binding: 9, resource: table.as_entire_binding() });
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("column pass bind group"),
            layout,
            entries: &entries,
        })
    }

    /// Grows the table to hold `needed` samples; true when it was reallocated (the bind groups
    /// that hold it must be made again).
    pub(crate) fn reserve(&mut self, gpu: &Gpu, needed: u32) -> bool {
        if needed <= self.capacity {
            return false;
        }
        self.table = Self::table(gpu, needed);
        self.capacity = needed;
        true
    }

    pub(crate) fn record(&self, encoder: &mut wgpu::CommandEncoder) {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("column pass"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.dispatch_workgroups(self.count.div_ceil(COLUMN_WORKGROUP), 1, 1);
    }
}
