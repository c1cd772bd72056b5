//! Every generator over many seeds and depths, through `generate_depth_with` (layout, population
//! and landmarks): grid size, border walls, connectivity, start and exit placement, the entity rules,
//! landmarks, and that the shifting maze never cuts the exit off on any of them; then the generator
//! table by depth, and the committed catalog of whole levels (maps, entities and landmarks).
//!
//! As in `generation.rs`, the checks recompute what they need (flood fills, nearest cells, walk
//! shares) rather than calling the generator's helpers.

use crate::generation::{first_difference, rows_with_start, walk_from};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::builder::generator_for;
use hollowdeep::game::gen::kind::Generator;
use hollowdeep::game::gen::landmarks::{Landmark, LandmarkKind};
use hollowdeep::game::gen::{side_for_depth, Level};
use hollowdeep::game::rng::gameplay_stream;
use hollowdeep::game::{
    generate_depth, generate_depth_with, Action, Entity, EntityKind, Game, Grid, Map, Pos,
};
use hollowdeep::game::{Status, Tile};
use proptest::prelude::*;
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

const SEEDS: u64 = 40;
const DEPTHS: [u32; 5] = [1, 4, 7, 10, 13];

fn ensure(ok: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(why())
    }
}

/// Everything a level of any generator must satisfy.
fn check_level(depth: u32, level: &Level, entities: &[Entity]) -> Result<(), String> {
    let m = &level.map;
    let side = side_for_depth(depth);
    ensure(m.width() == side && m.height() == side, || {
        format!("grid {}x{}, not {side}", m.width(), m.height())
    })?;
    for p in m.cells().filter(|&p| m.is_border(p)) {
        ensure(m.get(p) == Tile::Wall, || format!("border cell {p:?} is open"))?;
    }
    let dist = walk_from(m, level.start);
    for p in m.cells() {
        ensure(m.get(p) == Tile::Wall || dist.at(p).is_some(), || {
            format!("{p:?} unreachable from the start")
        })?;
    }
    let exits: Vec<Pos> = m.cells().filter(|&p| m.get(p) == Tile::Exit).collect();
    ensure(exits == vec![level.exit], || format!("exit tiles {exits:?}, level says {:?}", level.exit))?;
    ensure(level.exit != level.start, || "exit on the start".into())?;
    check_start_and_exit(level, &dist)?;
    check_entities(level, entities)?;
    check_landmarks(depth, level, entities)
}

fn check_start_and_exit(level: &Level, dist: &Grid<Option<u32>>) -> Result<(), String> {
    let m = &level.map;
    let walk = |p: Pos| i64::from(dist.at(p).unwrap_or(0));
    let percent = i64::from(BALANCE.exit_walk_percent);
    if level.generator.has_rooms() {
        let rooms = &level.rooms;
        ensure(rooms.len() >= 2, || format!("{} rooms", rooms.len()))?;
        let d2 = |i: usize| {
            let c = rooms[i].center();
            c.x * c.x + c.y * c.y
        };
        let nearest = (0..rooms.len()).min_by_key(|&i| (d2(i), i)).unwrap();
        ensure(level.start == rooms[nearest].center(), || {
            "start is not the centre of the top-left room".into()
        })?;
        for r in rooms {
            for p in r.cells() {
                ensure(m.is_walkable(p), || format!("room {r:?} has wall at {p:?}"))?;
            }
        }
        let longest = rooms.iter().map(|r| walk(r.center())).max().unwrap();
        let aim = longest * percent / 100;
        let off = |i: usize| (walk(rooms[i].center()) - aim).abs();
        let best = (0..rooms.len()).filter(|&i| i != nearest).map(off).min().unwrap();
        ensure(off(level.exit_room) == best, || "exit room is not at the share of the longest walk".into())?;
        ensure(rooms[level.exit_room].contains(level.exit), || "exit outside its room".into())
    } else {
        ensure(level.rooms.is_empty(), || "an open layout lists rooms".into())?;
        let key = |p: &Pos| p.x * p.x + p.y * p.y;
        let nearest = m.cells().filter(|&p| m.is_walkable(p)).map(|p| key(&p)).min().unwrap();
        ensure(key(&level.start) == nearest, || {
            format!("start {:?} is not nearest the top-left", level.start)
        })?;
        let longest = m.cells().map(walk).max().unwrap();
        let aim = longest * percent / 100;
        let best =
            m.cells().filter(|&p| m.is_walkable(p) && p != level.start).map(|p| (walk(p) - aim).abs()).min();
        ensure(Some((walk(level.exit) - aim).abs()) == best, || {
            format!("exit walk {} but {aim} is the aim", walk(level.exit))
        })
    }
}

fn check_entities(level: &Level, entities: &[Entity]) -> Result<(), String> {
    let mut cells = BTreeSet::new();
    for e in entities {
        ensure(cells.insert(e.pos), || format!("two entities on {:?}", e.pos))?;
        ensure(level.map.get(e.pos) == Tile::Floor, || format!("entity on {:?} is not on floor", e.pos))?;
        ensure(e.pos != level.start && e.pos != level.exit, || {
            format!("entity on the start or exit {:?}", e.pos)
        })?;
        if e.is_actor() {
            let near = match level.rooms.get(level.start_room) {
                Some(r) if level.generator.has_rooms() => r.contains(e.pos),
                _ => {
                    let (dx, dy) = ((e.pos.x - level.start.x).abs(), (e.pos.y - level.start.y).abs());
                    dx.max(dy) <= BALANCE.start_clear_radius
                }
            };
            ensure(!near, || format!("creature at {:?} next to the start", e.pos))?;
        }
    }
    Ok(())
}

fn check_landmarks(depth: u32, level: &Level, entities: &[Entity]) -> Result<(), String> {
    let m = &level.map;
    let torches: Vec<&Landmark> = level.landmarks.iter().filter(|l| l.kind == LandmarkKind::Torch).collect();
    let (lo, hi) = BALANCE.torches;
    ensure((lo as usize..=hi as usize).contains(&torches.len()), || format!("{} torches", torches.len()))?;
    for t in &torches {
        ensure(m.get(t.pos) == Tile::Wall && !m.is_border(t.pos), || {
            format!("torch {t:?} not in an inner wall")
        })?;
        ensure(m.get(t.lit_cell()) == Tile::Floor, || format!("torch {t:?} faces no floor"))?;
    }
    let unique: BTreeSet<Pos> = torches.iter().map(|t| t.pos).collect();
    ensure(unique.len() == torches.len(), || "two torches in one wall cell".into())?;
    let shrines: Vec<&Landmark> = level.landmarks.iter().filter(|l| l.kind == LandmarkKind::Shrine).collect();
    let want = usize::from(depth >= BALANCE.shrine_min_depth);
    ensure(shrines.len() == want, || format!("{} shrines at depth {depth}", shrines.len()))?;
    for s in shrines {
        ensure(m.get(s.pos) == Tile::Floor, || format!("shrine {s:?} not on floor"))?;
        ensure(entities.iter().all(|e| e.pos != s.pos), || "an entity on the shrine".into())?;
        ensure(s.pos.manhattan(level.start) >= BALANCE.shrine_min_distance, || "shrine by the start".into())?;
        // docs/rules.md: never on the exit or beside it in the four directions (diagonally may be).
        ensure(s.pos.manhattan(level.exit) > 1, || format!("shrine {s:?} beside the exit {:?}", level.exit))?;
    }
    Ok(())
}

#[test]
fn every_generator_keeps_the_level_rules_over_many_seeds() {
    let mut failures = Vec::new();
    let mut seen: BTreeMap<Generator, usize> = BTreeMap::new();
    for generator in Generator::ALL {
        for depth in DEPTHS {
            for seed in 0..SEEDS {
                let (level, entities) = generate_depth_with(seed, depth, generator);
                assert_eq!(level.generator, generator);
                *seen.entry(generator).or_default() += 1;
                if let Err(e) = check_level(depth, &level, &entities) {
                    failures.push(format!("{} seed {seed} depth {depth}: {e}", generator.name()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} levels fail, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
    assert_eq!(seen.len(), Generator::ALL.len());
}

#[test]
fn generators_differ_from_each_other_and_by_seed() {
    for depth in [4, 13] {
        let mut maps = BTreeSet::new();
        for generator in Generator::ALL {
            for seed in 0..10 {
                maps.insert(generate_depth_with(seed, depth, generator).0.map.rows());
            }
        }
        assert_eq!(maps.len(), 10 * Generator::ALL.len(), "two levels share a map at depth {depth}");
    }
}

/// Caves and the drunkard's walk look like what they are: caves open into wide caverns (many open
/// 3×3 squares), the drunkard's tunnels carve about their share of the grid.
#[test]
fn caves_are_cavernous_and_the_drunkard_carves_its_share() {
    let open_squares = |m: &Map| {
        let open = |x: i32, y: i32| (0..9).all(|i| m.is_walkable(Pos::new(x + i % 3, y + i / 3)));
        (0..m.height() - 2)
            .flat_map(|y| (0..m.width() - 2).map(move |x| (x, y)))
            .filter(|&(x, y)| open(x, y))
            .count()
    };
    for seed in 0..20 {
        let caves = generate_depth_with(seed, 7, Generator::Caves).0.map;
        let rooms = generate_depth_with(seed, 7, Generator::Rooms).0.map;
        assert!(open_squares(&caves) > 2 * open_squares(&rooms), "seed {seed}: caves are not open");
        let walk = generate_depth_with(seed, 7, Generator::Drunkard).0.map;
        let side = walk.width();
        let floor = walk.cells().filter(|&p| walk.is_walkable(p)).count() as i32;
        let target = (side - 2) * (side - 2) * BALANCE.drunkard_floor_percent as i32 / 100;
        assert!((target..target + side * 2).contains(&floor), "seed {seed}: {floor} floor, aim {target}");
    }
}

/// The start faces open floor on every generator (issue 10's rule).
#[test]
fn every_generator_starts_facing_open_floor() {
    for generator in Generator::ALL {
        for seed in 0..SEEDS {
            let g = Game::new_with_generator(seed, 7, generator);
            let ahead = g.player().pos.step(g.player().facing);
            assert!(g.map().is_walkable(ahead), "{} seed {seed}: the start faces a wall", generator.name());
        }
    }
}

/// Sanity §6.4 on every generator: with the player mad, the maze shifts out of sight and the exit
/// always stays reachable and the player never walled in; landmarks never shift.
#[test]
fn shifting_never_blocks_the_exit_on_any_generator() {
    let actions =
        [Action::MoveForward, Action::TurnLeft, Action::TurnRight, Action::StrafeLeft, Action::Wait];
    for generator in Generator::ALL {
        let mut rng = gameplay_stream(7);
        let mut shifts = 0;
        for seed in 0..8u64 {
            let mut game = Game::new_with_generator(seed, BALANCE.shift_min_depth + 3, generator);
            let marks: Vec<(Pos, Pos)> =
                game.level().landmarks.iter().map(|l| (l.pos, l.lit_cell())).collect();
            for _ in 0..250 {
                let p = game.player_mut();
                (p.sanity, p.weakness, p.hp) = (rng.random_range(0..20_000), 0, p.max_hp);
                let report = game.act(actions[rng.random_range(0..actions.len())]);
                if game.status() != Status::Playing
                    || report.events.iter().any(|e| matches!(e, hollowdeep::game::Event::Descended { .. }))
                {
                    break;
                }
                for e in &report.events {
                    if let hollowdeep::game::Event::MazeShifted { cells } = e {
                        shifts += cells.len();
                        for c in cells {
                            assert!(
                                marks.iter().all(|&(a, b)| a != *c && b != *c),
                                "a landmark's cell shifted"
                            );
                        }
                    }
                }
                let dist = walk_from(game.map(), game.player().pos);
                assert!(dist.at(game.exit()).is_some(), "{} seed {seed}: exit cut off", generator.name());
                let me = game.player().pos;
                assert!(me.neighbours4().iter().any(|&n| game.map().is_walkable(n)), "walled in");
            }
        }
        assert!(shifts > 10, "{}: the soak must see shifts, saw {shifts}", generator.name());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any seed, any early or deep depth, any generator: the level rules hold.
    #[test]
    fn any_seed_and_generator_gives_a_sound_level(seed in any::<u64>(), depth in 1u32..=20, g in 0usize..5) {
        let generator = Generator::ALL[g];
        let (level, entities) = generate_depth_with(seed, depth, generator);
        prop_assert_eq!(check_level(depth, &level, &entities), Ok(()));
    }
}

// ---- The generator table by depth
// --------------------------------------------------------------------------------

#[test]
fn the_generator_table_keeps_depth_one_on_rooms_and_gates_the_rest() {
    for seed in 0..300 {
        assert_eq!(generator_for(seed, 1), Generator::Rooms, "seed {seed}");
        for depth in 1..=15 {
            let g = generator_for(seed, depth);
            let row = BALANCE.generator_table.iter().find(|r| r.entry == g).expect("drawn from the table");
            assert!(depth >= row.min_depth, "{} at depth {depth}, gated to {}", g.name(), row.min_depth);
            assert_eq!(generate_depth(seed, depth).0.generator, g);
        }
    }
    let deep: BTreeSet<Generator> = (0..300).map(|seed| generator_for(seed, 13)).collect();
    assert_eq!(deep.len(), Generator::ALL.len(), "every generator appears by depth 13");
}

// ---- Level catalog: whole levels of every generator
// --------------------------------------------------------------------------------

const CATALOG_SEEDS: std::ops::RangeInclusive<u64> = 1..=3;
const CATALOG_DEPTHS: [u32; 3] = [1, 7, 13];

fn catalog_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/levels.txt")
}

fn entity_line(e: &Entity) -> String {
    let what = match e.kind {
        EntityKind::Enemy { variant, hp, damage, .. } => format!("{} hp {hp} dmg {damage}", variant.name()),
        _ => e.kind_name().to_string(),
    };
    format!("entity {} {} {} {what}", e.pos.x, e.pos.y, e.glyph())
}

/// Every generator at a few seeds and depths, then the table's own choice: a header naming the
/// generator, the map with `S` on the start, each entity, each landmark.
fn level_catalog() -> String {
    let mut out = String::new();
    let mut write = |title: String, level: &Level, entities: &[Entity]| {
        out.push_str(&format!("{title} generator {}\n", level.generator.name()));
        out.push_str(&rows_with_start(level));
        for e in entities {
            out.push_str(&entity_line(e));
            out.push('\n');
        }
        for l in &level.landmarks {
            out.push_str(&format!(
                "landmark {} {} {} {}\n",
                l.kind.name(),
                l.pos.x,
                l.pos.y,
                l.facing.letter()
            ));
        }
        out.push('\n');
    };
    for generator in Generator::ALL {
        for seed in CATALOG_SEEDS {
            for depth in CATALOG_DEPTHS {
                let (level, entities) = generate_depth_with(seed, depth, generator);
                write(format!("seed {seed} depth {depth}"), &level, &entities);
            }
        }
    }
    for depth in 1..=8 {
        let (level, entities) = generate_depth(1, depth);
        write(format!("seed 1 depth {depth} (table)"), &level, &entities);
    }
    out
}

#[test]
fn generated_levels_match_the_level_catalog() {
    let path = catalog_path();
    let fresh = level_catalog();
    crate::golden::assert_text_with(&path, &fresh, "--test rules generators::", first_difference);
}
