//! The title on the screen stack: the menu over its backdrop, what its choices start (a run, a
//! reactor level, the editor), and the first screens the command line asks for. It is the one
//! place that knows every game's front; the shell beneath it knows none.

use super::menu::{Title, TitleChoice};
use super::screen::TitleScreen;
use crate::app::cli::Options;
use crate::app::crawler::screen::{command_line_run, new_run, RunScreen};
use crate::app::persist::{profile, run_save};
use crate::app::reactor::editor::window::EditorWindow;
use crate::app::reactor::screen::{CampaignPlace, LevelScreen};
use crate::app::shell;
use crate::app::shell::screen::{KeyPress, Note, Screen, Shell, Step};
use crate::app::shell::window::WindowOptions;
use crate::audio;
use crate::game::recording::Recording;
use crate::render::{Effects, Frame};
use crate::scene::Scene;
use std::any::Any;

/// What the command line asked for, kept for the question a waiting save opens on the title.
#[derive(Clone, Default)]
pub struct Launch {
    pub opts: Options,
    /// The seed of the run the command line asks for (`--seed`, or a random one).
    pub seed: u64,
}

pub struct Launcher {
    title: TitleScreen,
    launch: Launch,
}

impl Launcher {
    pub fn new(shell: &mut Shell, launch: Launch) -> Launcher {
        Launcher { title: title_screen(shell), launch }
    }

    fn choose(&mut self, shell: &mut Shell, choice: TitleChoice) -> Step {
        match choice {
            TitleChoice::None => Step::Stay,
            TitleChoice::Quit => Step::Exit,
            TitleChoice::Editor => Step::Push(Box::new(EditorWindow::blank(shell))),
            // A typed share code plays as `--replay-code` does: from the level's start, watched, and
            // keeping no win, best or progress.
            TitleChoice::ReplayCode { level, actions } => {
                match crate::app::reactor::play::shipped_start(level) {
                    Some(start) => {
                        let mut session =
                            crate::app::reactor::play::session(start, &shell.settings, &shell.data_dir);
                        // Even a code with no actions in it is someone else's line, not the player's play.
                        session.mode.keeps_records = false;
                        session.replay(actions);
                        Step::Push(Box::new(LevelScreen::new(session)))
                    }
                    None => {
                        self.title.note("That reactor level could not be loaded.");
                        Step::Stay
                    }
                }
            }
            TitleChoice::Reactor(index) => match LevelScreen::shipped(shell, index) {
                Some(level) => Step::Push(Box::new(level)),
                None => {
                    self.title.note("That reactor level could not be loaded.");
                    Step::Stay
                }
            },
            TitleChoice::SettingsChanged => {
                shell.settings = self.title.settings().clone();
                shell.settings_changed();
                Step::Stay
            }
            TitleChoice::Continue => match run_save::load(&shell.data_dir) {
                Ok(run_save::Loaded::Game(game)) => {
                    let mut run = RunScreen::of_game(shell, *game);
                    run.session.notify("You return to the depths.", shell.now);
                    Step::Push(Box::new(run))
                }
                Ok(run_save::Loaded::MovedAside(message)) => {
                    eprintln!("hollowdeep: {message}");
                    self.title = title_screen(shell);
                    self.title.note(&message);
                    Step::Stay
                }
                Ok(run_save::Loaded::None) => {
                    self.title = title_screen(shell);
                    Step::Stay
                }
                Err(message) => {
                    self.title.note(&message);
                    Step::Stay
                }
            },
            TitleChoice::NewRun { seed, abandon, command_line } => {
                let run = if command_line {
                    command_line_run(shell, &self.launch.opts, self.launch.seed, abandon)
                } else {
                    // A run from the menu: depth 1, the typed seed or a fresh one.
                    new_run(shell, seed.unwrap_or_else(crate::app::crawler::screen::random_seed), abandon)
                };
                match run {
                    Ok(run) => Step::Push(Box::new(run)),
                    Err(message) => {
                        self.title.note(&message);
                        Step::Stay
                    }
                }
            }
        }
    }
}

impl Screen for Launcher {
    fn key(&mut self, shell: &mut Shell, key: KeyPress) -> Step {
        let choice = self.title.key(key.code);
        self.choose(shell, choice)
    }

    fn scene(&self) -> &Scene {
        &self.title.scene
    }

    fn frame(&self, shell: &Shell, _height: u32) -> Frame {
        Frame { view: self.title.view(shell.now), effects: Effects::default(), ui: self.title.ui().clone() }
    }

    fn say(&mut self, _shell: &mut Shell, text: &str) {
        self.title.note(text);
    }

    fn settings_changed(&mut self, settings: &crate::app::persist::settings::Settings) {
        self.title.set_muted(settings.muted);
    }

    /// Back from a run or a level: the scores, the save and the campaign are read again.
    fn resumed(&mut self, shell: &mut Shell, back: Option<Box<dyn Any>>) {
        self.title = title_screen(shell);
        let Some(back) = back else { return };
        if let Some(CampaignPlace(index)) = back.downcast_ref::<CampaignPlace>() {
            self.title.open_campaign_at(*index);
        } else if let Some(Note(text)) = back.downcast_ref::<Note>() {
            self.title.note(text);
        }
    }

    fn entered(&mut self, shell: &mut Shell) {
        // Out of a run the heart and the madness fall silent.
        shell.audio.send(audio::MixCommand::Mood(audio::Mood::default()));
        shell.audio.send(audio::MixCommand::Beds([[0.0; 2]; 6]));
    }
}

/// The title screen as it stands now: the waiting save (if any) and the high scores. A damaged
/// file found on the way (settings, profile, the reactor's bests) is said in one line under the
/// title; the details went to stderr.
fn title_screen(shell: &mut Shell) -> TitleScreen {
    let save = run_save::peek(&shell.data_dir);
    let mut notes = vec![shell.startup_note.take()];
    let scores = match profile::load(&shell.data_dir) {
        Ok((p, warning)) => {
            if let Some(warning) = warning {
                eprintln!("hollowdeep: {warning}");
                notes.push(Some("Your profile was damaged and set aside; a new one begins.".into()));
            }
            p.table().lines().map(String::from).collect()
        }
        Err(message) => vec![message],
    };
    let (campaign, set_aside) = crate::app::reactor::play::campaign_page(&shell.data_dir);
    notes.push(set_aside);
    let mut screen = TitleScreen::new(
        Title::new(save, scores, shell.settings.clone())
            .with_campaign(campaign)
            .with_daily(crate::app::crawler::daily::today()),
    );
    if let Some(note) = notes.into_iter().flatten().next() {
        screen.note(&note);
    }
    screen
}

/// The title, for the stack to fall back to when its last screen leaves.
pub fn home(shell: &mut Shell) -> Box<dyn Screen> {
    Box::new(Launcher::new(shell, Launch::default()))
}

/// The first screens of the crawler's command line: a replay, the run it asks for, or the title
/// (with the question first when a save waits and a new run is asked for).
pub fn opening(shell: &mut Shell, launch: Launch) -> Result<Vec<Box<dyn Screen>>, String> {
    let opts = &launch.opts;
    if let Some(path) = &opts.replay {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("Could not read the recording {}: {e}.", path.display()))?;
        let rec = Recording::from_text(&text)
            .map_err(|why| format!("The recording {} cannot be replayed: {why}.", path.display()))?;
        let mut run = RunScreen::of_game(shell, rec.start());
        run.session.replay(rec.actions, opts.replay_speed);
        return Ok(vec![Box::new(run)]);
    }
    let asked_for_a_run = opts.seed.is_some()
        || opts.depth > 1
        || opts.new_run
        || opts.record.is_some()
        || opts.sanity.is_some();
    let save_waits = crate::app::persist::writer::exists(&run_save::path(&shell.data_dir));
    if opts.record.is_some() && save_waits && !opts.new_run {
        // Regression: a recording replays from a seed, and a continued run did not start from
        // one, so the file could never replay. Checked before the save is taken, so it stays.
        return Err(
            "--record records a new run, but a saved run is waiting: add --new, or play the saved run out first."
                .into(),
        );
    }
    if asked_for_a_run && !save_waits {
        return Ok(vec![Box::new(command_line_run(shell, opts, launch.seed, false)?)]);
    }
    let seed = opts.seed;
    let mut launcher = Launcher::new(shell, launch.clone());
    if asked_for_a_run {
        launcher.title.confirm_new_run(seed);
    }
    Ok(vec![Box::new(launcher)])
}

/// The window as the crawler's command line opens it (`hollowdeep [flags]`).
pub fn window(opts: &Options, seed: u64) -> Result<(), String> {
    let options = WindowOptions {
        size: (opts.size != Options::default().size).then_some(opts.size),
        quit_after_frames: opts.quit_after_frames,
        reduced_effects: opts.reduced_effects,
    };
    let launch = Launch { opts: opts.clone(), seed };
    shell::window::run(options, Box::new(move |shell| opening(shell, launch)), Some(Box::new(home)))
}
