//! Shared helpers for rule tests: tiny inline ASCII maps turned into games.

#![allow(dead_code)]

use hollowdeep::game::{Facing, Game, Map, Pos};

/// Builds a game from rows where `@` marks the player (facing `facing`), `#` wall, `.` floor, `>` exit.
pub fn game_from(rows: &[&str], facing: Facing) -> Game {
    let start = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| row.find('@').map(|x| Pos::new(x as i32, y as i32)))
        .expect("a test map marks the player with @");
    let map = Map::from_rows(rows).expect("a well-formed test map");
    Game::from_map(map, start, facing)
}
