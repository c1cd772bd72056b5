//! The built-in pixel font: 6×8 cells (5×7 letters, one spare column, a descender row) for printable
//! ASCII plus ♥ ♦ ⌂, box characters, arrows (help and log keys, the automap's player) and a centred
//! dot. A HUD quad carries its glyph's rows to the shader flat (`Glyph::packed_rows`): a texture
//! read per pixel was the dearest part of a HUD pixel on a software rasteriser.
//!
//! Four creature figures (`scene::figures`) sit in Unicode's private-use area.
//!
//! Glyphs are written as ASCII art (`#` lit, `.` dark, rows separated by spaces) and parsed at compile
//! time, so a malformed glyph is a build error and the art stays readable in review.

/// Width of a glyph cell in font pixels (5 for the letter, 1 for spacing; box characters use all 6).
pub const GLYPH_W: u32 = 6;
/// Height of a glyph cell in font pixels (7 for capitals, the 8th row for descenders).
pub const GLYPH_H: u32 = 8;

/// One glyph: a character and its rows; bit 5 is the leftmost column, bit 0 the rightmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    pub ch: char,
    pub rows: [u8; GLYPH_H as usize],
}

impl Glyph {
    /// The rows as the HUD shader reads them: a byte a row (bit GLYPH_W - 1 - x is column x), rows
    /// 0 to 3 in the first word, 4 to 7 in the second.
    pub fn packed_rows(&self) -> [u32; 2] {
        let word = |rows: &[u8]| rows.iter().enumerate().fold(0u32, |w, (i, &r)| w | u32::from(r) << (8 * i));
        [word(&self.rows[..4]), word(&self.rows[4..])]
    }

    /// Whether font pixel (x, y) of this glyph is lit.
    pub fn lit(&self, x: u32, y: u32) -> bool {
        x < GLYPH_W && y < GLYPH_H && (self.rows[y as usize] >> (GLYPH_W - 1 - x)) & 1 == 1
    }
}

const fn parse(ch: char, art: &str) -> Glyph {
    let bytes = art.as_bytes();
    let mut rows = [0u8; GLYPH_H as usize];
    let (mut row, mut col, mut i) = (0usize, 0u32, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b' ' => {
                row += 1;
                col = 0;
            }
            b'#' | b'.' => {
                assert!(row < GLYPH_H as usize, "glyph has more than 8 rows");
                assert!(col < GLYPH_W, "glyph row wider than 6");
                if bytes[i] == b'#' {
                    rows[row] |= 1 << (GLYPH_W - 1 - col);
                }
                col += 1;
            }
            _ => panic!("glyph art may only contain '#', '.' and spaces"),
        }
        i += 1;
    }
    Glyph { ch, rows }
}

use crate::scene::figures::{BLADES, CRAWLER, HULK, WALKER};

macro_rules! glyphs {
    ($($ch:expr => $art:literal,)*) => {
        /// Every glyph, in atlas order: printable ASCII from ' ' to '~' first (index = code - 32), then
        /// the extra symbols.
        pub const GLYPHS: &[Glyph] = &[$(parse($ch, $art),)*];
    };
}

glyphs! {
    ' ' => "",
    '!' => "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    '"' => ".#.#. .#.#. .#.#.",
    '#' => ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    '$' => "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    '%' => "##... ##..# ...#. ..#.. .#... #..## ...##",
    '&' => ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    '\'' => ".##.. ..#.. .#...",
    '(' => "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ')' => ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    '*' => "..... ..#.. #.#.# .###. #.#.# ..#..",
    '+' => "..... ..#.. ..#.. ##### ..#.. ..#..",
    ',' => "..... ..... ..... ..... .##.. ..#.. .#...",
    '-' => "..... ..... ..... #####",
    '.' => "..... ..... ..... ..... ..... .##.. .##..",
    '/' => "..... ....# ...#. ..#.. .#... #....",
    '0' => ".###. #...# #..## #.#.# ##..# #...# .###.",
    '1' => "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    '2' => ".###. #...# ....# ...#. ..#.. .#... #####",
    '3' => "##### ...#. ..#.. ...#. ....# #...# .###.",
    '4' => "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    '5' => "##### #.... ####. ....# ....# #...# .###.",
    '6' => "..##. .#... #.... ####. #...# #...# .###.",
    '7' => "##### ....# ...#. ..#.. .#... .#... .#...",
    '8' => ".###. #...# #...# .###. #...# #...# .###.",
    '9' => ".###. #...# #...# .#### ....# ...#. .##..",
    ':' => "..... .##.. .##.. ..... .##.. .##..",
    ';' => "..... .##.. .##.. ..... .##.. ..#.. .#...",
    '<' => "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    '=' => "..... ..... ##### ..... #####",
    '>' => ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    '?' => ".###. #...# ....# ...#. ..#.. ..... ..#..",
    '@' => ".###. #...# #.### #.#.# #.##. #.... .####",
    'A' => ".###. #...# #...# #...# ##### #...# #...#",
    'B' => "####. #...# #...# ####. #...# #...# ####.",
    'C' => ".###. #...# #.... #.... #.... #...# .###.",
    'D' => "###.. #..#. #...# #...# #...# #..#. ###..",
    'E' => "##### #.... #.... ####. #.... #.... #####",
    'F' => "##### #.... #.... ####. #.... #.... #....",
    'G' => ".###. #...# #.... #.### #...# #...# .####",
    'H' => "#...# #...# #...# ##### #...# #...# #...#",
    'I' => ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    'J' => "..### ...#. ...#. ...#. ...#. #..#. .##..",
    'K' => "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    'L' => "#.... #.... #.... #.... #.... #.... #####",
    'M' => "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    'N' => "#...# #...# ##..# #.#.# #..## #...# #...#",
    'O' => ".###. #...# #...# #...# #...# #...# .###.",
    'P' => "####. #...# #...# ####. #.... #.... #....",
    'Q' => ".###. #...# #...# #...# #.#.# #..#. .##.#",
    'R' => "####. #...# #...# ####. #.#.. #..#. #...#",
    'S' => ".#### #.... #.... .###. ....# ....# ####.",
    'T' => "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    'U' => "#...# #...# #...# #...# #...# #...# .###.",
    'V' => "#...# #...# #...# #...# #...# .#.#. ..#..",
    'W' => "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    'X' => "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    'Y' => "#...# #...# #...# .#.#. ..#.. ..#.. ..#..",
    'Z' => "##### ....# ...#. ..#.. .#... #.... #####",
    '[' => ".###. .#... .#... .#... .#... .#... .###.",
    '\\' => "..... #.... .#... ..#.. ...#. ....#",
    ']' => ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    '^' => "..#.. .#.#. #...#",
    '_' => "..... ..... ..... ..... ..... ..... #####",
    '`' => ".#... ..#.. ...#.",
    'a' => "..... ..... .###. ....# .#### #...# .####",
    'b' => "#.... #.... #.##. ##..# #...# #...# ####.",
    'c' => "..... ..... .###. #.... #.... #...# .###.",
    'd' => "....# ....# .##.# #..## #...# #...# .####",
    'e' => "..... ..... .###. #...# ##### #.... .###.",
    'f' => "..##. .#..# .#... ###.. .#... .#... .#...",
    'g' => "..... ..... .#### #...# #...# .#### ....# .###.",
    'h' => "#.... #.... #.##. ##..# #...# #...# #...#",
    'i' => "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    'j' => "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
    'k' => "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
    'l' => ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    'm' => "..... ..... ##.#. #.#.# #.#.# #...# #...#",
    'n' => "..... ..... #.##. ##..# #...# #...# #...#",
    'o' => "..... ..... .###. #...# #...# #...# .###.",
    'p' => "..... ..... ####. #...# #...# ####. #.... #....",
    'q' => "..... ..... .#### #...# #...# .#### ....# ....#",
    'r' => "..... ..... #.##. ##..# #.... #.... #....",
    's' => "..... ..... .###. #.... .###. ....# ####.",
    't' => ".#... .#... ###.. .#... .#... .#..# ..##.",
    'u' => "..... ..... #...# #...# #...# #..## .##.#",
    'v' => "..... ..... #...# #...# #...# .#.#. ..#..",
    'w' => "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    'x' => "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    'y' => "..... ..... #...# #...# #...# .#### ....# .###.",
    'z' => "..... ..... ##### ...#. ..#.. .#... #####",
    '{' => "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#.",
    '|' => "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    '}' => ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#...",
    '~' => "..... ..... .#... #.#.# ...#.",
    '♥' => "..... .#.#. ##### ##### .###. ..#..",
    '♦' => "..... ..#.. .###. ##### .###. ..#..",
    '⌂' => "..... ..#.. .#.#. #...# #...# #...# #####",
    '─' => "...... ...... ...... ###### ...... ...... ...... ......",
    '│' => "..#... ..#... ..#... ..#... ..#... ..#... ..#... ..#...",
    '┌' => "...... ...... ...... ..#### ..#... ..#... ..#... ..#...",
    '┐' => "...... ...... ...... ###... ..#... ..#... ..#... ..#...",
    '└' => "..#... ..#... ..#... ..#### ...... ...... ...... ......",
    '┘' => "..#... ..#... ..#... ###... ...... ...... ...... ......",
    '├' => "..#... ..#... ..#... ..#### ..#... ..#... ..#... ..#...",
    '┤' => "..#... ..#... ..#... ###... ..#... ..#... ..#... ..#...",
    '█' => "###### ###### ###### ###### ###### ###### ###### ######",
    '▒' => "#.#.#. .#.#.# #.#.#. .#.#.# #.#.#. .#.#.# #.#.#. .#.#.#",
    '░' => "#...#. ..#... #...#. ..#... #...#. ..#... #...#. ..#...",
    '↑' => "..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..",
    '↓' => "..#.. ..#.. ..#.. ..#.. #.#.# .###. ..#..",
    '←' => "..... ..#.. .#... ##### .#... ..#..",
    '→' => "..... ..#.. ...#. ##### ...#. ..#..",
    '▲' => "..... ..... ..#.. .###. #####",
    '►' => "..... .#... .##.. .###. .##.. .#...",
    '▼' => "..... ..... ##### .###. ..#..",
    '◄' => "..... ...#. ..##. .###. ..##. ...#.",
    '·' => "..... ..... ..... ..#..",
    // The pill (an item's look): a solid round tablet, so it never reads as the digit 0.
    '●' => "..... .###. ##### ##### ##### .###.",
    // Creature figures (`scene::figures`): silhouettes, 5 wide and 7 high like a capital, feet on
    // the baseline, each with its own outline so that no two tell apart by colour alone.
    HULK => "..... .###. ##### ##### #.#.# #.#.# ##.##",
    WALKER => ".###. .###. ..#.. ##### ..#.. .#.#. #...#",
    CRAWLER => "..... ..... #...# #.#.# .###. ##### #...#",
    BLADES => "#.#.# #.#.# ##### ..#.. .###. .#.#. ##.##",
}

/// Atlas index of `ch`; characters the font lacks show as '?'.
pub fn glyph_index(ch: char) -> u32 {
    let code = ch as u32;
    if (32..127).contains(&code) {
        return code - 32;
    }
    GLYPHS.iter().skip(95).position(|g| g.ch == ch).map_or('?' as u32 - 32, |i| i as u32 + 95)
}

/// The glyph drawn for `ch` (after the '?' fallback).
pub fn glyph(ch: char) -> &'static Glyph {
    &GLYPHS[glyph_index(ch) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_sits_at_code_minus_32() {
        for code in 32u8..127 {
            let ch = code as char;
            assert_eq!(GLYPHS[(code - 32) as usize].ch, ch);
            assert_eq!(glyph_index(ch), (code - 32) as u32);
        }
    }

    #[test]
    fn hud_symbols_exist_and_unknown_characters_fall_back_to_question_mark() {
        for ch in ['♥', '♦', '⌂', '─', '│', '┌', '┘', '█', '↑', '↓', '←', '→', '▲', '►', '▼', '◄', '·', '●']
        {
            assert_eq!(glyph(ch).ch, ch);
        }
        assert_eq!(glyph('é').ch, '?');
    }

    #[test]
    fn every_visible_glyph_has_lit_pixels_and_characters_are_unique() {
        for (i, g) in GLYPHS.iter().enumerate() {
            assert_eq!(g.rows.iter().any(|&r| r != 0), g.ch != ' ', "{:?}", g.ch);
            assert!(GLYPHS[..i].iter().all(|o| o.ch != g.ch), "{:?} twice", g.ch);
        }
    }

    /// Issue 34: creatures differed only by hue. Each figure must differ from every other in many
    /// pixels and in its outline (where ink starts and ends on some row), so a glance tells them
    /// apart whatever their colour.
    #[test]
    fn creature_figures_differ_in_shape_not_just_in_a_pixel_or_two() {
        let outline = |g: &Glyph| -> Vec<Option<(u32, u32)>> {
            (0..GLYPH_H)
                .map(|y| {
                    let lit: Vec<u32> = (0..GLYPH_W).filter(|&x| g.lit(x, y)).collect();
                    Some((*lit.first()?, *lit.last()?))
                })
                .collect()
        };
        let all = crate::scene::figures::ALL;
        for (i, &a) in all.iter().enumerate() {
            let ga = glyph(a);
            assert_eq!(ga.ch, a, "the font draws figure {a:?}");
            assert_eq!(ga.rows[GLYPH_H as usize - 1], 0, "{a:?} stands on the baseline");
            for &b in &all[..i] {
                let gb = glyph(b);
                let differing: u32 = ga.rows.iter().zip(gb.rows).map(|(x, y)| (x ^ y).count_ones()).sum();
                assert!(differing >= 8, "{a:?} and {b:?} differ in only {differing} font pixels");
                let rows_apart = outline(ga).iter().zip(outline(gb)).filter(|(x, y)| **x != *y).count();
                assert!(rows_apart >= 2, "{a:?} and {b:?} share their outline on all but {rows_apart} rows");
            }
        }
    }

    #[test]
    fn packed_rows_hold_each_font_pixel_once() {
        for g in GLYPHS {
            let rows = g.packed_rows();
            for y in 0..GLYPH_H {
                for x in 0..GLYPH_W {
                    let bit = rows[(y / 4) as usize] >> ((y % 4) * 8 + GLYPH_W - 1 - x) & 1;
                    assert_eq!(bit == 1, g.lit(x, y), "{:?} at {x},{y}", g.ch);
                }
            }
        }
    }
}
