//! Forecasts: deterministic simulation over a copy of the level for the balance horizon (no further
//! action), plus what-if comparisons for each isolation valve and sprinkler toggle. Never mutates the level.

use super::balance::Balance;
use super::hazards::{band, Band};
use super::level::{Carrier, Level, PropKind, Quantity, Service, Status, Structure};
use crate::grid::Pos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ForecastKind {
    TerminalLoss,
    ReactorReady,
    StarvedRequiredConsumer,
    GrowingHazard,
    WetElectricitySpread,
    ValveBranchShutoff,
    ValveRestoredPressure,
    ValveIsolatedLeak,
    ValveServiceLoss,
    CoolantPressureDrop,
    IntegrityLeak,
}

impl ForecastKind {
    pub fn name(self) -> &'static str {
        match self {
            ForecastKind::TerminalLoss => "terminal_loss",
            ForecastKind::ReactorReady => "reactor_ready",
            ForecastKind::StarvedRequiredConsumer => "starved_required_consumer",
            ForecastKind::GrowingHazard => "growing_hazard",
            ForecastKind::WetElectricitySpread => "wet_electricity_spread",
            ForecastKind::ValveBranchShutoff => "valve_branch_shutoff",
            ForecastKind::ValveRestoredPressure => "valve_restored_pressure",
            ForecastKind::ValveIsolatedLeak => "valve_isolated_leak",
            ForecastKind::ValveServiceLoss => "valve_service_loss",
            ForecastKind::CoolantPressureDrop => "coolant_pressure_drop",
            ForecastKind::IntegrityLeak => "integrity_leak",
        }
    }
}

/// One warning: its cell, the pulse it is expected at (`Pulse +N`), and its cause in one sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Forecast {
    pub pulse: u32,
    pub kind: ForecastKind,
    pub pos: Pos,
    pub cause: String,
}

impl Forecast {
    pub fn line(&self) -> String {
        format!("Pulse +{} ({}, {}): {}", self.pulse, self.pos.x, self.pos.y, self.cause)
    }
}

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
    let mut wet_reported = vec![false; n];
    let mut starved_reported: Vec<(usize, Carrier)> = Vec::new();
    let mut ready_reported = false;
    for pulse in 1..=b.forecast_horizon {
        let leaks_before = sim.leaks.len();
        super::pulse::run(&mut sim, b, false);
        if sim.status != Status::Playing {
            let hot = hottest(&sim);
            out.push(Forecast {
                pulse,
                kind: ForecastKind::TerminalLoss,
                pos: hot,
                cause: format!("heat reaches the terminal threshold {} at this cell", b.terminal_heat),
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
fn what_if(level: &Level, b: &Balance, out: &mut Vec<Forecast>) {
    let mut now = level.clone();
    super::network::propagate(&mut now, b);
    for k in 0..level.props.len() {
        let prop = level.props[k];
        let (carrier, is_valve) = match prop.kind {
            PropKind::Valve { carrier, .. } => (carrier, true),
            PropKind::Sprinkler { .. } => (Carrier::Coolant, false),
            _ => continue,
        };
        let mut alt = now.clone();
        super::props::apply(&mut alt, b, k);
        super::network::propagate(&mut alt, b);
        let name = if is_valve { "toggling the valve" } else { "toggling the sprinkler" };
        if is_valve {
            let g0 = &now.under[carrier as usize];
            let g1 = &alt.under[carrier as usize];
            let (mut lost, mut gained) = (0, 0);
            for (u0, u1) in g0.as_slice().iter().zip(g1.as_slice()) {
                if u0.fed() && !u1.fed() {
                    lost += 1;
                }
                if !u0.fed() && u1.fed() {
                    gained += 1;
                }
            }
            if lost > 0 {
                out.push(Forecast {
                    pulse: 1,
                    kind: ForecastKind::ValveBranchShutoff,
                    pos: prop.pos,
                    cause: format!("{name} shuts off {lost} {} cells", carrier.name()),
                });
            }
            if gained > 0 {
                out.push(Forecast {
                    pulse: 1,
                    kind: ForecastKind::ValveRestoredPressure,
                    pos: prop.pos,
                    cause: format!("{name} restores pressure to {gained} {} cells", carrier.name()),
                });
            }
            for l in &level.leaks {
                if l.repaired || l.carrier != carrier {
                    continue;
                }
                let u0 = now.under_at(l.carrier, l.under);
                let u1 = alt.under_at(l.carrier, l.under);
                if u0.structure == Structure::Leaking && u0.fed() && !u1.fed() {
                    out.push(Forecast {
                        pulse: 1,
                        kind: ForecastKind::ValveIsolatedLeak,
                        pos: l.under,
                        cause: format!("{name} at ({}, {}) isolates this leak", prop.pos.x, prop.pos.y),
                    });
                }
            }
        }
        for (p0, p1) in now.props.iter().zip(alt.props.iter()) {
            for c in Carrier::ALL {
                if p0.service[c as usize] == Service::Producing && p1.service[c as usize] == Service::Starved
                {
                    let (kind, cause) = if is_valve {
                        (
                            ForecastKind::ValveServiceLoss,
                            format!(
                                "{name} at ({}, {}) starves this consumer of {}",
                                prop.pos.x,
                                prop.pos.y,
                                c.name()
                            ),
                        )
                    } else {
                        (
                            ForecastKind::CoolantPressureDrop,
                            format!("{name} at ({}, {}) drops coolant pressure here", prop.pos.x, prop.pos.y),
                        )
                    };
                    out.push(Forecast { pulse: 1, kind, pos: p0.pos, cause });
                }
                if !is_valve
                    && p0.service[c as usize] == Service::Starved
                    && p1.service[c as usize] == Service::Producing
                {
                    out.push(Forecast {
                        pulse: 1,
                        kind: ForecastKind::CoolantPressureDrop,
                        pos: p0.pos,
                        cause: format!(
                            "the sprinkler at ({}, {}) is dropping coolant pressure here",
                            prop.pos.x, prop.pos.y
                        ),
                    });
                }
            }
        }
    }
}
