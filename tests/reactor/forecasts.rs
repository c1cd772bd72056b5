//! Forecasts: over copied state, `Pulse +N` timing, every kind the seed lists, terminal-local visibility.

use crate::support::*;
use hollowdeep::reactor::dump;
use hollowdeep::reactor::forecast::{forecast, ForecastKind};

fn kinds(l: &Level) -> Vec<ForecastKind> {
    forecast(l, &bal()).into_iter().map(|f| f.kind).collect()
}

const FIRE: &str = "
    [surface]
    #######
    #t....#
    #######
    [props]
    t terminal
    [level]
    robot 1 1 0 false
";

#[test]
fn terminal_loss_is_forecast_with_its_pulse_and_the_level_turns_critical() {
    let b = bal();
    let mut g = game(FIRE);
    set(&mut g.level, Quantity::Fuel, 4, 1, b.max_surface);
    set(&mut g.level, Quantity::Heat, 4, 1, b.critical(Quantity::Heat) + 0.5);
    hollowdeep::reactor::undo::refresh_forecasts(&mut g.level, &b);
    let before = hash_of(&g.level);
    let fs = forecast(&g.level, &b);
    assert_eq!(hash_of(&g.level), before, "forecasting never mutates the level");
    let loss = fs.iter().find(|f| f.kind == ForecastKind::TerminalLoss).expect("a loss forecast");
    assert!(loss.pulse >= 1 && loss.pulse <= b.forecast_horizon);
    assert!(loss.line().starts_with(&format!("Pulse +{}", loss.pulse)));
    assert_eq!(g.level.state, LevelState::Critical);
    // The loss happens on exactly the forecast pulse.
    for _ in 1..loss.pulse {
        advance(&mut g);
        assert_eq!(g.level.status, Status::Playing);
    }
    advance(&mut g);
    assert_eq!(g.level.status, Status::Lost(LossCause::TerminalHeat));
}

#[test]
fn growing_hazards_are_forecast_when_they_cross_a_band() {
    let b = bal();
    let mut l = level(FIRE);
    set(&mut l, Quantity::Fuel, 4, 1, b.max_surface);
    set(&mut l, Quantity::Heat, 4, 1, b.caution(Quantity::Heat) - 0.5);
    assert!(kinds(&l).contains(&ForecastKind::GrowingHazard));
}

#[test]
fn forecasts_are_visible_only_at_an_active_terminal() {
    let b = bal();
    let mut g = game(FIRE);
    set(&mut g.level, Quantity::Fuel, 4, 1, b.critical(Quantity::Fuel));
    set(&mut g.level, Quantity::Heat, 4, 1, b.caution(Quantity::Heat) * 0.5);
    assert!(dump::visible(&g.level, &b, 0).get("forecasts").is_none());
    g.apply(Command::InteractProp(None));
    let v = dump::visible(&g.level, &b, 0);
    let list = v.get("forecasts").and_then(|f| f.as_array()).expect("forecasts at the terminal");
    assert!(!list.is_empty());
    assert!(list[0]["text"].as_str().unwrap_or("").starts_with("Pulse +"));
}

const WET: &str = "
    [surface]
    #######
    #@....#
    #######
";

#[test]
fn wet_electricity_spread_is_forecast() {
    let b = bal();
    let mut l = level(WET);
    set(&mut l, Quantity::Electricity, 2, 1, b.critical(Quantity::Electricity));
    for x in 3..6 {
        set(&mut l, Quantity::Water, x, 1, b.critical(Quantity::Water));
    }
    let fs = forecast(&l, &b);
    let f = fs.iter().find(|f| f.kind == ForecastKind::WetElectricitySpread).expect("wet spread");
    assert_eq!(f.pulse, 1);
}

const VALVES: &str = "
    [surface]
    ########
    #a.v.c.#
    ########
    [fuel]
    ........
    .=====!.
    ........
    [props]
    a flow fuel on
    v valve fuel open
    c consumer on
    [leaks]
    fuel 6 1 6 1
    [level]
    robot 3 1 0 false
    required 1 0 0
";

#[test]
fn isolation_valve_forecasts_name_shutoff_isolated_leaks_and_service_loss() {
    let l = level(VALVES);
    let k = kinds(&l);
    for want in
        [ForecastKind::ValveBranchShutoff, ForecastKind::ValveIsolatedLeak, ForecastKind::ValveServiceLoss]
    {
        assert!(k.contains(&want), "{want:?} in {k:?}");
    }
    let closed = level(&VALVES.replace("v valve fuel open", "v valve fuel closed"));
    let k = kinds(&closed);
    assert!(k.contains(&ForecastKind::ValveRestoredPressure), "{k:?}");
    // Behind the closed valve the consumer is starved already: what holds is not forecast.
    assert!(!k.contains(&ForecastKind::StarvedRequiredConsumer), "{k:?}");
}

#[test]
fn reactor_ready_is_forecast() {
    let map = "
        [surface]
        ######
        #a.cr#
        ######
        [fuel]
        ......
        .===..
        ......
        [props]
        a flow fuel on
        c consumer on
        r reactor
        [level]
        robot 2 1 0 false
        required 1 0 0
    ";
    // As loaded, before its first pulse resolves the consumer: not ready yet, and ready at +1.
    let loaded = raw(map);
    assert!(!hollowdeep::reactor::state::readiness(&loaded, &bal()));
    assert!(kinds(&loaded).contains(&ForecastKind::ReactorReady));
    // Once it is ready, that is no longer news.
    assert!(!kinds(&level(map)).contains(&ForecastKind::ReactorReady));
}

#[test]
fn sprinkler_pressure_drops_are_forecast() {
    let map = "
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
    ";
    let k = kinds(&level(map));
    assert!(k.contains(&ForecastKind::CoolantPressureDrop), "{k:?}");
}

#[test]
fn weakened_cells_are_forecast_to_leak() {
    let b = bal();
    // Integrity just above the threshold: one pulse of damage takes it below.
    let map = "
        [surface]
        #####
        #a..#
        #####
        [fuel]
        .....
        .==..
        .....
        [props]
        a flow fuel on
        [level]
        robot 2 1 0 false
    ";
    let mut l = raw(map);
    l.under[0].get_mut(Pos::new(1, 1)).expect("cell").integrity = b.leak_threshold + 0.5;
    hollowdeep::reactor::undo::refresh(&mut l, &b);
    let fs = forecast(&l, &b);
    let f = fs.iter().find(|f| f.kind == ForecastKind::IntegrityLeak).expect("a leak forecast");
    assert_eq!(f.pos, Pos::new(1, 1));
    assert_eq!(f.pulse, 1);
}

/// The level a fresh load of this one's saved state derives.
fn fresh(l: &Level) -> Level {
    let loaded = hollowdeep::reactor::schema::load(hollowdeep::reactor::schema::save(l).as_bytes(), &bal());
    loaded.level.unwrap_or_else(|| panic!("the state reloads: {:?}", loaded.issues))
}

#[test]
fn regression_a_losing_move_keeps_no_forecast_of_the_state_before_it() {
    let b = bal();
    let mut g = game(FIRE);
    set(&mut g.level, Quantity::Fuel, 4, 1, b.max_surface);
    set(&mut g.level, Quantity::Heat, 4, 1, b.critical(Quantity::Heat) + 0.5);
    hollowdeep::reactor::undo::refresh_forecasts(&mut g.level, &b);
    g.apply(Command::MoveRobot(Facing::East));
    g.apply(Command::MoveRobot(Facing::East));
    assert!(!g.level.forecasts.is_empty(), "the state before the move forecasts its loss");
    assert_eq!(g.apply(Command::MoveRobot(Facing::East)), Outcome::Moved { lost: true });
    // Derived data is derived, never carried: the same state reloaded has the same forecasts.
    assert_eq!(g.level, fresh(&g.level));
    assert!(g.level.forecasts.is_empty());
    g.undo().expect("the losing move is undone");
    assert_eq!(g.level, fresh(&g.level));
}

#[test]
fn after_any_command_the_derived_data_is_what_a_fresh_load_derives() {
    use hollowdeep::reactor::{script, solution};
    for path in level_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let start = shipped(&name);
        let text = std::fs::read_to_string(path.with_extension("solution.json")).unwrap();
        let mut actions = solution::parse(&text, &start).unwrap();
        // Back out of the win, restart, take the restart back, and walk into anything unsafe.
        actions.extend(script::parse_actions("undo undo restart undo restart").unwrap());
        actions.extend(script::parse_actions("move:E move:E move:E move:E move:E move:S move:S").unwrap());
        let mut g = Game::new(start, bal());
        for (i, a) in actions.iter().enumerate() {
            script::run(&mut g, std::slice::from_ref(a));
            assert_eq!(g.level, fresh(&g.level), "{name}: after action {i} ({})", script::token(a));
        }
    }
}

#[test]
fn a_hazard_that_falls_or_ends_is_forecast_once_and_what_holds_now_never_is() {
    let b = bal();
    let mut l = level(FIRE);
    // Heat at caution with nothing to burn: it cools, and the forecast says so.
    set(&mut l, Quantity::Heat, 4, 1, b.caution(Quantity::Heat) + 0.05);
    let fs = forecast(&l, &b);
    let falls: Vec<_> = fs.iter().filter(|f| f.kind == ForecastKind::FallingHazard).collect();
    assert_eq!(falls.len(), 1, "{fs:?}");
    assert!(falls[0].cause.starts_with("heat falls to") || falls[0].cause.contains("is gone"), "{fs:?}");
    assert!(fs.iter().all(|f| f.kind != ForecastKind::GrowingHazard), "nothing rises: {fs:?}");
}

const READY: &str = "
    [surface]
    ######
    #..cR#
    ######
    [fuel]
    ......
    .====.
    ......
    [props]
    c consumer on
    R reactor
    1,1 flow fuel on
    [level]
    required 1 0 0
";

#[test]
fn a_reactor_already_ready_is_not_forecast_to_become_ready() {
    let b = bal();
    let mut g = game(READY);
    g.apply(Command::MoveRobot(hollowdeep::grid::Facing::East));
    assert_eq!(g.level.state, LevelState::Ready, "fed and producing");
    assert!(!kinds(&g.level).contains(&ForecastKind::ReactorReady), "{:?}", forecast(&g.level, &b));
}
