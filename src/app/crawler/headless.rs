//! The headless driver: feeds `--keys` to the rules, then writes the screenshot and state dump.

use crate::app::cli::Options;
use crate::app::crawler::keys::{parse_keys, RunKey};
use crate::app::persist::writer::write_text;
use crate::app::shell::headless::play;
use crate::game::mode::Crawler;
use crate::game::recording::Recording;
use crate::game::{Action, Game};
use crate::mode::Mode;

/// Runs the rules without a window. Returns the process exit code.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if let Some(path) = &opts.replay {
        return verify_replay(path, opts);
    }
    let commands = parse_keys(opts.keys.as_deref().unwrap_or(""))?;
    let mut crawler = Crawler::new(start(opts, seed));
    let actions = play(&mut crawler, &actions_until_quit(&commands));
    if let Some(path) = &opts.audio_out {
        crate::app::crawler::audio_out::render(start(opts, seed), &actions, path)?;
    }
    if let Some(path) = &opts.record {
        let mut recording = Recording::new(seed, opts.depth);
        recording.actions = actions;
        recording.finish(&crawler.game);
        write_text(path, &recording.to_text())?;
    }
    finish(&mut crawler, opts)?;
    if opts.daily {
        println!(
            "{}",
            crate::app::crawler::daily::share_line(&crate::app::crawler::daily::today(), &crawler.game)
        );
    }
    Ok(())
}

/// The starting game of a headless or bench run, with `--sanity` applied.
pub fn start(opts: &Options, seed: u64) -> Game {
    let game = Game::start_run(seed, opts.depth);
    match opts.sanity {
        Some(percent) => game.with_sanity_percent(percent),
        None => game,
    }
}

/// The game actions of a command list, up to the first Quit; overlays and window controls change
/// nothing in a game, so they are dropped.
pub fn actions_until_quit(commands: &[RunKey]) -> Vec<Action> {
    commands
        .iter()
        .take_while(|c| **c != RunKey::Menu)
        .filter_map(|c| match c {
            RunKey::Act(action) => Some(*action),
            _ => None,
        })
        .collect()
}

/// What every mode's headless run ends with: the `--screenshot` of its scene at rest, the
/// `--dump-state` (written atomically, so a killed process never leaves half a dump), and the
/// closing lines of a game that is over.
pub fn finish<M: Mode>(mode: &mut M, opts: &Options) -> Result<(), String> {
    if let Some(path) = &opts.screenshot {
        let scene = mode.scene(None);
        crate::app::screenshot::write(&scene, opts.size, opts.reduced_effects, opts.automap, path)?;
    }
    if let Some(path) = &opts.dump_state {
        // The writer never makes up a folder on the way.
        write_text(path, &mode.dump_json())?;
    }
    for line in mode.closing_lines() {
        println!("{line}");
    }
    Ok(())
}

/// `--headless --replay FILE`: plays the recording and checks the final state hash.
/// With `--dump-state`, also writes the replayed final state (regression: the flag was ignored).
fn verify_replay(path: &std::path::Path, opts: &Options) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("Could not read the recording {}: {e}.", path.display()))?;
    let recording = Recording::from_text(&text)
        .map_err(|why| format!("The recording {} cannot be replayed: {why}.", path.display()))?;
    let hash = recording.verify()?;
    println!("Replay verified: {} actions, final state {hash}.", recording.actions.len());
    let mut crawler = Crawler::new(recording.replay());
    finish(&mut crawler, opts)
}
