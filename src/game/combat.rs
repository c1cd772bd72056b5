//! Blows exchanged between the player and what stands in front of them (plan §3).

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::entity::{EntityId, EntityKind};
use super::messages as msg;
use super::rng::GameRng;
use super::run::Game;
use super::status::StatusKind;
use rand::RngExt;

/// The geometric bonus: each further +1 with the table's chance, repeated while it succeeds.
pub fn bonus_damage(rng: &mut GameRng) -> i32 {
    let mut bonus = 0;
    while rng.random_range(0..100) < BALANCE.bonus_damage_percent {
        bonus += 1;
    }
    bonus
}

impl Game {
    /// Space away from the exit: strike the cell ahead.
    pub(crate) fn player_attack(&mut self, report: &mut TurnReport) {
        let ahead = self.player.pos.step(self.player.facing);
        let target = self.entity_at(ahead).filter(|e| e.is_actor()).map(|e| e.id);
        match target {
            None => {
                report.events.push(Event::SwungAtAir);
                self.say(msg::SWING_AT_AIR, report);
            }
            Some(id) if self.entity(id).is_some_and(|e| e.is_enemy()) => self.hit_enemy(id, report),
            Some(id) => self.hit_hallucination(id, report),
        }
    }

    fn hit_enemy(&mut self, id: EntityId, report: &mut TurnReport) {
        let damage = self.player.weapon + bonus_damage(&mut self.rng);
        let Some(i) = self.entity_index(id) else { return };
        let pos = self.floor.entities[i].pos;
        let EntityKind::Enemy { variant, ref mut hp, .. } = self.floor.entities[i].kind else { return };
        *hp -= damage;
        let dead = *hp <= 0;
        report.events.push(Event::HitEnemy { id, damage });
        if dead {
            self.remove_entity(id);
            self.kills += 1;
            report.events.push(Event::EnemyDied { id, pos });
            self.say(&format!("You slay the {}.", variant.name()), report);
        } else {
            // The survivor's answer is its own next action, taken when the scheduler activates it.
            self.say(&format!("You hit the {} for {damage}.", variant.name()), report);
        }
    }

    fn hit_hallucination(&mut self, id: EntityId, report: &mut TurnReport) {
        let persistent = self.hallucinations_persistent();
        let Some(i) = self.entity_index(id) else { return };
        let pos = self.floor.entities[i].pos;
        self.player.lose_sanity(BALANCE.hit_hallucination_sanity);
        report.events.push(Event::HitHallucination { id });
        if !persistent {
            self.remove_entity(id);
            report.events.push(Event::HallucinationVanished { id, pos });
            self.say(msg::HALLUCINATION_PASSES, report);
            return;
        }
        let EntityKind::Hallucination { ref mut hp } = self.floor.entities[i].kind else { return };
        *hp -= 1;
        if *hp <= 0 {
            self.remove_entity(id);
            report.events.push(Event::HallucinationVanished { id, pos });
            self.say(msg::HALLUCINATION_DISSIPATES, report);
        } else {
            self.say(msg::HALLUCINATION_HOLDS, report);
        }
    }

    /// The name of the creature on `pos` when the player sees it on screen: in the field of view and
    /// ahead (the first-person view shows only the front). It is the family it looks like, so a
    /// hallucination is named by its mask; anything else (beside, behind, unseen) stays unnamed.
    pub(crate) fn seen_name(&self, pos: crate::grid::Pos) -> Option<&'static str> {
        let on_screen = self.player.facing.side_of(self.player.pos, pos) == crate::grid::Side::Front;
        let e = self.actor_at(pos).filter(|_| on_screen && self.is_visible(pos))?;
        super::present::apparent_family(self, e).map(|f| f.name)
    }

    /// An enemy or hunting hallucination lands a blow. Both look and read the same on screen, and
    /// both terrify when they come from a side the player is not facing (struck unseen).
    pub(crate) fn strike_player(&mut self, id: EntityId, report: &mut TurnReport) {
        let Some(attacker) = self.entity(id) else { return };
        let (from, kind) = (attacker.pos, attacker.kind.clone());
        if from != self.player.pos.step(self.player.facing) {
            self.player.statuses.apply(StatusKind::Terrified, BALANCE.terrified_turns);
        }
        let side = self.player.facing.side_of(self.player.pos, from);
        let struck = msg::struck_by(self.seen_name(from), side);
        let struck = struck.as_str();
        match kind {
            EntityKind::Enemy { variant, damage, .. } => {
                self.player.take_damage(damage);
                self.player.lose_sanity(BALANCE.blow_sanity);
                if let Some(status) = variant.family().on_hit {
                    self.player.statuses.apply(status, BALANCE.status_turns(status));
                }
                report.events.push(Event::Struck { side });
                report.events.push(Event::PlayerHurt { amount: damage, real: true });
                self.say(struck, report);
                self.check_death(&format!("slain by a {}", variant.name()), report);
            }
            EntityKind::Hallucination { .. } => {
                self.player.lose_sanity(BALANCE.hallucination_attack_sanity);
                report.events.push(Event::Struck { side });
                report.events.push(Event::PlayerHurt { amount: 0, real: false });
                self.say(struck, report);
            }
            _ => {}
        }
    }
}
