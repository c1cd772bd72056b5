//! The reactor's board on the (software) GPU, asserted on real pixels: a critical heat cell is drawn
//! in the heat colour where the board places that cell, an underground line joins two connected
//! cells only at an active terminal, and a closed door is drawn closed (an open one is not).

use crate::common::gpu_or_skip;
use hollowdeep::grid::Pos;
use hollowdeep::mode::Mode;
use hollowdeep::reactor::level::Quantity;
use hollowdeep::reactor::mode::Reactor;
use hollowdeep::reactor::{text, Balance, Game};
use hollowdeep::render::board::{BoardCamera, BoardView};
use hollowdeep::render::{render_image, Frame, View};

const W: u32 = 1280;
const H: u32 = 720;

fn reactor(map: &str) -> Reactor {
    let b = Balance::normal();
    let level = text::parse(map, &b).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message));
    Reactor::new(Game::new(level, b))
}

/// The frame of `r` at rest, and where its board lies.
fn draw(r: &mut Reactor) -> (Vec<u8>, BoardView) {
    let gpu = gpu_or_skip().expect("checked by the caller");
    let scene = r.scene(None);
    let cells = &scene.board.as_ref().expect("a reactor scene is a board").cells;
    let view = BoardView::new(W, H, cells.width(), cells.height(), BoardCamera::default());
    let rgba = render_image(gpu, &scene, &Frame::calm(View::of_scene(&scene, 0.0)), W, H);
    (rgba, view)
}

/// Mean sRGB colour of the 5×5 pixels around (x, y).
fn colour_at(rgba: &[u8], (x, y): (u32, u32)) -> [f32; 3] {
    let mut sum = [0.0f32; 3];
    for dy in 0..5 {
        for dx in 0..5 {
            let i = (((y + dy - 2) * W + (x + dx - 2)) * 4) as usize;
            for c in 0..3 {
                sum[c] += f32::from(rgba[i + c]) / 25.0;
            }
        }
    }
    sum
}

const HOT_ROOM: &str = "[surface]
#########
#@......#
#.......#
#########
[values]
5 2 heat=8
[level]
id hot
";

#[test]
fn a_critical_heat_cell_is_drawn_in_the_heat_colour_where_its_cell_is() {
    let Some(_) = gpu_or_skip() else { return };
    let mut r = reactor(HOT_ROOM);
    let b = Balance::normal();
    let heat = r.game.level.surface.get(Pos::new(5, 2)).unwrap().get(Quantity::Heat);
    assert!(heat >= b.critical(Quantity::Heat) && heat < b.terminal_heat, "the fixture's heat is critical");
    let (rgba, view) = draw(&mut r);
    let hot = colour_at(&rgba, view.point(Pos::new(5, 2), 0.5, 0.5));
    let cold = colour_at(&rgba, view.point(Pos::new(2, 2), 0.5, 0.5));
    assert!(
        hot[0] > 170.0 && hot[0] > hot[1] + 40.0 && hot[1] > hot[2] + 20.0,
        "hot cell is orange: {hot:?}"
    );
    assert!(cold[0] < 90.0 && (cold[0] - cold[2]).abs() < 25.0, "a cold floor cell is grey: {cold:?}");
    // One cell over, the heat has not spread into the field's middle.
    let beside = colour_at(&rgba, view.point(Pos::new(3, 2), 0.5, 0.5));
    assert!(beside[0] < 90.0, "the cell two over is not hot: {beside:?}");
}

fn line_room(active: bool) -> String {
    format!(
        "[surface]
#########
#t......#
#########
[fuel]
.........
.====....
.........
[props]
t terminal
2,1 flow fuel on
[level]
id lines
robot 1 1 0 {active}
"
    )
}

#[test]
fn an_underground_line_joins_connected_cells_only_at_an_active_terminal() {
    let Some(_) = gpu_or_skip() else { return };
    // The fuel layer is drawn 0.3 of a cell down from the top (each carrier has its own offset).
    let joint = |view: &BoardView, x| view.point(Pos::new(x, 1), 0.95, 0.3);
    let mut away = reactor(&line_room(false));
    assert!(!away.game.level.robot.terminal_active);
    let (rgba, view) = draw(&mut away);
    let c = colour_at(&rgba, joint(&view, 3));
    assert!(c[2] < 90.0, "no line away from an active terminal: {c:?}");
    let mut at = reactor(&line_room(true));
    assert!(hollowdeep::reactor::command::at_active_terminal(&at.game.level));
    let (rgba, view) = draw(&mut at);
    let c = colour_at(&rgba, joint(&view, 3));
    // Fuel's hue is violet: much red and blue, no green.
    assert!(c[2] > 120.0 && c[0] > c[1] + 60.0, "a violet fuel line between (3,1) and (4,1): {c:?}");
    // (4,1) is the line's end: nothing joins it to (5,1).
    let c = colour_at(&rgba, joint(&view, 4));
    assert!(c[2] < 90.0, "no line past the last connected cell: {c:?}");
}

fn door_room(state: &str) -> String {
    format!(
        "[surface]
#######
#@.d..#
#######
[props]
d door {state}
[level]
id door
"
    )
}

#[test]
fn a_closed_door_is_drawn_closed_and_an_open_one_open() {
    let Some(_) = gpu_or_skip() else { return };
    let door = Pos::new(3, 1);
    let (rgba, view) = draw(&mut reactor(&door_room("closed")));
    let closed = colour_at(&rgba, view.point(door, 0.5, 0.5));
    assert!(
        closed[0] > 150.0 && closed[1] > 100.0 && closed[2] < 110.0,
        "a closed leaf across the cell: {closed:?}"
    );
    let (rgba, view) = draw(&mut reactor(&door_room("open")));
    let open = colour_at(&rgba, view.point(door, 0.5, 0.5));
    assert!(open[0] < 90.0, "an open door leaves the middle of the corridor free: {open:?}");
}

#[test]
fn the_headless_driver_writes_a_screenshot_of_the_board() {
    let Some(_) = gpu_or_skip() else { return };
    let out = std::env::temp_dir().join(format!("reactor-shot-{}.png", std::process::id()));
    let level = format!("{}/assets/reactor/01-first-light.json", env!("CARGO_MANIFEST_DIR"));
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .args(["reactor", "--headless", "--level", &level, "--size", "640x360", "--screenshot"])
        .arg(&out)
        .output()
        .expect("runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).expect("written")));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!((info.width, info.height), (640, 360));
    let _ = std::fs::remove_file(&out);
}

/// The robot is the white disc, and its black arrowhead points the way it last moved.
#[test]
fn the_robot_is_a_white_disc_with_an_arrow_the_way_it_faces() {
    let Some(_) = gpu_or_skip() else { return };
    let room = "[surface]\n#######\n#@....#\n#.....#\n#######\n[level]\nid robot\n";
    let mut r = reactor(room);
    for f in [hollowdeep::grid::Facing::East, hollowdeep::grid::Facing::South] {
        r.act(hollowdeep::reactor::script::Action::Do(hollowdeep::reactor::Command::MoveRobot(f)));
    }
    let at = Pos::new(2, 2);
    assert_eq!(r.game.level.robot.pos, at);
    let (rgba, view) = draw(&mut r);
    let ahead = colour_at(&rgba, view.point(at, 0.5, 0.65));
    let side = colour_at(&rgba, view.point(at, 0.72, 0.5));
    let behind = colour_at(&rgba, view.point(at, 0.5, 0.25));
    assert!(ahead.iter().all(|&c| c < 60.0), "the arrow, black, points south: {ahead:?}");
    assert!(side.iter().all(|&c| c > 200.0), "the disc beside it is white: {side:?}");
    assert!(behind.iter().all(|&c| c > 200.0), "and behind it: {behind:?}");
    let floor = colour_at(&rgba, view.point(Pos::new(4, 1), 0.5, 0.5));
    assert!(floor.iter().all(|&c| c < 90.0), "an empty floor cell is dark: {floor:?}");
}
