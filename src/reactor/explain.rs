//! The panel's explanations, in words read from the rules: what Ready needs and how much of it
//! holds, when a cell is unsafe to enter, the leak a cell is part of, and what a junction's ratio
//! mode does. The rules decide with the same functions, so the words cannot drift from them.

use super::balance::Balance;
use super::level::{Carrier, Level, PropKind, Quantity};
use super::props::{producing_counts, reactor_feed};
use crate::grid::{Facing, Pos};

/// One requirement of Ready and whether it holds now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Need {
    pub text: String,
    pub met: bool,
}

/// Every requirement of Ready (`state::readiness`): producing consumers per carrier the level asks
/// for, the reactor control's own lines fed, heat below the terminal threshold. Empty for a level
/// without a reactor control.
pub fn ready_needs(level: &Level, b: &Balance) -> Vec<Need> {
    let Some(control) = level.props.iter().find(|p| matches!(p.kind, PropKind::Reactor)) else {
        return Vec::new();
    };
    let counts = producing_counts(level);
    let mut needs: Vec<Need> = Carrier::ALL
        .into_iter()
        .filter(|c| level.required[*c as usize] > 0)
        .map(|c| {
            let (want, have) = (level.required[c as usize], counts[c as usize]);
            Need {
                // "electricity: 0 producing, 1 needed": one panel row at 1280x720, where "1 consumer
                // producing electricity (0 now)" wrapped, and read as a reader would, where a
                // play-tester read "2/1 coolant consumers producing" as a fraction.
                text: format!("{}: {have} producing, {want} needed", c.name()),
                met: have >= want,
            }
        })
        .collect();
    let lines: Vec<&str> = Carrier::ALL
        .into_iter()
        .filter(|c| level.under_at(*c, control.pos).present())
        .map(|c| c.name())
        .collect();
    if !lines.is_empty() {
        needs.push(Need {
            // "control fed: fuel, coolant, electricity" stays on one row of the panel at 1280x720,
            // where "the control's fuel, coolant and electricity lines fed" wrapped.
            text: format!("control fed: {}", lines.join(", ")),
            met: reactor_feed(level, control.pos),
        });
    }
    needs.push(Need {
        text: format!(
            "heat below {:.1} everywhere ({:.1} now)",
            b.terminal_heat,
            super::hazards::shown(b, Quantity::Heat, level.max_heat())
        ),
        met: level.max_heat() < b.terminal_heat,
    });
    needs
}

/// The bands' cut points, the heat that loses, and the unsafe rule (`hazards::unsafe_cell`), with
/// this balance's numbers: the panel's standing rules, in as few rows as they fit.
pub fn band_rules(b: &Balance) -> Vec<String> {
    let cuts = |q: Quantity| format!("{:.1}/{:.1}", b.caution(q), b.critical(q));
    let others = [Quantity::Fuel, Quantity::Water, Quantity::Electricity];
    let same = others.iter().all(|q| cuts(*q) == cuts(Quantity::Fuel));
    let rest = if same {
        format!("rest: {}", cuts(Quantity::Fuel))
    } else {
        others.iter().map(|q| format!("{} {}", q.name(), cuts(*q))).collect::<Vec<_>>().join(", ")
    };
    vec![
        format!("Caution/critical for heat: {}", cuts(Quantity::Heat)),
        format!("Caution/critical for the {rest}"),
        format!("Heat {:.1} anywhere loses the level.", b.terminal_heat),
        format!(
            "Unsafe to enter: any value critical, or water and electricity both {:.1}+ (a heat shield \
             ignores heat)",
            b.caution(Quantity::Water).max(b.caution(Quantity::Electricity))
        ),
    ]
}

/// The leaks a cell takes part in: the underground cell that leaks, or the floor it is worked from.
pub fn leak_lines(level: &Level, cell: Pos) -> Vec<String> {
    level
        .leaks
        .iter()
        .filter(|l| !l.repaired && (l.under == cell || l.access == cell))
        .map(|l| {
            let c = l.carrier.name();
            if l.under == l.access {
                format!("Leak: the {c} line leaks here; repair (F) or neutralize it here")
            } else if l.under == cell {
                format!("Leak: the {c} line leaks here; work on it from ({}, {})", l.access.x, l.access.y)
            } else {
                format!("Leak: the {c} line under ({}, {}) is worked on from here", l.under.x, l.under.y)
            }
        })
        .collect()
}

/// A junction's ratio mode in words: "mode 2 of 5: outgoing branches, clockwise from north: full,
/// half, half".
pub fn junction_mode(b: &Balance, mode: u32) -> String {
    let Some(row) = b.junction_modes.get(mode as usize) else {
        return format!("mode {}", mode + 1);
    };
    let top = row.iter().copied().fold(0.0f32, f32::max);
    let share = |w: f32| match w {
        _ if top <= 0.0 || w <= 0.0 => "none".to_string(),
        _ if w >= top => "full".to_string(),
        _ if (w / top - 0.5).abs() < 1e-3 => "half".to_string(),
        _ => format!("{:.0}%", 100.0 * w / top),
    };
    let shares: Vec<String> = row.iter().map(|w| share(*w)).collect();
    format!(
        "mode {} of {}: outgoing branches, clockwise from north: {}",
        mode + 1,
        b.junction_modes.len(),
        shares.join(", ")
    )
}

/// A junction's branches in words, read from the walk the rules use (`network::flow_with`'s offers and
/// `junction_modes`): where its carrier comes in, what share each outgoing branch gets in this mode,
/// and what the next mode (one interaction) would send. Play-testers read "mode 1" as nothing at
/// all; naming the compass directions on the board makes the choice readable before it is made.
/// Empty when the cell holds no junction on exactly one carrier, or nothing comes in yet.
pub fn junction_routes(level: &Level, b: &Balance, cell: Pos) -> Vec<String> {
    let Some(mode) = level.props.iter().find_map(|p| match p.kind {
        PropKind::Junction { mode } if p.pos == cell => Some(mode),
        _ => None,
    }) else {
        return Vec::new();
    };
    let carriers = level.carriers_at(cell);
    let &[c] = carriers.as_slice() else { return Vec::new() };
    // Every source on and every valve open: the authored way in, even before anything flows.
    let flow = super::network::flow_carrier(level, c, b, true);
    let grid = &level.under[c as usize];
    let Some(offers) = grid.index(cell).and_then(|i| flow.offers.iter().find(|(j, _)| *j == i)) else {
        return Vec::new();
    };
    let Some(from) = Facing::ALL.into_iter().enumerate().find(|(d, _)| offers.1 & (1 << d) != 0) else {
        return Vec::new();
    };
    let closed = |p: Pos| {
        level
            .props
            .iter()
            .any(|q| q.pos == p && matches!(q.kind, PropKind::Valve { carrier, open: false } if carrier == c))
    };
    let outs: Vec<Facing> = Facing::ALL
        .into_iter()
        .filter(|f| *f != from.1 && level.under_at(c, cell.step(*f)).present() && !closed(cell.step(*f)))
        .collect();
    let sends = |m: u32| -> String {
        let row = b.junction_modes.get(m as usize).copied().unwrap_or([1.0; 3]);
        let used = &row[..outs.len().min(3)];
        let top = used.iter().copied().fold(0.0f32, f32::max);
        let parts: Vec<String> = outs
            .iter()
            .enumerate()
            .map(|(k, f)| {
                let w = used.get(k).copied().unwrap_or(0.0);
                let share = match w {
                    _ if top <= 0.0 || w <= 0.0 => "none".to_string(),
                    _ if w >= top => "full".to_string(),
                    _ if (w / top - 0.5).abs() < 1e-3 => "half".to_string(),
                    _ => format!("{:.0}%", 100.0 * w / top),
                };
                format!("{} {share}", direction(*f))
            })
            .collect();
        parts.join(", ")
    };
    let n = b.junction_modes.len() as u32;
    let next = (mode + 1) % n.max(1);
    // Short enough for one panel row at 1280x720 (the carrier is named on the prop's own line).
    vec![
        format!("In: {}. Out: {}", direction(from.1), sends(mode)),
        format!("Next, mode {} of {n}: {}", next + 1, sends(next)),
    ]
}

fn direction(f: Facing) -> &'static str {
    match f {
        Facing::North => "north",
        Facing::East => "east",
        Facing::South => "south",
        Facing::West => "west",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::{network, state, text};

    fn parse(map: &str) -> (Level, Balance) {
        let b = Balance::normal();
        let mut l = text::parse(map, &b).expect("test map");
        network::propagate(&mut l, &b);
        (l, b)
    }

    /// A fuel source feeding a consumer and the reactor control.
    const PLANT: &str = "[surface]\n######\n#..cR#\n######\n[fuel]\n......\n.====.\n......\n[props]\nc consumer on\nR reactor\n1,1 flow fuel on\n[level]\nid plant\nrequired 1 0 0\n";

    #[test]
    fn ready_needs_hold_exactly_when_the_rules_call_the_reactor_ready() {
        let (mut l, b) = parse(PLANT);
        let needs = ready_needs(&l, &b);
        assert!(needs.iter().all(|n| n.met), "{needs:?}");
        assert!(state::readiness(&l, &b));
        assert!(needs[0].text == "fuel: 1 producing, 1 needed", "{needs:?}");
        assert!(needs.iter().any(|n| n.text == "control fed: fuel"), "{needs:?}");
        let source = l.prop_at(Pos::new(1, 1)).unwrap();
        crate::reactor::props::apply(&mut l, &b, source);
        network::propagate(&mut l, &b);
        let needs = ready_needs(&l, &b);
        assert!(!state::readiness(&l, &b));
        assert_eq!(needs.iter().filter(|n| !n.met).count(), 2, "consumer and control unfed: {needs:?}");
    }

    #[test]
    fn the_unsafe_rule_and_the_junction_modes_read_from_the_balance() {
        let b = Balance::normal();
        let rules = band_rules(&b).join(" ");
        assert!(rules.contains(&format!("both {:.1}+", b.caution(Quantity::Water))), "{rules}");
        assert!(rules.contains(&format!(
            "heat: {:.1}/{:.1}",
            b.caution(Quantity::Heat),
            b.critical(Quantity::Heat)
        )));
        assert!(rules.contains(&format!("Heat {:.1} anywhere loses", b.terminal_heat)), "{rules}");
        let last = b.junction_modes.len() as u32 - 1;
        assert!(junction_mode(&b, 0).ends_with("full, full, full"), "{}", junction_mode(&b, 0));
        assert!(junction_mode(&b, last).ends_with("full, none, none"), "{}", junction_mode(&b, last));
        assert!(junction_mode(&b, 1).contains(&format!("of {}", b.junction_modes.len())));
    }

    #[test]
    fn a_junction_says_where_its_carrier_comes_in_and_what_each_branch_gets() {
        // Coolant from the source at (1, 2) enters the junction at (3, 2) from the west; its
        // branches go north (a consumer) and east.
        let map = "[surface]\n######\n#..c.#\n#a.j.#\n######\n[coolant]\n......\n...=..\n.====.\n......\n[props]\na flow coolant on\nc consumer on\nj junction 1\n[level]\nid j\n";
        let (l, b) = parse(map);
        let lines = junction_routes(&l, &b, Pos::new(3, 2));
        assert_eq!(lines[0], "In: west. Out: north full, east half", "{lines:?}");
        assert_eq!(lines[1], format!("Next, mode 3 of {}: north half, east full", b.junction_modes.len()));
        assert!(junction_routes(&l, &b, Pos::new(2, 2)).is_empty(), "no junction there");
    }

    #[test]
    fn a_leak_is_named_on_its_line_and_where_it_is_worked_from() {
        let (mut l, _) = parse(PLANT);
        l.leaks.push(super::super::level::Leak {
            carrier: Carrier::Fuel,
            under: Pos::new(2, 1),
            access: Pos::new(2, 1),
            repaired: false,
        });
        assert_eq!(
            leak_lines(&l, Pos::new(2, 1)),
            ["Leak: the fuel line leaks here; repair (F) or neutralize it here"]
        );
        assert!(leak_lines(&l, Pos::new(3, 1)).is_empty());
    }
}
