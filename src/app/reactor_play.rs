//! Starting and leaving a reactor level in the window: the session with its key table, the win
//! folded into the level's best, and a level left in progress kept for later.

use super::campaign_page::{CampaignPage, LevelRecord};
use super::persist::reactor_records::{self, Best};
use super::persist::{files, settings::Settings};
use super::reactor_session::{Metrics, ReactorSession};
use crate::reactor::campaign::Campaign;
use crate::reactor::level::LevelState;
use crate::reactor::mode::Reactor;
use crate::reactor::{schema, Balance, Game, Level};
use std::path::Path;

/// The shipped levels (`assets/reactor/`), built in so the game runs from anywhere.
pub const SHIPPED: &[&str] = &[
    include_str!("../../assets/reactor/01-first-light.json"),
    include_str!("../../assets/reactor/02-wet-fire.json"),
    include_str!("../../assets/reactor/03-isolate.json"),
    include_str!("../../assets/reactor/04-pressure.json"),
    include_str!("../../assets/reactor/05-sprinkler.json"),
    include_str!("../../assets/reactor/06-two-sprinklers.json"),
    include_str!("../../assets/reactor/07-spark.json"),
    include_str!("../../assets/reactor/08-door.json"),
    include_str!("../../assets/reactor/09-spark-and-spill.json"),
    include_str!("../../assets/reactor/10-arc-and-valve.json"),
    include_str!("../../assets/reactor/11-wet-floor.json"),
    include_str!("../../assets/reactor/12-live-and-wet.json"),
    include_str!("../../assets/reactor/13-three-lines.json"),
    include_str!("../../assets/reactor/14-full-startup.json"),
];

/// Shipped level `index`, as left in progress if it was (the save is the level plus its state),
/// with the sentence saying a damaged save was set aside, if one was.
pub fn shipped(index: usize, data_dir: &Path) -> Option<(Level, Option<String>)> {
    let level = shipped_start(index)?;
    Some(match load_progress(data_dir, &level.id) {
        Ok(Some(saved)) => (saved, None),
        Ok(None) => (level, None),
        Err(note) => (level, Some(note)),
    })
}

/// Shipped level `index` as shipped: where R returns to, even in a continued level.
pub fn shipped_start(index: usize) -> Option<Level> {
    schema::load(SHIPPED.get(index)?.as_bytes(), &Balance::normal()).level
}

/// The campaign's groups and order, with each level's par (`assets/reactor/campaign.json`).
pub const CAMPAIGN: &str = include_str!("../../assets/reactor/campaign.json");

/// The shipped campaign; none only if the built-in file is broken, which a test rules out.
pub fn campaign() -> Option<Campaign> {
    Campaign::parse(CAMPAIGN).ok()
}

/// The par of the campaign level with this id.
pub fn par(id: &str) -> Option<u32> {
    campaign()?.entry(id).map(|e| e.par)
}

/// The campaign screen as the profile under `data_dir` stands: each level's best and whether it
/// waits in progress; with the sentence saying the best file was damaged and set aside, if it was.
pub fn campaign_page(data_dir: &Path) -> (CampaignPage, Option<String>) {
    let levels: Vec<Level> =
        SHIPPED.iter().filter_map(|text| schema::load(text.as_bytes(), &Balance::normal()).level).collect();
    let (bests, note) = match reactor_records::read_all(data_dir) {
        Ok(read) => read,
        Err(message) => (Default::default(), Some(message)),
    };
    let record = |id: &str| {
        let index = levels.iter().position(|l| l.id == id);
        LevelRecord {
            shipped: index,
            name: index.map_or(id.to_string(), |i| short_name(&levels[i].name)),
            in_progress: reactor_records::progress_path(data_dir, id).exists(),
            best: reactor_records::best_in(&bests, id).map(|b| (b.lengthy, b.undos)),
        }
    };
    (campaign().map(|c| CampaignPage::new(&c, record)).unwrap_or_default(), note)
}

/// A level's name up to its colon: "First light" of "First light: feed the fuel consumer, ...".
fn short_name(name: &str) -> String {
    name.split(':').next().unwrap_or(name).trim().to_string()
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
            Ok((b, set_aside)) => {
                let mut lines = vec![
                    String::new(),
                    format!(
                        "Best: {} lengthy, {} pulses, {} undos, peak heat {:.1}",
                        b.lengthy, b.pulses, b.undos, b.peak_heat
                    ),
                ];
                if let Some(par) = par(&r.game.level.id) {
                    let verdict = if m.lengthy <= par { "at par" } else { "over par" };
                    lines.push(format!("Par: {par} lengthy actions ({verdict} this time)"));
                }
                lines.extend(set_aside);
                lines
            }
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
    let loads = |old: &str| schema::load(old.as_bytes(), &Balance::normal()).level.is_some();
    match files::replace_record(&path, &schema::save(level), loads) {
        Ok(note) => {
            if let Some(note) = note {
                eprintln!("hollowdeep: {note}");
            }
            println!("Reactor level saved to {}.", path.display());
        }
        Err(e) => eprintln!("hollowdeep: {e}"),
    }
}

/// A level left in progress, if one was kept. One that no longer loads is moved aside (never
/// overwritten by the next save) and the sentence saying so comes back instead.
pub fn load_progress(data_dir: &Path, id: &str) -> Result<Option<Level>, String> {
    let path = reactor_records::progress_path(data_dir, id);
    let loaded = match files::read_optional(&path) {
        Ok(None) => return Ok(None),
        Ok(Some(text)) => schema::load(text.as_bytes(), &Balance::normal()).level,
        Err(_) => None,
    };
    match loaded {
        Some(level) => Ok(Some(level)),
        None => Err(match files::move_aside(&path, "unusable") {
            Ok(moved) => files::set_aside_note(&path, &moved),
            Err(message) => message,
        }),
    }
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
        let (fresh, _) = shipped(0, &dir).expect("the first shipped level");
        let first_row = |dir: &Path| campaign_page(dir).0.rows[1].label.clone();
        assert!(!first_row(&dir).contains("in progress"));
        let mut r = Reactor::new(Game::new(fresh.clone(), Balance::normal()));
        for f in [crate::grid::Facing::East, crate::grid::Facing::East] {
            r.act(Action::Do(Command::MoveRobot(f)));
        }
        r.act(Action::Do(Command::InteractProp(None)));
        save_progress(&r, &dir);
        let (continued, _) = shipped(0, &dir).expect("loads");
        assert_eq!(continued.pulse, 1);
        assert_eq!(continued.robot.pos, r.game.level.robot.pos);
        assert!(first_row(&dir).contains("in progress"), "{}", first_row(&dir));
        let mut s = session(continued, &Settings::default(), &dir);
        s.mode.game.set_start(shipped_start(0).unwrap());
        // R in a continued level goes back to the level's start, not to where it was continued.
        s.command(crate::app::input::Command::Reactor(crate::app::input::ReactorKey::Restart), 0.0);
        assert_eq!(s.mode.game.level.pulse, 0);
        assert_eq!(s.mode.game.level.robot.pos, Game::new(fresh.clone(), Balance::normal()).level.robot.pos);
        let mut s = session(shipped(0, &dir).unwrap().0, &Settings::default(), &dir);
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
        let Some(crate::render::Overlay::Card { lines, .. }) = s.ui().overlay else { panic!("the win card") };
        let par = par(&fresh.id).expect("a campaign level");
        assert!(lines.iter().any(|l| l.starts_with(&format!("Par: {par} lengthy"))), "{lines:?}");
        assert!(!reactor_records::progress_path(&dir, &fresh.id).exists(), "a win clears the progress");
        assert!(reactor_records::best(&dir, &fresh.id).is_some(), "and keeps the best");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn regression_a_damaged_progress_file_is_set_aside_and_never_overwritten() {
        let dir =
            std::env::temp_dir().join(format!("hollowdeep-reactor-damaged-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let start = shipped_start(0).unwrap();
        let path = reactor_records::progress_path(&dir, &start.id);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "{ half a level").unwrap();
        // Leaving the level again before continuing must not replace the damaged file.
        let mut r = Reactor::new(Game::new(start.clone(), Balance::normal()));
        for f in [crate::grid::Facing::East, crate::grid::Facing::East] {
            r.act(Action::Do(Command::MoveRobot(f)));
        }
        r.act(Action::Do(Command::InteractProp(None)));
        assert_eq!(r.game.lengthy_actions, 1);
        save_progress(&r, &dir);
        let aside =
            path.with_file_name(format!("{}.unusable-1", path.file_name().unwrap().to_string_lossy()));
        assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{ half a level");
        assert!(path.exists(), "the new progress is kept beside it");
        std::fs::write(&path, "also damaged").unwrap();
        let (level, note) = shipped(0, &dir).unwrap();
        assert_eq!(level.pulse, 0, "the level starts fresh");
        assert!(note.is_some_and(|n| n.contains(".unusable-2")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
