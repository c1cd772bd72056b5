//! The headless driver: feeds `--keys` to the rules, then writes the screenshot and state dump.

use super::cli::Options;
use super::input::{parse_keys, Command};
use crate::game::dump::StateDump;
use crate::game::{Game, Status};

/// Runs the rules without a window. Returns the process exit code.
pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    let commands = parse_keys(opts.keys.as_deref().unwrap_or(""))?;
    let mut game = Game::new_at_depth(seed, opts.depth);
    feed(&mut game, &commands);
    if let Some(path) = &opts.screenshot {
        super::screenshot::write(&game, opts.size, path)?;
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

/// Plays commands in order until the list ends, the player quits or dies.
pub fn feed(game: &mut Game, commands: &[Command]) {
    for command in commands {
        if game.status() != Status::Playing {
            break;
        }
        match command {
            Command::Act(action) => {
                game.act(*action);
            }
            Command::Quit => break,
            // Overlays and window controls change nothing in the game.
            _ => {}
        }
    }
}
