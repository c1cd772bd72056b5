//! `Gpu`: the wgpu instance, adapter, device and queue, opened either headless or for a window surface.

use super::error::RenderError;

/// Everything the renderer needs from wgpu, opened once and shared by the window, `--screenshot`,
/// `--bench` and the tests.
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}

impl Gpu {
    /// The instance the window code must create its surface from (and then pass to [`Gpu::for_surface`]).
    ///
    /// Uses `InstanceDescriptor::new_without_display_handle_from_env()`: all backends, debug flags as the
    /// build profile chooses, and `WGPU_BACKEND` honoured. No display handle is attached, so create the
    /// surface from something that carries both handles, e.g. `instance.create_surface(Arc<winit Window>)`.
    pub fn new_instance() -> wgpu::Instance {
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env())
    }

    /// Opens a device with no surface, for offscreen rendering (screenshots, benches, tests).
    pub fn headless() -> Result<Gpu, RenderError> {
        Self::open(Self::new_instance(), None)
    }

    /// Opens a device that can present to `surface`, which must come from `instance`.
    pub fn for_surface(instance: wgpu::Instance, surface: &wgpu::Surface<'_>) -> Result<Gpu, RenderError> {
        Self::open(instance, Some(surface))
    }

    /// [`Gpu::for_surface`] without blocking: the browser answers adapter and device requests only
    /// once control returns to its event loop, so there it must be awaited.
    pub async fn for_surface_async(
        instance: wgpu::Instance,
        surface: &wgpu::Surface<'_>,
    ) -> Result<Gpu, RenderError> {
        Self::open_async(instance, Some(surface)).await
    }

    /// A one-line description of the adapter, for logs and the bench output.
    pub fn adapter_summary(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }

    fn open(instance: wgpu::Instance, surface: Option<&wgpu::Surface<'_>>) -> Result<Gpu, RenderError> {
        pollster::block_on(Self::open_async(instance, surface))
    }

    async fn open_async(
        instance: wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
    ) -> Result<Gpu, RenderError> {
        let adapter = pick_adapter(&instance, surface).await?;
        // Regression (no Vulkan, only a GL fallback): the world pass renders into a depth target
        // that the sprite pass then reads, which some adapters cannot; say so instead of failing
        // deep in wgpu.
        let depth = super::depth::WORLD_DEPTH_FORMAT;
        let needed = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING;
        if !adapter.get_texture_format_features(depth).allowed_usages.contains(needed) {
            return Err(RenderError::NoAdapter(format!(
                "the adapter {} cannot render to {depth:?} targets",
                adapter.get_info().name
            )));
        }
        // The world shader reads the grid from a storage buffer in the fragment stage, which rules out
        // WebGL2-class limits; downlevel defaults have it. Resolution limits come from the adapter so
        // that 4K targets work where the hardware allows them.
        let required_limits = wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits());
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("hollowdeep device"),
                required_limits,
                ..Default::default()
            })
            .await
            .map_err(|e| RenderError::Device(e.to_string()))?;
        Ok(Gpu { instance, adapter, device, queue })
    }
}

/// `WGPU_ADAPTER_NAME` (a case-insensitive substring) picks an adapter by name, which is how one chooses
/// lavapipe on a machine that also has a real GPU; otherwise wgpu's default choice stands.
async fn pick_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
) -> Result<wgpu::Adapter, RenderError> {
    if let Ok(wanted) = std::env::var("WGPU_ADAPTER_NAME") {
        let wanted = wanted.to_lowercase();
        for adapter in instance.enumerate_adapters(wgpu::Backends::all()).await {
            let fits = surface.is_none_or(|s| adapter.is_surface_supported(s));
            if fits && adapter.get_info().name.to_lowercase().contains(&wanted) {
                return Ok(adapter);
            }
        }
        return Err(RenderError::NoAdapter(format!("none is named like WGPU_ADAPTER_NAME={wanted:?}")));
    }
    instance
        .request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: surface,
            ..Default::default()
        })
        .await
        .map_err(|e| RenderError::NoAdapter(e.to_string()))
}

/// A single-level, single-sample 2D texture of `size` texels: every texture the passes make.
pub(crate) fn texture_2d<'a>(
    label: &'a str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::TextureDescriptor<'a> {
    wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d { width: size.0, height: size.1, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    }
}
