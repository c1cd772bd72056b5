//! The profile: a top-10 high-score table and lifetime totals that survive every run.

use super::files::{move_aside, read_optional, replace_record};
use crate::game::save::{check_header, LoadError};
use crate::game::Game;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const PROFILE_FORMAT_VERSION: u32 = 1;
const PROFILE_FORMAT_NAME: &str = "hollowdeep-profile";
pub const HIGH_SCORES: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreEntry {
    pub score: i64,
    pub depth: u32,
    pub kills: u32,
    pub turns: u64,
    pub seed: u64,
    /// YYYY-MM-DD, UTC.
    pub date: String,
    pub cause: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    pub runs: u64,
    pub kills: u64,
    pub turns: u64,
    pub deepest: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub high_scores: Vec<ScoreEntry>,
    pub totals: Totals,
    /// The daily runs begun, one per date (`app::daily`). Absent from files that have none, so a
    /// profile without daily runs is byte for byte the format-1 file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub daily: Vec<DailyEntry>,
}

/// A daily run begun: its date and seed, and once it ended, its share line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyEntry {
    /// YYYY-MM-DD, UTC.
    pub date: String,
    pub seed: u64,
    pub result: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct ProfileFile {
    format: String,
    version: u32,
    profile: Profile,
}

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join("profile.json")
}

impl Profile {
    /// Adds a finished run: into the totals always, into the table if it ranks. A practice run is
    /// refused (false): it started with advantages a real run never has, so it reaches neither.
    pub fn record(&mut self, game: &Game, date: String) -> bool {
        if game.is_practice() {
            return false;
        }
        self.totals.runs += 1;
        self.totals.kills += u64::from(game.kills());
        self.totals.turns += game.turn();
        self.totals.deepest = self.totals.deepest.max(game.depth());
        self.high_scores.push(ScoreEntry {
            score: game.score(),
            depth: game.depth(),
            kills: game.kills(),
            turns: game.turn(),
            seed: game.seed(),
            date,
            cause: game.cause_of_death().unwrap_or("left the dungeon").to_string(),
        });
        // Stable sort: among equal scores the earlier run keeps its place.
        self.high_scores.sort_by_key(|e| std::cmp::Reverse(e.score));
        self.high_scores.truncate(HIGH_SCORES);
        true
    }

    pub fn to_text(&self) -> String {
        let file = ProfileFile {
            format: PROFILE_FORMAT_NAME.into(),
            version: PROFILE_FORMAT_VERSION,
            profile: self.clone(),
        };
        serde_json::to_string_pretty(&file).expect("a profile is plain data")
    }

    pub fn from_text(text: &str) -> Result<Profile, LoadError> {
        check_header(text, PROFILE_FORMAT_NAME, PROFILE_FORMAT_VERSION)?;
        let file: ProfileFile = serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
        Ok(file.profile)
    }

    /// The table as `--scores` prints it (and the title's High scores page shows it). Each number's
    /// column is as wide as its widest entry, at least the usual width, so a 20-digit seed or a
    /// long run's turns widen their column instead of pushing the date and cause out of line.
    pub fn table(&self) -> String {
        const HEADS: [&str; 6] = ["#", "score", "depth", "kills", "turns", "seed"];
        const USUAL: [usize; 6] = [2, 6, 6, 6, 6, 11];
        let rows: Vec<[String; 6]> = self
            .high_scores
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let n = |v: &dyn std::fmt::Display| v.to_string();
                [n(&(i + 1)), n(&e.score), n(&e.depth), n(&e.kills), n(&e.turns), n(&e.seed)]
            })
            .collect();
        let widths: Vec<usize> = (0..HEADS.len())
            .map(|c| rows.iter().map(|r| r[c].chars().count()).chain([USUAL[c]]).max().unwrap_or(0))
            .collect();
        let line = |cells: [&str; 6], date: &str, cause: &str| {
            let numbers: Vec<String> =
                cells.iter().zip(&widths).map(|(cell, &w)| format!("{cell:>w$}")).collect();
            format!("{}  {date:<10}  {cause}\n", numbers.join(" "))
        };
        let mut out = line(HEADS, "date", "cause");
        for (row, e) in rows.iter().zip(&self.high_scores) {
            out += &line(row.each_ref().map(String::as_str), &e.date, &e.cause);
        }
        if self.high_scores.is_empty() {
            out += "    (no runs recorded yet)\n";
        }
        let t = &self.totals;
        let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        out += &format!(
            "Lifetime: {}, {}, {}, deepest depth {}.\n",
            count(t.runs, "run", "runs"),
            count(t.kills, "kill", "kills"),
            count(t.turns, "turn", "turns"),
            t.deepest
        );
        out
    }
}

/// Loads the profile; an unusable file is moved aside (with a warning) and a fresh profile begins.
pub fn load(data_dir: &Path) -> Result<(Profile, Option<String>), String> {
    let path = path(data_dir);
    let problem = match read_optional(&path) {
        Ok(None) => return Ok((Profile::default(), None)),
        Ok(Some(text)) => match Profile::from_text(&text) {
            Ok(profile) => return Ok((profile, None)),
            Err(why) => why.to_string(),
        },
        Err(why) => why,
    };
    let moved = move_aside(&path, "unusable")?;
    Ok((
        Profile::default(),
        Some(format!(
            "The profile {} could not be used: {problem}. It was moved to {}; a new profile begins.",
            path.display(),
            moved.display()
        )),
    ))
}

/// Writes the profile; a file damaged since it was loaded is set aside first, never overwritten.
pub fn save(data_dir: &Path, profile: &Profile) -> Result<(), String> {
    let note = replace_record(&path(data_dir), &profile.to_text(), |old| Profile::from_text(old).is_ok())?;
    if let Some(note) = note {
        eprintln!("hollowdeep: {note}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i64, seed: u64) -> ScoreEntry {
        let (date, cause) = ("2026-12-01".into(), "slain by a lurker at depth 4".into());
        ScoreEntry { score, depth: 4, kills: 7, turns: 900, seed, date, cause }
    }

    #[test]
    fn the_usual_table_reads_as_before() {
        let p = Profile { high_scores: vec![entry(2100, 42)], ..Profile::default() };
        let table = p.table();
        let mut lines = table.lines();
        assert_eq!(lines.next(), Some(" #  score  depth  kills  turns        seed  date        cause"));
        assert_eq!(
            lines.next(),
            Some(" 1   2100      4      7    900          42  2026-12-01  slain by a lurker at depth 4")
        );
    }

    /// Issue 34: a 20-digit seed pushed its row's date and cause out of line with the others.
    #[test]
    fn a_long_seed_widens_its_column_and_every_row_stays_in_line() {
        let p = Profile { high_scores: vec![entry(2100, u64::MAX), entry(550, 7)], ..Profile::default() };
        let table = p.table();
        let rows: Vec<&str> = table.lines().take(3).collect();
        let date_at = |row: &str| row.find("date").or_else(|| row.find("2026")).unwrap();
        assert!(rows.iter().all(|r| date_at(r) == date_at(rows[0])), "{table}");
        assert!(rows[1].contains(&u64::MAX.to_string()), "{table}");
        let seed_end = |row: &str| row[..date_at(row)].trim_end().len();
        assert!(rows.iter().all(|r| seed_end(r) == seed_end(rows[0])), "seeds right-aligned:\n{table}");
    }
}
