//! The game in progress: the level, its balance, unlimited undo of lengthy actions and restart, both as
//! exact snapshots (never re-simulated).

use super::balance::Balance;
use super::command::{self, Command, Outcome};
use super::level::Level;
use super::props::Refusal;

#[derive(Clone, Debug)]
pub struct Game {
    pub level: Level,
    pub balance: Balance,
    initial: Level,
    history: Vec<Level>,
    pub undos: u32,
    pub lengthy_actions: u32,
}

impl Game {
    /// Starts a game; derived state (networks, services, forecasts, level state) is computed first.
    pub fn new(mut level: Level, balance: Balance) -> Self {
        refresh(&mut level, &balance);
        Self { initial: level.clone(), level, balance, history: Vec::new(), undos: 0, lengthy_actions: 0 }
    }

    pub fn apply(&mut self, cmd: Command) -> Outcome {
        let before = if cmd.is_lengthy() || matches!(cmd, Command::MoveRobot(_)) {
            Some(self.level.clone())
        } else {
            None
        };
        let out = command::execute(&mut self.level, &self.balance, cmd);
        match &out {
            Outcome::Pulsed(_) => {
                self.lengthy_actions += 1;
                if let Some(b) = before {
                    self.history.push(b);
                }
                refresh_forecasts(&mut self.level, &self.balance);
            }
            Outcome::Moved { lost } => {
                // A move changes no environment (forecasts stay valid), but a losing move is undoable
                // on its own so that one misstep does not cost the lengthy actions before it.
                if *lost {
                    if let Some(b) = before {
                        self.history.push(b);
                    }
                }
                self.level.state = super::state::derive(&self.level, &self.balance);
            }
            _ => {}
        }
        out
    }

    /// Restores the snapshot taken before the last lengthy action (or losing move).
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let prev = self.history.pop().ok_or(Refusal::NothingToUndo)?;
        self.level = prev;
        self.undos += 1;
        Ok(())
    }

    /// Back to the level as loaded (the undo count is kept for the record).
    pub fn restart(&mut self) {
        self.level = self.initial.clone();
        self.history.clear();
    }

    /// A game continued from a save: restart goes back to `start` (the level as shipped), not to
    /// where it was continued from.
    pub fn set_start(&mut self, mut start: Level) {
        refresh(&mut start, &self.balance);
        self.initial = start;
    }

    pub fn initial(&self) -> &Level {
        &self.initial
    }
}

/// Recomputes everything derived: networks, services, forecasts and the level state.
pub fn refresh(level: &mut Level, b: &Balance) {
    super::network::propagate(level, b);
    refresh_forecasts(level, b);
}

/// Pulse step 10 plus the final state: forecasts over copied state, then the level state with them.
pub fn refresh_forecasts(level: &mut Level, b: &Balance) {
    level.forecasts = super::forecast::forecast(level, b);
    level.state = super::state::derive(level, b);
}
