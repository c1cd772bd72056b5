//! The real window: winit events in, the session in the middle, wgpu frames out.

use super::bindings::Context;
use super::cli::Options;
use super::editor::document::{Document, Outcome};
use super::editor::window::{EditorWindow, Routed};
use super::editor::EditorScreen;
use super::input::{Command, ReactorKey};
use super::persist::{self, files, profile, recording::Recording, run_save, settings::Settings, writer};
use super::reactor_session::ReactorSession;
use super::run_end;
use super::session::{Request, Session};
use super::title::{Title, TitleChoice};
use super::title_screen::TitleScreen;
use crate::audio;
use crate::game::{Game, Status};
use crate::render::{self, Effects, Frame, Gpu, Renderer, View};
use crate::scene::Scene;
use glam::Vec2;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};
use winit::window::{Fullscreen, Window, WindowId};

/// Opens the window on the title screen (or straight into the run the command line asks for) and
/// plays until the player quits, or `--quit-after-frames` is reached.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    run_with(opts, seed, None)
}

/// What `hollowdeep reactor` asks of the window besides its level.
pub struct ReactorWindow {
    pub size: Option<(u32, u32)>,
    /// Where the played actions go as a solution file when the level is left.
    pub record: Option<PathBuf>,
    /// Window smoke tests: present this many frames, then exit by itself.
    pub quit_after_frames: Option<u64>,
    /// A solution's actions to play back at a watching pace.
    pub replay: Option<Vec<crate::reactor::script::Action>>,
}

/// `hollowdeep reactor LEVEL.json`: the window opened on that level (or on the title screen).
pub fn run_reactor(level: Option<crate::reactor::Level>, window: ReactorWindow) -> Result<(), String> {
    let mut opts = Options::default();
    if let Some(size) = window.size {
        opts.size = size;
    }
    opts.record = window.record;
    opts.quit_after_frames = window.quit_after_frames;
    run_with(&opts, 0, level.map(|l| (l, window.replay.unwrap_or_default())))
}

/// `hollowdeep reactor --edit [LEVEL.json]`: the window opened on the level editor.
pub fn run_editor(doc: Document, window: ReactorWindow) -> Result<(), String> {
    let mut opts = Options::default();
    if let Some(size) = window.size {
        opts.size = size;
    }
    opts.quit_after_frames = window.quit_after_frames;
    run_app(&opts, 0, First::Editor(Box::new(doc)))
}

/// What the window opens on besides the title screen (or the command line's run).
enum First {
    Default,
    /// A reactor level, with the actions to replay on it (none to play it).
    Reactor(Box<crate::reactor::Level>, Vec<crate::reactor::script::Action>),
    Editor(Box<Document>),
}

/// `level`: a reactor level to open at once, with the actions to replay on it (none to play it).
fn run_with(
    opts: &Options,
    seed: u64,
    level: Option<(crate::reactor::Level, Vec<crate::reactor::script::Action>)>,
) -> Result<(), String> {
    run_app(opts, seed, level.map_or(First::Default, |(l, a)| First::Reactor(Box::new(l), a)))
}

fn run_app(opts: &Options, seed: u64, first: First) -> Result<(), String> {
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
    // No sound device is no problem: the game plays silently after one line saying so.
    let (mut audio, why) = audio::Output::open_device();
    if let Some(why) = why {
        eprintln!("hollowdeep: {why}");
    }
    audio.send(audio::MixCommand::Levels(settings.levels()));
    let mut app = App {
        opts: opts.clone(),
        seed,
        settings,
        screen: Screen::Title(Box::new(TitleScreen::new(Title::new(None, Vec::new(), Settings::default())))),
        data_dir,
        started: Instant::now(),
        graphics: None,
        held: Vec::new(),
        modifiers: ModifiersState::empty(),
        frames: 0,
        error: None,
        scene_dirty: true,
        audio,
        parked_editor: None,
        run_saved_at: None,
        settings_note: settings_note(&warnings),
    };
    app.screen = match first {
        First::Reactor(level, replay) => {
            let mut session = super::reactor_play::session(*level, &app.settings, &app.data_dir);
            session.replay(replay);
            Screen::Reactor(Box::new(session))
        }
        First::Editor(doc) => {
            let screen = EditorScreen::new(*doc, &app.settings.bindings);
            Screen::Editor(Box::new(EditorWindow::new(screen, false)))
        }
        First::Default => app.opening()?,
    };
    let event_loop = EventLoop::new().map_err(|e| format!("Could not open the window system ({e})."))?;
    if let Err(e) = event_loop.run_app(&mut app) {
        // The display went away under the event loop (an X server lost, a window destroyed
        // mid-call): what was in play is kept as a lost window keeps it.
        let kept = if app.error.is_none() { app.keep_what_is_in_play() } else { "" };
        return Err(format!("The window system failed{kept} ({e})."));
    }
    match app.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// What is on screen: the title screen and its pages, or a run (with its end card).
enum Screen {
    Title(Box<TitleScreen>),
    Run(Box<Session>),
    /// A reactor level on its board.
    Reactor(Box<ReactorSession>),
    /// The reactor level editor.
    Editor(Box<EditorWindow>),
}

impl Screen {
    /// The scene the renderer draws behind it.
    fn scene(&self) -> &Scene {
        match self {
            Screen::Title(t) => &t.scene,
            Screen::Run(session) => session.scene(),
            Screen::Reactor(session) => session.scene(),
            Screen::Editor(editor) => editor.screen.scene(),
        }
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
    opts: Options,
    /// The seed of the run the command line asks for (`--seed`, or a random one).
    seed: u64,
    settings: Settings,
    screen: Screen,
    data_dir: PathBuf,
    started: Instant,
    graphics: Option<Graphics>,
    /// Keys held down, oldest first: the newest movement key repeats when a turn ends.
    held: Vec<KeyCode>,
    modifiers: ModifiersState,
    frames: u64,
    error: Option<String>,
    /// The screen changed: its scene must be uploaded before the next frame.
    scene_dirty: bool,
    audio: audio::Output,
    /// The editor a "Play from here" left; the level's end (or Esc) goes back to it.
    parked_editor: Option<Box<EditorWindow>>,
    /// Depth and turn of the run's last save in this session (`None`: not saved yet).
    run_saved_at: Option<(u32, u64)>,
    /// What the settings file's load had to say, shown once on the first title screen.
    settings_note: Option<String>,
}

impl App {
    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, message: String) {
        self.error = Some(message);
        event_loop.exit();
    }

    /// The first screen: a replay, the run the command line asks for, or the title screen. A new
    /// run asked for while a save waits opens the title screen's question first.
    fn opening(&mut self) -> Result<Screen, String> {
        let opts = &self.opts;
        if let Some(path) = &opts.replay {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("Could not read the recording {}: {e}.", path.display()))?;
            let rec = Recording::from_text(&text)
                .map_err(|why| format!("The recording {} cannot be replayed: {why}.", path.display()))?;
            let mut session = self.session_for(rec.start());
            session.replay(rec.actions, opts.replay_speed);
            return Ok(Screen::Run(Box::new(session)));
        }
        let asked_for_a_run = opts.seed.is_some()
            || opts.depth > 1
            || opts.new_run
            || opts.record.is_some()
            || opts.sanity.is_some();
        let save_waits = run_save::path(&self.data_dir).exists();
        if opts.record.is_some() && save_waits && !opts.new_run {
            // Regression: a recording replays from a seed, and a continued run did not start from
            // one, so the file could never replay. Checked before the save is taken, so it stays.
            return Err(
                "--record records a new run, but a saved run is waiting: add --new, or play the saved run out first."
                    .into(),
            );
        }
        if asked_for_a_run && !save_waits {
            return Ok(Screen::Run(Box::new(self.command_line_run(false)?)));
        }
        let seed = opts.seed;
        let mut title = self.title_screen();
        if asked_for_a_run {
            title.confirm_new_run(seed);
        }
        Ok(Screen::Title(Box::new(title)))
    }

    /// The title screen as it stands now: the waiting save (if any) and the high scores.
    /// A damaged file found on the way (settings, profile, the reactor's bests) is said in one line
    /// under the title; the details went to stderr.
    fn title_screen(&mut self) -> TitleScreen {
        let save = run_save::peek(&self.data_dir);
        let mut notes = vec![self.settings_note.take()];
        let scores = match profile::load(&self.data_dir) {
            Ok((p, warning)) => {
                if let Some(warning) = warning {
                    eprintln!("hollowdeep: {warning}");
                    notes.push(Some("Your profile was damaged and set aside; a new one begins.".into()));
                }
                p.table().lines().map(String::from).collect()
            }
            Err(message) => vec![message],
        };
        let (campaign, set_aside) = super::reactor_play::campaign_page(&self.data_dir);
        notes.push(set_aside);
        let mut screen = TitleScreen::new(
            Title::new(save, scores, self.settings.clone())
                .with_campaign(campaign)
                .with_daily(super::daily::today()),
        );
        if let Some(note) = notes.into_iter().flatten().next() {
            screen.note(&note);
        }
        screen
    }

    fn session_for(&self, game: Game) -> Session {
        let reduced = self.opts.reduced_effects || self.settings.reduced_effects;
        Session::new(game, reduced, self.settings.automap, self.settings.bindings.clone())
    }

    /// The run the command line describes (`--seed`, `--depth`, `--sanity`, `--record`).
    fn command_line_run(&self, abandon: bool) -> Result<Session, String> {
        self.begin_daily(self.seed, self.opts.depth > 1 || self.opts.sanity.is_some())?;
        self.set_save_aside(abandon)?;
        let mut game = Game::start_run(self.seed, self.opts.depth);
        if let Some(percent) = self.opts.sanity {
            game = game.with_sanity_percent(percent);
        }
        let mut session = self.session_for(game);
        if self.opts.record.is_some() {
            session.record_into(Recording::new(self.seed, self.opts.depth));
        }
        Ok(session)
    }

    /// A new run of today's daily seed (from `--daily`, the title's entry or a typed seed) is the
    /// day's one attempt (a practice run of that seed is not): refused when it was made already.
    fn begin_daily(&self, seed: u64, practice: bool) -> Result<(), String> {
        match super::daily::is_todays(seed) {
            Some(date) if !practice => super::daily::begin(&self.data_dir, &date),
            _ => Ok(()),
        }
    }

    /// With the player's yes, moves the waiting save out of the way (never deletes it).
    fn set_save_aside(&self, abandon: bool) -> Result<(), String> {
        let path = run_save::path(&self.data_dir);
        if abandon && path.exists() {
            let moved = files::move_aside(&path, "set-aside")?;
            println!("The saved run was set aside as {}.", moved.display());
        }
        Ok(())
    }

    fn enter(&mut self, screen: Screen) {
        if matches!(screen, Screen::Title(_)) {
            // Out of a run the heart and the madness fall silent.
            self.audio.send(audio::MixCommand::Mood(audio::Mood::default()));
            self.audio.send(audio::MixCommand::Beds([[0.0; 2]; 6]));
        }
        if let Some(gfx) = self.graphics.as_mut() {
            // The editor places the board between its own panels; every other screen as usual.
            gfx.renderer.set_board_area(None);
        }
        self.screen = screen;
        self.held.clear();
        self.scene_dirty = true;
        self.run_saved_at = None;
    }

    /// What the editor asked for: play its level (the editor waits), or leave it.
    fn on_editor_outcome(&mut self, event_loop: &ActiveEventLoop, outcome: Outcome) {
        match outcome {
            Outcome::None => {}
            Outcome::Play(level) => {
                let Screen::Editor(_) = &self.screen else { return };
                let session = super::reactor_play::editor_session(*level, &self.settings);
                let title = Screen::Title(Box::new(self.title_screen()));
                if let Screen::Editor(editor) = std::mem::replace(&mut self.screen, title) {
                    self.parked_editor = Some(editor);
                }
                self.enter(Screen::Reactor(Box::new(session)));
            }
            Outcome::Quit => {
                let to_title = matches!(&self.screen, Screen::Editor(e) if e.leave_to_title);
                if to_title && self.opts.quit_after_frames.is_none() {
                    let title = self.title_screen();
                    self.enter(Screen::Title(Box::new(title)));
                } else {
                    event_loop.exit();
                }
            }
        }
    }

    /// Back from a level played from the editor.
    fn back_to_editor(&mut self) -> bool {
        let Some(mut editor) = self.parked_editor.take() else { return false };
        editor.upload = true;
        self.enter(Screen::Editor(editor));
        true
    }

    /// A key the editor's widgets left for the key table.
    fn editor_key(&mut self, event_loop: &ActiveEventLoop, code: KeyCode, ctrl: bool) {
        let contexts = EditorScreen::contexts();
        let b = &self.settings.bindings;
        let command = if ctrl {
            b.ctrl_command(code, &contexts)
        } else {
            b.command(code, self.modifiers.alt_key(), &contexts)
        };
        match command {
            None => {}
            Some(Command::Screenshot) => self.screenshot(),
            Some(Command::Fullscreen) => self.handle(event_loop, Request::ToggleFullscreen),
            Some(Command::Mute) => self.handle(event_loop, Request::ToggleMute),
            Some(command) => {
                let Screen::Editor(editor) = &mut self.screen else { return };
                let outcome = editor.screen.command(command);
                self.on_editor_outcome(event_loop, outcome);
            }
        }
    }

    /// Opens shipped reactor level `index`, where it was left if it was left in progress.
    fn open_shipped(&mut self, index: usize) {
        match super::reactor_play::shipped(index, &self.data_dir) {
            Some((level, set_aside)) => {
                let mut session = super::reactor_play::session(level, &self.settings, &self.data_dir);
                if let Some(start) = super::reactor_play::shipped_start(index) {
                    session.mode.game.set_start(start);
                }
                if let Some(note) = set_aside {
                    session.say(note);
                }
                self.enter(Screen::Reactor(Box::new(session)));
            }
            None => self.title_note("That reactor level could not be loaded."),
        }
    }

    /// Does what the title screen's choice asks.
    fn on_title_choice(&mut self, event_loop: &ActiveEventLoop, choice: TitleChoice) {
        match choice {
            TitleChoice::None => {}
            TitleChoice::Quit => event_loop.exit(),
            TitleChoice::Editor => {
                let screen = EditorScreen::new(
                    Document::blank(&crate::reactor::Balance::normal()),
                    &self.settings.bindings,
                );
                self.enter(Screen::Editor(Box::new(EditorWindow::new(screen, true))));
            }
            TitleChoice::Reactor(index) => self.open_shipped(index),
            TitleChoice::SettingsChanged => {
                if let Screen::Title(title) = &self.screen {
                    self.settings = title.settings().clone();
                }
                if let Err(message) = persist::settings::save(&persist::config_dir(), &self.settings) {
                    self.title_note(&format!("Could not save the settings: {message}"));
                }
                self.apply_settings();
            }
            TitleChoice::Continue => match run_save::load(&self.data_dir) {
                Ok(run_save::Loaded::Game(game)) => {
                    let mut session = self.session_for(*game);
                    session.notify("You return to the depths.", self.now());
                    self.enter(Screen::Run(Box::new(session)));
                }
                Ok(run_save::Loaded::MovedAside(message)) => {
                    eprintln!("hollowdeep: {message}");
                    let title = self.title_screen();
                    self.enter(Screen::Title(Box::new(title)));
                    self.title_note(&message);
                }
                Ok(run_save::Loaded::None) => {
                    let title = self.title_screen();
                    self.enter(Screen::Title(Box::new(title)));
                }
                Err(message) => self.title_note(&message),
            },
            TitleChoice::NewRun { seed, abandon, command_line } => {
                let result = if command_line {
                    self.command_line_run(abandon)
                } else {
                    // A run from the menu: depth 1, the typed seed or a fresh one.
                    let seed = seed.unwrap_or_else(super::random_seed);
                    self.begin_daily(seed, false)
                        .and_then(|()| self.set_save_aside(abandon))
                        .map(|()| self.session_for(Game::new(seed)))
                };
                match result {
                    Ok(session) => self.enter(Screen::Run(Box::new(session))),
                    Err(message) => self.title_note(&message),
                }
            }
        }
    }

    /// A line under the title screen's title (nothing when a run is on screen).
    fn title_note(&mut self, note: &str) {
        if let Screen::Title(title) = &mut self.screen {
            title.note(note);
        }
    }

    fn apply_settings(&mut self) {
        self.audio.send(audio::MixCommand::Levels(self.settings.levels()));
        if let Some(gfx) = self.graphics.as_mut() {
            gfx.renderer.set_field_of_view(self.settings.fov_degrees);
            let full = gfx.window.fullscreen().is_some();
            if full != self.settings.fullscreen {
                gfx.window.set_fullscreen(self.settings.fullscreen.then_some(Fullscreen::Borderless(None)));
            }
            let mode = if self.settings.vsync {
                wgpu::PresentMode::AutoVsync
            } else {
                wgpu::PresentMode::AutoNoVsync
            };
            if gfx.config.present_mode != mode {
                gfx.config.present_mode = mode;
                gfx.surface.configure(&gfx.gpu.device, &gfx.config);
            }
        }
    }

    fn scene(&self) -> &Scene {
        self.screen.scene()
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
        let lost = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sink = lost.clone();
        gpu.device.on_uncaptured_error(Arc::new(move |_: wgpu::Error| {
            sink.store(true, std::sync::atomic::Ordering::Relaxed);
        }));
        let size = window.inner_size();
        let config = surface_config(&surface, &gpu, size.width, size.height, self.settings.vsync)?;
        surface.configure(&gpu.device, &config);
        let mut renderer = Renderer::new(&gpu, config.format);
        renderer.set_field_of_view(self.settings.fov_degrees);
        renderer.upload_scene(&gpu, self.scene());
        Ok(Graphics { window, surface, config, gpu, renderer, lost })
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
        let alt = self.modifiers.alt_key();
        match &mut self.screen {
            Screen::Title(title) => {
                // The window's own keys (screenshot, fullscreen) work here too.
                let global = self.settings.bindings.command(code, alt, &[Context::Global]);
                match global {
                    Some(Command::Screenshot) => self.screenshot(),
                    Some(Command::Fullscreen) => self.handle(event_loop, Request::ToggleFullscreen),
                    Some(Command::Mute) => self.handle(event_loop, Request::ToggleMute),
                    _ => {
                        let choice = title.key(code);
                        self.on_title_choice(event_loop, choice);
                    }
                }
            }
            Screen::Run(session) => {
                // Every key goes through the key table; the session knows which contexts are open.
                let request = session.key(code, alt, now);
                self.handle(event_loop, request);
            }
            Screen::Reactor(session) => {
                let request = session.key(code, alt, now);
                self.handle(event_loop, request);
            }
            // The editor's keys arrive through `editor_key` (egui sees them first).
            Screen::Editor(_) => {}
        }
    }

    fn handle(&mut self, event_loop: &ActiveEventLoop, request: Request) {
        match request {
            Request::None => {}
            // Esc in a replay or during the death fade: leave as closing the window would, so an
            // ended run is still recorded.
            Request::Exit => self.close(event_loop),
            Request::SaveAndExit => self.save_and_exit(event_loop),
            Request::EndRun => {
                if self.back_to_editor() {
                    return;
                }
                // A campaign level is left for the campaign's page, with the cursor on it.
                let mut campaign_place = None;
                if let Screen::Reactor(session) = &self.screen {
                    super::reactor_play::save_progress(&session.mode, &self.data_dir);
                    campaign_place = super::reactor_play::campaign_place(&session.mode);
                }
                self.write_recording();
                let replaying = matches!(&self.screen, Screen::Run(s) if s.is_replaying());
                if replaying || self.opts.quit_after_frames.is_some() {
                    event_loop.exit();
                } else {
                    let mut title = self.title_screen();
                    if let Some(index) = campaign_place {
                        title.open_campaign_at(index);
                    }
                    self.enter(Screen::Title(Box::new(title)));
                }
            }
            Request::OpenReactorLevel(index) => {
                if let Screen::Reactor(session) = &self.screen {
                    super::reactor_play::save_progress(&session.mode, &self.data_dir);
                }
                self.write_recording();
                self.open_shipped(index);
            }
            Request::Screenshot => self.screenshot(),
            Request::ToggleMute => self.toggle_mute(),
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

    /// The mute key: flips the setting, saves it, and says so.
    fn toggle_mute(&mut self) {
        self.settings.muted = !self.settings.muted;
        self.apply_settings();
        let saved = persist::settings::save(&persist::config_dir(), &self.settings);
        let key = self.settings.bindings.first_key("mute");
        let text = match (self.settings.muted, saved) {
            (_, Err(message)) => format!("Could not save the settings: {message}"),
            (true, Ok(())) => format!("Sound off ({key} turns it back on)."),
            (false, Ok(())) => "Sound on.".to_string(),
        };
        let now = self.now();
        match &mut self.screen {
            Screen::Run(session) => session.notify(&text, now),
            Screen::Title(title) => {
                title.set_muted(self.settings.muted);
                title.note(&text);
            }
            // The reactor's board has no message line yet: its sound goes off (or on) with the
            // setting, which is saved, and nothing more is said.
            Screen::Reactor(_) => {}
            Screen::Editor(editor) => editor.screen.doc.say(text, super::editor::document::Tone::Info),
        }
    }

    /// Esc then Y, or closing the window during a run: the run is saved and continues next time.
    fn save_and_exit(&mut self, event_loop: &ActiveEventLoop) {
        let Screen::Run(session) = &mut self.screen else {
            event_loop.exit();
            return;
        };
        match run_save::save(&self.data_dir, &session.game) {
            Ok(path) => {
                println!("Run saved to {}. Start Hollowdeep again to continue.", path.display());
                self.write_recording();
                event_loop.exit();
            }
            Err(message) => {
                let now = self.started.elapsed().as_secs_f64();
                session.notify(&format!("Could not save: {message}"), now);
            }
        }
    }

    /// The title bar's close button or Alt+F4: a run in play is saved as Esc→Y saves it; a run
    /// that has ended is recorded first; anything else just closes.
    fn close(&mut self, event_loop: &ActiveEventLoop) {
        let now = self.now();
        if let Screen::Editor(editor) = &mut self.screen {
            let outcome = editor.close_requested();
            self.on_editor_outcome(event_loop, outcome);
            return;
        }
        if self.parked_editor.as_ref().is_some_and(|e| e.screen.doc.unsaved()) {
            // Closing a level played from the editor with unsaved edits: back to them, and ask.
            self.back_to_editor();
            self.close(event_loop);
            return;
        }
        if let Screen::Reactor(session) = &self.screen {
            super::reactor_play::save_progress(&session.mode, &self.data_dir);
            self.write_recording();
            event_loop.exit();
            return;
        }
        let Screen::Run(session) = &mut self.screen else {
            event_loop.exit();
            return;
        };
        if session.is_replaying() {
            event_loop.exit();
        } else if session.game.status() == Status::Playing {
            self.save_and_exit(event_loop);
        } else {
            if !session.card_open() {
                let card = run_end::finish(&session.game, &self.data_dir, false);
                session.show_card(card, now);
            }
            self.write_recording();
            event_loop.exit();
        }
    }

    /// F12: renders the current view offscreen at the window's size and saves it as a PNG.
    fn screenshot(&mut self) {
        let now = self.now();
        let Some(gfx) = &self.graphics else { return };
        let (w, h) = (gfx.config.width.max(1), gfx.config.height.max(1));
        if let Screen::Editor(editor) = &mut self.screen {
            let rgba = super::editor::headless::render(&gfx.gpu, &mut editor.screen, (w, h));
            let text = save_screenshot(&self.data_dir, "hollowdeep-editor", (w, h), &rgba);
            editor.screen.doc.say(text, super::editor::document::Tone::Info);
            return;
        }
        // What the player sees, overlays and effects included, drawn offscreen with the same shaders.
        let target = render::Offscreen::new(&gfx.gpu, w, h);
        let mut renderer = Renderer::new(&gfx.gpu, render::Offscreen::format());
        renderer.set_field_of_view(self.settings.fov_degrees);
        renderer.upload_scene(&gfx.gpu, self.scene());
        if let Screen::Reactor(session) = &self.screen {
            renderer.set_board_camera(session.board_camera());
        }
        let frame = self.frame(now, h);
        renderer.draw_frame(&gfx.gpu, target.view(), w, h, &frame);
        let rgba = target.read_rgba(&gfx.gpu);
        let text = save_screenshot(&self.data_dir, "hollowdeep", (w, h), &rgba);
        match &mut self.screen {
            Screen::Run(session) => session.notify(&text, now),
            Screen::Title(title) => title.note(&text),
            Screen::Reactor(_) => println!("{text}"),
            Screen::Editor(_) => {}
        }
    }

    /// Everything the renderer needs for this frame of the current screen.
    fn frame(&self, now: f64, height: u32) -> Frame {
        match &self.screen {
            Screen::Title(title) => {
                Frame { view: title.view(now), effects: Effects::default(), ui: title.ui().clone() }
            }
            Screen::Reactor(session) => Frame {
                view: View::of_scene(session.scene(), now as f32),
                // Reduced effects slows the board's arcs as it caps the crawler's flashes.
                effects: Effects {
                    reduced: self.opts.reduced_effects || self.settings.reduced_effects,
                    ..Effects::default()
                },
                ui: session.ui(),
            },
            Screen::Editor(editor) => Frame::calm(View::of_scene(editor.screen.scene(), now as f32)),
            Screen::Run(session) => {
                let pose = session.machine.pose(now);
                let effect = session.effects.sample(now);
                let fade = session.machine.death_fade(now);
                let effects = Effects {
                    light_scale: 1.0 - fade,
                    flash_rgba: effect.flash,
                    // The jolt is in cells of the world; on screen it scales with the view's size.
                    jolt_px: effect.jolt * Vec2::splat(height as f32),
                    warp_pulse: effect.warp,
                    enemy_progress: session.machine.enemy_progress(now),
                    reduced: session.effects.reduced(),
                };
                Frame {
                    view: View { eye: pose.eye, angle: pose.angle, time: now as f32 },
                    effects,
                    ui: session.ui(now),
                }
            }
        }
    }

    /// Advances the run (turn machine, held keys, replay) and shows the end card once the death
    /// fade is over. Returns whether the scene must be uploaded.
    fn update(&mut self, now: f64) -> bool {
        if let Screen::Reactor(session) = &mut self.screen {
            let upload = session.update(now);
            self.audio.send_all(session.take_mix_commands());
            if let Some(gfx) = self.graphics.as_mut() {
                gfx.renderer.set_board_camera(session.board_camera());
            }
            return upload;
        }
        let Screen::Run(session) = &mut self.screen else { return false };
        let held = session.held_action(&self.held);
        let update = session.update(now, held);
        self.audio.send_all(session.take_mix_commands());
        self.keep_run_on_disk();
        let Screen::Run(session) = &mut self.screen else { return false };
        if update.finished && !session.card_open() {
            let card = run_end::finish(&session.game, &self.data_dir, session.is_replaying());
            session.show_card(card, now);
        }
        update.upload
    }

    /// Whether the GPU reported the window's surface lost (or any error on its device).
    fn surface_lost(&self) -> bool {
        self.graphics.as_ref().is_some_and(|g| g.lost.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// The window or its display is gone (a crashed window manager, a lost X server): what is in
    /// play is kept as closing the window keeps it, and the program ends with one sentence.
    fn window_lost(&mut self, event_loop: &ActiveEventLoop) {
        if self.error.is_some() {
            return;
        }
        let kept = self.keep_what_is_in_play();
        self.error = Some(format!("The window was lost{kept}."));
        event_loop.exit();
    }

    /// Keeps what a lost window or a failed window system would lose: the run in play, the reactor
    /// level's progress, the editor's unsaved level, the `--record` file. Returns the end of the
    /// sentence that says so ("; the run was saved", or nothing).
    fn keep_what_is_in_play(&mut self) -> &'static str {
        let kept = match &mut self.screen {
            Screen::Run(session) if session.game.status() == Status::Playing && !session.is_replaying() => {
                match run_save::save(&self.data_dir, &session.game) {
                    Ok(_) => "; the run was saved",
                    Err(_) => "; the run could not be saved",
                }
            }
            Screen::Reactor(session) => {
                super::reactor_play::save_progress(&session.mode, &self.data_dir);
                ""
            }
            Screen::Editor(editor) => match editor.screen.doc.save_recovery() {
                Some(Ok(path)) => {
                    eprintln!("hollowdeep: the unsaved level was kept as {}.", path.display());
                    ""
                }
                Some(Err(message)) => {
                    eprintln!("hollowdeep: {message}");
                    ""
                }
                None => "",
            },
            _ => "",
        };
        self.write_recording();
        kept
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        if self.surface_lost() {
            self.window_lost(event_loop);
            return;
        }
        let now = self.now();
        let upload = self.update(now) || std::mem::take(&mut self.scene_dirty);
        let Some(height) = self.graphics.as_ref().map(|g| g.config.height) else { return };
        let frame_input = self.frame(now, height);
        let scene = self.screen.scene();
        let Some(gfx) = self.graphics.as_mut() else { return };
        if upload {
            gfx.renderer.upload_scene(&gfx.gpu, scene);
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
        let mut outcome = Outcome::None;
        if let Screen::Editor(editor) = &mut self.screen {
            let size = (gfx.config.width, gfx.config.height);
            outcome = editor.redraw(
                &gfx.window,
                &gfx.gpu,
                &mut gfx.renderer,
                gfx.config.format,
                &target,
                size,
                now as f32,
            );
        } else {
            gfx.renderer.draw_frame(&gfx.gpu, &target, gfx.config.width, gfx.config.height, &frame_input);
        }
        gfx.window.pre_present_notify();
        gfx.gpu.queue.present(frame);
        self.frames += 1;
        self.on_editor_outcome(event_loop, outcome);
        if self.opts.quit_after_frames.is_some_and(|n| self.frames >= n) {
            println!("Presented {} frames.", self.frames);
            self.write_recording();
            event_loop.exit();
        }
    }

    /// Writes the `--record` file once, when the run is left (saved, ended or closed).
    fn write_recording(&mut self) {
        // Regression: the path was taken before the screen was looked at, so a crawler run
        // found it gone and wrote nothing.
        if let Screen::Reactor(session) = &self.screen {
            let Some(path) = self.opts.record.take() else { return };
            let text = crate::reactor::solution::to_text(session.mode.game.initial(), &session.played);
            match writer::write_text(&path, &text) {
                Ok(()) => println!("Solution written to {}.", path.display()),
                Err(message) => eprintln!("hollowdeep: {message}"),
            }
            return;
        }
        let Screen::Run(session) = &mut self.screen else { return };
        let (Some(path), Some(mut rec)) = (self.opts.record.clone(), session.recording.take()) else {
            return;
        };
        rec.finish(&session.game);
        match writer::write_text(&path, &rec.to_text()) {
            Ok(()) => println!("Recording written to {}.", path.display()),
            Err(message) => {
                eprintln!("hollowdeep: {message}");
                self.error.get_or_insert(message);
            }
        }
    }

    /// The run in play stays saved on disk, rewritten at each safe point, so a crash or a lost
    /// display costs a few turns at most; an ended run's save goes. Replays never touch it.
    fn keep_run_on_disk(&mut self) {
        let Screen::Run(session) = &mut self.screen else { return };
        if session.is_replaying() {
            return;
        }
        let game = &session.game;
        let result = if game.status() != Status::Playing {
            match self.run_saved_at.take() {
                Some(_) => run_save::remove(&self.data_dir),
                None => Ok(()),
            }
        } else if run_save::safe_point(self.run_saved_at, game.depth(), game.turn()) {
            self.run_saved_at = Some((game.depth(), game.turn()));
            run_save::save(&self.data_dir, game).map(|_| ())
        } else {
            Ok(())
        };
        if let Err(message) = result {
            eprintln!("hollowdeep: {message}");
            session.notify(&format!("Could not save: {message}"), self.started.elapsed().as_secs_f64());
        }
    }

    /// The mouse over a reactor board inspects the cell under it.
    fn on_mouse_move(&mut self, x: f32, y: f32) {
        let (Screen::Reactor(session), Some(gfx)) = (&mut self.screen, self.graphics.as_ref()) else {
            return;
        };
        if let Some(view) = gfx.renderer.board_view(gfx.config.width, gfx.config.height) {
            session.hover(view.cell_at(x, y));
        }
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
        if let (Screen::Editor(editor), Some(gfx)) = (&mut self.screen, self.graphics.as_ref()) {
            if !matches!(event, WindowEvent::RedrawRequested | WindowEvent::CloseRequested) {
                let ctrl = self.modifiers.control_key();
                if let Routed::Key(code, ctrl) = editor.on_event(&gfx.window, &event, ctrl) {
                    self.editor_key(event_loop, code, ctrl);
                }
            }
        }
        match event {
            WindowEvent::CloseRequested => self.close(event_loop),
            WindowEvent::Destroyed => self.window_lost(event_loop),
            WindowEvent::Resized(size) => self.resize(size.width, size.height),
            WindowEvent::Focused(false) => self.held.clear(),
            WindowEvent::ModifiersChanged(m) => self.modifiers = m.state(),
            WindowEvent::KeyboardInput { event, .. } => self.on_key(event_loop, event),
            WindowEvent::RedrawRequested => self.redraw(event_loop),
            WindowEvent::CursorMoved { position, .. } => {
                self.on_mouse_move(position.x as f32, position.y as f32)
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let up = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y > 0.0,
                    MouseScrollDelta::PixelDelta(p) => p.y > 0.0,
                };
                let key = if up { ReactorKey::ZoomIn } else { ReactorKey::ZoomOut };
                let now = self.now();
                if let Screen::Reactor(session) = &mut self.screen {
                    session.command(Command::Reactor(key), now);
                }
            }
            WindowEvent::MouseInput { state: ElementState::Pressed, button: MouseButton::Left, .. } => {
                let now = self.now();
                if let Screen::Reactor(session) = &mut self.screen {
                    session.click(now);
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(gfx) = &self.graphics {
            gfx.window.request_redraw();
        }
    }
}

/// The settings load's warnings (all on stderr already) as one line for the title screen.
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
    match writer::make_folder_for(&path).and_then(|()| super::screenshot::write_png(&path, w, h, rgba)) {
        Ok(()) => format!("Screenshot saved to {}", path.display()),
        Err(e) => format!("Could not save the screenshot: {e}"),
    }
}
