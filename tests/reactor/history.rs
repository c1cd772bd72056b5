//! Memory that does not grow with play: the undo history keeps what each lengthy action changed, not
//! whole levels, so the largest map plays a thousand lengthy actions in a few megabytes; and undo still
//! restores, bit for bit, exactly the snapshot a whole-level history would have kept.

use crate::support::*;
use hollowdeep::reactor::bounds::MAX_SIDE;
use hollowdeep::reactor::level::{Prop, Terrain, Under};
use hollowdeep::reactor::{sample, solver};

/// The largest map: walls round it, a fuel line along the second row fed by a source under the
/// robot, a consumer and the reactor on it. Toggling the source is a lengthy action that changes the
/// line's amounts and intensities, the consumer's service, and the counters.
fn largest() -> Level {
    let b = bal();
    let side = MAX_SIDE;
    let mut l = Level::empty("largest", side, side);
    for p in l.terrain.positions().collect::<Vec<_>>() {
        if l.terrain.is_border(p) {
            l.terrain.set(p, Terrain::Wall);
        }
    }
    let intact = Under { structure: Structure::Intact, integrity: b.max_integrity, ..Default::default() };
    for x in 1..40 {
        l.under[Carrier::Fuel as usize].set(Pos::new(x, 1), intact);
    }
    l.props.push(Prop::new(Pos::new(1, 1), PropKind::Flow { carrier: Carrier::Fuel, enabled: false }));
    l.props.push(Prop::new(Pos::new(8, 1), PropKind::Consumer { enabled: true }));
    l.props.push(Prop::new(Pos::new(30, 1), PropKind::Reactor));
    l.robot.pos = Pos::new(1, 1);
    l
}

/// Every bit of a level: `Debug` writes each `f32` as the shortest text that reads back as its bits
/// (so 0.0 and -0.0 differ, where `==` calls them equal).
fn bits(l: &Level) -> String {
    format!("{l:?}")
}

#[test]
fn a_thousand_lengthy_actions_on_the_largest_map_keep_the_history_small() {
    let mut g = Game::new(largest(), bal());
    let start = bits(&g.level);
    let one_level = {
        let mut probe = Game::new(largest(), bal());
        assert!(pulsed(&probe.apply(Command::InteractProp(None))));
        probe.history_bytes()
    };
    assert!(one_level > 4 << 20, "one snapshot of the largest map is megabytes ({one_level} bytes)");
    for k in 0..1000 {
        let out = g.apply(Command::InteractProp(None));
        assert!(pulsed(&out), "action {k}: {out:?}");
    }
    assert_eq!(g.history_len(), 1000);
    assert_eq!(g.lengthy_actions, 1000);
    // Whole levels would be a thousand snapshots; what changed is a few hundred bytes an action.
    let held = g.history_bytes();
    assert!(held < one_level + 1000 * 4096, "{held} bytes after 1000 actions, {one_level} for one level");
    for _ in 0..1000 {
        g.undo().expect("each action is undone");
    }
    assert!(g.undo().is_err(), "nothing is left to undo");
    assert_eq!(bits(&g.level), start, "a thousand undos give back the level as started");
}

const FACINGS: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

/// Applies `cmd`, keeping the reference's whole snapshot where the game keeps an undo step.
fn play(g: &mut Game, reference: &mut Vec<Level>, cmd: Command, pushed: &mut u32) {
    let before = g.level.clone();
    let out = g.apply(cmd);
    if pulsed(&out) || matches!(out, Outcome::Moved { lost: true }) {
        reference.push(before);
        *pushed += 1;
    }
}

/// A whole-level history, as the game kept before: the reference undo must match bit for bit.
#[test]
fn undo_after_many_actions_restores_exactly_what_a_whole_level_history_would() {
    let b = bal();
    let mut g = Game::new(sample::spread_level(14, &b), b.clone());
    let mut reference: Vec<Level> = Vec::new();
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let (mut undone, mut pulses) = (0, 0);
    for step in 0..400 {
        let r = next() % 100;
        // A lost level refuses everything but undo and restart: undo most of the time, so play goes on.
        if r < 18 || (g.level.is_over() && r < 80) {
            let expected = reference.pop();
            let out = g.undo();
            assert_eq!(out.is_ok(), expected.is_some(), "step {step}");
            if let Some(e) = expected {
                assert_eq!(bits(&g.level), bits(&e), "step {step}: undo differs from the whole snapshot");
                undone += 1;
            }
        } else if r < 19 {
            // Restart is one undoable step (when it changes anything).
            let before = g.level.clone();
            if g.restart() {
                reference.push(before);
            }
        } else {
            // Mostly: walk (safely) to a random spot of the robot's region and act there; sometimes
            // a blind step, which may lose.
            let mut cmds = Vec::new();
            if r < 85 {
                let region = solver::region::Region::explore(&g.level, &b);
                let acting: Vec<usize> = (0..region.spots.len())
                    .filter(|k| {
                        let mut there = g.level.clone();
                        region.spots[*k].0.place(&mut there);
                        !solver::moves::candidates(&there).is_empty()
                    })
                    .collect();
                let k = if acting.is_empty() { 0 } else { acting[(next() as usize) % acting.len()] };
                cmds.extend(region.path_to(k).into_iter().map(Command::MoveRobot));
            } else {
                cmds.push(Command::MoveRobot(FACINGS[(next() % 4) as usize]));
            }
            for cmd in cmds {
                play(&mut g, &mut reference, cmd, &mut pulses);
            }
            let lengthy = solver::moves::candidates(&g.level);
            if !lengthy.is_empty() {
                let cmd = lengthy[(next() as usize) % lengthy.len()];
                play(&mut g, &mut reference, cmd, &mut pulses);
            }
        }
        eprintln!(
            "DBG {step} r={r} over={} state={:?} hist={} robot={:?}",
            g.level.is_over(),
            g.level.status,
            reference.len(),
            g.level.robot.pos
        );
        assert_eq!(g.history_len(), reference.len(), "step {step}");
    }
    assert!(pulses > 100 && undone > 40, "the run exercised the history: {pulses} pushed, {undone} undone");
    while let Some(e) = reference.pop() {
        g.undo().expect("the history holds as many steps as the reference");
        assert_eq!(bits(&g.level), bits(&e));
    }
}

/// Issue 30: the player's game keeps each pulse's steps for the cascade the view plays; a game nobody
/// watches (the solver's audits) keeps none, and both end in the same level.
#[test]
fn only_a_watched_game_keeps_the_steps_of_its_pulses() {
    use hollowdeep::reactor::command::Outcome;
    use hollowdeep::reactor::pulse::Cascade;
    let mut watched = Game::new(largest(), bal());
    let mut unwatched = Game::new(largest(), bal());
    unwatched.cascade = Cascade::Skip;
    let steps = |o: Outcome| match o {
        Outcome::Pulsed(p) => p.steps.len(),
        other => panic!("a pulse, not {other:?}"),
    };
    assert_eq!(steps(watched.apply(Command::InteractProp(None))), bal().steps_per_pulse as usize);
    assert_eq!(steps(unwatched.apply(Command::InteractProp(None))), 0);
    assert_eq!(bits(&watched.level), bits(&unwatched.level));
}

/// The won line a share code holds is the line alone (`Game::line`): replayed from the start,
/// with nothing undone or restarted, it reaches the very board the game stands on. A play-tester's
/// code held the attempt that a restart left, and its replay played that attempt first.
#[test]
fn the_line_replayed_from_the_start_reaches_the_board_whatever_was_undone_or_restarted() {
    use hollowdeep::reactor::script::{parse_actions, run};
    let mut checked = 0;
    for path in level_files().iter().take(8) {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let solution = path.with_file_name(file.replace(".json", ".solution.json"));
        let Ok(text) = std::fs::read_to_string(&solution) else { continue };
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let par: Vec<&str> = json["actions"].as_str().unwrap().split_whitespace().collect();
        // Half the line, a restart, then the whole line with each lengthy action (all but moves:
        // undo takes back the last lengthy action, with the moves after it) undone and redone.
        let mut messy: Vec<&str> = par[..par.len() / 2].to_vec();
        messy.push("restart");
        for a in &par {
            if a.starts_with("move:") {
                messy.push(a);
            } else {
                messy.extend([*a, "undo", *a]);
            }
        }
        let mut game = Game::new(shipped(&file), bal());
        run(&mut game, &parse_actions(&messy.join(" ")).unwrap());
        let line = game.line().expect("played from the start").to_vec();
        assert_eq!(line, parse_actions(&par.join(" ")).unwrap(), "{file}: the line is the par line");
        let mut replayed = Game::new(shipped(&file), bal());
        run(&mut replayed, &line);
        assert_eq!(hash_of(&replayed.level), hash_of(&game.level), "{file}");
        assert_eq!(replayed.lengthy_actions, game.lengthy_actions, "{file}");
        checked += 1;
    }
    assert!(checked >= 5, "{checked} levels checked");
}
