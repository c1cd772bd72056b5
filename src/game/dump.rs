//! The whole truth of a game state as a serialisable record: `--dump-state`, tests and tools read it.
//!
//! Fields are only ever added, never changed (DESIGN "Interfaces that tools and tests rely on"); the
//! state hash of recordings (format 2) is computed over this record without its prose.

use super::action::Event;
use super::balance::BALANCE;
use super::entity::EntityKind;
use super::floor::speed_of;
use super::run::{Game, Status};
use super::sanity::Phantom;
use crate::grid::{Facing, Pos};
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
    /// This turn's phantom cells, row-major: [x, y, "wall"] (floor drawn as wall) or [x, y, "passage"]
    /// (wall drawn as an opening).
    pub phantoms: Vec<(i32, i32, &'static str)>,
    /// The torchlight left after hunger and depth, 0..1, as the renderer scales light by it.
    pub light: f64,
    /// Every message with the turn it was said on, most recent last (`messages` without turns).
    pub message_log: Vec<MessageDump>,
    /// What the last action did, in order, as `{"type": "player_moved", ...}` objects (empty after
    /// loading a save, and before the first action).
    pub events: Vec<EventDump>,
    /// A practice run (started deeper than depth 1 or at a chosen sanity), which is never scored.
    /// Not part of the state hash: it says how the run counts, not where it stands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub practice: Option<bool>,
    /// The generator that laid this level out ("rooms", "bsp", "caves", "drunkard", "mixed") and its
    /// theme ("cut_stone", "cavern", "flesh"). Not part of the state hash: both follow from the seed
    /// and depth, which it covers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<&'static str>,
    /// The level's landmarks: `{"kind": "torch", "x", "y", "facing"}` (a torch in that wall cell,
    /// burning on its face towards `facing`) or `{"kind": "shrine", "x", "y", "facing"}`. Not part
    /// of the state hash, like the generator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub landmarks: Option<Vec<LandmarkDump>>,
}

#[derive(Serialize)]
pub struct LandmarkDump {
    pub kind: &'static str,
    pub x: i32,
    pub y: i32,
    pub facing: &'static str,
}

#[derive(Serialize)]
pub struct MessageDump {
    pub turn: u64,
    pub text: String,
}

/// One event of the last action. Positions are [x, y], facings "N"/"E"/"S"/"W", ids entity ids.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventDump {
    PlayerMoved {
        from: [i32; 2],
        to: [i32; 2],
    },
    PlayerTurned {
        from: &'static str,
        to: &'static str,
    },
    Bumped {
        toward: &'static str,
    },
    Blocked {
        toward: &'static str,
    },
    Waited,
    SwungAtAir,
    Descended {
        depth: u32,
    },
    HitEnemy {
        id: u32,
        damage: i32,
    },
    HitHallucination {
        id: u32,
    },
    EnemyDied {
        id: u32,
        pos: [i32; 2],
    },
    HallucinationVanished {
        id: u32,
        pos: [i32; 2],
    },
    /// A blow landed from "front", "left", "right" or "behind" the player (real or not).
    Struck {
        side: &'static str,
    },
    /// `real` false: a hallucination's blow (sanity, not HP).
    PlayerHurt {
        amount: i32,
        real: bool,
    },
    PlayerHealed {
        amount: i32,
    },
    EnemyMoved {
        id: u32,
        from: [i32; 2],
        to: [i32; 2],
    },
    MazeShifted {
        cells: Vec<[i32; 2]>,
    },
    PickedUp {
        glyph: String,
    },
    Died,
    Message {
        text: String,
    },
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
    /// The enemy family ("shambler", …); null for hallucinations and pickups.
    pub family: Option<&'static str>,
    /// Scheduler speed (charge gained per tick) of anything that acts; null for pickups.
    pub speed: Option<u32>,
    /// HP a blow takes from the player: the enemy's damage, 0 for a hallucination (its blows cost
    /// sanity); null for pickups.
    pub damage: Option<i32>,
    /// The enemy's maximum HP; null for hallucinations and pickups.
    pub max_hp: Option<i32>,
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
                    family: match &e.kind {
                        EntityKind::Enemy { variant, .. } => Some(variant.name()),
                        _ => None,
                    },
                    speed: e.is_actor().then(|| speed_of(e)),
                    damage: match e.kind {
                        EntityKind::Enemy { damage, .. } => Some(damage),
                        EntityKind::Hallucination { .. } => Some(0),
                        _ => None,
                    },
                    max_hp: match e.kind {
                        EntityKind::Enemy { max_hp, .. } => Some(max_hp),
                        _ => None,
                    },
                })
                .collect(),
            messages: game.messages().iter().map(|m| m.text.clone()).collect(),
            phantoms: map
                .cells()
                .filter_map(|p| match game.phantom_at(p) {
                    Phantom::None => None,
                    Phantom::Wall => Some((p.x, p.y, "wall")),
                    Phantom::Passage => Some((p.x, p.y, "passage")),
                })
                .collect(),
            light: f64::from(game.light_scale()),
            message_log: game
                .messages()
                .iter()
                .map(|m| MessageDump { turn: m.turn, text: m.text.clone() })
                .collect(),
            events: game.last_events().iter().map(EventDump::of).collect(),
            practice: Some(game.is_practice()),
            generator: Some(game.level().generator.name()),
            theme: Some(BALANCE.theme_for(game.depth()).name()),
            landmarks: Some(
                game.level()
                    .landmarks
                    .iter()
                    .map(|l| LandmarkDump {
                        kind: l.kind.name(),
                        x: l.pos.x,
                        y: l.pos.y,
                        facing: l.facing.letter(),
                    })
                    .collect(),
            ),
        }
    }

    /// The bytes the state hash of recordings (format 2) covers: this dump as compact JSON, in field
    /// order, with its prose emptied (`messages`, `message_log`, `events` and `cause_of_death`), so
    /// rewording a message changes no hash while every fact the dump shows does.
    pub fn hashed_bytes(mut self) -> Vec<u8> {
        self.messages.clear();
        self.message_log.clear();
        self.events.clear();
        self.cause_of_death = None;
        self.practice = None;
        self.generator = None;
        self.theme = None;
        self.landmarks = None;
        serde_json::to_vec(&self).expect("a state dump holds only plain data")
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a state dump holds only plain data")
    }
}

fn xy(p: Pos) -> [i32; 2] {
    [p.x, p.y]
}

fn letter(f: Facing) -> &'static str {
    f.letter()
}

impl EventDump {
    pub fn of(event: &Event) -> Self {
        match event {
            Event::PlayerMoved { from, to } => Self::PlayerMoved { from: xy(*from), to: xy(*to) },
            Event::PlayerTurned { from, to } => Self::PlayerTurned { from: letter(*from), to: letter(*to) },
            Event::Bumped { toward } => Self::Bumped { toward: letter(*toward) },
            Event::Blocked { toward } => Self::Blocked { toward: letter(*toward) },
            Event::Waited => Self::Waited,
            Event::SwungAtAir => Self::SwungAtAir,
            Event::Descended { depth } => Self::Descended { depth: *depth },
            Event::HitEnemy { id, damage } => Self::HitEnemy { id: id.0, damage: *damage },
            Event::HitHallucination { id } => Self::HitHallucination { id: id.0 },
            Event::EnemyDied { id, pos } => Self::EnemyDied { id: id.0, pos: xy(*pos) },
            Event::HallucinationVanished { id, pos } => {
                Self::HallucinationVanished { id: id.0, pos: xy(*pos) }
            }
            Event::Struck { side } => Self::Struck { side: side.name() },
            Event::PlayerHurt { amount, real } => Self::PlayerHurt { amount: *amount, real: *real },
            Event::PlayerHealed { amount } => Self::PlayerHealed { amount: *amount },
            Event::EnemyMoved { id, from, to } => Self::EnemyMoved { id: id.0, from: xy(*from), to: xy(*to) },
            Event::MazeShifted { cells } => {
                Self::MazeShifted { cells: cells.iter().map(|&p| xy(p)).collect() }
            }
            Event::PickedUp { glyph } => Self::PickedUp { glyph: glyph.to_string() },
            Event::Died => Self::Died,
            Event::Message(text) => Self::Message { text: text.clone() },
        }
    }
}
