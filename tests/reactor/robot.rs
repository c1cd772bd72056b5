//! The robot: movement refusals, unsafe entry loss, heat immunity, terminal heat loss, undo and restart.

use crate::support::*;
use hollowdeep::reactor::props::Refusal;

const ROOM: &str = "
    [surface]
    #######
    #@....#
    #.....#
    #######
    [level]
    robot 1 1 0 false
    inventory heat_shield
";

#[test]
fn moves_into_walls_or_off_the_map_are_refused_and_change_nothing() {
    let mut g = game(ROOM);
    let h = hash_of(&g.level);
    assert_eq!(g.apply(Command::MoveRobot(Facing::North)), Outcome::Refused(Refusal::Wall));
    assert_eq!(g.apply(Command::MoveRobot(Facing::West)), Outcome::Refused(Refusal::Wall));
    assert_eq!(hash_of(&g.level), h);
    let mut edge = game(
        "
        [surface]
        @.
    ",
    );
    assert_eq!(edge.apply(Command::MoveRobot(Facing::North)), Outcome::Refused(Refusal::OutOfBounds));
}

#[test]
fn unsafe_entry_loss_on_any_critical_value_or_wet_electricity() {
    let b = bal();
    let cases: Vec<(Vec<(Quantity, f32)>, bool)> = vec![
        (vec![(Quantity::Fuel, b.critical(Quantity::Fuel))], true),
        (vec![(Quantity::Water, b.critical(Quantity::Water))], true),
        (vec![(Quantity::Electricity, b.critical(Quantity::Electricity))], true),
        (vec![(Quantity::Heat, b.critical(Quantity::Heat))], true),
        (
            vec![
                (Quantity::Water, b.caution(Quantity::Water)),
                (Quantity::Electricity, b.caution(Quantity::Electricity)),
            ],
            true,
        ),
        (
            vec![(Quantity::Fuel, b.caution(Quantity::Fuel)), (Quantity::Heat, b.caution(Quantity::Heat))],
            false,
        ),
        (vec![(Quantity::Water, b.caution(Quantity::Water))], false),
    ];
    for (values, loses) in cases {
        let mut g = game(ROOM);
        for (q, v) in &values {
            set(&mut g.level, *q, 2, 1, *v);
        }
        let out = g.apply(Command::MoveRobot(Facing::East));
        assert_eq!(out, Outcome::Moved { lost: loses }, "{values:?}");
        assert_eq!(g.level.status == Status::Lost(LossCause::UnsafeEntry), loses);
        if loses {
            assert_eq!(g.level.state, LevelState::Lost);
            assert_eq!(g.apply(Command::MoveRobot(Facing::West)), Outcome::Refused(Refusal::LevelOver));
            g.undo().expect("a losing move can be undone");
            assert_eq!(g.level.robot.pos, Pos::new(1, 1));
            assert_eq!(g.level.status, Status::Playing);
        }
    }
}

#[test]
fn a_pulse_never_causes_unsafe_entry_loss() {
    let b = bal();
    let mut g = game(ROOM);
    set(&mut g.level, Quantity::Fuel, 1, 1, b.critical(Quantity::Fuel));
    advance(&mut g);
    assert_eq!(g.level.status, Status::Playing);
}

#[test]
fn heat_shield_gives_immunity_to_heat_only_for_its_movement_steps() {
    let b = bal();
    let mut g = game(ROOM);
    assert!(pulsed(&g.apply(Command::ApplyHeatShield)));
    assert!(g.level.inventory.is_empty());
    assert_eq!(g.level.robot.heat_immunity, b.heat_shield_steps - 1, "the shield's pulse spends one step");
    let hot = b.critical(Quantity::Heat);
    for x in 2..=5 {
        set(&mut g.level, Quantity::Heat, x, 1, hot);
    }
    let steps = g.level.robot.heat_immunity;
    for i in 0..steps {
        assert_eq!(g.apply(Command::MoveRobot(Facing::East)), Outcome::Moved { lost: false }, "step {i}");
    }
    assert_eq!(g.level.robot.heat_immunity, 0);
    set(&mut g.level, Quantity::Heat, 1 + steps as i32 + 1, 1, hot);
    let mut g2 = g.clone();
    assert_eq!(g2.apply(Command::MoveRobot(Facing::East)), Outcome::Moved { lost: true }, "immunity spent");
    // Heat immunity does not protect against fuel.
    let mut g = game(ROOM);
    g.apply(Command::ApplyHeatShield);
    set(&mut g.level, Quantity::Fuel, 2, 1, b.critical(Quantity::Fuel));
    assert_eq!(g.apply(Command::MoveRobot(Facing::East)), Outcome::Moved { lost: true });
    assert_eq!(
        game(ROOM.replace("inventory heat_shield", "inventory").as_str()).apply(Command::ApplyHeatShield),
        Outcome::Refused(Refusal::NoItem)
    );
}

const FIRE: &str = "
    [surface]
    #####
    #c..#
    #####
    [props]
    c consumer on
    [level]
    robot 1 1 0 false
";

#[test]
fn terminal_heat_loses_on_the_step_that_reaches_it() {
    let b = bal();
    let mut g = game(FIRE);
    set(&mut g.level, Quantity::Fuel, 3, 1, b.critical(Quantity::Fuel));
    set(&mut g.level, Quantity::Heat, 3, 1, b.terminal_heat - b.ignite_heat * 0.5);
    hollowdeep::reactor::undo::refresh_forecasts(&mut g.level, &b);
    assert_eq!(g.level.state, LevelState::Critical, "heat near terminal");
    let out = g.apply(Command::InteractProp(None));
    let Outcome::Pulsed(report) = out else { panic!("{out:?}") };
    assert_eq!(report.lost_at_step, Some(1));
    assert_eq!(g.level.status, Status::Lost(LossCause::TerminalHeat));
    assert_eq!(g.level.state, LevelState::Lost);
    assert!(refused(&g.apply(Command::InteractProp(None))));
    g.undo().expect("undo works after a loss");
    assert_eq!(g.level.status, Status::Playing);
}

#[test]
fn restart_returns_to_the_loaded_level_and_is_itself_undone() {
    let mut g = game(FIRE);
    let h0 = hash_of(&g.level);
    assert!(pulsed(&g.apply(Command::InteractProp(None))));
    g.apply(Command::MoveRobot(Facing::East));
    let h1 = hash_of(&g.level);
    assert!(g.restart());
    assert_eq!(hash_of(&g.level), h0);
    assert_eq!(g.lengthy_actions, 0, "the start's count");
    assert!(!g.restart(), "a restart at the start is no step");
    // Undo after a restart gives back the state before it, with its metrics.
    g.undo().expect("the restart is undone");
    assert_eq!(hash_of(&g.level), h1);
    assert_eq!(g.lengthy_actions, 1);
    g.undo().expect("then the lengthy action");
    assert_eq!(hash_of(&g.level), h0);
    assert!(g.undo().is_err());
}
