//! Field of view (generation seed §3): symmetric shadowcasting, known shapes, and the circular radius.
//!
//! Shape tests mark cells in the map itself: `v` must be visible from `@`, `x` must not be.

use crate::support::{all_at, at, game_with};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::rng::level_stream;
use hollowdeep::game::sight::{can_see, field_of_view};
use hollowdeep::game::{Facing, Game, Grid, Map, Pos, Tile};
use rand::RngExt;

/// Asserts the `v` and `x` marks of `rows` against the player's view; returns the game for more checks.
fn check_view(rows: &[&str]) -> Game {
    let game = game_with(rows, Facing::East);
    let player = at(rows, '@');
    let marked_v = all_at(rows, 'v');
    let marked_x = all_at(rows, 'x');
    assert!(!marked_v.is_empty() || !marked_x.is_empty(), "a shape test must mark something");
    for p in marked_v {
        assert!(game.is_visible(p), "{p:?} should be visible from {player:?}\n{}", picture(&game));
    }
    for p in marked_x {
        assert!(!game.is_visible(p), "{p:?} should be hidden from {player:?}\n{}", picture(&game));
    }
    game
}

/// The map with visible cells drawn in upper case: `#` becomes `H`, `.` becomes `*`.
fn picture(game: &Game) -> String {
    let map = game.map();
    (0..map.height())
        .map(|y| {
            (0..map.width())
                .map(|x| {
                    let p = Pos::new(x, y);
                    match (map.get(p), game.is_visible(p), p == game.player().pos) {
                        (_, _, true) => '@',
                        (Tile::Wall, true, _) => 'H',
                        (Tile::Wall, false, _) => '#',
                        (_, true, _) => '*',
                        (_, false, _) => '.',
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn random_map(seed: u64, side: i32, wall_percent: u32) -> Map {
    let mut rng = level_stream(seed, 0);
    let mut map = Map::filled(side, side, Tile::Floor);
    for p in map.cells().collect::<Vec<_>>() {
        if rng.random_range(0..100) < wall_percent {
            map.set(p, Tile::Wall);
        }
    }
    map
}

#[test]
fn sight_is_symmetric_between_every_pair_of_floor_cells_on_random_maps() {
    let radii = [BALANCE.fov_radius, BALANCE.fov_radius / 2];
    let mut pairs = 0u64;
    let mut seen_pairs = 0u64;
    for seed in 0..120 {
        let map = random_map(seed, 15, 30);
        let floor: Vec<Pos> = map.cells().filter(|&p| map.is_walkable(p)).collect();
        for radius in radii {
            let views: Vec<Grid<bool>> = floor.iter().map(|&a| field_of_view(&map, a, radius)).collect();
            for (i, &a) in floor.iter().enumerate() {
                for (j, &b) in floor.iter().enumerate().skip(i + 1) {
                    let (dx, dy) = (a.x - b.x, a.y - b.y);
                    if dx * dx + dy * dy > radius * radius {
                        continue;
                    }
                    let (ab, ba) = (views[i].at(b), views[j].at(a));
                    assert_eq!(
                        ab, ba,
                        "seed {seed}, radius {radius}: {a:?} sees {b:?} is {ab}, back is {ba}"
                    );
                    pairs += 1;
                    seen_pairs += u64::from(ab);
                }
            }
        }
    }
    // The property must have been tested on both outcomes, many times.
    assert!(seen_pairs > 10_000 && pairs - seen_pairs > 10_000, "{seen_pairs} of {pairs} pairs visible");
}

#[test]
fn the_origin_and_its_eight_neighbours_are_always_visible() {
    for seed in 0..50 {
        let map = random_map(seed, 15, 30);
        for a in map.cells().filter(|&p| map.is_walkable(p)) {
            let view = field_of_view(&map, a, BALANCE.fov_radius);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let p = a.offset(dx, dy);
                    if map.in_bounds(p) {
                        assert!(view.at(p), "seed {seed}: {p:?} next to {a:?} hidden");
                    }
                }
            }
        }
    }
}

#[test]
fn can_see_agrees_with_the_field_of_view() {
    let map = random_map(7, 15, 30);
    let a = map.cells().find(|&p| map.is_walkable(p)).unwrap();
    let view = field_of_view(&map, a, BALANCE.fov_radius);
    for b in map.cells() {
        assert_eq!(can_see(&map, a, b, BALANCE.fov_radius), view.at(b), "{b:?}");
    }
    assert!(!can_see(&map, a, Pos::new(-1, 0), BALANCE.fov_radius), "nothing off the grid is seen");
}

#[test]
fn a_straight_corridor_is_seen_along_its_length_but_not_past_a_wall() {
    let rows = ["#############", "#@vvvv#xxxxx#", "#############"];
    let game = check_view(&rows);
    assert!(game.is_visible(Pos::new(6, 1)), "the wall that ends the view is itself seen");
}

#[test]
fn a_long_corridor_is_seen_up_to_the_light_radius_and_no_further() {
    let r = BALANCE.fov_radius as usize;
    let row = format!("#@{}{}#", "v".repeat(r), "x".repeat(3));
    let wall = "#".repeat(row.len());
    check_view(&[&wall, &row, &wall]);
}

#[test]
fn a_pillar_casts_a_shadow_directly_behind_it() {
    let rows = [
        "###########",
        "#...v.....#",
        "#.........#",
        "#@..#xxxx.#",
        "#.........#",
        "#...v...v.#",
        "###########",
    ];
    let game = check_view(&rows);
    assert!(game.is_visible(Pos::new(4, 3)), "the pillar itself is seen");
}

#[test]
fn from_a_room_corner_the_whole_room_is_seen_and_nothing_behind_its_walls() {
    let rows = ["##########", "#@vvvvv#x#", "#vvvvvv#x#", "#vvvvvv#x#", "##########"];
    let game = check_view(&rows);
    for y in 1..=3 {
        assert!(game.is_visible(Pos::new(7, y)), "the far wall at row {y}");
    }
    for x in 1..=6 {
        assert!(game.is_visible(Pos::new(x, 4)), "the far wall at column {x}");
    }
}

#[test]
fn around_a_corner_the_side_passage_is_hidden() {
    let rows = ["#######", "#@....#", "#####.#", "#####x#", "#####x#", "#######"];
    check_view(&rows);
}

#[test]
fn a_door_gap_shows_a_widening_cone_beyond_the_wall() {
    let rows = [
        "#########",
        "#xx.v.xx#",
        "#x..v..x#",
        "#xx.v.xx#",
        "####.####",
        "#.......#",
        "#...@...#",
        "#########",
    ];
    let game = check_view(&rows);
    let gap = Pos::new(4, 4);
    let mut last_width = 0;
    for y in (1..gap.y).rev() {
        let seen: Vec<i32> = (1..8).filter(|&x| game.is_visible(Pos::new(x, y))).collect();
        assert!(seen.contains(&gap.x), "row {y}: the line through the gap is seen");
        let mirrored: Vec<i32> = seen.iter().rev().map(|x| 2 * gap.x - x).collect();
        assert_eq!(seen, mirrored, "row {y}: the cone is symmetric about the gap\n{}", picture(&game));
        assert!(seen.len() >= last_width, "row {y}: the cone widens with distance\n{}", picture(&game));
        assert_eq!(seen.len() as i32, seen.last().unwrap() - seen[0] + 1, "row {y}: the cone has no holes");
        last_width = seen.len();
    }
    assert!(last_width > 1, "the cone opens beyond a single column\n{}", picture(&game));
}

#[test]
fn the_view_is_a_disc_in_an_open_field() {
    for radius in 1..=BALANCE.fov_radius + 1 {
        let side = 2 * radius + 5;
        let map = Map::filled(side, side, Tile::Floor);
        let origin = Pos::new(side / 2, side / 2);
        let view = field_of_view(&map, origin, radius);
        for p in map.cells() {
            let (dx, dy) = (p.x - origin.x, p.y - origin.y);
            let inside = dx * dx + dy * dy <= radius * radius;
            assert_eq!(view.at(p), inside, "radius {radius}, offset ({dx}, {dy})");
        }
    }
}

#[test]
fn the_player_sees_r_1_in_an_open_field_only_within_the_light_radius() {
    let r = BALANCE.fov_radius;
    let side = (2 * r + 5) as usize;
    let mut rows: Vec<String> = vec![".".repeat(side); side];
    let c = side / 2;
    rows[c].replace_range(c..=c, "@");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let game = game_with(&rows, Facing::North);
    let origin = game.player().pos;
    for dx in 1..=r + 1 {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            for (x, y) in [(dx, 1), (1, dx), (dx, 0)] {
                let p = origin.offset(sx * x, sy * y);
                let expected = x * x + y * y <= r * r;
                assert_eq!(game.is_visible(p), expected, "offset ({}, {})", sx * x, sy * y);
            }
        }
    }
}
