//! The crawler's half of the sound contract: what a turn sounded like, built from the same report the
//! scene is built from. A hallucination's steps and blows are reported exactly as a creature's are,
//! so it sounds like the real thing wherever it looks like it; only a blow that passes through one
//! sounds hollow, as its purple flash shows.

use super::action::{Action, Event, TurnReport};
use super::run::Game;
use crate::grid::{Facing, Side};
use crate::scene::{SoundEvent, SoundKind, SoundPhase};

/// The sounds of `action` and the `report` it produced, on `game` as it stands after the turn.
pub fn sounds(game: &Game, action: Action, report: &TurnReport) -> Vec<SoundEvent> {
    let me = game.player().pos;
    let facing = game.player().facing;
    let mine = |kind| SoundEvent { kind, at: me, phase: SoundPhase::Player };
    let struck_ghost = report.events.iter().any(|e| matches!(e, Event::HitHallucination { .. }));
    let mut out = Vec::new();
    let mut stepped = Vec::new();
    for event in &report.events {
        let sound = match *event {
            Event::PlayerMoved { to, .. } => {
                Some(SoundEvent { kind: SoundKind::PlayerStep, at: to, phase: SoundPhase::Player })
            }
            Event::PlayerTurned { .. } => Some(mine(SoundKind::PlayerTurn)),
            Event::Bumped { .. } | Event::Blocked { .. } => Some(mine(SoundKind::Bump)),
            Event::SwungAtAir => Some(mine(SoundKind::Swing)),
            Event::HitEnemy { .. } => Some(SoundEvent { at: me.step(facing), ..mine(SoundKind::Hit) }),
            Event::HitHallucination { .. } => {
                Some(SoundEvent { at: me.step(facing), ..mine(SoundKind::HollowHit) })
            }
            Event::EnemyDied { pos, .. } => Some(SoundEvent { at: pos, ..mine(SoundKind::Kill) }),
            Event::HallucinationVanished { pos, .. } => Some(SoundEvent {
                kind: SoundKind::Vanish,
                at: pos,
                phase: if struck_ghost { SoundPhase::Player } else { SoundPhase::World },
            }),
            Event::Struck { side } => Some(SoundEvent {
                kind: SoundKind::CreatureAttack,
                at: me.step(toward(facing, side)),
                phase: SoundPhase::World,
            }),
            Event::PlayerHurt { .. } => {
                Some(SoundEvent { phase: SoundPhase::World, ..mine(SoundKind::Hurt) })
            }
            Event::PlayerHealed { .. } => Some(mine(SoundKind::Healed)),
            // A creature that took two steps this turn animates them as one, so it is heard once,
            // where it ends up.
            Event::EnemyMoved { id, .. } if stepped.contains(&id) => None,
            Event::EnemyMoved { id, .. } => {
                stepped.push(id);
                let at = final_position(report, id);
                Some(SoundEvent { kind: SoundKind::CreatureStep, at, phase: SoundPhase::World })
            }
            Event::PickedUp { .. } => Some(mine(SoundKind::Pickup)),
            Event::Descended { .. } => Some(mine(SoundKind::Descend)),
            Event::Died => Some(SoundEvent { phase: SoundPhase::World, ..mine(SoundKind::Died) }),
            Event::Waited | Event::MazeShifted { .. } | Event::Message(_) => None,
        };
        out.extend(sound);
    }
    // Using an item says so only in a message; the action and the spent turn are what was heard.
    if action == Action::UseItem && report.took_turn {
        out.push(mine(SoundKind::UseItem));
    }
    out
}

fn final_position(report: &TurnReport, id: super::entity::EntityId) -> crate::grid::Pos {
    report
        .events
        .iter()
        .rev()
        .find_map(|e| match *e {
            Event::EnemyMoved { id: moved, to, .. } if moved == id => Some(to),
            _ => None,
        })
        .expect("called for an id that moved")
}

/// The direction a blow from `side` came from, for a viewer facing `facing`.
fn toward(facing: Facing, side: Side) -> Facing {
    match side {
        Side::Front => facing,
        Side::Left => facing.left(),
        Side::Right => facing.right(),
        Side::Behind => facing.opposite(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EntityKind, Map, Pos, Variant};

    fn corridor() -> Game {
        let map = Map::from_rows(&["#########", "#.......#", "#########"]).unwrap();
        Game::from_map(map, Pos::new(1, 1), Facing::East)
    }

    #[test]
    fn a_hallucination_steps_and_strikes_as_a_creature_does() {
        for kind in [
            EntityKind::Enemy { variant: Variant::Shambler, hp: 3, max_hp: 3, damage: 1 },
            EntityKind::Hallucination { hp: 1 },
        ] {
            let mut g = corridor();
            let id = g.spawn(Pos::new(4, 1), kind.clone()).unwrap();
            let report = TurnReport {
                took_turn: true,
                events: vec![
                    Event::EnemyMoved { id, from: Pos::new(4, 1), to: Pos::new(3, 1) },
                    Event::EnemyMoved { id, from: Pos::new(3, 1), to: Pos::new(2, 1) },
                    Event::Struck { side: Side::Front },
                    Event::PlayerHurt { amount: 1, real: matches!(kind, EntityKind::Enemy { .. }) },
                ],
            };
            let kinds: Vec<(SoundKind, Pos)> =
                sounds(&g, Action::Wait, &report).iter().map(|s| (s.kind, s.at)).collect();
            assert_eq!(
                kinds,
                vec![
                    (SoundKind::CreatureStep, Pos::new(2, 1)),
                    (SoundKind::CreatureAttack, Pos::new(2, 1)),
                    (SoundKind::Hurt, Pos::new(1, 1)),
                ],
                "{kind:?}"
            );
        }
    }

    #[test]
    fn a_blow_from_the_left_comes_from_the_cell_on_the_left() {
        let g = corridor();
        let report = TurnReport { took_turn: true, events: vec![Event::Struck { side: Side::Left }] };
        // Facing east, the left is north.
        assert_eq!(sounds(&g, Action::Wait, &report)[0].at, Pos::new(1, 0));
    }

    #[test]
    fn using_an_item_is_heard_only_when_it_took_the_turn() {
        let g = corridor();
        let used = TurnReport { took_turn: true, events: vec![] };
        assert_eq!(sounds(&g, Action::UseItem, &used)[0].kind, SoundKind::UseItem);
        assert!(sounds(&g, Action::UseItem, &TurnReport::default()).is_empty());
    }
}
