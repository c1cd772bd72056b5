//! The one helper every reactor test goes through: inline ASCII maps in, games and levels out.

#![allow(dead_code)]

pub use hollowdeep::grid::{Facing, Pos};
pub use hollowdeep::reactor::level::{
    Carrier, Item, Level, LevelState, LossCause, PropKind, Quantity, Service, Status, Structure,
};
pub use hollowdeep::reactor::validate::IssueKind;
use hollowdeep::reactor::{hash, pulse, text, undo, validate};
pub use hollowdeep::reactor::{Balance, Command, Game, LeakAction, Outcome};

/// `assets/reactor/`, where the shipped levels, their solutions and the campaign live.
pub fn assets() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/reactor")
}

/// The shipped campaign manifest.
pub fn campaign() -> hollowdeep::reactor::campaign::Campaign {
    let text = std::fs::read_to_string(assets().join("campaign.json")).expect("the campaign manifest");
    hollowdeep::reactor::campaign::Campaign::parse(&text).expect("the campaign manifest parses")
}

/// The shipped level in `file` (under `assets/reactor/`), loaded without errors.
pub fn shipped(file: &str) -> Level {
    let bytes = std::fs::read(assets().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let loaded = hollowdeep::reactor::schema::load(&bytes, &bal());
    loaded.level.unwrap_or_else(|| panic!("{file} does not load: {:?}", loaded.issues))
}

/// A level file among the assets: JSON, and neither the campaign's list nor a solution.
pub fn is_level_file(path: &std::path::Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".json") && name != "campaign.json" && !name.ends_with(".solution.json")
}

/// Every level file under `assets/reactor/`, sorted by name.
pub fn level_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(assets())
        .expect("assets/reactor")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| is_level_file(p))
        .collect();
    files.sort();
    files
}

pub fn bal() -> Balance {
    Balance::normal()
}

/// Parses an inline map (see `reactor::text`); derived state is not yet computed.
pub fn raw(map: &str) -> Level {
    text::parse(map, &bal())
        .unwrap_or_else(|e| panic!("test map does not parse: line {}: {}", e.line, e.message))
}

/// Parses an inline map and computes its derived state.
pub fn level(map: &str) -> Level {
    let mut l = raw(map);
    undo::refresh(&mut l, &bal());
    l
}

pub fn game(map: &str) -> Game {
    Game::new(raw(map), bal())
}

/// Advances one pulse without a player action (a test tool, as the seed allows).
pub fn advance(g: &mut Game) {
    pulse::run(&mut g.level, &g.balance, pulse::Cascade::Skip);
    undo::refresh_forecasts(&mut g.level, &g.balance);
}

pub fn issues(map: &str) -> Vec<IssueKind> {
    validate::validate(&raw(map), &bal()).into_iter().map(|i| i.kind).collect()
}

pub fn under(l: &Level, c: Carrier, x: i32, y: i32) -> hollowdeep::reactor::level::Under {
    l.under_at(c, Pos::new(x, y))
}

pub fn val(l: &Level, q: Quantity, x: i32, y: i32) -> f32 {
    l.surface.get(Pos::new(x, y)).map(|s| s.get(q)).unwrap_or(0.0)
}

pub fn set(l: &mut Level, q: Quantity, x: i32, y: i32, v: f32) {
    l.surface.get_mut(Pos::new(x, y)).expect("in bounds").v[q as usize] = v;
}

pub fn prop(l: &Level, x: i32, y: i32) -> hollowdeep::reactor::level::Prop {
    l.props[l.prop_at(Pos::new(x, y)).expect("a prop at that cell")]
}

pub fn hash_of(l: &Level) -> u64 {
    hash::state_hash(l)
}

pub fn refused(o: &Outcome) -> bool {
    matches!(o, Outcome::Refused(_))
}

pub fn pulsed(o: &Outcome) -> bool {
    matches!(o, Outcome::Pulsed(_))
}

/// A representative value inside a band of a quantity (`lower` picks the lower half of the band).
pub fn in_band(b: &Balance, q: Quantity, band: hollowdeep::reactor::hazards::Band, lower: bool) -> f32 {
    use hollowdeep::reactor::hazards::Band;
    let (c, k) = (b.caution(q), b.critical(q));
    let (lo, hi) = match band {
        Band::Absent => return 0.0,
        Band::Safe => (0.0, c),
        Band::Caution => (c, k),
        Band::Critical => (k, b.max_surface),
    };
    if lower {
        lo + (hi - lo) * 0.25 + if band == Band::Safe { 0.1 } else { 0.0 }
    } else {
        lo + (hi - lo) * 0.75
    }
}

/// Equal up to f32 rounding of one addition (for values compared after `x + d - x`).
pub fn approx(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-5 * (1.0 + a.abs().max(b.abs()))
}

/// `hollowdeep reactor --validate PATH`, run as a player runs it.
pub fn validate_cli(path: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .arg("reactor")
        .arg("--validate")
        .arg(path)
        .output()
        .expect("runs")
}
