//! The seen grid as one bit per cell, set where a ray stops (`blocks_view`), for the walks the world
//! pass makes per pixel: a uniform block, where lavapipe reads a storage buffer lane by lane even for
//! lanes that are off. The silhouette walk's first grid read from the storage buffer cost warped
//! frames about a quarter of a bare ray-cast; from the bits it costs less (docs/frame-cost.md).

use super::reference::blocks_view;

/// Cells the block holds: a 256 × 256 grid, the largest board (`reactor::schema::MAX_SIDE`) and far
/// more than any crawler level. The shader treats a cell past it as a wall.
pub const WALL_BIT_CELLS: usize = 256 * 256;

/// The block's `vec4<u32>` slots (`wall_bits` in shaders/world/inputs.wgsl): 128 cells each.
pub const WALL_BIT_SLOTS: usize = WALL_BIT_CELLS / 128;

/// Bytes of the block.
pub const WALL_BIT_BYTES: u64 = (WALL_BIT_SLOTS * 16) as u64;

/// Bit `i % 32` of word `i / 32` is cell `i` (row-major, as the cell words): 1 where it stops a ray.
pub fn wall_bits(cells: &[u32]) -> Vec<u32> {
    debug_assert!(cells.len() <= WALL_BIT_CELLS, "a grid of {} cells outgrows the wall bits", cells.len());
    let mut words = vec![0u32; WALL_BIT_SLOTS * 4];
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
        assert_eq!(words.len() * 4, WALL_BIT_BYTES as usize);
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
        assert_eq!(WALL_BIT_SLOTS * 128, WALL_BIT_CELLS);
    }
}
