//! Network flow: inferred connectivity, falloff, isolation valve branch blocking, junction ratios,
//! sprinkler pressure drops.

use crate::support::*;

const LINE: &str = "
    [surface]
    #######
    #a....#
    #.....#
    #######
    [fuel]
    .......
    .====..
    .....=.
    .......
    [props]
    a flow fuel on
    [level]
    robot 2 1 0 false
";

#[test]
fn inferred_connectivity_follows_cardinal_adjacency_with_falloff() {
    let b = bal();
    let l = level(LINE);
    let (sa, si) = b.source(Carrier::Fuel);
    for d in 0..4 {
        let u = under(&l, Carrier::Fuel, 1 + d, 1);
        let mut a = sa;
        let mut v = si;
        for _ in 0..d {
            a -= b.falloff_amount[0];
            v -= b.falloff_intensity[0];
        }
        assert_eq!(u.amount, a, "amount at distance {d}");
        assert_eq!(u.intensity, v, "intensity at distance {d}");
    }
    // (5, 2) touches (4, 1) only diagonally: not connected.
    assert!(!under(&l, Carrier::Fuel, 5, 2).fed());
    assert!(issues(LINE).contains(&IssueKind::NoSourcePath));
}

#[test]
fn a_disabled_flow_prop_feeds_nothing() {
    let l = level(&LINE.replace("a flow fuel on", "a flow fuel off"));
    assert!(l.under[0].as_slice().iter().all(|u| u.amount == 0.0 && u.intensity == 0.0));
}

const VALVE: &str = "
    [surface]
    #######
    #@v.c.#
    #######
    [fuel]
    .......
    .=====.
    .......
    [props]
    v valve fuel open
    c consumer on
    1,1 flow fuel on
    [level]
    robot 2 1 0 false
";

#[test]
fn isolation_valve_blocks_its_downstream_branch() {
    let mut g = game(VALVE);
    assert!(under(&g.level, Carrier::Fuel, 4, 1).fed());
    assert_eq!(prop(&g.level, 4, 1).service[0], Service::Producing);
    let out = g.apply(Command::InteractProp(None));
    assert!(pulsed(&out));
    assert_eq!(prop(&g.level, 2, 1).kind, PropKind::Valve { carrier: Carrier::Fuel, open: false });
    for x in 2..=5 {
        assert!(!under(&g.level, Carrier::Fuel, x, 1).fed(), "cell {x} is cut off");
    }
    assert!(under(&g.level, Carrier::Fuel, 1, 1).fed(), "upstream keeps its feed");
    assert_eq!(prop(&g.level, 4, 1).service[0], Service::Starved);
    g.apply(Command::InteractProp(None));
    assert!(under(&g.level, Carrier::Fuel, 5, 1).fed(), "reopening restores the branch");
}

const JUNCTION: &str = "
    [surface]
    #######
    ###.###
    #a.j.##
    ###.###
    #######
    [fuel]
    .......
    ...=...
    .====..
    ...=...
    .......
    [props]
    a flow fuel on
    j junction 0
    [level]
    robot 3 2 0 false
";

fn expected_branch(at_junction: f32, w: f32, max: f32, fall: f32) -> f32 {
    (at_junction * (w / max) - fall).max(0.0)
}

#[test]
fn junction_ratio_modes_divide_amount_and_intensity_across_outgoing_branches() {
    let b = bal();
    let mut g = game(JUNCTION);
    assert!(issues(JUNCTION)
        .iter()
        .all(|k| !matches!(k, IssueKind::JunctionAmbiguous | IssueKind::JunctionLoop)));
    for mode in 0..b.junction_modes.len() {
        let l = &g.level;
        let j = under(l, Carrier::Fuel, 3, 2);
        let row = b.junction_modes[mode];
        let max = row.iter().copied().fold(0.0f32, f32::max);
        // Incoming from the west: outgoing clockwise from north are N, E, S.
        for (k, (x, y)) in [(3, 1), (4, 2), (3, 3)].into_iter().enumerate() {
            let u = under(l, Carrier::Fuel, x, y);
            if max > 0.0 {
                assert_eq!(
                    u.amount,
                    expected_branch(j.amount, row[k], max, b.falloff_amount[0]),
                    "mode {mode} branch {k}"
                );
                assert_eq!(u.intensity, expected_branch(j.intensity, row[k], max, b.falloff_intensity[0]));
            }
        }
        let out = g.apply(Command::InteractProp(None));
        assert!(pulsed(&out));
        assert_eq!(
            prop(&g.level, 3, 2).kind,
            PropKind::Junction { mode: ((mode + 1) % b.junction_modes.len()) as u32 }
        );
    }
}

#[test]
fn a_zero_weight_branch_receives_nothing() {
    let b = bal();
    let zero = b.junction_modes.iter().position(|m| m[1] == 0.0).expect("a mode with a zero second weight");
    let l = level(&JUNCTION.replace("j junction 0", &format!("j junction {zero}")));
    assert!(!under(&l, Carrier::Fuel, 4, 2).fed());
}

const SPRINKLER: &str = "
    [surface]
    ##S########
    #.........#
    ###########
    [coolant]
    ..=........
    .=======...
    ...........
    [props]
    S sprinkler off 2 1
    1,1 flow coolant on
    7,1 consumer on
    [level]
    robot 2 1 0 false
    required 0 1 0
";

#[test]
fn coolant_pressure_drops_along_the_sprinkler_branch_and_recovers_when_closed() {
    let b = bal();
    let mut g = game(SPRINKLER);
    let before = under(&g.level, Carrier::Coolant, 7, 1).intensity;
    assert_eq!(prop(&g.level, 7, 1).service[1], Service::Producing);
    let out = g.apply(Command::InteractProp(None));
    assert!(pulsed(&out), "{out:?}");
    let after = under(&g.level, Carrier::Coolant, 7, 1).intensity;
    assert_eq!(after, (before - b.sprinkler_pressure_drop).max(0.0));
    let supplied = hollowdeep::reactor::props::supplied(
        &b,
        Carrier::Coolant,
        under(&g.level, Carrier::Coolant, 7, 1).amount,
        after,
    );
    assert!(!supplied);
    assert_eq!(prop(&g.level, 7, 1).service[1], Service::Starved);
    assert!(g.level.state != LevelState::Ready);
    g.apply(Command::InteractProp(None));
    assert_eq!(under(&g.level, Carrier::Coolant, 7, 1).intensity, before);
    assert_eq!(prop(&g.level, 7, 1).service[1], Service::Producing);
}

#[test]
fn sprinkler_discharge_never_repairs_or_disables_the_network() {
    let mut g = game(SPRINKLER);
    g.apply(Command::InteractProp(None));
    assert!(g.level.under[1]
        .as_slice()
        .iter()
        .filter(|u| u.present())
        .all(|u| u.structure == Structure::Intact));
    assert!(under(&g.level, Carrier::Coolant, 1, 1).fed());
}

#[test]
fn wall_mounted_sprinkler_discharges_onto_its_outlet_only_while_fed() {
    let b = bal();
    let mut g = game(SPRINKLER);
    assert!(pulsed(&g.apply(Command::InteractProp(None))));
    assert!(prop(&g.level, 2, 0).fed);
    assert!(val(&g.level, Quantity::Water, 2, 1) > 0.0, "water on the outlet");
    assert!(
        g.level.surface.get(Pos::new(2, 0)).map(|s| s.is_clear()).unwrap_or(false),
        "the wall holds nothing"
    );
    let per_step = b.sprinkler_discharge / b.steps_per_pulse as f32;
    assert!(val(&g.level, Quantity::Water, 2, 1) <= per_step * b.steps_per_pulse as f32);
    // Without coolant feed, an enabled sprinkler discharges nothing.
    let mut dry = game(
        &SPRINKLER
            .replace("1,1 flow coolant on", "1,1 flow coolant off")
            .replace("S sprinkler off", "S sprinkler on"),
    );
    advance(&mut dry);
    assert!(!prop(&dry.level, 2, 0).fed);
    assert_eq!(val(&dry.level, Quantity::Water, 2, 1), 0.0);
}
