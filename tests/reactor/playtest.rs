//! What a stranger's play-test of the campaign found (issue 33), each held where a test can see it:
//! T5's forecast whole at 1280×720 and kept after walking off the terminal, 2.1's junction in words,
//! the panel back on the robot after a move, Ready's needs on one row each, captions that point at
//! what they name, and 3.1's caption.

use super::support::*;
use hollowdeep::app::keys::Bindings;
use hollowdeep::app::reactor::session::ReactorSession;
use hollowdeep::reactor::mode::Reactor;
use hollowdeep::render::hud::board_panel::{fit_line, panel_cols, panel_lines};
use hollowdeep::render::hud::grid::HudGrid;
use hollowdeep::scene::BoardHud;
use winit::keyboard::KeyCode;

fn session(file: &str) -> ReactorSession {
    let mode = Reactor::new(Game::new(shipped(file), bal()));
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

fn hud(s: &ReactorSession) -> BoardHud {
    s.scene().board.as_ref().expect("a board").hud.clone()
}

fn texts(lines: &[hollowdeep::scene::BoardLine]) -> Vec<String> {
    lines.iter().map(|l| l.text.clone()).collect()
}

/// The panel's rows at 1280×720 and their width.
fn panel_720(hud: &BoardHud) -> (Vec<String>, u32) {
    let grid = HudGrid::new(1280, 720);
    let (_, width) = panel_cols(&grid);
    (texts(&panel_lines(hud, width, grid.rows - 2)), width)
}

#[test]
fn the_terminals_forecast_is_whole_at_1280x720_and_stays_after_walking_off_until_the_next_action() {
    use KeyCode::*;
    let mut s = session("05-terminal.json");
    let mut now = 0.0;
    // East twice onto the terminal at (3, 1), then activate it.
    press(&mut s, &[KeyD, KeyD, Space], &mut now);
    let at = hud(&s);
    assert!(at.forecasts.len() > 2, "T5's terminal forecasts several things: {:?}", texts(&at.forecasts));
    let (rows, _) = panel_720(&at);
    assert!(!rows.iter().any(|r| r.contains("left out")), "nothing left out: {rows:?}");
    let shown: Vec<&str> = rows.iter().flat_map(|r| r.split_whitespace()).collect();
    let wanted: Vec<String> = texts(&at.forecasts);
    let wanted: Vec<&str> = wanted.iter().flat_map(|r| r.split_whitespace()).collect();
    assert!(shown.windows(wanted.len()).any(|w| w == wanted.as_slice()), "the forecast whole: {rows:?}");
    let read: Vec<String> = texts(&at.forecasts[1..]);
    // One step east, off the terminal, onto valve A: the forecast stays, marked as read.
    press(&mut s, &[KeyD], &mut now);
    let off = hud(&s);
    assert!(!s.scene().board.as_ref().unwrap().layers, "the layers close off the terminal");
    assert!(off.forecasts[0].text.contains("until your next action"), "{:?}", texts(&off.forecasts));
    assert_eq!(texts(&off.forecasts[1..]), read);
    // The next action (valve A) ends it.
    press(&mut s, &[Space], &mut now);
    assert!(hud(&s).forecasts.is_empty(), "{:?}", texts(&hud(&s).forecasts));
}

#[test]
fn the_junction_of_2_1_says_where_its_coolant_comes_in_and_where_each_mode_sends_it() {
    let mut s = session("09-junction.json");
    s.hover(Some(Pos::new(3, 2)));
    let panel = texts(&hud(&s).panel);
    let n = bal().junction_modes.len();
    assert!(panel.contains(&format!("Prop: junction (coolant), mode 4 of {n}")), "{panel:?}");
    assert!(panel.contains(&"In: west. Out: north full, east full".to_string()), "{panel:?}");
    assert!(panel.contains(&format!("Next, mode 5 of {n}: north full, east none")), "{panel:?}");
    // Each on one row of the panel at 1280x720.
    let (_, width) = panel_720(&hud(&s));
    for l in panel.iter().filter(|l| l.contains("junction") || l.starts_with("In:") || l.starts_with("Next,"))
    {
        assert_eq!(fit_line(l, width).len(), 1, "{l:?} wraps at {width} columns");
    }
}

#[test]
fn a_move_brings_the_panel_back_from_the_keyboard_cursor_to_the_robot() {
    use KeyCode::*;
    let mut s = session("03-valve.json");
    let mut now = 0.0;
    let cell_line =
        |s: &ReactorSession| hud(s).panel.iter().find(|l| l.text.starts_with("Cell (")).unwrap().text.clone();
    press(&mut s, &[KeyL, KeyL, KeyL], &mut now);
    assert!(cell_line(&s).starts_with("Cell (4, 1)"), "I J K L look ahead: {}", cell_line(&s));
    press(&mut s, &[KeyD], &mut now);
    assert!(cell_line(&s).starts_with("Cell (2, 1)"), "the move shows the robot's cell: {}", cell_line(&s));
    press(&mut s, &[KeyL], &mut now);
    assert!(cell_line(&s).starts_with("Cell (3, 1)"), "the cursor starts again from the robot");
}

#[test]
fn every_ready_need_of_every_shipped_level_is_one_row_of_the_panel_at_1280x720() {
    let grid = HudGrid::new(1280, 720);
    let (_, width) = panel_cols(&grid);
    for path in level_files() {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let s = session(&name);
        for l in hud(&s).panel.iter().filter(|l| l.text.contains("[ ]") || l.text.contains("[x]")) {
            assert_eq!(fit_line(&l.text, width).len(), 1, "{name}: {:?} wraps at {width} columns", l.text);
        }
    }
}

/// A tutorial caption's arrow stands one column right of its cell; `v` points at the cell below
/// that, `^` at the cell above, `<` at the caption's own cell. Each must point at something: a
/// prop, the robot, a leak's access or a floor value.
#[test]
fn every_caption_points_at_the_thing_it_names() {
    let c = campaign();
    let mut checked = 0;
    for (_, e) in c.entries() {
        let l = shipped(&e.file);
        for cap in &l.captions {
            let target = match cap.text.chars().next() {
                Some('v') => Pos::new(cap.pos.x + 1, cap.pos.y + 1),
                Some('^') => Pos::new(cap.pos.x + 1, cap.pos.y - 1),
                Some('<') => cap.pos,
                _ => panic!("{}: the caption {:?} starts with no arrow", e.file, cap.text),
            };
            let something = l.prop_at(target).is_some()
                || l.robot.pos == target
                || l.leaks.iter().any(|k| k.access == target)
                || l.surface.get(target).is_some_and(|v| v.v.iter().any(|x| *x > 0.0));
            assert!(something, "{}: {:?} points at {target:?}, which holds nothing", e.file, cap.text);
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked} captions checked");
}

#[test]
fn the_first_level_of_group_3_has_its_caption_like_the_tutorial() {
    let c = campaign();
    let first = &c.groups[3].levels[0];
    let l = shipped(&first.file);
    assert!(l.captions.iter().any(|k| k.text.contains("repair")), "{}: {:?}", first.file, l.captions);
}

/// T5's lesson: the terminal's forecast tells the two valves apart (issue 33's second play-test read
/// the same line for both and won by luck). Valve A's line names the critical cell its leak makes;
/// valve B's does not (its par line, through B, is replayed by `solver.rs`).
#[test]
fn the_terminals_forecast_tells_t5s_two_valves_apart() {
    use KeyCode::*;
    let mut s = session("05-terminal.json");
    let mut now = 0.0;
    press(&mut s, &[KeyD, KeyD], &mut now);
    let here = texts(&hud(&s).panel);
    assert!(here.iter().any(|l| l == "Here (a pulse follows; par leaves it out):"), "{here:?}");
    press(&mut s, &[Space], &mut now);
    let lines = texts(&hud(&s).forecasts);
    let about = |at: &str| lines.iter().filter(|l| l.contains(at)).cloned().collect::<Vec<_>>();
    let a = about("valve at (4, 1)");
    assert!(
        a.iter().any(|l| l.contains("feeds this leak") && l.contains("critical at (5, 1)")),
        "valve A's line names the critical cell: {lines:?}"
    );
    assert!(!about("valve at (3, 3)").iter().any(|l| l.contains("leak")), "valve B feeds no leak: {lines:?}");
}

/// A caption describes the start and goes once its prop is set otherwise or its leak repaired
/// (the play-test read "Fuel source: switch it on" after it was on); what follows on its own (a
/// consumer becoming fed) hides nothing, and undo brings the caption back.
#[test]
fn a_caption_goes_once_its_thing_is_done_and_comes_back_on_undo() {
    use hollowdeep::reactor::present::{self, ViewState};
    let shown = |g: &Game| -> Vec<String> {
        let scene = present::scene(g, &ViewState::default(), None, 0);
        scene.board.expect("a board").captions.iter().map(|c| c.text.clone()).collect()
    };
    let mut g = Game::new(shipped("01-first-light.json"), bal());
    let all = shown(&g);
    assert!(all.iter().any(|t| t.contains("Fuel source: switch it on")), "{all:?}");
    let line = hollowdeep::reactor::script::parse_actions("move:E move:E interact").unwrap();
    hollowdeep::reactor::script::run(&mut g, &line);
    let after = shown(&g);
    assert!(!after.iter().any(|t| t.contains("Fuel source")), "done, gone: {after:?}");
    // "v You" names the robot on its start cell, and the robot has left it (a play-tester saw
    // it stay on the empty cell).
    assert!(!after.iter().any(|t| t == "v You"), "the robot left: {after:?}");
    assert_eq!(after.len(), all.len() - 2, "the rest stay (the consumer now fed included): {after:?}");
    hollowdeep::reactor::script::run(&mut g, &hollowdeep::reactor::script::parse_actions("undo").unwrap());
    let robot_elsewhere: Vec<String> = all.iter().filter(|t| *t != "v You").cloned().collect();
    assert_eq!(shown(&g), robot_elsewhere, "undo brings the source's caption back; the robot stays moved");
    hollowdeep::reactor::script::run(&mut g, &hollowdeep::reactor::script::parse_actions("restart").unwrap());
    assert_eq!(shown(&g), all, "back at the start, every caption is back");
    // A leak's caption goes when the leak is repaired.
    let mut g = Game::new(shipped("04-leak.json"), bal());
    assert!(shown(&g).iter().any(|t| t.contains("Leak: repair it here")));
    let leak = g.level.leaks[0].access;
    let mut walk = String::new();
    for _ in g.level.robot.pos.x..leak.x {
        walk.push_str("move:E ");
    }
    walk.push_str(&format!("repair:{},{}", leak.x, leak.y));
    hollowdeep::reactor::script::run(&mut g, &hollowdeep::reactor::script::parse_actions(&walk).unwrap());
    assert!(g.level.leaks[0].repaired, "{walk}");
    assert!(!shown(&g).iter().any(|t| t.contains("Leak:")), "{:?}", shown(&g));
}

/// Facing a wall, the robot's eye view is one stone face with nothing saying how to get back (a
/// play-tester's screenshot): the message line names the key while the view is on.
#[test]
fn the_eye_view_says_which_key_goes_back_to_the_board() {
    let mut s = session("03-valve.json");
    let mut now = 0.0;
    let message = |s: &ReactorSession| hud(s).message.map(|m| m.text);
    press(&mut s, &[KeyCode::KeyV], &mut now);
    assert_eq!(message(&s).as_deref(), Some("The robot's eye view: V goes back to the board."));
    press(&mut s, &[KeyCode::KeyV], &mut now);
    assert_eq!(message(&s), None, "back on the board");
}
