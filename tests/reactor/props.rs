//! Props: multi-service consumers, reactor readiness and activation, doors, terminals, supplies.

use crate::support::*;
use hollowdeep::reactor::{dump, state};

const MULTI: &str = "
    [surface]
    #######
    #a.c.e#
    #######
    [fuel]
    .......
    .====..
    .......
    [coolant]
    .......
    ...=...
    .......
    [props]
    a flow fuel on
    c consumer on
    e consumer on
    [level]
    robot 3 1 0 false
";

#[test]
fn multi_service_consumer_derives_one_state_per_present_layer() {
    let mut g = game(MULTI);
    let c = prop(&g.level, 3, 1);
    assert_eq!(c.service[Carrier::Fuel as usize], Service::Producing);
    assert_eq!(c.service[Carrier::Coolant as usize], Service::Starved, "no coolant source reaches it");
    assert_eq!(c.service[Carrier::Electricity as usize], Service::Absent);
    assert_eq!(prop(&g.level, 5, 1).service, [Service::Absent; 3], "a consumer on no layer serves nothing");
    assert_eq!(hollowdeep::reactor::props::producing_counts(&g.level), [1, 0, 0]);
    g.apply(Command::InteractProp(None));
    let c = prop(&g.level, 3, 1);
    assert_eq!(c.service[0], Service::Disabled);
    assert_eq!(c.service[1], Service::Disabled);
    assert_eq!(hollowdeep::reactor::props::producing_counts(&g.level), [0, 0, 0]);
}

const REACTOR: &str = "
    [surface]
    ########
    #a.c.r.#
    ########
    [fuel]
    ........
    .=====..
    ........
    [props]
    a flow fuel on
    c consumer off
    r reactor
    [level]
    robot 3 1 0 false
    required 1 0 0
";

#[test]
fn reactor_readiness_needs_required_producing_consumers_and_a_fed_control() {
    let b = bal();
    let mut g = game(REACTOR);
    assert!(!state::readiness(&g.level, &b));
    assert_eq!(g.level.state, LevelState::Caution, "required service missing");
    assert_eq!(
        g.apply(Command::ActivateReactor),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::NotAtReactor)
    );
    g.apply(Command::InteractProp(None));
    assert!(state::readiness(&g.level, &b));
    assert_eq!(g.level.state, LevelState::Ready);
    g.apply(Command::MoveRobot(Facing::East));
    g.apply(Command::MoveRobot(Facing::East));
    assert!(pulsed(&g.apply(Command::ActivateReactor)));
    assert_eq!(g.level.status, Status::Won);
    assert_eq!(g.level.state, LevelState::Won);
    assert!(refused(&g.apply(Command::MoveRobot(Facing::West))), "after Won only undo and restart work");
}

#[test]
fn an_unfed_layer_under_the_reactor_blocks_readiness_without_losing() {
    let b = bal();
    let map =
        REACTOR.replace("a flow fuel on", "a flow fuel off").replace("required 1 0 0", "required 0 0 0");
    let mut g = game(&map);
    assert!(!state::readiness(&g.level, &b));
    g.apply(Command::MoveRobot(Facing::East));
    g.apply(Command::MoveRobot(Facing::East));
    assert_eq!(
        g.apply(Command::ActivateReactor),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::NotReady)
    );
    assert_eq!(g.level.status, Status::Playing);
}

const DOOR: &str = "
    [surface]
    #######
    #a.d..#
    #######
    [electricity]
    .......
    .===...
    .......
    [props]
    a flow electricity on
    d door open
    [values]
    2 1 heat=8
    [level]
    robot 3 1 0 false
";

#[test]
fn powered_door_toggles_and_an_unpowered_one_refuses() {
    let mut g = game(DOOR);
    assert!(pulsed(&g.apply(Command::InteractProp(None))));
    assert_eq!(prop(&g.level, 3, 1).kind, PropKind::Door { open: false });
    let mut g = game(&DOOR.replace("a flow electricity on", "a flow electricity off"));
    let h = hash_of(&g.level);
    assert_eq!(
        g.apply(Command::InteractProp(None)),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::DoorUnpowered)
    );
    assert_eq!(hash_of(&g.level), h, "a refusal changes nothing");
}

#[test]
fn a_closed_door_blocks_surface_flow_across_its_corridor() {
    let mut open = game(DOOR);
    let mut shut = game(&DOOR.replace("d door open", "d door closed"));
    advance(&mut open);
    advance(&mut shut);
    assert!(val(&open.level, Quantity::Heat, 3, 1) > 0.0, "heat flows through an open door");
    assert_eq!(val(&shut.level, Quantity::Heat, 3, 1), 0.0);
    assert_eq!(val(&shut.level, Quantity::Heat, 4, 1), 0.0);
    assert!(val(&shut.level, Quantity::Heat, 1, 1) > 0.0, "the other side still spreads");
}

#[test]
fn a_door_keeps_its_state_when_power_is_lost() {
    let mut g = game(&DOOR.replace("d door open", "d door closed"));
    if let PropKind::Flow { enabled, .. } = &mut g.level.props[0].kind {
        *enabled = false;
    }
    advance(&mut g);
    assert_eq!(prop(&g.level, 3, 1).kind, PropKind::Door { open: false });
    assert!(refused(&g.apply(Command::InteractProp(None))));
}

const TERMINAL: &str = "
    [surface]
    ######
    #t..s#
    ######
    [props]
    t terminal
    s supply heat_shield
    [level]
    robot 1 1 0 false
";

#[test]
fn terminal_activation_is_lengthy_and_viewing_is_local() {
    let b = bal();
    let mut g = game(TERMINAL);
    assert!(refused(&g.apply(Command::ViewLayers)));
    assert!(dump::visible(&g.level, &b, 0).get("forecasts").is_none());
    let p0 = g.level.pulse;
    assert!(pulsed(&g.apply(Command::InteractProp(None))));
    assert_eq!(g.level.pulse, p0 + 1);
    assert_eq!(g.apply(Command::ViewLayers), Outcome::Quick);
    assert!(dump::visible(&g.level, &b, 0).get("underground").is_some());
    g.apply(Command::MoveRobot(Facing::East));
    g.apply(Command::MoveRobot(Facing::West));
    assert!(refused(&g.apply(Command::ViewLayers)), "leaving ends the activation");
}

#[test]
fn quick_actions_never_pulse() {
    let mut g = game(TERMINAL);
    let p0 = g.level.pulse;
    g.apply(Command::Inspect(Pos::new(2, 1)));
    g.apply(Command::MoveRobot(Facing::East));
    g.apply(Command::MoveRobot(Facing::West));
    assert_eq!(g.level.pulse, p0);
}

#[test]
fn supplies_are_single_use_and_respect_inventory_capacity() {
    let b = bal();
    let mut g = game(TERMINAL);
    for _ in 0..3 {
        g.apply(Command::MoveRobot(Facing::East));
    }
    assert!(pulsed(&g.apply(Command::InteractProp(None))));
    assert_eq!(g.level.inventory, vec![Item::HeatShield]);
    assert_eq!(prop(&g.level, 4, 1).kind, PropKind::Supply { item: Item::HeatShield, depleted: true });
    assert_eq!(
        g.apply(Command::InteractProp(None)),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::SupplyDepleted)
    );
    let mut g = game(TERMINAL);
    g.level.inventory = vec![Item::FuelNeutralizer; b.inventory_capacity];
    for _ in 0..3 {
        g.apply(Command::MoveRobot(Facing::East));
    }
    assert_eq!(
        g.apply(Command::InteractProp(None)),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::InventoryFull)
    );
}
