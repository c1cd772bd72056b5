//! What the window needs only in the browser: a canvas on the page, the GPU opened without blocking
//! (handed back to the event loop as a user event), sound started by the first key or click (a
//! browser refuses audio before one), and failures shown on the page, where no terminal is.

use super::opened::Opened;
use crate::app::shell::screen::Shell;
use crate::audio;
use crate::render::Gpu;
use std::sync::Arc;
use wasm_bindgen::JsCast;
use winit::event_loop::EventLoopProxy;
use winit::platform::web::{WindowAttributesExtWebSys, WindowExtWebSys};
use winit::window::{Window, WindowAttributes};

/// The id of the page's element that shows a failure in one sentence (web/index.html).
const MESSAGE_ID: &str = "message";

/// A canvas appended to the page, filling the browser's window, taking keys without the page
/// scrolling under them. No size is asked for: a size would be written on the canvas in pixels,
/// so the canvas would keep the window's size at load after the window was resized (a browser's
/// window often still grows after the page starts). The page's stylesheet sizes it instead, and
/// winit's resize observer reports each new size.
pub fn attributes(mut attributes: WindowAttributes) -> WindowAttributes {
    attributes.inner_size = None;
    attributes.with_append(true).with_prevent_default(true).with_focusable(true)
}

/// Opens the GPU for `surface` on the browser's own loop and sends what came of it back.
pub fn open_gpu(
    proxy: EventLoopProxy<Opened>,
    window: Arc<Window>,
    instance: wgpu::Instance,
    surface: wgpu::Surface<'static>,
) {
    if let Some(canvas) = window.canvas() {
        // Keys go to the focused element: the canvas takes them from the start.
        let _ = canvas.focus();
    }
    wasm_bindgen_futures::spawn_local(async move {
        let gpu = Gpu::for_surface_async(instance, &surface).await.map_err(|e| e.to_string());
        let _ = proxy.send_event(Opened { window, surface, gpu });
    });
}

/// The first key or click opens the sound device (before one, a browser keeps audio suspended).
pub fn start_sound(shell: &mut Shell, started: &mut bool) {
    if std::mem::replace(started, true) {
        return;
    }
    let (output, why) = audio::Output::open_device();
    if let Some(why) = why {
        web_sys::console::warn_1(&why.into());
    }
    shell.audio = output;
    shell.audio.send(audio::MixCommand::Levels(shell.settings.levels()));
}

/// Shows `message` on the page in place of the canvas.
pub fn show_failure(message: &str) {
    web_sys::console::error_1(&message.into());
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(element) = document.get_element_by_id(MESSAGE_ID) {
        element.set_text_content(Some(message));
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let _ = element.style().set_property("display", "block");
        }
    }
}
