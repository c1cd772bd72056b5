//! Surface hazards: every pair-table cell (read from the table), coolant mitigation before ignition,
//! evaporation, wet-electricity spread, remedies.

use crate::support::*;
use hollowdeep::reactor::hazards::{self, band, verb, Band, Cell, Verb};
use hollowdeep::reactor::pulse;

/// One floor cell walled in: same-cell verbs only.
const ONE: &str = "
    [surface]
    ###
    #@#
    ###
";

/// Two floor cells side by side: neighbour verbs.
const TWO: &str = "
    [surface]
    ####
    #@.#
    ####
";

fn floor_and_doors(l: &Level) -> (Vec<bool>, hazards::DoorEdges) {
    (hazards::floor_mask(l), hazards::door_edges(l))
}

/// Runs only the interaction phases (4–7) once.
fn interact(l: &mut Level) {
    let b = bal();
    let (floor, doors) = floor_and_doors(l);
    let mut delta = Vec::new();
    hazards::interact(l, &b, &floor, &doors, &mut delta);
}

#[test]
fn every_pair_table_cell_acts_as_its_verb_says() {
    let b = bal();
    let cells = Cell::all();
    let mut exercised = 0;
    for (i, &a) in cells.iter().enumerate() {
        for &c in &cells[i..] {
            let v = verb(a, c);
            exercise(&b, a, c, v);
            exercised += 1;
        }
    }
    assert_eq!(exercised, 78, "every unordered cell of the 12x12 table");
}

fn exercise(b: &Balance, a: Cell, c: Cell, v: Verb) {
    let ctx = format!("{} x {} = {v:?}", a.name(), c.name());
    if a.0 == c.0 {
        // Same quantity: two neighbours, the higher in `a`'s band or `c`'s band.
        let q = a.0;
        let mut l = level(TWO);
        let (x, y) = (in_band(b, q, a.1, a.1 == c.1), in_band(b, q, c.1, false));
        set(&mut l, q, 1, 1, x);
        set(&mut l, q, 2, 1, y);
        interact(&mut l);
        let moved = (val(&l, q, 1, 1) - x).abs();
        if v == Verb::Flow {
            let expect = b.flow_rate[q as usize].min((x - y).abs() * b.flow_fraction);
            assert!(approx(moved, expect), "{ctx}: moved {moved}, expected {expect}");
            assert!(approx(val(&l, q, 1, 1) + val(&l, q, 2, 1), x + y), "{ctx}: flow conserves");
        } else {
            assert_eq!(v, Verb::Hold, "{ctx}");
            assert_eq!(moved, 0.0, "{ctx}");
        }
        return;
    }
    let (qa, qc) = (a.0, c.0);
    let (xa, xc) = (in_band(b, qa, a.1, false), in_band(b, qc, c.1, false));
    match (qa, qc) {
        (Quantity::Fuel, Quantity::Water) | (Quantity::Water, Quantity::Heat) => {
            let mut l = level(ONE);
            set(&mut l, qa, 1, 1, xa);
            set(&mut l, qc, 1, 1, xc);
            let (floor, _) = floor_and_doors(&l);
            hazards::mitigate(&mut l, b, &floor);
            let (target, before, amount) = if qa == Quantity::Fuel {
                (Quantity::Fuel, xa, b.dilute)
            } else {
                (Quantity::Heat, xc, b.quench)
            };
            let want = match v {
                Verb::Dilute | Verb::Quench => (before - amount).max(0.0),
                _ => before,
            };
            assert!(matches!(v, Verb::Dilute | Verb::Quench | Verb::Hold), "{ctx}");
            assert_eq!(val(&l, target, 1, 1), want, "{ctx}");
        }
        (Quantity::Fuel, Quantity::Electricity)
        | (Quantity::Fuel, Quantity::Heat)
        | (Quantity::Electricity, Quantity::Heat) => {
            let mut l = level(ONE);
            set(&mut l, qa, 1, 1, xa);
            set(&mut l, qc, 1, 1, xc);
            let heat0 = val(&l, Quantity::Heat, 1, 1);
            let fuel0 = val(&l, Quantity::Fuel, 1, 1);
            interact(&mut l);
            let (dh, df) = match v {
                Verb::Warm => (b.warm, 0.0),
                Verb::Ignite => (b.ignite_heat, b.ignite_fuel.min(fuel0)),
                Verb::Hold => (0.0, 0.0),
                other => panic!("{ctx}: unexpected {other:?}"),
            };
            assert_eq!(val(&l, Quantity::Heat, 1, 1), (heat0 + dh).clamp(0.0, b.max_surface), "{ctx}");
            assert_eq!(val(&l, Quantity::Fuel, 1, 1), fuel0 - df, "{ctx}");
        }
        (Quantity::Water, Quantity::Electricity) => {
            // Conduct multiplies electricity flow out of or into the wet cell.
            let run = |wet: bool| {
                let mut l = level(TWO);
                let e = in_band(b, Quantity::Electricity, c.1, true);
                set(&mut l, Quantity::Electricity, 1, 1, e);
                if wet {
                    set(&mut l, Quantity::Water, 1, 1, xa);
                }
                let other = if c.1 == Band::Safe {
                    in_band(b, Quantity::Electricity, Band::Caution, true)
                } else {
                    0.0
                };
                set(&mut l, Quantity::Electricity, 2, 1, other);
                interact(&mut l);
                (val(&l, Quantity::Electricity, 1, 1) - e).abs()
            };
            let (dry, wet) = (run(false), run(true));
            assert!(dry > 0.0, "{ctx}: the dry flow is visible");
            match v {
                Verb::Conduct => assert!(approx(wet, dry * b.conduct_multiplier), "{ctx}: {wet} vs {dry}"),
                Verb::Hold => assert!(approx(wet, dry), "{ctx}"),
                other => panic!("{ctx}: unexpected {other:?}"),
            }
        }
        _ => panic!("{ctx}: pair order"),
    }
}

#[test]
fn coolant_dilutes_fuel_before_ignition_is_checked() {
    let b = bal();
    let fuel = b.caution(Quantity::Fuel) + b.dilute * 0.5;
    let heat = b.caution(Quantity::Heat) + 0.5;
    let run = |water: f32| {
        let mut l = level(ONE);
        set(&mut l, Quantity::Fuel, 1, 1, fuel);
        set(&mut l, Quantity::Heat, 1, 1, heat);
        set(&mut l, Quantity::Water, 1, 1, water);
        pulse::step(&mut l, &b);
        l
    };
    let dry = run(0.0);
    assert_eq!(verb(Cell(Quantity::Fuel, Band::Caution), Cell(Quantity::Heat, Band::Caution)), Verb::Ignite);
    assert_eq!(val(&dry, Quantity::Fuel, 1, 1), fuel - b.ignite_fuel, "dry caution fuel ignites");
    let wet = run(b.caution(Quantity::Water));
    let diluted = fuel - b.dilute;
    assert_eq!(band(&b, Quantity::Fuel, diluted), Band::Safe);
    assert_eq!(val(&wet, Quantity::Fuel, 1, 1), diluted, "diluted first, so it only warms and burns nothing");
    assert!(val(&wet, Quantity::Heat, 1, 1) < val(&dry, Quantity::Heat, 1, 1));
}

#[test]
fn coolant_never_increases_heat() {
    let b = bal();
    for w in [0.5f32, 3.5, 8.0] {
        for h in [0.0f32, 2.0, 5.0, 8.0] {
            let mut l = level(ONE);
            set(&mut l, Quantity::Water, 1, 1, w);
            set(&mut l, Quantity::Heat, 1, 1, h);
            pulse::step(&mut l, &b);
            assert!(val(&l, Quantity::Heat, 1, 1) <= h);
        }
    }
}

#[test]
fn evaporation_is_ambient_plus_heat_driven_capped_and_cools() {
    let b = bal();
    let (w, h) = (2.0f32, 2.0f32);
    assert_eq!(
        verb(
            Cell(Quantity::Water, band(&b, Quantity::Water, w)),
            Cell(Quantity::Heat, band(&b, Quantity::Heat, h))
        ),
        Verb::Hold
    );
    let mut l = level(ONE);
    set(&mut l, Quantity::Water, 1, 1, w);
    set(&mut l, Quantity::Heat, 1, 1, h);
    pulse::step(&mut l, &b);
    let evaporated = (b.ambient_evaporation + h * b.heat_evaporation_scale).min(w);
    assert_eq!(val(&l, Quantity::Water, 1, 1), w - evaporated);
    assert_eq!(val(&l, Quantity::Heat, 1, 1), (h - evaporated * b.evaporation_cooling_scale).max(0.0));
    // Cold cells clear slowly; the cap keeps water from going negative.
    let mut cold = level(ONE);
    set(&mut cold, Quantity::Water, 1, 1, b.ambient_evaporation * 0.5);
    pulse::step(&mut cold, &b);
    assert_eq!(val(&cold, Quantity::Water, 1, 1), 0.0);
    assert_eq!(val(&cold, Quantity::Heat, 1, 1), 0.0);
}

const CORRIDOR: &str = "
    [surface]
    ########
    #@.....#
    ########
";

#[test]
fn wet_cells_spread_electricity_faster() {
    let b = bal();
    let run = |wet: bool| {
        let mut g = game(CORRIDOR);
        set(&mut g.level, Quantity::Electricity, 1, 1, b.critical(Quantity::Electricity));
        if wet {
            for x in 2..7 {
                set(&mut g.level, Quantity::Water, x, 1, b.critical(Quantity::Water));
            }
        }
        advance(&mut g);
        g
    };
    let (dry, wet) = (run(false), run(true));
    assert!(val(&wet.level, Quantity::Electricity, 2, 1) > val(&dry.level, Quantity::Electricity, 2, 1));
}

#[test]
fn walls_never_hold_surface_values() {
    let mut g = game(CORRIDOR);
    g.level.surface.get_mut(Pos::new(0, 0)).expect("in bounds").v = [5.0; 4];
    set(&mut g.level, Quantity::Heat, 1, 1, 8.0);
    advance(&mut g);
    for (p, s) in g.level.surface.iter() {
        if g.level.is_wall(p) {
            assert!(s.is_clear(), "wall {p:?}");
        }
    }
}

const LEAKY: &str = "
    [surface]
    #####
    #a..#
    #####
    [fuel]
    .....
    .!...
    .....
    [props]
    a flow fuel on
    [leaks]
    fuel 1 1 1 1
    [level]
    robot 1 1 0 false
    inventory fuel_neutralizer
";

#[test]
fn a_neutralizer_clears_its_element_and_blocks_reentry_for_its_duration() {
    let b = bal();
    let mut g = game(LEAKY);
    set(&mut g.level, Quantity::Fuel, 1, 1, 2.0);
    set(&mut g.level, Quantity::Heat, 1, 1, 1.0);
    assert!(pulsed(&g.apply(Command::InteractLeak(None, LeakAction::Neutralize(Carrier::Fuel)))));
    assert!(g.level.inventory.is_empty());
    assert_eq!(val(&g.level, Quantity::Fuel, 1, 1), 0.0, "the fed leak cannot inject while blocked");
    assert!(val(&g.level, Quantity::Heat, 1, 1) > 0.0, "other elements and heat stay");
    assert_eq!(g.level.surface.get(Pos::new(1, 1)).map(|s| s.block[0]), Some(b.remedy_block_pulses));
    for _ in 0..b.remedy_block_pulses {
        advance(&mut g);
    }
    advance(&mut g);
    assert!(val(&g.level, Quantity::Fuel, 1, 1) > 0.0, "the leak injects again once the block ends");
    assert!(!g.level.leaks[0].repaired, "a remedy repairs nothing");
    assert_eq!(
        g.apply(Command::InteractLeak(None, LeakAction::Neutralize(Carrier::Fuel))),
        Outcome::Refused(hollowdeep::reactor::props::Refusal::NoItem)
    );
}

#[test]
fn the_fused_mitigation_pass_equals_the_two_phases() {
    let b = bal();
    let mut a = hollowdeep::reactor::sample::spread_level(16, &b);
    let mut c = a.clone();
    let floor = hazards::floor_mask(&a);
    hazards::mitigate(&mut a, &b, &floor);
    hazards::evaporate(&mut a, &b, &floor);
    hazards::mitigate_and_evaporate(&mut c, &b, &floor);
    assert_eq!(a.surface, c.surface);
}
