//! The level file's schema check, before the typed read: its JSON parsed with a repeated key refused anywhere
//! (serde_json's own `Value` keeps the last one silently), then every field checked by name: each
//! number whole or finite as its field needs and within its bound (`bounds`), each list no longer than
//! the map has room for, no key the format does not have and none it needs missing. A refusal so names
//! the field and, where its entry has one, the cell, where the typed read would only say "invalid type".

use super::bounds::{clip, echo, Bounds, MAX_CELLS, MAX_ECHO, MAX_SIDE};
use super::validate::{Issue, IssueKind};
use super::words::count_of;
use crate::grid::Pos;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::fmt;

/// Where a value sits in the file, written as a reader finds it: `robot.heat_immunity`,
/// `props[3].outlet[0]`. A chain on the stack, so naming a place costs nothing until a message needs it.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A hostile key could be any length; the place is only there to be found.
        let key = |k: &str| clip(k, MAX_ECHO);
        match self {
            Path::Root => f.write_str("the file"),
            Path::Key(Path::Root, k) => f.write_str(&key(k)),
            Path::Key(p, k) => write!(f, "{p}.{}", key(k)),
            Path::Index(p, i) => write!(f, "{p}[{i}]"),
        }
    }
}

/// Reads one JSON value into a `Value`, refusing an object that repeats a key.
struct Unique<'a>(Path<'a>);

impl<'de> DeserializeSeed<'de> for Unique<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(Unique(Path::Index(&self.0, out.len())))? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            if out.contains_key(&k) {
                let place = match self.0 {
                    Path::Root => "at the top level".to_string(),
                    p => format!("in {p}"),
                };
                return Err(de::Error::custom(format!("the key {} appears twice {place}", echo(&k))));
            }
            let v = map.next_value_seed(Unique(Path::Key(&self.0, &k)))?;
            out.insert(k, v);
        }
        Ok(Value::Object(out))
    }
}

/// The file's JSON as a `Value`; one short sentence when it is not JSON or repeats a key.
pub fn parse(bytes: &[u8]) -> Result<Value, String> {
    let mut d = serde_json::Deserializer::from_slice(bytes);
    let v = Unique(Path::Root).deserialize(&mut d).map_err(|e| describe(&e))?;
    d.end().map_err(|e| describe(&e))?;
    Ok(v)
}

/// serde_json's error in one short clause: our own refusals (a repeated key) as they are, its syntax
/// errors inside "not valid JSON", each with the line, and never longer than a line allows.
fn describe(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    let core = clip(text.strip_suffix(&at).unwrap_or(&text), 80);
    match e.classify() {
        serde_json::error::Category::Data => format!("{core} (line {})", e.line()),
        _ if e.line() > 0 => format!("the file is not valid JSON ({core} at line {})", e.line()),
        _ => format!("the file is not valid JSON ({core})"),
    }
}

/// What one field must hold.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Flag,
    /// A cell coordinate: any whole number an `i32` holds (off the map is the validator's to say, with
    /// the cell).
    Coord,
    Side,
    Whole(Whole),
    Real(Real),
    /// `[x, y]`.
    Pair,
    /// `[fuel, water, electricity]` remedy blocks.
    Blocks,
    /// Terrain rows: no more than the largest map has.
    Rows,
    /// Inventory items: no more than an inventory carries.
    Items,
    Object(&'static [Field]),
    /// A list of entries, at most this many per cell of the map.
    Entries(&'static [Field], usize),
}

#[derive(Clone, Copy)]
enum Whole {
    Schema,
    Mode,
    Immunity,
    Required,
    Count,
}

#[derive(Clone, Copy)]
enum Real {
    Integrity,
    Surface,
}

struct Field {
    key: &'static str,
    kind: Kind,
    needed: bool,
}

const fn need(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, needed: true }
}

const fn may(key: &'static str, kind: Kind) -> Field {
    Field { key, kind, needed: false }
}

const UNDER: &[Field] = &[
    need("x", Kind::Coord),
    need("y", Kind::Coord),
    need("state", Kind::Text),
    need("integrity", Kind::Real(Real::Integrity)),
];
const UNDERGROUND: &[Field] = &[
    need("fuel", Kind::Entries(UNDER, 1)),
    need("coolant", Kind::Entries(UNDER, 1)),
    need("electricity", Kind::Entries(UNDER, 1)),
];
const PROP: &[Field] = &[
    need("x", Kind::Coord),
    need("y", Kind::Coord),
    need("kind", Kind::Text),
    may("carrier", Kind::Text),
    may("enabled", Kind::Flag),
    may("open", Kind::Flag),
    may("mode", Kind::Whole(Whole::Mode)),
    may("item", Kind::Text),
    may("depleted", Kind::Flag),
    may("outlet", Kind::Pair),
];
const LEAK: &[Field] = &[
    need("carrier", Kind::Text),
    need("x", Kind::Coord),
    need("y", Kind::Coord),
    need("access", Kind::Pair),
    may("repaired", Kind::Flag),
];
const SURFACE: &[Field] = &[
    need("x", Kind::Coord),
    need("y", Kind::Coord),
    may("fuel", Kind::Real(Real::Surface)),
    may("water", Kind::Real(Real::Surface)),
    may("electricity", Kind::Real(Real::Surface)),
    may("heat", Kind::Real(Real::Surface)),
    may("blocks", Kind::Blocks),
];
const ROBOT: &[Field] = &[
    need("x", Kind::Coord),
    need("y", Kind::Coord),
    may("heat_immunity", Kind::Whole(Whole::Immunity)),
    may("terminal_active", Kind::Flag),
];
const REQUIRED: &[Field] = &[
    need("fuel", Kind::Whole(Whole::Required)),
    need("coolant", Kind::Whole(Whole::Required)),
    need("electricity", Kind::Whole(Whole::Required)),
];
const DYNAMIC: &[Field] = &[
    need("status", Kind::Text),
    need("pulse", Kind::Whole(Whole::Count)),
    need("hazard_growing", Kind::Flag),
    need("peak_heat", Kind::Real(Real::Surface)),
    need("remedies_used", Kind::Whole(Whole::Count)),
];
const CAPTION: &[Field] = &[need("x", Kind::Coord), need("y", Kind::Coord), need("text", Kind::Text)];
const LEVEL: &[Field] = &[
    need("format", Kind::Text),
    need("schema", Kind::Whole(Whole::Schema)),
    need("id", Kind::Text),
    may("name", Kind::Text),
    need("width", Kind::Side),
    need("height", Kind::Side),
    need("terrain", Kind::Rows),
    may("underground", Kind::Object(UNDERGROUND)),
    // One prop and one surface entry per cell; a leak per carrier (three networks lie under a cell).
    may("props", Kind::Entries(PROP, 1)),
    may("leaks", Kind::Entries(LEAK, 3)),
    may("surface", Kind::Entries(SURFACE, 1)),
    need("robot", Kind::Object(ROBOT)),
    may("inventory", Kind::Items),
    may("required", Kind::Object(REQUIRED)),
    may("difficulty", Kind::Text),
    may("dynamic", Kind::Object(DYNAMIC)),
    // One caption per cell at most (the validator also says where two share one).
    may("captions", Kind::Entries(CAPTION, 1)),
];

struct Check<'k> {
    k: &'k Bounds,
    /// Cells of this file's map (of the largest map when its size is not readable).
    cells: usize,
    inventory: usize,
    issues: Vec<Issue>,
}

/// Every problem of a level file's fields, checked by name (empty when the typed read will succeed
/// and every number lies within its bound). `inventory` is the balance's inventory capacity.
pub fn check(v: &Value, k: &Bounds, inventory: usize) -> Vec<Issue> {
    let Some(top) = v.as_object() else {
        return vec![Issue::new(IssueKind::Malformed, None, "the file is not a JSON object")];
    };
    let side = |key: &str| top.get(key).and_then(Value::as_u64).filter(|s| (1..=MAX_SIDE as u64).contains(s));
    let cells = match (side("width"), side("height")) {
        (Some(w), Some(h)) => (w * h) as usize,
        _ => MAX_CELLS,
    };
    let mut c = Check { k, cells, inventory, issues: Vec::new() };
    c.object(top, LEVEL, Path::Root, None);
    c.issues
}

/// The cell an entry names, when its `x` and `y` are coordinates.
fn cell_of(obj: &Map<String, Value>) -> Option<Pos> {
    let coord = |key: &str| obj.get(key).and_then(Value::as_i64).and_then(|n| i32::try_from(n).ok());
    Some(Pos::new(coord("x")?, coord("y")?))
}

/// A value as a refusal shows it: short.
fn shown(v: &Value) -> String {
    clip(&v.to_string(), MAX_ECHO + 2)
}

impl Check<'_> {
    fn push(&mut self, kind: IssueKind, pos: Option<Pos>, message: String) {
        self.issues.push(Issue::new(kind, pos, message));
    }

    fn object(&mut self, obj: &Map<String, Value>, spec: &[Field], path: Path<'_>, pos: Option<Pos>) {
        for (key, v) in obj {
            let here = Path::Key(&path, key);
            match spec.iter().find(|f| f.key == key) {
                Some(f) => self.value(v, f.kind, here, pos),
                None => {
                    self.push(IssueKind::Malformed, pos, format!("{here} is not a field of a level file"))
                }
            }
        }
        for f in spec.iter().filter(|f| f.needed && !obj.contains_key(f.key)) {
            self.push(IssueKind::Malformed, pos, format!("{} is missing", Path::Key(&path, f.key)));
        }
    }

    fn value(&mut self, v: &Value, kind: Kind, path: Path<'_>, pos: Option<Pos>) {
        match kind {
            Kind::Text if !v.is_string() => {
                self.push(IssueKind::Malformed, pos, format!("{path} must be text, not {}", shown(v)))
            }
            Kind::Flag if !v.is_boolean() => self.push(
                IssueKind::Malformed,
                pos,
                format!("{path} must be true or false, not {}", shown(v)),
            ),
            Kind::Text | Kind::Flag => {}
            Kind::Coord => {
                if v.as_i64().and_then(|n| i32::try_from(n).ok()).is_none() {
                    let m = format!("{path} must be a cell coordinate (a whole number), not {}", shown(v));
                    self.push(IssueKind::Malformed, pos, m);
                }
            }
            Kind::Side => self.whole(v, 1, MAX_SIDE as u64, IssueKind::InvalidDimensions, path, pos),
            Kind::Whole(w) => {
                let max = match w {
                    Whole::Schema => u64::MAX,
                    Whole::Mode => self.k.mode as u64,
                    Whole::Immunity => self.k.heat_immunity as u64,
                    Whole::Required => self.k.required as u64,
                    Whole::Count => super::bounds::MAX_COUNT as u64,
                };
                self.whole(v, 0, max, IssueKind::Malformed, path, pos);
            }
            Kind::Real(r) => {
                let max = match r {
                    Real::Integrity => self.k.integrity,
                    Real::Surface => self.k.surface,
                } as f64;
                if !v.as_f64().is_some_and(|x| (0.0..=max).contains(&x)) {
                    let m = format!("{path} must be a number in 0..={max}, not {}", shown(v));
                    self.push(IssueKind::Malformed, pos, m);
                }
            }
            Kind::Pair => match v.as_array() {
                Some(a) if a.len() == 2 => {
                    for (i, x) in a.iter().enumerate() {
                        self.value(x, Kind::Coord, Path::Index(&path, i), pos);
                    }
                }
                _ => self.push(
                    IssueKind::Malformed,
                    pos,
                    format!("{path} must be a cell [x, y], not {}", shown(v)),
                ),
            },
            Kind::Blocks => match v.as_array() {
                Some(a) if a.len() == 3 => {
                    for (i, x) in a.iter().enumerate() {
                        let max = self.k.block as u64;
                        self.whole(x, 0, max, IssueKind::Malformed, Path::Index(&path, i), pos);
                    }
                }
                _ => {
                    let m = format!("{path} must be three whole numbers [fuel, water, electricity]");
                    self.push(IssueKind::Malformed, pos, m);
                }
            },
            Kind::Rows => {
                let most = format!("the {MAX_SIDE} rows of the largest map");
                self.texts(v, MAX_SIDE as usize, &most, path)
            }
            Kind::Items => {
                let most = format!("the {} an inventory carries", count_of(self.inventory, "item", "items"));
                self.texts(v, self.inventory, &most, path)
            }
            Kind::Object(spec) => match v.as_object() {
                Some(o) => self.object(o, spec, path, cell_of(o)),
                None => self.push(
                    IssueKind::Malformed,
                    pos,
                    format!("{path} must be an object, not {}", shown(v)),
                ),
            },
            Kind::Entries(spec, per_cell) => {
                let Some(a) = v.as_array() else {
                    return self.push(
                        IssueKind::Malformed,
                        None,
                        format!("{path} must be a list, not {}", shown(v)),
                    );
                };
                let most = self.cells * per_cell;
                if a.len() > most {
                    let m = format!(
                        "{path} has {}, more than the {most} the map has room for",
                        count_of(a.len(), "entry", "entries")
                    );
                    return self.push(IssueKind::InvalidDimensions, None, m);
                }
                for (i, e) in a.iter().enumerate() {
                    let here = Path::Index(&path, i);
                    match e.as_object() {
                        Some(o) => self.object(o, spec, here, cell_of(o)),
                        None => self.push(
                            IssueKind::Malformed,
                            None,
                            format!("{here} must be an object, not {}", shown(e)),
                        ),
                    }
                }
            }
        }
    }

    fn whole(&mut self, v: &Value, min: u64, max: u64, kind: IssueKind, path: Path<'_>, pos: Option<Pos>) {
        if !v.as_u64().is_some_and(|n| (min..=max).contains(&n)) {
            self.push(kind, pos, format!("{path} must be a whole number in {min}..={max}, not {}", shown(v)));
        }
    }

    fn texts(&mut self, v: &Value, most: usize, what: &str, path: Path<'_>) {
        let Some(a) = v.as_array() else {
            return self.push(
                IssueKind::Malformed,
                None,
                format!("{path} must be a list of text, not {}", shown(v)),
            );
        };
        if a.len() > most {
            let m = format!("{path} has {}, more than {what}", count_of(a.len(), "entry", "entries"));
            return self.push(IssueKind::Malformed, None, m);
        }
        for (i, x) in a.iter().enumerate() {
            if !x.is_string() {
                let m = format!("{} must be text, not {}", Path::Index(&path, i), shown(x));
                self.push(IssueKind::Malformed, None, m);
            }
        }
    }
}
