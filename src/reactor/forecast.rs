//! Forecasts: deterministic simulation over a copy of the level for the balance horizon (no further
//! action), plus what-if comparisons for each isolation valve and sprinkler toggle. Never mutates the level.

use super::balance::Balance;
use super::hazards::{band, Band};
use super::level::{Carrier, Level, PropKind, Quantity, Service, Status, Structure};
use super::network;
use super::props::supplied;
use crate::grid::Pos;

// The warnings themselves are data the level holds, so they live below it in `forecast_kind.rs`;
// this file derives them from the level, and the level never names it.
pub use super::forecast_kind::{Forecast, ForecastKind};

/// Every forecast for the current level, in pulse order then discovery order.
pub fn forecast(level: &Level, b: &Balance) -> Vec<Forecast> {
    let mut out = Vec::new();
    if level.status != Status::Playing {
        return out;
    }
    simulate(level, b, &mut out);
    what_if(level, b, &mut out);
    out.sort_by(|a, c| (a.pulse, a.kind).cmp(&(c.pulse, c.kind)).then(a.pos.cmp(&c.pos)));
    out
}

fn simulate(level: &Level, b: &Balance, out: &mut Vec<Forecast>) {
    let mut sim = level.clone();
    sim.forecasts.clear();
    let n = sim.surface.as_slice().len();
    let mut reported = vec![[Band::Absent; 4]; n];
    for (i, s) in level.surface.as_slice().iter().enumerate() {
        for q in Quantity::ALL {
            reported[i][q as usize] = band(b, q, s.get(q));
        }
    }
    // What holds now is never forecast: only a change from it.
    let mut last = reported.clone();
    let mut fall_reported = vec![[false; 4]; n];
    let mut wet_reported = vec![false; n];
    let mut starved_reported: Vec<(usize, Carrier)> = starved_now(level);
    let mut ready_reported = super::state::readiness(level, b);
    for pulse in 1..=b.forecast_horizon {
        let leaks_before = sim.leaks.len();
        super::pulse::run(&mut sim, b, super::pulse::Cascade::Skip);
        if sim.status != Status::Playing {
            let hot = hottest(&sim);
            out.push(Forecast {
                pulse,
                kind: ForecastKind::TerminalLoss,
                pos: hot,
                cause: format!("heat reaches the meltdown threshold {} at this cell", b.terminal_heat),
            });
            return;
        }
        if !ready_reported && super::state::readiness(&sim, b) {
            ready_reported = true;
            let pos = sim
                .props
                .iter()
                .find(|p| matches!(p.kind, PropKind::Reactor))
                .map(|p| p.pos)
                .unwrap_or_default();
            out.push(Forecast {
                pulse,
                kind: ForecastKind::ReactorReady,
                pos,
                cause: "the reactor becomes ready".into(),
            });
        }
        for (k, prop) in sim.props.iter().enumerate() {
            if !matches!(prop.kind, PropKind::Consumer { enabled: true }) {
                continue;
            }
            for c in Carrier::ALL {
                if sim.required[c as usize] > 0
                    && prop.service[c as usize] == Service::Starved
                    && !starved_reported.contains(&(k, c))
                {
                    starved_reported.push((k, c));
                    out.push(Forecast {
                        pulse,
                        kind: ForecastKind::StarvedRequiredConsumer,
                        pos: prop.pos,
                        cause: format!("this consumer is starved of required {}", c.name()),
                    });
                }
            }
        }
        for (i, s) in sim.surface.as_slice().iter().enumerate() {
            let p = sim.surface.pos_of(i);
            for q in Quantity::ALL {
                let bd = band(b, q, s.get(q));
                if bd >= Band::Caution && bd > reported[i][q as usize] {
                    reported[i][q as usize] = bd;
                    out.push(Forecast {
                        pulse,
                        kind: ForecastKind::GrowingHazard,
                        pos: p,
                        cause: format!("{} rises to {}", q.name(), bd.name()),
                    });
                }
                let was = last[i][q as usize];
                if was >= Band::Caution && bd < was && !fall_reported[i][q as usize] {
                    fall_reported[i][q as usize] = true;
                    let cause = match bd {
                        Band::Absent => format!("the {} here is gone", q.name()),
                        _ => format!("{} falls to {}", q.name(), bd.name()),
                    };
                    out.push(Forecast { pulse, kind: ForecastKind::FallingHazard, pos: p, cause });
                }
                last[i][q as usize] = bd;
            }
            let wet = s.get(Quantity::Water) > 0.0;
            let was_dry_of_elec = level.surface.as_slice()[i].get(Quantity::Electricity) <= 0.0;
            if wet && s.get(Quantity::Electricity) > 0.0 && was_dry_of_elec && !wet_reported[i] {
                wet_reported[i] = true;
                out.push(Forecast {
                    pulse,
                    kind: ForecastKind::WetElectricitySpread,
                    pos: p,
                    cause: "electricity spreads onto this wet cell".into(),
                });
            }
        }
        for l in &sim.leaks[leaks_before..] {
            out.push(Forecast {
                pulse,
                kind: ForecastKind::IntegrityLeak,
                pos: l.under,
                cause: format!("the weakened {} cell starts leaking", l.carrier.name()),
            });
        }
    }
}

/// The required carriers each enabled consumer is starved of now (not news to forecast).
fn starved_now(level: &Level) -> Vec<(usize, Carrier)> {
    let mut out = Vec::new();
    for (k, prop) in level.props.iter().enumerate() {
        if matches!(prop.kind, PropKind::Consumer { enabled: true }) {
            for c in Carrier::ALL {
                if level.required[c as usize] > 0 && prop.service[c as usize] == Service::Starved {
                    out.push((k, c));
                }
            }
        }
    }
    out
}

fn hottest(level: &Level) -> Pos {
    let mut best = (0.0f32, Pos::default());
    for (p, s) in level.surface.iter() {
        if s.v[3] > best.0 {
            best = (s.v[3], p);
        }
    }
    best.1
}

/// What toggling each isolation valve or sprinkler would do to the networks on its pulse (`Pulse +1`).
/// Only the affected carrier is walked again, over a copied prop list.
fn what_if(level: &Level, b: &Balance, out: &mut Vec<Forecast>) {
    let mut now: [Option<(Vec<f32>, Vec<f32>)>; 3] = [None, None, None];
    for k in 0..level.props.len() {
        let prop = level.props[k];
        let (carrier, is_valve) = match prop.kind {
            PropKind::Valve { carrier, .. } => (carrier, true),
            PropKind::Sprinkler { .. } => (Carrier::Coolant, false),
            _ => continue,
        };
        let ci = carrier as usize;
        if now[ci].is_none() {
            now[ci] = Some(network::carrier_values(level, &level.props, carrier, b));
        }
        let Some((a0, v0)) = &now[ci] else { continue };
        let mut props = level.props.clone();
        match &mut props[k].kind {
            PropKind::Valve { open, .. } => *open = !*open,
            PropKind::Sprinkler { enabled, .. } => *enabled = !*enabled,
            _ => {}
        }
        let (a1, v1) = network::carrier_values(level, &props, carrier, b);
        let grid = &level.under[ci];
        let fed = |a: &[f32], v: &[f32], i: usize| grid.as_slice()[i].present() && a[i] > 0.0 && v[i] > 0.0;
        let name = if is_valve { "toggling the valve" } else { "toggling the sprinkler" };
        if is_valve {
            let n = grid.as_slice().len();
            let lost = (0..n).filter(|i| fed(a0, v0, *i) && !fed(&a1, &v1, *i)).count();
            let gained = (0..n).filter(|i| !fed(a0, v0, *i) && fed(&a1, &v1, *i)).count();
            if lost > 0 {
                out.push(Forecast {
                    pulse: 1,
                    kind: ForecastKind::ValveBranchShutoff,
                    pos: prop.pos,
                    cause: format!("{name} shuts off {}", cells(lost, carrier)),
                });
            }
            if gained > 0 {
                out.push(Forecast {
                    pulse: 1,
                    kind: ForecastKind::ValveRestoredPressure,
                    pos: prop.pos,
                    cause: format!("{name} restores pressure to {}", cells(gained, carrier)),
                });
            }
            for l in &level.leaks {
                if l.repaired || l.carrier != carrier {
                    continue;
                }
                let Some(i) = grid.index(l.under) else { continue };
                if grid.as_slice()[i].structure == Structure::Leaking && fed(a0, v0, i) && !fed(&a1, &v1, i) {
                    out.push(Forecast {
                        pulse: 1,
                        kind: ForecastKind::ValveIsolatedLeak,
                        pos: l.under,
                        cause: format!("{name} at ({}, {}) isolates this leak", prop.pos.x, prop.pos.y),
                    });
                }
                if !fed(a0, v0, i) && fed(&a1, &v1, i) {
                    out.push(Forecast {
                        pulse: 1,
                        kind: ForecastKind::ValveFedLeak,
                        pos: l.under,
                        cause: fed_leak_cause(level, b, &props, prop.pos, l.access, carrier),
                    });
                }
            }
        }
        for p in &level.props {
            let PropKind::Consumer { enabled: true } = p.kind else { continue };
            let Some(i) = grid.index(p.pos) else { continue };
            if !grid.as_slice()[i].present() {
                continue;
            }
            let before = supplied(b, carrier, a0[i], v0[i]);
            let after = supplied(b, carrier, a1[i], v1[i]);
            let at = format!("({}, {})", prop.pos.x, prop.pos.y);
            if before && !after {
                let (kind, cause) = if is_valve {
                    (
                        ForecastKind::ValveServiceLoss,
                        format!("{name} at {at} starves this consumer of {}", carrier.name()),
                    )
                } else {
                    (ForecastKind::CoolantPressureDrop, format!("{name} at {at} drops coolant pressure here"))
                };
                out.push(Forecast { pulse: 1, kind, pos: p.pos, cause });
            }
            if !is_valve && !before && after {
                out.push(Forecast {
                    pulse: 1,
                    kind: ForecastKind::CoolantPressureDrop,
                    pos: p.pos,
                    cause: format!("the sprinkler at {at} is dropping coolant pressure here"),
                });
            }
        }
    }
}

/// What feeding a leak does on the toggle's own pulse, played over a copy (issue 33's play-test: T5's
/// two valves read alike until one of them names the loss). Only run when a toggle feeds a leak, so
/// the extra pulse costs nothing on most states.
fn fed_leak_cause(
    level: &Level,
    b: &Balance,
    props: &[super::level::Prop],
    valve: Pos,
    access: Pos,
    c: Carrier,
) -> String {
    let mut sim = level.clone();
    sim.forecasts.clear();
    sim.props = props.to_vec();
    super::network::propagate(&mut sim, b);
    super::pulse::run(&mut sim, b, super::pulse::Cascade::Skip);
    let head = format!("toggling the valve at ({}, {}) feeds this leak", valve.x, valve.y);
    if sim.status != Status::Playing {
        return format!("{head}: the level is lost on that pulse");
    }
    let q = c.quantity();
    let now = level.surface.get(access).map_or(0.0, |s| s.get(q));
    let then = sim.surface.get(access).map_or(0.0, |s| s.get(q));
    if band(b, q, then) == Band::Critical && band(b, q, now) != Band::Critical {
        format!("{head}: its {} turns critical at ({}, {}), unsafe to enter", q.name(), access.x, access.y)
    } else {
        head
    }
}

/// "1 fuel cell", "3 fuel cells".
fn cells(n: usize, carrier: Carrier) -> String {
    super::words::count_of(n, &format!("{} cell", carrier.name()), &format!("{} cells", carrier.name()))
}
