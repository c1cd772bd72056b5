//! What an interaction would change at once, before the player commits to it: the underground cells
//! that gain or lose supply, and the consumers, doors, sprinklers and leaks that change with them.
//! Only the interaction's direct effect through the networks (the pulse's step 1 and its network
//! propagation); what the pulse's hazards do afterwards stays the terminal's forecast to tell.

use super::balance::Balance;
use super::level::{Carrier, Level, PropKind, Service};
use super::{network, props};
use crate::grid::Pos;

/// One underground cell whose supply the interaction changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SupplyChange {
    pub carrier: Carrier,
    pub pos: Pos,
    pub gains: bool,
}

/// The direct effect of interacting with one prop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preview {
    /// Cells that gain or lose supply, in carrier then index order.
    pub cells: Vec<SupplyChange>,
    /// What changes with them, one sentence each ("The consumer at (5, 2) starts producing fuel.").
    pub lines: Vec<String>,
}

/// The direct effect of interacting with prop `k` now; none when the interaction would be refused
/// or changes no network (a supply, a terminal).
pub fn preview(level: &Level, b: &Balance, k: usize) -> Option<Preview> {
    props::check(level, b, k).ok()?;
    let kind = level.props.get(k)?.kind;
    if matches!(kind, PropKind::Supply { .. } | PropKind::Terminal | PropKind::Reactor) {
        return None;
    }
    let mut before = level.clone();
    network::propagate(&mut before, b);
    let mut after = before.clone();
    props::apply(&mut after, b, k);
    network::propagate(&mut after, b);
    let mut out = Preview::default();
    for c in Carrier::ALL {
        for p in level.terrain.positions() {
            let (was, now) = (before.under_at(c, p).fed(), after.under_at(c, p).fed());
            if was != now {
                out.cells.push(SupplyChange { carrier: c, pos: p, gains: now });
            }
        }
    }
    for (old, new) in before.props.iter().zip(&after.props) {
        out.lines.extend(prop_change(old, new));
    }
    for leak in level.leaks.iter().filter(|l| !l.repaired) {
        let (was, now) =
            (before.under_at(leak.carrier, leak.under).fed(), after.under_at(leak.carrier, leak.under).fed());
        if was != now {
            let verb = if now { "starts being fed" } else { "stops being fed" };
            out.lines.push(format!("The {} leak at {} {verb}.", leak.carrier.name(), at(leak.under)));
        }
    }
    if out.cells.is_empty() && out.lines.is_empty() {
        out.lines.push("No supply changes at once.".into());
    }
    Some(out)
}

/// "(5, 2)".
fn at(p: Pos) -> String {
    format!("({}, {})", p.x, p.y)
}

/// What a prop's change of service says, if it changed.
fn prop_change(old: &super::level::Prop, new: &super::level::Prop) -> Vec<String> {
    let mut lines = Vec::new();
    match new.kind {
        PropKind::Consumer { .. } => {
            for c in Carrier::ALL {
                let (was, now) = (old.service[c as usize], new.service[c as usize]);
                if was == now || now == Service::Absent {
                    continue;
                }
                let what = match now {
                    Service::Producing => format!("starts producing {}", c.name()),
                    Service::Supplied => format!("is supplied with {}", c.name()),
                    Service::Starved => format!("is starved of {}", c.name()),
                    Service::Disabled => format!("no longer takes {}", c.name()),
                    Service::Absent => continue,
                };
                lines.push(format!("The consumer at {} {what}.", at(new.pos)));
            }
        }
        PropKind::Door { .. } if old.fed != new.fed => {
            let what = if new.fed { "gains power" } else { "loses power" };
            lines.push(format!("The door at {} {what}.", at(new.pos)));
        }
        PropKind::Sprinkler { .. } if old.fed != new.fed => {
            let what = if new.fed { "starts spraying" } else { "stops spraying" };
            lines.push(format!("The sprinkler at {} {what}.", at(new.pos)));
        }
        _ => {}
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::text;

    /// A fuel source at (1, 1) feeding a line east through a valve at (3, 1) to a consumer at (5, 1).
    const LINE: &str = "[surface]\n#######\n#..v.c#\n#.....#\n#######\n[fuel]\n.......\n.=====.\n.......\n.......\n[props]\nv valve fuel open\nc consumer on\n1,1 flow fuel on\n[level]\nid line\nrobot 1 2 0 false\n";

    fn level() -> (Level, Balance) {
        let b = Balance::normal();
        let mut l = text::parse(LINE, &b).expect("test map");
        network::propagate(&mut l, &b);
        (l, b)
    }

    fn prop_at(l: &Level, x: i32, y: i32) -> usize {
        l.prop_at(Pos::new(x, y)).expect("a prop there")
    }

    #[test]
    fn closing_a_valve_shows_the_branch_behind_it_losing_supply_and_the_consumer_starving() {
        let (l, b) = level();
        let p = preview(&l, &b, prop_at(&l, 3, 1)).expect("a valve changes its network");
        let lost: Vec<Pos> = p.cells.iter().filter(|c| !c.gains).map(|c| c.pos).collect();
        assert!(lost.contains(&Pos::new(4, 1)) && lost.contains(&Pos::new(5, 1)), "{p:?}");
        assert!(!lost.contains(&Pos::new(2, 1)), "upstream of the valve keeps its supply: {p:?}");
        assert!(p.cells.iter().all(|c| c.carrier == Carrier::Fuel && !c.gains));
        assert!(p.lines.iter().any(|s| s == "The consumer at (5, 1) is starved of fuel."), "{:?}", p.lines);
        // The preview changes nothing.
        assert!(l.under_at(Carrier::Fuel, Pos::new(5, 1)).fed());
    }

    #[test]
    fn turning_a_source_on_shows_its_line_gaining_supply() {
        let (mut l, b) = level();
        let source = prop_at(&l, 1, 1);
        props::apply(&mut l, &b, source);
        network::propagate(&mut l, &b);
        let p = preview(&l, &b, source).expect("a source changes its network");
        assert!(p.cells.iter().all(|c| c.gains) && p.cells.len() >= 5, "{p:?}");
        assert!(
            p.lines.iter().any(|s| s.starts_with("The consumer at (5, 1) starts producing fuel")),
            "{:?}",
            p.lines
        );
    }

    #[test]
    fn a_refused_or_networkless_interaction_has_no_preview() {
        let map = "[surface]\n#####\n#.t.#\n#####\n[props]\nt terminal\n[level]\nid t\nrobot 2 1 0 false\n";
        let b = Balance::normal();
        let l = text::parse(map, &b).expect("test map");
        assert_eq!(preview(&l, &b, 0), None);
    }
}
