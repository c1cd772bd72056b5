//! The headless driver: feeds `--keys` to the rules, then writes the screenshot and state dump.

use super::cli::Options;
use super::input::{parse_keys, Command};
use super::persist::files::write_atomic;
use super::persist::recording::Recording;
use crate::game::dump::StateDump;
use crate::game::{Action, Game, Status};

/// Runs the rules without a window. Returns the process exit code.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if let Some(path) = &opts.replay {
        return verify_replay(path);
    }
    let commands = parse_keys(opts.keys.as_deref().unwrap_or(""))?;
    let mut game = start(opts, seed);
    let actions = feed(&mut game, &commands);
    if let Some(path) = &opts.record {
        let mut recording = Recording::new(seed, opts.depth);
        recording.actions = actions;
        recording.finish(&game);
        write_atomic(path, &recording.to_text())?;
    }
    if let Some(path) = &opts.screenshot {
        let scene = crate::game::present::still_scene(&game);
        super::screenshot::write(&scene, opts.size, opts.reduced_effects, path)?;
    }
    if let Some(path) = &opts.dump_state {
        std::fs::write(path, StateDump::of(&game).to_json())
            .map_err(|e| format!("Could not write the state dump to {}: {e}.", path.display()))?;
    }
    if game.status() == Status::Dead {
        super::print_epitaph(&game);
    }
    Ok(())
}

/// The starting game of a headless or bench run, with `--sanity` applied.
pub fn start(opts: &Options, seed: u64) -> Game {
    let mut game = Game::new_at_depth(seed, opts.depth);
    if let Some(percent) = opts.sanity {
        game.player_mut().sanity = percent as i32 * 1_000;
    }
    game
}

/// Plays commands in order until the list ends, the player quits or dies. Returns the actions
/// that reached the game, in order (what a recording stores).
pub fn feed(game: &mut Game, commands: &[Command]) -> Vec<Action> {
    let mut played = Vec::new();
    for command in commands {
        if game.status() != Status::Playing {
            break;
        }
        match command {
            Command::Act(action) => {
                game.act(*action);
                played.push(*action);
            }
            Command::Quit => break,
            // Overlays and window controls change nothing in the game.
            _ => {}
        }
    }
    played
}

/// `--headless --replay FILE`: plays the recording and checks the final state hash.
fn verify_replay(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("Could not read the recording {}: {e}.", path.display()))?;
    let recording = Recording::from_text(&text)
        .map_err(|why| format!("The recording {} cannot be replayed: {why}.", path.display()))?;
    let hash = recording.verify()?;
    println!("Replay verified: {} actions, final state {hash}.", recording.actions.len());
    Ok(())
}
