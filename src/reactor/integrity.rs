//! Structural integrity: weakened intact cells under high intensity degrade, low-integrity fed cells
//! become leaks when they have floor access (N, E, S, W order for electricity wall leaks), and a
//! leaking cell keeps its integrity until it is repaired.

use super::balance::Balance;
use super::level::{Carrier, Leak, Level, Structure};
use crate::grid::Pos;

/// The floor access an automatic leak of this carrier at `p` would use, if any.
pub fn auto_access(level: &Level, c: Carrier, p: Pos) -> Option<Pos> {
    match c {
        Carrier::Fuel | Carrier::Coolant => level.is_floor(p).then_some(p),
        Carrier::Electricity => {
            if !level.is_wall(p) {
                return None;
            }
            p.neighbours4().into_iter().find(|q| level.is_floor(*q))
        }
    }
}

/// Resolves integrity for every present cell (the pulse's step 5). Returns the new leaks' indices.
pub fn resolve(level: &mut Level, b: &Balance) -> Vec<usize> {
    let scale = b.damage(level.difficulty);
    let mut created = Vec::new();
    for c in Carrier::ALL {
        let n = level.under[c as usize].as_slice().len();
        for i in 0..n {
            let u = level.under[c as usize].as_slice()[i];
            if !u.present() {
                continue;
            }
            let mut integrity = u.integrity;
            // The seed: "existing leaks keep their current integrity until repaired". A leak is
            // already the failure; only an intact cell can weaken further toward one.
            let leaking = u.structure == Structure::Leaking;
            if !leaking && integrity < b.max_integrity && u.intensity > b.integrity_high_intensity {
                integrity -= (u.intensity - b.integrity_high_intensity) * scale;
            }
            integrity = integrity.clamp(0.0, b.max_integrity);
            level.under[c as usize].as_mut_slice()[i].integrity = integrity;
            if integrity <= b.leak_threshold && u.intensity > 0.0 && u.structure == Structure::Intact {
                let p = level.under[c as usize].pos_of(i);
                if let Some(access) = auto_access(level, c, p) {
                    level.under[c as usize].as_mut_slice()[i].structure = Structure::Leaking;
                    let open = level.leaks.iter().any(|l| l.carrier == c && l.under == p && !l.repaired);
                    if !open {
                        level.leaks.push(Leak { carrier: c, under: p, access, repaired: false });
                        created.push(level.leaks.len() - 1);
                    }
                }
            }
        }
    }
    created
}

/// Repair: Intact, max integrity, leak marked repaired; surface hazards stay.
pub fn repair(level: &mut Level, b: &Balance, leak: usize) {
    let l = level.leaks[leak];
    level.leaks[leak].repaired = true;
    if let Some(u) = level.under[l.carrier as usize].get_mut(l.under) {
        u.structure = Structure::Intact;
        u.integrity = b.max_integrity;
    }
}
