//! Validation: every error and warning of the seed's lists, each found with its cell.

use crate::support::*;
use hollowdeep::reactor::validate::{validate, Severity};

/// A small valid level that the cases below break one way each.
const BASE: &str = "
    [surface]
    #######
    #a.c.r#
    #.....#
    #######
    [fuel]
    .......
    .=====.
    .......
    .......
    [props]
    a flow fuel on
    c consumer on
    r reactor
    [level]
    robot 2 2 0 false
    required 1 0 0
";

#[test]
fn the_base_level_has_no_errors() {
    let l = raw(BASE);
    let found = validate(&l, &bal());
    assert!(found.iter().all(|i| i.severity() == Severity::Warning), "{found:?}");
}

#[test]
fn warnings_are_listed_beside_errors_but_not_for_a_level_off_its_map() {
    // More required consumers than can exist (an error) and a supply nothing calls for (a warning).
    let map = BASE
        .replace("#.....#", "#s....#")
        .replace("r reactor", "r reactor\n    s supply heat_shield")
        .replace("required 1 0 0", "required 3 0 0");
    let mut l = raw(&map);
    let kinds: Vec<IssueKind> = validate(&l, &bal()).iter().map(|i| i.kind).collect();
    assert!(kinds.contains(&IssueKind::RequiredCounts), "{kinds:?}");
    assert!(kinds.contains(&IssueKind::UnusedSupply), "{kinds:?}");
    l.robot.pos = Pos::new(40, 40);
    let kinds: Vec<IssueKind> = validate(&l, &bal()).iter().map(|i| i.kind).collect();
    assert!(kinds.contains(&IssueKind::RobotPlacement), "{kinds:?}");
    assert!(kinds.iter().all(|k| k.severity() == Severity::Error), "{kinds:?}");
}

fn has(map: &str, kind: IssueKind) {
    let l = raw(map);
    let found = validate(&l, &bal());
    let hit = found.iter().find(|i| i.kind == kind);
    assert!(hit.is_some(), "expected {kind:?} in {:?}", found.iter().map(|i| i.line()).collect::<Vec<_>>());
    assert!(!hit.map(|i| i.message.is_empty()).unwrap_or(true));
    assert_eq!(hit.map(|i| i.severity()), Some(kind.severity()));
}

#[test]
fn every_validation_error_is_reported() {
    has(&BASE.replace("robot 2 2 0 false", "robot 0 0 0 false"), IssueKind::RobotPlacement);
    has(&format!("{BASE}\n[values]\n0 0 fuel=1"), IssueKind::WallHazard);
    has(&format!("{BASE}\n[props]\n0,1 terminal"), IssueKind::PropTerrain);
    has(&BASE.replace("required 1 0 0", "required 2 0 0"), IssueKind::RequiredCounts);
    let door = BASE.replace("c consumer on", "c door open");
    has(&door, IssueKind::DoorCell);
    let door_no_power = "
        [surface]
        #####
        #@d.#
        #####
        [props]
        d door open
    ";
    has(door_no_power, IssueKind::DoorWithoutElectricity);
    has(&format!("{BASE}\n[leaks]\nfuel 3 1 3 2"), IssueKind::LeakAccess);
    has(&format!("{BASE}\n[leaks]\nelectricity 3 1 3 2"), IssueKind::LeakAccess);
    let sprinkler = "
        [surface]
        #S###
        #@..#
        #####
        [props]
        S sprinkler on 1 1
    ";
    has(sprinkler, IssueKind::SprinklerWithoutCoolant);
    let bad_outlet = "
        [surface]
        #S###
        #@..#
        #####
        [coolant]
        .=...
        .=...
        .....
        [props]
        S sprinkler on 2 1
    ";
    has(bad_outlet, IssueKind::SprinklerOutlet);
    has(&BASE.replace("c consumer on", "c valve coolant open"), IssueKind::ValveCarrier);
    has(
        &BASE
            .replace("c consumer on", "c junction 0")
            .replace("[props]", "[coolant]\n.......\n...=...\n.......\n.......\n[props]"),
        IssueKind::JunctionCarrier,
    );
    has(&BASE.replace("c consumer on", "c junction 0"), IssueKind::JunctionAmbiguous);
    let looped = "
        [surface]
        #######
        #a.j.b#
        ###.###
        #######
        [fuel]
        .......
        .=====.
        ...=...
        .......
        [props]
        a flow fuel on
        b flow fuel on
        j junction 0
        [level]
        robot 2 1 0 false
    ";
    has(looped, IssueKind::JunctionLoop);
    has(&BASE.replace("c consumer on", "c junction 99"), IssueKind::Malformed);
}

#[test]
fn every_validation_warning_is_reported() {
    let unreachable = "
        [surface]
        #######
        #@#c..#
        #######
        [props]
        c consumer on
    ";
    has(unreachable, IssueKind::UnreachableConsumer);
    has(&format!("{BASE}\n[coolant]\n.......\n.......\n..=....\n......."), IssueKind::NoSourcePath);
    has(&BASE.replace("a flow fuel on", "a flow fuel off"), IssueKind::StarvedRequiredConsumer);
    has(&BASE.replace("a flow fuel on", "a flow fuel off"), IssueKind::UnreadyReactor);
    has(
        &BASE
            .replace("c consumer on", "c valve fuel open")
            .replace("required 1 0 0", "required 0 0 0")
            .replace(".=====.", ".===..."),
        IssueKind::ValveNoDistinction,
    );
    has(&BASE.replace("r reactor", "r reactor\n1,2 supply fuel_neutralizer"), IssueKind::UnusedSupply);
    let dry_sprinkler = "
        [surface]
        #S###
        #@..#
        #####
        [coolant]
        .=...
        .=...
        .....
        [props]
        S sprinkler on 1 1
        [level]
        robot 2 1 0 false
    ";
    has(dry_sprinkler, IssueKind::SprinklerNoTarget);
    has(&format!("{BASE}\n[values]\n4 2 fuel=5"), IssueKind::HazardWithoutRemedy);
}

#[test]
fn issues_carry_their_coordinates() {
    let l = raw(&BASE.replace("robot 2 2 0 false", "robot 0 0 0 false"));
    let found = validate(&l, &bal());
    let i = found.iter().find(|i| i.kind == IssueKind::RobotPlacement).expect("found");
    assert_eq!(i.pos, Some(Pos::new(0, 0)));
    assert!(i.line().contains("(0, 0)"));
}

#[test]
fn regression_a_level_that_starts_at_terminal_heat_is_refused_naming_the_cell() {
    // It used to validate and load as playing, lost to the first step of the first pulse.
    let b = bal();
    let hot = format!("{}[values]\n    4 2 heat={}\n", BASE, b.terminal_heat);
    let l = raw(&hot);
    let found = validate(&l, &b);
    let hit = found.iter().find(|i| i.kind == IssueKind::TerminalHeat).expect("refused");
    assert_eq!(hit.pos, Some(Pos::new(4, 2)));
    assert_eq!(hit.severity(), Severity::Error);
    let text = hollowdeep::reactor::schema::save(&l);
    let loaded = hollowdeep::reactor::schema::load(text.as_bytes(), &b);
    assert!(loaded.level.is_none(), "it does not load");
    let sentence = loaded.refusal("hot.json").expect("a refusal");
    assert!(sentence.contains("at (4, 2)") && sentence.contains("terminal heat"), "{sentence}");
    // Just below it, it plays; and a level already lost there is a lost level, not a refusal.
    let warm = raw(&format!("{}[values]\n    4 2 heat={}\n", BASE, b.terminal_heat - 0.5));
    assert!(validate(&warm, &b).iter().all(|i| i.kind != IssueKind::TerminalHeat));
    let mut lost = l.clone();
    lost.status = Status::Lost(LossCause::TerminalHeat);
    assert!(validate(&lost, &b).iter().all(|i| i.kind != IssueKind::TerminalHeat));
}

/// Two strips of 13 fuel hazard cells (rows 2 and 3) and one electricity hazard at (5, 1), nothing
/// to remedy either: one problem per quantity, however many cells share it.
fn two_strips() -> Level {
    let b = bal();
    let mut map = String::from("[surface]\n###############\n#@............#\n");
    map.push_str("#.............#\n#.............#\n###############\n[values]\n");
    for y in 2..4 {
        for x in 1..14 {
            map.push_str(&format!("{x} {y} fuel={}\n", b.critical(Quantity::Fuel)));
        }
    }
    map.push_str(&format!("5 1 electricity={}\n", b.critical(Quantity::Electricity)));
    raw(&map)
}

#[test]
fn regression_identical_warnings_are_one_issue_that_lists_its_cells() {
    // It used to be 26 identical lines, one per fuel hazard cell.
    let found = validate(&two_strips(), &bal());
    let remedy: Vec<_> = found.iter().filter(|i| i.kind == IssueKind::HazardWithoutRemedy).collect();
    assert_eq!(remedy.len(), 2, "{remedy:#?}");
    let fuel = remedy.iter().find(|i| i.message.contains("fuel")).expect("the fuel hazards");
    let strips: Vec<Pos> = (2..4).flat_map(|y| (1..14).map(move |x| Pos::new(x, y))).collect();
    assert_eq!(fuel.cells, strips, "every cell, in row order");
    assert_eq!(fuel.pos, Some(Pos::new(1, 2)), "the first cell is the issue's cell");
    assert_eq!(
        fuel.line(),
        "warning: a fuel hazard has no remedy supply or sprinkler in the level, at 26 cells: \
         (1, 2), (2, 2), (3, 2), (4, 2) and 22 more"
    );
    let shock = remedy.iter().find(|i| i.message.contains("electricity")).expect("the electricity one");
    assert_eq!(shock.cells, vec![Pos::new(5, 1)]);
    assert_eq!(
        shock.line(),
        "warning at (5, 1): an electricity hazard has no remedy supply or sprinkler in the level"
    );
    // Every fuel cell is still found at its own cell (the editor's inspector and outlines).
    assert!(strips.iter().all(|p| fuel.at(*p)) && !fuel.at(Pos::new(5, 1)));
    assert!(
        fuel.line_at(Pos::new(7, 3)).starts_with("warning at (7, 3): a fuel hazard"),
        "{}",
        fuel.line_at(Pos::new(7, 3))
    );
    // An unsourced network is one warning too, not one per cell.
    let l = raw(&format!("{BASE}\n[coolant]\n.......\n.===...\n..=....\n......."));
    let unsourced: Vec<_> =
        validate(&l, &bal()).into_iter().filter(|i| i.kind == IssueKind::NoSourcePath).collect();
    assert_eq!(unsourced.len(), 1, "{unsourced:#?}");
    assert_eq!(unsourced[0].cells.len(), 4);
}

#[test]
fn validate_prints_one_short_line_per_problem() {
    let path = std::env::temp_dir().join(format!("reactor-grouped-{}.json", std::process::id()));
    std::fs::write(&path, hollowdeep::reactor::schema::save(&two_strips())).expect("written");
    let out = validate_cli(&path);
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "warnings do not fail validation: {stdout}");
    let hazards: Vec<&str> = stdout.lines().filter(|l| l.contains("hazard")).collect();
    assert_eq!(hazards.len(), 2, "{stdout}");
    for line in stdout.lines() {
        assert!(line.chars().count() <= hollowdeep::reactor::bounds::MAX_LINE, "{line}");
    }
}
