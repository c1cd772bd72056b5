//! Carving a corridor between two rooms: of a few random routes (straight, L or Z), the first that
//! stays one or two cells wide and clear of other rooms, or else the least bad.

use super::openness::{OpenGrid, Rect};
use super::Room;
use crate::game::balance::BALANCE;
use crate::game::rng::GameRng;
use rand::RngExt;

/// Up to three straight legs, each a rectangle as wide as the corridor, running from inside one
/// room to inside the other. Legs overlap at bends so a wide corridor turns with a full square
/// corner.
#[derive(Clone, Copy, Debug)]
struct Route {
    legs: [Rect; 3],
    len: usize,
}

impl Route {
    fn new(legs: &[Rect]) -> Self {
        let mut all = [legs[0]; 3];
        all[..legs.len()].copy_from_slice(legs);
        Self { legs: all, len: legs.len() }
    }

    fn legs(&self) -> &[Rect] {
        &self.legs[..self.len]
    }
}

/// What makes a route worse, most important first: halls it would open (corridors merging or
/// hugging a room), then other rooms it would cut into or graze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Flaws {
    halls: u32,
    rooms_touched: u32,
}

const CLEAN: Flaws = Flaws { halls: 0, rooms_touched: 0 };

/// Joins rooms `a` and `b` with a corridor, two cells wide when `wide` and a clean wide route
/// exists.
///
/// Returns whether it carved. A `required` corridor (a spanning-tree edge) is always carved, flawed
/// or not; an optional one (an extra loop) only when it opens no hall, since a level is fine
/// without it.
pub fn carve_between(
    grid: &mut OpenGrid,
    rooms: &[Room],
    (a, b): (usize, usize),
    wide: bool,
    required: bool,
    rng: &mut GameRng,
) -> bool {
    let widths: &[i32] = if wide { &[2, 1] } else { &[1] };
    let mut best: Option<(Flaws, Route)> = None;
    'widths: for &width in widths {
        for attempt in 0..BALANCE.corridor_candidates {
            let straight_first = attempt == 0;
            let Some(route) = random_route(&rooms[a], &rooms[b], width, straight_first, rng) else {
                break;
            };
            let flaws = flaws_of(grid, rooms, (a, b), &route);
            if best.is_none_or(|(f, _)| flaws < f) {
                best = Some((flaws, route));
            }
            if flaws == CLEAN {
                break 'widths;
            }
        }
    }
    let (flaws, route) = best.expect("two rooms always admit a one-wide route");
    if !required && flaws.halls > 0 {
        return false;
    }
    for &leg in route.legs() {
        grid.open(leg);
    }
    true
}

fn flaws_of(grid: &OpenGrid, rooms: &[Room], (a, b): (usize, usize), route: &Route) -> Flaws {
    let legs = route.legs();
    let rooms_touched = (0..rooms.len())
        .filter(|&i| i != a && i != b)
        .filter(|&i| {
            let near = Rect::of_room(&rooms[i]).grown(1);
            legs.iter().any(|leg| leg.intersects(&near))
        })
        .count() as u32;
    let lo = legs.iter().map(|l| l.y0).min().unwrap_or(0) - 1;
    let hi = legs.iter().map(|l| l.y1).max().unwrap_or(0) + 1;
    let halls = grid.halls_with(legs, lo, hi) - grid.halls_with(&[], lo, hi);
    Flaws { halls, rooms_touched }
}

/// The shapes a route between two rooms can take.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// One vertical leg through the columns both rooms share.
    StraightV,
    /// One horizontal leg through the rows both rooms share.
    StraightH,
    /// Out of `a` horizontally, into `b` vertically.
    BendHV,
    /// Out of `a` vertically, into `b` horizontally.
    BendVH,
    /// Horizontal, vertical through the gap between the rooms, horizontal.
    ZigH,
    /// Vertical, horizontal through the gap between the rooms, vertical.
    ZigV,
}

/// A random route `width` cells wide of a shape the two rooms allow, or None when none fits.
/// With `straight_first`, rooms that face each other get a straight corridor: the shortest and the
/// one a player expects, so it is tried before any detour.
fn random_route(a: &Room, b: &Room, width: i32, straight_first: bool, rng: &mut GameRng) -> Option<Route> {
    let mut shapes = shapes_for(a, b, width);
    let straights = shapes.iter().filter(|s| matches!(s, Shape::StraightV | Shape::StraightH)).count();
    if straight_first && straights > 0 {
        shapes.truncate(straights);
    }
    if shapes.is_empty() {
        return None;
    }
    let route = match shapes[rng.random_range(0..shapes.len())] {
        Shape::StraightV => straight(a, b, width, rng),
        Shape::StraightH => transposed(straight(&t(a), &t(b), width, rng)),
        Shape::BendHV => bend(a, b, width, rng),
        Shape::BendVH => transposed(bend(&t(a), &t(b), width, rng)),
        Shape::ZigH => zig(a, b, width, rng),
        Shape::ZigV => transposed(zig(&t(a), &t(b), width, rng)),
    };
    Some(route)
}

fn shapes_for(a: &Room, b: &Room, width: i32) -> Vec<Shape> {
    let (shared_x, shared_y) = (shared(a.x, a.w, b.x, b.w), shared(a.y, a.h, b.y, b.h));
    let mut shapes = Vec::with_capacity(4);
    if shared_x >= width {
        shapes.push(Shape::StraightV);
    }
    if shared_y >= width {
        shapes.push(Shape::StraightH);
    }
    if shared_x <= 0 && shared_y <= 0 {
        shapes.extend([Shape::BendHV, Shape::BendVH]);
    }
    // A zig's middle leg keeps a wall on each side, off both rooms' walls.
    if -shared_x >= width + 2 {
        shapes.push(Shape::ZigH);
    }
    if -shared_y >= width + 2 {
        shapes.push(Shape::ZigV);
    }
    shapes
}

/// Length of the span two ranges [start, start+len) share; negative: the size of the gap between
/// them.
fn shared(a_start: i32, a_len: i32, b_start: i32, b_len: i32) -> i32 {
    (a_start + a_len).min(b_start + b_len) - a_start.max(b_start)
}

/// A random first lane of a corridor `width` wide that fits in [start, start+len).
fn lane(start: i32, len: i32, width: i32, rng: &mut GameRng) -> i32 {
    rng.random_range(start..=start + len - width)
}

fn straight(a: &Room, b: &Room, width: i32, rng: &mut GameRng) -> Route {
    let lo = a.x.max(b.x);
    let x = lane(lo, shared(a.x, a.w, b.x, b.w), width, rng);
    let (ya, yb) = (a.center().y, b.center().y);
    Route::new(&[rect(x, ya.min(yb), x + width - 1, ya.max(yb))])
}

fn bend(a: &Room, b: &Room, width: i32, rng: &mut GameRng) -> Route {
    let row = lane(a.y, a.h, width, rng);
    let col = lane(b.x, b.w, width, rng);
    let (ax, by) = (a.center().x, b.center().y);
    let out = rect(ax.min(col), row, ax.max(col + width - 1), row + width - 1);
    let into = rect(col, row.min(by), col + width - 1, by.max(row + width - 1));
    Route::new(&[out, into])
}

fn zig(a: &Room, b: &Room, width: i32, rng: &mut GameRng) -> Route {
    let (left, right) = if a.x < b.x { (a, b) } else { (b, a) };
    let row_l = lane(left.y, left.h, width, rng);
    let row_r = lane(right.y, right.h, width, rng);
    // Columns strictly between the rooms' side walls.
    let gap_start = left.x + left.w + 1;
    let mid = lane(gap_start, right.x - 1 - gap_start, width, rng);
    let far = mid + width - 1;
    Route::new(&[
        rect(left.center().x, row_l, far, row_l + width - 1),
        rect(mid, row_l.min(row_r), far, row_l.max(row_r) + width - 1),
        rect(mid, row_r, right.center().x, row_r + width - 1),
    ])
}

fn rect(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
    Rect { x0, y0, x1, y1 }
}

/// A room mirrored across the diagonal, so one routine draws both the horizontal and vertical
/// cases.
fn t(r: &Room) -> Room {
    Room { x: r.y, y: r.x, w: r.h, h: r.w }
}

fn transposed(route: Route) -> Route {
    let flip = |r: &Rect| rect(r.y0, r.x0, r.y1, r.x1);
    let legs: Vec<Rect> = route.legs().iter().map(flip).collect();
    Route::new(&legs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::gen::connectivity::all_reachable;
    use crate::game::rng::level_stream;

    fn carved(rooms: &[Room], wide: bool) -> Vec<String> {
        let mut grid = OpenGrid::new(14, rooms);
        carve_between(&mut grid, rooms, (0, 1), wide, true, &mut level_stream(3, 1));
        grid.to_map().rows()
    }

    #[test]
    fn facing_rooms_get_a_straight_corridor_inside_their_shared_rows() {
        let rooms = [Room { x: 1, y: 2, w: 3, h: 3 }, Room { x: 9, y: 3, w: 3, h: 3 }];
        let rows = carved(&rooms, true);
        let between: Vec<&str> = rows.iter().map(|r| &r[4..9]).collect();
        let open: Vec<usize> = (0..rows.len()).filter(|&y| between[y] == ".....").collect();
        assert_eq!(open, vec![3, 4], "{rows:#?}");
        assert!(between.iter().all(|c| *c == "....." || *c == "#####"), "{rows:#?}");
    }

    #[test]
    fn diagonal_rooms_are_joined_without_opening_a_hall() {
        let rooms = [Room { x: 1, y: 1, w: 3, h: 3 }, Room { x: 9, y: 8, w: 4, h: 4 }];
        for seed in 0..50 {
            let mut grid = OpenGrid::new(14, &rooms);
            carve_between(&mut grid, &rooms, (0, 1), true, true, &mut level_stream(seed, 1));
            let map = grid.to_map();
            assert!(grid.hall_centres().is_empty(), "{:#?}", map.rows());
            assert!(all_reachable(&map, rooms[0].center()), "{:#?}", map.rows());
        }
    }
}
