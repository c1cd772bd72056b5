//! The one balance table: every number the seed calls "balance-defined", read by rules and tests alike.

use super::level::{Carrier, Difficulty, Quantity};

/// Every balance-defined value. Rules never hold a literal that belongs here.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    /// Amount and intensity an enabled flow prop injects, per carrier (fuel, coolant, electricity).
    pub source_amount: [f32; 3],
    pub source_intensity: [f32; 3],
    /// Subtracted per cell walked from the source, per carrier. Must be positive (it ends the walk).
    pub falloff_amount: [f32; 3],
    pub falloff_intensity: [f32; 3],
    /// Upper clamp of network values.
    pub max_amount: f32,
    pub max_intensity: f32,
    /// Junction ratio modes: weights of the outgoing branches in clockwise order from north
    /// (a two-branch junction uses the first two weights).
    pub junction_modes: Vec<[f32; 3]>,
    /// A consumer's carrier is supplied when amount and intensity both reach these, per carrier.
    pub consumer_min_amount: [f32; 3],
    pub consumer_min_intensity: [f32; 3],
    /// Band cut points per surface quantity (fuel, water, electricity, heat): [caution, critical].
    pub bands: [[f32; 2]; 4],
    /// Upper clamp of every surface value.
    pub max_surface: f32,
    /// `Flow(amount)` per quantity: the most moved across one pair of neighbours per step.
    pub flow_rate: [f32; 4],
    /// Flow never moves more than this fraction of the difference; at most 0.25, so that a cell giving to
    /// four neighbours at once can neither overshoot equalisation nor go below zero.
    pub flow_fraction: f32,
    pub dilute: f32,
    pub warm: f32,
    pub quench: f32,
    pub conduct_multiplier: f32,
    pub ignite_heat: f32,
    pub ignite_fuel: f32,
    pub ambient_evaporation: f32,
    pub heat_evaporation_scale: f32,
    pub evaporation_cooling_scale: f32,
    pub max_integrity: f32,
    pub integrity_high_intensity: f32,
    /// Damage scale per difficulty (easy, normal, hard); normal is 0.25 as the seed says.
    pub damage_scale: [f32; 3],
    pub leak_threshold: f32,
    /// Surface value a fed leak injects per pulse per unit of intensity, per carrier.
    pub leak_injection: [f32; 3],
    /// Sprinkler water per pulse, and the intensity its discharge removes from its coolant branch.
    pub sprinkler_discharge: f32,
    pub sprinkler_pressure_drop: f32,
    pub steps_per_pulse: u32,
    pub forecast_horizon: u32,
    pub inventory_capacity: usize,
    pub remedy_block_pulses: u32,
    pub heat_shield_steps: u32,
    pub terminal_heat: f32,
    /// Radius (cells) within which a sprinkler outlet or supply counts as useful for validation warnings.
    pub usefulness_radius: i32,
}

impl Default for Balance {
    fn default() -> Self {
        Self::normal()
    }
}

impl Balance {
    /// The shipped table.
    pub fn normal() -> Self {
        Self {
            source_amount: [10.0, 10.0, 10.0],
            source_intensity: [8.0, 8.0, 8.0],
            falloff_amount: [0.5, 0.5, 0.5],
            falloff_intensity: [0.5, 0.5, 0.5],
            max_amount: 20.0,
            max_intensity: 20.0,
            junction_modes: vec![
                [1.0, 1.0, 1.0],
                [1.0, 0.5, 0.5],
                [0.5, 1.0, 0.5],
                [0.5, 0.5, 1.0],
                [1.0, 0.0, 0.0],
            ],
            consumer_min_amount: [3.0, 3.0, 3.0],
            consumer_min_intensity: [3.0, 3.0, 3.0],
            bands: [[3.0, 6.0], [3.0, 6.0], [3.0, 6.0], [4.0, 7.0]],
            max_surface: 10.0,
            flow_rate: [0.25, 0.25, 0.25, 0.25],
            flow_fraction: 0.25,
            dilute: 0.5,
            warm: 0.25,
            quench: 0.5,
            conduct_multiplier: 2.0,
            ignite_heat: 1.0,
            ignite_fuel: 0.25,
            ambient_evaporation: 0.05,
            heat_evaporation_scale: 0.05,
            evaporation_cooling_scale: 0.5,
            max_integrity: 10.0,
            integrity_high_intensity: 5.0,
            damage_scale: [0.125, 0.25, 0.5],
            leak_threshold: 5.0,
            leak_injection: [0.25, 0.25, 0.25],
            sprinkler_discharge: 4.0,
            sprinkler_pressure_drop: 3.0,
            steps_per_pulse: 4,
            forecast_horizon: 3,
            inventory_capacity: 3,
            remedy_block_pulses: 3,
            heat_shield_steps: 4,
            terminal_heat: 9.0,
            usefulness_radius: 3,
        }
    }

    pub fn damage(&self, d: Difficulty) -> f32 {
        self.damage_scale[d as usize]
    }

    pub fn caution(&self, q: Quantity) -> f32 {
        self.bands[q as usize][0]
    }

    pub fn critical(&self, q: Quantity) -> f32 {
        self.bands[q as usize][1]
    }

    pub fn source(&self, c: Carrier) -> (f32, f32) {
        (self.source_amount[c as usize], self.source_intensity[c as usize])
    }
}
