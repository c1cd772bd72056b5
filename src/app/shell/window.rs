//! The real window: winit events in, the screen stack in the middle, wgpu frames out. It names no
//! game: the screens it shows come from the fronts, through `run`'s opening and home.

use super::opened::Opened;
use super::screen::{Canvas, KeyPress, Pointer, Raw, Screen, Shell, ShellCommand};
use super::stack::{Home, Stack};
use crate::app::clock::Instant;
use crate::app::persist::{self, files, writer};
use crate::audio;
use crate::render::{self, Gpu, Renderer};
use std::sync::Arc;
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop, EventLoopProxy};
use winit::keyboard::{ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// What the command line asks of the window itself, whichever game it shows.
#[derive(Clone, Copy, Debug, Default)]
pub struct WindowOptions {
    /// The window's size (`None`: the settings' size).
    pub size: Option<(u32, u32)>,
    /// Window smoke tests: present this many frames, then exit by itself.
    pub quit_after_frames: Option<u64>,
    /// `--reduced-effects`.
    pub reduced_effects: bool,
}

/// Builds the first screens (bottom first) once the settings and the sound are ready.
pub type Opening = Box<dyn FnOnce(&mut Shell) -> Result<Vec<Box<dyn Screen>>, String>>;

/// Opens the window on `opening`'s screens and plays until the last one leaves (falling back to
/// `home` while there is one), the player quits, or `--quit-after-frames` is reached.
pub fn run(options: WindowOptions, opening: Opening, home: Option<Home>) -> Result<(), String> {
    if cfg!(not(target_arch = "wasm32"))
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(
            "No display found: run inside a desktop session or under xvfb-run, or use --headless.".into()
        );
    }
    let (settings, warnings) = persist::settings::load(&persist::config_dir())?;
    for warning in &warnings {
        eprintln!("hollowdeep: {warning}");
    }
    // No sound device is no problem: the game plays silently after one line saying so. A browser
    // allows sound only after the first key or click, which opens it (`web::start_sound`).
    #[cfg(target_arch = "wasm32")]
    let (mut audio, why) = (audio::Output::Silent, None::<String>);
    #[cfg(not(target_arch = "wasm32"))]
    let (mut audio, why) = audio::Output::open_device();
    if let Some(why) = why {
        eprintln!("hollowdeep: {why}");
    }
    audio.send(audio::MixCommand::Levels(settings.levels()));
    let mut shell = Shell::new(settings, persist::data_dir(), audio);
    shell.reduced_flag = options.reduced_effects;
    shell.startup_note = settings_note(&warnings);
    let first = opening(&mut shell)?;
    // A smoke test's window ends with its last screen; a player's falls back to the title.
    let home = if options.quit_after_frames.is_some() { None } else { home };
    let mut stack = Stack::new(first, home);
    if cfg!(target_arch = "wasm32") {
        stack = stack.exit_goes_home();
    }
    stack.start(&mut shell);
    let event_loop = EventLoop::<Opened>::with_user_event()
        .build()
        .map_err(|e| format!("Could not open the window system ({}).", reason(&e)))?;
    let app = App {
        proxy: event_loop.create_proxy(),
        sound_started: false,
        opening: false,
        options,
        shell,
        stack,
        started: Instant::now(),
        graphics: None,
        modifiers: ModifiersState::empty(),
        frames: 0,
    };
    play(event_loop, app)
}

/// The browser's loop runs after this returns, on the page's own turns; its failures show there.
#[cfg(target_arch = "wasm32")]
fn play(event_loop: EventLoop<Opened>, app: App) -> Result<(), String> {
    use winit::platform::web::EventLoopExtWebSys;
    event_loop.spawn_app(app);
    Ok(())
}

/// A window system error as a player reads it. winit names the line of its own source that
/// failed ("os error at /root/.cargo/registry/…/linux/mod.rs:788: Failed to open connection to X
/// server"), which made the sentence longer than a screen and said nothing to the player.
fn reason(error: &dyn std::fmt::Display) -> String {
    let text = error.to_string();
    match text.split_once("os error at ") {
        Some((before, located)) => {
            let said = located.split_once(": ").map_or(located, |(_, said)| said);
            format!("{before}{said}")
        }
        None => text,
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn play(event_loop: EventLoop<Opened>, mut app: App) -> Result<(), String> {
    super::signals::install();
    if let Err(e) = event_loop.run_app(&mut app) {
        // The display went away under the event loop (an X server lost, a window destroyed
        // mid-call): what was in play is kept as a lost window keeps it.
        let kept = if app.shell.error.is_none() { app.stack.lost(&mut app.shell) } else { "" };
        return Err(format!("The window system failed{kept} ({}).", reason(&e)));
    }
    match app.shell.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// GPU state tied to one window.
struct Graphics {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    gpu: Gpu,
    renderer: Renderer,
    /// What the GPU reported against this window (a surface lost with its display): set from
    /// wgpu's error callback instead of its default panic, read after every call that can fail.
    lost: Arc<std::sync::atomic::AtomicBool>,
}

struct App {
    /// Where the browser's asynchronous GPU start sends its `Opened`.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    proxy: EventLoopProxy<Opened>,
    /// Whether the first key or click has opened the browser's sound (unused on the desktop).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    sound_started: bool,
    /// A window is open and its GPU on the way: a second `resumed` must not open another.
    opening: bool,
    options: WindowOptions,
    shell: Shell,
    stack: Stack,
    started: Instant,
    graphics: Option<Graphics>,
    modifiers: ModifiersState,
    frames: u64,
}

impl App {
    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        #[cfg(target_arch = "wasm32")]
        super::web::show_failure(&message);
        self.shell.fail(message);
        event_loop.exit();
    }

    /// After anything the stack did: what only the window can do, a new top screen, the end.
    fn after(&mut self, event_loop: &ActiveEventLoop, command: Option<ShellCommand>) {
        if let Some(command) = command {
            self.shell_command(event_loop, command);
        }
        if self.shell.take_settings_changed() {
            if let Err(message) = persist::settings::save(&persist::config_dir(), &self.shell.settings) {
                self.say(&format!("Could not save the settings: {message}"));
            }
            self.apply_settings();
        }
        if self.stack.take_top_changed() {
            self.shell.held.clear();
            self.shell.scene_changed();
            if let Some(gfx) = self.graphics.as_mut() {
                // The editor places the board between its own panels; every other screen as usual.
                gfx.renderer.set_board_area(None);
            }
        }
        if self.stack.ended() {
            event_loop.exit();
        }
    }

    fn say(&mut self, text: &str) {
        if let Some(top) = self.stack.top_mut() {
            top.say(&mut self.shell, text);
        }
    }

    fn shell_command(&mut self, event_loop: &ActiveEventLoop, command: ShellCommand) {
        match command {
            ShellCommand::Screenshot => self.screenshot(),
            ShellCommand::ToggleMute => self.toggle_mute(),
            ShellCommand::ToggleFullscreen => {
                if let Some(gfx) = &self.graphics {
                    let next = match gfx.window.fullscreen() {
                        Some(_) => None,
                        None => Some(Fullscreen::Borderless(None)),
                    };
                    gfx.window.set_fullscreen(next);
                }
            }
        }
        let _ = event_loop;
    }

    /// The mute key: flips the setting, saves it, and says so.
    fn toggle_mute(&mut self) {
        self.shell.settings.muted = !self.shell.settings.muted;
        self.apply_settings();
        let saved = persist::settings::save(&persist::config_dir(), &self.shell.settings);
        let key = self.shell.settings.bindings.first_key(super::keys::row("mute"));
        let text = match (self.shell.settings.muted, saved) {
            (_, Err(message)) => format!("Could not save the settings: {message}"),
            (true, Ok(())) => format!("Sound off ({key} turns it back on)."),
            (false, Ok(())) => "Sound on.".to_string(),
        };
        if let Some(top) = self.stack.top_mut() {
            top.settings_changed(&self.shell.settings);
        }
        self.say(&text);
    }

    fn apply_settings(&mut self) {
        let settings = &self.shell.settings;
        self.shell.audio.send(audio::MixCommand::Levels(settings.levels()));
        if let Some(gfx) = self.graphics.as_mut() {
            gfx.renderer.set_field_of_view(settings.fov_degrees);
            let full = gfx.window.fullscreen().is_some();
            if full != settings.fullscreen {
                gfx.window.set_fullscreen(settings.fullscreen.then_some(Fullscreen::Borderless(None)));
            }
            let mode =
                if settings.vsync { wgpu::PresentMode::AutoVsync } else { wgpu::PresentMode::AutoNoVsync };
            if gfx.config.present_mode != mode {
                gfx.config.present_mode = mode;
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
            }
        }
    }

    /// The window, and its GPU opened at once (the desktop) or sent back as an `Opened` later
    /// (the browser).
    fn open_window(&self, event_loop: &ActiveEventLoop) -> Result<Option<Opened>, String> {
        let settings = &self.shell.settings;
        let (width, height) = self.options.size.unwrap_or((settings.window_width, settings.window_height));
        let mut attributes = Window::default_attributes()
            .with_title("Hollowdeep")
            .with_inner_size(LogicalSize::new(width, height))
            .with_min_inner_size(LogicalSize::new(320, 200));
        if settings.fullscreen {
            attributes = attributes.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        #[cfg(target_arch = "wasm32")]
        let attributes = super::web::attributes(attributes);
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .map_err(|e| format!("Could not create the window ({}).", reason(&e)))?,
        );
        let instance = Gpu::new_instance();
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| format!("Could not draw into the window ({}).", reason(&e)))?;
        #[cfg(target_arch = "wasm32")]
        {
            super::web::open_gpu(self.proxy.clone(), window, instance, surface);
            Ok(None)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let gpu = Gpu::for_surface(instance, &surface).map_err(|e| e.to_string());
            Ok(Some(Opened { window, surface, gpu }))
        }
    }

    fn create_graphics(&self, opened: Opened) -> Result<Graphics, String> {
        let settings = &self.shell.settings;
        let Opened { window, surface, gpu } = opened;
        let gpu = gpu?;
        let lost = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sink = lost.clone();
        gpu.device.on_uncaptured_error(Arc::new(move |_: wgpu::Error| {
            sink.store(true, std::sync::atomic::Ordering::Relaxed);
        }));
        let size = window.inner_size();
        let config = surface_config(&surface, &gpu, size.width, size.height, settings.vsync)?;
        surface.configure(&gpu.device, &config);
        let mut renderer = Renderer::new(&gpu, config.format);
        renderer.set_field_of_view(settings.fov_degrees);
        if let Some(top) = self.stack.top() {
            renderer.upload_scene(&gpu, top.scene());
        }
        Ok(Graphics { window, surface, config, gpu, renderer, lost })
    }

    fn on_key(&mut self, event_loop: &ActiveEventLoop, event: KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else { return };
        let held = &mut self.shell.held;
        if event.state == ElementState::Released {
            held.retain(|&k| k != code);
            return;
        }
        if event.repeat {
            return;
        }
        held.retain(|&k| k != code);
        held.push(code);
        self.press(event_loop, code);
    }

    fn press(&mut self, event_loop: &ActiveEventLoop, code: winit::keyboard::KeyCode) {
        #[cfg(target_arch = "wasm32")]
        super::web::start_sound(&mut self.shell, &mut self.sound_started);
        self.shell.now = self.now();
        let key = KeyPress { code, alt: self.modifiers.alt_key(), ctrl: self.modifiers.control_key() };
        let command = self.stack.key(&mut self.shell, key);
        self.after(event_loop, command);
    }

    fn pointer(&mut self, event_loop: &ActiveEventLoop, pointer: Pointer) {
        #[cfg(target_arch = "wasm32")]
        if matches!(pointer, Pointer::Click) {
            super::web::start_sound(&mut self.shell, &mut self.sound_started);
        }
        self.shell.now = self.now();
        let command = self.stack.pointer(&mut self.shell, pointer);
        self.after(event_loop, command);
    }

    /// Whether the GPU reported the window's surface lost (or any error on its device).
    fn surface_lost(&self) -> bool {
        self.graphics.as_ref().is_some_and(|g| g.lost.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The window or its display is gone (a crashed window manager, a lost X server): what is in
    /// play is kept as closing the window keeps it, and the program ends with one sentence.
    fn window_lost(&mut self, event_loop: &ActiveEventLoop) {
        if self.shell.error.is_some() {
            return;
        }
        let kept = self.stack.lost(&mut self.shell);
        self.shell.fail(format!("The window was lost{kept}."));
        event_loop.exit();
    }

    /// A signal asked the program to end (`signals`): what is in play is kept as a lost window
    /// keeps it, one sentence says so, and the program ends as if the player had quit.
    fn end_on_signal(&mut self, event_loop: &ActiveEventLoop) {
        if !self.stack.ended() {
            let kept = self.stack.lost(&mut self.shell);
            eprintln!("hollowdeep: Asked to end by a signal{kept}.");
        }
        event_loop.exit();
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        if self.surface_lost() {
            self.window_lost(event_loop);
            return;
        }
        self.shell.now = self.now();
        let command = self.stack.update(&mut self.shell);
        self.after(event_loop, command);
        if self.stack.ended() {
            return;
        }
        let upload = self.shell.take_scene_changed();
        let (Some(gfx), Some(top)) = (self.graphics.as_mut(), self.stack.top_mut()) else { return };
        if let Some(camera) = top.board_camera() {
            gfx.renderer.set_board_camera(camera);
        }
        if upload {
            gfx.renderer.upload_scene(&gfx.gpu, top.scene());
        }
        if gfx.config.width == 0 || gfx.config.height == 0 {
            return; // minimised: nothing to draw into
        }
        let frame = match gfx.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame) | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => {
                frame
            }
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                // Reconfiguring recovers both; this frame is skipped.
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
                return;
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => return,
            wgpu::CurrentSurfaceTexture::Validation => {
                // A surface the GPU rejects is a window gone from under us: keep what is in play.
                self.window_lost(event_loop);
                return;
            }
        };
        let target = frame.texture.create_view(&wgpu::TextureViewDescriptor::default());
        let canvas = Canvas {
            window: &gfx.window,
            gpu: &gfx.gpu,
            renderer: &mut gfx.renderer,
            format: gfx.config.format,
            target: &target,
            size: (gfx.config.width, gfx.config.height),
        };
        let step = top.draw(&mut self.shell, canvas);
        gfx.window.pre_present_notify();
        gfx.gpu.queue.present(frame);
        self.frames += 1;
        let command = self.stack.apply(&mut self.shell, step);
        self.after(event_loop, command);
        if self.options.quit_after_frames.is_some_and(|n| self.frames >= n) {
            println!("Presented {} frames.", self.frames);
            self.stack.end(&mut self.shell);
            event_loop.exit();
        }
    }

    /// F12: the top screen as a picture (drawn offscreen with the same shaders, overlays and
    /// effects included), saved as a PNG; the screen says where it went.
    fn screenshot(&mut self) {
        self.shell.now = self.now();
        let (Some(gfx), Some(top)) = (self.graphics.as_ref(), self.stack.top_mut()) else { return };
        let (w, h) = (gfx.config.width.max(1), gfx.config.height.max(1));
        let (rgba, name) = match top.screenshot(&gfx.gpu, (w, h)) {
            Some(picture) => picture,
            None => {
                let target = render::Offscreen::new(&gfx.gpu, w, h);
                let mut renderer = Renderer::new(&gfx.gpu, render::Offscreen::format());
                renderer.set_field_of_view(self.shell.settings.fov_degrees);
                renderer.upload_scene(&gfx.gpu, top.scene());
                if let Some(camera) = top.board_camera() {
                    renderer.set_board_camera(camera);
                }
                renderer.draw_frame(&gfx.gpu, target.view(), w, h, &top.frame(&self.shell, h));
                (target.read_rgba(&gfx.gpu), "hollowdeep")
            }
        };
        let text = save_screenshot(&self.shell.data_dir, name, (w, h), &rgba);
        top.say(&mut self.shell, &text);
    }

    fn resize(&mut self, width: u32, height: u32) {
        if let Some(gfx) = self.graphics.as_mut() {
            gfx.config.width = width;
            gfx.config.height = height;
            if width > 0 && height > 0 {
                // A failure lands in `lost`; the next redraw saves and leaves.
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
            }
        }
    }

    fn install(&mut self, event_loop: &ActiveEventLoop, opened: Opened) {
        match self.create_graphics(opened) {
            Ok(graphics) => {
                graphics.window.request_redraw();
                self.graphics = Some(graphics);
                // Session time starts with the first frame, so a start-up notice is not spent on
                // the seconds it took to open the window.
                self.started = Instant::now();
            }
            Err(message) => self.fail(event_loop, message),
        }
    }
}

impl ApplicationHandler<Opened> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() || std::mem::replace(&mut self.opening, true) {
            return;
        }
        match self.open_window(event_loop) {
            Ok(Some(opened)) => self.install(event_loop, opened),
            Ok(None) => {} // the browser sends it when the GPU is open
            Err(message) => self.fail(event_loop, message),
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, opened: Opened) {
        self.install(event_loop, opened);
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let mut raw = Raw::NotMine;
        if let (Some(top), Some(gfx)) = (self.stack.top_mut(), self.graphics.as_ref()) {
            raw = top.raw_event(&gfx.window, &event, self.modifiers.control_key());
        }
        match event {
            WindowEvent::CloseRequested => {
                self.shell.now = self.now();
                let command = self.stack.close(&mut self.shell);
                self.after(event_loop, command);
            }
            WindowEvent::Destroyed => self.window_lost(event_loop),
            WindowEvent::Resized(size) => self.resize(size.width, size.height),
            WindowEvent::Focused(false) => self.shell.held.clear(),
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::KeyboardInput { event, .. } => match raw {
                Raw::NotMine => self.on_key(event_loop, event),
                Raw::Key(code) => self.press(event_loop, code),
                Raw::Taken => {}
            },
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            WindowEvent::CursorMoved { position, .. } => {
                let Some(gfx) = self.graphics.as_ref() else { return };
                if let Some(view) = gfx.renderer.board_view(gfx.config.width, gfx.config.height) {
                    let board_cell = view.cell_at(position.x as f32, position.y as f32);
                    self.pointer(event_loop, Pointer::Moved { board_cell });
                }
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let up = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y > 0.0,
                    MouseScrollDelta::PixelDelta(p) => p.y > 0.0,
                };
                self.pointer(event_loop, Pointer::Wheel { up });
            }
            WindowEvent::MouseInput { state: ElementState::Pressed, button: MouseButton::Left, .. } => {
                self.pointer(event_loop, Pointer::Click);
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        if super::signals::asked_to_end() {
            self.end_on_signal(event_loop);
            return;
        }
        if let Some(gfx) = &self.graphics {
            gfx.window.request_redraw();
        }
    }
}

/// The settings load's warnings (all on stderr already) as one line for the first screen.
fn settings_note(warnings: &[String]) -> Option<String> {
    const SHORT: usize = 100;
    let first = warnings.first()?;
    Some(if first.contains("moved to") {
        "Your settings file was damaged and set aside; the defaults are in use.".into()
    } else if warnings.len() == 1 && first.chars().count() <= SHORT {
        first.clone()
    } else {
        format!("{} settings were ignored or reset; the terminal lists them.", warnings.len())
    })
}
/// A surface configuration that prefers an sRGB format (the shaders write linear colour).
fn surface_config(
    surface: &wgpu::Surface<'_>,
    gpu: &Gpu,
    width: u32,
    height: u32,
    vsync: bool,
) -> Result<wgpu::SurfaceConfiguration, String> {
    let caps = surface.get_capabilities(&gpu.adapter);
    let format = caps
        .formats
        .iter()
        .copied()
        .find(|f| f.is_srgb())
        .or_else(|| caps.formats.first().copied())
        .ok_or("The GPU cannot draw into this window (no surface format).")?;
    Ok(wgpu::SurfaceConfiguration {
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
        format,
        width: width.max(1),
        height: height.max(1),
        present_mode: if vsync { wgpu::PresentMode::AutoVsync } else { wgpu::PresentMode::AutoNoVsync },
        desired_maximum_frame_latency: 2,
        alpha_mode: caps.alpha_modes.first().copied().unwrap_or(wgpu::CompositeAlphaMode::Auto),
        view_formats: vec![],
        color_space: Default::default(),
    })
}

/// Writes an F12 screenshot under `data_dir/screenshots/`, named `prefix-<stamp>.png`; the sentence
/// to show says where it went or why it could not be written.
fn save_screenshot(data_dir: &std::path::Path, prefix: &str, (w, h): (u32, u32), rgba: &[u8]) -> String {
    let (_, stamp) = files::date_and_stamp();
    let path = data_dir.join("screenshots").join(format!("{prefix}-{stamp}.png"));
    match writer::make_folder_for(&path).and_then(|()| crate::app::screenshot::write_png(&path, w, h, rgba)) {
        Ok(()) => format!("Screenshot saved to {}", path.display()),
        Err(e) => format!("Could not save the screenshot: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::reason;

    #[test]
    fn a_window_system_error_is_told_without_winits_source_location() {
        let located =
            "os error at /root/.cargo/registry/src/winit-0.30.13/src/platform_impl/linux/mod.rs:788: \
                       Failed to open connection to X server";
        assert_eq!(reason(&located), "Failed to open connection to X server");
        assert_eq!(reason(&format!("exit: {located}")), "exit: Failed to open connection to X server");
        assert_eq!(reason(&"the surface was lost"), "the surface was lost");
    }
}
