//! Versioned text formats for a run in progress, and the state hash that replays compare.
//!
//! Only formats live here (pure functions over strings); reading and writing files is the app's job.
//! A save is an envelope `{"format": "hollowdeep-run", "version": N, "game": {...}}` whose `game`
//! object is the record type of version N (`v1::SaveV1`), never the memory layout of `Game`.

pub mod v1;

use super::dump::StateDump;
use super::run::Game;
use serde::{Deserialize, Serialize};
use v1::SaveV1;

/// The format this build writes. Bumped only with a new record type beside `v1`; every older
/// version keeps its record type and conversion, so old saves keep loading.
pub const RUN_FORMAT_VERSION: u32 = 1;
const RUN_FORMAT_NAME: &str = "hollowdeep-run";

/// Why a saved text could not become a game.
#[derive(Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON, truncated, or not the shape of a save.
    Corrupt(String),
    /// A different kind of Hollowdeep file (for example a profile) where `expected` belongs.
    WrongKind { found: String, expected: String },
    /// Written by another version of the game.
    OtherVersion { found: u32, expected: u32 },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Corrupt(why) => write!(f, "it is damaged or truncated ({why})"),
            // Both kinds are named: profiles and recordings report through this too, not only saves.
            LoadError::WrongKind { found, expected } => {
                write!(f, "it is {}, not {}", kind_in_words(found), kind_in_words(expected))
            }
            LoadError::OtherVersion { found, expected } => {
                write!(f, "it was written by another version of Hollowdeep (format {found}, this one reads {expected})")
            }
        }
    }
}

/// The envelope of every run save: the header, then the version's record.
#[derive(Serialize)]
struct RunFileOut<'a, T> {
    format: &'static str,
    version: u32,
    game: &'a T,
}

#[derive(Deserialize)]
struct RunHeader {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct RunFileIn<T> {
    game: T,
}

pub fn run_to_string(game: &Game) -> String {
    let record = SaveV1::of(game);
    serde_json::to_string(&RunFileOut { format: RUN_FORMAT_NAME, version: RUN_FORMAT_VERSION, game: &record })
        .expect("a save record is plain data")
}

/// Reads a saved run of any version this build knows. Every failure is a `LoadError`, never a panic.
pub fn run_from_str(text: &str) -> Result<Game, LoadError> {
    check_header(text, RUN_FORMAT_NAME, RUN_FORMAT_VERSION)?;
    let file: RunFileIn<SaveV1> =
        serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    file.game.into_game().map_err(LoadError::Corrupt)
}

/// Checks the `format` and `version` fields every Hollowdeep file starts with.
pub fn check_header(text: &str, kind: &str, version: u32) -> Result<(), LoadError> {
    check_header_in(text, kind, &[version]).map(|_| ())
}

/// Like [`check_header`] for a kind of file with several readable versions (the newest last);
/// returns the version found.
pub fn check_header_in(text: &str, kind: &str, versions: &[u32]) -> Result<u32, LoadError> {
    let header: RunHeader = serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    if header.format != kind {
        return Err(LoadError::WrongKind { found: header.format, expected: kind.to_string() });
    }
    if !versions.contains(&header.version) {
        let newest = versions.iter().copied().max().unwrap_or(0);
        return Err(LoadError::OtherVersion { found: header.version, expected: newest });
    }
    Ok(header.version)
}

/// How a file's `format` field is named to the player.
fn kind_in_words(format: &str) -> String {
    match format {
        RUN_FORMAT_NAME => "a saved run".into(),
        "hollowdeep-profile" => "a profile".into(),
        "hollowdeep-recording" => "a recording".into(),
        "hollowdeep-settings" => "a settings file".into(),
        // Debug quoting keeps a hand-edited name with line breaks on one line.
        other => format!("a {other:?} file"),
    }
}

/// The state hash: FNV-1a over the documented state dump without its prose
/// ([`StateDump::hashed_bytes`]). Equal states give equal hashes on every machine; rewording a
/// message does not change it. Recordings of format 2 store it.
pub fn state_hash(game: &Game) -> u64 {
    fnv1a(&StateDump::of(game).hashed_bytes())
}

/// The first release's state hash, kept only to verify recordings of format 1: FNV-1a over the
/// compact JSON of the game's v1 save record (which is what that release hashed), prose included.
pub fn state_hash_v1(game: &Game) -> u64 {
    fnv1a(&serde_json::to_vec(&SaveV1::of(game)).expect("a save record is plain data"))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
