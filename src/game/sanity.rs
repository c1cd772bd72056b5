//! When sanity breaks (plan §6): how mad the view looks, how dark a depth is and how fast the mind
//! drains and steadies, as plain functions of numbers. What a breaking mind does to a run (phantom
//! cells, the shifting maze) is `madness.rs`, above the run, so the run can ask these rules without a
//! circle back to itself.

use super::balance::BALANCE;

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
