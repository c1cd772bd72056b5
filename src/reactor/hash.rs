//! The state hash: 64-bit FNV-1a over the canonical save text (a documented format, never memory).

use super::level::Level;

pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The hash of a level's whole saved state (layout plus dynamic state; derived values follow from it).
pub fn state_hash(level: &Level) -> u64 {
    fnv1a(super::schema::save(level).as_bytes())
}

pub fn hex(h: u64) -> String {
    format!("{h:016x}")
}
