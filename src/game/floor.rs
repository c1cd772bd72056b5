//! One floor of a run: the level, who is on it, its clock, and what the player has seen of it this
//! turn and since arriving. A descent replaces it whole; everything that outlives a floor (the
//! player, the messages, the score, the gameplay stream) lives in `Game`.

use super::balance::BALANCE;
use super::entity::{Entity, EntityKind};
use super::gen::Level;
use super::phantom::Phantom;
use super::scheduler::{ActorId, Scheduler};
use crate::grid::Grid;

#[derive(Clone, Debug, PartialEq)]
pub struct Floor {
    pub(crate) level: Level,
    pub(crate) entities: Vec<Entity>,
    pub(crate) scheduler: Scheduler,
    /// Cells in the player's field of view, recomputed whenever the player's turn begins.
    pub(crate) visible: Grid<bool>,
    /// Every cell seen since the player arrived (the automap's memory).
    pub(crate) explored: Grid<bool>,
    /// This turn's phantom cells; re-drawn every turn.
    pub(crate) phantoms: Grid<Phantom>,
}

impl Floor {
    /// The floor as the player arrives: nothing seen yet, no phantoms, and a clock holding its actors
    /// with the player due first.
    pub(crate) fn enter(level: Level, entities: Vec<Entity>) -> Floor {
        let map = &level.map;
        let (visible, explored, phantoms) =
            (map.grid_of(false), map.grid_of(false), map.grid_of(Phantom::None));
        let mut floor = Floor {
            level,
            entities,
            scheduler: Scheduler::new(BALANCE.charge_to_act),
            visible,
            explored,
            phantoms,
        };
        floor.rebuild_scheduler();
        floor
    }

    /// A fresh clock for the player and every actor on the floor.
    pub(crate) fn rebuild_scheduler(&mut self) {
        self.scheduler = Scheduler::new(BALANCE.charge_to_act);
        self.scheduler.add(ActorId::Player, BALANCE.player_speed);
        for e in self.entities.iter().filter(|e| e.is_actor()) {
            self.scheduler.add(ActorId::Entity(e.id.0), speed_of(e));
        }
        // Advance time to the player's first activation (they wait for input). Without it everyone
        // starts at zero charge, the player's first action leaves the others at zero too, and the next
        // tick's tie goes to the player: every enemy would skip the level's first turn. A faster actor
        // due before the player spent that time before the player arrived.
        while let Some(actor) = self.scheduler.next_actor() {
            if actor == ActorId::Player {
                break;
            }
            self.scheduler.end_turn(actor);
        }
    }
}

/// The scheduler speed of an actor (pickups never act; they get the player's for completeness).
pub(crate) fn speed_of(entity: &Entity) -> u32 {
    match entity.kind {
        EntityKind::Enemy { variant, .. } => BALANCE.speed_of(variant),
        _ => BALANCE.player_speed,
    }
}
