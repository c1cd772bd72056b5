//! Solution files: the hash of the level's canonical bytes plus the action list, in the script
//! grammar. A solution doubles as a recording: replaying it on the level it names gives the same
//! state hash on every machine.

use super::level::Level;
use super::script::{self, Action};
use super::{hash, schema};
use serde_json::{json, Value};

pub const FORMAT: &str = "hollowdeep-reactor-solution";
pub const SCHEMA: u64 = 1;

/// The level's identity: FNV-1a of its canonical file, as 16 hex digits.
pub fn level_hash(level: &Level) -> String {
    hash::hex(hash::fnv1a(schema::save(level).as_bytes()))
}

/// A solution file for `actions` played from `level` (as loaded, before any action).
pub fn to_text(level: &Level, actions: &[Action]) -> String {
    let tokens: Vec<String> = actions.iter().map(script::token).collect();
    let v = json!({ "format": FORMAT, "schema": SCHEMA, "level": level.id, "level_hash": level_hash(level),
                    "actions": tokens.join(" ") });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// The actions of a solution file for `level`; one sentence when it is not one, or names another level.
pub fn parse(text: &str, level: &Level) -> Result<Vec<Action>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("it is not JSON ({e})"))?;
    if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(format!("it is not a {FORMAT} file"));
    }
    match v.get("schema").and_then(Value::as_u64) {
        Some(SCHEMA) => {}
        Some(n) => return Err(format!("it is schema {n}, and this build reads schema {SCHEMA}")),
        None => return Err("it has no schema number".into()),
    }
    let want = v.get("level_hash").and_then(Value::as_str).ok_or("it names no level hash")?;
    let have = level_hash(level);
    if want != have {
        return Err(format!("it was recorded on level hash {want}, and this level's hash is {have}"));
    }
    let actions = v.get("actions").and_then(Value::as_str).ok_or("it has no action list")?;
    script::parse_actions(actions)
}

/// A level left in progress: the solution file of the actions played since `start`, plus the state
/// hash they reach (`reached`), so that a build whose rules would play them otherwise is found out
/// rather than trusted. It needs no state format of its own: replaying the actions from the start
/// gives back the level, the undo history and the metrics exactly.
pub fn progress_text(start: &Level, actions: &[Action], reached: &Level) -> String {
    let tokens: Vec<String> = actions.iter().map(script::token).collect();
    let v = json!({ "format": FORMAT, "schema": SCHEMA, "level": start.id, "level_hash": level_hash(start),
                    "actions": tokens.join(" "), "state_hash": hash::hex(hash::state_hash(reached)) });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// Whether `text` is a solution file at all (a level left in progress may also be a level file).
pub fn is_solution(text: &str) -> bool {
    let v: Option<Value> = serde_json::from_str(text).ok();
    v.as_ref().and_then(|v| v.get("format")).and_then(Value::as_str) == Some(FORMAT)
}

/// The actions of a progress file for `start` and the state hash they must reach; one sentence when
/// it is not one.
pub fn parse_progress(text: &str, start: &Level) -> Result<(Vec<Action>, String), String> {
    let actions = parse(text, start)?;
    let v: Value = serde_json::from_str(text).map_err(|e| format!("it is not JSON ({e})"))?;
    let reached = v.get("state_hash").and_then(Value::as_str).ok_or("it names no state hash")?;
    Ok((actions, reached.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::{Balance, Game};

    #[test]
    fn a_solution_round_trips_and_refuses_another_level() {
        let level = Level::empty("a", 4, 3);
        let actions =
            script::parse_actions("move:E interact:1,2 neutralize:fuel@2,1 repair undo restart").unwrap();
        let text = to_text(&level, &actions);
        assert_eq!(parse(&text, &level), Ok(actions.clone()));
        let other = Level::empty("b", 4, 3);
        assert!(parse(&text, &other).unwrap_err().contains("level hash"));
        assert!(parse("{}", &level).is_err());
        let mut game = Game::new(level, Balance::normal());
        script::run(&mut game, &actions);
    }
}
