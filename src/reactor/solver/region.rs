//! Quick moves collapsed into reachability: every robot spot (cell, heat immunity left, terminal
//! still active) reachable from the robot by safe `MoveRobot`s, with the shortest move path to each.

use crate::grid::{Facing, Pos};
use crate::reactor::balance::Balance;
use crate::reactor::bounds::{Bounds, MAX_CELLS};
use crate::reactor::command;
use crate::reactor::level::Level;
use std::collections::BTreeSet;

/// Where the robot stands and what it carries along: a move spends one step of heat immunity and ends
/// an active terminal, so two spots on one cell can differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Spot {
    pub pos: Pos,
    pub immunity: u32,
    pub terminal_active: bool,
}

impl Spot {
    pub fn of(level: &Level) -> Spot {
        Spot {
            pos: level.robot.pos,
            immunity: level.robot.heat_immunity,
            terminal_active: level.robot.terminal_active,
        }
    }

    /// Puts the robot on this spot (a quick-move result, not a rule of its own: the region found it).
    pub fn place(self, level: &mut Level) {
        level.robot.pos = self.pos;
        level.robot.heat_immunity = self.immunity;
        level.robot.terminal_active = self.terminal_active;
    }
}

/// The spots reachable from the robot, in breadth-first order (moves tried N, E, S, W), each with the
/// index of the spot it was reached from and the move that did it. The first is the robot's own.
pub struct Region {
    pub spots: Vec<(Spot, Option<(usize, Facing)>)>,
}

impl Region {
    pub fn explore(level: &Level, b: &Balance) -> Region {
        let start = Spot::of(level);
        let mut seen = Seen::new(level, b, start.immunity);
        let mut spots = vec![(start, None)];
        seen.first_visit(level, &start);
        let mut head = 0;
        while head < spots.len() {
            let from = spots[head].0;
            for f in Facing::ALL {
                let Ok((to, lost)) = command::move_target(level, b, from.pos, f, from.immunity) else {
                    continue;
                };
                if lost {
                    continue;
                }
                let next =
                    Spot { pos: to, immunity: from.immunity.saturating_sub(1), terminal_active: false };
                if seen.first_visit(level, &next) {
                    spots.push((next, Some((head, f))));
                }
            }
            head += 1;
        }
        Region { spots }
    }

    /// The moves from the robot's spot to spot number `k`, in order.
    pub fn path_to(&self, mut k: usize) -> Vec<Facing> {
        let mut moves = Vec::new();
        while let Some((from, f)) = self.spots[k].1 {
            moves.push(f);
            k = from;
        }
        moves.reverse();
        moves
    }

    pub fn find(&self, spot: Spot) -> Option<usize> {
        self.spots.iter().position(|(s, _)| *s == spot)
    }

    pub fn reaches(&self, pos: Pos) -> bool {
        self.spots.iter().any(|(s, _)| s.pos == pos)
    }
}

/// The spots met so far: one slot per (cell, immunity left, terminal active), since immunity only
/// falls. A flat table while that is no larger than the largest level a file can hold needs (the
/// loader bounds immunity, `bounds::Bounds::heat_immunity`); an ordered set past it, so that no robot,
/// however built, makes this allocate by its immunity.
enum Seen {
    Table { layers: usize, slots: Vec<bool> },
    Set(BTreeSet<(usize, u32, bool)>),
}

impl Seen {
    fn new(level: &Level, b: &Balance, immunity: u32) -> Seen {
        let layers = immunity as usize + 1;
        let most = MAX_CELLS * (Bounds::of(b).heat_immunity as usize + 1) * 2;
        let size = level.terrain.as_slice().len().checked_mul(layers).and_then(|n| n.checked_mul(2));
        match size {
            Some(n) if n <= most => Seen::Table { layers, slots: vec![false; n] },
            _ => Seen::Set(BTreeSet::new()),
        }
    }

    /// Marks `s` as met; true when it had not been (false off the map too: no such slot).
    fn first_visit(&mut self, level: &Level, s: &Spot) -> bool {
        let Some(i) = level.terrain.index(s.pos) else { return false };
        match self {
            Seen::Table { layers, slots } => {
                let k = (i * *layers + s.immunity as usize) * 2 + s.terminal_active as usize;
                !std::mem::replace(&mut slots[k], true)
            }
            Seen::Set(set) => set.insert((i, s.immunity, s.terminal_active)),
        }
    }
}

/// The robot's part of the dedup key: with no immunity and no active terminal, every cell of one
/// safe component is as good as another (each reaches the others and nothing else), so the component
/// stands for the robot, named by its first cell in index order. Otherwise the exact spot.
pub fn canonical(level: &Level, b: &Balance) -> (usize, u32, bool) {
    let s = Spot::of(level);
    let here = level.terrain.index(s.pos).unwrap_or(usize::MAX);
    if s.immunity > 0 || s.terminal_active {
        return (here, s.immunity, s.terminal_active);
    }
    // An unsafe cell under the robot can be left but not re-entered: it is its own component.
    if crate::reactor::hazards::unsafe_cell(level, b, s.pos, false) {
        return (here, 0, false);
    }
    let region = Region::explore(level, b);
    let first = region.spots.iter().filter_map(|(sp, _)| level.terrain.index(sp.pos)).min();
    (first.unwrap_or(here), 0, false)
}
