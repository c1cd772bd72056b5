//! Properties every generated level must have, checked over many seeds and depths, plus the seed
//! catalog.
//!
//! The checks recompute what they need (flood fills, distances, room order) here rather than
//! calling the generator's helpers, so a bug in a helper cannot hide itself. Expected numbers come
//! from the balance table.

use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::{generate, side_for_depth, Level, Room};
use hollowdeep::game::rng::level_stream;
use hollowdeep::game::{Grid, Map, Pos, Tile};
use std::collections::{BTreeSet, VecDeque};
use std::path::PathBuf;
use std::sync::OnceLock;

const SEEDS: u64 = 200;
const DEPTHS: std::ops::RangeInclusive<u32> = 1..=15;

struct Sample {
    seed: u64,
    depth: u32,
    level: Level,
}

impl Sample {
    fn name(&self) -> String {
        format!("seed {} depth {}", self.seed, self.depth)
    }
}

/// Every (seed, depth) level, generated once and shared by all the checks in this file.
fn samples() -> &'static [Sample] {
    static SAMPLES: OnceLock<Vec<Sample>> = OnceLock::new();
    SAMPLES.get_or_init(|| {
        let mut all = Vec::new();
        for depth in DEPTHS {
            for seed in 0..SEEDS {
                let level = generate(depth, &mut level_stream(seed, depth));
                all.push(Sample { seed, depth, level });
            }
        }
        all
    })
}

/// Runs `check` on every sample and fails listing the first few levels it rejects.
fn check_all(what: &str, check: impl Fn(&Level) -> Result<(), String>) {
    let failures: Vec<String> = samples()
        .iter()
        .filter_map(|s| check(&s.level).err().map(|e| format!("{}: {e}", s.name())))
        .collect();
    assert!(
        failures.is_empty(),
        "{what}: {} of {} levels fail, first ones:\n{}",
        failures.len(),
        samples().len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

fn ensure(ok: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(why())
    }
}

/// Walking distances from `from` over walkable cells; None where unreachable. Written out here, not
/// borrowed from the crate, so the generator is checked against an independent flood fill. The
/// generators' tests use it too.
pub(crate) fn walk_from(map: &Map, from: Pos) -> Grid<Option<u32>> {
    let mut dist = Grid::filled(map.width(), map.height(), None);
    dist.set(from, Some(0));
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist.at(p).expect("queued cells have a distance");
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let n = p.offset(dx, dy);
            if map.in_bounds(n) && map.get(n) != Tile::Wall && dist.at(n).is_none() {
                dist.set(n, Some(d + 1));
                queue.push_back(n);
            }
        }
    }
    dist
}

fn room_cells(r: &Room) -> Vec<Pos> {
    (r.y..r.y + r.h).flat_map(|y| (r.x..r.x + r.w).map(move |x| Pos::new(x, y))).collect()
}

fn inside(r: &Room, p: Pos) -> bool {
    p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h
}

/// Wall cells between two rooms along the axis where they are farthest apart (≤ 0: touching or
/// overlapping).
fn wall_between(a: &Room, b: &Room) -> i32 {
    let dx = (b.x - (a.x + a.w)).max(a.x - (b.x + b.w));
    let dy = (b.y - (a.y + a.h)).max(a.y - (b.y + b.h));
    dx.max(dy)
}

#[test]
fn grid_side_follows_the_balance_formula() {
    for depth in 0..=3 * BALANCE.grid_n_max {
        let n = (BALANCE.grid_n_base + depth).min(BALANCE.grid_n_max);
        assert_eq!(side_for_depth(depth), (2 * n + 1) as i32, "depth {depth}");
    }
    check_all("grid size", |level| {
        let side = level.map.width();
        ensure(level.map.height() == side, || "grid is not square".into())?;
        ensure(side % 2 == 1, || format!("side {side} is even"))
    });
    for s in samples() {
        assert_eq!(s.level.map.width(), side_for_depth(s.depth), "{}", s.name());
    }
}

#[test]
fn every_level_has_at_least_two_rooms() {
    check_all("room count", |level| {
        ensure(level.rooms.len() >= 2, || format!("{} rooms", level.rooms.len()))
    });
}

#[test]
fn rooms_stay_within_the_size_range() {
    let range = BALANCE.room_min..=BALANCE.room_max;
    check_all("room sizes", |level| {
        for r in &level.rooms {
            ensure(range.contains(&r.w) && range.contains(&r.h), || {
                format!("room {r:?} is outside {range:?}")
            })?;
        }
        Ok(())
    });
}

#[test]
fn rooms_never_overlap_or_touch() {
    check_all("room spacing", |level| {
        for (i, a) in level.rooms.iter().enumerate() {
            for b in &level.rooms[i + 1..] {
                ensure(wall_between(a, b) >= BALANCE.room_gap, || {
                    format!("rooms {a:?} and {b:?} are closer than {}", BALANCE.room_gap)
                })?;
            }
        }
        Ok(())
    });
}

#[test]
fn every_room_cell_is_open_floor() {
    check_all("room cells", |level| {
        for r in &level.rooms {
            for p in room_cells(r) {
                let tile = level.map.get(p);
                ensure(matches!(tile, Tile::Floor | Tile::Exit), || {
                    format!("room {r:?} has {tile:?} at {p:?}")
                })?;
            }
        }
        Ok(())
    });
}

#[test]
fn the_border_is_all_wall() {
    check_all("border", |level| {
        let m = &level.map;
        let (w, h) = (m.width(), m.height());
        let border = (0..w)
            .flat_map(|x| [Pos::new(x, 0), Pos::new(x, h - 1)])
            .chain((0..h).flat_map(|y| [Pos::new(0, y), Pos::new(w - 1, y)]));
        for p in border {
            ensure(m.get(p) == Tile::Wall, || format!("{p:?} on the border is open"))?;
        }
        Ok(())
    });
}

#[test]
fn every_walkable_cell_is_reachable_from_the_start() {
    check_all("connectivity", |level| {
        let m = &level.map;
        let dist = walk_from(m, level.start);
        for p in m.cells() {
            ensure(m.get(p) == Tile::Wall || dist.at(p).is_some(), || {
                format!("{p:?} cannot be reached from the start {:?}", level.start)
            })?;
        }
        Ok(())
    });
}

#[test]
fn start_is_the_centre_of_the_room_nearest_the_top_left() {
    check_all("start", |level| {
        let d2 = |r: &Room| {
            let c = r.center();
            c.x * c.x + c.y * c.y
        };
        let nearest = (0..level.rooms.len()).min_by_key(|&i| (d2(&level.rooms[i]), i)).unwrap();
        ensure(level.start_room == nearest, || {
            format!("start room {} but room {nearest} is nearer the top-left", level.start_room)
        })?;
        let centre = level.rooms[nearest].center();
        ensure(level.start == centre, || format!("start {:?} is not the room centre {centre:?}", level.start))
    });
}

#[test]
fn exit_is_the_farthest_cell_of_the_room_at_the_balance_share_of_the_longest_walk() {
    check_all("exit", |level| {
        let m = &level.map;
        let dist = walk_from(m, level.start);
        let walk = |p: Pos| dist.at(p).unwrap();
        let longest = level.rooms.iter().map(|r| walk(r.center())).max().unwrap();
        let aim = i64::from(longest) * i64::from(BALANCE.exit_walk_percent) / 100;
        let off = |i: usize| (i64::from(walk(level.rooms[i].center())) - aim).abs();
        let farthest_room = (0..level.rooms.len())
            .filter(|&i| i != level.start_room)
            .min_by_key(|&i| (off(i), std::cmp::Reverse(walk(level.rooms[i].center())), i))
            .unwrap();
        ensure(level.exit_room == farthest_room, || {
            format!("exit room {} but room {farthest_room} lies at the share of the walk", level.exit_room)
        })?;
        let cells = room_cells(&level.rooms[farthest_room]);
        let far = cells.iter().map(|&p| walk(p)).max().unwrap();
        let first_far = cells.into_iter().find(|&p| walk(p) == far).unwrap();
        ensure(level.exit == first_far, || {
            format!("exit {:?} but {first_far:?} is the farthest cell", level.exit)
        })
    });
}

#[test]
fn start_and_exit_lie_in_different_rooms() {
    check_all("start and exit rooms", |level| {
        let (s, e) = (&level.rooms[level.start_room], &level.rooms[level.exit_room]);
        ensure(level.start_room != level.exit_room, || "same room".into())?;
        ensure(inside(s, level.start), || "start outside its room".into())?;
        ensure(inside(e, level.exit), || "exit outside its room".into())?;
        ensure(!inside(e, level.start) && !inside(s, level.exit), || "start and exit share a room".into())
    });
}

#[test]
fn there_is_exactly_one_exit_tile_where_the_level_says() {
    check_all("exit tile", |level| {
        let exits: Vec<usize> =
            (0..level.map.tiles().len()).filter(|&i| level.map.tiles()[i] == Tile::Exit).collect();
        ensure(exits.len() == 1, || format!("{} exit tiles", exits.len()))?;
        ensure(level.map.get(level.exit) == Tile::Exit, || format!("no exit tile at {:?}", level.exit))
    });
}

#[test]
fn corridors_are_at_most_two_cells_wide() {
    // An open 3×3 square anywhere but wholly inside one room means corridors merged into a hall.
    check_all("corridor width", |level| {
        let m = &level.map;
        for y in 0..m.height() - 2 {
            for x in 0..m.width() - 2 {
                let square = (0..9).map(|i| Pos::new(x + i % 3, y + i / 3));
                if square.clone().any(|p| m.get(p) == Tile::Wall) {
                    continue;
                }
                let in_one_room = level.rooms.iter().any(|r| square.clone().all(|p| inside(r, p)));
                ensure(in_one_room, || format!("open 3×3 area at {x},{y} outside rooms"))?;
            }
        }
        Ok(())
    });
}

#[test]
fn the_same_seed_and_depth_give_the_same_level() {
    for s in samples().iter().step_by(7) {
        let again = generate(s.depth, &mut level_stream(s.seed, s.depth));
        assert_eq!(again, s.level, "{} generated twice differs", s.name());
    }
}

#[test]
fn different_seeds_give_different_maps() {
    for depth in DEPTHS {
        let maps: BTreeSet<Vec<String>> =
            samples().iter().filter(|s| s.depth == depth).map(|s| s.level.map.rows()).collect();
        assert_eq!(maps.len() as u64, SEEDS, "two seeds share a map at depth {depth}");
    }
}

// ---- Seed catalog
// --------------------------------------------------------------------------------

const CATALOG_SEEDS: std::ops::RangeInclusive<u64> = 1..=10;
const CATALOG_DEPTHS: [u32; 3] = [1, 7, 13];

fn catalog_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/maps.txt")
}

/// A level's map rows, one a line, with `S` on the start cell: the catalogs' picture of a level.
pub(crate) fn rows_with_start(level: &Level) -> String {
    let mut out = String::new();
    for (y, row) in level.map.rows().iter().enumerate() {
        let line: String = row
            .chars()
            .enumerate()
            .map(|(x, c)| if Pos::new(x as i32, y as i32) == level.start { 'S' } else { c })
            .collect();
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The catalog text: a `seed S depth D` header per map, then its rows with `S` on the start cell.
fn catalog() -> String {
    let mut out = String::new();
    for seed in CATALOG_SEEDS {
        for depth in CATALOG_DEPTHS {
            let level = generate(depth, &mut level_stream(seed, depth));
            out.push_str(&format!("seed {seed} depth {depth}\n"));
            out.push_str(&rows_with_start(&level));
            out.push('\n');
        }
    }
    out
}

#[test]
fn generated_maps_match_the_seed_catalog() {
    let path = catalog_path();
    let fresh = catalog();
    crate::golden::assert_text_with(&path, &fresh, "--test rules generation::", first_difference);
}

/// Where two catalogs first differ, with the map header above that line; None when identical.
pub(crate) fn first_difference(stored: &str, fresh: &str) -> Option<String> {
    let (old, new): (Vec<&str>, Vec<&str>) = (stored.lines().collect(), fresh.lines().collect());
    let line = (0..old.len().max(new.len())).find(|&i| old.get(i) != new.get(i))?;
    let header = new[..line.min(new.len())]
        .iter()
        .rev()
        .find(|l| l.starts_with("seed "))
        .unwrap_or(&"(before the first map)");
    let show = |l: Option<&&str>| l.map_or("<end of file>".to_string(), |s| s.to_string());
    Some(format!(
        "first difference at line {} (in `{header}`):\n  stored:    {}\n  generated: {}",
        line + 1,
        show(old.get(line)),
        show(new.get(line))
    ))
}

#[test]
fn catalog_diff_points_at_the_first_changed_line() {
    let stored = "seed 1 depth 1\n###\n#.#\n";
    let fresh = "seed 1 depth 1\n###\n#>#\n";
    let msg = first_difference(stored, fresh).unwrap();
    assert!(msg.contains("line 3") && msg.contains("seed 1 depth 1"), "{msg}");
    assert!(msg.contains("#.#") && msg.contains("#>#"), "{msg}");
    assert_eq!(first_difference(fresh, fresh), None);
    assert!(first_difference("a\n", "a\nb\n").unwrap().contains("<end of file>"));
}
