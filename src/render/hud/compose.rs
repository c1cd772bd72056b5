//! The HUD's composer, on top of its parts: what it says this turn (`HudText`, from the scene's HUD
//! model) and the composition of bar, turn strip, message line, notice and overlay into one
//! `HudScene` (`hud_scene`), which the renderer packs into quads.
//!
//! Nothing here touches the GPU, so unit tests check the layout and the headless tests can find the
//! pixels of any glyph in a rendered frame. The parts live in `hud_bar`, `turn_strip`,
//! `overlay_layout` and `automap_layout`.

use super::bar::{bar_layout, bar_scene};
use super::overlays::{overlay_scene, OverlayView};
use super::shapes::{HudScene, PixelRect};
use super::strip::{strip_layout, strip_scene, TurnStrip};
use super::target::target_scene;
use crate::render::overlay::{Edge, UiState};
use crate::scene::BarModel;
use crate::scene::{HudModel, TargetLook};

pub use super::grid::{
    clip, put_text, text_width, HudGrid, PlacedGlyph, BAR_ROWS, LINE_H, MESSAGE_LINES, MIN_COLS, MIN_ROWS,
};
pub use crate::render::palette::{
    linear, BAR_COLOR, BAR_EDGE_COLOR, LABEL_COLOR, MESSAGE_COLOR, VALUE_COLOR,
};

/// Turns a message stays at full strength, then turns over which it fades out.
pub const MESSAGE_FULL_TURNS: u64 = 2;
pub const MESSAGE_FADE_TURNS: u64 = 2;

/// What the HUD says this turn; rebuilt once per turn from the scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HudText {
    pub bar: BarModel,
    pub strip: TurnStrip,
    /// The recent messages still showing, newest first, each with its strength (0..1): faded by
    /// age, and dimmer the further it is from the newest.
    pub messages: Vec<(String, f32)>,
    /// The creature in front, if the player sees one.
    pub target: Option<TargetLook>,
}

/// How bright each message line is next to the newest (newest first).
pub const MESSAGE_LINE_STRENGTH: [f32; MESSAGE_LINES as usize] = [1.0, 0.72, 0.5];

impl HudText {
    pub fn from_hud(hud: &HudModel) -> HudText {
        let messages = hud
            .messages
            .iter()
            .skip(hud.lines_from)
            .rev()
            .take(MESSAGE_LINES as usize)
            .zip(MESSAGE_LINE_STRENGTH)
            .filter_map(|(m, strength)| {
                let alpha = message_alpha(hud.turn.saturating_sub(m.turn)) * strength;
                (alpha > 0.0).then(|| (m.text.clone(), alpha))
            })
            .collect();
        HudText {
            bar: hud.bar.clone(),
            strip: TurnStrip { actors: hud.strip.clone() },
            messages,
            target: hud.target.clone(),
        }
    }
}

/// Strength of a message `age` turns old: full for `MESSAGE_FULL_TURNS`, then a linear fade over
/// `MESSAGE_FADE_TURNS`. Turn-based on purpose: the log fades as you act, not while you think.
pub fn message_alpha(age: u64) -> f32 {
    if age <= MESSAGE_FULL_TURNS {
        return 1.0;
    }
    let faded = (age - MESSAGE_FULL_TURNS) as f32 / MESSAGE_FADE_TURNS as f32;
    (1.0 - faded).max(0.0)
}

/// A line of shadowed text over the 3D view from column 1, cut at the right margin.
fn world_line(text: &str, row: u32, color: [f32; 4], grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = Vec::new();
    put_text(&mut out, 1, row, &clip(text, grid.cols.saturating_sub(2)), color, true);
    out
}

/// The newest message, just above the bar.
pub fn message_layout(message: &str, alpha: f32, grid: &HudGrid) -> Vec<PlacedGlyph> {
    message_line_layout(message, alpha, 0, grid)
}

/// A message `age_rank` lines above the newest (0 is the newest).
pub fn message_line_layout(message: &str, alpha: f32, age_rank: u32, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let row = grid.message_row().saturating_sub(age_rank);
    world_line(message, row, linear(MESSAGE_COLOR, alpha), grid)
}

/// Every recent message on its line, newest lowest.
fn messages_layout(messages: &[(String, f32)], grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = Vec::new();
    for (rank, (msg, alpha)) in messages.iter().enumerate() {
        out.extend(message_line_layout(msg, *alpha, rank as u32, grid));
    }
    out
}

/// The app's notice (a saved screenshot, a refused command), above the message line.
pub fn notice_layout(notice: &str, grid: &HudGrid) -> Vec<PlacedGlyph> {
    world_line(notice, grid.notice_row(), linear(crate::render::palette::NOTICE_COLOR, 1.0), grid)
}

/// The turn's text glyphs in cells: the bar, the turn strip and the message line (no overlay).
pub fn hud_layout(text: &HudText, grid: &HudGrid) -> Vec<PlacedGlyph> {
    let mut out = bar_layout(&text.bar, grid).glyphs;
    if let Some(strip) = strip_layout(&text.strip, grid) {
        out.extend(strip.glyphs);
    }
    out.extend(messages_layout(&text.messages, grid));
    out
}

/// Bands of an edge glow, each fainter than the one nearer the edge.
const GLOW_BANDS: i32 = 12;
/// How far into the 3D view the glow reaches, as a share of its width (sides) or height.
const GLOW_REACH: f32 = 0.16;
/// The glow's colour and its strongest alpha at the very edge.
const GLOW_COLOUR: [f32; 3] = [0.85, 0.06, 0.04];
const GLOW_PEAK: f32 = 0.6;

/// A red glow along `edge` of the 3D view (above the bar), fading inwards: the side a blow came from.
pub fn edge_glow_scene(edge: Edge, strength: u8, grid: &HudGrid) -> HudScene {
    let mut scene = HudScene::default();
    let (w, h) = (grid.width as i32, grid.bar_top() as i32);
    let strength = f32::from(strength) / 255.0;
    let depth = match edge {
        Edge::Left | Edge::Right => (w as f32 * GLOW_REACH) as i32,
        Edge::Top | Edge::Bottom => (h as f32 * GLOW_REACH) as i32,
    };
    let band = (depth / GLOW_BANDS).max(1);
    for i in 0..GLOW_BANDS {
        let fade = 1.0 - i as f32 / GLOW_BANDS as f32;
        let [r, g, b] = GLOW_COLOUR;
        let colour = [r, g, b, GLOW_PEAK * strength * fade * fade];
        let at = i * band;
        scene.rect(match edge {
            Edge::Left => PixelRect::new(at, 0, band, h, colour),
            Edge::Right => PixelRect::new(w - at - band, 0, band, h, colour),
            Edge::Top => PixelRect::new(0, at, w, band, colour),
            Edge::Bottom => PixelRect::new(0, h - at - band, w, band, colour),
        });
    }
    scene
}

/// Everything the HUD pass draws, back to front: the bar; then either the turn strip and the
/// message line, or the open overlay over a veiled world; then the notice on top. A whole-screen
/// menu replaces the bar; the UI's curtain darkens everything below a card. `overlay` is what the
/// UI's overlay shows, read from the scene; the rest (notice, curtain, edge glow) is the UI's own.
pub fn hud_scene(text: &HudText, ui: &UiState, overlay: Option<&OverlayView>, grid: &HudGrid) -> HudScene {
    let mut scene = HudScene::default();
    if let Some((edge, strength)) = ui.edge_glow.filter(|_| overlay.is_none()) {
        scene.extend(edge_glow_scene(edge, strength, grid));
    }
    if !ui.no_bar && !matches!(overlay, Some(OverlayView::Menu(_))) {
        scene.extend(bar_scene(&text.bar, grid));
    }
    let world_text = |scene: &mut HudScene| {
        scene.extend(strip_scene(&text.strip, grid));
        if let Some(target) = &text.target {
            scene.extend(target_scene(target, grid));
        }
        for p in messages_layout(&text.messages, grid) {
            scene.glyph(grid.place(&p));
        }
    };
    match overlay {
        Some(OverlayView::Card(_)) => world_text(&mut scene),
        Some(view) => scene.extend(overlay_scene(view, grid)),
        None => world_text(&mut scene),
    }
    top_layers(&mut scene, ui, overlay, grid);
    scene
}

/// What lies over every HUD, the crawler's and a board's alike: the UI's curtain, the card above it,
/// and the notice on top.
pub fn top_layers(scene: &mut HudScene, ui: &UiState, overlay: Option<&OverlayView>, grid: &HudGrid) {
    if ui.curtain > 0 {
        let alpha = f32::from(ui.curtain) / 255.0;
        scene.rect(PixelRect::new(0, 0, grid.width as i32, grid.height as i32, [0.0, 0.0, 0.0, alpha]));
    }
    if let Some(card @ OverlayView::Card(_)) = overlay {
        scene.extend(overlay_scene(card, grid));
    }
    for p in ui.notice.as_deref().map(|n| notice_layout(n, grid)).unwrap_or_default() {
        scene.glyph(grid.place(&p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::font::{GLYPH_H, GLYPH_W};
    use crate::render::hud::test_support::{text_on_row, SIZES};

    #[test]
    fn scale_is_a_whole_number_that_grows_with_resolution() {
        assert_eq!(HudGrid::new(1280, 720).scale, 2);
        assert_eq!(HudGrid::new(1920, 1080).scale, 3);
        assert_eq!(HudGrid::new(3840, 2160).scale, 6);
        assert_eq!(HudGrid::new(320, 200).scale, 1);
        for (w, h) in SIZES {
            let g = HudGrid::new(w, h);
            assert!(g.cols >= 53, "{w}x{h}: the narrow bar needs 53 columns");
            assert_eq!(g.origin_y + g.rows * LINE_H * g.scale, h, "last line touches the bottom");
            assert!(g.origin_x + g.cols * GLYPH_W * g.scale <= w);
        }
    }

    #[test]
    fn message_sits_above_the_bar_with_a_shadow_and_is_cut_to_fit() {
        let grid = HudGrid::new(320, 200);
        let msg = message_layout(&"x".repeat(200), 1.0, &grid);
        assert_eq!(msg.len() as u32, grid.cols - 2);
        assert!(msg.iter().all(|p| p.shadow && p.row == grid.message_row()));
        let (_, y) = grid.glyph_origin(1, grid.message_row());
        assert!(y + GLYPH_H * grid.scale <= grid.bar_top());
    }

    #[test]
    fn notice_sits_above_the_message_line() {
        let grid = HudGrid::new(1280, 720);
        let notice = notice_layout("Screenshot saved", &grid);
        assert_eq!(text_on_row(&notice, grid.notice_row()), " Screenshot saved");
        assert_eq!(grid.notice_row() + MESSAGE_LINES, grid.message_row());
    }

    /// Issue 10: "You slay the shambler." is no longer overwritten by the next message of the turn.
    #[test]
    fn the_last_three_messages_show_newest_lowest_and_brightest() {
        let mut hud = HudModel { turn: 7, ..HudModel::default() };
        for (turn, text) in [
            (3, "old"),
            (6, "You hit the shambler."),
            (7, "You slay the shambler."),
            (7, "Something strikes you!"),
        ] {
            hud.messages.push(crate::scene::MessageLine { turn, text: text.into() });
        }
        let text = HudText::from_hud(&hud);
        let shown: Vec<&str> = text.messages.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(shown, ["Something strikes you!", "You slay the shambler.", "You hit the shambler."]);
        let alphas: Vec<f32> = text.messages.iter().map(|(_, a)| *a).collect();
        assert!(alphas.windows(2).all(|w| w[0] > w[1]), "newest brightest: {alphas:?}");
        let grid = HudGrid::new(1280, 720);
        let placed = hud_layout(&text, &grid);
        let row = |r: u32| text_on_row(&placed, r);
        assert_eq!(row(grid.message_row()).trim(), "Something strikes you!");
        assert_eq!(row(grid.message_row() - 1).trim(), "You slay the shambler.");
        assert_eq!(row(grid.message_row() - 2).trim(), "You hit the shambler.");
    }

    #[test]
    fn an_edge_glow_hugs_its_edge_of_the_view_and_fades_inwards() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            for edge in [Edge::Left, Edge::Right, Edge::Top, Edge::Bottom] {
                let scene = edge_glow_scene(edge, 255, &grid);
                assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h} {edge:?}");
                let rects: Vec<_> = scene.rects().collect();
                assert!(rects.iter().all(|r| r.bottom() <= grid.bar_top() as i32), "above the bar");
                assert!(rects.windows(2).all(|p| p[0].color[3] >= p[1].color[3]), "fades inwards");
                let first = rects[0];
                let touches = match edge {
                    Edge::Left => first.x == 0,
                    Edge::Right => first.right() == w as i32,
                    Edge::Top => first.y == 0,
                    Edge::Bottom => first.bottom() == grid.bar_top() as i32,
                };
                assert!(touches, "{w}x{h} {edge:?}: {first:?}");
            }
        }
        let faint = edge_glow_scene(Edge::Left, 60, &HudGrid::new(1280, 720));
        assert!(faint.rects().next().unwrap().color[3] < GLOW_PEAK * 0.25);
    }

    #[test]
    fn messages_hold_for_two_turns_then_fade_out() {
        assert_eq!(message_alpha(0), 1.0);
        assert_eq!(message_alpha(2), 1.0);
        assert!(message_alpha(3) > 0.0 && message_alpha(3) < 1.0);
        assert_eq!(message_alpha(4), 0.0);
        assert_eq!(message_alpha(100), 0.0);
    }

    #[test]
    fn text_boxes_leave_air_around_the_ink_and_need_one_free_column_between_them() {
        let grid = HudGrid::new(1280, 720);
        let s = grid.scale as i32;
        let row = grid.status_row();
        let a = grid.text_box(3, 8, row, [1.0; 4]);
        let (x, y) = grid.glyph_origin(3, row);
        assert_eq!((x as i32 - a.x, y as i32 - a.y), (3 * s, 3 * s));
        assert_eq!(a.bottom() - (y as i32 + 7 * s), 3 * s, "two font pixels of air under the capitals");
        let b = grid.text_box(9, 12, row, [1.0; 4]);
        assert!(b.x > a.right(), "boxes one column apart do not touch");
    }

    #[test]
    fn the_whole_hud_stays_on_the_target_at_every_size() {
        let text = HudText { messages: vec![("m".repeat(300), 1.0); 3], ..HudText::default() };
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let ui = UiState {
                notice: Some("n".repeat(300)),
                edge_glow: Some((Edge::Left, 255)),
                ..UiState::default()
            };
            let scene = hud_scene(&text, &ui, None, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
        }
    }
}
