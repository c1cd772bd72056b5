//! Surface hazards: bands, the 12×12 pair table (upper triangle as the seed writes it, lower mirrored),
//! and the per-step phases: injection, mitigation, evaporation, same-cell and adjacent interactions.

use super::balance::Balance;
use super::level::{Carrier, Level, PropKind, Quantity, Surface};
use crate::grid::Pos;

/// A projected band. `Absent` is a value of exactly zero; the table has no row for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Absent,
    Safe,
    Caution,
    Critical,
}

impl Band {
    pub fn name(self) -> &'static str {
        match self {
            Band::Absent => "absent",
            Band::Safe => "safe",
            Band::Caution => "caution",
            Band::Critical => "critical",
        }
    }
}

pub fn band(b: &Balance, q: Quantity, value: f32) -> Band {
    if value <= 0.0 {
        Band::Absent
    } else if value >= b.critical(q) {
        Band::Critical
    } else if value >= b.caution(q) {
        Band::Caution
    } else {
        Band::Safe
    }
}

/// `value` as shown, to one decimal: rounded as `{:.1}` rounds, except that a value below a cut point (caution,
/// critical, and for heat the terminal heat) never reads as that cut point. A play-tester saw
/// "Electricity 6.0 caution" beside "Electricity 6.0 critical" (critical from 6.0); 5.96 now reads 5.9.
pub fn shown(b: &Balance, q: Quantity, value: f32) -> f32 {
    // The formatter's own rounding, so that every other value reads as it always did.
    let r: f32 = format!("{value:.1}").parse().unwrap_or(value);
    let mut cuts = vec![b.caution(q), b.critical(q)];
    if q == Quantity::Heat {
        cuts.push(b.terminal_heat);
    }
    cuts.into_iter()
        .filter(|t| value < *t && r >= *t)
        .map(|t| ((t * 10.0).round() - 1.0) / 10.0)
        .fold(r, f32::min)
}

/// A pair-table verb (its magnitudes live in the balance table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verb {
    Hold,
    Flow,
    Dilute,
    Warm,
    Quench,
    Evaporate,
    Conduct,
    Ignite,
}

/// One row/column of the table: a quantity in a present band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cell(pub Quantity, pub Band);

impl Cell {
    fn index(self) -> usize {
        self.0 as usize * 3 + (self.1 as usize - 1)
    }

    pub fn all() -> Vec<Cell> {
        let mut v = Vec::new();
        for q in Quantity::ALL {
            for b in [Band::Safe, Band::Caution, Band::Critical] {
                v.push(Cell(q, b));
            }
        }
        v
    }

    pub fn name(self) -> String {
        let band = match self.1 {
            Band::Safe => "Safe",
            Band::Caution => "Caution",
            Band::Critical => "Critical",
            Band::Absent => "Absent",
        };
        format!("{}{}", self.0.family(), band)
    }
}

use Verb::{Conduct as C, Dilute as D, Flow as F, Hold as H, Ignite as I, Quench as Q, Warm as W};

/// The seed's upper triangle, row by row, exactly as written (entries left of the diagonal unused).
const UPPER: [[Verb; 12]; 12] = [
    [H, F, F, H, D, D, H, W, I, H, W, I],
    [H, H, F, D, D, D, W, I, I, W, I, I],
    [H, H, H, D, D, D, I, I, I, I, I, I],
    [H, H, H, H, F, F, H, C, C, H, Q, Q],
    [H, H, H, H, H, F, C, C, C, Q, Q, Q],
    [H, H, H, H, H, H, C, C, C, Q, Q, Q],
    [H, H, H, H, H, H, H, F, F, H, H, H],
    [H, H, H, H, H, H, H, H, F, H, H, H],
    [H, H, H, H, H, H, H, H, H, H, H, H],
    [H, H, H, H, H, H, H, H, H, H, F, F],
    [H, H, H, H, H, H, H, H, H, H, H, F],
    [H, H, H, H, H, H, H, H, H, H, H, H],
];

/// The verb for two table cells; the lower triangle mirrors the upper.
pub fn verb(a: Cell, b: Cell) -> Verb {
    let (i, j) = (a.index(), b.index());
    if i <= j {
        UPPER[i][j]
    } else {
        UPPER[j][i]
    }
}

/// The same-quantity verb between two neighbours: an absent value reads as Safe, so Safe puddles stay
/// put and only Caution and Critical values spread into empty cells.
pub fn neighbour_verb(b: &Balance, q: Quantity, x: f32, y: f32) -> Verb {
    let bx = band(b, q, x).max(Band::Safe);
    let by = band(b, q, y).max(Band::Safe);
    verb(Cell(q, bx), Cell(q, by))
}

/// The cross-quantity verb within one cell; `None` unless both quantities are present.
fn cell_verb(b: &Balance, qa: Quantity, va: f32, qb: Quantity, vb: f32) -> Option<Verb> {
    let (ba, bb) = (band(b, qa, va), band(b, qb, vb));
    (ba != Band::Absent && bb != Band::Absent).then(|| verb(Cell(qa, ba), Cell(qb, bb)))
}

/// Edges closed by doors: `east[i]` blocks the pair (i, i+1 east), `south[i]` the pair (i, i+width).
pub struct DoorEdges {
    pub east: Vec<bool>,
    pub south: Vec<bool>,
}

/// A door's corridor axis: `Some(true)` for an east-west corridor (walls north and south),
/// `Some(false)` for north-south, `None` when it has no single opposing wall pair.
pub fn door_axis(level: &Level, p: Pos) -> Option<bool> {
    let ns = level.is_wall(p.offset(0, -1)) && level.is_wall(p.offset(0, 1));
    let we = level.is_wall(p.offset(-1, 0)) && level.is_wall(p.offset(1, 0));
    match (ns, we) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

pub fn door_edges(level: &Level) -> DoorEdges {
    let n = level.surface.as_slice().len();
    let mut e = DoorEdges { east: vec![false; n], south: vec![false; n] };
    for prop in &level.props {
        if let PropKind::Door { open: false } = prop.kind {
            let Some(i) = level.terrain.index(prop.pos) else { continue };
            match door_axis(level, prop.pos) {
                Some(true) => {
                    e.east[i] = true;
                    if let Some(w) = level.terrain.index(prop.pos.offset(-1, 0)) {
                        e.east[w] = true;
                    }
                }
                Some(false) => {
                    e.south[i] = true;
                    if let Some(nn) = level.terrain.index(prop.pos.offset(0, -1)) {
                        e.south[nn] = true;
                    }
                }
                None => {}
            }
        }
    }
    e
}

/// Phase 1: fed leaks and discharging sprinklers add their share of the pulse's amount.
pub fn inject(level: &mut Level, b: &Balance) {
    let steps = b.steps_per_pulse.max(1) as f32;
    for k in 0..level.leaks.len() {
        let leak = level.leaks[k];
        if leak.repaired {
            continue;
        }
        let u = level.under_at(leak.carrier, leak.under);
        if u.structure != super::level::Structure::Leaking || !u.fed() {
            continue;
        }
        let add = b.leak_injection[leak.carrier as usize] * u.intensity / steps;
        add_unblocked(level, leak.access, leak.carrier.quantity(), add);
    }
    for k in 0..level.props.len() {
        let prop = level.props[k];
        if let PropKind::Sprinkler { enabled: true, outlet } = prop.kind {
            if prop.fed {
                add_unblocked(level, outlet, Quantity::Water, b.sprinkler_discharge / steps);
            }
        }
    }
}

fn add_unblocked(level: &mut Level, p: Pos, q: Quantity, add: f32) {
    if !level.is_floor(p) {
        return;
    }
    if let Some(s) = level.surface.get_mut(p) {
        if !s.blocked(q) {
            s.v[q as usize] += add;
        }
    }
}

/// Phase 2: water dilutes fuel and quenches heat in its own cell (before ignition is checked).
pub fn mitigate(level: &mut Level, b: &Balance, floor: &[bool]) {
    for_wet_floor(level, floor, |s| mitigate_cell(s, b));
}

/// Phase 3: value-based evaporation with latent cooling.
pub fn evaporate(level: &mut Level, b: &Balance, floor: &[bool]) {
    for_wet_floor(level, floor, |s| evaporate_cell(s, b));
}

/// Phases 2 and 3 in one pass: per cell, mitigation then evaporation. Cells are independent in
/// both phases, so this equals `mitigate` followed by `evaporate`.
pub fn mitigate_and_evaporate(level: &mut Level, b: &Balance, floor: &[bool]) {
    for_wet_floor(level, floor, |s| {
        mitigate_cell(s, b);
        evaporate_cell(s, b);
    });
}

/// Both phases act only where there is water on a floor cell.
fn for_wet_floor(level: &mut Level, floor: &[bool], mut act: impl FnMut(&mut Surface)) {
    for (i, s) in level.surface.as_mut_slice().iter_mut().enumerate() {
        if floor[i] && s.v[1] > 0.0 {
            act(s);
        }
    }
}

fn mitigate_cell(s: &mut Surface, b: &Balance) {
    if cell_verb(b, Quantity::Fuel, s.v[0], Quantity::Water, s.v[1]) == Some(Verb::Dilute) {
        s.v[0] = (s.v[0] - b.dilute).max(0.0);
    }
    if cell_verb(b, Quantity::Water, s.v[1], Quantity::Heat, s.v[3]) == Some(Verb::Quench) {
        s.v[3] = (s.v[3] - b.quench).max(0.0);
    }
}

fn evaporate_cell(s: &mut Surface, b: &Balance) {
    let want = b.ambient_evaporation + s.v[3] * b.heat_evaporation_scale;
    let evaporated = want.min(s.v[1]);
    s.v[1] -= evaporated;
    s.v[3] = (s.v[3] - evaporated * b.evaporation_cooling_scale).max(0.0);
}

/// Phases 4–7: same-cell reactions and adjacent flow accumulate into one delta buffer, applied
/// together, then clamped.
pub fn interact(
    level: &mut Level,
    b: &Balance,
    floor: &[bool],
    doors: &DoorEdges,
    delta: &mut Vec<[f32; 4]>,
) {
    let w = level.width() as usize;
    let n = floor.len();
    delta.clear();
    delta.resize(n, [0.0; 4]);
    let cells = level.surface.as_slice();
    let lookup = Lookup::new();
    let info: Vec<CellInfo> = cells.iter().map(|s| lookup.info(b, s)).collect();
    // Phase 4: same-cell pairs other than the mitigation pairs (already applied in phase 2).
    for i in 0..n {
        if !floor[i] {
            continue;
        }
        let v = cells[i].v;
        let bd = info[i].band;
        if bd[0] == 0 {
            continue;
        }
        for other in [Quantity::Electricity, Quantity::Heat] {
            let ob = bd[other as usize];
            if ob == 0 {
                continue;
            }
            match lookup.fuel_with[other as usize][bd[0] as usize][ob as usize] {
                Verb::Warm => delta[i][3] += b.warm,
                Verb::Ignite => {
                    delta[i][3] += b.ignite_heat;
                    delta[i][0] -= b.ignite_fuel.min(v[0]);
                }
                _ => {}
            }
        }
    }
    // Phase 5: every unordered pair of adjacent floor cells once (east and south neighbours). Bands
    // and the table's answers are looked up once per step, not once per pair.
    for i in 0..n {
        if !floor[i] {
            continue;
        }
        let x = i % w;
        if x + 1 < w && floor[i + 1] && !doors.east[i] {
            pair(b, &lookup, cells, &info, i, i + 1, delta);
        }
        if i + w < n && floor[i + w] && !doors.south[i] {
            pair(b, &lookup, cells, &info, i, i + w, delta);
        }
    }
    // Phases 6–7.
    let cells = level.surface.as_mut_slice();
    for i in 0..n {
        if !floor[i] {
            cells[i].v = [0.0; 4];
            continue;
        }
        for (v, d) in cells[i].v.iter_mut().zip(delta[i].iter()) {
            *v = (*v + *d).clamp(0.0, b.max_surface);
        }
    }
}

const BANDS: [Band; 4] = [Band::Absent, Band::Safe, Band::Caution, Band::Critical];

/// The pair table's same-quantity answers (absent read as Safe) and the Conduct answers, as flags.
struct Lookup {
    flow: [[[bool; 4]; 4]; 4],
    conduct: [[bool; 4]; 4],
    /// Fuel's verb with another quantity in the same cell: `[quantity][fuel band][other band]`.
    fuel_with: [[[Verb; 4]; 4]; 4],
}

/// A cell's band index per quantity and whether it conducts.
#[derive(Clone, Copy)]
struct CellInfo {
    band: [u8; 4],
    conducts: bool,
}

impl Lookup {
    fn new() -> Self {
        let mut flow = [[[false; 4]; 4]; 4];
        let mut conduct = [[false; 4]; 4];
        for q in Quantity::ALL {
            for x in 0..4 {
                for y in 0..4 {
                    let (bx, by) = (BANDS[x.max(1)], BANDS[y.max(1)]);
                    flow[q as usize][x][y] = verb(Cell(q, bx), Cell(q, by)) == Verb::Flow;
                }
            }
        }
        for (w, row) in conduct.iter_mut().enumerate().skip(1) {
            for (e, slot) in row.iter_mut().enumerate() {
                let c = verb(Cell(Quantity::Water, BANDS[w]), Cell(Quantity::Electricity, BANDS[e.max(1)]));
                *slot = c == Verb::Conduct;
            }
        }
        let mut fuel_with = [[[Verb::Hold; 4]; 4]; 4];
        for q in Quantity::ALL {
            for f in 1..4 {
                for o in 1..4 {
                    fuel_with[q as usize][f][o] = verb(Cell(Quantity::Fuel, BANDS[f]), Cell(q, BANDS[o]));
                }
            }
        }
        Self { flow, conduct, fuel_with }
    }

    fn info(&self, b: &Balance, s: &super::level::Surface) -> CellInfo {
        let mut band_idx = [0u8; 4];
        for q in Quantity::ALL {
            band_idx[q as usize] = band(b, q, s.get(q)) as u8;
        }
        let conducts = self.conduct[band_idx[1] as usize][band_idx[2] as usize];
        CellInfo { band: band_idx, conducts }
    }
}

fn pair(
    b: &Balance,
    lookup: &Lookup,
    cells: &[super::level::Surface],
    info: &[CellInfo],
    ia: usize,
    ib: usize,
    delta: &mut [[f32; 4]],
) {
    let (sa, sb) = (&cells[ia], &cells[ib]);
    for q in Quantity::ALL {
        let k = q as usize;
        let (va, vb) = (sa.v[k], sb.v[k]);
        if va == vb || !lookup.flow[k][info[ia].band[k] as usize][info[ib].band[k] as usize] {
            continue;
        }
        let (hi, lo, src, dst) = if va > vb { (va, vb, ia, ib) } else { (vb, va, ib, ia) };
        if cells[dst].blocked(q) {
            continue;
        }
        let mut rate = b.flow_rate[k];
        if q == Quantity::Electricity && (info[ia].conducts || info[ib].conducts) {
            rate *= b.conduct_multiplier;
        }
        let moved = rate.min((hi - lo) * b.flow_fraction);
        delta[src][k] -= moved;
        delta[dst][k] += moved;
    }
}

/// A wet cell conducts when its water band and its electricity band (absent reads as Safe, since the
/// electricity is arriving) meet at a `Conduct` entry.
pub fn conducts(b: &Balance, s: &super::level::Surface) -> bool {
    let water = band(b, Quantity::Water, s.v[1]);
    if water == Band::Absent {
        return false;
    }
    let elec = band(b, Quantity::Electricity, s.v[2]).max(Band::Safe);
    verb(Cell(Quantity::Water, water), Cell(Quantity::Electricity, elec)) == Verb::Conduct
}

/// The floor mask in index order.
pub fn floor_mask(level: &Level) -> Vec<bool> {
    level.terrain.as_slice().iter().map(|t| *t == super::level::Terrain::Floor).collect()
}

/// Whether a floor cell is unsafe to enter: any value Critical, or water and electricity both at least
/// Caution. `heat_immune` ignores heat only.
pub fn unsafe_cell(level: &Level, b: &Balance, p: Pos, heat_immune: bool) -> bool {
    let Some(s) = level.surface.get(p) else { return false };
    for q in Quantity::ALL {
        if q == Quantity::Heat && heat_immune {
            continue;
        }
        if band(b, q, s.get(q)) == Band::Critical {
            return true;
        }
    }
    band(b, Quantity::Water, s.v[1]) >= Band::Caution
        && band(b, Quantity::Electricity, s.v[2]) >= Band::Caution
}

/// The remedy item matching a carrier's element.
pub fn element_of(c: Carrier) -> Quantity {
    c.quantity()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_symmetric_and_diagonal_holds() {
        for a in Cell::all() {
            assert_eq!(verb(a, a), Verb::Hold);
            for c in Cell::all() {
                assert_eq!(verb(a, c), verb(c, a));
            }
        }
    }

    #[test]
    fn bands_follow_the_balance_cut_points() {
        let b = Balance::normal();
        for q in Quantity::ALL {
            assert_eq!(band(&b, q, 0.0), Band::Absent);
            assert_eq!(band(&b, q, b.caution(q) * 0.5), Band::Safe);
            assert_eq!(band(&b, q, b.caution(q)), Band::Caution);
            assert_eq!(band(&b, q, b.critical(q)), Band::Critical);
        }
    }

    #[test]
    fn a_value_below_a_cut_point_never_reads_as_it() {
        let b = Balance::default();
        for q in Quantity::ALL {
            for t in [b.caution(q), b.critical(q)] {
                let below = t - 0.04;
                assert!(band(&b, q, below) < band(&b, q, t), "{q:?} {t}");
                assert!(
                    format!("{:.1}", shown(&b, q, below)) != format!("{t:.1}"),
                    "{q:?} {below} reads {t:.1}"
                );
                assert_eq!(format!("{:.1}", shown(&b, q, t)), format!("{t:.1}"));
            }
        }
        let almost = b.terminal_heat - 0.01;
        assert!(shown(&b, Quantity::Heat, almost) < b.terminal_heat);
        assert_eq!(format!("{:.1}", shown(&b, Quantity::Fuel, 4.26)), "4.3", "elsewhere it rounds");
    }
}
