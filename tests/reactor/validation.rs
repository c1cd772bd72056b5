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
