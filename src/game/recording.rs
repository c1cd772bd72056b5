//! Recordings: the seed and every action of a run, to watch again or to verify a final state hash.
//! A format of the rules room (like the saves), so the rules alone, built for the browser, replay it.

use super::balance::MAX_DEPTH;
use super::save::{check_header_in, state_hash, state_hash_v1, LoadError};
use super::{Action, Game};
use serde::{Deserialize, Serialize};

/// The format new recordings are written in. Format 3 starts a run deeper than depth 1 as the
/// practice run it is (with the practice kit); formats 1 and 2 started such runs bare and replay
/// that way. Format 2 stores the state hash over the state dump without prose, as 3 does; format 1
/// (the first release) stored a hash over the whole save record, prose included, and is still read
/// and verified with that hash.
pub const RECORDING_FORMAT_VERSION: u32 = 3;
const READABLE_VERSIONS: [u32; 3] = [1, 2, 3];
/// The first format whose runs start with `Game::start_run` (the practice kit below depth 1).
const FIRST_KIT_VERSION: u32 = 3;
const RECORDING_FORMAT_NAME: &str = "hollowdeep-recording";

/// The final-state hash as a recording of `version` stores it.
fn hash_for(version: u32, game: &Game) -> String {
    let hash = if version == 1 { state_hash_v1(game) } else { state_hash(game) };
    format!("{hash:016x}")
}

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
        self.final_hash = hash_for(self.version, game);
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a recording is plain data")
    }

    pub fn from_text(text: &str) -> Result<Recording, String> {
        check_header_in(text, RECORDING_FORMAT_NAME, &READABLE_VERSIONS).map_err(|e| match e {
            LoadError::OtherVersion { found, .. } => {
                format!("it was made by another version of Hollowdeep (recording format {found}, this one reads 1 to 3)")
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
        let recording: Recording = serde_json::from_str(text).map_err(|e| format!("it is damaged ({e})"))?;
        // Regression: a recording naming a depth no run can start at must not build a level for it.
        if !(1..=MAX_DEPTH).contains(&recording.depth) {
            return Err(format!("it starts at depth {}, outside 1 to {MAX_DEPTH}", recording.depth));
        }
        Ok(recording)
    }

    /// The run this recording starts from, as the build that made it started it.
    pub fn start(&self) -> Game {
        if self.version >= FIRST_KIT_VERSION {
            Game::start_run(self.seed, self.depth)
        } else {
            Game::new_at_depth(self.seed, self.depth)
        }
    }

    /// The game that playing every action on a fresh run gives.
    pub fn replay(&self) -> Game {
        let mut game = self.start();
        for action in &self.actions {
            game.act(*action);
        }
        game
    }

    /// Plays every action on a fresh game and reports whether it ends in the recorded state.
    pub fn verify(&self) -> Result<String, String> {
        let hash = hash_for(self.version, &self.replay());
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
