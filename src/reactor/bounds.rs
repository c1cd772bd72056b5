//! The largest numbers a level may carry and the longest text a refusal may echo, in one place. Every
//! bound is what play itself can reach (from the balance table) or the documented map limit, so a file
//! that exceeds one was written by hand or by a bug; none makes a valid level or a saved game fail.

use super::balance::Balance;

/// The largest accepted side (documented: sides are limited to 1..=256), so a hostile file cannot ask
/// for a huge allocation.
pub const MAX_SIDE: i32 = 256;

/// Cells of the largest map.
pub const MAX_CELLS: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

/// The file's counters (pulses, remedies used). No balance number bounds them, so: a billion, thirty
/// years of one lengthy action a second, and still far enough below `u32::MAX` that a loaded game
/// counts on for as long as anyone plays (the rules also saturate them, so nothing wraps either way).
pub const MAX_COUNT: u32 = 1_000_000_000;

/// A refusal, and each line `--validate` prints, is one sentence of at most this many characters.
pub const MAX_LINE: usize = 200;

/// A caption's text is at most this many characters: it is drawn on one line beside its cell, and
/// a short line is what a player reads while the board is in view.
pub const MAX_CAPTION: usize = 48;

/// An echoed token (an unknown kind, state, item, key) is shortened to this many characters.
pub const MAX_ECHO: usize = 24;

/// The bounds that depend on the balance table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// A heat shield sets immunity to `heat_shield_steps` and immunity only falls from there. This
    /// also bounds the solver's reachability, which keeps one slot per cell, step of immunity and
    /// terminal flag: at most `MAX_CELLS` × (immunity + 1) × 2.
    pub heat_immunity: u32,
    /// A neutralizer blocks its element for `remedy_block_pulses` whole pulses after its own, so a
    /// block never holds more than that plus one.
    pub block: u32,
    /// Highest junction ratio mode (the table's last row).
    pub mode: u32,
    /// A required count beyond the cells of the largest map can never be met.
    pub required: u32,
    pub integrity: f32,
    /// Every surface value (and so the peak heat) is clamped to `max_surface`.
    pub surface: f32,
}

impl Bounds {
    pub fn of(b: &Balance) -> Bounds {
        Bounds {
            heat_immunity: b.heat_shield_steps,
            block: b.remedy_block_pulses.saturating_add(1),
            mode: b.junction_modes.len().saturating_sub(1) as u32,
            required: MAX_CELLS as u32,
            integrity: b.max_integrity,
            surface: b.max_surface,
        }
    }
}

/// `s` cut to `max` characters, the last of them an ellipsis when anything was cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A token from a file, quoted and shortened so that a refusal never repeats a file's bulk.
pub fn echo(s: &str) -> String {
    let short = if s.chars().count() > MAX_ECHO {
        let mut t: String = s.chars().take(MAX_ECHO).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    };
    format!("{short:?}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_and_echo_keep_short_text_whole_and_cut_long_text() {
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abcdef", 4).chars().count(), 4);
        assert_eq!(echo("pipe"), "\"pipe\"");
        let long = "x".repeat(10_000);
        assert_eq!(echo(&long), format!("\"{}…\"", "x".repeat(MAX_ECHO)));
    }

    #[test]
    fn the_bounds_are_what_play_reaches() {
        let b = Balance::normal();
        let k = Bounds::of(&b);
        assert_eq!(k.heat_immunity, b.heat_shield_steps);
        assert_eq!(k.block, b.remedy_block_pulses + 1);
        assert_eq!(k.mode as usize, b.junction_modes.len() - 1);
    }
}
