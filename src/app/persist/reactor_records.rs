//! The reactor's files: the best metrics per level (the profile's reactor part) and a level left in
//! progress (the level plus its dynamic state, in the level format).

use super::files::{move_aside, read_optional, replace_record, set_aside_note};
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// The best of each metric over the wins of one level (each kept on its own: the fewest lengthy
/// actions and the fewest undos may come from different wins).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Best {
    pub lengthy: u32,
    pub pulses: u32,
    pub remedies: u32,
    pub undos: u32,
    pub peak_heat: f32,
}

impl Best {
    fn merge(self, other: Best) -> Best {
        Best {
            lengthy: self.lengthy.min(other.lengthy),
            pulses: self.pulses.min(other.pulses),
            remedies: self.remedies.min(other.remedies),
            undos: self.undos.min(other.undos),
            peak_heat: self.peak_heat.min(other.peak_heat),
        }
    }

    fn to_json(self) -> Value {
        json!({ "lengthy": self.lengthy, "pulses": self.pulses, "remedies": self.remedies,
                "undos": self.undos, "peak_heat": f64::from(self.peak_heat) })
    }

    fn from_json(v: &Value) -> Option<Best> {
        let n = |k: &str| v.get(k).and_then(Value::as_u64).map(|x| x as u32);
        Some(Best {
            lengthy: n("lengthy")?,
            pulses: n("pulses")?,
            remedies: n("remedies")?,
            undos: n("undos")?,
            peak_heat: v.get("peak_heat")?.as_f64()? as f32,
        })
    }
}

pub fn best_path(data_dir: &Path) -> PathBuf {
    data_dir.join("reactor").join("best.json")
}

/// What the best file says it is, so a file of another program or version is never taken for one.
const BEST_FORMAT: &str = "hollowdeep-reactor-best";
/// Bumped when the layout changes; a newer file is set aside by an older build, never rewritten.
const BEST_VERSION: u64 = 1;

/// The bests of a best file's text per level id, or why it cannot be used. Files written before
/// the format was versioned (a bare object of level ids) are still read.
fn parse_bests(text: &str) -> Result<Map<String, Value>, String> {
    let value: Value = serde_json::from_str(text).map_err(|_| "it is not valid JSON".to_string())?;
    let Value::Object(mut top) = value else { return Err("it is not a JSON object".into()) };
    let levels = if top.contains_key("format") {
        if top.get("format").and_then(Value::as_str) != Some(BEST_FORMAT) {
            return Err("it is not a reactor best file".into());
        }
        if top.get("version").and_then(Value::as_u64) != Some(BEST_VERSION) {
            return Err(format!("it was written for another version (this one reads {BEST_VERSION})"));
        }
        match top.remove("levels") {
            Some(Value::Object(levels)) => levels,
            _ => return Err("it has no \"levels\" object".into()),
        }
    } else {
        top
    };
    match levels.iter().find(|(_, v)| Best::from_json(v).is_none()) {
        Some((id, _)) => Err(format!("the best of {id} is damaged")),
        None => Ok(levels),
    }
}

/// The bests kept per level id; a damaged file is moved aside (never overwritten) and the
/// sentence saying so comes back with an empty table.
pub fn read_all(data_dir: &Path) -> Result<(Map<String, Value>, Option<String>), String> {
    let path = best_path(data_dir);
    let damaged = match read_optional(&path) {
        Ok(None) => return Ok((Map::new(), None)),
        Ok(Some(text)) => match parse_bests(&text) {
            Ok(levels) => return Ok((levels, None)),
            Err(why) => why,
        },
        Err(why) => why,
    };
    let moved = move_aside(&path, "unusable")?;
    let note = set_aside_note(&path, &moved);
    eprintln!("hollowdeep: {} ({damaged}).", note.trim_end_matches('.'));
    Ok((Map::new(), Some(note)))
}

/// The best kept for level `id` in a table [`read_all`] returned.
pub fn best_in(all: &Map<String, Value>, id: &str) -> Option<Best> {
    all.get(id).and_then(Best::from_json)
}

/// The best kept for level `id` (none when the file is absent or damaged).
pub fn best(data_dir: &Path, id: &str) -> Option<Best> {
    read_all(data_dir).ok().and_then(|(all, _)| best_in(&all, id))
}

/// Folds a win into the level's best and writes it; returns the best now kept and, when the old
/// file was damaged, the sentence saying it was set aside.
pub fn record_win(data_dir: &Path, id: &str, win: Best) -> Result<(Best, Option<String>), String> {
    let (mut all, note) = read_all(data_dir)?;
    let merged = best_in(&all, id).map_or(win, |b| b.merge(win));
    all.insert(id.to_string(), merged.to_json());
    let file = json!({ "format": BEST_FORMAT, "version": BEST_VERSION, "levels": Value::Object(all) });
    let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())? + "\n";
    // Read again just before the write: a file damaged since is set aside, not overwritten.
    let late = replace_record(&best_path(data_dir), &text, |old| parse_bests(old).is_ok())?;
    Ok((merged, note.or(late)))
}

/// Where a level left in progress is kept (one per level id; the id is made file-safe).
pub fn progress_path(data_dir: &Path, id: &str) -> PathBuf {
    let safe: String =
        id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    data_dir.join("reactor").join(format!("progress-{safe}.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_metric_keeps_its_best_over_wins() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-best-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let a = Best { lengthy: 5, pulses: 5, remedies: 1, undos: 0, peak_heat: 3.0 };
        let b = Best { lengthy: 4, pulses: 6, remedies: 2, undos: 2, peak_heat: 2.5 };
        assert_eq!(record_win(&dir, "lvl", a), Ok((a, None)));
        let (kept, note) = record_win(&dir, "lvl", b).unwrap();
        assert_eq!(note, None);
        assert_eq!(kept, Best { lengthy: 4, pulses: 5, remedies: 1, undos: 0, peak_heat: 2.5 });
        assert_eq!(best(&dir, "lvl"), Some(kept));
        assert_eq!(best(&dir, "other"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn regression_a_damaged_best_file_is_set_aside_not_overwritten_by_the_next_win() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-damaged-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("reactor")).unwrap();
        let damaged = "{\"01-first-light\": {\"lengthy\": 3, \"pul";
        std::fs::write(best_path(&dir), damaged).unwrap();
        let win = Best { lengthy: 2, pulses: 2, remedies: 0, undos: 0, peak_heat: 0.0 };
        let (kept, note) = record_win(&dir, "lvl", win).unwrap();
        assert_eq!(kept, win);
        let note = note.expect("the player is told");
        assert!(note.contains("best.json.unusable-1"), "{note}");
        assert!(note.len() <= 100, "one short line: {note}");
        let aside = std::fs::read_to_string(dir.join("reactor").join("best.json.unusable-1")).unwrap();
        assert_eq!(aside, damaged, "the damaged file is kept whole");
        assert_eq!(best(&dir, "lvl"), Some(win), "the fresh file is versioned and reads back");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_best_file_from_before_versioning_is_still_read() {
        let legacy = r#"{"a": {"lengthy": 1, "pulses": 2, "remedies": 0, "undos": 0, "peak_heat": 0.5}}"#;
        let levels = parse_bests(legacy).unwrap();
        assert_eq!(best_in(&levels, "a").map(|b| b.pulses), Some(2));
        assert!(parse_bests(r#"{"format": "hollowdeep-reactor-best", "version": 2, "levels": {}}"#).is_err());
        assert!(parse_bests(r#"{"a": {"lengthy": 1}}"#).is_err());
    }
}
