//! The turn machine's rules through the Game API: each action's effect, blocking, descending.

use crate::support::game_from;
use hollowdeep::game::gen::connectivity::distances;
use hollowdeep::game::messages::{DESCEND_PROMPT as MSG_DESCEND_PROMPT, SWING_AT_AIR as MSG_SWING_AT_AIR};
use hollowdeep::game::{Action, Event, Facing, Game, Pos, Tile};

const ROOM: [&str; 5] = ["#####", "#...#", "#.@.#", "#...#", "#####"];

#[test]
fn each_move_goes_relative_to_the_facing() {
    let cases = [
        (Facing::North, Action::MoveForward, Pos::new(2, 1)),
        (Facing::North, Action::MoveBack, Pos::new(2, 3)),
        (Facing::North, Action::StrafeLeft, Pos::new(1, 2)),
        (Facing::North, Action::StrafeRight, Pos::new(3, 2)),
        (Facing::East, Action::MoveForward, Pos::new(3, 2)),
        (Facing::East, Action::StrafeLeft, Pos::new(2, 1)),
        (Facing::South, Action::StrafeLeft, Pos::new(3, 2)),
        (Facing::West, Action::MoveBack, Pos::new(3, 2)),
    ];
    for (facing, action, expected) in cases {
        let mut game = game_from(&ROOM, facing);
        let report = game.act(action);
        assert!(report.took_turn, "{facing:?} {action:?}");
        assert_eq!(game.player().pos, expected, "{facing:?} {action:?}");
        assert_eq!(game.player().facing, facing, "moving never turns");
        assert_eq!(game.turn(), 1);
    }
}

/// Issue 34: README's controls said turning "takes a turn"; the table says whether it does, and
/// the README must agree with it.
#[test]
fn readme_says_turning_is_free_as_the_balance_table_makes_it() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let row = readme.lines().find(|l| l.contains("turn left / right")).expect("README lists turning");
    let free = !hollowdeep::game::balance::BALANCE.turning_takes_a_turn;
    assert_eq!(row.contains("(free"), free, "README: {row}");
    assert_eq!(row.contains("takes a turn"), !free, "README: {row}");
    assert_eq!(game_from(&ROOM, Facing::East).act(Action::TurnLeft).took_turn, !free);
}

#[test]
fn turning_changes_facing_in_place_and_takes_no_turn() {
    // Pacing (docs/rules.md): looking around is free, as SPEC "Pacing" allows.
    let mut game = game_from(&ROOM, Facing::East);
    assert!(!game.act(Action::TurnRight).took_turn);
    assert_eq!(game.player().facing, Facing::South);
    game.act(Action::TurnLeft);
    game.act(Action::TurnLeft);
    assert_eq!(game.player().facing, Facing::North);
    assert_eq!(game.player().pos, Pos::new(2, 2));
    assert_eq!(game.turn(), 0);
}

#[test]
fn a_visible_wall_blocks_without_taking_a_turn() {
    let mut game = game_from(&["####", "#@.#", "####"], Facing::West);
    let report = game.act(Action::MoveForward);
    assert!(!report.took_turn);
    assert_eq!(report.events, vec![Event::Bumped { toward: Facing::West }]);
    assert_eq!(game.player().pos, Pos::new(1, 1));
    assert_eq!(game.turn(), 0);
}

#[test]
fn waiting_takes_a_turn_and_stays_put() {
    let mut game = game_from(&ROOM, Facing::East);
    assert!(game.act(Action::Wait).took_turn);
    assert_eq!(game.player().pos, Pos::new(2, 2));
    assert_eq!(game.turn(), 1);
}

#[test]
fn stepping_on_the_exit_prompts_and_space_descends() {
    let mut game = game_from(&["#####", "#@.>#", "#####"], Facing::East);
    game.act(Action::MoveForward);
    game.act(Action::MoveForward);
    assert!(game.on_exit());
    assert_eq!(game.messages().last().unwrap().text, MSG_DESCEND_PROMPT);
    let report = game.act(Action::Interact);
    assert!(report.events.contains(&Event::Descended { depth: 2 }));
    assert_eq!(game.depth(), 2);
    assert_eq!(game.player().facing, Facing::East);
    let level = game.level();
    let room_of = |p: Pos| level.rooms.iter().position(|r| r.contains(p));
    assert!(room_of(game.player().pos).is_some());
    assert_ne!(room_of(game.player().pos), room_of(game.exit()), "the new depth starts away from the exit");
    let dist = distances(game.map(), game.player().pos);
    let exit = game.exit();
    assert!(dist.at(exit).is_some());
}

#[test]
fn space_away_from_the_exit_swings_at_the_air() {
    let mut game = game_from(&ROOM, Facing::East);
    let report = game.act(Action::Interact);
    assert!(report.took_turn);
    assert_eq!(game.messages().last().unwrap().text, MSG_SWING_AT_AIR);
    assert_eq!(game.depth(), 1);
}

#[test]
fn a_generated_run_starts_facing_the_longest_open_line_on_floor() {
    for seed in 0..20 {
        let mut game = Game::new(seed);
        let facing = hollowdeep::game::gen::endpoints::start_facing(game.map(), game.player().pos);
        assert_eq!(game.player().facing, facing);
        let open = |g: &Game, d: Facing| {
            let mut q = g.player().pos.step(d);
            let mut n = 0;
            while g.map().in_bounds(q) && g.map().is_walkable(q) {
                n += 1;
                q = q.step(d);
            }
            n
        };
        let best = Facing::ALL.into_iter().map(|d| open(&game, d)).max().unwrap();
        assert_eq!(open(&game, facing), best, "seed {seed}: faces the most open floor");
        assert!(best >= 1, "seed {seed}: never faces a wall");
        // A descent greets the player the same way.
        let exit = game.exit();
        game.player_mut().pos = exit;
        game.act(Action::Interact);
        assert_eq!(game.depth(), 2);
        let best = Facing::ALL.into_iter().map(|d| open(&game, d)).max().unwrap();
        assert_eq!(open(&game, game.player().facing), best, "seed {seed}: after descending");
        assert_eq!(game.map().get(game.player().pos), Tile::Floor);
        assert_eq!(game.map().get(game.exit()), Tile::Exit);
    }
}

#[test]
fn the_same_seed_and_keys_give_the_same_state() {
    let keys =
        [Action::MoveForward, Action::TurnRight, Action::MoveForward, Action::Wait, Action::StrafeLeft];
    let play = |seed| {
        let mut game = Game::new(seed);
        for k in keys.iter().cycle().take(200) {
            game.act(*k);
        }
        game
    };
    assert_eq!(play(9), play(9));
    assert_ne!(play(9).map(), play(10).map());
}
