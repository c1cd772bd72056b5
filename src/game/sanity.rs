//! When sanity breaks (plan §6): phantom cells, the shifting maze, darkness, and how mad the view looks.

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::gen::connectivity::distances;
use super::gen::landmarks::{self, LandmarkKind};
use super::map::Tile;
use super::run::Game;
use crate::grid::Pos;
use rand::RngExt;

pub use super::messages::{SOLID_STONE as MSG_SOLID_STONE, WALL_NEVER_THERE as MSG_WALL_NEVER_THERE};
pub use super::phantom::Phantom;

/// How strongly each visual effect shows; the type belongs to the scene contract.
pub use crate::scene::Madness;

/// Sanity percent at which each effect begins and where it is full: smoothstep between them, so
/// crossing a band edge never makes the picture jump (SPEC "Sanity").
const RAMPS: [(f32, f32); 6] =
    [(80.0, 40.0), (80.0, 40.0), (60.0, 20.0), (40.0, 10.0), (40.0, 5.0), (20.0, 0.0)];

fn ramp((begin, full): (f32, f32), sanity: f32) -> f32 {
    let t = ((begin - sanity) / (begin - full)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

pub fn madness(sanity_percent: f32) -> Madness {
    let r = RAMPS.map(|edges| ramp(edges, sanity_percent));
    Madness {
        colour_drift: r[0],
        breathing: r[1],
        flicker: r[2],
        warp: r[3],
        false_player: r[4],
        distortion: r[5],
    }
}

/// The fraction of the torchlight left after hunger and depth (plan §6.6): the two dimmings multiply.
pub fn light_scale(weakness: i32, depth: u32) -> f32 {
    let hunger = weakness.clamp(0, BALANCE.max_weakness) as f32 / BALANCE.max_weakness as f32;
    let full_at = BALANCE.depth_dimming_full_at.max(2);
    let deep = (depth.max(1) - 1).min(full_at - 1) as f32 / (full_at - 1) as f32;
    (1.0 - BALANCE.max_weakness_dimming * hunger) * (1.0 - BALANCE.max_depth_dimming * deep)
}

/// How dark the depth alone makes it, 0 (depth 1) to the full depth dimming (plan §6.6).
pub fn depth_darkness(depth: u32) -> f32 {
    1.0 - light_scale(0, depth)
}

/// Sanity (thousandths) the dungeon takes from the player each turn at `depth`: the slow drain of
/// depth and the gnawing of the dark. Saturates instead of wrapping at absurd depths.
pub fn turn_drain(depth: u32) -> i32 {
    let deep = BALANCE.sanity_drain_per_depth.saturating_mul(depth.min(i32::MAX as u32) as i32);
    let dark = (BALANCE.darkness_sanity as f32 * depth_darkness(depth)).round() as i32;
    deep.saturating_add(dark)
}

/// Sanity (thousandths) one calm rest gives back at `depth`: less the darker it is.
pub fn rest_gain(depth: u32) -> i32 {
    (BALANCE.rest_sanity as f32 * light_scale(0, depth)).round() as i32
}

/// [`turn_drain`] where the player stands: beside a wall torch the dark's share is only
/// `torch_darkness_percent` percent (the depth's share is unchanged).
pub fn turn_drain_at(depth: u32, by_torch: bool) -> i32 {
    if !by_torch {
        return turn_drain(depth);
    }
    let dark = (BALANCE.darkness_sanity as f32 * depth_darkness(depth)).round() as i32;
    let kept = dark * BALANCE.torch_darkness_percent / 100;
    turn_drain(depth).saturating_sub(dark - kept)
}

/// [`rest_gain`] where the player rests: `shrine_rest_times` as much beside a shrine.
pub fn rest_gain_at(depth: u32, by_shrine: bool) -> i32 {
    rest_gain(depth) * if by_shrine { BALANCE.shrine_rest_times } else { 1 }
}

/// The sanity (thousandths) rest cannot lift the player above at `depth`: it falls with depth, and
/// stands `shrine_ceiling_bonus` higher beside a shrine. Saturates at absurd depths.
pub fn rest_ceiling(depth: u32, by_shrine: bool) -> i32 {
    let below = depth.max(1).saturating_sub(1).min(i32::MAX as u32) as i32;
    let fallen =
        BALANCE.rest_ceiling_top.saturating_sub(BALANCE.rest_ceiling_per_depth.saturating_mul(below));
    let bonus = if by_shrine { BALANCE.shrine_ceiling_bonus } else { 0 };
    (fallen.max(BALANCE.rest_ceiling_floor) + bonus).min(BALANCE.max_sanity)
}

/// What one calm rest actually gives a player at `sanity`: [`rest_gain_at`], but never above
/// [`rest_ceiling`] (and nothing at all once sanity stands at or above it).
pub fn rest_gain_from(sanity: i32, depth: u32, by_shrine: bool) -> i32 {
    let room = rest_ceiling(depth, by_shrine).saturating_sub(sanity).max(0);
    rest_gain_at(depth, by_shrine).min(room)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_grows_smoothly_as_sanity_falls() {
        let mut last = madness(100.0);
        for step in 1..=1000 {
            let now = madness(100.0 - step as f32 * 0.1);
            for (a, b) in [
                (last.colour_drift, now.colour_drift),
                (last.breathing, now.breathing),
                (last.flicker, now.flicker),
                (last.warp, now.warp),
                (last.false_player, now.false_player),
                (last.distortion, now.distortion),
            ] {
                assert!(b >= a, "effects never weaken as sanity falls");
                assert!(b - a < 0.01, "no jump: {a} -> {b} at step {step}");
            }
            last = now;
        }
        assert_eq!(madness(100.0), Madness::default());
        assert!(madness(0.0).distortion > 0.99);
    }
}
