//! Headless GPU rendering tests on real pixels (lavapipe on machines without a GPU): wall placement
//! against the CPU reference ray-cast, the exit pit, readback of odd widths, the HUD text, and a set
//! of views saved as /tmp/hollowdeep_*.png for a human to look at.

use crate::common::{detect_wall_rows, gpu_or_skip, rest_view, scene, srgb_byte, wall_like, Frame};
use glam::Vec2;
use hollowdeep::game::{Action, Facing, Game, Map, Pos};
use hollowdeep::render::font::{glyph, GLYPH_H, GLYPH_W};
use hollowdeep::render::hud::compose::{hud_layout, linear, message_layout, HudGrid, HudText, MESSAGE_COLOR};
use hollowdeep::render::hud::strip::{strip_layout, TurnStrip};
use hollowdeep::render::{
    reference, render_image, world_viewport, Camera, Effects, Gpu, Offscreen, Renderer, View,
};

fn game(rows: &[&str], start: (i32, i32), facing: Facing) -> Game {
    Game::from_map(Map::from_rows(rows).unwrap(), Pos::new(start.0, start.1), facing)
}

fn view(x: f32, y: f32, angle: f32) -> View {
    View { eye: Vec2::new(x, y), angle, time: 0.0 }
}

fn render(gpu: &Gpu, game: &Game, view: &View, w: u32, h: u32) -> Frame {
    Frame::new(w, h, render_image(gpu, &scene(game), &hollowdeep::render::Frame::calm(*view), w, h))
}

/// A room with a free-standing pillar: walls at many distances and both orientations.
const PILLAR_ROOM: &[&str] = &["#########", "#.......#", "#.......#", "#..#....#", "#.......#", "#########"];

/// Compares detected wall rows with the reference in every `step`-th lit column; returns how many
/// columns were checked.
fn assert_walls_match_reference(f: &Frame, g: &Game, v: &View, step: u32, what: &str) -> usize {
    let (vw, vh) = world_viewport(f.width, f.height);
    let cam = Camera::new(v, vw, vh);
    // The HUD's turn strip covers the ceiling in the top right: there only the wall's bottom counts.
    let seen = scene(g);
    let strip_actors = TurnStrip { actors: seen.hud.strip.clone() };
    let strip = strip_layout(&strip_actors, &HudGrid::new(f.width, f.height)).map(|s| s.panel);
    let mut checked = 0;
    for x in (0..vw).step_by(step as usize) {
        let under_strip = strip.is_some_and(|r| (r.x..r.right()).contains(&(x as i32)));
        let xc = x as f32 + 0.5;
        let hit = reference::cast_column(&seen.world.cells, &cam, xc).expect("closed room");
        // Beyond ~3 cells the torch is too dim for hue to be trusted.
        if hit.perp * cam.ray(xc).length() > 3.2 {
            continue;
        }
        let (want_top, want_bottom) = reference::wall_rows(&seen.world.cells, &cam, xc).unwrap();
        let (top, bottom) = detect_wall_rows(f, x, vh);
        assert!(
            (under_strip || top.abs_diff(want_top) <= 2) && bottom.abs_diff(want_bottom) <= 2,
            "{what}, column {x}: wall rows {top}..{bottom}, reference {want_top}..{want_bottom} (see {})",
            f.save(&format!("fail_{what}")).display()
        );
        checked += 1;
    }
    checked
}

#[test]
fn walls_stand_where_the_reference_ray_cast_puts_them() {
    let Some(gpu) = gpu_or_skip() else { return };
    let g = game(PILLAR_ROOM, (1, 2), Facing::East);
    let poses = [
        ("east", view(1.5, 2.5, 0.0)),
        ("oblique", view(1.5, 3.5, -0.4)),
        ("west_northwest", view(5.2, 4.4, 3.5)),
        ("off_centre", view(2.2, 1.3, 0.9)),
    ];
    for (name, v) in poses {
        let f = render(gpu, &g, &v, 320, 200);
        let checked = assert_walls_match_reference(&f, &g, &v, 4, name);
        assert!(checked >= 20, "{name}: only {checked} lit columns to compare");
    }
}

#[test]
fn odd_width_frames_read_back_without_skew() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (w, h) = (701, 401);
    let g = game(PILLAR_ROOM, (1, 3), Facing::East);
    let v = view(1.5, 3.5, 0.05);
    let f = render(gpu, &g, &v, w, h);
    assert_walls_match_reference(&f, &g, &v, 7, "odd_width");

    // The pillar's left edge must be one straight vertical line at the reference column: a wrong row
    // pitch in the readback would shear it sideways row by row.
    let (vw, vh) = world_viewport(w, h);
    let cam = Camera::new(&v, vw, vh);
    let pillar = glam::IVec2::new(3, 3);
    let cells = scene(&g).world.cells;
    let edge = (0..vw)
        .find(|&x| reference::cast_column(&cells, &cam, x as f32 + 0.5).unwrap().cell == pillar)
        .expect("pillar in view");
    let pillar_rows = reference::wall_rows(&cells, &cam, edge as f32 + 0.5).unwrap();
    let far_rows = reference::wall_rows(&cells, &cam, edge as f32 - 3.5).unwrap();
    // Rows where the pillar meets the ceiling to its left (above the far wall's top).
    let rows = pillar_rows.0 + 3..far_rows.0 - 3;
    assert!(rows.len() >= 10, "too few rows to judge straightness: {rows:?}");
    for y in rows {
        let found =
            (edge - 12..edge + 12).find(|&x| (0..3).all(|k| wall_like(&f, x + k, y))).unwrap_or(u32::MAX);
        assert!(
            found.abs_diff(edge) <= 1,
            "row {y}: pillar edge at column {found}, expected {edge} (see {})",
            f.save("fail_skew").display()
        );
    }
}

/// Mean (r, g, b) of the floor just beyond the player's own cell, where a pit one cell ahead
/// must show: rows where the floor is between dist - 0.1 and dist + 0.15 cells ahead.
fn floor_ahead_rgb(f: &Frame, dist: f32) -> [f32; 3] {
    let (vw, vh) = world_viewport(f.width, f.height);
    let cam = Camera::new(&view(0.0, 0.0, 0.0), vw, vh);
    let row = |t: f32| (0.5 * vh as f32 + 0.5 * cam.focal.y / t) as u32;
    let (y0, y1) = (row(dist + 0.15), row(dist - 0.1).min(vh - 1));
    let half = (0.2 * cam.focal.x / dist) as u32;
    f.mean_rgb(vw / 2 - half, y0, 2 * half, y1 - y0)
}

/// The pit is a hole lit from below by the exit's cold glow (issue 10): where plain floor is
/// warm under the torch, the hole is blue, and its shaft is unlike the floor.
fn glows_cold(rgb: [f32; 3]) -> bool {
    rgb[2] > rgb[0] + 10.0
}

#[test]
fn exit_pit_is_a_cold_lit_hole_one_and_three_cells_ahead() {
    let Some(gpu) = gpu_or_skip() else { return };
    let with_exit = ["#####", "#...#", "#.>.#", "#...#", "#...#", "#...#", "#####"];
    let without: Vec<String> = with_exit.iter().map(|r| r.replace('>', ".")).collect();
    let without: Vec<&str> = without.iter().map(|s| s.as_str()).collect();
    for (start_y, dist) in [(3, 1.1f32), (5, 3.0)] {
        let pit = game(&with_exit, (2, start_y), Facing::North);
        let plain = game(&without, (2, start_y), Facing::North);
        let v = rest_view(&pit, 0.0);
        let a = render(gpu, &pit, &v, 320, 200);
        let b = render(gpu, &plain, &v, 320, 200);
        let (hole, floor) = (floor_ahead_rgb(&a, dist), floor_ahead_rgb(&b, dist));
        a.save(&format!("pit_test_{start_y}"));
        assert!(
            glows_cold(hole) && !glows_cold(floor),
            "pit {} cells ahead: rgb {hole:?} where plain floor has {floor:?}",
            dist.round()
        );
    }
}

/// Checks that `expected` is drawn glyph by glyph where `hud_layout` places it on the status line:
/// every font pixel's block has the glyph's colour where the atlas has ink and is dark bar elsewhere.
fn assert_status_text(f: &Frame, text: &HudText, expected: &str) {
    let grid = HudGrid::new(f.width, f.height);
    let mut placed: Vec<_> =
        hud_layout(text, &grid).into_iter().filter(|p| p.row == grid.status_row()).collect();
    placed.sort_by_key(|p| p.col);
    let mut line = String::new();
    for p in &placed {
        while (line.chars().count() as u32) < p.col {
            line.push(' ');
        }
        line.push(p.ch);
    }
    let start = line.find(expected).unwrap_or_else(|| panic!("layout says {line:?}, not {expected:?}"));
    let cols = line[..start].chars().count() as u32
        ..(line[..start].chars().count() + expected.chars().count()) as u32;
    let s = grid.scale;
    for p in placed.iter().filter(|p| cols.contains(&p.col)) {
        let want = [0, 1, 2].map(|i| srgb_byte(p.color[i]));
        let (x0, y0) = grid.glyph_origin(p.col, p.row);
        let g = glyph(p.ch);
        for fy in 0..GLYPH_H {
            for fx in 0..GLYPH_W {
                // Every target pixel of the block, so a half-pixel offset or a wrong scale fails.
                for (dx, dy) in [(0, 0), (s - 1, 0), (0, s - 1), (s - 1, s - 1)] {
                    let (x, y) = (x0 + fx * s + dx, y0 + fy * s + dy);
                    let (px, l) = (f.px(x, y).map(i32::from), f.luma(x, y));
                    let ok =
                        if g.lit(fx, fy) { (0..3).all(|i| (px[i] - want[i]).abs() <= 6) } else { l < 40.0 };
                    assert!(
                        ok,
                        "{:?} font pixel ({fx},{fy}) at ({x},{y}): {px:?}, want {want:?}, ink {} (see {})",
                        p.ch,
                        g.lit(fx, fy),
                        f.save("fail_hud").display()
                    );
                }
            }
        }
    }
}

#[test]
fn hud_bar_shows_depth_and_heartbeat_in_the_atlas_font_at_every_scale() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut g = game(PILLAR_ROOM, (1, 2), Facing::East);
    for _ in 0..12 {
        g.act(Action::Wait);
    }
    let text = HudText::from_hud(&scene(&g).hud);
    let v = rest_view(&g, 0.0);
    // 320x200 is too narrow for the labels: the bar shortens them (see hud_bar::BarStyle).
    // The full bar right-aligns the heartbeat in four columns so it never shifts the boxes.
    for (w, h, scale, depth, beats) in
        [(320, 200, 1, "D:1", "♥♥ 12"), (1152, 540, 2, "DEPTH:1", "♥♥ Beats:   12")]
    {
        let f = render(gpu, &g, &v, w, h);
        assert_eq!(HudGrid::new(w, h).scale, scale);
        assert_status_text(&f, &text, depth);
        assert_status_text(&f, &text, beats);
    }
}

#[test]
fn latest_message_shows_above_the_bar_and_fades_out_turns_later() {
    let Some(gpu) = gpu_or_skip() else { return };
    // The exit is in a far corner: Interact away from it swings at the air.
    let mut g = game(&["#######", "#.....#", "#.....#", "#....>#", "#######"], (1, 2), Facing::East);
    g.act(Action::Interact); // "You swing at the air."
    let message_pixels = |g: &Game| {
        let (w, h) = (320, 200);
        let f = render(gpu, g, &rest_view(g, 0.0), w, h);
        let grid = HudGrid::new(w, h);
        let placed = message_layout("You swing at the air.", 1.0, &grid);
        let want = linear(MESSAGE_COLOR, 1.0);
        let want = [0, 1, 2].map(|i| srgb_byte(want[i]));
        let (mut ink, mut matching) = (0, 0);
        for p in placed.iter().filter(|p| p.row == grid.message_row()) {
            let (x0, y0) = grid.glyph_origin(p.col, p.row);
            for fy in 0..GLYPH_H {
                for fx in 0..GLYPH_W {
                    if glyph(p.ch).lit(fx, fy) {
                        ink += 1;
                        let px = f.px(x0 + fx, y0 + fy).map(i32::from);
                        if (0..3).all(|i| (px[i] - want[i]).abs() <= 12) {
                            matching += 1;
                        }
                    }
                }
            }
        }
        (ink, matching, f)
    };
    let (ink, matching, f) = message_pixels(&g);
    assert!(ink > 50);
    assert_eq!(matching, ink, "message ink not in the message colour (see {})", f.save("fail_msg").display());
    for _ in 0..4 {
        g.act(Action::Wait);
    }
    let (_, matching, f) = message_pixels(&g);
    assert!(
        matching < ink / 4,
        "message still shown 5 turns later (see {})",
        f.save("fail_msg_fade").display()
    );
}

#[test]
fn torch_flickers_faintly_and_effects_scale_light_and_tint() {
    let Some(gpu) = gpu_or_skip() else { return };
    let g = game(PILLAR_ROOM, (1, 2), Facing::East);
    let (w, h) = (160, 100);
    let target = Offscreen::new(gpu, w, h);
    let mut renderer = Renderer::new(gpu, Offscreen::format());
    renderer.upload_scene(gpu, &scene(&g));
    let mut frame = |time: f32, effects: Effects| {
        let input = hollowdeep::render::Frame { view: rest_view(&g, time), effects, ui: Default::default() };
        renderer.draw_frame(gpu, target.view(), w, h, &input);
        Frame::new(w, h, target.read_rgba(gpu))
    };
    let (vw, vh) = world_viewport(w, h);
    let world_luma = |f: &Frame| f.mean_luma(0, 0, vw, vh);
    let calm = Effects::default();
    let base = world_luma(&frame(0.0, calm));
    assert!(base > 20.0, "room too dark to judge: {base}");
    // Flicker: the light moves with time, but only faintly.
    let lumas: Vec<f32> = (1..8).map(|i| world_luma(&frame(i as f32 * 0.37, calm))).collect();
    assert!(lumas.iter().any(|&l| (l - base).abs() > 0.2), "no flicker: {base} vs {lumas:?}");
    assert!(lumas.iter().all(|&l| (l / base - 1.0).abs() < 0.12), "flicker too strong: {base} vs {lumas:?}");
    // Darkness scales the torch.
    let dim = world_luma(&frame(0.0, Effects { light_scale: 0.3, ..calm }));
    assert!(dim < 0.6 * base, "light_scale 0.3 gave {dim} against {base}");
    // A red flash tints the world, not the HUD bar.
    let red = frame(0.0, Effects { flash_rgba: [1.0, 0.0, 0.0, 0.5], ..calm });
    let [r, g_, b] = red.px(vw / 2, vh / 2);
    assert!(r > 150 && r as u32 > g_ as u32 + b as u32, "flash not red: {:?}", (r, g_, b));
    assert_eq!(red.px(w - 2, h - 2), frame(0.0, calm).px(w - 2, h - 2), "flash leaked into the bar");
}

/// Renders the views a human should look at and checks the torch's reach on them.
#[test]
fn views_for_the_eye_are_torch_lit_and_fade_to_black() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (w, h) = (1280, 720);
    let (vw, vh) = world_viewport(w, h);

    let corridor = game(
        &[
            "####################",
            "#..................#",
            "###.#####.##########",
            "###.#####.##########",
            "####################",
        ],
        (1, 1),
        Facing::East,
    );
    let f = render(gpu, &corridor, &rest_view(&corridor, 0.0), w, h);
    eprintln!("corridor: {}", f.save("corridor").display());
    // 18 cells down the corridor there is only black; the wall beside the player is lit.
    assert!(f.mean_luma(vw / 2 - 8, vh / 2 - 8, 16, 16) < 3.0, "corridor end not black");
    assert!(f.mean_luma(20, vh / 2 - 40, 40, 80) > 60.0, "near wall not lit");

    let mut room = game(
        &["##########", "#........#", "#........#", "#...##...#", "#........#", "#....>...#", "##########"],
        (1, 1),
        Facing::East,
    );
    room.act(Action::Interact); // a message for the line above the bar
    let f = render(gpu, &room, &view(1.5, 1.5, 0.6), w, h);
    eprintln!("room, with a message: {}", f.save("room").display());
    assert!(f.mean_luma(vw / 2 - 20, vh / 2 - 20, 40, 40) > 40.0, "pillar not lit");

    let pit = game(&["#####", "#...#", "#.>.#", "#...#", "#...#", "#####"], (2, 4), Facing::North);
    let f = render(gpu, &pit, &rest_view(&pit, 0.0), w, h);
    eprintln!("pit two cells ahead: {}", f.save("pit2").display());
    let f1 = render(gpu, &pit, &view(2.5, 3.5, 1.5 * std::f32::consts::PI), w, h);
    eprintln!("pit one cell ahead: {}", f1.save("pit1").display());
    assert!(glows_cold(floor_ahead_rgb(&f1, 1.1)), "the pit one cell ahead does not glow");

    let generated = Game::new(7);
    let f = render(gpu, &generated, &rest_view(&generated, 0.0), w, h);
    eprintln!("generated level, seed 7: {}", f.save("seed7").display());
}
