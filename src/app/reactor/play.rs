//! Starting and leaving a reactor level in the window: the session with its key table, the win
//! folded into the level's best, and a level left in progress kept for later.

use crate::app::persist::reactor_records::{self, Best};
use crate::app::persist::{files, settings::Settings};
use crate::app::reactor::campaign_page::{CampaignPage, LevelRecord};
use crate::app::reactor::session::{Finish, Metrics, ReactorSession};
use crate::reactor::campaign::Campaign;
use crate::reactor::level::LevelState;
use crate::reactor::mode::Reactor;
use crate::reactor::words::count;
use crate::reactor::{hash, schema, script, solution, Balance, Game, Level};
use std::path::Path;

/// The shipped levels (`assets/reactor/`), built in so the game runs from anywhere.
pub const SHIPPED: &[&str] = &[
    include_str!("../../../assets/reactor/01-first-light.json"),
    include_str!("../../../assets/reactor/02-wet-fire.json"),
    include_str!("../../../assets/reactor/03-valve.json"),
    include_str!("../../../assets/reactor/04-leak.json"),
    include_str!("../../../assets/reactor/05-terminal.json"),
    include_str!("../../../assets/reactor/06-isolate.json"),
    include_str!("../../../assets/reactor/07-pressure.json"),
    include_str!("../../../assets/reactor/08-two-leaks.json"),
    include_str!("../../../assets/reactor/09-junction.json"),
    include_str!("../../../assets/reactor/10-sprinkler.json"),
    include_str!("../../../assets/reactor/11-two-sprinklers.json"),
    include_str!("../../../assets/reactor/12-two-sparks.json"),
    include_str!("../../../assets/reactor/13-spark.json"),
    include_str!("../../../assets/reactor/14-door.json"),
    include_str!("../../../assets/reactor/15-spark-and-spill.json"),
    include_str!("../../../assets/reactor/16-through-the-heat.json"),
    include_str!("../../../assets/reactor/17-arc-and-valve.json"),
    include_str!("../../../assets/reactor/18-wet-floor.json"),
    include_str!("../../../assets/reactor/19-live-and-wet.json"),
    include_str!("../../../assets/reactor/20-three-leaks.json"),
    include_str!("../../../assets/reactor/21-three-lines.json"),
    include_str!("../../../assets/reactor/22-full-startup.json"),
    include_str!("../../../assets/reactor/23-heat-and-charge.json"),
];

/// Shipped level `index`, as left in progress if it was, with the sentence saying a damaged save was
/// set aside, if one was. `session` then continues the game the progress holds (its undo history
/// and metrics) when handed this level.
pub fn shipped(index: usize, data_dir: &Path) -> Option<(Level, Option<String>)> {
    let start = shipped_start(index)?;
    Some(match load_progress(data_dir, &start) {
        Ok(Some(Progress::Played(game))) => (game.level, None),
        Ok(Some(Progress::Level(level))) => (*level, None),
        Ok(None) => (start, None),
        Err(note) => (start, Some(note)),
    })
}

/// Shipped level `index` as shipped: where R returns to, even in a continued level.
pub fn shipped_start(index: usize) -> Option<Level> {
    schema::load(SHIPPED.get(index)?.as_bytes(), &Balance::normal()).level
}

/// The shipped level a share code names, with the code's actions: the campaign page's typed code
/// takes the same road as `--replay-code` (`share::decode`, then the built-in level whose hash the
/// code holds). A code that cannot be replayed is one sentence saying why.
pub fn shared_level(code: &str) -> Result<(usize, Vec<script::Action>), String> {
    use crate::reactor::share;
    let shared = share::decode(code).map_err(|why| format!("That code cannot be replayed: {why}."))?;
    (0..SHIPPED.len())
        .find(|i| shipped_start(*i).is_some_and(|l| share::level_key(&l) == shared.level))
        .map(|i| (i, shared.actions))
        .ok_or_else(|| "That code is for a level that is not built into this game.".to_string())
}

/// The campaign's groups and order, with each level's par (`assets/reactor/campaign.json`).
pub const CAMPAIGN: &str = include_str!("../../../assets/reactor/campaign.json");

/// The index of the shipped level with this id.
pub fn shipped_index(id: &str) -> Option<usize> {
    (0..SHIPPED.len()).find(|i| shipped_start(*i).is_some_and(|l| l.id == id))
}

/// Where leaving `mode` returns to on the campaign's page: its shipped level. A replay of a shared
/// code returns there too, to the page the code was typed on (its card says "Esc back to the
/// campaign"; a play-tester landed on the title instead). A screen beneath that is not the title
/// (the editor a level was played from) ignores the place.
pub fn campaign_place(mode: &Reactor) -> Option<usize> {
    shipped_index(&mode.game.level.id)
}

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
            in_progress: files::exists(&reactor_records::progress_path(data_dir, id)),
            best: reactor_records::best_in(&bests, id).map(|b| (b.lengthy, b.undos)),
        }
    };
    (campaign().map(|c| CampaignPage::new(&c, record)).unwrap_or_default(), note)
}

/// A level's name up to its colon: "First light" of "First light: feed the fuel consumer, ...".
fn short_name(name: &str) -> String {
    name.split(':').next().unwrap_or(name).trim().to_string()
}

/// A session on `level`, whose wins and unfinished play are kept under `data_dir`. When `level` is
/// where a shipped level was left in progress, the game is the one its progress file holds (the
/// actions since the start replayed), so undo reaches back past the resume and the metrics are the
/// whole line's.
pub fn session(level: Level, settings: &Settings, data_dir: &Path) -> ReactorSession {
    let dir = data_dir.to_path_buf();
    let on_finish = Box::new(move |r: &Reactor, m: Metrics| -> Finish {
        if !r.keeps_records || r.game.level.state != LevelState::Won {
            return Finish::default();
        }
        let lines = record_win(&dir, r, m);
        // Read after the win is kept: the win may have opened the next group.
        let next =
            shipped_index(&r.game.level.id).and_then(|index| campaign_page(&dir).0.next_open_after(index));
        Finish { lines, next }
    });
    let game = continued(&level, data_dir);
    // The window's `--record` writes the session's actions from the game's start.
    let played = game.as_ref().and_then(|g| g.played()).map(<[_]>::to_vec).unwrap_or_default();
    let mut mode = Reactor::new(game.unwrap_or_else(|| Game::new(level, Balance::normal())));
    mode.keeps_records = true;
    let mut s = ReactorSession::new(mode, settings.bindings.clone(), on_finish);
    s.played = played;
    if shipped_index(&s.mode.game.level.id).is_some() {
        s.leave_to(CAMPAIGN_PLACE);
    }
    // The campaign's first level opens on the legend: a newcomer meets the marks before the board.
    let first = campaign().and_then(|c| c.groups.first()?.levels.first().map(|e| e.id.clone()));
    if first.as_deref() == Some(s.mode.game.level.id.as_str()) && s.mode.game.at_start() {
        s.show_legend();
    }
    s
}

/// What the leave key's hint calls the campaign's page.
pub const CAMPAIGN_PLACE: &str = "the campaign";

/// Keeps a win of `r` under `dir` and returns the card's lines: the best so far and par.
fn record_win(dir: &Path, r: &Reactor, m: Metrics) -> Vec<String> {
    let win = Best {
        lengthy: m.lengthy,
        pulses: m.pulses,
        remedies: m.remedies,
        undos: m.undos,
        peak_heat: m.peak_heat,
    };
    let _ = crate::app::persist::writer::remove(&reactor_records::progress_path(dir, &r.game.level.id));
    match reactor_records::record_win(dir, &r.game.level.id, win) {
        Ok((b, set_aside)) => {
            let mut lines = vec![
                String::new(),
                format!(
                    "Best: {} lengthy, {}, {}, peak heat {:.1}",
                    b.lengthy,
                    count(b.pulses, "pulse", "pulses"),
                    count(b.undos, "undo", "undos"),
                    b.peak_heat
                ),
            ];
            if let Some(par) = par(&r.game.level.id) {
                let verdict = if m.lengthy <= par { "at par" } else { "over par" };
                let par = count(par, "lengthy action", "lengthy actions");
                lines.push(format!("Par: {par}, terminal activations free ({verdict} this time)"));
            }
            lines.extend(set_aside);
            lines
        }
        Err(e) => vec![format!("Could not keep the best: {e}")],
    }
}

/// The game a shipped level's progress file holds, when `level` is where it was left: the file's
/// actions replayed from the shipped start. Reads only (`shipped` sets a damaged file aside and says
/// so); a level opened otherwise (the command line's start of a level) is never where a kept game
/// was left, since a game back at its start is not kept.
fn continued(level: &Level, data_dir: &Path) -> Option<Game> {
    let text = files::read_optional(&reactor_records::progress_path(data_dir, &level.id)).ok()??;
    let start = (0..SHIPPED.len()).filter_map(shipped_start).find(|s| s.id == level.id)?;
    match read_progress(&text, &start) {
        Ok(Progress::Played(game)) if schema::save(&game.level) == schema::save(level) => Some(*game),
        _ => None,
    }
}

/// A session on a level played from the editor: no best is kept and nothing is saved for later
/// (the level is the editor's, not a shipped one), and the leave key goes back to the editor.
pub fn editor_session(level: Level, settings: &Settings) -> ReactorSession {
    let on_finish = Box::new(|_: &Reactor, _: Metrics| Finish::default());
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

/// A level left in progress, as its file holds it.
pub enum Progress {
    /// The actions played since the level's start, replayed: the game with its undo history and
    /// metrics, exactly as it was left.
    Played(Box<Game>),
    /// A level with its dynamic state alone, as earlier builds kept it: no undo history, and the
    /// lengthy actions are counted from its pulses once its start is set (`Game::set_start`).
    Level(Box<Level>),
}

/// Reads a progress file's text for the level whose start (as shipped) is `start`.
fn read_progress(text: &str, start: &Level) -> Result<Progress, String> {
    let b = Balance::normal();
    if !solution::is_solution(text) {
        return schema::load(text.as_bytes(), &b)
            .level
            .map(|l| Progress::Level(Box::new(l)))
            .ok_or("it is not a level".into());
    }
    let (actions, reached) = solution::parse_progress(text, start)?;
    let mut game = Game::new(start.clone(), b);
    script::run(&mut game, &actions);
    if hash::hex(hash::state_hash(&game.level)) != reached || game.played() != Some(actions.as_slice()) {
        return Err("its actions no longer lead where it was left".into());
    }
    Ok(Progress::Played(Box::new(game)))
}

/// Keeps a level left unfinished so it can be continued: the actions played since its start (a
/// solution file that also names the state they reach), or, for a game continued from a file of an
/// earlier build, the level with its dynamic state. Nothing is kept of a replay or a level played
/// from the editor, of a finished level, or of one with no lengthy action and nothing to undo; a
/// game brought back to its start (undone or restarted) removes the file it was continued from.
pub fn save_progress(mode: &Reactor, data_dir: &Path) {
    let game = &mode.game;
    let level = &game.level;
    if !mode.keeps_records || level.is_over() {
        return;
    }
    let path = reactor_records::progress_path(data_dir, &level.id);
    let keep = !game.at_start() && (game.lengthy_actions > 0 || game.history_len() > 0);
    if !keep {
        // Only this game's own earlier save goes: another game's progress of the level (the title's,
        // when the level was opened from the command line) is left alone.
        let ours = match files::read_optional(&path) {
            Ok(Some(old)) => match (read_progress(&old, game.initial()), game.played()) {
                (Ok(Progress::Played(kept)), Some(log)) => kept.played().is_some_and(|k| log.starts_with(k)),
                (Ok(Progress::Level(_)), None) => true,
                _ => false,
            },
            _ => false,
        };
        if ours {
            let _ = crate::app::persist::writer::remove(&path);
        }
        return;
    }
    let text = match game.played() {
        Some(actions) => solution::progress_text(game.initial(), actions, level),
        None => schema::save(level),
    };
    let usable = |old: &str| read_progress(old, game.initial()).is_ok();
    match files::replace_record(&path, &text, usable) {
        Ok(note) => {
            if let Some(note) = note {
                eprintln!("hollowdeep: {note}");
            }
            println!("Reactor level saved to {}.", path.display());
        }
        Err(e) => eprintln!("hollowdeep: {e}"),
    }
}

/// A level left in progress, if one was kept for the level whose start (as shipped) is `start`.
/// One that no longer loads, or whose actions no longer lead where it was left, is moved aside
/// (never overwritten by the next save) and the sentence saying so comes back instead.
pub fn load_progress(data_dir: &Path, start: &Level) -> Result<Option<Progress>, String> {
    let path = reactor_records::progress_path(data_dir, &start.id);
    let read = match files::read_optional(&path) {
        Ok(None) => return Ok(None),
        Ok(Some(text)) => read_progress(&text, start).ok(),
        Err(_) => None,
    };
    match read {
        Some(progress) => Ok(Some(progress)),
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
        r.keeps_records = true;
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
        s.command(crate::app::reactor::keys::ReactorKey::Restart, 0.0);
        assert_eq!(s.mode.game.level.pulse, 0);
        assert_eq!(s.mode.game.level.robot.pos, Game::new(fresh.clone(), Balance::normal()).level.robot.pos);
        let mut s = session(shipped(0, &dir).unwrap().0, &Settings::default(), &dir);
        use crate::app::reactor::keys::ReactorKey;
        use crate::grid::Facing::{East, South};
        let mut now = 0.0;
        for k in [East, East, East, East, East, South, South]
            .map(ReactorKey::Move)
            .into_iter()
            .chain([ReactorKey::Interact])
        {
            s.command(k, now);
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
        r.keeps_records = true;
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

    #[test]
    fn regression_keys_pressed_under_the_help_do_not_move_the_robot() {
        use crate::app::reactor::keys::ReactorKey;
        use crate::app::shell::keys::ShellKey;
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-help-{}", std::process::id()));
        let mut s = session(shipped_start(0).unwrap(), &Settings::default(), &dir);
        let start = s.mode.game.level.robot.pos;
        let east = ReactorKey::Move(crate::grid::Facing::East);
        s.command(ReactorKey::Shell(ShellKey::Help), 0.0);
        s.command(east, 0.0);
        assert_eq!(s.mode.game.level.robot.pos, start, "the help keeps the board's keys");
        s.command(ReactorKey::Shell(ShellKey::Help), 0.0);
        s.command(east, 0.0);
        assert_eq!(
            s.mode.game.level.robot.pos, start,
            "the first level opens on the legend: a key closes it"
        );
        s.command(east, 0.0);
        assert_ne!(s.mode.game.level.robot.pos, start, "closed, the same key moves the robot");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_help_scrolls_with_the_north_and_south_keys_and_stops_at_its_ends() {
        use crate::app::reactor::keys::ReactorKey;
        use crate::app::shell::keys::ShellKey;
        use crate::grid::Facing;
        use crate::render::Overlay;
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-scroll-{}", std::process::id()));
        let mut s = session(shipped_start(2).unwrap(), &Settings::default(), &dir);
        let start = s.mode.game.level.robot.pos;
        let first = |s: &ReactorSession| match s.ui().overlay {
            Some(Overlay::Help { first, bindings, .. }) => (first, bindings.len()),
            other => panic!("no help: {other:?}"),
        };
        s.command(ReactorKey::Shell(ShellKey::Help), 0.0);
        s.command(ReactorKey::Move(Facing::North), 0.0);
        assert_eq!(first(&s).0, 0, "not above the first line");
        for _ in 0..3 {
            s.command(ReactorKey::Move(Facing::South), 0.0);
        }
        assert_eq!(first(&s).0, 3);
        for _ in 0..200 {
            s.command(ReactorKey::Cursor(Facing::South), 0.0);
        }
        let (at, lines) = first(&s);
        assert_eq!(at, lines - 1, "never past the last line");
        assert_eq!(s.mode.game.level.robot.pos, start, "scrolling moves nothing on the board");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
