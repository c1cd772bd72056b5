//! Network flow: per carrier, clear transient values, walk from enabled flow props with falloff,
//! junction weights and closed-valve blocking, keep the best incoming values, then apply sprinkler
//! pressure drops to their connected branch.

use super::balance::Balance;
use super::level::{Carrier, Level, Prop, PropKind};
use crate::grid::Facing;
use std::collections::VecDeque;

const NO_PARENT: u8 = 255;
const SOURCE: u8 = 254;

/// The result of one carrier's walk.
pub struct CarrierFlow {
    pub amount: Vec<f32>,
    pub intensity: Vec<f32>,
    /// Per junction cell (index order): bitmask of neighbour directions (N=1, E=2, S=4, W=8) that
    /// offered it flow from a path not coming out of the junction itself.
    pub offers: Vec<(usize, u8)>,
}

/// Walks one carrier. `all_sources` treats every flow prop as enabled and every valve as open
/// (validation's view of the authored topology).
pub fn flow_carrier(level: &Level, c: Carrier, b: &Balance, all_sources: bool) -> CarrierFlow {
    flow_with(level, &level.props, c, b, all_sources)
}

/// The walk with a replacement prop list (what-if forecasts and validation toggle one prop without
/// copying the level).
pub fn flow_with(level: &Level, props: &[Prop], c: Carrier, b: &Balance, all_sources: bool) -> CarrierFlow {
    let grid = &level.under[c as usize];
    let n = grid.as_slice().len();
    let mut amount = vec![0.0f32; n];
    let mut intensity = vec![0.0f32; n];
    let mut parent = vec![NO_PARENT; n];
    let mut blocked = vec![false; n];
    let mut junction: Vec<Option<u32>> = vec![None; n];
    for prop in props {
        let Some(i) = grid.index(prop.pos) else { continue };
        match prop.kind {
            PropKind::Valve { carrier, open } if carrier == c && !open && !all_sources => blocked[i] = true,
            PropKind::Junction { mode } if level.carriers_at(prop.pos) == [c] => junction[i] = Some(mode),
            _ => {}
        }
    }
    let present: Vec<bool> = grid.as_slice().iter().map(|u| u.present()).collect();
    let mut queue = VecDeque::new();
    let (sa, si) = b.source(c);
    for prop in props {
        if let PropKind::Flow { carrier, enabled } = prop.kind {
            let Some(i) = grid.index(prop.pos) else { continue };
            if carrier == c && (enabled || all_sources) && present[i] && !blocked[i] {
                amount[i] = amount[i].max(sa.min(b.max_amount));
                intensity[i] = intensity[i].max(si.min(b.max_intensity));
                parent[i] = SOURCE;
                queue.push_back(i);
            }
        }
    }
    let mut offers: Vec<(usize, u8)> = Vec::new();
    let fa = b.falloff_amount[c as usize].max(1e-3);
    let fi = b.falloff_intensity[c as usize].max(1e-3);
    while let Some(i) = queue.pop_front() {
        let p = grid.pos_of(i);
        let (a, v) = (amount[i], intensity[i]);
        let mut outs: Vec<(usize, u8)> = Vec::with_capacity(4);
        for (d, f) in Facing::ALL.iter().enumerate() {
            let q = p.step(*f);
            if let Some(j) = grid.index(q) {
                if present[j] && !blocked[j] && !(junction[i].is_some() && parent[i] == d as u8) {
                    outs.push((j, d as u8));
                }
            }
        }
        let weights = junction_weights(b, junction[i], outs.len());
        for (k, (j, d)) in outs.iter().copied().enumerate() {
            let wk = weights[k];
            let na = (a * wk - fa).max(0.0);
            let nv = (v * wk - fi).max(0.0);
            // An offer counts unless it flows back into the cell `i` came from.
            if junction[j].is_some() && parent[i] != d {
                let from = 1u8 << opposite(d);
                match offers.iter_mut().find(|(x, _)| *x == j) {
                    Some(e) => e.1 |= from,
                    None => offers.push((j, from)),
                }
            }
            if na <= 0.0 && nv <= 0.0 {
                continue;
            }
            if na > amount[j] || nv > intensity[j] {
                // The parent follows the best amount (a junction's incoming branch).
                if na > amount[j] || parent[j] == NO_PARENT {
                    parent[j] = opposite(d);
                }
                amount[j] = amount[j].max(na);
                intensity[j] = intensity[j].max(nv);
                queue.push_back(j);
            }
        }
    }
    offers.sort_unstable();
    CarrierFlow { amount, intensity, offers }
}

fn opposite(d: u8) -> u8 {
    (d + 2) % 4
}

/// Outgoing weights, normalised so the heaviest branch keeps the full value.
fn junction_weights(b: &Balance, mode: Option<u32>, outs: usize) -> [f32; 4] {
    let Some(m) = mode else { return [1.0; 4] };
    let Some(row) = b.junction_modes.get(m as usize) else { return [1.0; 4] };
    let mut w = [0.0f32; 4];
    let used = outs.min(3);
    let mut max = 0.0f32;
    for k in 0..used {
        w[k] = row[k];
        max = max.max(row[k]);
    }
    if max <= 0.0 {
        return [0.0; 4];
    }
    for x in w.iter_mut() {
        *x /= max;
    }
    w
}

/// Fixed rule system "network propagation" plus sprinkler pressure drops, then consumer resolution.
pub fn propagate(level: &mut Level, b: &Balance) {
    for c in Carrier::ALL {
        let flow = flow_carrier(level, c, b, false);
        for (i, u) in level.under[c as usize].as_mut_slice().iter_mut().enumerate() {
            if u.present() {
                u.amount = flow.amount[i].clamp(0.0, b.max_amount);
                u.intensity = flow.intensity[i].clamp(0.0, b.max_intensity);
            } else {
                u.amount = 0.0;
                u.intensity = 0.0;
            }
        }
    }
    // A sprinkler discharges when enabled and its coolant cell is fed before any drop.
    for k in 0..level.props.len() {
        if let PropKind::Sprinkler { enabled, .. } = level.props[k].kind {
            level.props[k].fed = enabled && level.under_at(Carrier::Coolant, level.props[k].pos).fed();
        }
    }
    let coolant = &level.under[Carrier::Coolant as usize];
    let amount: Vec<f32> = coolant.as_slice().iter().map(|u| u.amount).collect();
    let intensity: Vec<f32> = coolant.as_slice().iter().map(|u| u.intensity).collect();
    let drop = drops(level, &level.props, b, &amount, &intensity);
    for (u, d) in level.under[Carrier::Coolant as usize].as_mut_slice().iter_mut().zip(drop.iter()) {
        u.intensity = (u.intensity - *d).max(0.0);
    }
    super::props::resolve_services(level, b);
}

/// Final amount and intensity of one carrier for a prop list, sprinkler drops included: what
/// `propagate` would write, without touching the level.
pub fn carrier_values(level: &Level, props: &[Prop], c: Carrier, b: &Balance) -> (Vec<f32>, Vec<f32>) {
    let flow = flow_with(level, props, c, b, false);
    let grid = &level.under[c as usize];
    let mut amount = flow.amount;
    let mut intensity = flow.intensity;
    for (i, u) in grid.as_slice().iter().enumerate() {
        if u.present() {
            amount[i] = amount[i].clamp(0.0, b.max_amount);
            intensity[i] = intensity[i].clamp(0.0, b.max_intensity);
        } else {
            amount[i] = 0.0;
            intensity[i] = 0.0;
        }
    }
    if c == Carrier::Coolant {
        let drop = drops(level, props, b, &amount, &intensity);
        for (v, d) in intensity.iter_mut().zip(drop.iter()) {
            *v = (*v - *d).max(0.0);
        }
    }
    (amount, intensity)
}

/// Per coolant cell, the intensity removed by discharging sprinklers (fed before any drop).
fn drops(level: &Level, props: &[Prop], b: &Balance, amount: &[f32], intensity: &[f32]) -> Vec<f32> {
    let grid = &level.under[Carrier::Coolant as usize];
    let n = grid.as_slice().len();
    let mut drop = vec![0.0f32; n];
    let mut blocked: Option<Vec<bool>> = None;
    for prop in props {
        let PropKind::Sprinkler { enabled: true, .. } = prop.kind else { continue };
        let Some(s) = grid.index(prop.pos) else { continue };
        if !(grid.as_slice()[s].present() && amount[s] > 0.0 && intensity[s] > 0.0) {
            continue;
        }
        let blocked = blocked.get_or_insert_with(|| {
            let mut v = vec![false; n];
            for p in props {
                if let PropKind::Valve { carrier: Carrier::Coolant, open: false } = p.kind {
                    if let Some(i) = grid.index(p.pos) {
                        v[i] = true;
                    }
                }
            }
            v
        });
        let mut seen = vec![false; n];
        seen[s] = true;
        let mut queue = VecDeque::from([s]);
        while let Some(i) = queue.pop_front() {
            drop[i] += b.sprinkler_pressure_drop;
            for q in grid.pos_of(i).neighbours4() {
                if let Some(j) = grid.index(q) {
                    if !seen[j] && !blocked[j] && grid.as_slice()[j].present() {
                        seen[j] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
    }
    drop
}

/// Cells connected (over present cells, ignoring valve state and falloff) to any flow prop.
pub fn source_reach(level: &Level, c: Carrier) -> Vec<bool> {
    let grid = &level.under[c as usize];
    let n = grid.as_slice().len();
    let mut seen = vec![false; n];
    let mut queue = VecDeque::new();
    for prop in &level.props {
        if let PropKind::Flow { carrier, .. } = prop.kind {
            if let Some(i) = grid.index(prop.pos) {
                if carrier == c && grid.as_slice()[i].present() && !seen[i] {
                    seen[i] = true;
                    queue.push_back(i);
                }
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        for q in grid.pos_of(i).neighbours4() {
            if let Some(j) = grid.index(q) {
                if !seen[j] && grid.as_slice()[j].present() {
                    seen[j] = true;
                    queue.push_back(j);
                }
            }
        }
    }
    seen
}
