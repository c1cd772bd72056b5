//! The plan's Phase-0 state machine: gates input and plays each resolved turn as animation.
//!
//! The rules resolve an action at once (the mode's step); the phases here only decide what the
//! player sees and when the next key is accepted, read from the step's scenes and report, never
//! from the game. Time is passed in, so tests drive it without a clock.

use crate::app::crawler::anim::{Motion, Pose, BUMP_SECONDS, ENEMY_SECONDS, MOVE_SECONDS, TURN_SECONDS};
use crate::game::{Action, Event, Game, TurnReport};
use crate::mode::Played;
use crate::scene::{Scene, SpriteKind};
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
    /// A held key stops repeating after a move a creature blocked, or any step that ends with a
    /// hostile in view (as a roguelike's auto-run stops): walking on would hand out free blows.
    /// A new press still acts, once per press.
    hold_broken: bool,
    /// The last step ended the game: the turn resolves into the death fade.
    over: bool,
}

impl TurnMachine {
    pub fn new(scene: &Scene, now: f64) -> Self {
        Self {
            phase: Phase::WaitingForInput,
            phase_started: now,
            motion: Motion::still(scene_pose(scene)),
            enemy_seconds: 0.0,
            last_report: TurnReport::default(),
            skipped_player: false,
            upload_pending: true,
            hold_broken: false,
            over: false,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The report of the most recent accepted action (for flashes and sounds).
    pub fn last_report(&self) -> &TurnReport {
        &self.last_report
    }

    /// Whether input is accepted now (no turn is being played out).
    pub fn ready(&self) -> bool {
        self.phase == Phase::WaitingForInput
    }

    /// Plays out `action`'s step: the camera from `before`'s viewpoint to `played`'s, then the
    /// enemies. `over`: the game accepts no more commands (the death fade follows).
    pub fn accept(
        &mut self,
        action: Action,
        before: &Scene,
        played: &Played<TurnReport>,
        over: bool,
        now: f64,
    ) {
        let report = &played.report;
        // Issue 34: only a hostile *coming* into view stopped it, so holding W with one already
        // in view walked on into it.
        let in_view = !hostiles_in_view(&played.scene).is_empty();
        let blocked = report.events.iter().any(|e| matches!(e, Event::Blocked { .. }));
        self.hold_broken = in_view || blocked;
        self.motion = motion_for(report, scene_pose(before), scene_pose(&played.scene));
        self.enemy_seconds = if report.took_turn && enemies_moved(report) { ENEMY_SECONDS } else { 0.0 };
        self.upload_pending = true;
        self.over = over;
        let skipping = matches!(action, Action::Wait);
        self.skipped_player = skipping;
        self.last_report = report.clone();
        self.enter(if skipping { Phase::AnimatingEnemies } else { Phase::AnimatingPlayer }, now);
    }

    /// A held movement key may act again: input is accepted and the hold was not broken by a
    /// block or a hostile in view.
    pub fn repeats(&self, held: Action) -> bool {
        self.ready() && is_movement(held) && !self.hold_broken
    }

    /// Advances the phases to `now`.
    pub fn update(&mut self, now: f64) -> Update {
        let mut out = Update::default();
        // A bounded loop: zero-length phases fall through in the same frame.
        for _ in 0..5 {
            let elapsed = now - self.phase_started;
            let next = match self.phase {
                Phase::WaitingForInput => None,
                Phase::AnimatingPlayer if elapsed >= self.motion.seconds => Some(Phase::AnimatingEnemies),
                Phase::AnimatingEnemies if elapsed >= self.enemy_seconds => Some(Phase::ResolvingTurn),
                Phase::ResolvingTurn => {
                    Some(if self.over { Phase::GameOver } else { Phase::WaitingForInput })
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

/// Where a scene's viewer stands and looks: the player, as the step left it.
pub fn scene_pose(scene: &Scene) -> Pose {
    Pose::at(scene.eye, scene.facing)
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

/// Every creature the player can see in a scene, real or not (a hallucination looks like the
/// real thing, so it stops a held key just the same). The shrine stands like a figure but is no
/// creature: with one in view a held key would otherwise never walk.
fn hostiles_in_view(scene: &Scene) -> Vec<u32> {
    let creature = |s: &&crate::scene::SpriteLook| {
        s.kind == SpriteKind::Actor && s.seen_to && s.glyph != crate::game::present::SHRINE_GLYPH
    };
    scene.world.sprites.iter().filter(creature).map(|s| s.id).collect()
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
