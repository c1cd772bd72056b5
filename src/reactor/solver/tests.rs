//! The solver on tiny built levels: the known shortest line, safe moves only, an unwinnable level,
//! the bounds, the region collapse in the key, and the first-action reading.

use super::key::key;
use super::region::Region;
use super::*;
use crate::grid::Pos;
use crate::reactor::command::{Command, Outcome};
use crate::reactor::level::{Level, Status};
use crate::reactor::script::{self, Action};
use crate::reactor::{text, Balance, Game};

fn level(map: &str) -> Level {
    let mut l = text::parse(map, &Balance::normal()).expect("the test map parses");
    crate::reactor::undo::refresh(&mut l, &Balance::normal());
    l
}

/// A fuel line: source `a` off, consumer `b` off, the reactor `r` on the line; one producing fuel
/// consumer is required. Shortest win: source on, consumer on, activate (3 lengthy actions).
const LINE: &str = "[surface]
########
#a.b..r#
#......#
########
[fuel]
........
.======.
........
........
[props]
a flow fuel off
b consumer off
r reactor
[level]
id line
required 1 0 0
robot 1 2 0 false
";

/// Replays `actions` through a `Game`, as a player would; panics on a move that loses.
fn replay(map: &str, actions: &[Action]) -> Game {
    let mut g = Game::new(level(map), Balance::normal());
    for a in actions {
        let Action::Do(cmd) = a else { panic!("a solution holds no undo or restart") };
        let out = g.apply(*cmd);
        assert!(!matches!(out, Outcome::Moved { lost: true }), "{} entered an unsafe cell", script::token(a));
        assert!(!matches!(out, Outcome::Refused(_)), "{} was refused: {out:?}", script::token(a));
    }
    g
}

fn won(r: &Report) -> (u32, Vec<Action>) {
    match &r.verdict {
        Verdict::Won { par, actions } => (*par, actions.clone()),
        other => panic!("no win: {other:?}"),
    }
}

#[test]
fn it_finds_the_known_shortest_line_and_it_replays_to_a_win() {
    let b = Balance::normal();
    let r = solve(&level(LINE), &b, Limits::default());
    let (par, actions) = won(&r);
    assert_eq!(par, 3);
    let g = replay(LINE, &actions);
    assert_eq!(g.level.status, Status::Won);
    assert_eq!(g.lengthy_actions, par, "the par counts the lengthy actions of the line");
    // Proven shortest: with one action fewer allowed, no win is found.
    let short = solve(&level(LINE), &b, Limits { depth: 2, ..Limits::default() });
    assert_eq!(short.verdict, Verdict::Bounded { no_win_within: 2 });
}

#[test]
fn it_walks_around_an_unsafe_cell_and_never_into_one() {
    // Ready from the start (no layer under the reactor, nothing required): only the walk is asked.
    let map = "[surface]\n#######\n#...r.#\n#.....#\n#######\n[props]\nr reactor\n[values]\n3 1 heat=8\n[level]\nid detour\nrobot 1 1 0 false\n";
    let (par, actions) = won(&solve(&level(map), &Balance::normal(), Limits::default()));
    assert_eq!(par, 1);
    let moves = actions.iter().filter(|a| matches!(a, Action::Do(Command::MoveRobot(_)))).count();
    assert_eq!(moves, 5, "the detour under the hot cell: {actions:?}");
    assert_eq!(replay(map, &actions).level.status, Status::Won);
    // With the way round walled off, the hot cell cannot be passed and nothing else can be done.
    let walled = map.replace("#.....#\n#######", "#######\n#######");
    let r = solve(&level(&walled), &Balance::normal(), Limits::default());
    assert_eq!(r.verdict, Verdict::Unwinnable);
}

#[test]
fn heat_immunity_counts_moves_in_the_region() {
    let map = "[surface]\n#######\n#.....#\n#######\n[values]\n2 1 heat=8\n3 1 heat=8\n4 1 heat=8\n[level]\nid shielded\nrobot 1 1 2 false\n";
    let region = Region::explore(&level(map), &Balance::normal());
    assert!(region.reaches(Pos::new(3, 1)), "two steps of immunity cross two hot cells");
    assert!(!region.reaches(Pos::new(4, 1)), "the third hot cell is entered with none left");
    assert!(!region.reaches(Pos::new(5, 1)));
}

#[test]
fn a_level_that_cannot_be_won_says_so() {
    // The reactor sits on a fuel line with no source: it can never be fed. Toggling the consumer
    // repeats states, so the search runs out of new ones and proves it.
    let map = LINE.replace("a flow fuel off", "a consumer off").replace("required 1 0 0", "required 0 0 0");
    let r = solve(&level(&map), &Balance::normal(), Limits::default());
    assert_eq!(r.verdict, Verdict::Unwinnable);
    assert!(r.nodes > 0, "it searched");
}

#[test]
fn a_bound_answers_not_proven_never_a_wrong_par() {
    let b = Balance::normal();
    let r = solve(&level(LINE), &b, Limits { nodes: 1, ..Limits::default() });
    assert!(matches!(r.verdict, Verdict::Bounded { no_win_within } if no_win_within < 3), "{r:?}");
    let r = solve(&level(LINE), &b, Limits { depth: 1, ..Limits::default() });
    assert_eq!(r.verdict, Verdict::Bounded { no_win_within: 1 });
}

#[test]
fn the_key_treats_one_safe_region_as_one_robot_place() {
    let b = Balance::normal();
    let at = |x: i32, y: i32| {
        let mut l = level(LINE);
        l.robot.pos = Pos::new(x, y);
        key(&l, &b)
    };
    assert_eq!(at(1, 2), at(5, 2), "one room");
    let mut split = level(&LINE.replace("#......#\n########", "#...#..#\n########"));
    split.terrain.set(Pos::new(4, 1), crate::reactor::level::Terrain::Wall);
    let k1 = key(&split, &b);
    split.robot.pos = Pos::new(6, 2);
    assert_ne!(k1, key(&split, &b), "a wall between two places keeps them apart");
    // The environment counts: the same place with the source switched on is another state.
    let mut on = level(LINE);
    on.props[0].kind = crate::reactor::level::PropKind::Flow {
        carrier: crate::reactor::level::Carrier::Fuel,
        enabled: true,
    };
    assert_ne!(key(&on, &b), at(1, 2));
}

#[test]
fn first_actions_lists_each_accepted_one_with_what_it_changes() {
    let b = Balance::normal();
    let firsts = first_actions(&level(LINE), &b, Limits::default());
    let tokens: Vec<&str> = firsts.iter().map(|f| f.token.as_str()).collect();
    assert_eq!(tokens, ["interact:1,1", "interact:3,1"], "the reactor control is not an InteractProp");
    assert!(firsts.iter().all(|f| f.plausible()), "both keep the level winnable");
    assert_ne!(firsts[0].outcome(), firsts[1].outcome(), "their pulses differ visibly");
    let flow_on = "flow at 1,1: enabled false -> true";
    assert!(firsts[0].changes.iter().any(|c| c == flow_on), "{:?}", firsts[0].changes);
    let consumer_on = firsts[1].changes.iter().find(|c| c.starts_with("consumer at 3,1: "));
    assert!(consumer_on.is_some_and(|c| c.contains("enabled false -> true")), "{:?}", firsts[1].changes);
    assert!(matches!(firsts[0].after, Some(Verdict::Won { par: 2, .. })), "{:?}", firsts[0].after);
}

/// Hot cells (critical heat) wall the reactor off; a fuel leak sits in them. Turning the source on
/// feeds the leak and the fire loses the level; switching the consumer off is a pulse that lets the
/// heat spread out, which opens the way.
const HOT: &str = "[surface]
########
#a.b..r#
#......#
########
[fuel]
........
.====!..
........
........
[props]
a flow fuel off
b consumer on
r reactor
[leaks]
fuel 5 1 5 1
[values]
5 1 heat=8.9
5 2 heat=8.5
4 1 heat=8.5
[level]
id hot
robot 1 2 0 false
";

#[test]
fn a_first_action_whose_pulse_loses_is_not_plausible() {
    let b = Balance::normal();
    let firsts = first_actions(&level(HOT), &b, Limits::default());
    let by = |t: &str| firsts.iter().find(|f| f.token == t).unwrap_or_else(|| panic!("{t} listed"));
    let source = by("interact:1,1");
    assert!(source.lost && source.after.is_none() && !source.plausible());
    assert!(source.changes.iter().any(|c| c.contains("lost_terminal_heat")), "{:?}", source.changes);
    let consumer = by("interact:3,1");
    assert!(!consumer.lost && consumer.plausible(), "{consumer:?}");
    let (par, actions) = won(&solve(&level(HOT), &b, Limits::default()));
    assert_eq!(par, 2, "the consumer's pulse, then the reactor: {actions:?}");
    assert_eq!(replay(HOT, &actions).level.status, Status::Won);
}

#[test]
fn a_carried_heat_shield_is_a_lengthy_action_the_search_uses() {
    let map = "[surface]\n#######\n#...r.#\n#######\n[props]\nr reactor\n[values]\n2 1 heat=8\n3 1 heat=8\n[level]\nid shield\ninventory heat_shield\nrobot 1 1 0 false\n";
    let (par, actions) = won(&solve(&level(map), &Balance::normal(), Limits::default()));
    assert_eq!(par, 2, "{actions:?}");
    assert_eq!(actions[0], Action::Do(Command::ApplyHeatShield));
    assert_eq!(replay(map, &actions).level.status, Status::Won);
    let bare = map.replace("inventory heat_shield\n", "");
    assert_eq!(solve(&level(&bare), &Balance::normal(), Limits::default()).verdict, Verdict::Unwinnable);
}

/// `LINE` with a terminal `t` beside the source: reading it is lengthy (a pulse) but free.
const LINE_WITH_TERMINAL: &str = "[surface]
########
#a.b..r#
#t.....#
########
[fuel]
........
.======.
........
........
[props]
a flow fuel off
b consumer off
r reactor
t terminal
[level]
id line-terminal
required 1 0 0
robot 1 2 0 false
";

#[test]
fn a_terminal_activation_is_lengthy_but_not_counted_toward_par() {
    let b = Balance::normal();
    let line = script::parse_actions(
        "interact move:N interact move:E move:E interact move:E move:E move:E activate",
    )
    .expect("a line");
    let g = replay(LINE_WITH_TERMINAL, &line);
    assert_eq!(g.level.status, Status::Won);
    assert_eq!(g.level.pulse, 4, "the terminal's activation ran a pulse");
    assert_eq!(g.lengthy_actions, 3, "but only the three others count");
    let (par, _) = won(&solve(&level(LINE_WITH_TERMINAL), &b, Limits::default()));
    assert_eq!(par, 3, "the terminal neither helps nor costs");
}
