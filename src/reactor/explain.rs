//! The panel's explanations, in words read from the rules: what Ready needs and how much of it
//! holds, when a cell is unsafe to enter, the leak a cell is part of, and what a junction's ratio
//! mode does. The rules decide with the same functions, so the words cannot drift from them.

use super::balance::Balance;
use super::level::{Carrier, Level, PropKind, Quantity};
use super::props::{producing_counts, reactor_feed};
use super::words::count;
use crate::grid::Pos;

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
                text: format!("{} producing {} ({have} now)", count(want, "consumer", "consumers"), c.name()),
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
            text: format!("the control's {} fed", join_and(&lines)),
            met: reactor_feed(level, control.pos),
        });
    }
    needs.push(Need {
        text: format!("heat below {:.1} everywhere ({:.1} now)", b.terminal_heat, level.max_heat()),
        met: level.max_heat() < b.terminal_heat,
    });
    needs
}

/// "fuel", "fuel and coolant", "fuel, coolant and electricity" (lines).
fn join_and(names: &[&str]) -> String {
    let noun = if names.len() == 1 { "line" } else { "lines" };
    match names {
        [] => String::new(),
        [one] => format!("{one} {noun}"),
        [rest @ .., last] => format!("{} and {last} {noun}", rest.join(", ")),
    }
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
        assert!(needs[0].text.starts_with("1 consumer producing fuel (1 now)"), "{needs:?}");
        assert!(needs.iter().any(|n| n.text == "the control's fuel line fed"), "{needs:?}");
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
