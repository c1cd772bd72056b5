//! The score of a run (plan §9.1).

use super::balance::BALANCE;

/// Score = kills × 100 + depth² × 50 + weapon base damage × 500 (factors from the balance table).
pub fn score(kills: u32, depth: u32, weapon: i32) -> i64 {
    i64::from(kills) * BALANCE.score_per_kill
        + i64::from(depth) * i64::from(depth) * BALANCE.score_per_depth_squared
        + i64::from(weapon) * BALANCE.score_per_weapon_damage
}
