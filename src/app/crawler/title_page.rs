//! The crawler's entries on the title: continue the waiting save, a new run (asking first when a
//! save waits), a run with a typed seed, today's daily run and the high scores; with the pages they
//! open. What a choice starts is a [`RunRequest`], opened here, so the title never learns what a run is.

use super::screen::{command_line_run, new_run, random_seed, RunScreen};
use crate::app::cli::Options;
use crate::app::keys::typing::digit_of;
use crate::app::persist::{profile, run_save};
use crate::app::shell::menu::{Choice, Entry, MenuPage, Opener, Request};
use crate::app::shell::screen::{Screen, Shell};
use winit::keyboard::KeyCode;

/// The longest seed the seed page takes: every u64 has at most 20 digits.
const SEED_DIGITS: usize = 20;

/// What the crawler's entries and pages can start.
#[derive(Clone, Debug, PartialEq)]
pub enum RunRequest {
    /// The waiting save, where it was left.
    Continue,
    /// A run from depth 1 at `seed` (a fresh one when none); `abandon` sets the waiting save aside.
    New { seed: Option<u64>, abandon: bool },
    /// The run the command line asked for (`--seed`, `--depth`, `--sanity`, `--record`), at `seed`.
    CommandLine { opts: Box<Options>, seed: u64, abandon: bool },
}

impl Request for RunRequest {
    fn open(&self, shell: &mut Shell) -> Result<Box<dyn Screen>, String> {
        let run = match self {
            RunRequest::Continue => match run_save::load(&shell.data_dir)? {
                run_save::Loaded::Game(game) => {
                    let mut run = RunScreen::of_game(shell, *game);
                    run.session.resume("You return to the depths.", shell.now);
                    run
                }
                run_save::Loaded::MovedAside(message) => {
                    eprintln!("hollowdeep: {message}");
                    return Err(message);
                }
                run_save::Loaded::None => return Err("The saved run is no longer there.".into()),
            },
            RunRequest::New { seed, abandon } => new_run(shell, seed.unwrap_or_else(random_seed), *abandon)?,
            RunRequest::CommandLine { opts, seed, abandon } => {
                command_line_run(shell, opts, *seed, *abandon)?
            }
        };
        Ok(Box::new(run))
    }
}

/// What the crawler's entries show, read from the data folder (or made up by a test).
#[derive(Clone, Debug, Default)]
pub struct Standing {
    /// The waiting save in words ("depth 3, turn 120"), if there is one.
    pub save: Option<String>,
    /// The high-score table, one line per row.
    pub scores: Vec<String>,
    /// Today's date (UTC), for the daily run.
    pub daily: Option<String>,
}

impl Standing {
    /// The save, scores and date as they stand under the shell's data folder; with the sentence
    /// saying the profile was damaged and set aside, if it was (the details go to stderr).
    pub fn read(shell: &Shell) -> (Standing, Option<String>) {
        let mut note = None;
        let scores = match profile::load(&shell.data_dir) {
            Ok((p, warning)) => {
                if let Some(warning) = warning {
                    eprintln!("hollowdeep: {warning}");
                    note = Some("Your profile was damaged and set aside; a new one begins.".into());
                }
                p.table().lines().map(String::from).collect()
            }
            Err(message) => vec![message],
        };
        let standing =
            Standing { save: run_save::peek(&shell.data_dir), scores, daily: Some(super::daily::today()) };
        (standing, note)
    }

    /// The entries, in the order the title lists them.
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        let save = self.save.clone();
        if let Some(text) = &save {
            entries.push(Entry::screen(format!("Continue ({text})"), RunRequest::Continue));
        }
        entries.push(new_run_entry("New run", save.clone(), None));
        let seed_save = save.clone();
        entries.push(Entry::page("New run with a seed", move || {
            Box::new(SeedPage { text: String::new(), save: seed_save.clone() })
        }));
        if let Some(date) = &self.daily {
            let seed = super::daily::seed_of(date);
            entries.push(new_run_entry(&format!("Daily run ({date})"), save, Some(seed)));
        }
        let scores = self.scores.clone();
        entries.push(Entry::page("High scores", move || Box::new(ScoresPage(scores.clone()))));
        entries
    }
}

/// A new run at `seed`: at once when no save waits, otherwise after the question.
fn new_run_entry(label: &str, save: Option<String>, seed: Option<u64>) -> Entry {
    match save {
        None => Entry::screen(label, RunRequest::New { seed, abandon: false }),
        Some(save) => Entry::page(label, move || {
            Box::new(ReplaceSave::new(save.clone(), RunRequest::New { seed, abandon: true }))
        }),
    }
}

/// The question before a new run sets a waiting save aside; `start` is the run, abandoning it.
pub struct ReplaceSave {
    save: String,
    start: RunRequest,
}

impl ReplaceSave {
    pub fn new(save: String, start: RunRequest) -> ReplaceSave {
        ReplaceSave { save, start }
    }
}

impl MenuPage for ReplaceSave {
    fn lines(&self, _selected: usize) -> Vec<String> {
        vec![
            format!("A saved run is waiting ({}).", self.save),
            "A new run sets it aside for good: it is moved out of the way, not continued.".into(),
        ]
    }

    fn items(&self) -> Vec<String> {
        vec!["Keep it and go back".into(), "Set it aside and start a new run".into()]
    }

    fn take(&mut self, item: usize) -> Choice {
        if item == 1 {
            Choice::Open(Opener::new(self.start.clone()))
        } else {
            Choice::Back
        }
    }
}

/// The seed field: digits typed, Backspace takes one back, Start begins the run (after the question
/// when a save waits).
struct SeedPage {
    text: String,
    save: Option<String>,
}

impl MenuPage for SeedPage {
    fn lines(&self, _selected: usize) -> Vec<String> {
        vec!["Type the seed (digits), then choose Start.".into(), format!("Seed: {}_", self.text)]
    }

    fn items(&self) -> Vec<String> {
        vec!["Start".into()]
    }

    fn typed(&mut self, key: KeyCode) -> Option<Choice> {
        if let Some(digit) = digit_of(key) {
            if self.text.len() < SEED_DIGITS {
                self.text.push(digit);
            }
            return Some(Choice::Stay);
        }
        (key == KeyCode::Backspace).then(|| {
            self.text.pop();
            Choice::Stay
        })
    }

    fn take(&mut self, _item: usize) -> Choice {
        match self.text.parse::<u64>() {
            Ok(seed) => match &self.save {
                None => Choice::Open(Opener::new(RunRequest::New { seed: Some(seed), abandon: false })),
                Some(save) => Choice::Page(Box::new(ReplaceSave::new(
                    save.clone(),
                    RunRequest::New { seed: Some(seed), abandon: true },
                ))),
            },
            Err(_) if self.text.is_empty() => Choice::Note("Type the seed's digits first.".into()),
            Err(_) => Choice::Note(format!("A seed is a whole number up to {}.", u64::MAX)),
        }
    }
}

/// The high-score table.
struct ScoresPage(Vec<String>);

impl MenuPage for ScoresPage {
    fn lines(&self, _selected: usize) -> Vec<String> {
        if self.0.is_empty() {
            vec!["No finished runs yet.".into()]
        } else {
            self.0.clone()
        }
    }

    fn items(&self) -> Vec<String> {
        vec!["Back".into()]
    }

    fn take(&mut self, _item: usize) -> Choice {
        Choice::Back
    }
}
