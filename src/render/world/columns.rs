//! Where the column pass casts its samples (`shaders/columns.wgsl`, read back by
//! `shaders/world/columns.wgsl`): one ray per pixel column of the view, or of a warped frame's canvas
//! (`render::warp`), from which the wall runs are placed (`vs_run` in `shaders/world.wgsl`).

/// `SURFACE` override values of `shaders/world.wgsl`: a pipeline shades only walls, only the floor
/// or only the ceiling.
pub const SURFACE_WALL: u32 = 1;
pub const SURFACE_FLOOR: u32 = 2;
pub const SURFACE_CEILING: u32 = 3;

/// Pixels across one strip of floor or ceiling: a multiple of the 4-pixel blocks a software
/// rasteriser shades at once, and wide enough that the blocks along the diagonal of its quad, which
/// the rasteriser shades once for each of the two triangles, are a small share (8-pixel strips made
/// calm frames dearer, 32 and 64 cheaper by about the same).
pub const STRIP_WIDTH: u32 = 32;

/// The strips covering a view `width` pixels wide.
pub(crate) fn strip_count(width: u32) -> u32 {
    width.div_ceil(STRIP_WIDTH)
}

/// Bytes of one sample (`ColumnHit` in `shaders/world/inputs.wgsl`): its distance, packed wall and
/// whether it crosses a lit cell.
pub(crate) const SAMPLE_BYTES: u64 = 12;

/// A wall run as the column pass lists it: its first and last column (`vec2<u32>`).
pub(crate) const RUN_BYTES: u64 = 8;

/// The samples of one frame: sample `i` casts through pixel x `origin + i * step` (before the jolt).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ColumnTable {
    pub origin: f32,
    pub step: f32,
    pub count: u32,
}

impl ColumnTable {
    /// The table for a view `width` pixels wide: the pixel centres, so sample i is column i's own
    /// ray.
    pub(crate) fn for_view(width: u32) -> ColumnTable {
        ColumnTable { origin: 0.5, step: 1.0, count: width.max(1) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pixel_centre_has_its_sample() {
        let t = ColumnTable::for_view(701);
        assert_eq!(t.count, 701);
        for column in [0u32, 350, 700] {
            let x = t.origin + column as f32 * t.step;
            assert_eq!(x, column as f32 + 0.5);
        }
    }

    #[test]
    fn strips_cover_every_column_once() {
        for width in [1u32, 7, 8, 9, 701, 1280] {
            let n = strip_count(width);
            assert!(n * STRIP_WIDTH >= width && (n - 1) * STRIP_WIDTH < width, "width {width}");
        }
        assert_eq!(STRIP_WIDTH % 4, 0);
    }

    #[test]
    fn an_empty_view_still_has_one_sample() {
        assert_eq!(ColumnTable::for_view(0).count, 1);
    }
}
