//! Player commands: quick actions (move, inspect, view) never pulse; lengthy actions (interact with a
//! prop or a leak, heat shield, activate) are accepted or refused by fixed rules, and each accepted one
//! runs exactly one pulse. A refusal says why and changes nothing.

use super::balance::Balance;
use super::hazards;
use super::level::{Carrier, Item, Level, LossCause, PropKind, Status};
use super::props::{self, Refusal};
use super::pulse::{self, Cascade, PulseReport};
use crate::grid::{Facing, Pos};

/// What to do with a leak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeakAction {
    Repair,
    /// Apply the matching elemental neutralizer to the robot's cell (or the leak face it stands on).
    Neutralize(Carrier),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    MoveRobot(Facing),
    /// Selection and inspection: UI state only.
    Inspect(Pos),
    /// Terminal viewing: allowed only at an active terminal, changes nothing.
    ViewLayers,
    /// The prop at `Some(pos)` (the robot's cell or a sprinkler's wall cell) or the only candidate.
    InteractProp(Option<Pos>),
    /// The leak whose underground cell is `Some(pos)`, or the only one reachable from here.
    InteractLeak(Option<Pos>, LeakAction),
    ApplyHeatShield,
    ActivateReactor,
}

impl Command {
    pub fn is_lengthy(&self) -> bool {
        matches!(
            self,
            Command::InteractProp(_)
                | Command::InteractLeak(..)
                | Command::ApplyHeatShield
                | Command::ActivateReactor
        )
    }

    /// Whether this command, from `level`, would activate an `AllSeeingEyeTerminal`: lengthy, but
    /// not counted toward par (REACTOR.md, "Decided 2026-12": reading a forecast is never punished).
    pub fn reads_terminal(&self, level: &Level) -> bool {
        let Command::InteractProp(at) = *self else { return false };
        props::choose(level, at).is_ok_and(|k| matches!(level.props[k].kind, PropKind::Terminal))
    }

    /// Whether this command counts toward par: a lengthy action other than a terminal activation.
    pub fn counts_toward_par(&self, level: &Level) -> bool {
        self.is_lengthy() && !self.reads_terminal(level)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Moved { lost: bool },
    Quick,
    Pulsed(PulseReport),
    Refused(Refusal),
}

/// Leaks reachable from the robot's cell (floor leaks under it, electricity leaks whose face it is).
pub fn reachable_leaks(level: &Level) -> Vec<usize> {
    (0..level.leaks.len())
        .filter(|k| !level.leaks[*k].repaired && level.leaks[*k].access == level.robot.pos)
        .collect()
}

/// Runs one command on the level; a pulse keeps its steps when `cascade` asks. Forecasts and the
/// level state are refreshed by the caller (`Game`), which also keeps the undo snapshots.
pub fn execute(level: &mut Level, b: &Balance, cmd: Command, cascade: Cascade) -> Outcome {
    if level.is_over() {
        return Outcome::Refused(Refusal::LevelOver);
    }
    match cmd {
        Command::MoveRobot(f) => move_robot(level, b, f),
        Command::Inspect(_) => Outcome::Quick,
        Command::ViewLayers => {
            if at_active_terminal(level) {
                Outcome::Quick
            } else {
                Outcome::Refused(Refusal::NotAtTerminal)
            }
        }
        Command::InteractProp(at) => {
            match props::choose(level, at).and_then(|k| props::check(level, b, k).map(|_| k)) {
                Ok(k) => {
                    props::apply(level, b, k);
                    Outcome::Pulsed(pulse::run(level, b, cascade))
                }
                Err(r) => Outcome::Refused(r),
            }
        }
        Command::InteractLeak(at, action) => match interact_leak(level, b, at, action) {
            Ok(()) => Outcome::Pulsed(pulse::run(level, b, cascade)),
            Err(r) => Outcome::Refused(r),
        },
        Command::ApplyHeatShield => match level.inventory.iter().position(|i| *i == Item::HeatShield) {
            Some(k) => {
                level.inventory.remove(k);
                level.remedies_used = level.remedies_used.saturating_add(1);
                level.robot.heat_immunity = b.heat_shield_steps;
                Outcome::Pulsed(pulse::run(level, b, cascade))
            }
            None => Outcome::Refused(Refusal::NoItem),
        },
        Command::ActivateReactor => {
            let at =
                level.props.iter().any(|p| p.pos == level.robot.pos && matches!(p.kind, PropKind::Reactor));
            if !at {
                Outcome::Refused(Refusal::NotAtReactor)
            } else if !super::state::readiness(level, b) {
                Outcome::Refused(Refusal::NotReady)
            } else {
                level.status = Status::Won;
                Outcome::Pulsed(pulse::run(level, b, cascade))
            }
        }
    }
}

/// Whether the robot stands on a terminal it has activated.
pub fn at_active_terminal(level: &Level) -> bool {
    level.robot.terminal_active
        && level.props.iter().any(|p| p.pos == level.robot.pos && matches!(p.kind, PropKind::Terminal))
}

/// The one movement rule, shared by `MoveRobot` and the solver's reachability: where a step from
/// `from` lands, and whether entering it loses. Protection is checked on entry (before the step that
/// spends it); closed doors do not block the robot (the seed: they block only surface propagation).
pub fn move_target(
    level: &Level,
    b: &Balance,
    from: Pos,
    f: Facing,
    heat_immunity: u32,
) -> Result<(Pos, bool), Refusal> {
    let to = from.step(f);
    if !level.terrain.in_bounds(to) {
        return Err(Refusal::OutOfBounds);
    }
    if !level.is_floor(to) {
        return Err(Refusal::Wall);
    }
    Ok((to, hazards::unsafe_cell(level, b, to, heat_immunity > 0)))
}

fn move_robot(level: &mut Level, b: &Balance, f: Facing) -> Outcome {
    let (to, lost) = match move_target(level, b, level.robot.pos, f, level.robot.heat_immunity) {
        Ok(t) => t,
        Err(r) => return Outcome::Refused(r),
    };
    level.robot.pos = to;
    level.robot.heat_immunity = level.robot.heat_immunity.saturating_sub(1);
    level.robot.terminal_active = false;
    if lost {
        level.status = Status::Lost(LossCause::UnsafeEntry);
    }
    Outcome::Moved { lost }
}

fn interact_leak(level: &mut Level, b: &Balance, at: Option<Pos>, action: LeakAction) -> Result<(), Refusal> {
    let reach = reachable_leaks(level);
    let chosen = match at {
        Some(p) => reach.iter().copied().find(|k| level.leaks[*k].under == p),
        None => match reach.as_slice() {
            [k] => Some(*k),
            [] => None,
            _ if matches!(action, LeakAction::Neutralize(_)) => None,
            _ => return Err(Refusal::Ambiguous),
        },
    };
    match action {
        LeakAction::Repair => {
            let k = chosen.ok_or(Refusal::NoLeak)?;
            super::integrity::repair(level, b, k);
            Ok(())
        }
        LeakAction::Neutralize(c) => {
            let item = Item::neutralizer(c);
            let slot = level.inventory.iter().position(|i| *i == item).ok_or(Refusal::NoItem)?;
            let p = level.robot.pos;
            let q = c.quantity();
            let has_value = level.surface.get(p).map(|s| s.get(q) > 0.0).unwrap_or(false);
            let has_leak = reach.iter().any(|k| level.leaks[*k].carrier == c);
            if !has_value && !has_leak {
                return Err(Refusal::NothingToNeutralize);
            }
            level.inventory.remove(slot);
            level.remedies_used = level.remedies_used.saturating_add(1);
            if let Some(s) = level.surface.get_mut(p) {
                s.v[q as usize] = 0.0;
                // The block outlives this pulse's own advancement by design: it counts whole pulses after.
                s.block[c as usize] = b.remedy_block_pulses + 1;
            }
            Ok(())
        }
    }
}
