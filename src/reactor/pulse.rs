//! One pulse, after the accepted mutation (step 1, in `command`): runtime validation, propagation,
//! consumers, integrity, the fixed number of steps, state, and duration advancement, in the seed's order.

use super::balance::Balance;
use super::hazards;
use super::level::{Level, LossCause, Quantity, Status, Surface};
use crate::grid::Grid;

/// Whether a pulse keeps the surface after each step: the player's game does, so the view can play
/// the cascade back; the solver's nodes and the forecasts' copies do not, as nobody watches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cascade {
    Record,
    Skip,
}

/// What a pulse did, kept so the view can play the cascade back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PulseReport {
    /// The surface after each step (only when recording was asked for).
    pub steps: Vec<Grid<Surface>>,
    /// Leaks created by integrity this pulse (indices into `Level::leaks`).
    pub new_leaks: Vec<usize>,
    /// The step (1-based) whose heat reached the terminal threshold.
    pub lost_at_step: Option<u32>,
}

/// Runs pulse steps 2–9 on `level`. Won is final: a pulse after activation cannot lose it.
pub fn run(level: &mut Level, b: &Balance, cascade: Cascade) -> PulseReport {
    let mut report = PulseReport::default();
    // 2. Validate runtime state: walls never hold surface values, values stay in range.
    sanitize(level, b);
    // 3–4. Networks and consumers.
    super::network::propagate(level, b);
    // 5. Integrity and automatic leaks.
    report.new_leaks = super::integrity::resolve(level, b);
    // 6. Steps.
    let before = hazard_totals(level);
    let floor = hazards::floor_mask(level);
    let doors = hazards::door_edges(level);
    let mut delta = Vec::new();
    for s in 0..b.steps_per_pulse {
        step_with(level, b, &floor, &doors, &mut delta);
        if cascade == Cascade::Record {
            report.steps.push(level.surface.clone());
        }
        let heat = level.max_heat();
        if heat > level.peak_heat {
            level.peak_heat = heat;
        }
        if level.status == Status::Playing && heat >= b.terminal_heat {
            level.status = Status::Lost(LossCause::TerminalHeat);
            report.lost_at_step = Some(s + 1);
            break;
        }
    }
    let after = hazard_totals(level);
    level.hazard_growing = (0..3).any(|k| after[k] > before[k]);
    // 7. Readiness and the level state need the forecasts (step 10): the caller derives the state
    // once, after them (`undo::refresh_forecasts`). A forecast's copy reads readiness directly.
    level.forecasts.clear();
    // 8. The robot stays where it is; a pulse never causes UnsafeEntryLoss.
    // 9. Durations advance once per pulse.
    for s in level.surface.as_mut_slice() {
        for k in &mut s.block {
            *k = k.saturating_sub(1);
        }
    }
    level.robot.heat_immunity = level.robot.heat_immunity.saturating_sub(1);
    // Saturating: a counter that wrapped would tell a long game it had just begun.
    level.pulse = level.pulse.saturating_add(1);
    report
}

/// One step on its own (debug and test tools may advance isolated steps).
pub fn step(level: &mut Level, b: &Balance) {
    let floor = hazards::floor_mask(level);
    let doors = hazards::door_edges(level);
    let mut delta = Vec::new();
    step_with(level, b, &floor, &doors, &mut delta);
}

fn step_with(
    level: &mut Level,
    b: &Balance,
    floor: &[bool],
    doors: &hazards::DoorEdges,
    delta: &mut Vec<[f32; 4]>,
) {
    hazards::inject(level, b);
    hazards::mitigate_and_evaporate(level, b, floor);
    hazards::interact(level, b, floor, doors, delta);
}

/// Totals of the damaging quantities (fuel, electricity, heat) over the floor.
fn hazard_totals(level: &Level) -> [f32; 3] {
    let mut t = [0.0f32; 3];
    for s in level.surface.as_slice() {
        t[0] += s.get(Quantity::Fuel);
        t[1] += s.get(Quantity::Electricity);
        t[2] += s.get(Quantity::Heat);
    }
    t
}

/// Walls hold nothing; every value lies in its range.
pub fn sanitize(level: &mut Level, b: &Balance) {
    let floor = hazards::floor_mask(level);
    for (i, s) in level.surface.as_mut_slice().iter_mut().enumerate() {
        if !floor[i] {
            *s = Surface::default();
        }
        for v in &mut s.v {
            *v = if v.is_finite() { v.clamp(0.0, b.max_surface) } else { 0.0 };
        }
    }
    for g in &mut level.under {
        for u in g.as_mut_slice() {
            u.integrity = if u.integrity.is_finite() { u.integrity.clamp(0.0, b.max_integrity) } else { 0.0 };
        }
    }
}
