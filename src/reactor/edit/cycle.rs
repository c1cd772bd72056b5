//! Second clicks: cycling a prop's state, mode, carrier, item or outlet face, a source's on/off, and
//! an electricity wall leak's access face. Each cycle is a fixed order that wraps around.

use super::layer::Layer;
use crate::grid::Pos;
use crate::reactor::balance::Balance;
use crate::reactor::level::{Carrier, Item, Level, PropKind};

/// The floor cells beside a cell, in N, E, S, W order (sprinkler outlets, electricity leak faces).
pub fn floor_faces(level: &Level, at: Pos) -> Vec<Pos> {
    at.neighbours4().into_iter().filter(|q| level.is_floor(*q)).collect()
}

pub fn cycle(level: &mut Level, b: &Balance, layer: Layer, at: Pos) -> Result<(), String> {
    match layer.carrier() {
        None => match level.prop_at(at) {
            Some(k) => cycle_prop(level, b, k),
            None => Err("there is no prop here to cycle".into()),
        },
        Some(c) => {
            if level.leaks.iter().any(|l| l.carrier == c && l.under == at && !l.repaired) {
                return cycle_leak(level, c, at);
            }
            match level.prop_at(at) {
                Some(k) if matches!(level.props[k].kind, PropKind::Flow { carrier, .. } if carrier == c) => {
                    cycle_prop(level, b, k)
                }
                _ => Err(format!("there is no {} source or leak here to cycle", c.name())),
            }
        }
    }
}

pub fn cycle_prop(level: &mut Level, b: &Balance, k: usize) -> Result<(), String> {
    let pos = level.props[k].pos;
    let next = match level.props[k].kind {
        PropKind::Flow { carrier, enabled } => PropKind::Flow { carrier, enabled: !enabled },
        PropKind::Consumer { enabled } => PropKind::Consumer { enabled: !enabled },
        PropKind::Door { open } => PropKind::Door { open: !open },
        PropKind::Junction { mode } => {
            let n = b.junction_modes.len().max(1) as u32;
            PropKind::Junction { mode: (mode + 1) % n }
        }
        PropKind::Valve { carrier, open } => {
            // Open, closed, then the next carrier beneath the cell.
            let mut carriers = level.carriers_at(pos);
            if carriers.is_empty() {
                carriers.push(carrier);
            }
            let states: Vec<(Carrier, bool)> =
                carriers.iter().flat_map(|c| [(*c, true), (*c, false)]).collect();
            let at = states.iter().position(|s| *s == (carrier, open));
            let (carrier, open) = states[at.map_or(0, |i| (i + 1) % states.len())];
            PropKind::Valve { carrier, open }
        }
        PropKind::Supply { item, .. } => {
            let i = Item::ALL.iter().position(|x| *x == item).unwrap_or(0);
            PropKind::Supply { item: Item::ALL[(i + 1) % Item::ALL.len()], depleted: false }
        }
        PropKind::Sprinkler { enabled, outlet } => {
            // Every floor face off, then every face on.
            let faces = floor_faces(level, pos);
            if faces.is_empty() {
                return Err("this sprinkler valve has no adjacent floor cell to face".into());
            }
            let states: Vec<(bool, Pos)> =
                [false, true].into_iter().flat_map(|e| faces.iter().map(move |f| (e, *f))).collect();
            let at = states.iter().position(|s| *s == (enabled, outlet));
            let (enabled, outlet) = states[at.map_or(0, |i| (i + 1) % states.len())];
            PropKind::Sprinkler { enabled, outlet }
        }
        PropKind::Terminal => return Err("a terminal has no state to cycle".into()),
        PropKind::Reactor => return Err("the reactor control has no state to cycle".into()),
    };
    level.props[k].kind = next;
    Ok(())
}

/// An electricity wall leak turns to its next floor face; a floor leak has only its own cell.
pub fn cycle_leak(level: &mut Level, c: Carrier, at: Pos) -> Result<(), String> {
    if c != Carrier::Electricity {
        return Err(format!(
            "a {} leak is reached from its own floor cell; it has no face to cycle",
            c.name()
        ));
    }
    let faces = floor_faces(level, at);
    let Some(k) = level.leaks.iter().position(|l| l.carrier == c && l.under == at && !l.repaired) else {
        return Err("there is no electricity leak here".into());
    };
    if faces.is_empty() {
        return Err("this electricity leak has no adjacent floor face".into());
    }
    let i = faces.iter().position(|f| *f == level.leaks[k].access);
    level.leaks[k].access = faces[i.map_or(0, |i| (i + 1) % faces.len())];
    Ok(())
}
