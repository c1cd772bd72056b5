//! Ways for tests to build a situation directly: a run on a hand-drawn map, an entity put down
//! by hand, the player's numbers set. They skip the rules, so they exist only in test builds
//! (`cfg(test)` for unit tests, the `test-hooks` feature that the integration tests turn on).

use super::balance::BALANCE;
use super::entity::{Entity, EntityId, EntityKind};
use super::gen::kind::Generator;
use super::gen::landmarks::Landmark;
use super::gen::Level;
use super::map::{Map, Tile};
use super::player::Player;
use super::run::Game;
use crate::grid::{Facing, Pos};

impl Game {
    /// A run on a hand-built map (tests): the player stands at `start` facing `facing`. A map
    /// without an exit tile gets an exit position off the grid, which no one can stand on.
    pub fn from_map(map: Map, start: Pos, facing: Facing) -> Self {
        let exit = map.cells().find(|&p| map.get(p) == Tile::Exit).unwrap_or(Pos::new(-1, -1));
        let level = Level::without_rooms(map, start, exit, Generator::Rooms);
        Self::assemble(0, 1, level, Vec::new(), Player::new(start, facing))
    }

    /// A new run at `depth` whose level the given generator lays out (tests of every generator).
    pub fn new_with_generator(seed: u64, depth: u32, generator: Generator) -> Self {
        let depth = depth.clamp(1, super::balance::MAX_DEPTH);
        let (level, entities) = super::run::generate_depth_with(seed, depth, generator);
        let player = Player::new(level.start, super::gen::endpoints::start_facing(&level.map, level.start));
        Self::assemble(seed, depth, level, entities, player)
    }

    /// The same run with these landmarks on its level (tests of the torch and shrine rules).
    pub fn with_landmarks(mut self, landmarks: Vec<Landmark>) -> Self {
        self.floor.level.landmarks = landmarks;
        self
    }

    /// A hand-built run as if found at `depth` (tests of depth-dependent rules).
    pub fn from_map_at_depth(map: Map, start: Pos, facing: Facing, depth: u32) -> Self {
        let mut game = Self::from_map(map, start, facing);
        game.depth = depth.max(1);
        game
    }

    /// Direct access to the player, for tests and tools that set up a situation. Changes made here
    /// skip the rules (no turn passes, no event is reported).
    pub fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// Puts an entity on the map (tests and hand-built levels). Refuses an occupied or solid cell.
    pub fn spawn(&mut self, pos: Pos, kind: EntityKind) -> Option<EntityId> {
        if !self.floor.level.map.is_walkable(pos) || self.entity_at(pos).is_some() || pos == self.player.pos {
            return None;
        }
        let id = EntityId(self.floor.entities.iter().map(|e| e.id.0 + 1).max().unwrap_or(0));
        let mut entity = Entity::new(id, pos, kind);
        entity.patrol_wait = BALANCE.patrol_every;
        let actor = entity.is_actor();
        self.floor.entities.push(entity);
        if actor {
            // A newcomer joins the level's clock as if it had been there from the start.
            self.floor.rebuild_scheduler();
        }
        self.refresh_view();
        Some(id)
    }
}
