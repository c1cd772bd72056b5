//! The shipped levels under `assets/reactor/`: each loads without errors, and the first is won by its
//! action script, by keys alone through the window's session, and by the mouse plus the keyboard.

use super::support::*;
use hollowdeep::app::keys::Bindings;
use hollowdeep::app::reactor::session::ReactorSession;
use hollowdeep::mode::Mode;
use hollowdeep::reactor::mode::Reactor;
use hollowdeep::reactor::{schema, script};
use winit::keyboard::KeyCode;

#[test]
fn the_campaign_lists_every_shipped_level_once_under_its_own_id() {
    let c = campaign();
    let mut listed: Vec<&str> = c.entries().map(|(_, e)| e.file.as_str()).collect();
    for (_, e) in c.entries() {
        assert_eq!(shipped(&e.file).id, e.id, "{} is listed under another id", e.file);
    }
    let on_disk: Vec<String> =
        level_files().iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    listed.sort();
    assert_eq!(listed, on_disk, "every level file is in the campaign, once");
}

#[test]
fn every_shipped_level_loads_without_errors_and_is_canonical() {
    let files = level_files();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let loaded = schema::load(&bytes, &bal());
        let level =
            loaded.level.unwrap_or_else(|| panic!("{} does not load: {:?}", path.display(), loaded.issues));
        assert_eq!(schema::save(&level).as_bytes(), bytes.as_slice(), "{} is not canonical", path.display());
    }
    assert!(files.len() >= 2, "at least two shipped levels, found {}", files.len());
}

#[test]
fn the_first_level_is_won_by_its_action_script() {
    let actions = std::fs::read_to_string(assets().join("01-first-light.actions")).unwrap();
    let mut game = Game::new(shipped("01-first-light.json"), bal());
    assert_ne!(game.level.state, LevelState::Ready, "not won by doing nothing");
    script::run(&mut game, &script::parse_actions(&actions).unwrap());
    assert_eq!(game.level.status, Status::Won);
}

fn session() -> ReactorSession {
    let mode = Reactor::new(Game::new(shipped("01-first-light.json"), bal()));
    ReactorSession::new(mode, Bindings::default(), Box::new(|_, _| Default::default()))
}

/// Presses keys, letting each pulse's cascade play out before the next.
fn press(s: &mut ReactorSession, keys: &[KeyCode], now: &mut f64) {
    for k in keys {
        s.key(*k, false, *now);
        *now += 1.0;
        s.update(*now);
    }
}

#[test]
fn the_first_level_is_won_with_the_keyboard_alone() {
    use KeyCode::*;
    let mut s = session();
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, Space, KeyD, KeyD, KeyD, Space], &mut now);
    assert!(s.mode.game.level.robot.terminal_active, "the terminal is active");
    assert!(s.scene().board.as_ref().unwrap().layers, "and the layers are shown");
    // Undo takes the terminal back; the count is kept and shown.
    press(&mut s, &[KeyZ], &mut now);
    assert_eq!(s.mode.game.undos, 1);
    assert!(s.scene().board.as_ref().unwrap().hud.header.iter().any(|l| l.text.contains("Undos 1")));
    press(&mut s, &[KeyD, KeyD, KeyS, KeyS, Space], &mut now);
    assert_eq!(s.mode.game.level.status, Status::Won);
    assert!(matches!(s.ui().overlay, Some(hollowdeep::render::Overlay::Card { .. })), "the win card");
}

#[test]
fn the_first_level_is_won_with_the_mouse_and_the_keyboard() {
    let mut s = session();
    let mut now = 0.0;
    let robot = |s: &ReactorSession| s.mode.game.level.robot.pos;
    let click_at = |s: &mut ReactorSession, p: Pos, now: &mut f64| {
        s.hover(Some(p));
        s.click(*now);
        *now += 1.0;
        s.update(*now);
    };
    // Walk by clicking the next cell, use the source by clicking the robot.
    for _ in 0..2 {
        let next = robot(&s).offset(1, 0);
        click_at(&mut s, next, &mut now);
    }
    let here = robot(&s);
    click_at(&mut s, here, &mut now);
    assert_eq!(s.mode.game.level.pulse, 1, "clicking the robot used the source");
    for _ in 0..5 {
        let next = robot(&s).offset(1, 0);
        click_at(&mut s, next, &mut now);
    }
    for _ in 0..2 {
        let next = robot(&s).offset(0, 1);
        click_at(&mut s, next, &mut now);
    }
    press(&mut s, &[KeyCode::Space], &mut now);
    assert_eq!(s.mode.game.level.status, Status::Won);
}

#[test]
fn a_move_that_would_lose_asks_first() {
    let map = "[surface]\n#####\n#@..#\n#####\n[values]\n2 1 heat=8\n[level]\nid unsafe\n";
    let mode = Reactor::new(game(map));
    let mut s = ReactorSession::new(mode, Bindings::default(), Box::new(|_, _| Default::default()));
    s.key(KeyCode::KeyD, false, 0.0);
    assert!(matches!(s.ui().overlay, Some(hollowdeep::render::Overlay::Prompt { .. })));
    assert_eq!(s.mode.game.level.robot.pos, Pos::new(1, 1), "not moved yet");
    s.key(KeyCode::KeyN, false, 0.1);
    assert_eq!(s.mode.game.level.robot.pos, Pos::new(1, 1));
    s.key(KeyCode::KeyD, false, 0.2);
    s.key(KeyCode::KeyY, false, 0.3);
    assert!(s.mode.is_over(), "moved in on yes, and lost");
}

#[test]
fn a_pulse_plays_as_a_cascade_that_any_key_skips() {
    let mut s = session();
    s.key(KeyCode::KeyD, false, 0.0);
    s.key(KeyCode::KeyD, false, 0.0);
    s.key(KeyCode::Space, false, 10.0);
    assert!(s.cascading());
    let step = |s: &ReactorSession| s.scene().board.as_ref().unwrap().step;
    assert_eq!(step(&s).map(|(k, _)| k), Some(1));
    let state_line = |s: &ReactorSession| s.scene().board.as_ref().unwrap().hud.header[1].text.clone();
    assert_eq!(state_line(&s), "State: the pulse is playing", "the state updates after the cascade");
    let n = bal().steps_per_pulse;
    s.update(10.0 + hollowdeep::app::reactor::session::CASCADE_SECONDS * 0.6);
    assert!(step(&s).is_some_and(|(k, total)| k > 1 && total == n), "{:?}", step(&s));
    s.key(KeyCode::KeyD, false, 10.4);
    assert!(!s.cascading() && step(&s).is_none(), "skipped");
    assert_eq!(state_line(&s), format!("State: {}", s.mode.game.level.state.name()));
    assert_eq!(s.mode.game.level.robot.pos, Pos::new(3, 1), "the skipping key did not move");
}

#[test]
fn with_two_things_to_use_here_the_target_key_chooses_which() {
    let map = "[surface]\n##S###\n#.v..#\n######\n[coolant]\n..=...\n.===..\n......\n[props]\nS sprinkler off 2 1\nv valve coolant open\n1,1 flow coolant on\n[level]\nid chooser\nrobot 2 1 0 false\n";
    let mode = Reactor::new(game(map));
    let mut s = ReactorSession::new(mode, Bindings::default(), Box::new(|_, _| Default::default()));
    let marked = |s: &ReactorSession| {
        s.scene()
            .board
            .as_ref()
            .unwrap()
            .hud
            .panel
            .iter()
            .find(|l| l.text.starts_with('>'))
            .map(|l| l.text.clone())
    };
    assert!(
        marked(&s).is_some_and(|l| l.contains("valve")),
        "the prop underfoot comes first: {:?}",
        marked(&s)
    );
    s.key(KeyCode::Space, false, 0.0);
    s.update(5.0);
    assert_eq!(
        prop(&s.mode.game.level, 2, 1).kind,
        PropKind::Valve { carrier: Carrier::Coolant, open: false }
    );
    s.key(KeyCode::Tab, false, 6.0);
    assert!(marked(&s).is_some_and(|l| l.contains("sprinkler")), "{:?}", marked(&s));
    s.key(KeyCode::Space, false, 7.0);
    s.update(12.0);
    assert!(matches!(prop(&s.mode.game.level, 2, 0).kind, PropKind::Sprinkler { enabled: true, .. }));
}

#[test]
fn a_solution_replays_in_the_window_session_to_a_win_and_ignores_the_players_keys() {
    let actions = std::fs::read_to_string(assets().join("01-first-light.actions")).unwrap();
    let mut s = session();
    s.replay(script::parse_actions(&actions).unwrap());
    s.key(KeyCode::KeyS, false, 0.0);
    let mut now = 0.0;
    for _ in 0..200 {
        now += 0.25;
        s.update(now);
    }
    assert_eq!(s.mode.game.level.status, Status::Won);
    assert_eq!(s.played.len(), actions.split_whitespace().count(), "only the solution's actions were played");
}

/// Pure HUD data, no GPU: on every shipped level, with the cursor on every cell, at the start and
/// with the first level's terminal open, each panel row fits the panel's columns at every size, and
/// from 701×401 up every word of the header, inspection and forecasts is on the panel (nothing cut,
/// only the key hints may fold into the help key's line).
#[test]
fn no_panel_line_is_wider_than_the_panel_and_none_is_cut() {
    use hollowdeep::render::hud::board_panel::{board_panel_layout, panel_cols, panel_lines, BoardText};
    use hollowdeep::render::hud::grid::{text_width, HudGrid};
    use KeyCode::*;
    let sizes = [(1280, 720), (1920, 1080), (3840, 2160), (1024, 768), (701, 401), (320, 200)];
    let mut sessions = Vec::new();
    for path in level_files() {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let mode = Reactor::new(Game::new(shipped(&name), bal()));
        sessions.push((
            name,
            ReactorSession::new(mode, Bindings::default(), Box::new(|_, _| Default::default())),
        ));
    }
    let mut open = session();
    let mut now = 0.0;
    press(&mut open, &[KeyD, KeyD, Space, KeyD, KeyD, KeyD, Space], &mut now);
    assert!(open.scene().board.as_ref().unwrap().layers, "the terminal's layers are open");
    sessions.push(("01 at its terminal".into(), open));
    let words = |lines: &mut dyn Iterator<Item = &String>| -> Vec<String> {
        lines.flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>()).collect()
    };
    let mut checked = 0;
    for (name, s) in &mut sessions {
        let (w, h) = (s.mode.game.level.width(), s.mode.game.level.height());
        for p in (0..h).flat_map(|y| (0..w).map(move |x| Pos::new(x, y))) {
            s.hover(Some(p));
            let hud = s.scene().board.as_ref().unwrap().hud.clone();
            assert!(!hud.hints.is_empty(), "the session adds its key hints");
            for (sw, sh) in sizes {
                let grid = HudGrid::new(sw, sh);
                let (col, width) = panel_cols(&grid);
                let lines = panel_lines(&hud, width, grid.rows - 2);
                for l in &lines {
                    assert!(
                        text_width(&l.text) <= width,
                        "{name} {p:?} {sw}x{sh}: {:?} is wider than {width}",
                        l.text
                    );
                }
                let text = BoardText { hud: hud.clone(), step: None, captions: Vec::new() };
                for g in board_panel_layout(&text, &grid) {
                    let x = grid.place(&g).x as u32 + hollowdeep::render::font::GLYPH_W * grid.scale;
                    assert!(g.col < col + width && x <= sw, "{name} {p:?} {sw}x{sh}: a glyph past the edge");
                }
                if sw >= 701 {
                    let want = words(
                        &mut hud.header.iter().chain(&hud.panel).chain(&hud.forecasts).map(|l| &l.text),
                    );
                    let got = words(&mut lines.iter().map(|l| &l.text));
                    assert_eq!(
                        got[..want.len().min(got.len())],
                        want[..],
                        "{name} {p:?} {sw}x{sh}: text cut"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} panels checked");
}

/// A losing line on a shipped level: walking into the wet-fire level's critical heat at (6, 2).
const WET_FIRE_LOSS: &str = "move:E move:E move:E move:E move:E move:S";

#[test]
fn a_shipped_level_is_lost_by_an_action_script_and_by_keys() {
    let mut game = Game::new(shipped("02-wet-fire.json"), bal());
    assert_eq!(game.level.status, Status::Playing);
    script::run(&mut game, &script::parse_actions(WET_FIRE_LOSS).unwrap());
    assert_eq!(game.level.status, Status::Lost(LossCause::UnsafeEntry));
    // The same line by keys in the window's session: the move asks first, Y confirms, the card shows.
    use KeyCode::*;
    let mode = Reactor::new(Game::new(shipped("02-wet-fire.json"), bal()));
    let mut s = ReactorSession::new(mode, Bindings::default(), Box::new(|_, _| Default::default()));
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD, KeyD, KeyD, KeyD, KeyS], &mut now);
    assert!(matches!(s.ui().overlay, Some(hollowdeep::render::Overlay::Prompt { .. })), "asks first");
    press(&mut s, &[KeyY], &mut now);
    assert_eq!(s.mode.game.level.status, Status::Lost(LossCause::UnsafeEntry));
    assert!(matches!(s.ui().overlay, Some(hollowdeep::render::Overlay::Card { .. })), "the loss card");
}

/// A play-tester read "^ Consumer: off; switch" on T3: its caption ran past the board, where the
/// HUD cuts it. Every shipped caption fits its board at the default window size and zoom.
#[test]
fn every_shipped_caption_fits_its_board_at_the_default_window_size() {
    use hollowdeep::reactor::present::{scene, ViewState};
    use hollowdeep::reactor::Game;
    use hollowdeep::render::board::layout::{BoardCamera, BoardView};
    use hollowdeep::render::hud::board_panel::caption_glyphs;
    use hollowdeep::render::hud::grid::HudGrid;
    let (width, height) = (1280, 720);
    let grid = HudGrid::new(width, height);
    let mut cut = Vec::new();
    for path in level_files() {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let game = Game::new(shipped(&file), bal());
        let board = scene(&game, &ViewState::default(), None, 1).board.expect("a board");
        let view =
            BoardView::new(width, height, board.cells.width(), board.cells.height(), BoardCamera::default());
        for caption in &board.captions {
            let drawn = caption_glyphs(std::slice::from_ref(caption), &view, &grid).len();
            if drawn < caption.text.chars().count() {
                cut.push(format!("{file}: {:?} shows {drawn} characters", caption.text));
            }
        }
    }
    assert!(cut.is_empty(), "captions cut at the board's edge:\n{}", cut.join("\n"));
}
