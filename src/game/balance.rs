//! Every tuning number of the game, in one table. Tests read expectations from here.

use super::content::{Family, ItemRow, ENEMY_TABLE, FAMILIES, ITEMS, PICKUP_TABLE};
use super::entity::{Item, Variant};
use super::gen::kind::Generator;
use super::status::StatusKind;
use super::tables::Weighted;
use super::theme::Theme;

/// Enemy stats for the depths from `min_depth` on (plan §2.3); the deepest tier keeps growing.
#[derive(Clone, Copy, Debug)]
pub struct EnemyTier {
    pub min_depth: u32,
    pub hp: (i32, i32),
    pub damage: (i32, i32),
}

/// How a weapon found on the floor compares to the depth's standard blade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponQuality {
    pub bonus: i32,
}

/// The deepest level a run may start at or be loaded at: far beyond any real descent (levels stop
/// growing at depth 13), low enough that every per-depth number stays inside its integer type.
pub const MAX_DEPTH: u32 = 1_000_000;

/// Most wall torches a level holds: the world shader's light table has this many slots.
pub const MAX_TORCHES: usize = 8;

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
    /// The exit room is the room whose centre's walk from the start is nearest this share (percent)
    /// of the longest walk to any room centre: 100 is the farthest room, less brings the way down
    /// nearer so that a level need not be crossed to its far end.
    pub exit_walk_percent: u32,
    /// Which generator lays a depth out: weighted, depth-gated rows (see docs/rules.md
    /// "Generation"), drawn from the depth's own layout stream.
    pub generator_table: &'static [Weighted<Generator>],
    /// Caves: percent of the interior filled with wall at first, the 4-5 smoothing passes (a range
    /// drawn per level), the smallest share of the interior (percent) the kept cavern may have before
    /// the cave is drawn again, and how many draws before the drunkard's walk takes over.
    pub cave_fill_percent: u32,
    pub cave_smoothing_passes: (u32, u32),
    pub cave_min_open_percent: u32,
    pub cave_attempts: u32,
    /// Drunkard's walk: the share of the interior (percent) it carves, and the chance (percent) per
    /// step that the walker keeps its heading (higher: longer, straighter tunnels).
    pub drunkard_floor_percent: u32,
    pub drunkard_keep_heading_percent: u32,
    /// BSP: the smallest side (cells) of a partition leaf.
    pub bsp_min_leaf: i32,
    /// Layouts without rooms keep enemies out of the cells within this many (Chebyshev) of the
    /// start, as rooms layouts keep them out of the start room.
    pub start_clear_radius: i32,
    /// Wall torches per level (a range), and the candidates drawn for each (the one farthest from
    /// the torches already placed wins).
    pub torches: (u32, u32),
    pub torch_candidates: u32,
    /// Within this many cells (Chebyshev) of the cell a torch lights, the dark frightens only
    /// `torch_darkness_percent` percent as much (`darkness_sanity`).
    pub torch_radius: i32,
    pub torch_darkness_percent: i32,
    /// A shrine stands on every level from this depth, at least this many steps (Manhattan) from
    /// the start; resting within one cell of it restores `shrine_rest_times` times the usual rest.
    pub shrine_min_depth: u32,
    pub shrine_min_distance: i32,
    pub shrine_rest_times: i32,
    /// The look of the levels by depth band: from each row's depth to the next row's.
    pub theme_bands: &'static [(u32, Theme)],

    // Player resources (plan §4.1). Sanity is kept in thousandths of a percent point so that slow
    // drains stay whole numbers: 100% = 100_000.
    pub start_hp: i32,
    pub max_hp: i32,
    /// The body hardens on the way down: arriving at each depth listed here (by descent, or a
    /// practice run started there or deeper) raises max HP by `max_hp_step` and heals as much, so
    /// the player's HP keeps some pace with the enemy tiers (docs/rules.md "Pacing").
    pub max_hp_step_depths: &'static [u32],
    pub max_hp_step: i32,
    pub max_sanity: i32,
    pub max_weakness: i32,
    pub start_weapon: i32,
    /// Weakness gained on every `weakness_every`-th player turn (plan §4.2: every turn).
    pub weakness_per_turn: i32,
    pub weakness_every: u64,
    /// HP lost per turn while weakness is at its maximum.
    pub starvation_damage: i32,
    /// While weakness is below this, the body mends: +1 HP every `regen_every` turns. Hunger thus
    /// decides healing as well as starving (the plan has no other source of HP but bandages).
    pub regen_below_weakness: i32,
    pub regen_every: u64,
    /// Sanity lost per player turn for each depth level (thousandths): the slow drain of SPEC.
    pub sanity_drain_per_depth: i32,
    /// Sanity lost per player turn in full darkness (thousandths), scaled by the depth dimming
    /// (plan §6.6): the deeper, the darker, the more the dark gnaws. Hunger's dimming does not
    /// count, so that eating is not also a cure for madness.
    pub darkness_sanity: i32,
    /// Sanity lost to every real blow taken (thousandths): fighting frightens.
    pub blow_sanity: i32,
    /// Sanity regained by resting (C) with no creature in view and no terror on you, in full light
    /// (thousandths); scaled by the light left at this depth, so the deep dark barely answers it.
    pub rest_sanity: i32,
    /// Rest never lifts sanity above a ceiling that falls with depth (thousandths):
    /// `rest_ceiling_top` at depth 1, `rest_ceiling_per_depth` less each depth below, never under
    /// `rest_ceiling_floor`; beside a shrine the ceiling stands `shrine_ceiling_bonus` higher. Rest
    /// slows the madness; it cannot undo it (SPEC "Pacing").
    pub rest_ceiling_top: i32,
    pub rest_ceiling_per_depth: i32,
    pub rest_ceiling_floor: i32,
    pub shrine_ceiling_bonus: i32,
    /// What every style of the simulator's player must reach (SPEC "Pacing"): the median depth,
    /// the least share (percent) of runs that go below 60% and below 40% sanity, the largest share
    /// of deaths starvation may cause and the largest share of runs one depth may end.
    pub pacing_median_depth: u32,
    pub pacing_below_60_percent: u32,
    pub pacing_below_40_percent: u32,
    pub pacing_starved_percent: u32,
    pub pacing_one_depth_percent: u32,
    /// Whether turning on the spot (Q/E) takes a turn. SPEC "Pacing" leaves it open.
    pub turning_takes_a_turn: bool,

    // Items (plan §4.3), all in the units above.
    pub food_weakness: i32,
    pub pill_weakness: i32,
    pub pill_sanity: i32,
    pub bandage_weakness: i32,
    pub bandage_hp: i32,
    pub hallucinated_item_sanity: i32,
    pub hallucinated_weapon_sanity: i32,

    // Combat (plan §3).
    /// Chance, in percent, of each further +1 in the geometric bonus damage chain.
    pub bonus_damage_percent: u32,
    /// Sanity lost for striking a hallucination.
    pub hit_hallucination_sanity: i32,
    /// Sanity lost when a hallucination "hits" the player.
    pub hallucination_attack_sanity: i32,
    /// Below this sanity hallucinations are persistent (block, take several hits).
    pub persistent_below_sanity: i32,
    /// Hits a persistent hallucination takes before it dissipates.
    pub persistent_hallucination_hp: i32,

    // Score (plan §9.1).
    pub score_per_kill: i64,
    pub score_per_depth_squared: i64,
    pub score_per_weapon_damage: i64,

    // Spawning (plan §2.2): ranges at depth 1 and growth per depth.
    pub enemies_at_depth_1: (u32, u32),
    pub enemies_per_depth: u32,
    pub hallucinations: (u32, u32),
    pub pickups_at_depth_1: (u32, u32),
    /// Real and hallucinated pickups grow by one every this many depths.
    pub pickups_depth_step: u32,
    pub hallucinated_pickups_at_depth_1: (u32, u32),
    /// Chance (percent) of a weapon at an odd depth; even depths always have one.
    pub odd_depth_weapon_percent: u32,
    /// Weapon base damage at depth d: max(weapon_min, weapon_base + d / weapon_depth_divisor) + quality.
    pub weapon_base: i32,
    pub weapon_depth_divisor: i32,
    pub weapon_min: i32,
    pub enemy_tiers: &'static [EnemyTier],
    /// A tier that starts at depth `tier_phase_in_from` or deeper phases in over its first
    /// `tier_phase_in_depths` depths: at its k-th depth (0 first) an enemy keeps the tier before's
    /// stats with chance (phase − k) / (phase + 1), so the step is spread instead of one wall.
    pub tier_phase_in_from: u32,
    pub tier_phase_in_depths: u32,
    /// The deepest tier's HP grows by one per depth beyond its start, its damage by one per this many.
    pub deep_damage_depth_step: i32,
    pub pickup_table: &'static [Weighted<Item>],
    /// What hallucinated pickups pretend to be; `None` is a hallucinated weapon.
    pub hallucinated_pickup_table: &'static [Weighted<Option<Item>>],
    pub weapon_table: &'static [Weighted<WeaponQuality>],
    pub enemy_table: &'static [Weighted<Variant>],

    // Field of view and AI (plan §7).
    pub fov_radius: i32,
    /// A patrolling entity steps once every this many turns.
    pub patrol_every: u32,
    /// Hallucinations patrol from this depth while sanity is below `patrol_below_sanity`.
    pub hallucination_patrol_depth: u32,
    pub patrol_below_sanity: i32,
    /// Hallucinations hunt like real enemies (and look like them) from this depth below this sanity.
    pub hallucination_hunt_depth: u32,
    pub hunt_below_sanity: i32,

    // Scheduler (turn-system spec).
    pub charge_to_act: u32,
    pub player_speed: u32,
    /// One row per enemy family (speed, spawn weight, gate depth, name, blow's status): see
    /// `content.rs`.
    pub families: &'static [Family; Variant::COUNT],
    /// One row per item (name, glyph, colour, pickup weight): see `content.rs`.
    pub items: &'static [ItemRow; Item::COUNT],
    /// Stalkers lunge across one free cell to strike, then must wait this many of their turns.
    pub lunge_cooldown: u32,
    pub lunge_min_depth: u32,
    /// Flayers' blows make the player bleed for this many turns, losing `bleed_damage` HP each turn.
    pub bleeding_turns: u32,
    pub bleed_damage: i32,
    /// A blow from a side the player is not facing (real or a hallucination's, so the two stay
    /// alike) terrifies for this many turns, costing `terror_sanity` each.
    pub terrified_turns: u32,
    pub terror_sanity: i32,

    // Sanity bands (plan §6.1), listed from sane to mad; a band holds from its floor (thousandths) up.
    pub sanity_bands: &'static [SanityBand],
    /// Each visible candidate cell becomes a phantom with the band's phantom percent times this factor
    /// (per mille of the percent), so "20% phantom" means a real share of what the player sees. Not
    /// more: redrawn every turn, the false openings and walls kept a lost, mad player circling the
    /// nearest one until it starved (docs/rules.md "Pacing").
    pub phantom_cell_per_mille_of_percent: u32,
    /// No shifting at depths shallower than this (plan §6.4).
    pub shift_min_depth: u32,
    /// How many cells one shift flips, inclusive.
    pub shift_cells: (u32, u32),
    /// Darkness (plan §6.6): the largest dimming from hunger and from depth, and the depth where depth
    /// dimming is full. Both are fractions of the light, multiplied.
    pub max_weakness_dimming: f32,
    pub max_depth_dimming: f32,
    pub depth_dimming_full_at: u32,

    // Practice runs (`--depth N` deeper than 1): they start with the depth's standard weapon and a kit,
    // so a practice run tries the depth instead of dying to it with bare fists.
    /// Items a practice run starts with, in slot order.
    pub practice_items: &'static [Item],
    /// From this depth on, a practice run carries one more food (deeper levels take longer to cross).
    pub practice_extra_food_depth: u32,
}

/// One sanity band: from `floor` (thousandths of a percent) up to the next band's floor.
#[derive(Clone, Copy, Debug)]
pub struct SanityBand {
    pub floor: i32,
    /// Chance in percent that a visible cell is shown as its opposite this turn (before scaling).
    pub phantom_percent: u32,
    /// Chance in percent per turn that the maze shifts out of sight.
    pub shift_percent: u32,
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
    exit_walk_percent: 50,
    generator_table: &[
        Weighted::new(Generator::Rooms, 100, 1, 0),
        Weighted::new(Generator::Bsp, 30, 2, 5),
        Weighted::new(Generator::Caves, 20, 3, 5),
        Weighted::new(Generator::Mixed, 20, 4, 5),
        Weighted::new(Generator::Drunkard, 15, 5, 4),
    ],
    cave_fill_percent: 45,
    cave_smoothing_passes: (4, 6),
    cave_min_open_percent: 35,
    cave_attempts: 8,
    drunkard_floor_percent: 40,
    drunkard_keep_heading_percent: 60,
    bsp_min_leaf: 7,
    start_clear_radius: 3,
    torches: (2, 5),
    torch_candidates: 6,
    torch_radius: 2,
    torch_darkness_percent: 50,
    shrine_min_depth: 2,
    shrine_min_distance: 8,
    shrine_rest_times: 3,
    theme_bands: &[(1, Theme::CutStone), (5, Theme::Cavern), (10, Theme::Flesh)],

    start_hp: 5,
    max_hp: 5,
    max_hp_step_depths: &[6, 7],
    max_hp_step: 1,
    max_sanity: 100_000,
    max_weakness: 100,
    start_weapon: 1,
    weakness_per_turn: 1,
    weakness_every: 3,
    starvation_damage: 1,
    regen_below_weakness: 50,
    regen_every: 5,
    sanity_drain_per_depth: 12,
    darkness_sanity: 90,
    blow_sanity: 1_000,
    rest_sanity: 500,
    rest_ceiling_top: 80_000,
    rest_ceiling_per_depth: 10_000,
    rest_ceiling_floor: 10_000,
    shrine_ceiling_bonus: 10_000,
    pacing_median_depth: 6,
    pacing_below_60_percent: 60,
    pacing_below_40_percent: 30,
    pacing_starved_percent: 25,
    pacing_one_depth_percent: 25,
    turning_takes_a_turn: false,

    food_weakness: 45,
    pill_weakness: 15,
    pill_sanity: 20_000,
    bandage_weakness: 15,
    bandage_hp: 1,
    hallucinated_item_sanity: 5_000,
    hallucinated_weapon_sanity: 2_000,

    bonus_damage_percent: 30,
    hit_hallucination_sanity: 3_000,
    hallucination_attack_sanity: 4_000,
    persistent_below_sanity: 20_000,
    persistent_hallucination_hp: 3,

    score_per_kill: 100,
    score_per_depth_squared: 50,
    score_per_weapon_damage: 500,

    enemies_at_depth_1: (3, 5),
    enemies_per_depth: 2,
    hallucinations: (1, 2),
    pickups_at_depth_1: (4, 5),
    pickups_depth_step: 2,
    hallucinated_pickups_at_depth_1: (0, 1),
    odd_depth_weapon_percent: 60,
    weapon_base: 2,
    weapon_depth_divisor: 3,
    weapon_min: 2,
    enemy_tiers: &[
        EnemyTier { min_depth: 1, hp: (1, 1), damage: (1, 1) },
        EnemyTier { min_depth: 2, hp: (2, 3), damage: (1, 1) },
        EnemyTier { min_depth: 4, hp: (3, 5), damage: (1, 2) },
        EnemyTier { min_depth: 7, hp: (5, 8), damage: (2, 2) },
        EnemyTier { min_depth: 10, hp: (8, 10), damage: (2, 2) },
    ],
    tier_phase_in_from: 4,
    tier_phase_in_depths: 2,
    deep_damage_depth_step: 5,
    pickup_table: &PICKUP_TABLE,
    hallucinated_pickup_table: &[
        Weighted::new(Some(Item::Food), 40, 1, 0),
        Weighted::new(Some(Item::Pill), 30, 1, 0),
        Weighted::new(Some(Item::Bandage), 20, 1, 0),
        Weighted::new(None, 10, 2, 1),
    ],
    weapon_table: &[
        Weighted::new(WeaponQuality { bonus: -1 }, 35, 1, 0),
        Weighted::new(WeaponQuality { bonus: 0 }, 50, 1, 0),
        Weighted::new(WeaponQuality { bonus: 1 }, 10, 4, 2),
        Weighted::new(WeaponQuality { bonus: 2 }, 5, 8, 1),
    ],
    enemy_table: &ENEMY_TABLE,

    fov_radius: 8,
    patrol_every: 3,
    hallucination_patrol_depth: 4,
    patrol_below_sanity: 60_000,
    hallucination_hunt_depth: 7,
    hunt_below_sanity: 40_000,

    charge_to_act: 100,
    player_speed: 100,
    families: &FAMILIES,
    items: &ITEMS,
    lunge_cooldown: 4,
    lunge_min_depth: 4,
    bleeding_turns: 2,
    bleed_damage: 1,
    terrified_turns: 3,
    terror_sanity: 1_000,

    sanity_bands: &[
        SanityBand { floor: 80_000, phantom_percent: 0, shift_percent: 0 },
        SanityBand { floor: 60_000, phantom_percent: 5, shift_percent: 0 },
        SanityBand { floor: 40_000, phantom_percent: 10, shift_percent: 5 },
        SanityBand { floor: 20_000, phantom_percent: 15, shift_percent: 10 },
        SanityBand { floor: 0, phantom_percent: 20, shift_percent: 15 },
    ],
    phantom_cell_per_mille_of_percent: 120,
    shift_min_depth: 4,
    shift_cells: (1, 3),
    max_weakness_dimming: 0.8,
    max_depth_dimming: 0.8,
    depth_dimming_full_at: 15,

    practice_items: &[Item::Food, Item::Bandage, Item::Pill],
    practice_extra_food_depth: 5,
};

impl Balance {
    pub fn speed_of(&self, variant: Variant) -> u32 {
        self.families[variant as usize].speed
    }

    /// How many turns a status lasts when a blow inflicts it.
    pub fn status_turns(&self, status: StatusKind) -> u32 {
        match status {
            StatusKind::Bleeding => self.bleeding_turns,
            StatusKind::Terrified => self.terrified_turns,
        }
    }

    /// The sanity band that holds at `sanity` (thousandths).
    pub fn band_for(&self, sanity: i32) -> &SanityBand {
        self.sanity_bands
            .iter()
            .find(|b| sanity >= b.floor)
            .unwrap_or(&self.sanity_bands[self.sanity_bands.len() - 1])
    }

    /// The player's max HP at `depth`: the start's, plus every hardening step at or above it.
    pub fn max_hp_at(&self, depth: u32) -> i32 {
        let steps = self.max_hp_step_depths.iter().filter(|&&d| d <= depth).count() as i32;
        self.max_hp + steps * self.max_hp_step
    }

    /// The theme of the levels at `depth`.
    pub fn theme_for(&self, depth: u32) -> Theme {
        self.theme_bands.iter().rev().find(|(from, _)| depth >= *from).map_or(Theme::CutStone, |&(_, t)| t)
    }

    /// The enemy tier that applies at `depth`.
    pub fn tier_for(&self, depth: u32) -> &EnemyTier {
        self.enemy_tiers.iter().rev().find(|t| depth >= t.min_depth).unwrap_or(&self.enemy_tiers[0])
    }

    /// While the tier of `depth` phases in: the chance (percent) that an enemy there keeps the
    /// tier before's stats, and that tier. `None` where the tier holds in full (every enemy is
    /// rolled without the extra draw).
    pub fn phase_in_at(&self, depth: u32) -> Option<(u32, &EnemyTier)> {
        let tier = self.tier_for(depth);
        let k = depth.checked_sub(tier.min_depth)?;
        let phase = self.tier_phase_in_depths;
        if tier.min_depth < self.tier_phase_in_from || tier.min_depth < 2 || k >= phase {
            return None;
        }
        Some(((phase - k) * 100 / (phase + 1), self.tier_for(tier.min_depth - 1)))
    }
}

// The rules the generation numbers must keep, checked when the table is compiled: rooms have at
// least one wall between them, room sizes form a range, and the widest grid fits the generator's
// bitboard rows (u128).
const _: () = assert!(BALANCE.room_gap >= 1);
const _: () = assert!(BALANCE.room_min >= 1 && BALANCE.room_min <= BALANCE.room_max);
const _: () = assert!(2 * BALANCE.grid_n_max < u128::BITS);
// A BSP leaf must hold a room of the smallest size with a wall around it.
const _: () = assert!(BALANCE.bsp_min_leaf >= BALANCE.room_min + 2);
const _: () = assert!(BALANCE.torches.1 as usize <= MAX_TORCHES);
