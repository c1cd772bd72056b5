//! Starting and leaving a reactor level in the window: the session with its key table, the win
//! folded into the level's best, and a level left in progress kept for later.

use super::persist::reactor_records::{self, Best};
use super::persist::{files, settings::Settings};
use super::reactor_session::{Metrics, ReactorSession};
use crate::reactor::level::LevelState;
use crate::reactor::mode::Reactor;
use crate::reactor::{schema, Balance, Game, Level};
use std::path::Path;

/// A session on `level`, whose wins are kept under `data_dir`.
pub fn session(level: Level, settings: &Settings, data_dir: &Path) -> ReactorSession {
    let dir = data_dir.to_path_buf();
    let on_finish = Box::new(move |r: &Reactor, m: Metrics| -> Vec<String> {
        if r.game.level.state != LevelState::Won {
            return Vec::new();
        }
        let win = Best {
            lengthy: m.lengthy,
            pulses: m.pulses,
            remedies: m.remedies,
            undos: m.undos,
            peak_heat: m.peak_heat,
        };
        let _ = std::fs::remove_file(reactor_records::progress_path(&dir, &r.game.level.id));
        match reactor_records::record_win(&dir, &r.game.level.id, win) {
            Ok(b) => vec![
                String::new(),
                format!(
                    "Best: {} lengthy, {} pulses, {} undos, peak heat {:.1}",
                    b.lengthy, b.pulses, b.undos, b.peak_heat
                ),
            ],
            Err(e) => vec![format!("Could not keep the best: {e}")],
        }
    });
    ReactorSession::new(
        Reactor::new(Game::new(level, Balance::normal())),
        settings.bindings.clone(),
        on_finish,
    )
}

/// Keeps a level left unfinished (the level plus its dynamic state) so it can be continued.
pub fn save_progress(mode: &Reactor, data_dir: &Path) {
    let level = &mode.game.level;
    if level.is_over() || mode.game.lengthy_actions == 0 {
        return;
    }
    let path = reactor_records::progress_path(data_dir, &level.id);
    match files::write_atomic(&path, &schema::save(level)) {
        Ok(()) => println!("Reactor level saved to {}.", path.display()),
        Err(e) => eprintln!("hollowdeep: {e}"),
    }
}

/// A level left in progress, if one was kept and still loads.
pub fn load_progress(data_dir: &Path, id: &str) -> Option<Level> {
    let text = files::read_optional(&reactor_records::progress_path(data_dir, id)).ok()??;
    schema::load(text.as_bytes(), &Balance::normal()).level
}
