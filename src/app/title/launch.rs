//! The title on the screen stack: the menu over its backdrop, what its choices start (a run, a
//! reactor level, the editor), and the first screens the command line asks for. It is the one
//! place that knows every game's front; the shell beneath it knows none.

use super::menu::{Title, TitleChoice};
use super::screen::TitleScreen;
use crate::app::cli::Options;
use crate::app::crawler::screen::{command_line_run, RunScreen};
use crate::app::crawler::title_page::{ReplaceSave, RunRequest, Standing};
use crate::app::persist::run_save;
use crate::app::shell;
use crate::app::shell::menu::Entry;
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
}

impl Launcher {
    pub fn new(shell: &mut Shell) -> Launcher {
        Launcher { title: title_screen(shell) }
    }

    fn choose(&mut self, shell: &mut Shell, choice: TitleChoice) -> Step {
        match choice {
            TitleChoice::None => Step::Stay,
            TitleChoice::Quit => Step::Exit,
            TitleChoice::SettingsChanged => {
                shell.settings = self.title.settings().clone();
                shell.settings_changed();
                Step::Stay
            }
            TitleChoice::Open(opener) => match opener.open(shell) {
                Ok(screen) => Step::Push(screen),
                Err(message) => {
                    // What failed may have changed the entries (a damaged save set aside).
                    self.title.set_entries(entries(shell).0);
                    self.title.note(&message);
                    Step::Stay
                }
            },
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

    /// Back from a run or a level: the scores, the save and the campaign are read again, and a
    /// front may put the title back on one of its pages.
    fn resumed(&mut self, shell: &mut Shell, back: Option<Box<dyn Any>>) {
        self.title = title_screen(shell);
        let Some(back) = back else { return };
        if let Some(Note(text)) = back.downcast_ref::<Note>() {
            self.title.note(text);
        } else if let Some(page) = crate::app::reactor::title_page::reopen(shell, back.as_ref()) {
            self.title.open_page(page);
        }
    }

    fn entered(&mut self, shell: &mut Shell) {
        // Out of a run the heart and the madness fall silent.
        shell.audio.send(audio::MixCommand::Mood(audio::Mood::default()));
        shell.audio.send(audio::MixCommand::Beds([[0.0; 2]; 6]));
    }
}

/// Every front's entries, in the title's order, with the sentences saying a damaged file was set
/// aside on the way (the profile, the reactor's bests).
fn entries(shell: &Shell) -> (Vec<Entry>, Vec<String>) {
    let (standing, profile_note) = Standing::read(shell);
    let (reactor, set_aside) = crate::app::reactor::title_page::entries(shell);
    let mut entries = standing.entries();
    entries.extend(reactor);
    (entries, profile_note.into_iter().chain(set_aside).collect())
}

/// The title screen as it stands now. A damaged file found on the way (settings, profile, the
/// reactor's bests) is said in one line under the title; the details went to stderr.
fn title_screen(shell: &mut Shell) -> TitleScreen {
    let (entries, notes) = entries(shell);
    let mut screen = TitleScreen::new(Title::new(entries, shell.settings.clone()));
    if let Some(note) = shell.startup_note.take().into_iter().chain(notes).next() {
        screen.note(&note);
    }
    screen
}

/// The title, for the stack to fall back to when its last screen leaves.
pub fn home(shell: &mut Shell) -> Box<dyn Screen> {
    Box::new(Launcher::new(shell))
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
    let mut launcher = Launcher::new(shell);
    if asked_for_a_run {
        let save = run_save::peek(&shell.data_dir).unwrap_or_else(|| "saved run".into());
        let run =
            RunRequest::CommandLine { opts: Box::new(launch.opts.clone()), seed: launch.seed, abandon: true };
        launcher.title.open_page(Box::new(ReplaceSave::new(save, run)));
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
