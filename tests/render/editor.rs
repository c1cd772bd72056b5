//! The level editor's frame on the (software) GPU, asserted on real pixels: the seed's layer
//! opacities (the active carrier's line bright, the others faint, the surface halved under an
//! underground layer), egui's panels painted into the same frame, and the validation panel's and
//! the board's issue marks in the error colour.

use crate::common::gpu_or_skip;
use hollowdeep::app::reactor::editor::document::Document;
use hollowdeep::app::reactor::editor::{headless, ui, EditorScreen};
use hollowdeep::grid::Pos;
use hollowdeep::reactor::edit::Layer;
use hollowdeep::reactor::{text, Balance};
use hollowdeep::render::board::{BoardCamera, BoardView};

const W: u32 = 1280;
const H: u32 = 720;

/// A fuel line on row 2 and a coolant line on row 3, neither fed (no source), nothing else.
const LINES: &str = "[surface]
##########
#@.......#
#........#
#........#
#........#
##########
[fuel]
..........
..........
.=======..
..........
..........
..........
[coolant]
..........
..........
..........
.=======..
..........
..........
[level]
id opacity
";

fn screen(map: &str, layer: Layer) -> EditorScreen {
    let b = Balance::normal();
    let level = text::parse(map, &b).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message));
    let mut doc = Document::from_level(level, &b);
    doc.set_layer(layer);
    headless::settled(doc, (W, H))
}

/// The frame and where its board lies.
fn draw(screen: &mut EditorScreen) -> (Vec<u8>, BoardView) {
    let gpu = gpu_or_skip().expect("checked by the caller");
    let rgba = headless::render(gpu, screen, (W, H));
    let level = screen.doc.editor.level();
    let view = BoardView::in_area(screen.board_area(), level.width(), level.height(), BoardCamera::default());
    (rgba, view)
}

fn px(rgba: &[u8], x: u32, y: u32) -> [f32; 3] {
    let i = ((y * W + x) * 4) as usize;
    [f32::from(rgba[i]), f32::from(rgba[i + 1]), f32::from(rgba[i + 2])]
}

/// Mean colour of the 3×3 pixels around a point of a cell.
fn at(rgba: &[u8], view: &BoardView, p: Pos, fx: f32, fy: f32) -> [f32; 3] {
    let (x, y) = view.point(p, fx, fy);
    let mut sum = [0.0; 3];
    for dy in 0..3 {
        for dx in 0..3 {
            let c = px(rgba, x + dx - 1, y + dy - 1);
            for k in 0..3 {
                sum[k] += c[k] / 9.0;
            }
        }
    }
    sum
}

// Where each carrier's line runs through a cell: board.wgsl offsets carrier k by (k - 1) * 0.2.
const FUEL_Y: f32 = 0.3;
const COOLANT_Y: f32 = 0.5;

#[test]
fn each_layer_shows_its_own_carrier_bright_and_the_others_faint() {
    let Some(_) = gpu_or_skip() else { return };
    let mut frames = Vec::new();
    for layer in [Layer::Surface, Layer::Fuel, Layer::Coolant, Layer::Electricity] {
        let mut s = screen(LINES, layer);
        let (rgba, view) = draw(&mut s);
        let fuel = at(&rgba, &view, Pos::new(4, 2), 0.5, FUEL_Y);
        let coolant = at(&rgba, &view, Pos::new(4, 3), 0.5, COOLANT_Y);
        let floor = at(&rgba, &view, Pos::new(6, 1), 0.5, 0.5);
        frames.push((layer, fuel, coolant, floor));
    }
    let get = |l: Layer| frames.iter().find(|f| f.0 == l).copied().unwrap();
    let (_, fuel_s, coolant_s, floor_s) = get(Layer::Surface);
    let (_, fuel_f, coolant_f, floor_f) = get(Layer::Fuel);
    let (_, fuel_c, coolant_c, floor_c) = get(Layer::Coolant);
    let (_, fuel_e, coolant_e, floor_e) = get(Layer::Electricity);
    // Fuel active: its line is redder than on every other layer, where it is a quarter.
    for other in [fuel_s, fuel_c, fuel_e] {
        assert!(fuel_f[0] > other[0] + 15.0, "fuel on Fuel {fuel_f:?} vs elsewhere {other:?}");
    }
    assert!(
        fuel_f[2] > fuel_f[1] + 30.0 && fuel_f[0] > fuel_f[1] + 30.0,
        "the active fuel line is violet: {fuel_f:?}"
    );
    // Coolant active: its line is bluer than on every other layer.
    for other in [coolant_s, coolant_f, coolant_e] {
        assert!(coolant_c[2] > other[2] + 15.0, "coolant on Coolant {coolant_c:?} vs elsewhere {other:?}");
    }
    assert!(coolant_c[2] > coolant_c[0] + 20.0, "the active coolant line is blue: {coolant_c:?}");
    // The surface is full on Surface and half under any underground layer.
    for under in [floor_f, floor_c, floor_e] {
        assert!(
            floor_s[1] > under[1] * 1.25,
            "surface floor {floor_s:?} vs under an underground layer {under:?}"
        );
    }
    assert!((floor_f[1] - floor_c[1]).abs() <= 2.0, "every underground layer halves the surface alike");
}

/// Mean of a rectangle's pixels.
fn mean(rgba: &[u8], x0: u32, y0: u32, x1: u32, y1: u32) -> [f32; 3] {
    let mut sum = [0.0; 3];
    let n = ((x1 - x0) * (y1 - y0)) as f32;
    for y in y0..y1 {
        for x in x0..x1 {
            let c = px(rgba, x, y);
            for k in 0..3 {
                sum[k] += c[k] / n;
            }
        }
    }
    sum
}

fn near(a: [f32; 3], b: [u8; 3], tolerance: f32) -> bool {
    (0..3).all(|k| (a[k] - f32::from(b[k])).abs() <= tolerance)
}

#[test]
fn egui_panels_and_the_procedural_badges_are_painted_into_the_frame() {
    let Some(_) = gpu_or_skip() else { return };
    let mut s = screen(LINES, Layer::Surface);
    let (rgba, view) = draw(&mut s);
    // Left of the board: the palette panel, in egui's panel colour, not the board's black.
    let panel = egui::Visuals::dark().panel_fill;
    let fill = [panel.r(), panel.g(), panel.b()];
    let left = view.area[0] as u32;
    assert!(left >= 100, "the board starts right of the palette: {:?}", view.area);
    let corner = mean(&rgba, W - 16, H - 60, W - 4, H - 40);
    assert!(near(corner, fill, 4.0), "the side panel's empty foot is egui's panel fill {fill:?}: {corner:?}");
    // A procedural badge: the wall tool's colour appears in the palette column.
    let wall =
        hollowdeep::app::reactor::editor::badges::look(hollowdeep::reactor::edit::Tool::Wall, Layer::Surface)
            .colour;
    let found = (0..H).any(|y| (0..left.min(60)).any(|x| near(px(&rgba, x, y), wall, 3.0)));
    assert!(found, "the wall badge's colour {wall:?} is in the palette");
    // Text: the panels hold bright glyph pixels on the dark fill (labels, headings).
    let bright =
        (0..H).flat_map(|y| (0..left).map(move |x| (x, y))).filter(|&(x, y)| px(&rgba, x, y)[1] > 180.0);
    assert!(bright.count() > 200, "the palette shows text");
    // The board itself is still the board pass: a wall cell's hatching, not a panel colour.
    let wall_cell = at(&rgba, &view, Pos::new(0, 0), 0.5, 0.5);
    assert!(!near(wall_cell, fill, 4.0), "the board shows through egui: {wall_cell:?}");
}

/// No reactor, a consumer on a wall: errors, listed red; the picked one outlined on its cell.
const BROKEN: &str = "[surface]
#######
#@...A#
#.....#
#######
[props]
A consumer on
[level]
id broken
required 1 0 0
";

#[test]
fn the_validation_panel_lists_errors_in_red_and_the_picked_cell_is_outlined() {
    let Some(_) = gpu_or_skip() else { return };
    let mut s = screen(BROKEN, Layer::Surface);
    let issues = s.doc.editor.issues();
    assert!(!issues.is_empty(), "the fixture has issues");
    let (rgba, view) = draw(&mut s);
    let right = (view.area[0] + view.area[2]) as u32;
    let red = [ui::style::ERROR.r(), ui::style::ERROR.g(), ui::style::ERROR.b()];
    let in_panel = (0..H).any(|y| (right..W).any(|x| near(px(&rgba, x, y), red, 12.0)));
    assert!(in_panel, "an error line in the error colour in the side panel");
    // Pick the first issue with a cell: the cursor jumps there and a thick red frame marks it.
    let Some((i, p)) = issues.iter().enumerate().find_map(|(i, is)| is.pos.map(|p| (i, p))) else {
        panic!("the fixture has an issue at a cell: {issues:?}");
    };
    s.doc.pick_issue(i);
    assert_eq!(s.doc.editor.cursor(), p);
    for _ in 0..2 {
        let _ = s.frame(headless::input(W, H, Vec::new()));
    }
    let (rgba, view) = draw(&mut s);
    let edge = at(&rgba, &view, p, 0.5, 0.03);
    assert!(edge[0] > 200.0 && edge[0] > edge[2] + 80.0, "the picked cell's outline is red: {edge:?}");
}

/// `--edit L --headless --screenshot` writes the editor frame at the asked size (an odd width
/// catches row-padding mistakes), on the asked layer.
#[test]
fn the_headless_editor_screenshot_is_a_png_of_the_asked_size() {
    let Some(_) = gpu_or_skip() else { return };
    let out = std::env::temp_dir().join(format!("hollowdeep-editor-shot-{}.png", std::process::id()));
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/reactor/06-isolate.json");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .args([
            "reactor",
            "--edit",
            level,
            "--headless",
            "--layer",
            "coolant",
            "--size",
            "701x401",
            "--screenshot",
        ])
        .arg(&out)
        .output()
        .expect("the binary runs");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).expect("written")));
    let reader = decoder.read_info().expect("a PNG");
    assert_eq!((reader.info().width, reader.info().height), (701, 401));
    let _ = std::fs::remove_file(&out);
}
