//! Inspector lines for one cell in the editor: every layer at once, since the author sees them all.

use crate::grid::Pos;
use crate::reactor::balance::Balance;
use crate::reactor::hazards;
use crate::reactor::level::{Carrier, Level, PropKind, Quantity};
use crate::reactor::present::prop_line;
use crate::reactor::validate::Issue;

pub fn describe(level: &Level, b: &Balance, issues: &[Issue], at: Pos) -> Vec<String> {
    let mut out = Vec::new();
    if !level.terrain.in_bounds(at) {
        out.push(format!("({}, {}) is outside the map", at.x, at.y));
        return out;
    }
    let terrain = if level.is_wall(at) { "wall" } else { "floor" };
    out.push(format!("({}, {}) {terrain}", at.x, at.y));
    if level.robot.pos == at {
        out.push("robot start".into());
    }
    for p in level.props.iter().filter(|p| p.pos == at) {
        let mut line = prop_line(level, p);
        if let PropKind::Sprinkler { outlet, .. } = p.kind {
            line.push_str(&format!(", outlet ({}, {})", outlet.x, outlet.y));
        }
        out.push(line);
    }
    for p in &level.props {
        if let PropKind::Sprinkler { outlet, .. } = p.kind {
            if outlet == at {
                out.push(format!("outlet of the sprinkler at ({}, {})", p.pos.x, p.pos.y));
            }
        }
    }
    if let Some(s) = level.surface.get(at) {
        for q in Quantity::ALL {
            let v = s.get(q);
            if v > 0.0 {
                out.push(format!("{} {v:.1} ({})", q.name(), hazards::band(b, q, v).name()));
            }
        }
    }
    for c in Carrier::ALL {
        let u = level.under_at(c, at);
        if !u.present() {
            continue;
        }
        out.push(format!(
            "{}: {}, integrity {:.1}, amount {:.1}, intensity {:.1}",
            c.name(),
            u.structure.name(),
            u.integrity,
            u.amount,
            u.intensity
        ));
    }
    for l in level.leaks.iter().filter(|l| l.under == at || l.access == at) {
        let state = if l.repaired { "repaired" } else { "open" };
        out.push(format!(
            "{} leak at ({}, {}), reached from ({}, {}), {state}",
            l.carrier.name(),
            l.under.x,
            l.under.y,
            l.access.x,
            l.access.y
        ));
    }
    for i in issues.iter().filter(|i| i.at(at)) {
        out.push(i.line_at(at));
    }
    out
}
