//! The real window: winit events in, the session in the middle, wgpu frames out.

use super::cli::Options;
use super::persist::{self, files, morgue, profile, recording::Recording, run_save, settings::Settings};
use super::session::{Request, Session};
use crate::game::Game;
use crate::render::{self, Effects, Frame, Gpu, Renderer, View};
use glam::Vec2;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// Opens the window and plays until the player quits, dies, or `--quit-after-frames` is reached.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return Err(
            "No display found: run inside a desktop session or under xvfb-run, or use --headless.".into()
        );
    }
    let data_dir = persist::data_dir();
    let (settings, warnings) = persist::settings::load(&persist::config_dir())?;
    for warning in &warnings {
        eprintln!("hollowdeep: {warning}");
    }
    let (game, continued) = starting_game(opts, seed, &data_dir)?;
    // A run started deeper than depth 1 is practice: its score is not recorded.
    let practice = !continued && opts.depth > 1;
    let reduced = opts.reduced_effects || settings.reduced_effects;
    let mut session = Session::new(game, reduced, settings.automap, settings.bindings.clone());
    if continued {
        session.notify("You return to the depths.", 0.0);
    }
    if let Some(path) = &opts.replay {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("Could not read the recording {}: {e}.", path.display()))?;
        let rec = Recording::from_text(&text)
            .map_err(|why| format!("The recording {} cannot be replayed: {why}.", path.display()))?;
        session.game = Game::new_at_depth(rec.seed, rec.depth);
        session.machine = super::turn_machine::TurnMachine::new(&session.game, 0.0);
        session.replay(rec.actions, opts.replay_speed);
    } else if opts.record.is_some() {
        session.record_into(Recording::new(seed, opts.depth));
    }
    let event_loop = EventLoop::new().map_err(|e| format!("Could not open the window system ({e})."))?;
    let mut app = App {
        opts: opts.clone(),
        settings,
        session,
        practice,
        data_dir,
        started: Instant::now(),
        graphics: None,
        held: Vec::new(),
        modifiers: ModifiersState::empty(),
        frames: 0,
        error: None,
        finished: false,
    };
    event_loop.run_app(&mut app).map_err(|e| format!("The window system failed ({e})."))?;
    app.write_recording()?;
    match app.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// Continues a saved run when the player did not ask for a specific one; otherwise starts fresh.
fn starting_game(opts: &Options, seed: u64, data_dir: &std::path::Path) -> Result<(Game, bool), String> {
    let fresh = opts.seed.is_some() || opts.depth > 1 || opts.new_run || opts.replay.is_some();
    if !fresh {
        if opts.record.is_some() && run_save::path(data_dir).exists() {
            // Regression: a recording replays from a seed, and a continued run did not start from
            // one here, so the file could never replay. Checked before the save is taken, so it stays.
            return Err(
                "--record records a new run, but a saved run is waiting: add --new, or play the saved run out first."
                    .into(),
            );
        }
        match run_save::take(data_dir)? {
            run_save::Loaded::Game(game) => return Ok((*game, true)),
            run_save::Loaded::MovedAside(message) => eprintln!("hollowdeep: {message}"),
            run_save::Loaded::None => {}
        }
    }
    Ok((Game::new_at_depth(seed, opts.depth), false))
}

/// GPU state tied to one window.
struct Graphics {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    gpu: Gpu,
    renderer: Renderer,
}

struct App {
    opts: Options,
    settings: Settings,
    session: Session,
    practice: bool,
    data_dir: PathBuf,
    started: Instant,
    graphics: Option<Graphics>,
    /// Keys held down, oldest first: the newest movement key repeats when a turn ends.
    held: Vec<KeyCode>,
    modifiers: ModifiersState,
    frames: u64,
    error: Option<String>,
    finished: bool,
}

impl App {
    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        self.error = Some(message);
        event_loop.exit();
    }

    fn create_graphics(&self, event_loop: &ActiveEventLoop) -> Result<Graphics, String> {
        let (width, height) = if self.opts.size != Options::default().size {
            self.opts.size
        } else {
            (self.settings.window_width, self.settings.window_height)
        };
        let mut attributes = Window::default_attributes()
            .with_title("Hollowdeep")
            .with_inner_size(LogicalSize::new(width, height))
            .with_min_inner_size(LogicalSize::new(320, 200));
        if self.settings.fullscreen {
            attributes = attributes.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
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
        let config = surface_config(&surface, &gpu, size.width, size.height, self.settings.vsync)?;
        surface.configure(&gpu.device, &config);
        let mut renderer = Renderer::new(&gpu, config.format);
        renderer.set_field_of_view(self.settings.fov_degrees);
        renderer.upload_scene(&gpu, self.session.scene());
        Ok(Graphics { window, surface, config, gpu, renderer })
    }

    fn on_key(&mut self, event_loop: &ActiveEventLoop, event: KeyEvent) {
        let PhysicalKey::Code(code) = event.physical_key else { return };
        if event.state == ElementState::Released {
            self.held.retain(|&k| k != code);
            return;
        }
        if event.repeat {
            return;
        }
        self.held.retain(|&k| k != code);
        self.held.push(code);
        let now = self.now();
        // Every key goes through the key table; the session knows which contexts are open.
        let request = self.session.key(code, self.modifiers.alt_key(), now);
        self.handle(event_loop, request);
    }

    fn handle(&mut self, event_loop: &ActiveEventLoop, request: Request) {
        match request {
            Request::None => {}
            Request::Exit => event_loop.exit(),
            Request::SaveAndExit => match run_save::save(&self.data_dir, &self.session.game) {
                Ok(path) => {
                    println!("Run saved to {}. Start Hollowdeep again to continue.", path.display());
                    event_loop.exit();
                }
                Err(message) => {
                    let now = self.now();
                    self.session.notify(&format!("Could not save: {message}"), now);
                }
            },
            Request::Screenshot => self.screenshot(),
            Request::ToggleFullscreen => {
                if let Some(gfx) = &self.graphics {
                    let next = match gfx.window.fullscreen() {
                        Some(_) => None,
                        None => Some(Fullscreen::Borderless(None)),
                    };
                    gfx.window.set_fullscreen(next);
                }
            }
        }
    }

    /// F12: renders the current view offscreen at the window's size and saves it as a PNG.
    fn screenshot(&mut self) {
        let now = self.now();
        let Some(gfx) = &self.graphics else { return };
        let (w, h) = (gfx.config.width.max(1), gfx.config.height.max(1));
        let view = self.view(now);
        // What the player sees, overlays and effects included, drawn offscreen with the same shaders.
        let target = render::Offscreen::new(&gfx.gpu, w, h);
        let mut renderer = Renderer::new(&gfx.gpu, render::Offscreen::format());
        renderer.set_field_of_view(self.settings.fov_degrees);
        renderer.upload_scene(&gfx.gpu, self.session.scene());
        let frame = Frame { view, effects: self.effects(now, h), ui: self.session.ui(now) };
        renderer.draw_frame(&gfx.gpu, target.view(), w, h, &frame);
        let rgba = target.read_rgba(&gfx.gpu);
        let (_, stamp) = files::date_and_stamp();
        let path = self.data_dir.join("screenshots").join(format!("hollowdeep-{stamp}.png"));
        let result = std::fs::create_dir_all(path.parent().unwrap_or(&self.data_dir))
            .map_err(|e| e.to_string())
            .and_then(|_| render::write_png(&path, w, h, &rgba).map_err(|e| e.to_string()));
        let text = match result {
            Ok(()) => format!("Screenshot saved to {}", path.display()),
            Err(e) => format!("Could not save the screenshot: {e}"),
        };
        self.session.notify(&text, now);
    }

    fn view(&self, now: f64) -> View {
        let pose = self.session.machine.pose(now);
        View { eye: pose.eye, angle: pose.angle, time: now as f32 }
    }

    fn effects(&self, now: f64, height: u32) -> Effects {
        let frame = self.session.effects.sample(now);
        let fade = self.session.machine.death_fade(now);
        Effects {
            light_scale: 1.0 - fade,
            flash_rgba: frame.flash,
            // The jolt is in cells of the world; on screen it scales with the view's size.
            jolt_px: frame.jolt * Vec2::splat(height as f32),
            warp_pulse: frame.warp,
            enemy_progress: self.session.machine.enemy_progress(now),
            reduced: self.session.effects.reduced(),
        }
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        let held = self.session.held_action(&self.held);
        let update = self.session.update(now, held);
        let ui = self.session.ui(now);
        let view = self.view(now);
        let Some(gfx) = self.graphics.as_mut() else { return };
        if update.upload {
            gfx.renderer.upload_scene(&gfx.gpu, self.session.scene());
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
                self.fail(event_loop, "The GPU rejected the window surface.".into());
                return;
            }
        };
        let height = gfx.config.height;
        let effects = self.effects(now, height);
        let Some(gfx) = self.graphics.as_mut() else { return };
        let target = frame.texture.create_view(&wgpu::TextureViewDescriptor::default());
        let frame_input = Frame { view, effects, ui };
        gfx.renderer.draw_frame(&gfx.gpu, &target, gfx.config.width, gfx.config.height, &frame_input);
        gfx.window.pre_present_notify();
        gfx.gpu.queue.present(frame);
        self.frames += 1;
        if update.finished {
            self.finish_run();
            event_loop.exit();
        }
        if self.opts.quit_after_frames.is_some_and(|n| self.frames >= n) {
            println!("Presented {} frames.", self.frames);
            event_loop.exit();
        }
    }

    /// After the death fade: the epitaph and score on stdout, the profile and the morgue file.
    fn finish_run(&mut self) {
        if self.finished {
            return;
        }
        self.finished = true;
        let game = &self.session.game;
        super::print_epitaph(game);
        if self.session.is_replaying() {
            return; // a replay is not a new run
        }
        let (date, stamp) = files::date_and_stamp();
        if !self.practice {
            let result = profile::load(&self.data_dir).and_then(|(mut p, warning)| {
                if let Some(w) = warning {
                    eprintln!("hollowdeep: {w}");
                }
                p.record(game, date.clone());
                profile::save(&self.data_dir, &p)
            });
            if let Err(message) = result {
                eprintln!("hollowdeep: {message}");
            }
        }
        match morgue::write(&self.data_dir, game, &stamp, &date) {
            Ok(path) => println!("Morgue file: {}", path.display()),
            Err(message) => eprintln!("hollowdeep: {message}"),
        }
    }

    fn write_recording(&mut self) -> Result<(), String> {
        let (Some(path), Some(rec)) = (&self.opts.record, self.session.recording.as_mut()) else {
            return Ok(());
        };
        rec.finish(&self.session.game);
        files::write_atomic(path, &rec.to_text())?;
        println!("Recording written to {}.", path.display());
        Ok(())
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
                // Session time starts with the first frame, so a start-up notice is not spent on
                // the seconds it took to open the window.
                self.started = Instant::now();
            }
            Err(message) => self.fail(event_loop, message),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => self.resize(size.width, size.height),
            WindowEvent::Focused(false) => self.held.clear(),
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::KeyboardInput { event, .. } => self.on_key(event_loop, event),
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(gfx) = &self.graphics {
            gfx.window.request_redraw();
        }
    }
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
