//! The state dump's fields for tools that check the rules: phantoms, each entity's family, speed,
//! damage and max HP, the light level, each message's turn, and the last action's events.

use crate::support::{at, game_with};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::dump::StateDump;
use hollowdeep::game::sanity::Phantom;
use hollowdeep::game::save::{run_from_str, run_to_string};
use hollowdeep::game::{Action, Facing, Game, Variant};
use serde_json::{json, Value};

fn dump(game: &Game) -> Value {
    serde_json::from_str(&StateDump::of(game).to_json()).unwrap()
}

/// A hall with pillars: inner walls next to floor are where phantom passages can appear.
const HALL: [&str; 7] =
    ["###########", "#.........#", "#.#.#.#.#.#", "#....@....#", "#.#.#.#.#.#", "#.........#", "###########"];

#[test]
fn the_dump_lists_exactly_this_turns_phantom_cells() {
    let mut game = game_with(&HALL, Facing::East);
    assert_eq!(dump(&game)["phantoms"], json!([]), "a sane mind sees none");
    let mut seen = [false; 2];
    for _ in 0..300 {
        let p = game.player_mut();
        (p.sanity, p.weakness, p.hp) = (2_000, 0, p.max_hp);
        game.act(Action::Wait);
        let expected: Vec<Value> = game
            .map()
            .cells()
            .filter_map(|c| match game.phantom_at(c) {
                Phantom::None => None,
                Phantom::Wall => Some(json!([c.x, c.y, "wall"])),
                Phantom::Passage => Some(json!([c.x, c.y, "passage"])),
            })
            .collect();
        seen[0] |= expected.iter().any(|v| v[2] == "wall");
        seen[1] |= expected.iter().any(|v| v[2] == "passage");
        assert_eq!(dump(&game)["phantoms"], Value::Array(expected));
    }
    assert_eq!(seen, [true, true], "both kinds of phantom were dumped at least once");
}

#[test]
fn each_entity_carries_its_family_speed_damage_and_max_hp() {
    let rows = ["#######", "#@.SHF#", "#######"];
    let game = game_with(&rows, Facing::East);
    let d = dump(&game);
    let by_pos = |ch| {
        let p = at(&rows, ch);
        d["entities"].as_array().unwrap().iter().find(|e| e["x"] == p.x && e["y"] == p.y).unwrap().clone()
    };
    let stalker = by_pos('S');
    let (max_hp, damage) = match game.entity_at(at(&rows, 'S')).unwrap().kind {
        hollowdeep::game::EntityKind::Enemy { max_hp, damage, .. } => (max_hp, damage),
        _ => unreachable!(),
    };
    assert_eq!(stalker["family"], "stalker");
    assert_eq!(stalker["speed"], BALANCE.speed_of(Variant::Stalker));
    assert_eq!(stalker["damage"], damage);
    assert_eq!(stalker["max_hp"], max_hp);
    let phantom = by_pos('H');
    assert_eq!(
        (&phantom["family"], &phantom["damage"], &phantom["max_hp"]),
        (&json!(null), &json!(0), &json!(null))
    );
    assert_eq!(phantom["speed"], BALANCE.player_speed);
    let food = by_pos('F');
    for field in ["family", "speed", "damage", "max_hp"] {
        assert_eq!(food[field], Value::Null, "a pickup has no {field}");
    }
}

#[test]
fn the_light_level_is_the_renderers_light_scale_and_dims_with_hunger() {
    let mut game = game_with(&HALL, Facing::East);
    assert_eq!(dump(&game)["light"], f64::from(game.light_scale()));
    let full = dump(&game)["light"].as_f64().unwrap();
    game.player_mut().weakness = BALANCE.max_weakness;
    let hungry = dump(&game)["light"].as_f64().unwrap();
    assert_eq!(hungry, f64::from(game.light_scale()));
    assert!((0.0..full).contains(&hungry) && full <= 1.0, "{hungry} < {full}");
}

#[test]
fn every_message_is_logged_with_its_turn_beside_the_plain_list() {
    let mut game = game_with(&["#####", "#@..#", "#####"], Facing::East);
    for action in [Action::Interact, Action::Wait, Action::Interact, Action::UseItem] {
        game.act(action);
    }
    let d = dump(&game);
    let log = d["message_log"].as_array().unwrap();
    assert!(log.len() >= 3, "{log:?}");
    let texts: Vec<&Value> = log.iter().map(|m| &m["text"]).collect();
    assert_eq!(Value::Array(texts.into_iter().cloned().collect()), d["messages"]);
    let turns: Vec<u64> = log.iter().map(|m| m["turn"].as_u64().unwrap()).collect();
    assert_eq!(turns, game.messages().iter().map(|m| m.turn).collect::<Vec<_>>());
    assert_eq!(turns.first(), Some(&0), "the first swing is said on turn 0");
    assert!(turns.windows(2).all(|w| w[0] <= w[1]) && turns.last() > turns.first(), "{turns:?}");
}

#[test]
fn the_last_actions_events_are_dumped_as_tagged_objects() {
    let mut game = game_with(&["#####", "#@..#", "#####"], Facing::East);
    assert_eq!(dump(&game)["events"], json!([]), "nothing has happened yet");
    game.act(Action::MoveForward);
    assert_eq!(dump(&game)["events"], json!([{"type": "player_moved", "from": [1, 1], "to": [2, 1]}]));
    game.act(Action::TurnLeft);
    assert_eq!(dump(&game)["events"], json!([{"type": "player_turned", "from": "E", "to": "N"}]));
    game.act(Action::MoveForward);
    assert_eq!(dump(&game)["events"], json!([{"type": "bumped", "toward": "N"}]), "no turn, still reported");
    game.act(Action::Wait);
    assert_eq!(dump(&game)["events"], json!([{"type": "waited"}]));
    game.act(Action::UseItem);
    let events = dump(&game)["events"].clone();
    assert_eq!(events[0]["type"], "message", "{events}");
    assert!(events[0]["text"].is_string(), "{events}");
    // The report is not part of the state: a save does not carry it.
    let loaded = run_from_str(&run_to_string(&game)).unwrap();
    assert_eq!(dump(&loaded)["events"], json!([]));
}

/// Issue 16: the dump names the level's generator and theme and lists its landmarks, so tools can
/// tell levels apart; none of them is part of the state hash (the seed and depth decide them).
#[test]
fn the_dump_names_the_generator_and_theme_and_lists_landmarks() {
    use hollowdeep::game::gen::kind::Generator;
    for generator in Generator::ALL {
        let game = Game::new_with_generator(5, 9, generator);
        let d = dump(&game);
        assert_eq!(d["generator"], json!(generator.name()));
        assert_eq!(d["theme"], json!(BALANCE.theme_for(9).name()));
        let marks = d["landmarks"].as_array().expect("a list of landmarks");
        assert_eq!(marks.len(), game.level().landmarks.len());
        for (m, l) in marks.iter().zip(&game.level().landmarks) {
            assert_eq!(
                m,
                &json!({"kind": l.kind.name(), "x": l.pos.x, "y": l.pos.y, "facing": l.facing.letter()})
            );
        }
    }
    let game = Game::new_at_depth(5, 12);
    let hashed: Value = serde_json::from_slice(&StateDump::of(&game).hashed_bytes()).unwrap();
    for key in ["generator", "theme", "landmarks"] {
        assert!(hashed.get(key).is_none(), "{key} is left out of the hashed bytes");
    }
    assert_eq!(dump(&game)["theme"], json!("flesh"));
}
