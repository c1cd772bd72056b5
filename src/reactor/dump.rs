//! The state dump for tools and tests: level state, robot, inventory, every surface value, every
//! underground cell, props, leaks, forecasts and the state hash, as JSON. Also what is visible where.

use super::balance::Balance;
use super::hazards::band;
use super::level::{Carrier, Level, PropKind, Quantity};
use serde_json::{json, Value};

fn f(x: f32) -> Value {
    json!(format!("{x}").parse::<f64>().unwrap_or(0.0))
}

/// The whole truth (the editor's and the tests' view: everything, visible or not).
pub fn dump(level: &Level, b: &Balance, undos: u32) -> Value {
    let mut surface = Vec::new();
    for (p, s) in level.surface.iter() {
        if !level.is_floor(p) {
            continue;
        }
        let mut bands = serde_json::Map::new();
        for q in Quantity::ALL {
            bands.insert(q.name().into(), json!(band(b, q, s.get(q)).name()));
        }
        surface.push(json!({
            "x": p.x, "y": p.y,
            "fuel": f(s.v[0]), "water": f(s.v[1]), "electricity": f(s.v[2]), "heat": f(s.v[3]),
            "blocks": { "fuel": s.block[0], "water": s.block[1], "electricity": s.block[2] },
            "bands": Value::Object(bands),
        }));
    }
    let mut under = serde_json::Map::new();
    for c in Carrier::ALL {
        let cells: Vec<Value> = level.under[c as usize]
            .iter()
            .filter(|(_, u)| u.present())
            .map(|(p, u)| {
                json!({ "x": p.x, "y": p.y, "amount": f(u.amount), "intensity": f(u.intensity),
                        "integrity": f(u.integrity), "state": u.structure.name() })
            })
            .collect();
        under.insert(c.name().into(), Value::Array(cells));
    }
    let file = super::schema::to_file(level);
    let props: Vec<Value> = level
        .props
        .iter()
        .zip(file.props.iter())
        .map(|(p, pf)| {
            let mut o = match serde_json::to_value(pf) {
                Ok(Value::Object(o)) => o,
                _ => serde_json::Map::new(),
            };
            o.insert("fed".into(), json!(p.fed));
            if let PropKind::Consumer { .. } = p.kind {
                let mut s = serde_json::Map::new();
                for c in Carrier::ALL {
                    s.insert(c.name().into(), json!(p.service[c as usize].name()));
                }
                o.insert("service".into(), Value::Object(s));
            }
            Value::Object(o)
        })
        .collect();
    let leaks: Vec<Value> = level
        .leaks
        .iter()
        .map(|l| {
            json!({ "carrier": l.carrier.name(), "x": l.under.x, "y": l.under.y,
                          "access": [l.access.x, l.access.y], "repaired": l.repaired })
        })
        .collect();
    let forecasts: Vec<Value> = level
        .forecasts
        .iter()
        .map(|fc| {
            json!({ "pulse": fc.pulse, "kind": fc.kind.name(), "x": fc.pos.x, "y": fc.pos.y,
                           "cause": fc.cause, "text": fc.line() })
        })
        .collect();
    json!({
        "id": level.id,
        "width": level.width(),
        "height": level.height(),
        "level_state": level.state.name(),
        "status": level.status.name(),
        "ready": super::state::readiness(level, b),
        "pulse": level.pulse,
        "undos": undos,
        "peak_heat": f(level.peak_heat),
        "remedies_used": level.remedies_used,
        "required": { "fuel": level.required[0], "coolant": level.required[1], "electricity": level.required[2] },
        "robot": { "x": level.robot.pos.x, "y": level.robot.pos.y, "heat_immunity": level.robot.heat_immunity,
                   "terminal_active": level.robot.terminal_active,
                   "at_active_terminal": super::command::at_active_terminal(level) },
        "inventory": level.inventory.iter().map(|i| i.name()).collect::<Vec<_>>(),
        "terrain": file.terrain,
        "surface": surface,
        "underground": Value::Object(under),
        "props": props,
        "leaks": leaks,
        "forecasts": forecasts,
        "state_hash": super::hash::hex(super::hash::state_hash(level)),
    })
}

/// What the player may see right now: everything always visible, plus underground layers and forecasts
/// only at an active terminal (the seed's information rule).
pub fn visible(level: &Level, b: &Balance, undos: u32) -> Value {
    let mut v = dump(level, b, undos);
    if !super::command::at_active_terminal(level) {
        if let Value::Object(o) = &mut v {
            o.remove("underground");
            o.remove("forecasts");
        }
    }
    v
}
