//! The campaign's authoring rules over every winning line of par length or shorter, not only the
//! solver's par line (REACTOR.md, "Decided 2026-12"): no such line toggles a prop and later toggles it
//! back (a wait), starts the reactor while a floor cell is critical or at terminal heat, or (after the
//! tutorial) uses one kind of lengthy action. A depth-first search like the solver's, over lines of at
//! most `par` lengthy actions that count toward par (terminal activations free, each terminal once),
//! whose dedup key adds what the line has done so far (each prop's states met, its kinds of action,
//! the terminals read, whether it already broke a rule), so merging two lines never hides a breach.

use super::authoring::{critical_cell, step_of, terminal_heat_after_start, Broken, Step};
use super::key::key;
use super::moves::candidates;
use super::region::Region;
use super::search::{reactor_pos, terminal_of};
use crate::reactor::balance::Balance;
use crate::reactor::command::{self, Command, Outcome};
use crate::reactor::level::{Level, PropKind};
use crate::reactor::pulse::Cascade;
use crate::reactor::state;
use std::collections::BTreeMap;

/// What the audit found: a winning line (its lengthy actions as script tokens) and the rule it
/// breaks, or none; `complete` is false when the node bound stopped it first (nothing proven).
#[derive(Clone, Debug, PartialEq)]
pub struct Audit {
    pub breach: Option<(Vec<String>, Broken)>,
    pub nodes: u64,
    pub complete: bool,
}

/// What a line has done so far, as far as the rules can still read it.
#[derive(Clone, Debug, Default)]
struct Past {
    /// Every (prop, state) the line has met on a prop it worked, the state before the first time too.
    met: Vec<(usize, PropKind)>,
    kinds: Vec<Step>,
    read: Vec<usize>,
    broken: Option<Broken>,
    tokens: Vec<String>,
}

impl Past {
    /// The part of the past that decides what a line may still break, as text for the dedup key.
    fn signature(&self) -> String {
        format!("{:?}|{:?}|{:?}|{:?}", self.met, self.kinds, self.read, self.broken.is_some())
    }
}

struct Walk<'a> {
    b: &'a Balance,
    par: u32,
    tutorial: bool,
    max_nodes: u64,
    nodes: u64,
    seen: BTreeMap<(u128, String), u32>,
    out_of_nodes: bool,
    breach: Option<(Vec<String>, Broken)>,
}

/// Searches every winning line of `level` with at most `par` lengthy actions (terminal activations
/// aside) for one that breaks an authoring rule.
pub fn audit(level: &Level, b: &Balance, par: u32, tutorial: bool, max_nodes: u64) -> Audit {
    let mut root = level.clone();
    crate::reactor::undo::refresh(&mut root, b);
    let mut w = Walk {
        b,
        par,
        tutorial,
        max_nodes,
        nodes: 0,
        seen: BTreeMap::new(),
        out_of_nodes: false,
        breach: None,
    };
    w.visit(&root, 0, &Past::default());
    Audit { breach: w.breach, nodes: w.nodes, complete: !w.out_of_nodes }
}

impl Walk<'_> {
    /// True once a breach is found or the nodes ran out.
    fn visit(&mut self, level: &Level, g: u32, past: &Past) -> bool {
        let region = Region::explore(level, self.b);
        let reachable = reactor_pos(level).is_some_and(|at| region.spots.iter().any(|(s, _)| s.pos == at));
        if reachable && state::readiness(level, self.b) {
            let broken = past
                .broken
                .clone()
                .or_else(|| critical_cell(level, self.b).map(Broken::StartedInCritical))
                .or_else(|| terminal_heat_after_start(level, self.b).map(Broken::StartPulseAtTerminalHeat))
                .or_else(|| (!self.tutorial && past.kinds.len() < 2).then_some(Broken::OneKind));
            if let Some(why) = broken {
                let mut tokens = past.tokens.clone();
                tokens.push("activate".into());
                self.breach = Some((tokens, why));
                return true;
            }
        }
        let deeper = g + 2 <= self.par;
        for (spot, _) in &region.spots {
            let mut here = level.clone();
            spot.place(&mut here);
            for cmd in candidates(&here) {
                let terminal = terminal_of(&here, cmd);
                if terminal.is_some_and(|t| past.read.contains(&t)) {
                    continue;
                }
                let cost = u32::from(terminal.is_none());
                if !deeper && cost == 1 {
                    continue;
                }
                if self.nodes >= self.max_nodes {
                    self.out_of_nodes = true;
                    return true;
                }
                let step = step_of(&here, cmd);
                let mut child = here.clone();
                if !matches!(command::execute(&mut child, self.b, cmd, Cascade::Skip), Outcome::Pulsed(_)) {
                    continue;
                }
                self.nodes += 1;
                if child.is_over() {
                    continue;
                }
                let next = self.extend(past, &here, &child, cmd, step, terminal);
                let k = (key(&child, self.b), next.signature());
                if self.seen.get(&k).is_some_and(|best| *best <= g + cost) {
                    continue;
                }
                self.seen.insert(k, g + cost);
                if self.visit(&child, g + cost, &next) {
                    return true;
                }
            }
        }
        false
    }

    /// The past after `cmd` took `before` to `after`.
    fn extend(
        &self,
        past: &Past,
        before: &Level,
        after: &Level,
        cmd: Command,
        step: Option<(Step, Option<usize>)>,
        terminal: Option<usize>,
    ) -> Past {
        let mut next = past.clone();
        next.tokens.push(format!(
            "{}@{},{}",
            crate::reactor::script::token(&crate::reactor::script::Action::Do(cmd)),
            before.robot.pos.x,
            before.robot.pos.y
        ));
        if let Some(t) = terminal {
            next.read.push(t);
            next.read.sort_unstable();
        }
        let Some((step, prop)) = step else { return next };
        if step.target != "terminal" && !next.kinds.contains(&step) {
            next.kinds.push(step);
            next.kinds.sort();
        }
        if let Some(k) = prop {
            let toggles = !matches!(
                before.props[k].kind,
                PropKind::Terminal | PropKind::Supply { .. } | PropKind::Reactor
            );
            if toggles {
                if !next.met.iter().any(|(j, _)| *j == k) {
                    next.met.push((k, before.props[k].kind));
                }
                let now = after.props[k].kind;
                if next.met.iter().any(|(j, s)| *j == k && *s == now) && next.broken.is_none() {
                    next.broken = Some(Broken::TogglesBack(after.props[k].pos));
                }
                next.met.push((k, now));
            }
        }
        next
    }
}
