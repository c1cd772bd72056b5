//! The WGSL sources, compiled into the binary with `include_str!` so the runtime and `tests/shaders.rs`
//! see the same text.

/// The world pass: per-pixel ray-cast of walls, floor, ceiling and the exit pit.
pub const WORLD_WGSL: &str = include_str!("../../shaders/world.wgsl");
/// The HUD pass: instanced glyph quads and the bar.
pub const HUD_WGSL: &str = include_str!("../../shaders/hud.wgsl");

/// Every shader with its path relative to the crate root; tests check this list against the files.
pub const ALL: &[(&str, &str)] = &[("shaders/world.wgsl", WORLD_WGSL), ("shaders/hud.wgsl", HUD_WGSL)];

pub(crate) fn module(device: &wgpu::Device, label: &str, source: &str) -> wgpu::ShaderModule {
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    })
}
