//! When sanity breaks: phantom cells, the shifting maze's invariants, and darkness (plan §6).

use crate::support::game_from;
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::connectivity::distances;
use hollowdeep::game::rng::gameplay_stream;
use hollowdeep::game::sanity::{light_scale, Phantom, MSG_SOLID_STONE, MSG_WALL_NEVER_THERE};
use hollowdeep::game::{Action, Event, Facing, Game, Pos, Status, Tile};
use rand::RngExt;

const HALL: [&str; 9] = [
    "###########",
    "#.........#",
    "#.........#",
    "#.........#",
    "#....@....#",
    "#.........#",
    "#.........#",
    "#.........#",
    "###########",
];

/// Keeps the player alive and mad while a test waits for the dungeon to lie.
fn mad(game: &mut Game, sanity: i32) {
    let p = game.player_mut();
    p.sanity = sanity;
    p.weakness = 0;
    p.hp = p.max_hp;
}

#[test]
fn a_sane_mind_sees_no_phantoms() {
    let mut game = game_from(&HALL, Facing::East);
    for _ in 0..200 {
        mad(&mut game, BALANCE.max_sanity);
        game.act(Action::Wait);
        assert!(game.map().cells().all(|p| game.phantom_at(p) == Phantom::None));
    }
}

/// Both kinds of phantom keep the band's rate (docs/rules.md "Sanity"): a floor cell shows as a
/// wall, an inner wall as an opening, each with the band's percent times the table's factor.
#[test]
fn phantoms_appear_only_in_view_and_match_the_band_rate() {
    // Pillars give inner walls (the hall's walls are all border, which never shows an opening).
    let pillars = [
        "###########",
        "#.........#",
        "#.#.#.#.#.#",
        "#.........#",
        "#.#.#@#.#.#",
        "#.........#",
        "#.#.#.#.#.#",
        "#.........#",
        "###########",
    ];
    let mut game = game_from(&pillars, Facing::East);
    // Per kind: phantoms seen, and visible cells that could have shown one.
    let (mut walls, mut floors, mut passages, mut inner_walls) = (0usize, 0usize, 0usize, 0usize);
    for _ in 0..1_000 {
        mad(&mut game, 5_000);
        game.act(Action::Wait);
        for p in game.map().cells() {
            let phantom = game.phantom_at(p);
            if phantom != Phantom::None {
                assert!(game.is_visible(p), "phantom at {p:?} is out of view");
                assert_ne!(p, game.player().pos);
                assert!(!game.map().is_border(p));
            }
            let interior_floor = game.map().get(p) == Tile::Floor && p != game.player().pos;
            let inner_wall = game.map().get(p) == Tile::Wall
                && !game.map().is_border(p)
                && p.neighbours4().iter().any(|&n| game.map().is_walkable(n));
            if !game.is_visible(p) {
                continue;
            }
            if interior_floor {
                floors += 1;
                walls += usize::from(phantom == Phantom::Wall);
            }
            if inner_wall {
                inner_walls += 1;
                passages += usize::from(phantom == Phantom::Passage);
            }
        }
    }
    let band = BALANCE.band_for(5_000);
    let expected = band.phantom_percent as f64 * BALANCE.phantom_cell_per_mille_of_percent as f64 / 100_000.0;
    for (kind, seen, of) in [("wall", walls, floors), ("passage", passages, inner_walls)] {
        let rate = seen as f64 / of as f64;
        assert!(of > 0 && expected > 0.0, "{kind}: {of} candidates");
        assert!((rate - expected).abs() < expected * 0.25, "{kind}: rate {rate} vs expected {expected}");
    }
}

/// Waits at low sanity until the cell ahead shows `wanted`, returning the game in that state.
fn wait_for_phantom_ahead(wanted: Phantom, rows: &[&str]) -> Game {
    let mut game = game_from(rows, Facing::East);
    for _ in 0..5_000 {
        mad(&mut game, 1_000);
        game.act(Action::Wait);
        let ahead = game.player().pos.step(Facing::East);
        if game.phantom_at(ahead) == wanted {
            return game;
        }
    }
    panic!("no {wanted:?} ahead after 5000 turns");
}

#[test]
fn walking_through_a_phantom_wall_reveals_it() {
    let mut game = wait_for_phantom_ahead(Phantom::Wall, &HALL);
    let ahead = game.player().pos.step(Facing::East);
    assert_eq!(game.apparent_tile(ahead), Tile::Wall);
    let report = game.act(Action::MoveForward);
    assert!(report.took_turn);
    assert_eq!(game.player().pos, ahead);
    assert!(report.events.contains(&Event::Message(MSG_WALL_NEVER_THERE.into())));
}

#[test]
fn walking_into_a_phantom_passage_is_blocked_and_costs_the_turn() {
    let rows = ["#####", "#...#", "#.@##", "#...#", "#####"];
    let mut game = wait_for_phantom_ahead(Phantom::Passage, &rows);
    let (pos, turn) = (game.player().pos, game.turn());
    assert_eq!(game.apparent_tile(pos.step(Facing::East)), Tile::Floor);
    let report = game.act(Action::MoveForward);
    assert!(report.took_turn);
    assert_eq!(game.player().pos, pos);
    assert_eq!(game.turn(), turn + 1);
    assert!(report.events.contains(&Event::Message(MSG_SOLID_STONE.into())));
}

#[test]
fn the_maze_shifts_only_out_of_sight_and_never_traps_the_player() {
    let mut rng = gameplay_stream(99);
    let actions =
        [Action::MoveForward, Action::TurnLeft, Action::TurnRight, Action::StrafeLeft, Action::Wait];
    let mut shifts = 0;
    for seed in 0..30u64 {
        let depth = 1 + (seed % 10) as u32;
        let mut game = Game::new_at_depth(seed, depth);
        for _ in 0..300 {
            mad(&mut game, rng.random_range(0..BALANCE.max_sanity));
            let before = game.map().clone();
            let report = game.act(actions[rng.random_range(0..actions.len())]);
            if game.status() != Status::Playing {
                break;
            }
            let reported: Vec<Pos> = report
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::MazeShifted { cells } => Some(cells.clone()),
                    _ => None,
                })
                .flatten()
                .collect();
            let mut changed: Vec<Pos> =
                game.map().cells().filter(|&p| before.get(p) != game.map().get(p)).collect();
            changed.sort();
            let descended = report.events.iter().any(|e| matches!(e, Event::Descended { .. }));
            if descended {
                continue;
            }
            let mut sorted = reported.clone();
            sorted.sort();
            assert_eq!(changed, sorted, "every change is reported, and only changes");
            if depth < BALANCE.shift_min_depth {
                assert!(reported.is_empty(), "no shifting at depth {depth}");
            }
            for p in &reported {
                shifts += 1;
                assert!(!game.is_visible(*p), "flip in view at {p:?}");
                assert!(!game.map().is_border(*p));
                assert!(game.entity_at(*p).is_none(), "flip under an entity");
                assert_ne!(*p, game.exit());
            }
            let dist = distances(game.map(), game.player().pos);
            let exit = game.exit();
            assert!(dist.at(exit).is_some(), "exit cut off");
            assert!(game.player().pos.neighbours4().iter().any(|&n| game.map().is_walkable(n)), "enclosed");
        }
    }
    assert!(shifts > 20, "the soak must actually see shifts, saw {shifts}");
}

#[test]
fn darkness_multiplies_hunger_and_depth() {
    let max_w = BALANCE.max_weakness;
    let full = BALANCE.depth_dimming_full_at;
    assert_eq!(light_scale(0, 1), 1.0);
    let hungry = 1.0 - BALANCE.max_weakness_dimming;
    let deep = 1.0 - BALANCE.max_depth_dimming;
    assert!((light_scale(max_w, 1) - hungry).abs() < 1e-6);
    assert!((light_scale(0, full) - deep).abs() < 1e-6);
    assert!((light_scale(0, full + 20) - deep).abs() < 1e-6, "depth dimming stops growing");
    assert!((light_scale(max_w, full) - hungry * deep).abs() < 1e-6);
    let mut last = 2.0;
    for w in 0..=max_w {
        let now = light_scale(w, 5);
        assert!(now < last);
        last = now;
    }
}
