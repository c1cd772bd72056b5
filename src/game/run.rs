//! `Game`: the whole state of one run and the single entry point that advances it, `act`.

use super::action::{Action, Event, TurnReport};
use super::gen::{self, Level};
use super::map::{Map, Tile};
use super::pos::{Facing, Pos};
use super::rng::{gameplay_stream, level_stream, GameRng};
use serde::{Deserialize, Serialize};

pub const MSG_DESCEND_PROMPT: &str = "Press Space to descend...";
pub const MSG_SWING_AT_AIR: &str = "You swing at the air.";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Playing,
    Dead,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub pos: Pos,
    pub facing: Facing,
}

/// A line of the message log, stamped with the turn it was said on so the HUD can fade it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub text: String,
    pub turn: u64,
}

/// The state of one run. Pure data plus rules: no clock, no I/O, no GPU.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    seed: u64,
    depth: u32,
    turn: u64,
    status: Status,
    level: Level,
    player: Player,
    messages: Vec<Message>,
    rng: GameRng,
}

impl Game {
    /// A new run at depth 1.
    pub fn new(seed: u64) -> Self {
        Self::new_at_depth(seed, 1)
    }

    /// A new run starting at `depth` (practice runs, tests).
    pub fn new_at_depth(seed: u64, depth: u32) -> Self {
        let depth = depth.max(1);
        let level = gen::generate(depth, &mut level_stream(seed, depth));
        let player = Player { pos: level.start, facing: Facing::East };
        Self {
            seed,
            depth,
            turn: 0,
            status: Status::Playing,
            level,
            player,
            messages: Vec::new(),
            rng: gameplay_stream(seed),
        }
    }

    /// A run on a hand-built map (tests): the player stands at `start` facing `facing`. A map
    /// without an exit tile gets an exit position off the grid, which no one can stand on.
    pub fn from_map(map: Map, start: Pos, facing: Facing) -> Self {
        let exit = map.cells().find(|&p| map.get(p) == Tile::Exit).unwrap_or(Pos::new(-1, -1));
        let level = Level { map, rooms: Vec::new(), start_room: 0, exit_room: 0, start, exit };
        Self {
            seed: 0,
            depth: 1,
            turn: 0,
            status: Status::Playing,
            level,
            player: Player { pos: start, facing },
            messages: Vec::new(),
            rng: gameplay_stream(0),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn depth(&self) -> u32 {
        self.depth
    }
    pub fn turn(&self) -> u64 {
        self.turn
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn map(&self) -> &Map {
        &self.level.map
    }
    pub fn level(&self) -> &Level {
        &self.level
    }
    pub fn exit(&self) -> Pos {
        self.level.exit
    }
    pub fn player(&self) -> &Player {
        &self.player
    }
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }
    pub fn on_exit(&self) -> bool {
        self.player.pos == self.level.exit
    }

    /// Resolves one action at once and deterministically.
    pub fn act(&mut self, action: Action) -> TurnReport {
        let mut report = TurnReport::default();
        if self.status != Status::Playing {
            return report;
        }
        let f = self.player.facing;
        report.took_turn = match action {
            Action::MoveForward => self.try_move(f, &mut report),
            Action::MoveBack => self.try_move(f.opposite(), &mut report),
            Action::StrafeLeft => self.try_move(f.left(), &mut report),
            Action::StrafeRight => self.try_move(f.right(), &mut report),
            Action::TurnLeft => self.turn_to(f.left(), &mut report),
            Action::TurnRight => self.turn_to(f.right(), &mut report),
            Action::Wait => {
                report.events.push(Event::Waited);
                true
            }
            Action::Interact => self.interact(&mut report),
        };
        if report.took_turn {
            self.end_player_turn(&mut report);
        }
        report
    }

    fn try_move(&mut self, dir: Facing, report: &mut TurnReport) -> bool {
        let from = self.player.pos;
        let to = from.step(dir);
        if !self.level.map.is_walkable(to) {
            report.events.push(Event::Bumped { toward: dir });
            return false;
        }
        self.player.pos = to;
        report.events.push(Event::PlayerMoved { from, to });
        if self.on_exit() {
            self.say(MSG_DESCEND_PROMPT, report);
        }
        true
    }

    fn turn_to(&mut self, to: Facing, report: &mut TurnReport) -> bool {
        report.events.push(Event::PlayerTurned { from: self.player.facing, to });
        self.player.facing = to;
        true
    }

    fn interact(&mut self, report: &mut TurnReport) -> bool {
        if self.on_exit() {
            self.descend(report);
        } else {
            report.events.push(Event::SwungAtAir);
            self.say(MSG_SWING_AT_AIR, report);
        }
        true
    }

    fn descend(&mut self, report: &mut TurnReport) {
        self.depth += 1;
        self.level = gen::generate(self.depth, &mut level_stream(self.seed, self.depth));
        self.player = Player { pos: self.level.start, facing: Facing::East };
        report.events.push(Event::Descended { depth: self.depth });
        self.say(&format!("You descend to depth {}.", self.depth), report);
    }

    fn end_player_turn(&mut self, _report: &mut TurnReport) {
        self.turn += 1;
    }

    fn say(&mut self, text: &str, report: &mut TurnReport) {
        self.messages.push(Message { text: text.to_string(), turn: self.turn });
        report.events.push(Event::Message(text.to_string()));
    }
}
