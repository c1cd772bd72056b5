//! Validation: every error and warning of the seed's two lists, each with its cell and one sentence.
//! Errors block play and save; warnings show, identical ones as one issue listing their cells.

use super::balance::Balance;
use super::bounds::{clip, Bounds, MAX_CAPTION, MAX_COUNT, MAX_LINE};
use super::hazards;
use super::level::{Carrier, Item, Level, PropKind, Quantity, Service, Status, Structure};
use super::network;
use super::words::{count, count_of};
use crate::grid::flood::distances;
use crate::grid::{Facing, Grid, Pos};
use std::collections::BTreeMap;

/// A grouped issue's line names at most this many of its cells, then counts the rest: the line stays
/// readable and short however many cells share the problem.
pub const SHOWN_CELLS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// The kind of a validation issue, one per entry of the seed's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum IssueKind {
    // Errors.
    InvalidDimensions,
    RobotPlacement,
    WallHazard,
    PropTerrain,
    RequiredCounts,
    DoorCell,
    DoorWithoutElectricity,
    LeakAccess,
    SprinklerOutlet,
    SprinklerWithoutCoolant,
    ValveCarrier,
    JunctionCarrier,
    JunctionAmbiguous,
    JunctionLoop,
    /// A playing level whose floor already holds terminal heat: it would be lost before any action.
    TerminalHeat,
    /// A caption off the map, on a cell that already has one, empty, or longer than one line holds.
    Caption,
    Malformed,
    // Warnings.
    UnreachableConsumer,
    NoSourcePath,
    StarvedRequiredConsumer,
    UnreadyReactor,
    ValveNoDistinction,
    UnusedSupply,
    SprinklerNoTarget,
    HazardWithoutRemedy,
    BranchMerge,
}

impl IssueKind {
    pub fn severity(self) -> Severity {
        if self >= IssueKind::UnreachableConsumer {
            Severity::Warning
        } else {
            Severity::Error
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Issue {
    pub kind: IssueKind,
    /// The issue's cell (the first of `cells`), or `None` when it concerns the level as a whole.
    pub pos: Option<Pos>,
    /// Every cell with this same problem, `pos` first; empty exactly when `pos` is `None`. A strip of
    /// hazards is one warning here, not one per cell, and the editor still outlines each cell.
    pub cells: Vec<Pos>,
    pub message: String,
}

impl Issue {
    /// The message is clipped to a line's length here, so that no issue carries a file's bulk onward.
    pub fn new(kind: IssueKind, pos: Option<Pos>, message: impl Into<String>) -> Self {
        let message = message.into();
        let message = if message.chars().count() > MAX_LINE { clip(&message, MAX_LINE) } else { message };
        Self { kind, pos, cells: pos.into_iter().collect(), message }
    }

    /// Whether the issue concerns cell `p`.
    pub fn at(&self, p: Pos) -> bool {
        self.cells.contains(&p)
    }

    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }

    fn word(&self) -> &'static str {
        match self.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }

    /// One line of at most `MAX_LINE` characters: severity, cell, message; for several cells the
    /// message, then their count and the first few ("…, at 13 cells: (3, 4), (4, 4) and 11 more").
    pub fn line(&self) -> String {
        let sev = self.word();
        let line = match (self.pos, self.cells.len()) {
            (Some(_), n) if n > 1 => {
                let head = format!("{sev}: {}, at {n} cells: ", self.message);
                let room = MAX_LINE.saturating_sub(head.chars().count());
                format!("{head}{}", cell_list(&self.cells, room))
            }
            (Some(p), _) => format!("{sev} at ({}, {}): {}", p.x, p.y, self.message),
            (None, _) => format!("{sev}: {}", self.message),
        };
        clip(&line, MAX_LINE)
    }

    /// The line for one of the issue's cells (the inspector's): "warning at (x, y): message", with
    /// how many other cells share it.
    pub fn line_at(&self, p: Pos) -> String {
        let others = self.cells.len().saturating_sub(1);
        let line = if others == 0 {
            format!("{} at ({}, {}): {}", self.word(), p.x, p.y, self.message)
        } else {
            let more = count_of(others, "other cell", "other cells");
            format!("{} at ({}, {}): {} (and {more})", self.word(), p.x, p.y, self.message)
        };
        clip(&line, MAX_LINE)
    }

    /// The issue inside a sentence: "at (x, y), message" (or the message alone), at most `max`
    /// characters.
    pub fn clause(&self, max: usize) -> String {
        let clause = match (self.pos, self.cells.len()) {
            (Some(p), n) if n > 1 => {
                let more = count_of(n - 1, "other cell", "other cells");
                format!("at ({}, {}) and {more}, {}", p.x, p.y, self.message)
            }
            (Some(p), _) => format!("at ({}, {}), {}", p.x, p.y, self.message),
            (None, _) => self.message.clone(),
        };
        clip(&clause, max)
    }
}

/// "(3, 4), (4, 4) and 11 more": at most `SHOWN_CELLS` cells, fewer when `room` characters cannot hold
/// them with the count of the rest.
fn cell_list(cells: &[Pos], room: usize) -> String {
    let name = |p: &Pos| format!("({}, {})", p.x, p.y);
    let mut shown = cells.len().min(SHOWN_CELLS);
    loop {
        let mut text = cells[..shown].iter().map(name).collect::<Vec<_>>().join(", ");
        if shown < cells.len() {
            let rest = format!("{} more", cells.len() - shown);
            text = if shown == 0 { rest } else { format!("{text} and {rest}") };
        }
        if shown == 0 || text.chars().count() <= room {
            return text;
        }
        shown -= 1;
    }
}

/// Identical issues (the same kind and sentence) become one that lists every cell, in the order they
/// were found: a problem shared by a strip of cells is one line to read, not one per cell.
fn grouped(found: Vec<Issue>) -> Vec<Issue> {
    let mut out: Vec<Issue> = Vec::new();
    let mut first: BTreeMap<(IssueKind, bool, String), usize> = BTreeMap::new();
    for issue in found {
        let key = (issue.kind, issue.pos.is_some(), issue.message.clone());
        match first.get(&key) {
            Some(&k) => out[k].cells.extend(issue.cells),
            None => {
                first.insert(key, out.len());
                out.push(issue);
            }
        }
    }
    out
}

pub fn errors(issues: &[Issue]) -> impl Iterator<Item = &Issue> {
    issues.iter().filter(|i| i.severity() == Severity::Error)
}

/// Validates a whole level (its derived values are recomputed on a copy).
pub fn validate(level: &Level, b: &Balance) -> Vec<Issue> {
    let mut v = Vec::new();
    let (w, h) = (level.width(), level.height());
    if w < 1 || h < 1 || w > super::bounds::MAX_SIDE || h > super::bounds::MAX_SIDE {
        v.push(Issue::new(
            IssueKind::InvalidDimensions,
            None,
            format!("the size {w}x{h} is outside 1..={}", super::bounds::MAX_SIDE),
        ));
        return v;
    }
    let r = level.robot.pos;
    if !level.is_floor(r) {
        v.push(Issue::new(
            IssueKind::RobotPlacement,
            Some(r),
            "the robot must start on a floor cell inside the map",
        ));
    }
    for (p, s) in level.surface.iter() {
        if level.is_wall(p) && !s.is_clear() {
            v.push(Issue::new(IssueKind::WallHazard, Some(p), "a wall cell holds surface values"));
        }
    }
    // Terminal heat is checked after every step, so a level can only reach it by losing; one that
    // starts there would be lost before the player acts, and is refused instead.
    if level.status == Status::Playing {
        for (p, s) in level.surface.iter() {
            let heat = s.get(Quantity::Heat);
            if level.is_floor(p) && heat >= b.terminal_heat {
                let m = format!("the heat {heat} already reaches the terminal heat {}", b.terminal_heat);
                let m = format!("{m}, so the level would be lost before the first action");
                v.push(Issue::new(IssueKind::TerminalHeat, Some(p), m));
            }
        }
    }
    props_checks(level, b, &mut v);
    leak_checks(level, &mut v);
    bound_checks(level, b, &mut v);
    caption_checks(level, &mut v);
    if level.inventory.len() > b.inventory_capacity {
        v.push(Issue::new(
            IssueKind::Malformed,
            None,
            format!("the inventory holds more than {}", count_of(b.inventory_capacity, "item", "items")),
        ));
    }
    // Required counts: no more than the consumers that could ever produce that carrier.
    for c in Carrier::ALL {
        let possible = level
            .props
            .iter()
            .filter(|p| matches!(p.kind, PropKind::Consumer { .. }) && level.under_at(c, p.pos).present())
            .count() as u32;
        if level.required[c as usize] > possible {
            v.push(Issue::new(IssueKind::RequiredCounts, None, {
                let n = level.required[c as usize];
                let (one, many) = (format!("{} consumer", c.name()), format!("{} consumers", c.name()));
                let is = if n == 1 { "is" } else { "are" };
                let stand = if possible == 1 { "stands" } else { "stand" };
                format!("{} {is} required but only {possible} {stand} on that network", count(n, &one, &many))
            }));
        }
    }
    junction_checks(level, b, &mut v);
    // Warnings are listed beside errors (an author fixes both at once); they only need every
    // position the level names to lie on the map, since they walk it and propagate its networks.
    if every_position_on_the_map(level) {
        let mut found = Vec::new();
        warnings(level, b, &mut found);
        v.extend(grouped(found));
    }
    v
}

/// Whether the robot, every prop (and a sprinkler's outlet) and every leak's cells lie on the map.
fn every_position_on_the_map(level: &Level) -> bool {
    let on = |p: Pos| level.terrain.in_bounds(p);
    let outlets_on = level.props.iter().all(|prop| match prop.kind {
        PropKind::Sprinkler { outlet, .. } => on(outlet),
        _ => true,
    });
    on(level.robot.pos)
        && outlets_on
        && level.props.iter().all(|prop| on(prop.pos))
        && level.leaks.iter().all(|l| on(l.under) && on(l.access))
}

fn props_checks(level: &Level, b: &Balance, v: &mut Vec<Issue>) {
    // A grid of taken cells keeps this linear: a hostile file may hold a prop on every cell.
    let mut taken = Grid::filled(level.width(), level.height(), false);
    for (k, prop) in level.props.iter().enumerate() {
        let p = prop.pos;
        let twice = match taken.get_mut(p) {
            Some(t) => std::mem::replace(t, true),
            None => level.props[..k].iter().any(|o| o.pos == p),
        };
        if twice {
            v.push(Issue::new(IssueKind::Malformed, Some(p), "two props stand on one cell"));
        }
        let wall_mounted = matches!(prop.kind, PropKind::Sprinkler { .. });
        if !level.terrain.in_bounds(p) || level.is_wall(p) != wall_mounted {
            let want = if wall_mounted { "a wall" } else { "a floor cell" };
            v.push(Issue::new(
                IssueKind::PropTerrain,
                Some(p),
                format!("a {} prop must stand on {want}", prop.kind.name()),
            ));
            continue;
        }
        match prop.kind {
            PropKind::Flow { carrier, .. } if !level.under_at(carrier, p).present() => v.push(Issue::new(
                IssueKind::Malformed,
                Some(p),
                format!("the {} flow prop has no {} cell beneath it", carrier.name(), carrier.name()),
            )),
            PropKind::Valve { carrier, .. } if !level.under_at(carrier, p).present() => v.push(Issue::new(
                IssueKind::ValveCarrier,
                Some(p),
                format!("the isolation valve has no {} cell beneath it", carrier.name()),
            )),
            PropKind::Junction { mode } => {
                if level.carriers_at(p).len() != 1 {
                    v.push(Issue::new(
                        IssueKind::JunctionCarrier,
                        Some(p),
                        "a junction needs exactly one underground carrier",
                    ));
                }
                if mode as usize >= b.junction_modes.len() {
                    v.push(Issue::new(
                        IssueKind::Malformed,
                        Some(p),
                        format!("junction ratio mode {mode} does not exist"),
                    ));
                }
            }
            PropKind::Door { .. } => {
                if hazards::door_axis(level, p).is_none() {
                    v.push(Issue::new(
                        IssueKind::DoorCell,
                        Some(p),
                        "a door needs exactly one pair of opposing walls",
                    ));
                }
                if !level.under_at(Carrier::Electricity, p).present() {
                    v.push(Issue::new(
                        IssueKind::DoorWithoutElectricity,
                        Some(p),
                        "a door needs an electricity cell beneath it",
                    ));
                }
            }
            PropKind::Sprinkler { outlet, .. } => {
                let floors: Vec<Pos> = p.neighbours4().into_iter().filter(|q| level.is_floor(*q)).collect();
                if floors.len() != 1 || floors[0] != outlet {
                    v.push(Issue::new(
                        IssueKind::SprinklerOutlet,
                        Some(p),
                        "a sprinkler valve needs exactly one adjacent floor cell, and it must be its outlet",
                    ));
                }
                if !level.under_at(Carrier::Coolant, p).present() {
                    v.push(Issue::new(
                        IssueKind::SprinklerWithoutCoolant,
                        Some(p),
                        "a sprinkler valve needs a coolant cell beneath its wall",
                    ));
                }
            }
            _ => {}
        }
    }
}

fn leak_checks(level: &Level, v: &mut Vec<Issue>) {
    // Open leaks per carrier and cell, so that neither check below walks every leak per leak or cell.
    let mut open: [Grid<bool>; 3] =
        std::array::from_fn(|_| Grid::filled(level.width(), level.height(), false));
    for (k, l) in level.leaks.iter().enumerate() {
        let u = level.under_at(l.carrier, l.under);
        let ok_cell = u.present() && (l.repaired || u.structure == Structure::Leaking);
        let ok_access = match l.carrier {
            Carrier::Fuel | Carrier::Coolant => l.access == l.under && level.is_floor(l.under),
            Carrier::Electricity => {
                level.is_wall(l.under) && l.under.manhattan(l.access) == 1 && level.is_floor(l.access)
            }
        };
        if !ok_cell || !ok_access {
            let why = if !ok_cell {
                "the leak's underground cell is absent or not leaking"
            } else if l.carrier == Carrier::Electricity {
                "an electricity leak lies in a wall with one adjacent floor emission face"
            } else {
                "a fuel or coolant leak lies under a floor cell and is reached from that cell"
            };
            v.push(Issue::new(IssueKind::LeakAccess, Some(l.under), why));
        }
        let dup = !l.repaired
            && match open[l.carrier as usize].get_mut(l.under) {
                Some(o) => std::mem::replace(o, true),
                None => level.leaks[..k]
                    .iter()
                    .any(|o| o.carrier == l.carrier && o.under == l.under && !o.repaired),
            };
        if dup {
            v.push(Issue::new(
                IssueKind::Malformed,
                Some(l.under),
                "two open leaks share one underground cell",
            ));
        }
    }
    for c in Carrier::ALL {
        for (p, u) in level.under[c as usize].iter() {
            if u.structure == Structure::Leaking && open[c as usize].get(p) != Some(&true) {
                v.push(Issue::new(
                    IssueKind::LeakAccess,
                    Some(p),
                    format!("a leaking {} cell has no leak record", c.name()),
                ));
            }
        }
    }
}

/// Every number a level holds lies within its bound (`bounds`): the loader checks a file's fields by
/// name before this, so these catch a level built otherwise (the text form, the editor, a test).
/// Each caption names a cell of the map (one caption a cell) and holds one short line of text.
fn caption_checks(level: &Level, v: &mut Vec<Issue>) {
    for (k, c) in level.captions.iter().enumerate() {
        let (p, n) = (c.pos, c.text.chars().count());
        let m = if !level.terrain.in_bounds(p) {
            format!(
                "a caption points at ({}, {}), off the {}x{} map",
                p.x,
                p.y,
                level.width(),
                level.height()
            )
        } else if level.captions[..k].iter().any(|o| o.pos == p) {
            "two captions point at one cell".to_string()
        } else if c.text.trim().is_empty() {
            "a caption has no text".to_string()
        } else if n > MAX_CAPTION {
            format!("a caption's text has {n} characters, more than the {MAX_CAPTION} one line beside a cell holds")
        } else if c.text.chars().any(char::is_control) {
            "a caption's text holds a line break or another control character".to_string()
        } else {
            continue;
        };
        v.push(Issue::new(IssueKind::Caption, level.terrain.in_bounds(p).then_some(p), m));
    }
}

fn bound_checks(level: &Level, b: &Balance, v: &mut Vec<Issue>) {
    let k = Bounds::of(b);
    let real = |x: f32, max: f32| x.is_finite() && (0.0..=max).contains(&x);
    let r = &level.robot;
    if r.heat_immunity > k.heat_immunity {
        let m = format!(
            "the robot's heat immunity {} is more than the {} a heat shield gives",
            r.heat_immunity,
            count(k.heat_immunity, "step", "steps")
        );
        v.push(Issue::new(IssueKind::Malformed, Some(r.pos), m));
    }
    for (name, n) in [("pulse count", level.pulse), ("count of remedies used", level.remedies_used)] {
        if n > MAX_COUNT {
            v.push(Issue::new(
                IssueKind::Malformed,
                None,
                format!("the {name} {n} is more than {MAX_COUNT}"),
            ));
        }
    }
    if !real(level.peak_heat, k.surface) {
        let m = format!("the peak heat {} is not a number in 0..={}", level.peak_heat, k.surface);
        v.push(Issue::new(IssueKind::Malformed, None, m));
    }
    for (p, s) in level.surface.iter() {
        for q in Quantity::ALL {
            if !real(s.get(q), k.surface) {
                let m = format!("the {} value {} is not a number in 0..={}", q.name(), s.get(q), k.surface);
                v.push(Issue::new(IssueKind::Malformed, Some(p), m));
            }
        }
        for (q, n) in Quantity::ALL.into_iter().zip(s.block) {
            if n > k.block {
                let m = format!(
                    "the {} remedy block of {} is more than {}",
                    q.name(),
                    count(n, "pulse", "pulses"),
                    k.block
                );
                v.push(Issue::new(IssueKind::Malformed, Some(p), m));
            }
        }
    }
    for c in Carrier::ALL {
        for (p, u) in level.under[c as usize].iter() {
            if u.present() && !real(u.integrity, k.integrity) {
                let m = format!(
                    "the {} cell's integrity {} is not a number in 0..={}",
                    c.name(),
                    u.integrity,
                    k.integrity
                );
                v.push(Issue::new(IssueKind::Malformed, Some(p), m));
            }
        }
    }
}

fn junction_checks(level: &Level, b: &Balance, v: &mut Vec<Issue>) {
    for c in Carrier::ALL {
        let flow = network::flow_carrier(level, c, b, true);
        for prop in &level.props {
            let PropKind::Junction { .. } = prop.kind else { continue };
            if level.carriers_at(prop.pos) != [c] {
                continue;
            }
            let p = prop.pos;
            let branches = Facing::ALL.iter().filter(|f| level.under_at(c, p.step(**f)).present()).count();
            if !(3..=4).contains(&branches) {
                v.push(Issue::new(
                    IssueKind::JunctionAmbiguous,
                    Some(p),
                    format!(
                        "a junction needs one incoming and two or three outgoing branches, it has {}",
                        count_of(branches, "branch", "branches")
                    ),
                ));
                continue;
            }
            let Some(i) = level.under[c as usize].index(p) else { continue };
            let mask = flow.offers.iter().find(|(j, _)| *j == i).map(|(_, m)| *m).unwrap_or(0);
            if mask.count_ones() > 1 {
                v.push(Issue::new(
                    IssueKind::JunctionLoop,
                    Some(p),
                    "flow reaches this junction from more than one branch (a loop or equal sources)",
                ));
            }
        }
    }
}

fn warnings(level: &Level, b: &Balance, v: &mut Vec<Issue>) {
    let mut l = level.clone();
    super::network::propagate(&mut l, b);
    let reach = distances(l.width(), l.height(), l.robot.pos, |p| l.is_floor(p));
    let reachable = |p: Pos| reach.get(p).copied().flatten().is_some();
    for prop in &l.props {
        if let PropKind::Consumer { .. } = prop.kind {
            let required = l.carriers_at(prop.pos).iter().any(|c| l.required[*c as usize] > 0);
            if !required && !reachable(prop.pos) {
                v.push(Issue::new(
                    IssueKind::UnreachableConsumer,
                    Some(prop.pos),
                    "a consumer lies out of the robot's reach",
                ));
            }
            for c in Carrier::ALL {
                if l.required[c as usize] > 0 && prop.service[c as usize] == Service::Starved {
                    v.push(Issue::new(
                        IssueKind::StarvedRequiredConsumer,
                        Some(prop.pos),
                        format!("a consumer starts starved of required {}", c.name()),
                    ));
                }
            }
        }
    }
    for c in Carrier::ALL {
        let sourced = network::source_reach(&l, c);
        for (i, u) in l.under[c as usize].as_slice().iter().enumerate() {
            if u.present() && !sourced[i] {
                let p = l.under[c as usize].pos_of(i);
                v.push(Issue::new(
                    IssueKind::NoSourcePath,
                    Some(p),
                    format!("{} {} cell has no path to a source", a(c.name()), c.name()),
                ));
            }
        }
    }
    merge_warnings(&l, v);
    if !super::state::readiness(&l, b) {
        let pos = l.props.iter().find(|p| matches!(p.kind, PropKind::Reactor)).map(|p| p.pos);
        v.push(Issue::new(IssueKind::UnreadyReactor, pos, "the reactor is not ready at the start"));
    }
    for (k, prop) in l.props.iter().enumerate() {
        match prop.kind {
            PropKind::Valve { carrier, .. } => {
                let mut open = l.props.clone();
                let mut shut = l.props.clone();
                if let PropKind::Valve { open: o, .. } = &mut open[k].kind {
                    *o = true;
                }
                if let PropKind::Valve { open: o, .. } = &mut shut[k].kind {
                    *o = false;
                }
                let a = network::flow_with(&l, &open, carrier, b, false);
                let z = network::flow_with(&l, &shut, carrier, b, false);
                let own = l.under[carrier as usize].index(prop.pos).unwrap_or(usize::MAX);
                let differs = a
                    .intensity
                    .iter()
                    .zip(z.intensity.iter())
                    .enumerate()
                    .any(|(i, (x, y))| i != own && (*x > 0.0) != (*y > 0.0));
                if !differs {
                    v.push(Issue::new(
                        IssueKind::ValveNoDistinction,
                        Some(prop.pos),
                        "closing an isolation valve cuts nothing off: it has no upstream/downstream distinction",
                    ));
                }
            }
            PropKind::Supply { item, depleted: false } => {
                let useful = match item {
                    Item::HeatShield => l.surface.as_slice().iter().any(|s| s.v[3] > 0.0 || s.v[0] > 0.0),
                    Item::FuelNeutralizer => element_present(&l, Carrier::Fuel),
                    Item::CoolantNeutralizer => element_present(&l, Carrier::Coolant),
                    Item::ElectricityNeutralizer => element_present(&l, Carrier::Electricity),
                };
                if !useful || !reachable(prop.pos) {
                    let item = item.name().replace('_', " ");
                    let m = if useful {
                        format!("the robot cannot reach {} {item} supply", a(&item))
                    } else {
                        format!("nothing in the level calls for {} {item} supply", a(&item))
                    };
                    v.push(Issue::new(IssueKind::UnusedSupply, Some(prop.pos), m));
                }
            }
            PropKind::Sprinkler { outlet, .. } => {
                let r = b.usefulness_radius;
                let near =
                    l.surface.iter().any(|(p, s)| p.manhattan(outlet) <= r && (s.v[0] > 0.0 || s.v[3] > 0.0))
                        || l.leaks
                            .iter()
                            .any(|lk| lk.carrier == Carrier::Fuel && lk.access.manhattan(outlet) <= r);
                if !near {
                    v.push(Issue::new(
                        IssueKind::SprinklerNoTarget,
                        Some(prop.pos),
                        "no fuel or heat lies near a sprinkler valve's outlet",
                    ));
                }
            }
            _ => {}
        }
    }
    for (p, s) in l.surface.iter() {
        for (q, item) in [
            (Quantity::Fuel, Item::FuelNeutralizer),
            (Quantity::Electricity, Item::ElectricityNeutralizer),
            (Quantity::Heat, Item::HeatShield),
        ] {
            if hazards::band(b, q, s.get(q)) < hazards::Band::Caution {
                continue;
            }
            let supply = l
                .props
                .iter()
                .any(|pr| matches!(pr.kind, PropKind::Supply { item: i, depleted: false } if i == item));
            let carried = l.inventory.contains(&item);
            let sprinkler = q != Quantity::Electricity
                && l.props.iter().any(|pr| matches!(pr.kind, PropKind::Sprinkler { .. }));
            if !supply && !carried && !sprinkler {
                v.push(Issue::new(
                    IssueKind::HazardWithoutRemedy,
                    Some(p),
                    format!(
                        "{} {} hazard has no remedy supply or sprinkler in the level",
                        a(q.name()),
                        q.name()
                    ),
                ));
            }
        }
    }
}

/// REACTOR.md's merge warning, read as: one connected component of a carrier (4-adjacent present
/// cells, valve state ignored) that holds two or more of that carrier's flow props, so branches the
/// author may have meant as separate networks merge by adjacency. Reported once per component, at the
/// first cell (row-major) where the regions grown breadth-first from different sources touch.
fn merge_warnings(level: &Level, v: &mut Vec<Issue>) {
    for c in Carrier::ALL {
        let grid = &level.under[c as usize];
        let n = grid.as_slice().len();
        let present = |j: usize| grid.as_slice()[j].present();
        let mut owner: Vec<Option<usize>> = vec![None; n];
        let mut queue = std::collections::VecDeque::new();
        for prop in &level.props {
            let PropKind::Flow { carrier, .. } = prop.kind else { continue };
            let Some(i) = grid.index(prop.pos) else { continue };
            if carrier == c && present(i) && owner[i].is_none() {
                owner[i] = Some(i);
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            for q in grid.pos_of(i).neighbours4() {
                if let Some(j) = grid.index(q) {
                    if present(j) && owner[j].is_none() {
                        owner[j] = owner[i];
                        queue.push_back(j);
                    }
                }
            }
        }
        // Each meeting joins the components of its two sources; report the first meeting per component.
        let mut reported: Vec<usize> = Vec::new();
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], mut x: usize) -> usize {
            while root[x] != x {
                root[x] = root[root[x]];
                x = root[x];
            }
            x
        }
        let mut meetings: Vec<(usize, usize, usize)> = Vec::new();
        for i in 0..n {
            let Some(a) = owner[i] else { continue };
            for q in grid.pos_of(i).neighbours4() {
                let Some(j) = grid.index(q) else { continue };
                if let Some(b) = owner[j] {
                    if a != b {
                        meetings.push((i, a, b));
                    }
                }
            }
        }
        for (_, a, b) in &meetings {
            let (ra, rb) = (find(&mut root, *a), find(&mut root, *b));
            if ra != rb {
                root[ra] = rb;
            }
        }
        for (i, a, _) in meetings {
            let r = find(&mut root, a);
            if reported.contains(&r) {
                continue;
            }
            reported.push(r);
            v.push(Issue::new(
                IssueKind::BranchMerge,
                Some(grid.pos_of(i)),
                format!("two {} branches with their own sources touch and merge into one network", c.name()),
            ));
        }
    }
}

/// The indefinite article before `word` ("an electricity cell", "a fuel cell").
fn a(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn element_present(l: &Level, c: Carrier) -> bool {
    l.leaks.iter().any(|k| k.carrier == c && !k.repaired)
        || l.surface.as_slice().iter().any(|s| s.get(c.quantity()) > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn many(message: &str, n: i32) -> Issue {
        let found =
            (0..n).map(|k| Issue::new(IssueKind::NoSourcePath, Some(Pos::new(200 + k % 56, 255)), message));
        let mut g = grouped(found.collect());
        assert_eq!(g.len(), 1);
        g.remove(0)
    }

    #[test]
    fn a_grouped_line_stays_within_a_line_however_many_cells_and_however_long_the_message() {
        for message in ["a fuel cell has no path to a source", &"m".repeat(150), &"m".repeat(400)] {
            for n in [2, 5, 65_536] {
                let issue = many(message, n);
                assert_eq!(issue.cells.len(), n as usize);
                let line = issue.line();
                assert!(line.chars().count() <= MAX_LINE, "{} characters: {line}", line.chars().count());
                assert!(issue.clause(120).chars().count() <= 120);
            }
        }
        let short = many("a fuel cell has no path to a source", 65_536).line();
        assert!(short.ends_with("(203, 255) and 65532 more"), "{short}");
        assert_eq!(
            many("x", 2).line(),
            "warning: x, at 2 cells: (200, 255), (201, 255)",
            "two cells are both named"
        );
    }

    #[test]
    fn only_identical_issues_are_grouped() {
        let at = |x| Some(Pos::new(x, 1));
        let found = vec![
            Issue::new(IssueKind::NoSourcePath, at(1), "a"),
            Issue::new(IssueKind::NoSourcePath, at(2), "b"),
            Issue::new(IssueKind::SprinklerNoTarget, at(3), "a"),
            Issue::new(IssueKind::NoSourcePath, at(4), "a"),
            Issue::new(IssueKind::UnreadyReactor, None, "a"),
        ];
        let g = grouped(found);
        let cells: Vec<Vec<Pos>> = g.iter().map(|i| i.cells.clone()).collect();
        let p = |x| Pos::new(x, 1);
        assert_eq!(cells, vec![vec![p(1), p(4)], vec![p(2)], vec![p(3)], vec![]]);
        assert_eq!(g[3].pos, None);
    }
}
