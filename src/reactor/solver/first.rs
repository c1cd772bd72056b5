//! The seed's authoring questions for a level: what are the plausible first lengthy actions, and what
//! does each one's pulse visibly change? Every distinct accepted first action (moves to it included)
//! is played through a `Game`, its pulse's loss noted, the "visible now" view read, and the solver
//! asked (bounded) whether the level can still be won from there.

use super::region::Region;
use super::search::{solve, Limits, Verdict};
use crate::grid::Pos;
use crate::reactor::balance::Balance;
use crate::reactor::command::{Command, Outcome};
use crate::reactor::dump;
use crate::reactor::level::Level;
use crate::reactor::pulse::Cascade;
use crate::reactor::script::{self, Action};
use crate::reactor::undo::Game;
use serde_json::Value;

/// The bound of each "still winnable?" search: a fifth of a whole solve, since a level has several
/// first actions and a plausible one should not need a much longer line than the par's.
pub const FIRST_ACTION_NODE_LIMIT: u64 = super::search::NODE_LIMIT / 5;

#[derive(Clone, Debug)]
pub struct FirstAction {
    /// The lengthy action, as its script token.
    pub token: String,
    /// Where the robot stood for it.
    pub at: Pos,
    /// The moves to `at`, then the action.
    pub actions: Vec<Action>,
    /// Its pulse lost the level.
    pub lost: bool,
    /// The solver's answer from the state after it (`None` when lost).
    pub after: Option<Verdict>,
    /// What the player sees after its pulse (`dump::visible`).
    pub visible: Value,
    /// What its pulse changed visibly, one phrase each.
    pub changes: Vec<String>,
}

impl FirstAction {
    /// The seed's rule: accepted (it is listed), not lost, and still winnable.
    pub fn plausible(&self) -> bool {
        !self.lost && matches!(self.after, Some(Verdict::Won { .. }))
    }

    /// The visible state with the robot's own entries left out, so that two actions taken at
    /// different cells count as different only when their pulses differ.
    pub fn outcome(&self) -> Value {
        outcome_view(&self.visible)
    }
}

pub fn outcome_view(visible: &Value) -> Value {
    let mut v = visible.clone();
    if let Value::Object(o) = &mut v {
        o.remove("robot");
        o.remove("state_hash");
    }
    v
}

/// Every distinct accepted first lengthy action of `level`, in the order the region meets them. A
/// heat shield is the same action wherever it is used, so it is listed once, where the robot stands.
pub fn first_actions(level: &Level, b: &Balance, limits: Limits) -> Vec<FirstAction> {
    let mut start = Game::new(level.clone(), b.clone());
    start.cascade = Cascade::Skip;
    let region = Region::explore(&start.level, b);
    let before = dump::visible(&start.level, b, 0);
    let mut tried: Vec<(Command, Pos)> = Vec::new();
    let mut out = Vec::new();
    for (k, (spot, _)) in region.spots.iter().enumerate() {
        let mut here = start.level.clone();
        spot.place(&mut here);
        for cmd in super::moves::candidates(&here) {
            let at = if cmd == Command::ApplyHeatShield { start.level.robot.pos } else { spot.pos };
            if tried.contains(&(cmd, at)) {
                continue;
            }
            tried.push((cmd, at));
            let mut actions: Vec<Action> =
                region.path_to(k).into_iter().map(|f| Action::Do(Command::MoveRobot(f))).collect();
            if cmd == Command::ApplyHeatShield {
                actions.clear();
            }
            let mut game = start.clone();
            script::run(&mut game, &actions);
            if !matches!(game.apply(cmd), Outcome::Pulsed(_)) {
                continue;
            }
            actions.push(Action::Do(cmd));
            let lost = game.level.is_over();
            let after = (!lost).then(|| solve(&game.level, b, limits).verdict);
            let visible = dump::visible(&game.level, b, 0);
            let changes = describe_changes(&before, &visible);
            out.push(FirstAction {
                token: script::token(&Action::Do(cmd)),
                at,
                actions,
                lost,
                after,
                visible,
                changes,
            });
        }
    }
    out
}

/// The fields of one prop that differ, nested ones (a consumer's service per carrier) by name.
fn field_changes(before: &Value, after: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let (Value::Object(b), Value::Object(a)) = (before, after) {
        for (k, v) in a {
            match (b.get(k), v) {
                (Some(Value::Object(_)), Value::Object(_)) => {
                    for sub in field_changes(&b[k], v) {
                        out.push(format!("{k} {sub}"));
                    }
                }
                (Some(old), new) if old != new => out.push(format!("{k} {old} -> {new}")),
                _ => {}
            }
        }
    }
    out
}

fn cell_name(v: &Value) -> String {
    format!("{},{}", v["x"], v["y"])
}

/// What differs between two "visible now" views, in the player's words: the level state, props,
/// leaks, inventory, the terminal's view, and each surface value whose band changed.
pub fn describe_changes(before: &Value, after: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for key in ["level_state", "status", "ready", "inventory"] {
        if before[key] != after[key] {
            out.push(format!("{key} {} -> {}", before[key], after[key]));
        }
    }
    let empty = Vec::new();
    let list = |v: &Value, k: &str| v[k].as_array().cloned().unwrap_or_else(|| empty.clone());
    for (p, q) in list(before, "props").iter().zip(list(after, "props").iter()) {
        if p != q {
            let what = q["kind"].as_str().unwrap_or("prop");
            out.push(format!("{what} at {}: {}", cell_name(q), field_changes(p, q).join(", ")));
        }
    }
    let (lb, la) = (list(before, "leaks"), list(after, "leaks"));
    for (k, l) in la.iter().enumerate() {
        if lb.get(k) != Some(l) {
            let what = if l["repaired"] == Value::Bool(true) { "repaired" } else { "open" };
            out.push(format!("{} leak at {} {what}", l["carrier"].as_str().unwrap_or("a"), cell_name(l)));
        }
    }
    if before.get("underground").is_some() != after.get("underground").is_some() {
        out.push("the terminal's layers and forecasts are shown".into());
    }
    for (s, t) in list(before, "surface").iter().zip(list(after, "surface").iter()) {
        for q in ["fuel", "water", "electricity", "heat"] {
            let (x, y) = (&s["bands"][q], &t["bands"][q]);
            if x != y {
                out.push(format!(
                    "{q} at {} {} -> {}",
                    cell_name(t),
                    x.as_str().unwrap_or("?"),
                    y.as_str().unwrap_or("?")
                ));
            }
        }
    }
    out
}
