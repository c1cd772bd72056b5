//! The seen grid as one bit per cell, set where a ray stops (`blocks_view`), for the silhouette walk
//! of a warped pixel: the first words of the walk words (`walk_words` in shaders/world/inputs.wgsl),
//! beside the column samples, so that the walk's reads and the samples' are one load
//! (world/columns.wgsl, docs/frame-cost.md).

use super::reference::blocks_view;

/// Cells the block holds: a 256 × 256 grid, the largest board (`reactor::schema::MAX_SIDE`) and far
/// more than any crawler level. The shader treats a cell past it as a wall.
pub const WALL_BIT_CELLS: usize = 256 * 256;

/// The words the bits take: 32 cells each.
pub const WALL_BIT_WORDS: usize = WALL_BIT_CELLS / 32;

/// Bit `i % 32` of word `i / 32` is cell `i` (row-major, as the cell words): 1 where it stops a ray.
pub fn wall_bits(cells: &[u32]) -> Vec<u32> {
    debug_assert!(cells.len() <= WALL_BIT_CELLS, "a grid of {} cells outgrows the wall bits", cells.len());
    let mut words = vec![0u32; WALL_BIT_WORDS];
    for (i, &cell) in cells.iter().take(WALL_BIT_CELLS).enumerate() {
        if blocks_view(cell) {
            words[i / 32] |= 1 << (i % 32);
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::scene::{FLAG_PHANTOM_PASSAGE, FLAG_PHANTOM_WALL, TILE_EXIT, TILE_FLOOR, TILE_WALL};

    fn bit(words: &[u32], i: usize) -> bool {
        words[i / 32] >> (i % 32) & 1 == 1
    }

    #[test]
    fn a_bit_is_set_exactly_where_a_ray_stops() {
        let cells = [
            TILE_WALL,
            TILE_FLOOR,
            TILE_EXIT,
            TILE_FLOOR | FLAG_PHANTOM_WALL,
            TILE_WALL | FLAG_PHANTOM_PASSAGE,
            TILE_WALL,
        ];
        let mut many = cells.repeat(40);
        many.push(TILE_WALL);
        let words = wall_bits(&many);
        assert_eq!(words.len(), WALL_BIT_WORDS);
        for (i, &cell) in many.iter().enumerate() {
            assert_eq!(bit(&words, i), blocks_view(cell), "cell {i}: {cell:#x}");
        }
        assert!(bit(&words, 240), "the last cell, past a word boundary");
        assert!(!bit(&words, 241), "past the grid nothing is set");
    }

    #[test]
    fn the_largest_board_fits() {
        let words = wall_bits(&vec![TILE_WALL; WALL_BIT_CELLS]);
        assert!(words.iter().all(|&w| w == u32::MAX));
        assert_eq!(WALL_BIT_WORDS * 32, WALL_BIT_CELLS);
    }
}
