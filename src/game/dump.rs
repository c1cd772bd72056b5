//! The whole truth of a game state as a serialisable record: `--dump-state`, tests and tools read it.

use super::run::{Game, Status};
use serde::Serialize;

#[derive(Serialize)]
pub struct StateDump {
    pub seed: u64,
    pub depth: u32,
    pub turn: u64,
    pub status: &'static str,
    pub player: PlayerDump,
    pub map: MapDump,
    pub messages: Vec<String>,
}

#[derive(Serialize)]
pub struct PlayerDump {
    pub x: i32,
    pub y: i32,
    pub facing: &'static str,
}

#[derive(Serialize)]
pub struct MapDump {
    pub width: i32,
    pub height: i32,
    pub rows: Vec<String>,
    pub exit: [i32; 2],
}

impl StateDump {
    pub fn of(game: &Game) -> Self {
        let map = game.map();
        let player = game.player();
        Self {
            seed: game.seed(),
            depth: game.depth(),
            turn: game.turn(),
            status: match game.status() {
                Status::Playing => "playing",
                Status::Dead => "dead",
            },
            player: PlayerDump { x: player.pos.x, y: player.pos.y, facing: player.facing.letter() },
            map: MapDump {
                width: map.width(),
                height: map.height(),
                rows: map.rows(),
                exit: [game.exit().x, game.exit().y],
            },
            messages: game.messages().iter().map(|m| m.text.clone()).collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a state dump holds only plain data")
    }
}
