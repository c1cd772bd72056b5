// The world pass's one depth attachment, which both masks and measures: the walls' 1 / distance,
// so the floor and ceiling drawn after skip what a wall covers and the sprites read how far the
// wall is; WORLD_DEPTH_CLEAR (the prelude) where no wall is, for the floor and ceiling, whose
// distance along a ray (`flat_distance`) follows from the ray itself.
//
// A wall at 1 / perpendicular distance `ip` stores WALL_DEPTH_BASE + ip * WALL_DEPTH_SCALE: affine
// in ip, which is affine across the screen on one flat face, so a wall run's vertices carry it and
// the rasteriser interpolates it exactly, with no fragment writing a depth. Any wall farther than
// 1 / 16 cell stores less than 1/2 (a run's quad, extrapolated half a column past its ends, may
// reach a little below WALL_DEPTH_BASE, never below 0); the floor and ceiling strips draw at
// FLAT_DEPTH and test less, so they keep only the pixels no wall wrote.
const WALL_DEPTH_BASE: f32 = 0.25;
const WALL_DEPTH_SCALE: f32 = 1.0 / 64.0;
const FLAT_DEPTH: f32 = 0.75;

fn wall_depth(ip: f32) -> f32 {
    return WALL_DEPTH_BASE + ip * WALL_DEPTH_SCALE;
}

// A stored depth: whether a wall wrote it, and then its perpendicular distance.
fn stored_shows_wall(stored: f32) -> bool {
    return stored < FLAT_DEPTH;
}

fn stored_wall_perp(stored: f32) -> f32 {
    return 1.0 / max((stored - WALL_DEPTH_BASE) / WALL_DEPTH_SCALE, 1e-6);
}

// How far along a ray of elevation `v` it meets the floor (v < 0) or the ceiling (v > 0): both lie
// half a cell from the eye.
fn flat_distance(v: f32) -> f32 {
    return 0.5 / abs(v);
}
