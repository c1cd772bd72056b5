//! The dedup key: a 128-bit FNV-1a fingerprint of everything in a level that a later rule reads —
//! surface values and blocks, underground cells, prop states, leaks, inventory, status — with the
//! robot reduced to its region (`region::canonical`). Counters that no rule reads (the pulse number,
//! peak heat, remedies used, the growing flag, forecasts, the derived state) are left out, so one
//! situation reached after different numbers of pulses is searched once.

use crate::reactor::balance::Balance;
use crate::reactor::level::{Level, PropKind};

struct Fnv128(u128);

impl Fnv128 {
    fn new() -> Self {
        Fnv128(0x6c62_272e_07bb_0142_62b8_2175_6295_c58d)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u128;
            self.0 = self.0.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
        }
    }

    fn u32(&mut self, x: u32) {
        self.bytes(&x.to_le_bytes());
    }

    fn f32(&mut self, x: f32) {
        self.u32(x.to_bits());
    }
}

/// The key of `level` as the solver sees it. Two levels with one key behave alike under every later
/// command; a fingerprint collision (odds about n²/2¹²⁹ for n states) is the only way two differ.
pub fn key(level: &Level, b: &Balance) -> u128 {
    let mut h = Fnv128::new();
    for s in level.surface.as_slice() {
        for v in s.v {
            h.f32(v);
        }
        for k in s.block {
            h.u32(k);
        }
    }
    for g in &level.under {
        for (i, u) in g.as_slice().iter().enumerate() {
            if u.present() {
                h.u32(i as u32);
                h.u32(u.structure as u32);
                h.f32(u.integrity);
                h.f32(u.amount);
                h.f32(u.intensity);
            }
        }
        h.u32(u32::MAX);
    }
    for p in &level.props {
        let (tag, state) = match p.kind {
            PropKind::Flow { enabled, .. } => (0, enabled as u32),
            PropKind::Valve { open, .. } => (1, open as u32),
            PropKind::Consumer { enabled } => (2, enabled as u32),
            PropKind::Junction { mode } => (3, mode),
            PropKind::Door { open } => (4, open as u32),
            PropKind::Terminal => (5, 0),
            PropKind::Supply { depleted, .. } => (6, depleted as u32),
            PropKind::Sprinkler { enabled, .. } => (7, enabled as u32),
            PropKind::Reactor => (8, 0),
        };
        h.u32(tag);
        h.u32(state);
        h.u32(p.fed as u32);
        for s in p.service {
            h.u32(s as u32);
        }
    }
    for l in &level.leaks {
        h.u32(l.carrier as u32);
        h.u32(l.under.x as u32);
        h.u32(l.under.y as u32);
        h.u32(l.access.x as u32);
        h.u32(l.access.y as u32);
        h.u32(l.repaired as u32);
    }
    h.u32(u32::MAX);
    for i in &level.inventory {
        h.u32(*i as u32);
    }
    h.u32(u32::MAX);
    h.bytes(level.status.name().as_bytes());
    let (cell, immunity, terminal) = super::region::canonical(level, b);
    h.u32(cell as u32);
    h.u32(immunity);
    h.u32(terminal as u32);
    h.0
}
