//! Iterative deepening over lengthy actions: depth-first up to a limit of lengthy actions, the limit
//! raised by one until a win is found, so the first win is a shortest one (the par). A transposition
//! table (ordered, keyed by `key::key`) keeps the fewest lengthy actions each state was reached in
//! during the current round and prunes every later arrival that is no better. Depth-first keeps only
//! one line of levels in memory; each round repeats the shallower ones, which costs about one more
//! round's worth of the last, since the tree widens by several actions per level.
//!
//! Par counts lengthy actions other than terminal activations (REACTOR.md, "Decided 2026-12": reading
//! a forecast is never punished), so a terminal activation costs the line nothing. To keep a round
//! finite, a line activates each terminal at most once: activating it again after walking off is only
//! a way to let a pulse pass (a wait, which the authoring rules forbid on a par line), so the search
//! does not try it, and which terminals a line has read is part of its dedup key.

use super::key::key;
use super::moves::candidates;
use super::region::{Region, Spot};
use crate::reactor::balance::Balance;
use crate::reactor::command::{self, Command, Outcome};
use crate::reactor::level::{Level, PropKind, Status};
use crate::reactor::pulse::Cascade;
use crate::reactor::script::Action;
use crate::reactor::state;
use std::collections::BTreeMap;

/// The default bounds. 300 000 simulated lengthy actions take well under a minute on the campaign's
/// room sizes in a test build and far more than its levels need; 40 lengthy actions is several times
/// any designed par. Either bound, once hit, makes the answer "not proven", never a wrong par.
pub const NODE_LIMIT: u64 = 300_000;
pub const DEPTH_LIMIT: u32 = 40;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Lengthy actions simulated, over every round.
    pub nodes: u64,
    /// Lengthy actions in one solution, the final activation included.
    pub depth: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { nodes: NODE_LIMIT, depth: DEPTH_LIMIT }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A shortest win: `par` lengthy actions; `actions` the whole line, moves included.
    Won { par: u32, actions: Vec<Action> },
    /// Every reachable state was searched and none wins.
    Unwinnable,
    /// A bound was hit first; no win uses `no_win_within` lengthy actions or fewer.
    Bounded { no_win_within: u32 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub verdict: Verdict,
    /// Lengthy actions simulated, over every round.
    pub nodes: u64,
}

/// One lengthy action of a line: where the robot stood (reached by quick moves) and what it did.
#[derive(Clone, Copy, Debug)]
struct Step {
    spot: Spot,
    cmd: Command,
    /// A terminal activation: not counted toward par.
    free: bool,
}

struct Round<'a> {
    b: &'a Balance,
    limit: u32,
    max_nodes: u64,
    nodes: u64,
    seen: BTreeMap<(u128, Vec<usize>), u32>,
    line: Vec<Step>,
    /// The terminals (prop indices, ascending) this line has activated: free, once each.
    read: Vec<usize>,
    /// More states lay beyond the limit (so an empty round proves nothing).
    cut: bool,
    out_of_nodes: bool,
    win: Option<(Vec<Step>, Spot)>,
}

/// The level with derived state computed, as `Game::new` starts it.
fn start_of(level: &Level, b: &Balance) -> Level {
    let mut l = level.clone();
    crate::reactor::undo::refresh(&mut l, b);
    l
}

/// Searches for a shortest win of `level` (as loaded, or a game in progress).
pub fn solve(level: &Level, b: &Balance, limits: Limits) -> Report {
    let root = start_of(level, b);
    let mut nodes = 0;
    if root.is_over() {
        let verdict = if root.status == Status::Won {
            Verdict::Won { par: 0, actions: Vec::new() }
        } else {
            Verdict::Unwinnable
        };
        return Report { verdict, nodes };
    }
    for limit in 1..=limits.depth {
        let mut r = Round {
            b,
            limit,
            max_nodes: limits.nodes,
            nodes,
            seen: BTreeMap::new(),
            line: Vec::new(),
            read: Vec::new(),
            cut: false,
            out_of_nodes: false,
            win: None,
        };
        r.seen.insert((key(&root, b), Vec::new()), 0);
        r.visit(&root, 0);
        nodes = r.nodes;
        if let Some((line, last)) = r.win {
            let paid = line.iter().filter(|s| !s.free).count() as u32;
            let actions = spell(&root, b, &line, last);
            return Report { verdict: Verdict::Won { par: paid + 1, actions }, nodes };
        }
        if r.out_of_nodes {
            return Report { verdict: Verdict::Bounded { no_win_within: limit - 1 }, nodes };
        }
        if !r.cut {
            return Report { verdict: Verdict::Unwinnable, nodes };
        }
    }
    Report { verdict: Verdict::Bounded { no_win_within: limits.depth }, nodes }
}

/// The terminal (prop index) `cmd` would activate from `level`, if it activates one.
pub(super) fn terminal_of(level: &Level, cmd: Command) -> Option<usize> {
    let Command::InteractProp(at) = cmd else { return None };
    crate::reactor::props::choose(level, at)
        .ok()
        .filter(|k| matches!(level.props[*k].kind, PropKind::Terminal))
}

pub(super) fn reactor_pos(level: &Level) -> Option<crate::grid::Pos> {
    level.props.iter().find(|p| matches!(p.kind, PropKind::Reactor)).map(|p| p.pos)
}

impl Round<'_> {
    /// Visits a state reached by `g` lengthy actions that count toward par; true once a win is found
    /// (or the nodes ran out).
    fn visit(&mut self, level: &Level, g: u32) -> bool {
        let region = Region::explore(level, self.b);
        if state::readiness(level, self.b) {
            if let Some(at) = reactor_pos(level) {
                if let Some((spot, _)) = region.spots.iter().find(|(s, _)| s.pos == at) {
                    self.win = Some((self.line.clone(), *spot));
                    return true;
                }
            }
        }
        // A child here would need at least two more lengthy actions (its own and the activation),
        // or only the activation after a free terminal read.
        let deeper = g + 2 <= self.limit;
        for (spot, _) in &region.spots {
            let mut here = level.clone();
            spot.place(&mut here);
            for cmd in candidates(&here) {
                let terminal = terminal_of(&here, cmd);
                if terminal.is_some_and(|t| self.read.contains(&t)) {
                    continue;
                }
                let cost = u32::from(terminal.is_none());
                if !deeper && cost == 1 {
                    // Whether anything lies beyond the limit; accepted or not, it only makes the
                    // round's "nothing left" claim more careful. A free terminal read may still follow.
                    self.cut = true;
                    continue;
                }
                if self.nodes >= self.max_nodes {
                    self.out_of_nodes = true;
                    return true;
                }
                let mut child = here.clone();
                if !matches!(command::execute(&mut child, self.b, cmd, Cascade::Skip), Outcome::Pulsed(_)) {
                    continue;
                }
                self.nodes += 1;
                if child.is_over() {
                    continue;
                }
                let mut read = self.read.clone();
                if let Some(t) = terminal {
                    read.push(t);
                    read.sort_unstable();
                }
                let k = (key(&child, self.b), read);
                if self.seen.get(&k).is_some_and(|best| *best <= g + cost) {
                    continue;
                }
                let read = std::mem::replace(&mut self.read, k.1.clone());
                self.seen.insert(k, g + cost);
                self.line.push(Step { spot: *spot, cmd, free: cost == 0 });
                let done = self.visit(&child, g + cost);
                self.line.pop();
                self.read = read;
                if done {
                    return true;
                }
            }
        }
        false
    }
}

/// The line written out in the script grammar: before each lengthy action the shortest safe moves to
/// its spot, replayed through the rules so that each region is the one the player will meet.
fn spell(root: &Level, b: &Balance, line: &[Step], last: Spot) -> Vec<Action> {
    let mut level = root.clone();
    let mut out = Vec::new();
    let walk = |level: &mut Level, out: &mut Vec<Action>, spot: Spot| {
        let region = Region::explore(level, b);
        let k = region.find(spot).expect("the search found this spot reachable");
        for f in region.path_to(k) {
            command::execute(level, b, Command::MoveRobot(f), Cascade::Skip);
            out.push(Action::Do(Command::MoveRobot(f)));
        }
    };
    for step in line {
        walk(&mut level, &mut out, step.spot);
        command::execute(&mut level, b, step.cmd, Cascade::Skip);
        out.push(Action::Do(step.cmd));
    }
    walk(&mut level, &mut out, last);
    out.push(Action::Do(Command::ActivateReactor));
    out
}
