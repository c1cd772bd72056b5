//! Records that tell the truth: the metrics are state (undo, restart and continuing a level left in
//! progress give them back with the board), restart is one undoable step, a replay or a level played
//! from the editor keeps no record, the peak heat counts the first frame, and every count agrees
//! with its noun. Played as the window plays them: the key table, `reactor::play`'s session, and its
//! save and continue calls in the order the window makes them.

use super::support::*;
use hollowdeep::app::persist::reactor_records;
use hollowdeep::app::persist::settings::Settings;
use hollowdeep::app::reactor::play;
use hollowdeep::app::reactor::session::ReactorSession;
use hollowdeep::app::reactor::session::Request;
use hollowdeep::reactor::{schema, script, solution};
use hollowdeep::render::Overlay;
use std::path::{Path, PathBuf};
use winit::keyboard::KeyCode::{self, *};

/// A data folder of this test's own, empty.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hollowdeep-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The index among the built-in levels of the level with this id.
fn index_of(id: &str) -> usize {
    (0..play::SHIPPED.len())
        .find(|i| play::shipped_start(*i).is_some_and(|l| l.id == id))
        .unwrap_or_else(|| panic!("{id} is built in"))
}

/// A level taken from the title screen, as the window takes it: the level as left in progress (or
/// as shipped), its session, the shipped start restart returns to, and the set-aside note.
fn from_title(id: &str, dir: &Path) -> ReactorSession {
    let index = index_of(id);
    let (level, note) = play::shipped(index, dir).expect("built in");
    let mut s = play::session(level, &Settings::default(), dir);
    s.mode.game.set_start(play::shipped_start(index).unwrap());
    if let Some(note) = note {
        s.say(note);
    }
    s
}

/// Presses keys, letting each pulse's cascade play out before the next; a move the session asks
/// about is not confirmed.
fn press(s: &mut ReactorSession, keys: &[KeyCode], now: &mut f64) {
    for k in keys {
        s.key(*k, false, *now);
        *now += 1.0;
        s.update(*now);
    }
}

/// Esc, as the window answers it: the session asks to end the run, and the window keeps the level.
fn leave(s: &mut ReactorSession, dir: &Path, now: f64) {
    assert_eq!(s.key(Escape, false, now), Request::EndRun);
    play::save_progress(&s.mode, dir);
}

fn card(s: &ReactorSession) -> Vec<String> {
    match s.ui().overlay {
        Some(Overlay::Card { lines, .. }) => lines,
        other => panic!("no card: {other:?}"),
    }
}

/// 07-pressure's par line from its start, as keys.
const PRESSURE_PAR_LINE: &[KeyCode] =
    &[KeyD, KeyD, KeyD, Space, KeyA, KeyA, Space, KeyD, KeyD, KeyS, KeyS, KeyS, Space];

fn par(id: &str) -> u32 {
    campaign().entry(id).expect("a campaign level").par
}

#[test]
fn regression_restart_returns_the_lengthy_count_to_the_start() {
    // The reported line on 07-pressure: one lengthy action, R, then the par line.
    let dir = data_dir("restart");
    let id = "reactor-04-pressure";
    let mut s = from_title(id, &dir);
    let mut now = 0.0;
    press(&mut s, &[KeyD, Space, KeyR], &mut now);
    assert_eq!(s.mode.game.lengthy_actions, 0, "restart gives back the start's count");
    press(&mut s, PRESSURE_PAR_LINE, &mut now);
    assert_eq!(s.mode.game.level.status, Status::Won);
    let lines = card(&s);
    assert!(lines.contains(&"Lengthy actions 3".to_string()), "{lines:?}");
    assert!(lines.iter().any(|l| l.ends_with("(at par this time)")), "{lines:?}");
    assert_eq!(reactor_records::best(&dir, id).expect("the win is kept").lengthy, par(id));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_restart_is_one_step_that_undo_takes_back_with_its_metrics() {
    let dir = data_dir("restart-undo");
    let mut s = from_title("reactor-04-pressure", &dir);
    let mut now = 0.0;
    press(&mut s, &[KeyD, Space], &mut now);
    let before = (hash_of(&s.mode.game.level), s.mode.game.lengthy_actions, s.mode.game.level.pulse);
    assert_eq!(before.1, 1);
    press(&mut s, &[KeyR], &mut now);
    assert_eq!(s.mode.game.level.pulse, 0);
    press(&mut s, &[KeyZ], &mut now);
    let after = (hash_of(&s.mode.game.level), s.mode.game.lengthy_actions, s.mode.game.level.pulse);
    assert_eq!(after, before, "undo after restart is the state before it");
    assert_eq!(s.mode.game.undos, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_continuing_a_level_keeps_its_metrics_and_its_undo_history() {
    // The reported line on 1.1: a repair, Esc, continue from the title, then two more lengthy
    // actions. Continuing used to start the count at 0, so the best said 2, under the par of 3.
    let dir = data_dir("continue");
    let id = "reactor-03-isolate";
    let mut s = from_title(id, &dir);
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyD, KeyF], &mut now);
    assert_eq!(s.mode.game.lengthy_actions, 1);
    let left = (hash_of(&s.mode.game.level), s.mode.game.history_len(), s.mode.game.undos);
    leave(&mut s, &dir, now);
    assert!(reactor_records::progress_path(&dir, id).exists(), "the level is kept in progress");

    let mut s = from_title(id, &dir);
    assert_eq!((hash_of(&s.mode.game.level), s.mode.game.history_len(), s.mode.game.undos), left);
    assert_eq!(s.mode.game.lengthy_actions, 1, "the count survives");
    // The undo history too: undo reaches back past the resume to the level's start.
    let mut back = from_title(id, &dir);
    press(&mut back, &[KeyZ], &mut now);
    assert_eq!(back.mode.game.level.pulse, 0);
    assert_eq!(back.mode.game.lengthy_actions, 0);

    press(&mut s, &[KeyA, KeyA, KeyA, KeyA, Space, KeyD, KeyD, KeyD, KeyD, KeyD, KeyS, Space], &mut now);
    assert_eq!(s.mode.game.level.status, Status::Won);
    assert!(card(&s).contains(&"Lengthy actions 3".to_string()), "{:?}", card(&s));
    let best = reactor_records::best(&dir, id).expect("the win is kept");
    assert!(best.lengthy >= par(id), "a best of {} beats the par of {}", best.lengthy, par(id));
    assert!(!reactor_records::progress_path(&dir, id).exists(), "a win clears the progress");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_level_brought_back_to_its_start_is_no_longer_in_progress() {
    let dir = data_dir("back-to-start");
    let id = "reactor-03-isolate";
    let mut s = from_title(id, &dir);
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyD, KeyF], &mut now);
    leave(&mut s, &dir, now);
    let mut s = from_title(id, &dir);
    press(&mut s, &[KeyR], &mut now);
    leave(&mut s, &dir, now);
    assert!(!reactor_records::progress_path(&dir, id).exists(), "restarted and left: nothing in progress");
    // The same level opened from the command line, left at its start, leaves the title's game alone.
    let mut s = from_title(id, &dir);
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyD, KeyF], &mut now);
    leave(&mut s, &dir, now);
    let mut cli = play::session(play::shipped_start(index_of(id)).unwrap(), &Settings::default(), &dir);
    assert_eq!(cli.mode.game.level.pulse, 0, "the command line opens the level at its start");
    press(&mut cli, &[KeyD], &mut now);
    leave(&mut cli, &dir, now);
    assert!(reactor_records::progress_path(&dir, id).exists());
    assert_eq!(from_title(id, &dir).mode.game.lengthy_actions, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_progress_file_of_the_earlier_build_is_still_continued_and_counts_its_pulses() {
    // Earlier builds kept the level with its dynamic state alone: no history, no count.
    let dir = data_dir("level-format");
    let id = "reactor-03-isolate";
    let start = play::shipped_start(index_of(id)).unwrap();
    let mut g = Game::new(start, bal());
    script::run(&mut g, &script::parse_actions("move:E move:E move:E interact:4,1").unwrap());
    let path = reactor_records::progress_path(&dir, id);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, schema::save(&g.level)).unwrap();
    let mut s = from_title(id, &dir);
    assert_eq!(hash_of(&s.mode.game.level), hash_of(&g.level));
    assert_eq!(s.mode.game.lengthy_actions, 1, "one pulse since the start: one lengthy action");
    let mut now = 0.0;
    press(&mut s, &[KeyA, Space], &mut now);
    assert_eq!(s.mode.game.lengthy_actions, 2);
    leave(&mut s, &dir, now);
    assert_eq!(from_title(id, &dir).mode.game.lengthy_actions, 2, "and it is kept again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_whose_actions_no_longer_lead_where_it_was_left_is_set_aside() {
    let dir = data_dir("diverged");
    let id = "reactor-03-isolate";
    let start = play::shipped_start(index_of(id)).unwrap();
    let mut g = Game::new(start.clone(), bal());
    script::run(&mut g, &script::parse_actions("move:E move:E move:E interact:4,1").unwrap());
    let other = Game::new(start.clone(), bal());
    let path = reactor_records::progress_path(&dir, id);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    // Names the start's state as where its actions lead: a build that plays them otherwise.
    std::fs::write(&path, solution::progress_text(&start, g.played().unwrap(), &other.level)).unwrap();
    let s = from_title(id, &dir);
    assert_eq!(s.mode.game.level.pulse, 0, "the level starts fresh");
    let message = s.mode.view.message.clone().unwrap_or_default();
    assert!(message.contains("set aside"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays a session's replay until it has nothing left to play.
fn watch(s: &mut ReactorSession) {
    let mut now = 0.0;
    for _ in 0..400 {
        now += 0.25;
        s.update(now);
    }
}

#[test]
fn regression_a_replay_watched_in_the_window_records_no_win_and_no_progress() {
    // `hollowdeep reactor assets/reactor/13-spark.json --replay assets/reactor/13-spark.solution.json`
    let dir = data_dir("replay");
    let level = shipped("13-spark.json");
    let text = std::fs::read_to_string(assets().join("13-spark.solution.json")).unwrap();
    let actions = solution::parse(&text, &level).unwrap();
    // Half of it, then the window is closed: nothing is kept for later.
    let mut s = play::session(level.clone(), &Settings::default(), &dir);
    s.replay(actions[..actions.len() / 2].to_vec());
    watch(&mut s);
    assert!(s.mode.game.lengthy_actions > 0);
    play::save_progress(&s.mode, &dir);
    assert!(!reactor_records::progress_path(&dir, &level.id).exists(), "a replay keeps no progress");
    // The whole of it: won on screen, and no best.
    let mut s = play::session(level.clone(), &Settings::default(), &dir);
    s.replay(actions);
    watch(&mut s);
    assert_eq!(s.mode.game.level.status, Status::Won);
    assert!(card(&s).iter().all(|l| !l.starts_with("Best")), "{:?}", card(&s));
    assert!(reactor_records::best(&dir, &level.id).is_none(), "a replay records no win");
    assert!(!reactor_records::best_path(&dir).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_a_level_played_from_the_editor_keeps_nothing() {
    let dir = data_dir("editor");
    let level = shipped("06-isolate.json");
    let mut s = play::editor_session(level.clone(), &Settings::default());
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyD, KeyF], &mut now);
    assert_eq!(s.mode.game.lengthy_actions, 1);
    // Closing the window while it plays keeps what is in play; for the editor's level, nothing.
    play::save_progress(&s.mode, &dir);
    assert!(!dir.exists(), "nothing is written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn regression_the_peak_heat_counts_the_heat_on_the_board_from_the_first_frame() {
    // T2's loss by walking into its fire at (6, 2), whose 7.0 the card used to call a peak of 0.0.
    let dir = data_dir("peak");
    let mut s = from_title("reactor-02-wet-fire", &dir);
    let heat = s.mode.game.level.max_heat();
    assert!(heat > 0.0);
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyS, KeyY], &mut now);
    assert_eq!(s.mode.game.level.status, Status::Lost(LossCause::UnsafeEntry));
    let lines = card(&s);
    assert!(lines.contains(&format!("Peak heat {heat:.1}")), "{lines:?}");
    // Restart enters the first frame again; undo gives back the peak it took.
    press(&mut s, &[KeyR], &mut now);
    assert_eq!(s.mode.game.level.peak_heat, heat);
    // The level as loaded keeps its bytes: a recording's level hash is still the file's.
    assert_eq!(
        solution::level_hash(s.mode.game.initial()),
        solution::level_hash(&shipped("02-wet-fire.json"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_agree_with_their_nouns() {
    use hollowdeep::mode::Mode;
    use hollowdeep::reactor::mode::Reactor;
    let mut r = Reactor::new(Game::new(shipped("06-isolate.json"), bal()));
    let mut go = |a: &str| r.act(script::parse_action(a).unwrap()).line;
    for a in ["move:E", "move:E", "move:E"] {
        go(a);
    }
    go("interact:4,1");
    assert_eq!(go("undo"), "Undone (1 undo so far).");
    go("interact:4,1");
    assert_eq!(go("undo"), "Undone (2 undos so far).");
    // One consumer required where none stands.
    let issues = hollowdeep::reactor::validate::validate(
        &raw("[surface]\n###\n#@#\n###\n[fuel]\n...\n.=.\n...\n[level]\nrequired 1 0 0\n"),
        &bal(),
    );
    let line = issues.iter().find(|i| i.kind == IssueKind::RequiredCounts).expect("reported").line();
    assert!(line.contains("1 fuel consumer is required but only 0 stand"), "{line}");
}

#[test]
fn regression_a_used_up_supply_no_longer_offers_its_item() {
    use hollowdeep::reactor::mode::Reactor;
    let map = "[surface]\n#####\n#@s.#\n#####\n[props]\ns supply heat_shield\n[values]\n3 1 heat=5\n";
    let mut s = ReactorSession::new(
        Reactor::new(game(map)),
        hollowdeep::app::keys::Bindings::default(),
        Box::new(|_, _| Default::default()),
    );
    let panel = |s: &ReactorSession| -> Vec<String> {
        s.scene().board.as_ref().unwrap().hud.panel.iter().map(|l| l.text.clone()).collect()
    };
    let mut now = 0.0;
    press(&mut s, &[KeyD], &mut now);
    assert!(panel(&s).iter().any(|l| l.contains("Interact takes the item")), "{:?}", panel(&s));
    press(&mut s, &[Space, KeyH], &mut now);
    assert_eq!(s.mode.game.lengthy_actions, 2, "taken and used");
    let lines = panel(&s);
    assert!(lines.iter().all(|l| !l.contains("takes the item")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("used up")), "{lines:?}");
    // The shield's steps left, counted with their noun as they fall.
    let steps = s.mode.game.level.robot.heat_immunity;
    assert!(lines.iter().any(|l| l.contains(&format!("Heat shield {steps} steps"))), "{lines:?}");
    press(&mut s, &[KeyA, KeyD], &mut now);
    assert_eq!(s.mode.game.level.robot.heat_immunity, 1);
    assert!(
        panel(&s).iter().any(|l| l.contains("Heat shield 1 step") && !l.contains("steps")),
        "{:?}",
        panel(&s)
    );
}

#[test]
fn after_a_win_enter_opens_the_next_open_level_and_esc_returns_to_the_level_on_the_campaign_page() {
    let dir = data_dir("next-level");
    let id = "reactor-04-pressure";
    let mut s = from_title(id, &dir);
    let mut now = 0.0;
    assert_eq!(s.key(Enter, false, now), Request::None, "no next level before the win");
    press(&mut s, PRESSURE_PAR_LINE, &mut now);
    assert_eq!(s.mode.game.level.status, Status::Won);
    let Some(Overlay::Card { hint, lines, .. }) = s.ui().overlay else { panic!("no card") };
    assert!(hint.starts_with("Enter next level"), "{hint}");
    // The card's share code is the line just played.
    let code = lines.iter().find_map(|l| l.strip_prefix("Share: ")).expect("a share code");
    let shared = hollowdeep::reactor::share::decode(code).expect("the code reads back");
    assert_eq!(Some(shared.actions.as_slice()), s.mode.game.played());
    // The next open level follows: the rest of this group comes first (the win also opened the next).
    assert_eq!(s.key(Enter, false, now), Request::OpenReactorLevel(index_of("reactor-g1-two-leaks")));
    assert_eq!(play::campaign_place(&s.mode), Some(index_of(id)), "Esc goes back to this level");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_replay_watched_to_its_win_offers_no_next_level_and_is_not_the_campaign_s() {
    let dir = data_dir("replay-next");
    let level = shipped("06-isolate.json");
    let text = std::fs::read_to_string(assets().join("06-isolate.solution.json")).unwrap();
    let mut s = play::session(level.clone(), &Settings::default(), &dir);
    s.replay(solution::parse(&text, &level).unwrap());
    watch(&mut s);
    assert_eq!(s.mode.game.level.status, Status::Won);
    let Some(Overlay::Card { hint, .. }) = s.ui().overlay else { panic!("no card") };
    assert!(!hint.contains("next level"), "{hint}");
    assert_eq!(s.key(Enter, false, 1000.0), Request::None);
    // Esc still goes back to the level's row, where the code was typed.
    assert_eq!(play::campaign_place(&s.mode), play::shipped_index(&level.id), "Esc back to the campaign");
    assert!(play::campaign_place(&s.mode).is_some());
    let _ = std::fs::remove_dir_all(&dir);
}
