//! The HUD on real pixels (lavapipe on machines without a GPU): the bar's text against the font atlas,
//! the lit inventory slot, the turn strip, each overlay, and the scale at 4K; each saves a PNG as
//! /tmp/hollowdeep_hud_*.png for a human to look at.
//!
//! Every check finds its glyphs through the same pure layout the renderer uses (`hud_scene` and
//! friends) and compares each font pixel of the frame with the atlas, so a glyph in the wrong place,
//! at the wrong scale or in the wrong colour fails.

use crate::common::{gpu_or_skip, rest_view, scene, srgb_byte, Frame};
use hollowdeep::game::inventory::Carried;
use hollowdeep::game::status::StatusKind;
use hollowdeep::game::{Action, EntityKind, Facing, Game, Item, Map, Pos, Variant};
use hollowdeep::render::font::{glyph, GLYPH_H, GLYPH_W};
use hollowdeep::render::hud::automap::{automap_layout, facing_arrow, AutomapView, MAP_CELL_H};
use hollowdeep::render::hud::bar::bar_layout;
use hollowdeep::render::hud::compose::{hud_scene, HudGrid, HudText};
use hollowdeep::render::hud::overlays::{help_layout, prompt_layout, OverlayView};
use hollowdeep::render::hud::shapes::ScreenGlyph;
use hollowdeep::render::hud::strip::{strip_layout, StripActor, TurnStrip};
use hollowdeep::render::palette::{BAR_COLOR, BAR_EDGE_COLOR, STRIP_HOSTILE_COLOR, STRIP_PLAYER_COLOR};
use hollowdeep::render::{world_viewport, Gpu, Offscreen, Overlay, Renderer, UiState};

/// Draws `game` with `ui` the way the window does: upload the scene, draw a frame with the UI.
fn draw(gpu: &Gpu, game: &Game, ui: &UiState, w: u32, h: u32) -> Frame {
    let target = Offscreen::new(gpu, w, h);
    let mut renderer = Renderer::new(gpu, Offscreen::format());
    renderer.upload_scene(gpu, &scene(game));
    let input =
        hollowdeep::render::Frame { view: rest_view(game, 0.0), effects: Default::default(), ui: ui.clone() };
    renderer.draw_frame(gpu, target.view(), w, h, &input);
    Frame::new(w, h, target.read_rgba(gpu))
}

/// Every glyph the HUD should show for `game` and `ui` on a `w` × `h` target, in target pixels.
fn expected_glyphs(game: &Game, ui: &UiState, w: u32, h: u32) -> Vec<ScreenGlyph> {
    let view = ui.overlay.as_ref().map(|o| OverlayView::new(o, &scene(game).hud));
    let scene = hud_scene(&HudText::from_hud(&scene(game).hud), ui, view.as_ref(), &HudGrid::new(w, h));
    scene.glyphs().cloned().collect()
}

/// Checks one glyph font pixel by font pixel, at all four corners of each pixel's block (a half-pixel
/// offset or a wrong scale fails): ink in the glyph's colour, and, with `dark_between`, no ink
/// elsewhere. Only the first `rows` font rows are checked (automap rows overlap the eighth).
fn assert_glyph(f: &Frame, g: &ScreenGlyph, rows: u32, dark_between: bool, what: &str) {
    let want = [0, 1, 2].map(|i| srgb_byte(g.color[i]));
    let s = g.scale;
    let atlas = glyph(g.ch);
    assert_eq!(atlas.ch, g.ch, "{what}: {:?} is not in the font", g.ch);
    for fy in 0..rows {
        for fx in 0..GLYPH_W {
            for (dx, dy) in [(0, 0), (s - 1, 0), (0, s - 1), (s - 1, s - 1)] {
                let (x, y) = (g.x as u32 + fx * s + dx, g.y as u32 + fy * s + dy);
                let px = f.px(x, y).map(i32::from);
                let close = (0..3).all(|i| (px[i] - want[i]).abs() <= 6);
                let ok =
                    if atlas.lit(fx, fy) { close } else { !dark_between || (f.luma(x, y) < 60.0 && !close) };
                assert!(
                    ok,
                    "{what}: {:?} font pixel ({fx},{fy}) at ({x},{y}) is {px:?}; ink {} in {want:?} (see {})",
                    g.ch,
                    atlas.lit(fx, fy),
                    f.save(&format!("hud_fail_{what}")).display()
                );
            }
        }
    }
}

fn assert_glyphs<'a>(f: &Frame, glyphs: impl IntoIterator<Item = &'a ScreenGlyph>, what: &str) -> usize {
    let mut n = 0;
    for g in glyphs {
        assert_glyph(f, g, GLYPH_H, true, what);
        n += 1;
    }
    n
}

/// The squeezed text of the glyphs on one pixel row, left to right.
fn line_text(glyphs: &[ScreenGlyph], y: i32) -> String {
    let mut on: Vec<&ScreenGlyph> = glyphs.iter().filter(|g| g.y == y).collect();
    on.sort_by_key(|g| g.x);
    let mut out = String::new();
    let mut last_right = None;
    for g in on {
        if last_right.is_some_and(|r| g.x > r) {
            out.push(' ');
        }
        out.push(g.ch);
        last_right = Some(g.right());
    }
    out
}

fn enemy() -> EntityKind {
    EntityKind::Enemy { variant: Variant::Lurker, hp: 3, max_hp: 3, damage: 1 }
}

/// The plan's example bar (§8.1) on a generated depth-7 level: 3/5 HP, 72% sanity, 45% weakness,
/// 42 heartbeats, weapon 2, inventory [F][0][ ][+] with slot 2 selected, bleeding for 2 turns.
fn plan_game() -> Game {
    let mut g = Game::new_at_depth(11, 7);
    let p = g.player_mut();
    p.hp = 3;
    p.max_hp = 5;
    p.sanity = 72_000;
    p.weakness = 45;
    p.heartbeat = 42;
    p.weapon = 2;
    for item in [Item::Food, Item::Pill, Item::Food, Item::Bandage] {
        p.inventory.add(Carried { item, hallucinated: false }).unwrap();
    }
    p.inventory.select(2);
    p.inventory.take_selected();
    p.inventory.select(1);
    p.statuses.apply(StatusKind::Bleeding, 2);
    g
}

const PLAN_LINE: &str = "♥ 3/5 ♦ SAN: 72% ⌂ Weak: 45% ♥♥ Beats: 42 WPN:2 F ● + DEPTH:7 BLEED 2";

/// The glyphs of the bar's status line.
fn bar_glyphs(game: &Game, w: u32, h: u32) -> Vec<ScreenGlyph> {
    let grid = HudGrid::new(w, h);
    bar_layout(&HudText::from_hud(&scene(game).hud).bar, &grid).glyphs.iter().map(|p| grid.place(p)).collect()
}

#[test]
fn the_bar_shows_the_plan_line_in_the_atlas_font_and_its_colours() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = plan_game();
    for (w, h) in [(1280, 720), (1920, 1080)] {
        let f = draw(gpu, &game, &UiState::default(), w, h);
        let glyphs = bar_glyphs(&game, w, h);
        assert_eq!(line_text(&glyphs, glyphs[0].y), PLAN_LINE, "{w}x{h}");
        let n = assert_glyphs(&f, &glyphs, &format!("bar_{w}x{h}"));
        assert_eq!(n, PLAN_LINE.chars().filter(|c| *c != ' ').count());
        eprintln!("plan bar at {w}x{h}: {}", f.save(&format!("hud_plan_{w}x{h}")).display());
    }
}

/// Mean colour of a slot's top border, where the highlight (or its absence) shows.
fn slot_border_luma(f: &Frame, game: &Game, slot: usize) -> f32 {
    let grid = HudGrid::new(f.width, f.height);
    let layout = bar_layout(&HudText::from_hud(&scene(game).hud).bar, &grid);
    let r = layout.slots[slot];
    f.mean_luma(r.x as u32, r.y as u32, r.w as u32, grid.scale)
}

#[test]
fn the_selected_slot_is_lit_and_the_light_follows_the_selection() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut game = plan_game();
    let (w, h) = (1280, 720);
    let f = draw(gpu, &game, &UiState::default(), w, h);
    let lumas: Vec<f32> = (0..4).map(|i| slot_border_luma(&f, &game, i)).collect();
    assert!(lumas[1] > 150.0, "selected slot's frame not lit: {lumas:?}");
    for i in [0, 2, 3] {
        assert!(lumas[1] > lumas[i] + 80.0, "slot {i} looks selected too: {lumas:?}");
    }
    game.player_mut().inventory.select(3);
    let f = draw(gpu, &game, &UiState::default(), w, h);
    let lumas: Vec<f32> = (0..4).map(|i| slot_border_luma(&f, &game, i)).collect();
    assert!(lumas[3] > lumas[1] + 80.0, "the light did not move to slot 4: {lumas:?}");
    eprintln!("slot 4 selected: {}", f.save("hud_slot4").display());
}

/// Two rooms split by a wall: an enemy in the player's room and one behind the wall.
const TWO_ROOMS: &[&str] =
    &["#############", "#.....#.....#", "#.....#.....#", "#.....#.....#", "#############"];

fn strip_glyphs(game: &Game, w: u32, h: u32) -> Vec<ScreenGlyph> {
    let grid = HudGrid::new(w, h);
    let layout = strip_layout(&TurnStrip { actors: scene(game).hud.strip }, &grid)
        .expect("the player is always listed");
    // Every entry: the player's `@` and each creature's figure (the label is ASCII letters).
    layout
        .glyphs
        .iter()
        .filter(|p| !p.ch.is_ascii_alphabetic() && p.ch != ':')
        .map(|p| grid.place(p))
        .collect()
}

#[test]
fn the_turn_strip_lists_the_player_and_a_visible_enemy_but_not_one_behind_a_wall() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (w, h) = (1280, 720);
    let player_rgb = STRIP_PLAYER_COLOR.map(i32::from);
    let hostile_rgb = STRIP_HOSTILE_COLOR.map(i32::from);
    let colours = |f: &Frame, glyphs: &[ScreenGlyph]| -> Vec<&'static str> {
        // The colour of each '@' at a font pixel that is ink in '@' (row 0, column 1).
        glyphs
            .iter()
            .map(|g| {
                let px = f.px(g.x as u32 + g.scale, g.y as u32).map(i32::from);
                let near = |c: [i32; 3]| (0..3).all(|i| (px[i] - c[i]).abs() <= 6);
                match (near(player_rgb), near(hostile_rgb)) {
                    (true, false) => "player",
                    (false, true) => "hostile",
                    _ => "neither",
                }
            })
            .collect()
    };

    let map = || Map::from_rows(TWO_ROOMS).unwrap();
    let mut hidden_only = Game::from_map(map(), Pos::new(1, 2), Facing::East);
    hidden_only.spawn(Pos::new(9, 2), enemy()).unwrap();
    let f = draw(gpu, &hidden_only, &UiState::default(), w, h);
    let glyphs = strip_glyphs(&hidden_only, w, h);
    assert_glyphs(&f, &glyphs, "strip_hidden");
    assert!(colours(&f, &glyphs).iter().all(|c| *c == "player"), "{:?}", colours(&f, &glyphs));

    let mut both = Game::from_map(map(), Pos::new(1, 2), Facing::East);
    both.spawn(Pos::new(9, 2), enemy()).unwrap();
    both.spawn(Pos::new(4, 2), enemy()).unwrap();
    let f = draw(gpu, &both, &UiState::default(), w, h);
    let glyphs = strip_glyphs(&both, w, h);
    assert_eq!(glyphs.len(), 5);
    assert_glyphs(&f, &glyphs, "strip_both");
    let seen = colours(&f, &glyphs);
    assert_eq!(seen[0], "player", "the strip starts with the player: {seen:?}");
    assert!(seen.contains(&"hostile"), "the visible enemy is listed: {seen:?}");
    eprintln!("turn strip: {}", f.save("hud_strip").display());

    // The enemy behind the wall changes nothing: the strip is the same as with the visible one alone.
    let mut visible_only = Game::from_map(map(), Pos::new(1, 2), Facing::East);
    visible_only.spawn(Pos::new(9, 2), EntityKind::Pickup(hollowdeep::game::Pickup::Item(Item::Food)));
    visible_only.spawn(Pos::new(4, 2), enemy()).unwrap();
    let alone = TurnStrip { actors: scene(&visible_only).hud.strip };
    assert_eq!(TurnStrip { actors: scene(&both).hud.strip }, alone);
    assert_eq!(
        alone.actors.iter().filter(|a| matches!(a, StripActor::Hostile(_))).count(),
        seen.iter().filter(|c| **c == "hostile").count()
    );
}

/// A level with a pillar and an unexplored corner, the player two steps in.
fn automap_game() -> Game {
    let rows = [
        "################",
        "#..............#",
        "#..##..........#",
        "#..##.....######",
        "#.........#...>#",
        "################",
    ];
    let mut g = Game::from_map(Map::from_rows(&rows).unwrap(), Pos::new(1, 1), Facing::East);
    g.act(Action::MoveForward);
    g.act(Action::TurnRight);
    g
}

#[test]
fn the_automap_marks_explored_cells_and_the_player_facing() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = automap_game();
    let ui = UiState { overlay: Some(automap()), notice: None, ..UiState::default() };
    for (w, h) in [(1280, 720), (701, 401)] {
        let f = draw(gpu, &game, &ui, w, h);
        let view = AutomapView {
            hint: hollowdeep::app::crawler::keys::automap_hint(&keys()),
            ..AutomapView::from_model(&scene(&game).hud.automap)
        };
        let layout = automap_layout(&view, &HudGrid::new(w, h));
        let at = |p: Pos| {
            let (x, y) = layout.cell_origin(p).expect("cell shown");
            layout.glyphs.iter().find(|g| (g.x, g.y) == (x, y)).cloned()
        };
        let player = at(game.player().pos).expect("player drawn");
        assert_eq!(player.ch, facing_arrow(Facing::South));
        assert_glyph(&f, &player, MAP_CELL_H, true, "automap_player");
        let wall = at(Pos::new(3, 2)).expect("the pillar is explored");
        assert_eq!(wall.ch, '#');
        assert_glyph(&f, &wall, MAP_CELL_H, true, "automap_wall");
        let floor = at(Pos::new(2, 3)).expect("floor explored");
        assert_glyph(&f, &floor, MAP_CELL_H, true, "automap_floor");
        // The exit room is behind a wall: not explored, nothing drawn there.
        assert!(!game.is_explored(Pos::new(14, 4)));
        assert!(at(Pos::new(14, 4)).is_none());
        let (x, y) = layout.cell_origin(Pos::new(14, 4)).unwrap();
        let s = layout.scale;
        assert!(f.mean_luma(x as u32, y as u32, 6 * s, 7 * s) < 20.0, "unexplored exit visible");
        // Title and hint, in the atlas font.
        let text: Vec<ScreenGlyph> = expected_glyphs(&game, &ui, w, h)
            .into_iter()
            .filter(|g| g.scale == HudGrid::new(w, h).scale)
            .collect();
        let bar_y = bar_glyphs(&game, w, h)[0].y;
        let title: Vec<ScreenGlyph> = text.iter().filter(|g| g.y != bar_y).cloned().collect();
        let lines: Vec<String> = {
            let mut ys: Vec<i32> = title.iter().map(|g| g.y).collect();
            ys.dedup();
            ys.iter().map(|&y| line_text(&title, y)).collect()
        };
        assert!(lines.iter().any(|l| l == "AUTOMAP - DEPTH 1"), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("M/Tab or Esc closes")), "{lines:?}");
        assert_glyphs(&f, &title, "automap_text");
        eprintln!("automap at {w}x{h}: {}", f.save(&format!("hud_automap_{w}x{h}")).display());
    }
}

/// The default key table: the help lines and hints come from the app itself.
fn keys() -> hollowdeep::app::keys::Bindings {
    hollowdeep::app::keys::Bindings::default()
}

fn bindings() -> Vec<(String, String)> {
    hollowdeep::app::crawler::keys::describe(&keys())
}

fn automap() -> Overlay {
    Overlay::Automap { hint: hollowdeep::app::crawler::keys::automap_hint(&keys()) }
}

fn help() -> Overlay {
    Overlay::Help { bindings: bindings(), hint: hollowdeep::app::crawler::keys::help_hint(&keys()), first: 0 }
}

#[test]
fn help_lists_the_bindings_and_the_in_game_keys() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = automap_game();
    let ui = UiState { overlay: Some(help()), notice: None, ..UiState::default() };
    let (w, h) = (1280, 720);
    let f = draw(gpu, &game, &ui, w, h);
    let grid = HudGrid::new(w, h);
    let layout = help_layout(&bindings(), &hollowdeep::app::crawler::keys::help_hint(&keys()), &grid);
    let glyphs: Vec<ScreenGlyph> = layout.glyphs.iter().map(|p| grid.place(p)).collect();
    let mut ys: Vec<i32> = glyphs.iter().map(|g| g.y).collect();
    ys.sort();
    ys.dedup();
    let lines: Vec<String> = ys.iter().map(|&y| line_text(&glyphs, y)).collect();
    // The help may take two columns: a line can hold one entry of each.
    let has = |label: &str, keys: &str| {
        lines.iter().position(|l| l.contains(&format!("{label} ")) && l.contains(&format!(" {keys}")))
    };
    let forward = has("Move forward", "W ↑").unwrap_or_else(|| panic!("binding: {lines:?}"));
    assert!(has("Prompt: yes", "Y").is_some(), "{lines:?}");
    assert!(has("Log: page down", "PgDn").is_some(), "{lines:?}");
    assert!(lines.iter().any(|l| l == "F1 ? the guide Esc closes"), "{lines:?}");
    let on_line: Vec<&ScreenGlyph> = glyphs.iter().filter(|g| g.y == ys[forward]).collect();
    assert_glyphs(&f, on_line, "help_binding");
    assert_glyphs(&f, glyphs.iter().filter(|g| g.ch == '↑' || g.ch == '↓'), "help_arrows");
    eprintln!("help: {}", f.save("hud_help").display());
}

#[test]
fn the_message_log_shows_history_newest_last_with_turn_prefixes() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut game = automap_game();
    for _ in 0..3 {
        game.act(Action::Interact);
        game.act(Action::Wait);
    }
    let last = game.messages().last().expect("swinging at the air says so").clone();
    for scroll in [0, 1] {
        let ui = UiState {
            overlay: Some(Overlay::MessageLog {
                scroll,
                hint: hollowdeep::app::crawler::keys::log_hint(&keys()),
            }),
            notice: None,
            ..UiState::default()
        };
        let (w, h) = (1280, 720);
        let f = draw(gpu, &game, &ui, w, h);
        let glyphs = expected_glyphs(&game, &ui, w, h);
        let bar_y = bar_glyphs(&game, w, h)[0].y;
        let mut ys: Vec<i32> = glyphs.iter().map(|g| g.y).filter(|&y| y != bar_y).collect();
        ys.sort();
        ys.dedup();
        let lines: Vec<String> = ys.iter().map(|&y| line_text(&glyphs, y)).collect();
        // The newest shown message sits on the last content line, above the rule and the hint.
        let newest = &lines[lines.len() - 2];
        let want_turn = game.messages()[game.messages().len() - 1 - scroll].turn;
        assert_eq!(newest, &format!("turn {want_turn}: {}", last.text), "{lines:?}");
        let row: Vec<ScreenGlyph> = glyphs.iter().filter(|g| g.y == ys[ys.len() - 2]).cloned().collect();
        assert_glyphs(&f, &row, "log_newest");
        if scroll == 1 {
            assert!(lines.last().unwrap().contains("▼ 1 newer"), "{lines:?}");
        }
        eprintln!("message log, scroll {scroll}: {}", f.save(&format!("hud_log_{scroll}")).display());
    }
}

#[test]
fn the_prompt_shows_its_text_in_a_centred_box_over_a_veiled_world() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = automap_game();
    let (w, h) = (1280, 720);
    let text = "Save and quit? (Y/N)";
    let ui =
        UiState { overlay: Some(Overlay::Prompt { text: text.into() }), notice: None, ..UiState::default() };
    let f = draw(gpu, &game, &ui, w, h);
    let grid = HudGrid::new(w, h);
    let layout = prompt_layout(text, &grid);
    let glyphs: Vec<ScreenGlyph> = layout.glyphs.iter().map(|p| grid.place(p)).collect();
    assert_eq!(line_text(&glyphs, glyphs[0].y), text);
    assert_glyphs(&f, &glyphs, "prompt");
    // The world behind is veiled: much darker than without the prompt, outside the box.
    let plain = draw(gpu, &game, &UiState::default(), w, h);
    let (vw, vh) = world_viewport(w, h);
    let strip = |f: &Frame| f.mean_luma(0, vh / 2, vw / 8, vh / 4);
    assert!(strip(&f) < 0.5 * strip(&plain).max(8.0), "world not veiled: {} vs {}", strip(&f), strip(&plain));
    eprintln!("prompt: {}", f.save("hud_prompt").display());
}

#[test]
fn without_a_bar_the_world_fills_the_target_to_its_bottom_row() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = Game::new(7);
    let (w, h) = (640, 360);
    let bar_top = world_viewport(w, h).1;
    let band = |f: &Frame| f.mean_luma(0, bar_top, w, h - bar_top);
    let barred = draw(gpu, &game, &UiState::default(), w, h);
    let bare = draw(gpu, &game, &UiState { no_bar: true, ..UiState::default() }, w, h);
    eprintln!("no bar: {}", bare.save("hud_no_bar").display());
    let bar_luma = barred.mean_luma(0, h - 4, w, 4);
    let floor_luma = bare.mean_luma(0, h - 4, w, 4);
    assert!(
        floor_luma > 2.0 * bar_luma && band(&bare) > band(&barred),
        "the bottom rows without a bar are {floor_luma:.1} luma, with it {bar_luma:.1}: no floor drawn there"
    );
}

#[test]
fn the_notice_shows_above_the_message_line() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = automap_game();
    let (w, h) = (1280, 720);
    let ui = UiState { notice: Some("Screenshot saved to /tmp/x.png".into()), ..UiState::default() };
    let f = draw(gpu, &game, &ui, w, h);
    let grid = HudGrid::new(w, h);
    let notice_y = grid.glyph_origin(1, grid.notice_row()).1 as i32;
    let glyphs: Vec<ScreenGlyph> =
        expected_glyphs(&game, &ui, w, h).into_iter().filter(|g| g.y == notice_y).collect();
    assert_eq!(line_text(&glyphs, notice_y), "Screenshot saved to /tmp/x.png");
    for g in &glyphs {
        // Over the 3D view: only the ink is checked, the world shows between the strokes.
        assert_glyph(&f, g, GLYPH_H, false, "notice");
    }
}

#[test]
fn a_4k_frame_uses_a_larger_scale_and_keeps_the_hud_inside() {
    let Some(gpu) = gpu_or_skip() else { return };
    let game = plan_game();
    let ui = UiState::default();
    assert!(HudGrid::new(3840, 2160).scale > HudGrid::new(1280, 720).scale);
    for (w, h) in [(3840, 2160), (701, 401)] {
        let grid = HudGrid::new(w, h);
        let scene = hud_scene(&HudText::from_hud(&scene(&game).hud), &UiState::default(), None, &grid);
        assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
        let f = draw(gpu, &game, &ui, w, h);
        let glyphs = bar_glyphs(&game, w, h);
        assert_eq!(line_text(&glyphs, glyphs[0].y), PLAN_LINE, "{w}x{h}");
        assert_glyphs(&f, &glyphs, &format!("bar_{w}x{h}"));
        // The bar spans the bottom from edge to edge, its rim on its first row.
        let near = |px: [u8; 3], c: [u8; 3]| (0..3).all(|i| px[i].abs_diff(c[i]) <= 2);
        for x in [0, w - 1] {
            assert!(near(f.px(x, h - 1), BAR_COLOR), "{w}x{h}: bar missing at ({x}, {})", h - 1);
            assert!(near(f.px(x, grid.bar_top()), BAR_EDGE_COLOR), "{w}x{h}: no rim at x {x}");
        }
        eprintln!("HUD at {w}x{h}: {}", f.save(&format!("hud_{w}x{h}")).display());
    }
}

#[test]
fn an_unchanged_ui_rebuilds_nothing_and_a_change_rebuilds_once() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut game = automap_game();
    let (w, h) = (320, 200);
    let target = Offscreen::new(gpu, w, h);
    let mut renderer = Renderer::new(gpu, Offscreen::format());
    let view = rest_view(&game, 0.0);
    let frame = |r: &mut Renderer, _game: &Game, ui: &UiState| {
        let input = hollowdeep::render::Frame { view, effects: Default::default(), ui: ui.clone() };
        r.draw_frame(gpu, target.view(), w, h, &input);
    };
    renderer.upload_scene(gpu, &scene(&game));
    let automap = UiState { overlay: Some(automap()), notice: None, ..UiState::default() };
    frame(&mut renderer, &game, &automap);
    assert_eq!(renderer.hud_builds(), 1);
    for _ in 0..5 {
        frame(&mut renderer, &game, &automap);
    }
    renderer.upload_scene(gpu, &scene(&game));
    frame(&mut renderer, &game, &automap);
    assert_eq!(renderer.hud_builds(), 1, "same UI, same turn: nothing to rebuild");
    frame(&mut renderer, &game, &UiState { notice: Some("hi".into()), ..automap.clone() });
    assert_eq!(renderer.hud_builds(), 2);
    frame(&mut renderer, &game, &UiState::default());
    assert_eq!(renderer.hud_builds(), 3);
    game.act(Action::Wait);
    renderer.upload_scene(gpu, &scene(&game));
    frame(&mut renderer, &game, &UiState::default());
    assert_eq!(renderer.hud_builds(), 4, "a new turn rebuilds the bar (heartbeat)");
}

/// The views a human should look at: the full HUD at 1280x720 with a full inventory, a message, two
/// statuses and an enemy in the strip; then the same frame with each overlay.
#[test]
fn views_for_the_eye() {
    let Some(gpu) = gpu_or_skip() else { return };
    let rows = [
        "###############",
        "#.............#",
        "#...####......#",
        "#...#..#......#",
        "#.............#",
        "#.............#",
        "#####....######",
        "#............>#",
        "###############",
    ];
    let mut game = Game::from_map_at_depth(Map::from_rows(&rows).unwrap(), Pos::new(2, 5), Facing::East, 7);
    game.spawn(Pos::new(8, 4), enemy()).unwrap();
    game.spawn(Pos::new(11, 1), EntityKind::Hallucination { hp: 1 }).unwrap();
    game.act(Action::Interact);
    let p = game.player_mut();
    p.hp = 2;
    p.sanity = 31_000;
    p.weakness = 78;
    p.weapon = 3;
    for item in [Item::Food, Item::Pill, Item::Bandage, Item::Pill] {
        p.inventory.add(Carried { item, hallucinated: false }).unwrap();
    }
    p.inventory.select(2);
    p.statuses.apply(StatusKind::Bleeding, 3);
    p.statuses.apply(StatusKind::Terrified, 5);
    let (w, h) = (1280, 720);
    let f = draw(gpu, &game, &UiState::default(), w, h);
    eprintln!("HUD, full inventory: {}", f.save("hud_1280x720").display());
    let glyphs = bar_glyphs(&game, w, h);
    assert_eq!(
        line_text(&glyphs, glyphs[0].y),
        "♥ 2/5 ♦ SAN: 31% ⌂ Weak: 78% ♥♥ Beats: 1 WPN:3 F ● + ● DEPTH:7 BLEED 3 FEAR 5"
    );
    assert_glyphs(&f, &glyphs, "full_inventory");
    let f = draw(
        gpu,
        &game,
        &UiState { notice: Some("Screenshot saved to ~/hollowdeep-1.png".into()), ..UiState::default() },
        w,
        h,
    );
    eprintln!("HUD with a notice: {}", f.save("hud_notice").display());
    let f = draw(gpu, &game, &UiState { overlay: None, notice: None, ..UiState::default() }, 1920, 1080);
    eprintln!("HUD at 1920x1080: {}", f.save("hud_1920x1080").display());
    let f = draw(gpu, &game, &UiState::default(), 320, 200);
    eprintln!("HUD at 320x200: {}", f.save("hud_320x200").display());
    let big = Game::new_at_depth(3, 13);
    let f = draw(
        gpu,
        &big,
        &UiState { overlay: Some(automap()), notice: None, ..UiState::default() },
        1920,
        1080,
    );
    eprintln!("automap, depth 13 start: {}", f.save("hud_automap_deep").display());
    let f =
        draw(gpu, &game, &UiState { overlay: Some(help()), notice: None, ..UiState::default() }, 701, 401);
    eprintln!("help at 701x401: {}", f.save("hud_help_701x401").display());
}
