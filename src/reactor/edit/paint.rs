//! What one click of a tool does to a level. A click on what the same tool placed is a second click
//! and cycles it (see `cycle`). Each refusal is one sentence and leaves the level untouched.

use super::cycle;
use super::layer::Layer;
use super::tool::Tool;
use crate::grid::Pos;
use crate::reactor::balance::Balance;
use crate::reactor::level::{Carrier, Item, Leak, Level, Prop, PropKind, Structure, Surface, Terrain, Under};
use std::mem::discriminant;

pub fn paint(
    level: &mut Level,
    b: &Balance,
    layer: Layer,
    tool: Tool,
    at: Pos,
    amount: f32,
) -> Result<(), String> {
    match (tool, layer.carrier()) {
        (Tool::Cursor, _) => Ok(()),
        (Tool::Floor, None) => floor(level, at),
        (Tool::Wall, None) => wall(level, at),
        (Tool::Robot, None) => {
            if !level.is_floor(at) {
                return Err("the robot must start on a floor cell".into());
            }
            level.robot.pos = at;
            Ok(())
        }
        (Tool::Consumer, None) => place(level, b, at, PropKind::Consumer { enabled: true }),
        (Tool::Valve, None) => {
            let Some(c) = level.carriers_at(at).first().copied() else {
                return Err(
                    "an isolation valve needs a network cell beneath it; paint one on its layer first".into(),
                );
            };
            place(level, b, at, PropKind::Valve { carrier: c, open: true })
        }
        (Tool::Junction, None) => place(level, b, at, PropKind::Junction { mode: 0 }),
        (Tool::Door, None) => place(level, b, at, PropKind::Door { open: false }),
        (Tool::Terminal, None) => place(level, b, at, PropKind::Terminal),
        (Tool::Supply(item), None) => supply(level, b, at, item),
        (Tool::Sprinkler, None) => sprinkler(level, b, at),
        (Tool::Reactor, None) => reactor(level, b, at),
        (Tool::Hazard(q), None) => {
            if !level.is_floor(at) {
                return Err("surface values lie only on floor cells".into());
            }
            if let Some(s) = level.surface.get_mut(at) {
                s.v[q as usize] = amount.clamp(0.0, b.max_surface);
            }
            Ok(())
        }
        (Tool::Erase, None) => {
            if let Some(k) = level.prop_at(at) {
                match level.props[k].kind {
                    // Sources belong to their underground layer (the seed's layer rules).
                    PropKind::Flow { carrier, .. } if level.surface.at(at).is_clear() => {
                        return Err(format!(
                            "the {} source is erased on the {} layer",
                            carrier.name(),
                            Layer::of(carrier).name()
                        ));
                    }
                    PropKind::Flow { .. } => {}
                    _ => {
                        level.props.remove(k);
                    }
                }
            }
            level.surface.set(at, Surface::default());
            Ok(())
        }
        (Tool::Erase, Some(c)) => {
            if let Some(k) = level.prop_at(at) {
                if matches!(level.props[k].kind, PropKind::Flow { carrier, .. } if carrier == c) {
                    level.props.remove(k);
                }
            }
            level.leaks.retain(|l| !(l.carrier == c && l.under == at));
            level.under[c as usize].set(at, Under::default());
            Ok(())
        }
        (Tool::Pipe, Some(c)) => {
            if !level.under_at(c, at).present() {
                let u =
                    Under { structure: Structure::Intact, integrity: b.max_integrity, ..Under::default() };
                level.under[c as usize].set(at, u);
            }
            Ok(())
        }
        (Tool::Source, Some(c)) => source(level, b, c, at),
        (Tool::Integrity, Some(c)) => {
            let Some(u) = level.under[c as usize].get_mut(at).filter(|u| u.present()) else {
                return Err(format!("there is no {} cell here to set the integrity of", c.name()));
            };
            u.integrity = amount.clamp(0.0, b.max_integrity);
            Ok(())
        }
        (Tool::Leak, Some(c)) => leak(level, b, c, at),
        (t, _) => Err(format!("the {} tool is not available on the {} layer", t.name(), layer.name())),
    }
}

fn floor(level: &mut Level, at: Pos) -> Result<(), String> {
    if level.is_floor(at) {
        return Ok(());
    }
    if let Some(k) = level.prop_at(at) {
        return Err(format!("a {} is mounted on this wall; erase it first", level.props[k].kind.name()));
    }
    if level.leaks.iter().any(|l| l.carrier == Carrier::Electricity && l.under == at) {
        return Err("an electricity wall leak lies in this wall; erase it first".into());
    }
    level.terrain.set(at, Terrain::Floor);
    Ok(())
}

fn wall(level: &mut Level, at: Pos) -> Result<(), String> {
    if level.is_wall(at) {
        return Ok(());
    }
    if level.robot.pos == at {
        return Err("the robot starts here; move it first".into());
    }
    if let Some(k) = level.prop_at(at) {
        return Err(format!("a {} stands here; erase it first", level.props[k].kind.name()));
    }
    if level.leaks.iter().any(|l| l.carrier != Carrier::Electricity && l.under == at) {
        return Err("a floor leak lies here; erase it on its layer first".into());
    }
    // A wall holds no surface values (a validation error otherwise).
    level.surface.set(at, Surface::default());
    level.terrain.set(at, Terrain::Wall);
    Ok(())
}

/// Places a floor prop, or cycles it when the same kind already stands here.
fn place(level: &mut Level, b: &Balance, at: Pos, kind: PropKind) -> Result<(), String> {
    if !level.is_floor(at) {
        return Err(format!("a {} must stand on a floor cell", kind.name()));
    }
    match level.prop_at(at) {
        Some(k) if discriminant(&level.props[k].kind) == discriminant(&kind) => {
            cycle::cycle_prop(level, b, k)
        }
        Some(k) => Err(format!("a {} already stands here; erase it first", level.props[k].kind.name())),
        None => {
            level.props.push(Prop::new(at, kind));
            Ok(())
        }
    }
}

fn supply(level: &mut Level, b: &Balance, at: Pos, item: Item) -> Result<(), String> {
    if let Some(k) = level.prop_at(at) {
        if let PropKind::Supply { item: had, .. } = level.props[k].kind {
            if had != item {
                level.props[k].kind = PropKind::Supply { item, depleted: false };
                return Ok(());
            }
        }
    }
    place(level, b, at, PropKind::Supply { item, depleted: false })
}

fn sprinkler(level: &mut Level, b: &Balance, at: Pos) -> Result<(), String> {
    if !level.is_wall(at) {
        return Err("a sprinkler valve is mounted on a wall cell".into());
    }
    let Some(outlet) = cycle::floor_faces(level, at).first().copied() else {
        return Err("a sprinkler valve needs an adjacent floor cell for its outlet".into());
    };
    match level.prop_at(at) {
        Some(k) if matches!(level.props[k].kind, PropKind::Sprinkler { .. }) => {
            cycle::cycle_prop(level, b, k)
        }
        Some(k) => Err(format!("a {} is already mounted here; erase it first", level.props[k].kind.name())),
        None => {
            level.props.push(Prop::new(at, PropKind::Sprinkler { enabled: false, outlet }));
            Ok(())
        }
    }
}

/// One reactor control per level: placing it again elsewhere moves it.
fn reactor(level: &mut Level, b: &Balance, at: Pos) -> Result<(), String> {
    let existing = level.props.iter().position(|p| matches!(p.kind, PropKind::Reactor));
    match existing {
        Some(k) if level.props[k].pos == at => Ok(()),
        Some(k) => {
            if !level.is_floor(at) {
                return Err("a reactor must stand on a floor cell".into());
            }
            if let Some(o) = level.prop_at(at) {
                return Err(format!("a {} already stands here; erase it first", level.props[o].kind.name()));
            }
            level.props[k].pos = at;
            Ok(())
        }
        None => place(level, b, at, PropKind::Reactor),
    }
}

/// A flow prop of the layer's carrier, with a network cell beneath it painted if there was none.
fn source(level: &mut Level, b: &Balance, c: Carrier, at: Pos) -> Result<(), String> {
    if !level.is_floor(at) {
        return Err(format!("a {} source stands on a floor cell", c.name()));
    }
    match level.prop_at(at) {
        Some(k) if matches!(level.props[k].kind, PropKind::Flow { carrier, .. } if carrier == c) => {
            return cycle::cycle_prop(level, b, k);
        }
        Some(k) => {
            return Err(format!("a {} already stands here; erase it first", level.props[k].kind.name()))
        }
        None => {}
    }
    if !level.under_at(c, at).present() {
        let u = Under { structure: Structure::Intact, integrity: b.max_integrity, ..Under::default() };
        level.under[c as usize].set(at, u);
    }
    level.props.push(Prop::new(at, PropKind::Flow { carrier: c, enabled: true }));
    Ok(())
}

/// A leak: fuel and coolant under a floor cell (reached from it); electricity in a wall, reached from
/// its first floor face (N, E, S, W). Integrity drops to the balance's leak threshold, as a leak the
/// rules create would have.
fn leak(level: &mut Level, b: &Balance, c: Carrier, at: Pos) -> Result<(), String> {
    if !level.under_at(c, at).present() {
        return Err(format!("there is no {} cell here to leak; paint one first", c.name()));
    }
    if level.leaks.iter().any(|l| l.carrier == c && l.under == at && !l.repaired) {
        return cycle::cycle_leak(level, c, at);
    }
    let access = match c {
        Carrier::Fuel | Carrier::Coolant => {
            if !level.is_floor(at) {
                return Err(format!("a {} leak lies under a floor cell", c.name()));
            }
            at
        }
        Carrier::Electricity => {
            let faces = cycle::floor_faces(level, at);
            match faces.first() {
                Some(f) if level.is_wall(at) => *f,
                _ => return Err("an electricity leak lies in a wall next to a floor cell".into()),
            }
        }
    };
    if let Some(u) = level.under[c as usize].get_mut(at) {
        u.structure = Structure::Leaking;
        u.integrity = u.integrity.min(b.leak_threshold);
    }
    level.leaks.push(Leak { carrier: c, under: at, access, repaired: false });
    Ok(())
}
