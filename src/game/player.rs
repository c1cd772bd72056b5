//! The player: position, facing and the three resources, weapon and inventory (plan §4, §5).

use super::balance::BALANCE;
use super::inventory::Inventory;
use super::status::Statuses;
use crate::grid::{Facing, Pos};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub pos: Pos,
    pub facing: Facing,
    pub hp: i32,
    pub max_hp: i32,
    /// Thousandths of a percent point: 100_000 is full sanity.
    pub sanity: i32,
    pub weakness: i32,
    /// Counts player turns, shown on the HUD as a heartbeat.
    pub heartbeat: u64,
    /// Base damage of the equipped weapon (fists are 1).
    pub weapon: i32,
    pub inventory: Inventory,
    pub statuses: Statuses,
}

impl Player {
    pub fn new(pos: Pos, facing: Facing) -> Self {
        Self {
            pos,
            facing,
            hp: BALANCE.start_hp,
            max_hp: BALANCE.max_hp,
            sanity: BALANCE.max_sanity,
            weakness: 0,
            heartbeat: 0,
            weapon: BALANCE.start_weapon,
            inventory: Inventory::default(),
            statuses: Statuses::default(),
        }
    }

    /// Sanity as a percentage, 0.0..=100.0.
    pub fn sanity_percent(&self) -> f32 {
        self.sanity as f32 * 100.0 / BALANCE.max_sanity as f32
    }

    pub fn lose_sanity(&mut self, amount: i32) {
        self.sanity = (self.sanity - amount).clamp(0, BALANCE.max_sanity);
    }

    pub fn gain_sanity(&mut self, amount: i32) {
        self.lose_sanity(-amount);
    }

    pub fn change_weakness(&mut self, delta: i32) {
        self.weakness = (self.weakness + delta).clamp(0, BALANCE.max_weakness);
    }

    pub fn take_damage(&mut self, amount: i32) {
        self.hp = (self.hp - amount).max(0);
    }

    /// Heals up to the maximum; returns how much was actually restored.
    pub fn heal(&mut self, amount: i32) -> i32 {
        let before = self.hp;
        self.hp = (self.hp + amount).min(self.max_hp);
        self.hp - before
    }
}
