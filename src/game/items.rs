//! Picking things up, using and discarding them (plan §3.4, §3.5, §4.3, §5).

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::entity::{EntityKind, Item, Pickup};
use super::inventory::Carried;
use super::messages as msg;
use super::run::Game;
use super::status::StatusKind;

impl Game {
    /// Auto-collects whatever lies on the player's cell; a full inventory leaves it on the ground.
    pub(crate) fn collect_pickup_here(&mut self, report: &mut TurnReport) {
        let Some(entity) = self.item_at(self.player.pos) else { return };
        let (id, kind) = (entity.id, entity.kind.clone());
        let (pickup, hallucinated) = match kind {
            EntityKind::Pickup(p) => (p, false),
            EntityKind::HallucinatedPickup(p) => (p, true),
            _ => return,
        };
        match pickup {
            Pickup::Weapon { .. } if hallucinated => {
                self.remove_entity(id);
                self.player.lose_sanity(BALANCE.hallucinated_weapon_sanity);
                self.say(msg::NEVER_THERE, report);
            }
            Pickup::Weapon { base } => {
                self.remove_entity(id);
                if base > self.player.weapon {
                    self.player.weapon = base;
                    report.events.push(Event::PickedUp { glyph: '!' });
                    self.say(&format!("You take up a better weapon. WPN:{base}"), report);
                } else {
                    self.say(msg::WEAPON_NO_BETTER, report);
                }
            }
            Pickup::Item(item) => match self.player.inventory.add(Carried { item, hallucinated }) {
                Ok(_) => {
                    self.remove_entity(id);
                    report.events.push(Event::PickedUp { glyph: item.glyph() });
                    self.say(&format!("You pick up the {}.", item.name()), report);
                }
                Err(_) => self.say(msg::INVENTORY_FULL, report),
            },
        }
    }

    /// Z: uses the selected item. An empty slot takes no turn.
    pub(crate) fn use_selected(&mut self, report: &mut TurnReport) -> bool {
        let Some(carried) = self.player.inventory.take_selected() else {
            self.say(msg::NOTHING_TO_USE, report);
            return false;
        };
        if carried.hallucinated {
            self.player.lose_sanity(BALANCE.hallucinated_item_sanity);
            self.say(msg::NEVER_THERE, report);
            return true;
        }
        let p = &mut self.player;
        let text = match carried.item {
            Item::Food => {
                p.change_weakness(-BALANCE.food_weakness);
                "You eat. Strength seeps back into you."
            }
            Item::Pill => {
                p.change_weakness(-BALANCE.pill_weakness);
                p.gain_sanity(BALANCE.pill_sanity);
                "You swallow the pill. The walls hold still."
            }
            Item::Bandage => {
                p.change_weakness(-BALANCE.bandage_weakness);
                p.statuses.remove(StatusKind::Bleeding);
                let healed = p.heal(BALANCE.bandage_hp);
                if healed > 0 {
                    report.events.push(Event::PlayerHealed { amount: healed });
                }
                "You bind your wounds."
            }
        };
        self.say(text, report);
        true
    }

    /// X: throws the selected item away for good. Free.
    pub(crate) fn discard_selected(&mut self, report: &mut TurnReport) {
        match self.player.inventory.take_selected() {
            Some(carried) => self.say(&format!("You discard the {}.", carried.item.name()), report),
            None => self.say(msg::NOTHING_TO_DISCARD, report),
        }
    }
}
