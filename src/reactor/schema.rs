//! Level files: canonical JSON (sorted keys, shortest round-trip floats), schema 1, a stable id,
//! a migration hook for older schemas and a refusal of newer ones. The loader never panics: it returns
//! every error and warning with coordinates.

use super::balance::Balance;
use super::bounds::{clip, echo, Bounds, MAX_LINE};
use super::level::*;
use super::validate::{self, Issue, IssueKind};
use super::words::count_of;
use crate::grid::Pos;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const FORMAT: &str = "hollowdeep-reactor-level";
pub const SCHEMA: u64 = 1;
pub use super::bounds::MAX_SIDE;

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct UnderFile {
    pub x: i32,
    pub y: i32,
    pub state: String,
    pub integrity: f64,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct UndergroundFile {
    pub fuel: Vec<UnderFile>,
    pub coolant: Vec<UnderFile>,
    pub electricity: Vec<UnderFile>,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct PropFile {
    pub x: i32,
    pub y: i32,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depleted: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outlet: Option<[i32; 2]>,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct LeakFile {
    pub carrier: String,
    pub x: i32,
    pub y: i32,
    pub access: [i32; 2],
    #[serde(default)]
    pub repaired: bool,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct SurfaceFile {
    pub x: i32,
    pub y: i32,
    #[serde(default)]
    pub fuel: f64,
    #[serde(default)]
    pub water: f64,
    #[serde(default)]
    pub electricity: f64,
    #[serde(default)]
    pub heat: f64,
    #[serde(default)]
    pub blocks: [u32; 3],
}

/// A caption: a cell and a short text (`level::Caption`).
#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct CaptionFile {
    pub x: i32,
    pub y: i32,
    pub text: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct RobotFile {
    pub x: i32,
    pub y: i32,
    #[serde(default)]
    pub heat_immunity: u32,
    #[serde(default)]
    pub terminal_active: bool,
}

#[derive(Serialize, Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct RequiredFile {
    pub fuel: u32,
    pub coolant: u32,
    pub electricity: u32,
}

/// Dynamic state of a game in progress (absent or default in an authored level).
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct DynamicFile {
    pub status: String,
    pub pulse: u32,
    pub hazard_growing: bool,
    pub peak_heat: f64,
    pub remedies_used: u32,
}

impl Default for DynamicFile {
    fn default() -> Self {
        Self { status: "playing".into(), pulse: 0, hazard_growing: false, peak_heat: 0.0, remedies_used: 0 }
    }
}

#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub format: String,
    pub schema: u64,
    pub id: String,
    #[serde(default)]
    pub name: String,
    pub width: i32,
    pub height: i32,
    /// One string per row: `#` wall, `.` floor.
    pub terrain: Vec<String>,
    #[serde(default)]
    pub underground: UndergroundFile,
    #[serde(default)]
    pub props: Vec<PropFile>,
    #[serde(default)]
    pub leaks: Vec<LeakFile>,
    #[serde(default)]
    pub surface: Vec<SurfaceFile>,
    pub robot: RobotFile,
    #[serde(default)]
    pub inventory: Vec<String>,
    #[serde(default)]
    pub required: RequiredFile,
    #[serde(default = "normal")]
    pub difficulty: String,
    #[serde(default)]
    pub dynamic: DynamicFile,
    /// Optional and additive: written only when a level has captions, so every file without them
    /// keeps its bytes (and its hash).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captions: Vec<CaptionFile>,
}

fn normal() -> String {
    "normal".into()
}

/// What the loader returns: the level when there are no errors, and every issue found.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub level: Option<Level>,
    pub issues: Vec<Issue>,
}

impl Loaded {
    /// When the level was refused, the one sentence that says why (`refusal_sentence`).
    pub fn refusal(&self, file: &str) -> Option<String> {
        self.level.is_none().then(|| refusal_sentence(&self.issues, file))
    }
}

/// The fewest characters a refusal keeps for its problem: file names are shortened before it is.
const MIN_CLAUSE: usize = 60;

/// Why `file` was refused, in one sentence of at most `MAX_LINE` characters: the first error (the
/// first issue when none is an error) with its cell, then how many more there are and the command
/// that lists them all. A long file name is shortened to its last component, then clipped, before
/// the problem is.
pub fn refusal_sentence(issues: &[Issue], file: &str) -> String {
    let first = validate::errors(issues).next().or(issues.first());
    let more = issues.len().saturating_sub(1);
    let base = std::path::Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or(file);
    let clipped = clip(base, super::bounds::MAX_ECHO);
    let names = [(file, file), (base, file), (base, base), (clipped.as_str(), clipped.as_str())];
    let parts = |(shown, command): (&str, &str)| {
        let head = format!("{shown} is not a playable level: ");
        let tail = if more > 0 {
            format!(", and {more} more: run `hollowdeep reactor --validate {command}`.")
        } else {
            ".".to_string()
        };
        let room = MAX_LINE.saturating_sub(head.chars().count() + tail.chars().count());
        (head, tail, room)
    };
    let (head, tail, room) = names
        .into_iter()
        .map(parts)
        .find(|(_, _, room)| *room >= MIN_CLAUSE)
        .unwrap_or_else(|| parts(names[3]));
    let clause = first.map_or_else(|| "it holds no level".to_string(), |i| i.clause(room));
    clip(&format!("{head}{clause}{tail}"), MAX_LINE)
}

/// The float as written: the shortest decimal that reads back as the same `f32`.
fn canon(x: f32) -> f64 {
    format!("{x}").parse::<f64>().unwrap_or(0.0)
}

pub fn to_file(level: &Level) -> LevelFile {
    let rows = (0..level.height())
        .map(|y| (0..level.width()).map(|x| if level.is_wall(Pos::new(x, y)) { '#' } else { '.' }).collect())
        .collect();
    let layer = |c: Carrier| {
        level.under[c as usize]
            .iter()
            .filter(|(_, u)| u.present())
            .map(|(p, u)| UnderFile {
                x: p.x,
                y: p.y,
                state: u.structure.name().into(),
                integrity: canon(u.integrity),
            })
            .collect()
    };
    let props = level.props.iter().map(prop_file).collect();
    let leaks = level
        .leaks
        .iter()
        .map(|l| LeakFile {
            carrier: l.carrier.name().into(),
            x: l.under.x,
            y: l.under.y,
            access: [l.access.x, l.access.y],
            repaired: l.repaired,
        })
        .collect();
    let surface = level
        .surface
        .iter()
        .filter(|(_, s)| !s.is_clear())
        .map(|(p, s)| SurfaceFile {
            x: p.x,
            y: p.y,
            fuel: canon(s.v[0]),
            water: canon(s.v[1]),
            electricity: canon(s.v[2]),
            heat: canon(s.v[3]),
            blocks: s.block,
        })
        .collect();
    LevelFile {
        format: FORMAT.into(),
        schema: SCHEMA,
        id: level.id.clone(),
        name: level.name.clone(),
        width: level.width(),
        height: level.height(),
        terrain: rows,
        underground: UndergroundFile {
            fuel: layer(Carrier::Fuel),
            coolant: layer(Carrier::Coolant),
            electricity: layer(Carrier::Electricity),
        },
        props,
        leaks,
        surface,
        robot: RobotFile {
            x: level.robot.pos.x,
            y: level.robot.pos.y,
            heat_immunity: level.robot.heat_immunity,
            terminal_active: level.robot.terminal_active,
        },
        inventory: level.inventory.iter().map(|i| i.name().to_string()).collect(),
        required: RequiredFile {
            fuel: level.required[0],
            coolant: level.required[1],
            electricity: level.required[2],
        },
        difficulty: level.difficulty.name().into(),
        dynamic: DynamicFile {
            status: level.status.name().into(),
            pulse: level.pulse,
            hazard_growing: level.hazard_growing,
            peak_heat: canon(level.peak_heat),
            remedies_used: level.remedies_used,
        },
        captions: level
            .captions
            .iter()
            .map(|c| CaptionFile { x: c.pos.x, y: c.pos.y, text: c.text.clone() })
            .collect(),
    }
}

fn prop_file(p: &Prop) -> PropFile {
    let mut f = PropFile { x: p.pos.x, y: p.pos.y, kind: p.kind.name().into(), ..Default::default() };
    match p.kind {
        PropKind::Flow { carrier, enabled } => {
            f.carrier = Some(carrier.name().into());
            f.enabled = Some(enabled);
        }
        PropKind::Valve { carrier, open } => {
            f.carrier = Some(carrier.name().into());
            f.open = Some(open);
        }
        PropKind::Consumer { enabled } => f.enabled = Some(enabled),
        PropKind::Junction { mode } => f.mode = Some(mode),
        PropKind::Door { open } => f.open = Some(open),
        PropKind::Supply { item, depleted } => {
            f.item = Some(item.name().into());
            f.depleted = Some(depleted);
        }
        PropKind::Sprinkler { enabled, outlet } => {
            f.enabled = Some(enabled);
            f.outlet = Some([outlet.x, outlet.y]);
        }
        PropKind::Terminal | PropKind::Reactor => {}
    }
    f
}

/// The canonical text: keys sorted (serde_json's map is ordered), two-space indent, final newline.
pub fn save(level: &Level) -> String {
    let value = serde_json::to_value(to_file(level)).unwrap_or(Value::Null);
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}

/// Migration hook: brings an older schema's JSON to the current one. Schema 1 is the first, so
/// nothing older exists yet; the hook is where a schema 2 would convert schema 1 files.
pub fn migrate(value: Value, from: u64) -> Result<Value, String> {
    match from {
        SCHEMA => Ok(value),
        other => Err(format!("schema {other} is not a known schema of this format")),
    }
}

fn err(kind: IssueKind, pos: Option<Pos>, msg: impl Into<String>) -> Issue {
    Issue::new(kind, pos, msg)
}

/// Loads level bytes: parse (a repeated key refused), check format and schema, migrate, check every
/// field by name and bound (`door`), convert, validate.
pub fn load(bytes: &[u8], b: &Balance) -> Loaded {
    let fail = |i: Issue| Loaded { level: None, issues: vec![i] };
    let value: Value = match super::schema_check::parse(bytes) {
        Ok(v) => v,
        Err(m) => return fail(err(IssueKind::Malformed, None, m)),
    };
    let Some(obj) = value.as_object() else {
        return fail(err(IssueKind::Malformed, None, "the file is not a JSON object"));
    };
    if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return fail(err(IssueKind::Malformed, None, format!("the file's \"format\" is not \"{FORMAT}\"")));
    }
    let Some(schema) = obj.get("schema").and_then(Value::as_u64) else {
        return fail(err(IssueKind::Malformed, None, "the file has no whole-number \"schema\""));
    };
    if schema > SCHEMA {
        return fail(err(
            IssueKind::Malformed,
            None,
            format!("the file uses schema {schema}, newer than schema {SCHEMA} that this version reads; update Hollowdeep"),
        ));
    }
    let value = match migrate(value, schema) {
        Ok(v) => v,
        Err(m) => return fail(err(IssueKind::Malformed, None, m)),
    };
    let issues = super::schema_check::check(&value, &Bounds::of(b), b.inventory_capacity);
    if !issues.is_empty() {
        return Loaded { level: None, issues };
    }
    let file: LevelFile = match serde_json::from_value(value) {
        Ok(f) => f,
        Err(e) => {
            let m = format!("the level data is malformed ({})", clip(&e.to_string(), 100));
            return fail(err(IssueKind::Malformed, None, m));
        }
    };
    from_file(&file, b)
}

/// Converts and validates a parsed file.
pub fn from_file(f: &LevelFile, b: &Balance) -> Loaded {
    let mut issues = Vec::new();
    let (w, h) = (f.width, f.height);
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        issues.push(err(
            IssueKind::InvalidDimensions,
            None,
            format!("the size {w}x{h} is outside 1..={MAX_SIDE}"),
        ));
        return Loaded { level: None, issues };
    }
    if f.terrain.len() != h as usize {
        issues.push(err(
            IssueKind::InvalidDimensions,
            None,
            format!("terrain has {} for a height of {h}", count_of(f.terrain.len(), "row", "rows")),
        ));
    }
    let mut level = Level::empty(&f.id, w, h);
    level.name = f.name.clone();
    level.captions =
        f.captions.iter().map(|c| Caption { pos: Pos::new(c.x, c.y), text: c.text.clone() }).collect();
    if f.id.is_empty() {
        issues.push(err(IssueKind::Malformed, None, "the level has no id"));
    }
    for (y, row) in f.terrain.iter().enumerate().take(h as usize) {
        if row.chars().count() != w as usize {
            issues.push(err(
                IssueKind::InvalidDimensions,
                Some(Pos::new(0, y as i32)),
                format!("row {y} has {} for a width of {w}", count_of(row.chars().count(), "cell", "cells")),
            ));
        }
        for (x, ch) in row.chars().enumerate().take(w as usize) {
            let p = Pos::new(x as i32, y as i32);
            match ch {
                '#' => level.terrain.set(p, Terrain::Wall),
                '.' => {}
                other => issues.push(err(
                    IssueKind::Malformed,
                    Some(p),
                    format!("unknown terrain character {other:?}"),
                )),
            }
        }
    }
    let inb = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
    let finite = |v: f64| v.is_finite() && v.abs() <= f32::MAX as f64;
    for (c, cells) in [
        (Carrier::Fuel, &f.underground.fuel),
        (Carrier::Coolant, &f.underground.coolant),
        (Carrier::Electricity, &f.underground.electricity),
    ] {
        for u in cells {
            let p = Pos::new(u.x, u.y);
            if !inb(u.x, u.y) {
                issues.push(err(
                    IssueKind::InvalidDimensions,
                    Some(p),
                    format!("a {} cell lies outside the map", c.name()),
                ));
                continue;
            }
            let structure = match u.state.as_str() {
                "intact" => Structure::Intact,
                "leaking" => Structure::Leaking,
                _ => {
                    issues.push(err(
                        IssueKind::Malformed,
                        Some(p),
                        format!("unknown {} cell state {}", c.name(), echo(&u.state)),
                    ));
                    continue;
                }
            };
            if !finite(u.integrity) || u.integrity < 0.0 || u.integrity > b.max_integrity as f64 {
                issues.push(err(
                    IssueKind::Malformed,
                    Some(p),
                    format!("integrity must lie in 0..={}", b.max_integrity),
                ));
                continue;
            }
            if level.under[c as usize].get(p).map(|x| x.present()).unwrap_or(false) {
                issues.push(err(
                    IssueKind::Malformed,
                    Some(p),
                    format!("two {} cells at one coordinate", c.name()),
                ));
            }
            level.under[c as usize]
                .set(p, Under { structure, amount: 0.0, intensity: 0.0, integrity: u.integrity as f32 });
        }
    }
    for pf in &f.props {
        match prop_from(pf) {
            Ok(kind) => {
                if !inb(pf.x, pf.y) {
                    issues.push(err(
                        IssueKind::PropTerrain,
                        Some(Pos::new(pf.x, pf.y)),
                        "a prop lies outside the map",
                    ));
                } else {
                    level.props.push(Prop::new(Pos::new(pf.x, pf.y), kind));
                }
            }
            Err(m) => issues.push(err(IssueKind::Malformed, Some(Pos::new(pf.x, pf.y)), m)),
        }
    }
    for lf in &f.leaks {
        let p = Pos::new(lf.x, lf.y);
        let Some(carrier) = Carrier::parse(&lf.carrier) else {
            issues.push(err(
                IssueKind::Malformed,
                Some(p),
                format!("unknown leak carrier {}", echo(&lf.carrier)),
            ));
            continue;
        };
        if !inb(lf.x, lf.y) || !inb(lf.access[0], lf.access[1]) {
            issues.push(err(IssueKind::LeakAccess, Some(p), "a leak or its access lies outside the map"));
            continue;
        }
        level.leaks.push(Leak {
            carrier,
            under: p,
            access: Pos::new(lf.access[0], lf.access[1]),
            repaired: lf.repaired,
        });
    }
    for sf in &f.surface {
        let p = Pos::new(sf.x, sf.y);
        if !inb(sf.x, sf.y) {
            issues.push(err(IssueKind::InvalidDimensions, Some(p), "a surface entry lies outside the map"));
            continue;
        }
        let vals = [sf.fuel, sf.water, sf.electricity, sf.heat];
        if vals.iter().any(|v| !finite(*v) || *v < 0.0 || *v > b.max_surface as f64) {
            issues.push(err(
                IssueKind::Malformed,
                Some(p),
                format!("surface values must lie in 0..={}", b.max_surface),
            ));
            continue;
        }
        level.surface.set(p, Surface { v: vals.map(|v| v as f32), block: sf.blocks });
    }
    level.robot = Robot {
        pos: Pos::new(f.robot.x, f.robot.y),
        heat_immunity: f.robot.heat_immunity,
        terminal_active: f.robot.terminal_active,
    };
    for name in &f.inventory {
        match Item::parse(name) {
            Some(i) => level.inventory.push(i),
            None => {
                issues.push(err(IssueKind::Malformed, None, format!("unknown inventory item {}", echo(name))))
            }
        }
    }
    level.required = [f.required.fuel, f.required.coolant, f.required.electricity];
    match Difficulty::parse(&f.difficulty) {
        Some(d) => level.difficulty = d,
        None => issues.push(err(
            IssueKind::Malformed,
            None,
            format!("unknown difficulty {}", echo(&f.difficulty)),
        )),
    }
    match Status::parse(&f.dynamic.status) {
        Some(s) => level.status = s,
        None => issues.push(err(
            IssueKind::Malformed,
            None,
            format!("unknown status {}", echo(&f.dynamic.status)),
        )),
    }
    level.pulse = f.dynamic.pulse;
    level.hazard_growing = f.dynamic.hazard_growing;
    level.peak_heat = if finite(f.dynamic.peak_heat) { f.dynamic.peak_heat.max(0.0) as f32 } else { 0.0 };
    level.remedies_used = f.dynamic.remedies_used;
    if issues.iter().any(|i| i.severity() == validate::Severity::Error) {
        return Loaded { level: None, issues };
    }
    issues.extend(validate::validate(&level, b));
    let ok = validate::errors(&issues).next().is_none();
    if ok {
        super::undo::refresh(&mut level, b);
    }
    Loaded { level: ok.then_some(level), issues }
}

fn prop_from(f: &PropFile) -> Result<PropKind, String> {
    let carrier = || {
        let s = f.carrier.as_deref().ok_or(format!("the {} prop needs a \"carrier\"", f.kind))?;
        Carrier::parse(s).ok_or(format!("unknown carrier {}", echo(s)))
    };
    let flag = |v: Option<bool>, name: &str| v.ok_or(format!("the {} prop needs {name:?}", f.kind));
    Ok(match f.kind.as_str() {
        "flow" => PropKind::Flow { carrier: carrier()?, enabled: flag(f.enabled, "enabled")? },
        "valve" => PropKind::Valve { carrier: carrier()?, open: flag(f.open, "open")? },
        "consumer" => PropKind::Consumer { enabled: flag(f.enabled, "enabled")? },
        "junction" => PropKind::Junction { mode: f.mode.ok_or("the junction prop needs \"mode\"")? },
        "door" => PropKind::Door { open: flag(f.open, "open")? },
        "terminal" => PropKind::Terminal,
        "supply" => {
            let s = f.item.as_deref().ok_or("the supply prop needs \"item\"")?;
            PropKind::Supply {
                item: Item::parse(s).ok_or(format!("unknown item {}", echo(s)))?,
                depleted: f.depleted.unwrap_or(false),
            }
        }
        "sprinkler" => {
            let o = f.outlet.ok_or("the sprinkler prop needs \"outlet\"")?;
            PropKind::Sprinkler { enabled: flag(f.enabled, "enabled")?, outlet: Pos::new(o[0], o[1]) }
        }
        "reactor" => PropKind::Reactor,
        // Only here can the kind be anything at all; the sentences above name known kinds.
        other => return Err(format!("unknown prop kind {}", echo(other))),
    })
}

/// Loads from a level that is already in memory through the file form (the save/load round trip).
pub fn round_trip(level: &Level, b: &Balance) -> Loaded {
    load(save(level).as_bytes(), b)
}
