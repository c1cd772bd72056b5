//! The real window: winit events in, turn machine in the middle, wgpu frames out.

use super::bindings::Bindings;
use super::cli::Options;
use super::input::Command;
use super::turn_machine::TurnMachine;
use crate::game::{Action, Game, Status};
use crate::render::{Gpu, Renderer, View};
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{Window, WindowId};

/// Opens the window and plays until the player quits, dies, or `--quit-after-frames` is reached.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return Err(
            "No display found: run inside a desktop session or under xvfb-run, or use --headless.".into()
        );
    }
    let event_loop = EventLoop::new().map_err(|e| format!("Could not open the window system ({e})."))?;
    let mut app = App::new(opts.clone(), Game::new_at_depth(seed, opts.depth));
    event_loop.run_app(&mut app).map_err(|e| format!("The window system failed ({e})."))?;
    match app.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// GPU state tied to one window; rebuilt if the window is recreated.
struct Graphics {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    gpu: Gpu,
    renderer: Renderer,
}

struct App {
    opts: Options,
    game: Game,
    machine: TurnMachine,
    started: Instant,
    graphics: Option<Graphics>,
    /// Keys held down, oldest first: the newest movement key repeats when a turn ends.
    held: Vec<KeyCode>,
    frames: u64,
    error: Option<String>,
}

impl App {
    fn new(opts: Options, game: Game) -> Self {
        let machine = TurnMachine::new(&game, 0.0);
        Self {
            opts,
            game,
            machine,
            started: Instant::now(),
            graphics: None,
            held: Vec::new(),
            frames: 0,
            error: None,
        }
    }

    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        self.error = Some(message);
        event_loop.exit();
    }

    fn create_graphics(&self, event_loop: &ActiveEventLoop) -> Result<Graphics, String> {
        let (width, height) = self.opts.size;
        let attributes = Window::default_attributes()
            .with_title("Hollowdeep")
            .with_inner_size(LogicalSize::new(width, height))
            .with_min_inner_size(LogicalSize::new(320, 200));
        let window = Arc::new(
            event_loop
                .create_window(attributes)
                .map_err(|e| format!("Could not create the window ({e})."))?,
        );
        let instance = Gpu::new_instance();
        let surface = instance
            .create_surface(window.clone())
            .map_err(|e| format!("Could not draw into the window ({e})."))?;
        let gpu = Gpu::for_surface(instance, &surface).map_err(|e| e.to_string())?;
        let size = window.inner_size();
        let config = surface_config(&surface, &gpu, size.width, size.height)?;
        surface.configure(&gpu.device, &config);
        let mut renderer = Renderer::new(&gpu, config.format);
        renderer.upload_turn(&gpu, &self.game);
        Ok(Graphics { window, surface, config, gpu, renderer })
    }

    fn on_key(&mut self, event_loop: &ActiveEventLoop, event: KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else { return };
        match event.state {
            ElementState::Released => self.held.retain(|&k| k != code),
            ElementState::Pressed if !event.repeat => {
                self.held.retain(|&k| k != code);
                self.held.push(code);
                match Bindings::default().command(code) {
                    Some(Command::Quit) => event_loop.exit(),
                    Some(Command::Act(action)) => {
                        let now = self.now();
                        self.machine.press(&mut self.game, action, now);
                    }
                    _ => {}
                }
            }
            ElementState::Pressed => {}
        }
    }

    /// The newest held key that maps to an action; the turn machine decides whether it repeats.
    fn held_action(&self) -> Option<Action> {
        self.held.iter().rev().find_map(|&code| match Bindings::default().command(code) {
            Some(Command::Act(action)) => Some(action),
            _ => None,
        })
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        let held = self.held_action();
        let update = self.machine.update(&mut self.game, now, held);
        let Some(gfx) = self.graphics.as_mut() else { return };
        if update.upload {
            gfx.renderer.upload_turn(&gfx.gpu, &self.game);
        }
        if gfx.config.width == 0 || gfx.config.height == 0 {
            return; // minimised: nothing to draw into
        }
        let frame = match gfx.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(frame) | wgpu::CurrentSurfaceTexture::Suboptimal(frame) => {
                frame
            }
            wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                // Reconfiguring recovers both; the frame is simply skipped.
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
                return;
            }
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => return,
            wgpu::CurrentSurfaceTexture::Validation => {
                self.fail(event_loop, "The GPU rejected the window surface.".into());
                return;
            }
        };
        let target = frame.texture.create_view(&wgpu::TextureViewDescriptor::default());
        let pose = self.machine.pose(now);
        let view = View { eye: pose.eye, angle: pose.angle, time: now as f32 };
        gfx.renderer.draw(&gfx.gpu, &target, gfx.config.width, gfx.config.height, &view);
        gfx.window.pre_present_notify();
        gfx.gpu.queue.present(frame);
        self.frames += 1;
        if update.finished {
            super::print_epitaph(&self.game);
            event_loop.exit();
        }
        if self.opts.quit_after_frames.is_some_and(|n| self.frames >= n) {
            println!("Presented {} frames.", self.frames);
            event_loop.exit();
        }
    }

    fn resize(&mut self, width: u32, height: u32) {
        if let Some(gfx) = self.graphics.as_mut() {
            gfx.config.width = width;
            gfx.config.height = height;
            if width > 0 && height > 0 {
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
            }
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() {
            return;
        }
        match self.create_graphics(event_loop) {
            Ok(graphics) => {
                graphics.window.request_redraw();
                self.graphics = Some(graphics);
                self.started = Instant::now();
                self.machine = TurnMachine::new(&self.game, 0.0);
            }
            Err(message) => self.fail(event_loop, message),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => self.resize(size.width, size.height),
            WindowEvent::Focused(false) => self.held.clear(),
            WindowEvent::KeyboardInput { event, .. } => self.on_key(event_loop, event),
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if self.game.status() == Status::Playing || self.machine.death_fade(self.now()) < 1.0 {
            if let Some(gfx) = &self.graphics {
                gfx.window.request_redraw();
            }
        }
    }
}

/// A surface configuration that prefers an sRGB format (the shaders write linear colour) and vsync.
fn surface_config(
    surface: &wgpu::Surface<'_>,
    gpu: &Gpu,
    width: u32,
    height: u32,
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
        present_mode: wgpu::PresentMode::AutoVsync,
        desired_maximum_frame_latency: 2,
        alpha_mode: caps.alpha_modes.first().copied().unwrap_or(wgpu::CompositeAlphaMode::Auto),
        view_formats: vec![],
        color_space: Default::default(),
    })
}
