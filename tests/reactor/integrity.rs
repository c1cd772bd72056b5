//! Structural integrity: degradation under high intensity, automatic leak creation and its access
//! order, pressure-fed leak injection, leak access and repair.

use crate::support::*;
use hollowdeep::reactor::level::Difficulty;

const WEAK: &str = "
    [surface]
    ######
    #a...#
    ######
    [fuel]
    ......
    .8=...
    ......
    [props]
    a flow fuel on
    [level]
    robot 2 1 0 false
";

#[test]
fn weakened_cells_degrade_by_excess_intensity_times_damage_scale() {
    let b = bal();
    for d in [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard] {
        let mut g = game(WEAK);
        g.level.difficulty = d;
        let u0 = under(&g.level, Carrier::Fuel, 1, 1);
        assert!(u0.intensity > b.integrity_high_intensity);
        advance(&mut g);
        let want = (u0.integrity - (u0.intensity - b.integrity_high_intensity) * b.damage(d))
            .clamp(0.0, b.max_integrity);
        assert_eq!(under(&g.level, Carrier::Fuel, 1, 1).integrity, want, "{d:?}");
        assert_eq!(
            under(&g.level, Carrier::Fuel, 2, 1).integrity,
            b.max_integrity,
            "max integrity does not weaken"
        );
    }
    assert_eq!(b.damage(Difficulty::Normal), 0.25, "the seed's Normal damage scale");
}

#[test]
fn low_integrity_fed_floor_cells_become_leaks_at_their_own_cell() {
    let b = bal();
    let digit = b.leak_threshold as u32;
    let mut g = game(&WEAK.replace(".8=...", &format!(".{digit}=...")));
    advance(&mut g);
    let u = under(&g.level, Carrier::Fuel, 1, 1);
    assert_eq!(u.structure, Structure::Leaking);
    assert_eq!(g.level.leaks.len(), 1);
    assert_eq!(g.level.leaks[0].access, Pos::new(1, 1));
    advance(&mut g);
    assert_eq!(g.level.leaks.len(), 1, "one leak record per fault");
}

const WALL_ELEC: &str = "
    [surface]
    #####
    #a#.#
    #...#
    #####
    [electricity]
    .....
    .==..
    .....
    .....
    [integrity]
    electricity 2 1 1
    [props]
    a flow electricity on
    [level]
    robot 1 2 0 false
";

#[test]
fn electricity_wall_leaks_take_the_first_floor_face_in_north_east_south_west_order() {
    let mut g = game(WALL_ELEC);
    advance(&mut g);
    assert_eq!(under(&g.level, Carrier::Electricity, 2, 1).structure, Structure::Leaking);
    // North (2, 0) is a wall; east (3, 1) is the first floor face.
    assert_eq!(g.level.leaks[0].access, Pos::new(3, 1));
}

#[test]
fn a_weakened_cell_without_floor_access_stays_intact() {
    let fuel_map = "
        [surface]
        #####
        #a..#
        #####
        [fuel]
        .=...
        .=...
        .....
        [integrity]
        fuel 1 0 1
        [props]
        a flow fuel on
        [level]
        robot 2 1 0 false
    ";
    let mut g = game(fuel_map);
    advance(&mut g);
    let u = under(&g.level, Carrier::Fuel, 1, 0);
    assert_eq!(u.structure, Structure::Intact, "fuel under a wall has no floor access");
    assert!(g.level.leaks.is_empty());
}

const LEAK: &str = "
    [surface]
    ######
    #av..#
    ######
    [fuel]
    ......
    .==!..
    ......
    [props]
    a flow fuel on
    v valve fuel open
    [leaks]
    fuel 3 1 3 1
    [level]
    robot 3 1 0 false
";

#[test]
fn fed_leaks_inject_in_proportion_to_intensity_and_isolation_stops_growth() {
    let b = bal();
    let mut g = game(LEAK);
    let u = under(&g.level, Carrier::Fuel, 3, 1);
    assert!(u.fed());
    advance(&mut g);
    let per_step = b.leak_injection[0] * u.intensity / b.steps_per_pulse as f32;
    let mut want = 0.0f32;
    for _ in 0..b.steps_per_pulse {
        want += per_step;
    }
    assert!(want < b.caution(Quantity::Fuel), "safe fuel stays put, so the sum is exact");
    assert_eq!(val(&g.level, Quantity::Fuel, 3, 1), want);
    // Close the valve: the leak is isolated, nothing new is injected, the fault stays.
    g.apply(Command::MoveRobot(Facing::West));
    g.apply(Command::InteractProp(None));
    let after = val(&g.level, Quantity::Fuel, 3, 1);
    advance(&mut g);
    assert_eq!(val(&g.level, Quantity::Fuel, 3, 1), after);
    assert_eq!(under(&g.level, Carrier::Fuel, 3, 1).structure, Structure::Leaking);
}

#[test]
fn repair_restores_integrity_and_leaves_hazards() {
    let b = bal();
    let mut g = game(LEAK);
    advance(&mut g);
    let fuel = val(&g.level, Quantity::Fuel, 3, 1);
    assert!(pulsed(&g.apply(Command::InteractLeak(None, LeakAction::Repair))));
    let u = under(&g.level, Carrier::Fuel, 3, 1);
    assert_eq!(u.structure, Structure::Intact);
    assert_eq!(u.integrity, b.max_integrity);
    assert!(g.level.leaks[0].repaired);
    assert_eq!(val(&g.level, Quantity::Fuel, 3, 1), fuel, "repair cleans nothing, and injects no more");
}

#[test]
fn leaks_are_reached_only_from_their_access_cell() {
    let mut g = game(LEAK);
    g.apply(Command::MoveRobot(Facing::East));
    assert_eq!(
        g.apply(Command::InteractLeak(None, LeakAction::Repair)),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::NoLeak)
    );
    let mut g = game(WALL_ELEC);
    advance(&mut g);
    g.level.robot.pos = Pos::new(3, 1);
    assert!(pulsed(&g.apply(Command::InteractLeak(Some(Pos::new(2, 1)), LeakAction::Repair))));
}

#[test]
fn regression_an_existing_leak_keeps_its_integrity_until_repaired() {
    // The seed: "existing leaks keep their current integrity until repaired". A fuel leak fed at
    // 7.5 used to go 4.0, 3.375, 2.75 over two pulses.
    let b = bal();
    let mut g = game(
        "
        [surface]
        #####
        #a..#
        #####
        [fuel]
        .....
        .=!..
        .....
        [props]
        a flow fuel on
        [leaks]
        fuel 2 1 2 1
        [integrity]
        fuel 2 1 4
        [level]
        robot 3 1 0 false
        ",
    );
    let u = under(&g.level, Carrier::Fuel, 2, 1);
    assert_eq!(u.structure, Structure::Leaking);
    assert!(u.intensity > b.integrity_high_intensity, "fed above the damage threshold: {}", u.intensity);
    for _ in 0..2 {
        advance(&mut g);
        assert_eq!(under(&g.level, Carrier::Fuel, 2, 1).integrity, 4.0);
    }
    // An electricity wall leak too, once it has opened.
    let mut g = game(WALL_ELEC);
    advance(&mut g);
    let opened = under(&g.level, Carrier::Electricity, 2, 1);
    assert_eq!(opened.structure, Structure::Leaking);
    assert!(opened.intensity > b.integrity_high_intensity);
    for _ in 0..2 {
        advance(&mut g);
        assert_eq!(under(&g.level, Carrier::Electricity, 2, 1).integrity, opened.integrity);
    }
    // Repair still restores it to max.
    g.level.robot.pos = Pos::new(3, 1);
    assert!(pulsed(&g.apply(Command::InteractLeak(Some(Pos::new(2, 1)), LeakAction::Repair))));
    assert_eq!(under(&g.level, Carrier::Electricity, 2, 1).integrity, b.max_integrity);
}
