//! Every tuning number of the game, in one table. Tests read expectations from here.

/// The balance table. One `const` instance, [`BALANCE`], is the game's tuning.
#[derive(Clone, Copy, Debug)]
pub struct Balance {
    // Generation: grid side is 2n+1 with n = min(grid_n_base + depth, grid_n_max).
    pub grid_n_base: u32,
    pub grid_n_max: u32,
    pub room_min: i32,
    pub room_max: i32,
    /// Room placement attempts per level; rooms that would overlap are rejected.
    pub room_attempts: u32,
    /// Chance (percent) that a corridor is carved two cells wide instead of one.
    pub wide_corridor_percent: u32,
    /// Extra corridors beyond the spanning tree, per ten rooms, so levels have some loops.
    pub extra_loops_per_ten_rooms: u32,
}

pub const BALANCE: Balance = Balance {
    grid_n_base: 15,
    grid_n_max: 28,
    room_min: 3,
    room_max: 6,
    room_attempts: 400,
    wide_corridor_percent: 35,
    extra_loops_per_ten_rooms: 1,
};
