//! Quick moves collapsed into reachability: every robot spot (cell, heat immunity left, terminal
//! still active) reachable from the robot by safe `MoveRobot`s, with the shortest move path to each.

use crate::grid::{Facing, Pos};
use crate::reactor::balance::Balance;
use crate::reactor::command;
use crate::reactor::level::Level;

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
        let cells = level.terrain.as_slice().len();
        let layers = start.immunity as usize + 1;
        // One slot per (cell, immunity left, terminal active): immunity only falls, so this is finite.
        let slot = |s: &Spot| -> Option<usize> {
            let i = level.terrain.index(s.pos)?;
            Some((i * layers + s.immunity as usize) * 2 + s.terminal_active as usize)
        };
        let mut seen = vec![false; cells * layers * 2];
        let mut spots = vec![(start, None)];
        if let Some(k) = slot(&start) {
            seen[k] = true;
        }
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
                let Some(k) = slot(&next) else { continue };
                if !seen[k] {
                    seen[k] = true;
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
