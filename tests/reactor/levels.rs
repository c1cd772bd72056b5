//! The campaign's levels as a whole: a tutorial and six groups of at least two, file names in
//! campaign order, each level won by its committed solution in exactly its recorded par, and every
//! level after the tutorial opening with a real choice (the seed's authoring rule).

use super::support::*;
use hollowdeep::reactor::campaign::{Campaign, Entry};
use hollowdeep::reactor::{dump, hazards, schema, script, solution};
use std::collections::VecDeque;
use std::path::PathBuf;

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/reactor")
}

fn campaign() -> Campaign {
    Campaign::parse(&std::fs::read_to_string(assets().join("campaign.json")).unwrap()).expect("the campaign")
}

fn load(e: &Entry) -> Level {
    let bytes = std::fs::read(assets().join(&e.file)).expect("a level file");
    schema::load(&bytes, &bal()).level.unwrap_or_else(|| panic!("{} loads", e.file))
}

#[test]
fn the_campaign_is_a_tutorial_then_six_groups_of_two_or_more_in_file_order() {
    let c = campaign();
    assert_eq!(c.groups.len(), 7, "a tutorial and the seed's six groups");
    assert!(!c.groups[0].levels.is_empty(), "the tutorial has a level");
    for g in &c.groups[1..] {
        assert!(g.levels.len() >= 2, "group {:?} has fewer than two levels", g.name);
        assert!(!g.teaches.is_empty(), "group {:?} says what it teaches", g.name);
    }
    let files: Vec<&str> = c.entries().map(|(_, e)| e.file.as_str()).collect();
    assert!(files.len() >= 13, "13 or more levels, found {}", files.len());
    for (i, f) in files.iter().enumerate() {
        let number: usize = f.split('-').next().and_then(|n| n.parse().ok()).unwrap_or(0);
        assert_eq!(number, i + 1, "{f} is not numbered in campaign order");
    }
}

#[test]
fn every_level_is_won_by_its_committed_solution_in_exactly_its_par() {
    for (_, e) in campaign().entries() {
        let level = load(e);
        let stem = e.file.trim_end_matches(".json");
        let text = std::fs::read_to_string(assets().join(format!("{stem}.solution.json")))
            .unwrap_or_else(|_| panic!("{stem} has a committed solution"));
        let actions = solution::parse(&text, &level).unwrap_or_else(|err| panic!("{stem}: {err}"));
        let mut game = Game::new(level, bal());
        let log = script::run(&mut game, &actions);
        assert!(!log.iter().any(|l| l.contains("refused")), "{stem}: a refused action: {log:?}");
        assert_eq!(game.level.status, Status::Won, "{stem} is not won by its solution");
        let lengthy = log.iter().filter(|l| l.contains(": pulse ")).count() as u32;
        assert_eq!(lengthy, e.par, "{stem}: the solution's lengthy actions and the recorded par differ");
    }
}

/// Floor cells the robot can walk to from its start without entering an unsafe cell.
fn reachable(level: &Level) -> Vec<Pos> {
    let b = bal();
    let mut seen = vec![level.robot.pos];
    let mut queue = VecDeque::from([level.robot.pos]);
    while let Some(p) = queue.pop_front() {
        for f in Facing::ALL {
            let (dx, dy) = f.delta();
            let n = p.offset(dx, dy);
            if level.is_floor(n) && !seen.contains(&n) && !hazards::unsafe_cell(level, &b, n, false) {
                seen.push(n);
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Every lengthy action the robot can take first, each with the cell it is taken from.
fn first_actions(level: &Level) -> Vec<(Pos, Command)> {
    let cells = reachable(level);
    let mut out = Vec::new();
    for p in &level.props {
        let from = match p.kind {
            PropKind::Sprinkler { outlet, .. } => outlet,
            _ => p.pos,
        };
        if !cells.contains(&from) {
            continue;
        }
        let cmd = match p.kind {
            PropKind::Reactor => Command::ActivateReactor,
            _ => Command::InteractProp(Some(p.pos)),
        };
        out.push((from, cmd));
    }
    for l in level.leaks.iter().filter(|l| !l.repaired && cells.contains(&l.access)) {
        out.push((l.access, Command::InteractLeak(Some(l.under), LeakAction::Repair)));
    }
    out
}

#[test]
fn every_level_after_the_tutorial_opens_with_two_first_actions_that_read_differently() {
    let c = campaign();
    for (g, e) in c.entries() {
        if g == 0 {
            continue;
        }
        let start = Game::new(load(e), bal());
        let mut seen: Vec<(String, serde_json::Value)> = Vec::new();
        for (from, cmd) in first_actions(&start.level) {
            let mut game = start.clone();
            game.level.robot.pos = from;
            if !matches!(game.apply(cmd), Outcome::Pulsed(_)) {
                continue;
            }
            assert_ne!(game.level.status, Status::Won, "{}: won by one lengthy action ({cmd:?})", e.file);
            if matches!(game.level.status, Status::Lost(_)) {
                continue;
            }
            let mut view = dump::visible(&game.level, &game.balance, 0);
            if let Some(o) = view.as_object_mut() {
                o.remove("robot");
            }
            if !seen.iter().any(|(_, v)| *v == view) {
                seen.push((format!("{cmd:?}"), view));
            }
        }
        assert!(
            seen.len() >= 2,
            "{}: fewer than two first lengthy actions lead to different visible states: {:?}",
            e.file,
            seen.iter().map(|s| &s.0).collect::<Vec<_>>()
        );
    }
}
