//! What opening a window hands the event loop: the window, its surface and its GPU, at once on
//! the desktop or later as a user event from the browser's asynchronous start.

use crate::render::Gpu;
use std::sync::Arc;
use winit::window::Window;

/// A window with its GPU opened (or why not): the browser opens the GPU asynchronously and sends
/// this back to the event loop.
pub struct Opened {
    pub(super) window: Arc<Window>,
    pub(super) surface: wgpu::Surface<'static>,
    pub(super) gpu: Result<Gpu, String>,
}
