//! What a forecast says, apart from the simulation that finds it: the kinds of warning and one
//! warning as data. `Level` holds the current ones and `state.rs` reads them, so they sit below both;
//! `forecast.rs`, which derives them by running pulses over a copy of the level, sits above.

use crate::grid::Pos;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ForecastKind {
    TerminalLoss,
    ReactorReady,
    StarvedRequiredConsumer,
    GrowingHazard,
    /// A hazard at caution or above falls to a lower band, or is gone.
    FallingHazard,
    WetElectricitySpread,
    ValveBranchShutoff,
    ValveRestoredPressure,
    ValveIsolatedLeak,
    /// Toggling a valve starts feeding a leak; the cause names what that leak's pulse turns critical.
    ValveFedLeak,
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
            ForecastKind::FallingHazard => "falling_hazard",
            ForecastKind::WetElectricitySpread => "wet_electricity_spread",
            ForecastKind::ValveBranchShutoff => "valve_branch_shutoff",
            ForecastKind::ValveRestoredPressure => "valve_restored_pressure",
            ForecastKind::ValveIsolatedLeak => "valve_isolated_leak",
            ForecastKind::ValveFedLeak => "valve_fed_leak",
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
