//! Render pipelines as every pass here builds them: vertices made in the shader (no vertex buffers),
//! triangles, one module for both stages with the same pipeline constants, a depth test only where
//! the spec asks for one.

/// What differs between the passes' pipelines.
pub(crate) struct PipelineSpec<'a> {
    pub label: &'a str,
    pub layout: &'a wgpu::PipelineLayout,
    pub module: &'a wgpu::ShaderModule,
    /// Vertex and fragment entry points.
    pub entries: (&'a str, &'a str),
    /// Pipeline-overridable constants, given to both stages.
    pub constants: &'a [(&'a str, f64)],
    pub targets: &'a [Option<wgpu::ColorTargetState>],
    /// The depth test and write, for a pass with a depth attachment.
    pub depth: Option<wgpu::DepthStencilState>,
}

pub(crate) fn vertexless_pipeline(device: &wgpu::Device, spec: &PipelineSpec<'_>) -> wgpu::RenderPipeline {
    let options = || wgpu::PipelineCompilationOptions { constants: spec.constants, ..Default::default() };
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(spec.label),
        layout: Some(spec.layout),
        vertex: wgpu::VertexState {
            module: spec.module,
            entry_point: Some(spec.entries.0),
            compilation_options: options(),
            buffers: &[],
        },
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: spec.depth.clone(),
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: spec.module,
            entry_point: Some(spec.entries.1),
            compilation_options: options(),
            targets: spec.targets,
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// A render pass over the whole `target`, cleared to black first: how the full-screen passes begin.
pub(crate) fn cleared_pass<'a>(
    encoder: &'a mut wgpu::CommandEncoder,
    target: &'a wgpu::TextureView,
    label: &'a str,
) -> wgpu::RenderPass<'a> {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some(label),
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
    })
}
