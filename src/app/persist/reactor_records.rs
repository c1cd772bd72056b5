//! The reactor's files: the best metrics per level (the profile's reactor part) and a level left in
//! progress (the level plus its dynamic state, in the level format).

use super::files::{read_optional, write_atomic};
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

fn read_all(data_dir: &Path) -> Map<String, Value> {
    match read_optional(&best_path(data_dir)) {
        Ok(Some(text)) => match serde_json::from_str::<Value>(&text) {
            Ok(Value::Object(m)) => m,
            _ => Map::new(),
        },
        _ => Map::new(),
    }
}

/// The best kept for level `id`.
pub fn best(data_dir: &Path, id: &str) -> Option<Best> {
    read_all(data_dir).get(id).and_then(Best::from_json)
}

/// Folds a win into the level's best and writes it; returns the best now kept.
pub fn record_win(data_dir: &Path, id: &str, win: Best) -> Result<Best, String> {
    let mut all = read_all(data_dir);
    let merged = all.get(id).and_then(Best::from_json).map_or(win, |b| b.merge(win));
    all.insert(id.to_string(), merged.to_json());
    let text = serde_json::to_string_pretty(&Value::Object(all)).map_err(|e| e.to_string())? + "\n";
    write_atomic(&best_path(data_dir), &text)?;
    Ok(merged)
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
        assert_eq!(record_win(&dir, "lvl", a), Ok(a));
        let kept = record_win(&dir, "lvl", b).unwrap();
        assert_eq!(kept, Best { lengthy: 4, pulses: 5, remedies: 1, undos: 0, peak_heat: 2.5 });
        assert_eq!(best(&dir, "lvl"), Some(kept));
        assert_eq!(best(&dir, "other"), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
