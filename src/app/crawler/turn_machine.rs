//! The plan's Phase-0 state machine: gates input and plays each resolved turn as animation.
//!
//! The rules resolve an action at once (`Game::act`); the phases here only decide what the player
//! sees and when the next key is accepted. Time is passed in, so tests drive it without a clock.

use crate::app::crawler::anim::{Motion, Pose, BUMP_SECONDS, ENEMY_SECONDS, MOVE_SECONDS, TURN_SECONDS};
use crate::game::{Action, EntityKind, Event, Game, Status, TurnReport};
use glam::Vec2;

/// Seconds the screen takes to fade to black after death (plan §9.2).
pub const DEATH_FADE_SECONDS: f64 = 2.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    WaitingForInput,
    AnimatingPlayer,
    AnimatingEnemies,
    ResolvingTurn,
    GameOver,
}

/// What the app should do after an update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Update {
    /// The game changed: upload the turn's state to the GPU.
    pub upload: bool,
    /// Death fade finished: print the epitaph and score, then exit.
    pub finished: bool,
}

pub struct TurnMachine {
    phase: Phase,
    phase_started: f64,
    motion: Motion,
    enemy_seconds: f64,
    last_report: TurnReport,
    /// The last action skipped the player's animation (a wait goes straight to the enemies).
    skipped_player: bool,
    upload_pending: bool,
    /// A held key stops repeating after a move a creature blocked, or one that brought a hostile
    /// into view: walking on would hand out free blows. A new press starts it again.
    hold_broken: bool,
}

impl TurnMachine {
    pub fn new(game: &Game, now: f64) -> Self {
        Self {
            phase: Phase::WaitingForInput,
            phase_started: now,
            motion: Motion::still(player_pose(game)),
            enemy_seconds: 0.0,
            last_report: TurnReport::default(),
            skipped_player: false,
            upload_pending: true,
            hold_broken: false,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The report of the most recent accepted action (for flashes and sounds).
    pub fn last_report(&self) -> &TurnReport {
        &self.last_report
    }

    /// Offers an action. Accepted only while waiting for input; anything else is dropped, not queued.
    pub fn press(&mut self, game: &mut Game, action: Action, now: f64) -> bool {
        if self.phase != Phase::WaitingForInput {
            return false;
        }
        let before = player_pose(game);
        let seen_before = hostiles_in_view(game);
        let report = game.act(action);
        let newcomer = hostiles_in_view(game).iter().any(|id| !seen_before.contains(id));
        let blocked = report.events.iter().any(|e| matches!(e, Event::Blocked { .. }));
        self.hold_broken = newcomer || blocked;
        self.motion = motion_for(&report, before, player_pose(game));
        self.enemy_seconds = if report.took_turn && enemies_moved(&report) { ENEMY_SECONDS } else { 0.0 };
        self.upload_pending = true;
        let skipping = matches!(action, Action::Wait);
        self.skipped_player = skipping;
        self.last_report = report;
        self.enter(if skipping { Phase::AnimatingEnemies } else { Phase::AnimatingPlayer }, now);
        true
    }

    /// Advances the phases to `now`. `held` is a movement action whose key is still down: it acts
    /// again as soon as input is accepted, so holding W walks down a corridor.
    pub fn update(&mut self, game: &mut Game, now: f64, held: Option<Action>) -> Update {
        let mut out = Update::default();
        // A bounded loop: zero-length phases fall through in the same frame.
        for _ in 0..5 {
            let elapsed = now - self.phase_started;
            let next = match self.phase {
                Phase::WaitingForInput => None,
                Phase::AnimatingPlayer if elapsed >= self.motion.seconds => Some(Phase::AnimatingEnemies),
                Phase::AnimatingEnemies if elapsed >= self.enemy_seconds => Some(Phase::ResolvingTurn),
                Phase::ResolvingTurn => {
                    Some(if game.status() == Status::Dead { Phase::GameOver } else { Phase::WaitingForInput })
                }
                Phase::GameOver => {
                    out.finished = elapsed >= DEATH_FADE_SECONDS;
                    None
                }
                _ => None,
            };
            match next {
                Some(phase) => {
                    let start = self.phase_started + self.phase_seconds();
                    self.enter(phase, start.min(now));
                }
                None => break,
            }
        }
        if self.phase == Phase::WaitingForInput {
            if let Some(action) = held.filter(|a| is_movement(*a) && !self.hold_broken) {
                self.press(game, action, now);
            }
        }
        out.upload = std::mem::take(&mut self.upload_pending);
        out
    }

    /// Seconds of the last turn's player animation: when the world's answer starts (its sounds).
    pub fn player_seconds(&self) -> f64 {
        if self.skipped_player {
            0.0
        } else {
            self.motion.seconds
        }
    }

    /// Seconds the last turn's whole animation takes, player and enemies.
    pub fn turn_seconds(&self) -> f64 {
        self.player_seconds() + self.enemy_seconds
    }

    /// The camera pose at `now`.
    pub fn pose(&self, now: f64) -> Pose {
        match self.phase {
            Phase::AnimatingPlayer => self.motion.sample(now - self.phase_started),
            _ => self.motion.to,
        }
    }

    /// 0 while alive, rising to 1 over the death fade.
    pub fn death_fade(&self, now: f64) -> f32 {
        if self.phase == Phase::GameOver {
            ((now - self.phase_started) / DEATH_FADE_SECONDS).clamp(0.0, 1.0) as f32
        } else {
            0.0
        }
    }

    /// How far the enemies' shared move animation has run, 0..1 (1 when none is playing).
    pub fn enemy_progress(&self, now: f64) -> f32 {
        match self.phase {
            Phase::AnimatingPlayer => 0.0,
            Phase::AnimatingEnemies if self.enemy_seconds > 0.0 => crate::app::crawler::anim::ease_in_out(
                ((now - self.phase_started) / self.enemy_seconds) as f32,
            ),
            _ => 1.0,
        }
    }

    fn phase_seconds(&self) -> f64 {
        match self.phase {
            Phase::AnimatingPlayer => self.motion.seconds,
            Phase::AnimatingEnemies => self.enemy_seconds,
            _ => 0.0,
        }
    }

    fn enter(&mut self, phase: Phase, now: f64) {
        self.phase = phase;
        self.phase_started = now;
    }
}

pub fn player_pose(game: &Game) -> Pose {
    Pose::at(game.player().pos, game.player().facing)
}

fn is_movement(action: Action) -> bool {
    matches!(
        action,
        Action::MoveForward
            | Action::MoveBack
            | Action::StrafeLeft
            | Action::StrafeRight
            | Action::TurnLeft
            | Action::TurnRight
    )
}

/// Every creature the player can see, real or not (a hallucination looks like the real thing, so
/// it stops a held key just the same).
fn hostiles_in_view(game: &Game) -> Vec<crate::game::EntityId> {
    game.entities()
        .iter()
        .filter(|e| matches!(e.kind, EntityKind::Enemy { .. } | EntityKind::Hallucination { .. }))
        .filter(|e| game.is_visible(e.pos))
        .map(|e| e.id)
        .collect()
}

fn enemies_moved(report: &TurnReport) -> bool {
    report.events.iter().any(|e| matches!(e, Event::EnemyMoved { .. }))
}

/// The camera motion that shows a report: a step, a turn, a bump, or a cut (descending).
fn motion_for(report: &TurnReport, before: Pose, after: Pose) -> Motion {
    let mut motion = Motion::still(after);
    for event in &report.events {
        match event {
            Event::PlayerMoved { .. } => {
                motion = Motion { from: before, to: after, bump: None, seconds: MOVE_SECONDS }
            }
            Event::PlayerTurned { .. } => {
                motion = Motion { from: before, to: after, bump: None, seconds: TURN_SECONDS }
            }
            Event::Bumped { toward } | Event::Blocked { toward } => {
                let (dx, dy) = toward.delta();
                let dir = Vec2::new(dx as f32, dy as f32);
                motion = Motion { from: before, to: after, bump: Some(dir), seconds: BUMP_SECONDS };
            }
            Event::Descended { .. } => return Motion::still(after),
            _ => {}
        }
    }
    motion
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::balance::BALANCE;
    use crate::game::{Facing, Map, Pos};

    fn corridor() -> Game {
        let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
        Game::from_map(map, Pos::new(1, 1), Facing::East)
    }

    #[test]
    fn keys_during_an_animation_are_dropped_not_queued() {
        let mut game = corridor();
        let mut tm = TurnMachine::new(&game, 0.0);
        assert!(tm.press(&mut game, Action::MoveForward, 0.0));
        assert_eq!(tm.phase(), Phase::AnimatingPlayer);
        assert!(!tm.press(&mut game, Action::MoveForward, 0.05));
        tm.update(&mut game, 1.0, None);
        assert_eq!(tm.phase(), Phase::WaitingForInput);
        assert_eq!(game.player().pos, Pos::new(2, 1), "the dropped key must not have acted later");
    }

    #[test]
    fn a_held_movement_key_acts_again_when_the_animation_ends() {
        let mut game = corridor();
        let mut tm = TurnMachine::new(&game, 0.0);
        tm.press(&mut game, Action::MoveForward, 0.0);
        tm.update(&mut game, MOVE_SECONDS + 0.01, Some(Action::MoveForward));
        assert_eq!(game.player().pos, Pos::new(3, 1));
        assert_eq!(tm.phase(), Phase::AnimatingPlayer);
    }

    /// Issue 10: `--seed 1`, W held into a creature, was dead by turn 9 from free blows.
    #[test]
    fn a_held_key_stops_when_a_creature_blocks_the_move_or_a_hostile_comes_into_view() {
        let map = Map::from_rows(&["#########", "#.......#", "#########"]).unwrap();
        let mut game = Game::from_map(map.clone(), Pos::new(1, 1), Facing::East);
        game.spawn(Pos::new(3, 1), shambler());
        let mut tm = TurnMachine::new(&game, 0.0);
        tm.press(&mut game, Action::MoveForward, 0.0);
        assert_eq!(game.player().pos, Pos::new(2, 1));
        tm.update(&mut game, 1.0, Some(Action::MoveForward));
        let turn = game.turn();
        assert!(tm.last_report().events.iter().any(|e| matches!(e, Event::Blocked { .. })), "blocked");
        tm.update(&mut game, 2.0, Some(Action::MoveForward));
        tm.update(&mut game, 3.0, Some(Action::MoveForward));
        assert_eq!(game.turn(), turn, "the held key stopped after the block");
        assert!(tm.press(&mut game, Action::MoveForward, 3.0), "a fresh press still acts");
    }

    #[test]
    fn a_held_key_stops_when_a_hostile_comes_into_view() {
        let row = format!("#{}#", ".".repeat(20));
        let wall = "#".repeat(22);
        let map = Map::from_rows(&[wall.as_str(), row.as_str(), wall.as_str()]).unwrap();
        let mut game = Game::from_map(map, Pos::new(1, 1), Facing::East);
        let far = Pos::new(1 + BALANCE.fov_radius + 3, 1);
        game.spawn(far, shambler());
        assert!(!game.is_visible(far));
        let mut tm = TurnMachine::new(&game, 0.0);
        tm.press(&mut game, Action::MoveForward, 0.0);
        let mut now = 0.0;
        for _ in 0..10 {
            now += 1.0;
            tm.update(&mut game, now, Some(Action::MoveForward));
        }
        let stopped_at = game.player().pos;
        assert!(game.entities().iter().any(|e| game.is_visible(e.pos)), "the shambler is in view");
        assert!(stopped_at.x < far.x - 1, "walked on into it: {stopped_at:?}");
        for _ in 0..3 {
            now += 1.0;
            tm.update(&mut game, now, Some(Action::MoveForward));
        }
        assert_eq!(game.player().pos, stopped_at, "stayed stopped");
    }

    fn shambler() -> EntityKind {
        EntityKind::Enemy { variant: crate::game::Variant::Shambler, hp: 3, max_hp: 3, damage: 1 }
    }

    #[test]
    fn the_camera_eases_between_cells() {
        let mut game = corridor();
        let mut tm = TurnMachine::new(&game, 0.0);
        tm.press(&mut game, Action::MoveForward, 0.0);
        let mid = tm.pose(MOVE_SECONDS / 2.0).eye.x;
        assert!(mid > 1.6 && mid < 2.4, "{mid}");
        tm.update(&mut game, 1.0, None);
        assert_eq!(tm.pose(1.0).eye.x, 2.5);
    }

    #[test]
    fn skipping_goes_straight_to_the_enemies() {
        let mut game = corridor();
        let mut tm = TurnMachine::new(&game, 0.0);
        tm.press(&mut game, Action::Wait, 0.0);
        assert_eq!(tm.phase(), Phase::AnimatingEnemies);
        tm.update(&mut game, 0.5, None);
        assert_eq!(tm.phase(), Phase::WaitingForInput);
        assert_eq!(game.turn(), 1);
    }
}
