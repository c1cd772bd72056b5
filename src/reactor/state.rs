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
    match level.status {
        Status::Lost(_) => return LevelState::Lost,
        Status::Won => return LevelState::Won,
        Status::Playing => {}
    }
    if readiness(level, b) {
        return LevelState::Ready;
    }
    let heat = level.max_heat();
    let loss_forecast = level.forecasts.iter().any(|f| f.kind == ForecastKind::TerminalLoss);
    if loss_forecast || heat >= b.critical(Quantity::Heat) {
        return LevelState::Critical;
    }
    let starved = level.props.iter().any(|p| {
        matches!(p.kind, PropKind::Consumer { enabled: true }) && p.service.contains(&Service::Starved)
    });
    let counts = super::props::producing_counts(level);
    let missing = Carrier::ALL.into_iter().any(|c| counts[c as usize] < level.required[c as usize]);
    if level.hazard_growing || heat >= b.caution(Quantity::Heat) || starved || missing {
        return LevelState::Caution;
    }
    LevelState::Stable
}
