//! The reactor panel's colours: plain text, labels, one per band and one per quantity and carrier.
//! Shared by the scene builder and the legend, so it sits below both.

use crate::scene::{Srgb, BOARD_HUES};

/// Panel colours: plain text, labels, and one per band (absent, safe, caution, critical).
pub const TEXT: Srgb = [232, 226, 210];
pub const LABEL: Srgb = [170, 160, 140];
pub const GOOD: Srgb = [120, 220, 130];
pub const BAND_COLOURS: [Srgb; 4] = [[120, 120, 120], [150, 210, 150], [245, 200, 70], [255, 90, 70]];
/// Each quantity's colour as text and glyphs: the board's hue lifted toward white, so the darkest
/// (fuel's violet) still reads on the dark panel.
pub const QUANTITY_COLOURS: [Srgb; 4] =
    [lifted(BOARD_HUES[0]), lifted(BOARD_HUES[1]), lifted(BOARD_HUES[2]), lifted(BOARD_HUES[3])];
/// Each carrier's colour: fuel violet, coolant blue, electricity yellow (its quantity's).
pub const CARRIER_COLOURS: [Srgb; 3] = [QUANTITY_COLOURS[0], QUANTITY_COLOURS[1], QUANTITY_COLOURS[2]];

/// A hue two fifths of the way to white.
const fn lifted(c: Srgb) -> Srgb {
    [up(c[0]), up(c[1]), up(c[2])]
}

const fn up(v: u8) -> u8 {
    ((v as u16 * 3 + 255 * 2) / 5) as u8
}
