//! The crawler played at the window's pace: its `Mode` stepped once per accepted command, and each
//! step's scenes played out by the turn machine. The window's session, the replay and
//! `--audio-out` all play through this, so they take the same steps as the headless driver.

use super::turn_machine::{TurnMachine, Update};
use crate::game::mode::Crawler;
use crate::game::{Action, Game, TurnReport};
use crate::mode::{Mode, Played};
use crate::scene::Scene;

pub struct Paced {
    pub mode: Crawler,
    /// The scene of the latest step (or of the start).
    pub scene: Scene,
    pub machine: TurnMachine,
}

impl Paced {
    pub fn new(game: Game, now: f64) -> Paced {
        let mut mode = Crawler::new(game);
        let scene = mode.scene(None);
        let machine = TurnMachine::new(&scene, now);
        Paced { mode, scene, machine }
    }

    /// Offers `action`: taken as one step while input is accepted, dropped (not queued) while a
    /// turn is being played out. Returns the step it took.
    pub fn press(&mut self, action: Action, now: f64) -> Option<Played<TurnReport>> {
        if !self.machine.ready() {
            return None;
        }
        let played = self.mode.step(action);
        self.machine.accept(action, &self.scene, &played, self.mode.is_over(), now);
        self.scene = played.scene.clone();
        Some(played)
    }

    /// Advances time to `now`. `held` is a movement action whose key is still down: it acts again
    /// as soon as input is accepted, so holding W walks down a corridor. Returns the step a held key
    /// took, if it took one.
    pub fn update(
        &mut self,
        now: f64,
        held: Option<Action>,
    ) -> (Update, Option<(Action, Played<TurnReport>)>) {
        let update = self.machine.update(now);
        let repeated = held.filter(|&a| self.machine.repeats(a)).and_then(|a| Some((a, self.press(a, now)?)));
        (update, repeated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::crawler::anim::MOVE_SECONDS;
    use crate::app::crawler::turn_machine::Phase;
    use crate::game::balance::BALANCE;
    use crate::game::{EntityKind, Event, Facing, Map, Pos};

    fn corridor() -> Paced {
        let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
        Paced::new(Game::from_map(map, Pos::new(1, 1), Facing::East), 0.0)
    }

    fn pos(p: &Paced) -> Pos {
        p.mode.game.player().pos
    }

    #[test]
    fn keys_during_an_animation_are_dropped_not_queued() {
        let mut p = corridor();
        assert!(p.press(Action::MoveForward, 0.0).is_some());
        assert_eq!(p.machine.phase(), Phase::AnimatingPlayer);
        assert!(p.press(Action::MoveForward, 0.05).is_none());
        p.update(1.0, None);
        assert_eq!(p.machine.phase(), Phase::WaitingForInput);
        assert_eq!(pos(&p), Pos::new(2, 1), "the dropped key must not have acted later");
    }

    #[test]
    fn a_held_movement_key_acts_again_when_the_animation_ends() {
        let mut p = corridor();
        p.press(Action::MoveForward, 0.0);
        let (_, repeated) = p.update(MOVE_SECONDS + 0.01, Some(Action::MoveForward));
        assert_eq!(repeated.map(|(a, _)| a), Some(Action::MoveForward), "the held key says what it took");
        assert_eq!(pos(&p), Pos::new(3, 1));
        assert_eq!(p.machine.phase(), Phase::AnimatingPlayer);
    }

    /// Issue 10: `--seed 1`, W held into a creature, was dead by turn 9 from free blows.
    #[test]
    fn a_held_key_stops_when_a_creature_blocks_the_move_or_a_hostile_comes_into_view() {
        let map = Map::from_rows(&["#########", "#.......#", "#########"]).unwrap();
        let mut game = Game::from_map(map.clone(), Pos::new(1, 1), Facing::East);
        game.spawn(Pos::new(3, 1), shambler());
        let mut p = Paced::new(game, 0.0);
        p.press(Action::MoveForward, 0.0);
        assert_eq!(pos(&p), Pos::new(2, 1));
        p.update(1.0, Some(Action::MoveForward));
        assert_eq!(pos(&p), Pos::new(2, 1), "with the shambler in view the hold does not repeat");
        p.press(Action::MoveForward, 1.0);
        let turn = p.mode.game.turn();
        assert!(p.machine.last_report().events.iter().any(|e| matches!(e, Event::Blocked { .. })), "blocked");
        p.update(2.0, Some(Action::MoveForward));
        p.update(3.0, Some(Action::MoveForward));
        assert_eq!(p.mode.game.turn(), turn, "the held key stopped after the block");
        assert!(p.press(Action::MoveForward, 3.0).is_some(), "a fresh press still acts");
    }

    /// A corridor `floor` cells long, the player at its west end facing east.
    fn long_corridor(floor: usize) -> Game {
        let row = format!("#{}#", ".".repeat(floor));
        let wall = "#".repeat(floor + 2);
        let map = Map::from_rows(&[wall.as_str(), row.as_str(), wall.as_str()]).unwrap();
        Game::from_map(map, Pos::new(1, 1), Facing::East)
    }

    /// W held for `seconds`, a frame each second.
    fn hold_forward(p: &mut Paced, now: &mut f64, seconds: usize) {
        for _ in 0..seconds {
            *now += 1.0;
            p.update(*now, Some(Action::MoveForward));
        }
    }

    #[test]
    fn a_held_key_stops_when_a_hostile_comes_into_view() {
        let mut game = long_corridor(20);
        let far = Pos::new(1 + BALANCE.fov_radius + 3, 1);
        game.spawn(far, shambler());
        assert!(!game.is_visible(far));
        let mut p = Paced::new(game, 0.0);
        p.press(Action::MoveForward, 0.0);
        let mut now = 0.0;
        hold_forward(&mut p, &mut now, 10);
        let stopped_at = pos(&p);
        let game = &p.mode.game;
        assert!(game.entities().iter().any(|e| game.is_visible(e.pos)), "the shambler is in view");
        assert!(stopped_at.x < far.x - 1, "walked on into it: {stopped_at:?}");
        hold_forward(&mut p, &mut now, 3);
        assert_eq!(pos(&p), stopped_at, "stayed stopped");
    }

    /// Issue 34: with a lurker already in view, holding W walked on into it; only a newcomer
    /// stopped the hold. A single press still acts, one step per press.
    #[test]
    fn a_held_key_does_not_repeat_while_a_hostile_is_already_in_view() {
        let mut game = long_corridor(12);
        game.spawn(Pos::new(8, 1), shambler());
        assert!(game.is_visible(Pos::new(8, 1)), "in view from the start");
        let mut p = Paced::new(game, 0.0);
        p.press(Action::MoveForward, 0.0);
        let mut now = 0.0;
        hold_forward(&mut p, &mut now, 5);
        assert_eq!(pos(&p), Pos::new(2, 1), "held: no step beyond the press");
        assert!(p.press(Action::MoveForward, now).is_some(), "a press still acts");
        assert_eq!(pos(&p), Pos::new(3, 1));
    }

    fn shambler() -> EntityKind {
        EntityKind::Enemy { variant: crate::game::Variant::Shambler, hp: 3, max_hp: 3, damage: 1 }
    }

    #[test]
    fn the_camera_eases_between_cells() {
        let mut p = corridor();
        p.press(Action::MoveForward, 0.0);
        let mid = p.machine.pose(MOVE_SECONDS / 2.0).eye.x;
        assert!(mid > 1.6 && mid < 2.4, "{mid}");
        p.update(1.0, None);
        assert_eq!(p.machine.pose(1.0).eye.x, 2.5);
    }

    #[test]
    fn skipping_goes_straight_to_the_enemies() {
        let mut p = corridor();
        p.press(Action::Wait, 0.0);
        assert_eq!(p.machine.phase(), Phase::AnimatingEnemies);
        p.update(0.5, None);
        assert_eq!(p.machine.phase(), Phase::WaitingForInput);
        assert_eq!(p.mode.game.turn(), 1);
    }
}
