//! Props: consumer service resolution and local feeds, and the accepted/refused rules of
//! `InteractProp` for every prop category.

use super::balance::Balance;
use super::level::{Carrier, Level, PropKind, Service};
use crate::grid::Pos;

/// Consumer resolution: per carrier beneath an enabled consumer, `Producing` when supplied this pulse,
/// `Starved` otherwise; and the local-feed flag of doors and the reactor control.
pub fn resolve_services(level: &mut Level, b: &Balance) {
    for k in 0..level.props.len() {
        let pos = level.props[k].pos;
        let mut service = [Service::Absent; 3];
        match level.props[k].kind {
            PropKind::Consumer { enabled } => {
                for c in Carrier::ALL {
                    let u = level.under_at(c, pos);
                    if !u.present() {
                        continue;
                    }
                    service[c as usize] = if !enabled {
                        Service::Disabled
                    } else if supplied(b, c, u.amount, u.intensity) {
                        Service::Producing
                    } else {
                        Service::Starved
                    };
                }
            }
            PropKind::Door { .. } => level.props[k].fed = level.under_at(Carrier::Electricity, pos).fed(),
            PropKind::Reactor => level.props[k].fed = reactor_feed(level, pos),
            _ => {}
        }
        level.props[k].service = service;
    }
}

/// The consumer supply predicate (amount and intensity; connectivity is implied by a positive walk).
pub fn supplied(b: &Balance, c: Carrier, amount: f32, intensity: f32) -> bool {
    amount > 0.0
        && intensity > 0.0
        && amount >= b.consumer_min_amount[c as usize]
        && intensity >= b.consumer_min_intensity[c as usize]
}

/// Every layer beneath the reactor control has positive amount and intensity (vacuously true).
pub fn reactor_feed(level: &Level, pos: Pos) -> bool {
    Carrier::ALL.into_iter().all(|c| {
        let u = level.under_at(c, pos);
        !u.present() || u.fed()
    })
}

/// Enabled consumers producing each carrier.
pub fn producing_counts(level: &Level) -> [u32; 3] {
    let mut n = [0u32; 3];
    for prop in &level.props {
        if let PropKind::Consumer { enabled: true } = prop.kind {
            for c in Carrier::ALL {
                if prop.service[c as usize] == Service::Producing {
                    n[c as usize] += 1;
                }
            }
        }
    }
    n
}

/// Why an action was refused. Each has one sentence; a refusal changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    LevelOver,
    OutOfBounds,
    Wall,
    NothingHere,
    Ambiguous,
    ReactorNeedsActivate,
    DoorUnpowered,
    SupplyDepleted,
    InventoryFull,
    TerminalAlreadyActive,
    NoLeak,
    NoItem,
    NothingToNeutralize,
    NotAtReactor,
    NotReady,
    NothingToUndo,
    NotAtTerminal,
}

impl Refusal {
    pub fn sentence(self) -> &'static str {
        match self {
            Refusal::LevelOver => "The level is over; only undo and restart work now.",
            Refusal::OutOfBounds => "That move leaves the map.",
            Refusal::Wall => "A wall blocks that move.",
            Refusal::NothingHere => "There is nothing here to interact with.",
            Refusal::Ambiguous => "More than one thing can be used from here; name which.",
            Refusal::ReactorNeedsActivate => "The reactor control is used with ActivateReactor.",
            Refusal::DoorUnpowered => "The door has no local electricity and cannot move.",
            Refusal::SupplyDepleted => "This supply is already depleted.",
            Refusal::InventoryFull => "The inventory is full.",
            Refusal::TerminalAlreadyActive => "This terminal is already active.",
            Refusal::NoLeak => "There is no leak to work on from here.",
            Refusal::NoItem => "The robot carries no such item.",
            Refusal::NothingToNeutralize => "There is nothing of that element here to neutralize.",
            Refusal::NotAtReactor => "The robot is not at the reactor control.",
            Refusal::NotReady => "The reactor is not ready.",
            Refusal::NothingToUndo => "There is nothing to undo.",
            Refusal::NotAtTerminal => "Layer viewing needs an active terminal under the robot.",
        }
    }
}

/// Props the robot can interact with from its cell: the prop on it, and wall sprinklers whose outlet
/// it is. In prop order.
pub fn interactable(level: &Level) -> Vec<usize> {
    let r = level.robot.pos;
    let mut v = Vec::new();
    for (k, prop) in level.props.iter().enumerate() {
        let ok = match prop.kind {
            PropKind::Sprinkler { outlet, .. } => outlet == r,
            _ => prop.pos == r,
        };
        if ok {
            v.push(k);
        }
    }
    v
}

/// Chooses the prop an `InteractProp` names (or the only candidate).
pub fn choose(level: &Level, at: Option<Pos>) -> Result<usize, Refusal> {
    let c = interactable(level);
    match at {
        Some(p) => c.into_iter().find(|k| level.props[*k].pos == p).ok_or(Refusal::NothingHere),
        None => match c.as_slice() {
            [] => Err(Refusal::NothingHere),
            [k] => Ok(*k),
            _ => Err(Refusal::Ambiguous),
        },
    }
}

/// Checks an interaction without changing anything.
pub fn check(level: &Level, b: &Balance, k: usize) -> Result<(), Refusal> {
    let prop = level.props[k];
    match prop.kind {
        PropKind::Reactor => Err(Refusal::ReactorNeedsActivate),
        PropKind::Door { .. } if !level.under_at(Carrier::Electricity, prop.pos).fed() => {
            Err(Refusal::DoorUnpowered)
        }
        PropKind::Supply { depleted: true, .. } => Err(Refusal::SupplyDepleted),
        PropKind::Supply { .. } if level.inventory.len() >= b.inventory_capacity => {
            Err(Refusal::InventoryFull)
        }
        PropKind::Terminal if level.robot.terminal_active => Err(Refusal::TerminalAlreadyActive),
        _ => Ok(()),
    }
}

/// Applies an accepted interaction (the pulse's step 1).
pub fn apply(level: &mut Level, b: &Balance, k: usize) {
    let prop = &mut level.props[k];
    match &mut prop.kind {
        PropKind::Flow { enabled, .. }
        | PropKind::Consumer { enabled }
        | PropKind::Sprinkler { enabled, .. } => *enabled = !*enabled,
        PropKind::Valve { open, .. } | PropKind::Door { open } => *open = !*open,
        PropKind::Junction { mode } => {
            let count = b.junction_modes.len().max(1) as u32;
            *mode = (*mode + 1) % count;
        }
        PropKind::Supply { item, depleted } => {
            *depleted = true;
            let item = *item;
            level.inventory.push(item);
        }
        PropKind::Terminal => level.robot.terminal_active = true,
        PropKind::Reactor => {}
    }
}

/// How many outgoing branches a junction has (present neighbours minus the incoming one).
pub fn junction_outgoing(level: &Level, pos: Pos) -> usize {
    let cs = level.carriers_at(pos);
    let [c] = cs.as_slice() else { return 0 };
    pos.neighbours4().iter().filter(|q| level.under_at(*c, **q).present()).count().saturating_sub(1)
}
