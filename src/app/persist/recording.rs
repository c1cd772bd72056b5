//! Recordings: the seed and every action of a run, to watch again or to verify a final state hash.

use crate::game::save::{check_header, state_hash, LoadError};
use crate::game::{Action, Game};
use serde::{Deserialize, Serialize};

pub const RECORDING_FORMAT_VERSION: u32 = 1;
const RECORDING_FORMAT_NAME: &str = "hollowdeep-recording";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recording {
    pub format: String,
    pub version: u32,
    /// The version of the game that made it: rules may differ between versions.
    pub game_version: String,
    pub seed: u64,
    pub depth: u32,
    pub actions: Vec<Action>,
    /// Hash of the state after the last action, as hex.
    pub final_hash: String,
}

#[derive(Deserialize)]
struct GameVersion {
    game_version: String,
}

impl Recording {
    pub fn new(seed: u64, depth: u32) -> Self {
        Self {
            format: RECORDING_FORMAT_NAME.into(),
            version: RECORDING_FORMAT_VERSION,
            game_version: env!("CARGO_PKG_VERSION").into(),
            seed,
            depth,
            actions: Vec::new(),
            final_hash: String::new(),
        }
    }

    pub fn finish(&mut self, game: &Game) {
        self.final_hash = format!("{:016x}", state_hash(game));
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a recording is plain data")
    }

    pub fn from_text(text: &str) -> Result<Recording, String> {
        check_header(text, RECORDING_FORMAT_NAME, RECORDING_FORMAT_VERSION).map_err(|e| match e {
            LoadError::OtherVersion { found, .. } => {
                format!("it was made by another version of Hollowdeep (recording format {found}, this one reads {RECORDING_FORMAT_VERSION})")
            }
            other => other.to_string(),
        })?;
        // The game version is checked before the actions are parsed: another version may have actions
        // this one does not know, and that must read as "another version", not as damage.
        let made_by: GameVersion = serde_json::from_str(text).map_err(|e| format!("it is damaged ({e})"))?;
        if made_by.game_version != env!("CARGO_PKG_VERSION") {
            return Err(format!(
                "it was made by Hollowdeep {} and this is {}; the rules may differ",
                made_by.game_version,
                env!("CARGO_PKG_VERSION")
            ));
        }
        serde_json::from_str(text).map_err(|e| format!("it is damaged ({e})"))
    }

    /// The game that playing every action on a fresh run gives.
    pub fn replay(&self) -> Game {
        let mut game = Game::new_at_depth(self.seed, self.depth);
        for action in &self.actions {
            game.act(*action);
        }
        game
    }

    /// Plays every action on a fresh game and reports whether it ends in the recorded state.
    pub fn verify(&self) -> Result<String, String> {
        let game = self.replay();
        let hash = format!("{:016x}", state_hash(&game));
        if hash == self.final_hash {
            Ok(hash)
        } else {
            Err(format!(
                "The replay diverged: the recording ends in state {} but playing it gives {hash}.",
                self.final_hash
            ))
        }
    }
}
