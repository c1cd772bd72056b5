//! The reactor's robot's-eye view on the (software) GPU: a floor with a surface value on it is drawn
//! in that quantity's board colour, a clean floor is not.

use crate::common::{gpu_or_skip, Frame as Shot};
use hollowdeep::mode::Mode;
use hollowdeep::reactor::mode::Reactor;
use hollowdeep::reactor::{level::Quantity, text, Balance, Game};
use hollowdeep::render::board::board_area;
use hollowdeep::render::{render_image, Frame, View};
use hollowdeep::scene::BOARD_HUES;

const W: u32 = 960;
const H: u32 = 540;

/// A corridor the robot looks down (facing east), with fuel spilt over the floor ahead or not.
fn corridor(fuel: bool) -> Reactor {
    let values =
        if fuel { (2..8).map(|x| format!("{x} 1 fuel=2\n")).collect::<String>() } else { String::new() };
    let map = format!("[surface]\n##########\n#@.......#\n##########\n[values]\n{values}[level]\nid spill\n");
    let b = Balance::normal();
    let level = text::parse(&map, &b).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message));
    let mut r = Reactor::new(Game::new(level, b));
    r.view.eye_view = true;
    r
}

fn eye_shot(r: &mut Reactor) -> Shot {
    let gpu = gpu_or_skip().expect("checked by the caller");
    let scene = r.scene(None);
    Shot::new(W, H, render_image(gpu, &scene, &Frame::calm(View::of_scene(&scene, 0.0)), W, H))
}

#[test]
fn a_floor_cell_with_a_surface_value_is_drawn_tinted_in_the_eye_view() {
    let Some(_) = gpu_or_skip() else { return };
    let spilt = eye_shot(&mut corridor(true));
    let clean = eye_shot(&mut corridor(false));
    // The floor a cell or two ahead: the middle of the view's width, between the horizon and the
    // bottom edge.
    let view_w = board_area(W, H)[2] as u32;
    let (x, y, w, h) = (view_w / 2 - 20, H * 3 / 4, 40, H / 10);
    let [r, g, b] = spilt.mean_rgb(x, y, w, h);
    let [cr, cg, cb] = clean.mean_rgb(x, y, w, h);
    let path = spilt.save("eye_view_fuel");
    clean.save("eye_view_clean");
    let fuel = BOARD_HUES[Quantity::Fuel as usize];
    assert!(fuel[2] > fuel[1] + 100 && fuel[0] > fuel[1] + 100, "fuel's board colour is violet");
    // Violet under the corridor's warm light: red and blue both gain on green against the clean floor.
    assert!(
        r - g > cr - cg + 10.0 && b - g > cb - cg + 10.0,
        "the fuel floor is violet: rgb {r:.1} {g:.1} {b:.1} against {cr:.1} {cg:.1} {cb:.1} (see {})",
        path.display()
    );
    assert!(cr < cg + 8.0 && cr < cb + 8.0, "the clean floor is not: rgb {cr:.1} {cg:.1} {cb:.1}");
    assert!(cr > 5.0, "the clean floor is lit, so the comparison means something: {cr:.1}");
}
