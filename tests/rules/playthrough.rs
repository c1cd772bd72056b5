//! A greedy bot plays whole descents: proof that levels are beatable and the rules hold together.

use hollowdeep::game::gen::connectivity::distances;
use hollowdeep::game::{Action, EntityKind, Facing, Game, Item, Pickup, Pos, Status};

/// The action that moves one step toward `to` without turning (forward, back or a strafe).
fn step_toward(facing: Facing, from: Pos, to: Pos) -> Action {
    let dir = Facing::ALL.into_iter().find(|f| from.step(*f) == to).expect("an adjacent cell");
    match dir {
        d if d == facing => Action::MoveForward,
        d if d == facing.opposite() => Action::MoveBack,
        d if d == facing.left() => Action::StrafeLeft,
        _ => Action::StrafeRight,
    }
}

fn turn_toward(facing: Facing, want: Facing) -> Action {
    if facing.right() == want {
        Action::TurnRight
    } else {
        Action::TurnLeft
    }
}

fn slot_with(game: &Game, item: Item) -> Option<u8> {
    game.player().inventory.slots().iter().position(|s| s.is_some_and(|c| c.item == item)).map(|i| i as u8)
}

/// One decision: heal, eat or calm down when needed, fight what is adjacent, otherwise walk the
/// shortest path to the exit and descend.
fn decide(game: &Game) -> Action {
    let p = game.player();
    let needs =
        [(p.hp < p.max_hp, Item::Bandage), (p.weakness > 70, Item::Food), (p.sanity < 35_000, Item::Pill)];
    for (need, item) in needs {
        if let (true, Some(slot)) = (need, slot_with(game, item)) {
            return if p.inventory.selected() == slot as usize {
                Action::UseItem
            } else {
                Action::Select(slot)
            };
        }
    }
    for dir in Facing::ALL {
        let cell = p.pos.step(dir);
        if game.entity_at(cell).is_some_and(|e| e.is_actor()) {
            return if dir == p.facing { Action::Interact } else { turn_toward(p.facing, dir) };
        }
    }
    if game.on_exit() {
        return Action::Interact;
    }
    // Let a hunter close the last gap itself, so the first blow is ours.
    let hunter_near =
        game.entities().iter().any(|e| e.is_enemy() && e.pos.manhattan(p.pos) == 2 && game.is_visible(e.pos));
    if hunter_near {
        return Action::Wait;
    }
    // Walk to the nearest pickup in sight (if the bag has room), else to the exit, stepping back
    // from the goal along decreasing distance from the player.
    let map = game.map();
    let dist = distances(map, p.pos);
    let at = |q: Pos| dist.at(q);
    let wanted = |e: &&hollowdeep::game::Entity| match e.kind {
        EntityKind::Pickup(Pickup::Weapon { .. }) | EntityKind::HallucinatedPickup(Pickup::Weapon { .. }) => {
            true
        }
        EntityKind::Pickup(_) | EntityKind::HallucinatedPickup(_) => !p.inventory.is_full(),
        _ => false,
    };
    let goal = game
        .entities()
        .iter()
        .filter(wanted)
        .filter(|e| game.is_visible(e.pos) && at(e.pos).is_some())
        .min_by_key(|e| at(e.pos))
        .map(|e| e.pos)
        .unwrap_or(game.exit());
    let mut cell = goal;
    while let Some(d) = at(cell) {
        if d <= 1 {
            return step_toward(p.facing, p.pos, cell);
        }
        match cell.neighbours4().into_iter().find(|n| map.in_bounds(*n) && at(*n) == Some(d - 1)) {
            Some(n) => cell = n,
            None => break,
        }
    }
    Action::Wait
}

/// Plays up to `turns` actions; returns the deepest depth reached.
fn play(seed: u64, turns: usize) -> (u32, Game) {
    let mut game = Game::new(seed);
    for _ in 0..turns {
        if game.status() != Status::Playing {
            break;
        }
        let action = decide(&game);
        game.act(action);
    }
    (game.depth(), game)
}

#[test]
fn a_careful_player_can_descend_several_levels() {
    let mut deepest = Vec::new();
    for seed in 1..=12 {
        let (depth, game) = play(seed, 3_000);
        eprintln!(
            "seed {seed}: depth {depth}, turn {}, kills {}, {:?}, score {}",
            game.turn(),
            game.kills(),
            game.status(),
            game.score()
        );
        deepest.push(depth);
    }
    // The bot is crude (no retreat, no corridor fighting); it must still get through every first level
    // and reach depth 3 in a good share of runs, or levels have become unbeatable.
    assert!(deepest.iter().all(|&d| d >= 2), "every first level must be beatable: {deepest:?}");
    let reached_three = deepest.iter().filter(|&&d| d >= 3).count();
    assert!(reached_three >= 4, "too few runs reach depth 3: {deepest:?}");
}

#[test]
fn the_bot_collects_pickups_it_walks_over() {
    // Pickups on the path are collected on the way: inventory use is part of a real descent.
    let (_, game) = play(3, 400);
    let used_or_carried = game.messages().iter().any(|m| m.text.starts_with("You pick up"));
    assert!(used_or_carried, "a 400-turn descent should pick something up");
}
