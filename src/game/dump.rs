//! The whole truth of a game state as a serialisable record: `--dump-state`, tests and tools read it.

use super::entity::EntityKind;
use super::run::{Game, Status};
use serde::Serialize;

#[derive(Serialize)]
pub struct StateDump {
    pub seed: u64,
    pub depth: u32,
    pub turn: u64,
    pub status: &'static str,
    pub kills: u32,
    pub score: i64,
    pub cause_of_death: Option<String>,
    pub player: PlayerDump,
    pub map: MapDump,
    pub entities: Vec<EntityDump>,
    pub messages: Vec<String>,
}

#[derive(Serialize)]
pub struct PlayerDump {
    pub x: i32,
    pub y: i32,
    pub facing: &'static str,
    pub hp: i32,
    pub max_hp: i32,
    /// Percent, 0–100, with the fraction the drain has reached.
    pub sanity: f64,
    pub weakness: i32,
    pub heartbeat: u64,
    pub weapon: i32,
    pub inventory: Vec<Option<SlotDump>>,
    pub selected: usize,
    pub statuses: Vec<StatusDump>,
    pub visible: Vec<[i32; 2]>,
}

#[derive(Serialize)]
pub struct SlotDump {
    pub item: String,
    pub hallucinated: bool,
}

#[derive(Serialize)]
pub struct StatusDump {
    pub kind: &'static str,
    pub turns_left: u32,
}

#[derive(Serialize)]
pub struct MapDump {
    pub width: i32,
    pub height: i32,
    pub rows: Vec<String>,
    pub exit: [i32; 2],
}

#[derive(Serialize)]
pub struct EntityDump {
    pub id: u32,
    pub x: i32,
    pub y: i32,
    pub kind: &'static str,
    pub glyph: String,
    pub hp: Option<i32>,
    /// The enemy family, or the weapon's base damage for weapon pickups.
    pub detail: Option<String>,
}

impl StateDump {
    pub fn of(game: &Game) -> Self {
        let map = game.map();
        let p = game.player();
        Self {
            seed: game.seed(),
            depth: game.depth(),
            turn: game.turn(),
            status: match game.status() {
                Status::Playing => "playing",
                Status::Dead => "dead",
            },
            kills: game.kills(),
            score: game.score(),
            cause_of_death: game.cause_of_death().map(String::from),
            player: PlayerDump {
                x: p.pos.x,
                y: p.pos.y,
                facing: p.facing.letter(),
                hp: p.hp,
                max_hp: p.max_hp,
                sanity: f64::from(p.sanity_percent()),
                weakness: p.weakness,
                heartbeat: p.heartbeat,
                weapon: p.weapon,
                inventory: p
                    .inventory
                    .slots()
                    .iter()
                    .map(|s| {
                        s.map(|c| SlotDump { item: c.item.glyph().to_string(), hallucinated: c.hallucinated })
                    })
                    .collect(),
                selected: p.inventory.selected(),
                statuses: p
                    .statuses
                    .iter()
                    .map(|s| StatusDump { kind: s.kind.name(), turns_left: s.turns_left })
                    .collect(),
                visible: game.visible_cells().into_iter().map(|c| [c.x, c.y]).collect(),
            },
            map: MapDump {
                width: map.width(),
                height: map.height(),
                rows: map.rows(),
                exit: [game.exit().x, game.exit().y],
            },
            entities: game
                .entities()
                .iter()
                .map(|e| EntityDump {
                    id: e.id.0,
                    x: e.pos.x,
                    y: e.pos.y,
                    kind: e.kind_name(),
                    glyph: e.glyph().to_string(),
                    hp: e.hp(),
                    detail: match &e.kind {
                        EntityKind::Enemy { variant, .. } => Some(variant.name().to_string()),
                        EntityKind::Pickup(super::entity::Pickup::Weapon { base })
                        | EntityKind::HallucinatedPickup(super::entity::Pickup::Weapon { base }) => {
                            Some(format!("weapon {base}"))
                        }
                        _ => None,
                    },
                })
                .collect(),
            messages: game.messages().iter().map(|m| m.text.clone()).collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a state dump holds only plain data")
    }
}
