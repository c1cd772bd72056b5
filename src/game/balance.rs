//! Every tuning number of the game, in one table. Tests read expectations from here.

/// The balance table. One `const` instance, [`BALANCE`], is the game's tuning.
#[derive(Clone, Copy, Debug)]
pub struct Balance {
    // Generation: grid side is 2n+1 with n = min(grid_n_base + depth, grid_n_max).
    pub grid_n_base: u32,
    pub grid_n_max: u32,
    /// Smallest and largest room side, in cells (rooms are room_min×room_min to room_max×room_max).
    pub room_min: i32,
    pub room_max: i32,
    /// Fewest wall cells between two rooms. At least 1 by the rules; more leaves corridors room to
    /// run between rooms without merging them into one open hall.
    pub room_gap: i32,
    /// Interior cells per room: a level aims for (interior area / this) rooms, so bigger grids get
    /// more rooms at the same density.
    pub interior_cells_per_room: u32,
    /// Candidate rooms drawn for the next room, per room already placed plus one; the candidate
    /// farthest from the placed rooms wins, which spreads rooms over the grid instead of bunching.
    pub room_candidates_per_room: u32,
    /// Candidate draws per level in all; placement stops early once the room target is met.
    pub room_attempts: u32,
    /// Random routes tried per corridor (and per width) before settling for the least flawed one.
    pub corridor_candidates: u32,
    /// Chance (percent) that a corridor is carved two cells wide instead of one.
    pub wide_corridor_percent: u32,
    /// Extra corridors beyond the spanning tree, per ten rooms (rounded), so levels have some
    /// loops.
    pub extra_loops_per_ten_rooms: u32,
    /// A loop corridor joins a room to one of its this-many nearest rooms, so loops stay short.
    pub loop_neighbours: usize,
}

pub const BALANCE: Balance = Balance {
    grid_n_base: 15,
    grid_n_max: 28,
    room_min: 3,
    room_max: 6,
    room_gap: 2,
    interior_cells_per_room: 100,
    room_candidates_per_room: 4,
    room_attempts: 4000,
    corridor_candidates: 12,
    wide_corridor_percent: 35,
    extra_loops_per_ten_rooms: 2,
    loop_neighbours: 3,
};

// The rules the generation numbers must keep, checked when the table is compiled: rooms have at
// least one wall between them, room sizes form a range, and the widest grid fits the generator's
// bitboard rows (u128).
const _: () = assert!(BALANCE.room_gap >= 1);
const _: () = assert!(BALANCE.room_min >= 1 && BALANCE.room_min <= BALANCE.room_max);
const _: () = assert!(2 * BALANCE.grid_n_max < u128::BITS);
