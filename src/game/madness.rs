//! What a breaking mind does to a run (plan §6): phantom cells, the shifting maze, and the torches
//! and shrines that steady it. These are `Game` methods that sit above `run.rs`, while the numbers
//! they follow stay in `sanity.rs` below it, so neither file reaches back to the other.

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::gen::connectivity::distances;
use super::gen::landmarks::{self, LandmarkKind};
use super::map::Tile;
use super::run::Game;
use super::sanity::{light_scale, madness, Madness, Phantom};
use crate::grid::Pos;
use rand::RngExt;

impl Game {
    /// Whether the player stands within `torch_radius` of a wall torch's lit cell.
    pub fn by_torch(&self) -> bool {
        self.landmark_near(LandmarkKind::Torch, BALANCE.torch_radius)
    }

    /// Whether the player stands on or beside a shrine.
    pub fn by_shrine(&self) -> bool {
        self.landmark_near(LandmarkKind::Shrine, 1)
    }

    fn landmark_near(&self, kind: LandmarkKind, radius: i32) -> bool {
        let at = self.player.pos;
        self.floor.level.landmarks.iter().any(|l| l.kind == kind && landmarks::near(l, at, radius))
    }

    pub fn phantom_at(&self, p: Pos) -> Phantom {
        self.floor.phantoms.at(p)
    }

    /// What the player believes stands at `p` this turn.
    pub fn apparent_tile(&self, p: Pos) -> Tile {
        match (self.floor.level.map.get(p), self.phantom_at(p)) {
            (_, Phantom::Wall) => Tile::Wall,
            (Tile::Wall, Phantom::Passage) => Tile::Floor,
            (tile, _) => tile,
        }
    }

    pub fn madness(&self) -> Madness {
        madness(self.player.sanity_percent())
    }

    pub fn light_scale(&self) -> f32 {
        light_scale(self.player.weakness, self.depth)
    }

    pub(crate) fn clear_phantom(&mut self, p: Pos) {
        self.floor.phantoms.set(p, Phantom::None);
    }

    /// Chooses this turn's phantoms among the cells the player can see. Drawn once per turn from the
    /// gameplay stream, so they hold still until the next action.
    pub(crate) fn roll_phantoms(&mut self) {
        self.floor.phantoms.as_mut_slice().iter_mut().for_each(|p| *p = Phantom::None);
        let percent = BALANCE.band_for(self.player.sanity).phantom_percent;
        if percent == 0 {
            return;
        }
        let per_100k = percent * BALANCE.phantom_cell_per_mille_of_percent;
        for p in self.visible_cells() {
            let candidate = match self.floor.level.map.get(p) {
                Tile::Floor if p != self.player.pos && self.entity_at(p).is_none() => Phantom::Wall,
                Tile::Wall if !self.floor.level.map.is_border(p) && self.touches_floor(p) => Phantom::Passage,
                _ => continue,
            };
            if self.rng.random_range(0..100_000) < per_100k {
                self.floor.phantoms.set(p, candidate);
            }
        }
    }

    fn touches_floor(&self, p: Pos) -> bool {
        p.neighbours4().iter().any(|&n| self.floor.level.map.is_walkable(n))
    }

    /// On turn resolution, out of the player's sight, a few cells may swap wall for passage (§6.4).
    pub(crate) fn shift_maze(&mut self, report: &mut TurnReport) {
        let percent = BALANCE.band_for(self.player.sanity).shift_percent;
        if self.depth < BALANCE.shift_min_depth || percent == 0 || self.rng.random_range(0..100) >= percent {
            return;
        }
        let candidates: Vec<Pos> = self.floor.level.map.cells().filter(|&p| self.may_shift(p)).collect();
        if candidates.is_empty() {
            return;
        }
        let (lo, hi) = BALANCE.shift_cells;
        let count = self.rng.random_range(lo..=hi);
        let mut flipped = Vec::new();
        for _ in 0..count {
            let p = candidates[self.rng.random_range(0..candidates.len())];
            if flipped.contains(&p) {
                continue;
            }
            let before = self.floor.level.map.get(p);
            let after = if before == Tile::Wall { Tile::Floor } else { Tile::Wall };
            self.floor.level.map.set(p, after);
            if self.keeps_the_way_out() {
                flipped.push(p);
            } else {
                self.floor.level.map.set(p, before); // would trap the player: undone
            }
        }
        if !flipped.is_empty() {
            report.events.push(Event::MazeShifted { cells: flipped });
        }
    }

    /// A cell may flip if the player cannot see it, it is not on the border, the exit or the player's
    /// cell, nothing stands on it, and (for walls) it borders a passage so the change means something.
    fn may_shift(&self, p: Pos) -> bool {
        let map = &self.floor.level.map;
        if map.is_border(p) || self.is_visible(p) || p == self.player.pos || p == self.floor.level.exit {
            return false;
        }
        // Landmarks stay put: a torch's wall and the floor it lights, a shrine's cell.
        if self.floor.level.landmarks.iter().any(|l| l.pos == p || l.lit_cell() == p) {
            return false;
        }
        match map.get(p) {
            Tile::Wall => self.touches_floor(p),
            Tile::Floor => self.entity_at(p).is_none(),
            Tile::Exit => false,
        }
    }

    /// The exit is still reachable from the player, and the player is not walled in.
    pub fn keeps_the_way_out(&self) -> bool {
        let map = &self.floor.level.map;
        let exit = self.floor.level.exit;
        let dist = distances(map, self.player.pos);
        let exit_ok = !map.in_bounds(exit) || dist.at(exit).is_some();
        exit_ok && self.touches_floor(self.player.pos)
    }
}
