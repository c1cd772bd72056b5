//! Populates a fresh level with enemies, hallucinations and pickups (plan §2.2, §2.3).

use super::balance::{Balance, BALANCE};
use super::entity::{Entity, EntityId, EntityKind, Pickup, Variant};
use super::gen::Level;
use super::map::Tile;
use super::rng::GameRng;
use super::tables::roll;
use crate::grid::Pos;
use rand::seq::SliceRandom;
use rand::RngExt;

/// How many of each kind a depth gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    pub enemies: u32,
    pub hallucinations: u32,
    /// Real pickups of every type, the weapon included (plan §2.2 lists it among them).
    pub pickups: u32,
    pub hallucinated_pickups: u32,
    pub weapons: u32,
}

/// The inclusive range of each count at `depth`, straight from the balance table.
pub fn count_ranges(b: &Balance, depth: u32) -> [(u32, u32); 4] {
    let d = depth.max(1) - 1;
    let step = d / b.pickups_depth_step;
    let grow = |(lo, hi): (u32, u32), by: u32| (lo.saturating_add(by), hi.saturating_add(by));
    [
        grow(b.enemies_at_depth_1, b.enemies_per_depth.saturating_mul(d)),
        b.hallucinations,
        grow(b.pickups_at_depth_1, step),
        grow(b.hallucinated_pickups_at_depth_1, step),
    ]
}

pub fn roll_counts(depth: u32, rng: &mut GameRng) -> Counts {
    let [e, h, p, hp] = count_ranges(&BALANCE, depth);
    let mut pick = |(lo, hi): (u32, u32)| rng.random_range(lo..=hi);
    let (enemies, hallucinations, pickups, hallucinated_pickups) = (pick(e), pick(h), pick(p), pick(hp));
    let rolled = depth.is_multiple_of(2) || rng.random_range(0..100) < BALANCE.odd_depth_weapon_percent;
    // Regression: the weapon used to come on top of the 2–3 real pickups; it is one of them.
    let weapons = u32::from(rolled).min(pickups);
    Counts { enemies, hallucinations, pickups, hallucinated_pickups, weapons }
}

/// The standard weapon damage at `depth`, before quality: about 2 + d/3, never below the minimum.
pub fn standard_weapon(depth: u32) -> i32 {
    (BALANCE.weapon_base + depth as i32 / BALANCE.weapon_depth_divisor).max(BALANCE.weapon_min)
}

pub fn roll_weapon(depth: u32, rng: &mut GameRng) -> i32 {
    let quality = roll(BALANCE.weapon_table, depth, rng).map_or(0, |q| q.bonus);
    (standard_weapon(depth) + quality).max(BALANCE.weapon_min)
}

pub fn roll_enemy(depth: u32, rng: &mut GameRng) -> EntityKind {
    let mut tier = BALANCE.tier_for(depth);
    // A new tier phases in over its first depths: some enemies still have the tier before's stats.
    if let Some((percent, before)) = BALANCE.phase_in_at(depth) {
        if rng.random_range(0..100) < percent {
            tier = before;
        }
    }
    // The deepest tier keeps growing so that "8+" and "2+" mean something at depth 30.
    let beyond = (depth - tier.min_depth) as i32;
    let deepest = std::ptr::eq(tier, BALANCE.enemy_tiers.last().expect("the tier table is not empty"));
    let (hp_extra, dmg_extra) =
        if deepest { (beyond, beyond / BALANCE.deep_damage_depth_step) } else { (0, 0) };
    let hp = rng.random_range(tier.hp.0..=tier.hp.1) + hp_extra;
    let damage = rng.random_range(tier.damage.0..=tier.damage.1) + dmg_extra;
    let variant = roll(BALANCE.enemy_table, depth, rng).unwrap_or(Variant::Lurker);
    EntityKind::Enemy { variant, hp, max_hp: hp, damage }
}

/// Places every entity of a level. Cells are drawn without repeats, so one entity per cell holds by
/// construction; the start and exit cells are never used, and enemies keep out of the start room
/// (or, without rooms, the cells around the start).
pub fn populate(level: &Level, depth: u32, rng: &mut GameRng) -> Vec<Entity> {
    let counts = roll_counts(depth, rng);
    let start_room = level.rooms.get(level.start_room);
    let free = |p: &Pos| level.map.get(*p) == Tile::Floor && *p != level.start && *p != level.exit;
    let mut cells: Vec<Pos> = level.map.cells().filter(free).collect();
    cells.shuffle(rng);
    // Enemies keep out of the start room; a layout without rooms keeps them out of the cells within
    // `start_clear_radius` of the start instead.
    let near_start = |p: &Pos| match start_room {
        Some(r) => r.contains(*p),
        None => (p.x - level.start.x).abs().max((p.y - level.start.y).abs()) <= BALANCE.start_clear_radius,
    };
    let (mut away, mut near): (Vec<Pos>, Vec<Pos>) = cells.into_iter().partition(|p| !near_start(p));

    // Regression: deep counts outgrow the level (depth 10^6 asks for two million enemies). Only as
    // many as there are cells can stand, so only those are rolled: a level's cost stops growing once
    // it is full. At every depth a level can hold, this rolls exactly what it did before.
    let room_away = away.len() as u32;
    let mut kinds_away = Vec::new();
    for _ in 0..counts.enemies.min(room_away) {
        kinds_away.push(roll_enemy(depth, rng));
    }
    for _ in 0..counts.hallucinations.min(room_away.saturating_sub(counts.enemies)) {
        kinds_away.push(EntityKind::Hallucination { hp: BALANCE.persistent_hallucination_hp });
    }
    let room_anywhere = (away.len() + near.len()) as u32;
    let mut kinds_anywhere = Vec::new();
    for _ in 0..(counts.pickups - counts.weapons).min(room_anywhere) {
        let item = roll(BALANCE.pickup_table, depth, rng).expect("the pickup table has depth-1 rows");
        kinds_anywhere.push(EntityKind::Pickup(Pickup::Item(item)));
    }
    for _ in 0..counts.weapons {
        kinds_anywhere.push(EntityKind::Pickup(Pickup::Weapon { base: roll_weapon(depth, rng) }));
    }
    for _ in 0..counts.hallucinated_pickups.min(room_anywhere) {
        let looks = match roll(BALANCE.hallucinated_pickup_table, depth, rng).flatten() {
            Some(item) => Pickup::Item(item),
            None => Pickup::Weapon { base: roll_weapon(depth, rng) },
        };
        kinds_anywhere.push(EntityKind::HallucinatedPickup(looks));
    }

    let mut entities = Vec::new();
    let mut next_id = 0;
    let mut place = |kind: EntityKind, pos: Pos| {
        let mut e = Entity::new(EntityId(next_id), pos, kind);
        e.patrol_wait = BALANCE.patrol_every;
        entities.push(e);
        next_id += 1;
    };
    for kind in kinds_away {
        if let Some(pos) = away.pop() {
            place(kind, pos);
        }
    }
    // Pickups may lie anywhere, the start room included; they draw from what the enemies left.
    near.append(&mut away);
    near.shuffle(rng);
    for kind in kinds_anywhere {
        if let Some(pos) = near.pop() {
            place(kind, pos);
        }
    }
    entities
}
