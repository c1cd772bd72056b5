//! Level state derivation (Lost, Won, Ready, Critical, Caution, Stable, highest first) and
//! `ReactorReadiness`.

use super::balance::Balance;
use super::forecast_kind::ForecastKind;
use super::level::{Carrier, Level, LevelState, PropKind, Quantity, Service, Status};

/// `ReactorReadiness`: a reactor control whose local layers are fed, enough producing consumers of
/// each carrier, and heat below terminal.
pub fn readiness(level: &Level, b: &Balance) -> bool {
    if level.status != Status::Playing {
        return false;
    }
    let reactor = level.props.iter().find(|p| matches!(p.kind, PropKind::Reactor));
    let Some(reactor) = reactor else { return false };
    if !super::props::reactor_feed(level, reactor.pos) {
        return false;
    }
    let counts = super::props::producing_counts(level);
    Carrier::ALL.into_iter().all(|c| counts[c as usize] >= level.required[c as usize])
        && level.max_heat() < b.terminal_heat
}

pub fn derive(level: &Level, b: &Balance) -> LevelState {
    derive_with_cause(level, b).0
}

/// The state and, for Critical and Caution, what raised it in a few words for the panel: a
/// play-tester read "State: Caution" with no cell at caution (too few consumers produced).
pub fn derive_with_cause(level: &Level, b: &Balance) -> (LevelState, Option<&'static str>) {
    match level.status {
        Status::Lost(_) => return (LevelState::Lost, None),
        Status::Won => return (LevelState::Won, None),
        Status::Playing => {}
    }
    if readiness(level, b) {
        return (LevelState::Ready, None);
    }
    let heat = level.max_heat();
    if level.forecasts.iter().any(|f| f.kind == ForecastKind::TerminalLoss) {
        return (LevelState::Critical, Some("a loss is forecast"));
    }
    if heat >= b.critical(Quantity::Heat) {
        return (LevelState::Critical, Some("heat is critical"));
    }
    let starved = level.props.iter().any(|p| {
        matches!(p.kind, PropKind::Consumer { enabled: true }) && p.service.contains(&Service::Starved)
    });
    let counts = super::props::producing_counts(level);
    let missing = Carrier::ALL.into_iter().any(|c| counts[c as usize] < level.required[c as usize]);
    let cause = if level.hazard_growing {
        "a hazard is growing"
    } else if heat >= b.caution(Quantity::Heat) {
        "heat is at caution"
    } else if starved {
        "a consumer is starved"
    } else if missing {
        "too few consumers produce"
    } else {
        return (LevelState::Stable, None);
    };
    (LevelState::Caution, Some(cause))
}
