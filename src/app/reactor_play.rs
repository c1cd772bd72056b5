//! Starting and leaving a reactor level in the window: the session with its key table, the win
//! folded into the level's best, and a level left in progress kept for later.

use super::persist::reactor_records::{self, Best};
use super::persist::{files, settings::Settings};
use super::reactor_session::{Metrics, ReactorSession};
use crate::reactor::level::LevelState;
use crate::reactor::mode::Reactor;
use crate::reactor::{schema, Balance, Game, Level};
use std::path::Path;

/// The shipped levels (`assets/reactor/`), built in so the game runs from anywhere.
pub const SHIPPED: &[&str] = &[
    include_str!("../../assets/reactor/01-first-light.json"),
    include_str!("../../assets/reactor/02-wet-fire.json"),
    include_str!("../../assets/reactor/03-isolate.json"),
];

/// Shipped level `index`, as left in progress if it was (the save is the level plus its state).
pub fn shipped(index: usize, data_dir: &Path) -> Option<Level> {
    let level = shipped_start(index)?;
    Some(load_progress(data_dir, &level.id).unwrap_or(level))
}

/// Shipped level `index` as shipped: where R returns to, even in a continued level.
pub fn shipped_start(index: usize) -> Option<Level> {
    schema::load(SHIPPED.get(index)?.as_bytes(), &Balance::normal()).level
}

/// The title's list: each shipped level's name, its best or that it is in progress.
pub fn shipped_labels(data_dir: &Path) -> Vec<String> {
    SHIPPED
        .iter()
        .filter_map(|text| schema::load(text.as_bytes(), &Balance::normal()).level)
        .map(|l| {
            let name: String = l.name.split(':').next().unwrap_or(&l.name).to_string();
            if reactor_records::progress_path(data_dir, &l.id).exists() {
                format!("{name} (in progress)")
            } else if let Some(b) = reactor_records::best(data_dir, &l.id) {
                format!("{name} (won: best {} lengthy)", b.lengthy)
            } else {
                name
            }
        })
        .collect()
}

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

/// A session on a level played from the editor: no best is kept and nothing is saved for later
/// (the level is the editor's, not a shipped one), and the leave key goes back to the editor.
pub fn editor_session(level: Level, settings: &Settings) -> ReactorSession {
    let on_finish = Box::new(|_: &Reactor, _: Metrics| -> Vec<String> { Vec::new() });
    let mut s = ReactorSession::new(
        Reactor::new(Game::new(level, Balance::normal())),
        settings.bindings.clone(),
        on_finish,
    );
    s.leave_to(EDITOR_PLACE);
    s
}

/// What the leave key's hint calls the editor.
pub const EDITOR_PLACE: &str = "the editor";

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::Mode;
    use crate::reactor::script::Action;
    use crate::reactor::Command;

    #[test]
    fn a_level_left_in_progress_is_continued_from_the_title_and_a_win_clears_it() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let fresh = shipped(0, &dir).expect("the first shipped level");
        assert!(shipped_labels(&dir).iter().all(|l| !l.contains("in progress")));
        let mut r = Reactor::new(Game::new(fresh.clone(), Balance::normal()));
        for f in [crate::grid::Facing::East, crate::grid::Facing::East] {
            r.act(Action::Do(Command::MoveRobot(f)));
        }
        r.act(Action::Do(Command::InteractProp(None)));
        save_progress(&r, &dir);
        let continued = shipped(0, &dir).expect("loads");
        assert_eq!(continued.pulse, 1);
        assert_eq!(continued.robot.pos, r.game.level.robot.pos);
        assert!(shipped_labels(&dir)[0].contains("in progress"));
        let mut s = session(continued, &Settings::default(), &dir);
        s.mode.game.set_start(shipped_start(0).unwrap());
        // R in a continued level goes back to the level's start, not to where it was continued.
        s.command(crate::app::input::Command::Reactor(crate::app::input::ReactorKey::Restart), 0.0);
        assert_eq!(s.mode.game.level.pulse, 0);
        assert_eq!(s.mode.game.level.robot.pos, Game::new(fresh.clone(), Balance::normal()).level.robot.pos);
        let mut s = session(shipped(0, &dir).unwrap(), &Settings::default(), &dir);
        use crate::app::input::{Command as Key, ReactorKey};
        use crate::grid::Facing::{East, South};
        let mut now = 0.0;
        for k in [East, East, East, East, East, South, South]
            .map(ReactorKey::Move)
            .into_iter()
            .chain([ReactorKey::Interact])
        {
            s.command(Key::Reactor(k), now);
            now += 1.0;
            s.update(now);
        }
        assert_eq!(s.mode.game.level.status, crate::reactor::level::Status::Won);
        assert!(!reactor_records::progress_path(&dir, &fresh.id).exists(), "a win clears the progress");
        assert!(reactor_records::best(&dir, &fresh.id).is_some(), "and keeps the best");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
