//! What enemies and hallucinations do when the scheduler activates them (plan §7, §6.5).

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::entity::{EntityId, EntityKind};
use super::run::Game;
use crate::grid::Pos;
use rand::RngExt;

/// How an actor behaves this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Behaviour {
    /// Never moves (shallow hallucinations).
    Still,
    /// Wanders every few turns, never attacks.
    Patrol,
    /// Attacks when adjacent, closes in when it sees the player, patrols otherwise.
    Hunt,
}

impl Game {
    /// Behaviour of an entity: enemies always hunt; hallucinations wake up with depth and madness.
    pub fn behaviour(&self, kind: &EntityKind) -> Behaviour {
        match kind {
            EntityKind::Enemy { .. } => Behaviour::Hunt,
            EntityKind::Hallucination { .. } => {
                let sanity = self.player.sanity;
                if self.depth >= BALANCE.hallucination_hunt_depth && sanity < BALANCE.hunt_below_sanity {
                    Behaviour::Hunt
                } else if self.depth >= BALANCE.hallucination_patrol_depth
                    && sanity < BALANCE.patrol_below_sanity
                {
                    Behaviour::Patrol
                } else {
                    Behaviour::Still
                }
            }
            _ => Behaviour::Still,
        }
    }

    /// How visibly wrong a hallucination looks, 0 (indistinguishable) to 1 (an obvious shimmer):
    /// plain at depths 1–3, faint at 4–6, gone once they hunt like real enemies.
    pub fn hallucination_tell(&self) -> f32 {
        match self.depth {
            0..=3 => 1.0,
            4..=6 => 0.4,
            _ if self.player.sanity < BALANCE.hunt_below_sanity => 0.0,
            _ => 0.15,
        }
    }

    /// A cell an actor may step into: open floor, no other creature there, not the player's, not the
    /// exit. Items, real or hallucinated, never block: a creature walks over them (leaving them
    /// where they lie), else any pickup in a doorway would be a wall that holds every enemy back.
    pub(crate) fn free_for_actor(&self, p: Pos) -> bool {
        self.floor.level.map.get(p) == super::map::Tile::Floor
            && p != self.player.pos
            && self.actor_at(p).is_none()
    }

    pub(crate) fn entity_turn(&mut self, id: EntityId, report: &mut TurnReport) {
        let Some(i) = self.entity_index(id) else { return };
        let behaviour = self.behaviour(&self.floor.entities[i].kind);
        let pos = self.floor.entities[i].pos;
        let player = self.player.pos;
        // Symmetric field of view: the entity sees the player exactly when the player sees it.
        let sees_player = self.is_visible(pos);
        match behaviour {
            Behaviour::Still => {}
            Behaviour::Hunt if pos.manhattan(player) == 1 => self.strike_player(id, report),
            Behaviour::Hunt if sees_player => {
                if !self.try_lunge(i, report) {
                    self.step_toward_player(i, report);
                }
            }
            Behaviour::Hunt | Behaviour::Patrol => self.patrol(i, report),
        }
        if let Some(i) = self.entity_index(id) {
            let e = &mut self.floor.entities[i];
            e.statuses.tick();
            e.ability_cooldown = e.ability_cooldown.saturating_sub(1);
        }
    }

    fn move_entity(&mut self, i: usize, to: Pos, report: &mut TurnReport) {
        let from = self.floor.entities[i].pos;
        self.floor.entities[i].pos = to;
        report.events.push(Event::EnemyMoved { id: self.floor.entities[i].id, from, to });
    }

    /// One step that brings the actor closer (Manhattan) to the player; the bigger gap closes first.
    fn step_toward_player(&mut self, i: usize, report: &mut TurnReport) {
        let from = self.floor.entities[i].pos;
        let target = self.player.pos;
        let now = from.manhattan(target);
        let mut options: Vec<Pos> = from
            .neighbours4()
            .into_iter()
            .filter(|&p| p.manhattan(target) < now && self.free_for_actor(p))
            .collect();
        let (dx, dy) = ((target.x - from.x).abs(), (target.y - from.y).abs());
        options.sort_by_key(|p| if dx >= dy { (p.y != from.y) as i32 } else { (p.x != from.x) as i32 });
        if let Some(&to) = options.first() {
            self.move_entity(i, to, report);
        }
    }

    /// Every few turns out of sight, a step to a random free neighbour.
    fn patrol(&mut self, i: usize, report: &mut TurnReport) {
        let e = &mut self.floor.entities[i];
        e.patrol_wait = e.patrol_wait.saturating_sub(1);
        if e.patrol_wait > 0 {
            return;
        }
        e.patrol_wait = BALANCE.patrol_every;
        let from = e.pos;
        let options: Vec<Pos> = from.neighbours4().into_iter().filter(|&p| self.free_for_actor(p)).collect();
        if !options.is_empty() {
            let to = options[self.rng.random_range(0..options.len())];
            self.move_entity(i, to, report);
        }
    }

    /// A stalker two cells away in a straight, open line leaps into the gap and strikes at once.
    fn try_lunge(&mut self, i: usize, report: &mut TurnReport) -> bool {
        let e = &self.floor.entities[i];
        let EntityKind::Enemy { variant, .. } = e.kind else { return false };
        if !variant.family().lunges {
            return false;
        }
        if self.depth < BALANCE.lunge_min_depth || e.ability_cooldown > 0 {
            return false;
        }
        let (from, target) = (e.pos, self.player.pos);
        let (dx, dy) = (target.x - from.x, target.y - from.y);
        let straight_two = (dx.abs() == 2 && dy == 0) || (dy.abs() == 2 && dx == 0);
        let gap = Pos::new(from.x + dx / 2, from.y + dy / 2);
        if !straight_two || !self.free_for_actor(gap) {
            return false;
        }
        let id = e.id;
        self.move_entity(i, gap, report);
        self.floor.entities[i].ability_cooldown = BALANCE.lunge_cooldown;
        self.say("It lunges!", report);
        self.strike_player(id, report);
        true
    }
}
