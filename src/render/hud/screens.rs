//! Whole-screen panels: the menu (the pages of a title screen) and the card in large type (the end
//! of a run). Each is laid out on a grid of its own scale, so its type can be larger than the HUD's,
//! and each covers the bar as well as the 3D view.

use super::grid::{clip, put_text, text_width, wrap, HudGrid, PlacedGlyph};
use super::panel::{panel_scene, Panel, PanelLayout, CHROME_COLS, TITLED_CHROME_ROWS};
use super::shapes::{HudScene, PixelRect, ScreenGlyph};
use crate::render::font::{GLYPH_H, GLYPH_W};
use crate::render::palette::*;

/// How dark the world shows behind a menu: enough to read it, not enough to lose the place.
pub const MENU_VEIL_ALPHA: f32 = 0.62;
/// How dark everything shows behind a card, which ends something and is read alone: a board's
/// side panel left bright beside the card showed cut-off words around its edge to a play-tester.
pub const CARD_VEIL_ALPHA: f32 = 0.8;
/// The title of a menu is this many times the HUD's type at most ...
const TITLE_SCALE: u32 = 4;
/// ... and a card's type this many times.
const CARD_SCALE: u32 = 2;

/// What a menu shows (see `Overlay::Menu`).
#[derive(Clone, Debug, PartialEq)]
pub struct MenuView {
    pub title: String,
    pub lines: Vec<String>,
    pub items: Vec<String>,
    pub selected: usize,
    pub hint: String,
}

/// What a card shows (see `Overlay::Card`).
#[derive(Clone, Debug, PartialEq)]
pub struct CardView {
    pub title: String,
    pub lines: Vec<String>,
    pub hint: String,
}

/// The largest scale from `most` down to 1 at which `fits` holds (1 when none does).
fn largest_scale(most: u32, fits: impl Fn(u32) -> bool) -> u32 {
    (1..=most.max(1)).rev().find(|&s| fits(s)).unwrap_or(1)
}

/// The largest panel a whole-screen page may take: everything but a margin line and column, since
/// no bar, message or notice shares the screen with it.
fn screen_region(grid: &HudGrid) -> Panel {
    Panel { col: 1, row: 1, cols: grid.cols.saturating_sub(2), rows: grid.rows.saturating_sub(2) }
}

/// `line` as is when it fits in `width` columns (its spacing kept), wrapped at spaces otherwise.
fn fit(line: &str, width: u32) -> Vec<String> {
    if text_width(line) <= width {
        vec![line.to_string()]
    } else {
        wrap(line, width)
    }
}

/// The menu: a veiled world, the title in large type near the top, and a panel under it with the
/// lines, the choices (the selected one boxed and marked) and the hint.
pub fn menu_scene(view: &MenuView, grid: &HudGrid) -> HudScene {
    let mut scene = HudScene::default();
    scene.rect(PixelRect::new(0, 0, grid.width as i32, grid.height as i32, [0.0, 0.0, 0.0, MENU_VEIL_ALPHA]));
    let title_w = text_width(&view.title).max(1);
    let title_scale = largest_scale(grid.scale * TITLE_SCALE, |s| {
        title_w * GLYPH_W * s <= grid.width * 9 / 10 && GLYPH_H * s * 5 <= grid.height
    });
    let title_h = (GLYPH_H * title_scale) as i32;
    let title_y = (grid.height as i32 / 10).max(grid.scale as i32 * 4);
    let title_x = (grid.width as i32 - (title_w * GLYPH_W * title_scale) as i32) / 2;
    for (i, ch) in view.title.chars().enumerate() {
        scene.glyph(ScreenGlyph {
            x: title_x + (i as u32 * GLYPH_W * title_scale) as i32,
            y: title_y,
            scale: title_scale,
            ch,
            color: linear(TITLE_COLOR, 1.0),
            shadow: true,
        });
    }
    let layout = menu_layout(view, grid, title_y + title_h);
    scene.extend(panel_scene(&layout.panel, grid));
    for r in &layout.rules {
        scene.rect(*r);
    }
    if let Some(row) = layout.selected_row {
        let (c0, n) = layout.panel.text_cols();
        scene.rect(grid.text_box(c0, c0 + n, row, linear(SLOT_LIT_FILL_COLOR, 1.0)));
    }
    for p in &layout.glyphs {
        scene.glyph(grid.place(p));
    }
    scene
}

/// A menu's panel laid out under a title whose bottom edge is at pixel row `title_bottom`.
#[derive(Clone, Debug, PartialEq)]
pub struct MenuLayout {
    pub panel: Panel,
    pub glyphs: Vec<PlacedGlyph>,
    pub rules: Vec<PixelRect>,
    /// The line of the selected choice, when it is on screen.
    pub selected_row: Option<u32>,
}

pub fn menu_layout(view: &MenuView, grid: &HudGrid, title_bottom: i32) -> MenuLayout {
    let region = screen_region(grid);
    // The panel starts on the first whole line below the title, one line of air between.
    let line_px = (super::grid::LINE_H * grid.scale) as i32;
    let first = ((title_bottom - grid.origin_y as i32).max(0) / line_px + 2) as u32;
    let top = first.clamp(region.row, region.row + region.rows.saturating_sub(TITLED_CHROME_ROWS));
    let rows_free = region.row + region.rows - top;
    let max_text = region.cols.saturating_sub(CHROME_COLS);
    let lines: Vec<String> = view.lines.iter().flat_map(|l| fit(l, max_text)).collect();
    // Two columns for the marker before every choice.
    let widest = lines
        .iter()
        .map(|l| text_width(l))
        .chain(view.items.iter().map(|i| text_width(i) + 2))
        .chain([text_width(&view.hint)])
        .max()
        .unwrap_or(0);
    let gap = u32::from(!lines.is_empty() && !view.items.is_empty());
    // Border, air, content, air, rule, hint, border.
    let chrome = 6;
    let wanted = lines.len() as u32 + gap + view.items.len() as u32 + chrome;
    let rows = wanted.min(rows_free).max(chrome.min(rows_free));
    let cols = (widest + CHROME_COLS + 2).min(region.cols);
    let panel = Panel { col: region.col + (region.cols - cols) / 2, row: top, cols, rows };
    let (c0, n) = panel.text_cols();
    let mut glyphs = Vec::new();
    let content = panel.row + 2..panel.row + panel.rows.saturating_sub(3);
    let mut row = content.start;
    // One block, left-aligned and centred as a whole, so a table in the lines keeps its columns.
    let block = lines.iter().map(|l| text_width(l)).max().unwrap_or(0).min(n);
    for line in &lines {
        if row >= content.end {
            break;
        }
        let left = c0 + (n - block) / 2;
        put_text(&mut glyphs, left, row, &clip(line, n), linear(LABEL_COLOR, 1.0), false);
        row += 1;
    }
    row += gap;
    // The choices that fit, scrolled so the selected one is always among them.
    let room = content.end.saturating_sub(row) as usize;
    let selected = view.selected.min(view.items.len().saturating_sub(1));
    let skip = (selected + 1).saturating_sub(room);
    let mut selected_row = None;
    for (i, item) in view.items.iter().enumerate().skip(skip).take(room) {
        let lit = i == selected;
        let (marker, colour) = if lit { ("►", VALUE_COLOR) } else { (" ", LABEL_COLOR) };
        let text = clip(item, n.saturating_sub(2));
        put_text(&mut glyphs, c0, row, marker, linear(TITLE_COLOR, 1.0), false);
        put_text(&mut glyphs, c0 + 2, row, &text, linear(colour, 1.0), false);
        if lit {
            selected_row = Some(row);
        }
        row += 1;
    }
    let more = |glyphs: &mut Vec<PlacedGlyph>, row: u32, text: &str| {
        let w = text_width(text);
        put_text(glyphs, c0 + n.saturating_sub(w), row, text, linear(HINT_COLOR, 1.0), false);
    };
    if skip > 0 {
        more(&mut glyphs, content.start.saturating_sub(1), "▲");
    }
    if skip + room < view.items.len() {
        more(&mut glyphs, content.end, "▼");
    }
    let hint_row = panel.row + panel.rows.saturating_sub(2);
    panel.centre_text(&mut glyphs, hint_row, &view.hint, HINT_COLOR);
    let rules = vec![panel.rule(grid, hint_row - 1)];
    MenuLayout { panel, glyphs, rules, selected_row }
}

/// The card: its panel in the largest type (up to twice the HUD's) at which every wrapped line
/// fits, centred on the screen.
pub fn card_scene(view: &CardView, grid: &HudGrid) -> HudScene {
    let (layout, big) = card_layout(view, grid);
    let mut scene = HudScene::default();
    scene.rect(PixelRect::new(0, 0, grid.width as i32, grid.height as i32, [0.0, 0.0, 0.0, CARD_VEIL_ALPHA]));
    scene.extend(panel_scene(&layout.panel, &big));
    for r in &layout.rules {
        scene.rect(*r);
    }
    for p in &layout.glyphs {
        scene.glyph(big.place(p));
    }
    scene
}

/// The card's layout and the grid it is laid out on.
pub fn card_layout(view: &CardView, grid: &HudGrid) -> (PanelLayout, HudGrid) {
    let fit = |scale: u32| {
        let big = HudGrid::with_scale(grid.width, grid.height, scale);
        let region = screen_region(&big);
        let max_text = region.cols.saturating_sub(CHROME_COLS + 2);
        let lines: Vec<String> = view.lines.iter().flat_map(|l| fit(l, max_text)).collect();
        let widest = lines.iter().chain([&view.title, &view.hint]).map(|l| text_width(l)).max().unwrap_or(0);
        let rows = lines.len() as u32 + TITLED_CHROME_ROWS + 2;
        let fits = widest <= max_text
            && rows <= region.rows
            && big.rows * super::grid::LINE_H * scale <= grid.height;
        (big, lines, widest, rows, fits)
    };
    let scale = largest_scale(grid.scale * CARD_SCALE, |s| fit(s).4);
    let (big, lines, widest, rows, _) = fit(scale);
    let region = screen_region(&big);
    let (cols, rows) = ((widest + CHROME_COLS + 2).min(region.cols), rows.min(region.rows));
    let panel = Panel {
        col: region.col + (region.cols - cols) / 2,
        row: region.row + (region.rows - rows) / 2,
        cols,
        rows,
    };
    let mut layout = PanelLayout::titled(panel, &big, &view.title, &view.hint);
    let content = layout.content_rows();
    for (i, line) in lines.iter().enumerate() {
        let row = content.start + 1 + i as u32;
        if row + 1 >= content.end {
            break;
        }
        panel.centre_text(&mut layout.glyphs, row, line, VALUE_COLOR);
    }
    (layout, big)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::shapes::HudItem;
    use crate::render::hud::test_support::{text_on_row, SIZES};

    fn menu(items: usize, selected: usize) -> MenuView {
        MenuView {
            title: "TITLE".into(),
            lines: vec!["A saved run waits at depth 3.".into()],
            items: (0..items).map(|i| format!("Choice number {i}")).collect(),
            selected,
            hint: "↑ ↓ choose   Enter takes".into(),
        }
    }

    fn card() -> CardView {
        CardView {
            title: "THE END".into(),
            lines: vec![
                "Slain by a lurker at depth 4.".into(),
                "Depth 4   kills 7   score 2100".into(),
                "Morgue file: /home/somebody/.local/share/game/morgue/morgue-20261201-120000.txt".into(),
            ],
            hint: "Press any key".into(),
        }
    }

    fn all_text(glyphs: &[PlacedGlyph]) -> String {
        let rows: std::collections::BTreeSet<u32> = glyphs.iter().map(|p| p.row).collect();
        rows.iter().map(|&r| text_on_row(glyphs, r)).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn a_menu_stays_on_the_target_and_shows_its_title_lines_choices_and_hint() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let scene = menu_scene(&menu(6, 2), &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            let layout = menu_layout(&menu(6, 2), &grid, (h / 4) as i32);
            let text = all_text(&layout.glyphs);
            assert!(text.contains("► Choice number 2"), "{w}x{h}:\n{text}");
            assert!(text.contains("Enter takes"), "{w}x{h}:\n{text}");
            if w > 320 {
                assert!(
                    text.contains("Choice number 0") && text.contains("Choice number 5"),
                    "{w}x{h}:\n{text}"
                );
            }
            let title: String = scene.glyphs().filter(|g| g.scale > grid.scale).map(|g| g.ch).collect();
            assert_eq!(title, "TITLE", "{w}x{h}: the title is drawn larger than the HUD's type");
        }
    }

    #[test]
    fn a_table_in_a_menu_keeps_its_columns() {
        let grid = HudGrid::new(1280, 720);
        let view = MenuView {
            lines: vec![" #  score  depth".into(), " 1    550      1".into(), "12  12050     14".into()],
            ..menu(1, 0)
        };
        let layout = menu_layout(&view, &grid, 200);
        let col_of =
            |ch: char| layout.glyphs.iter().filter(|p| p.ch == ch).map(|p| p.col).collect::<Vec<_>>();
        let (c0, _) = layout.panel.text_cols();
        let text = all_text(&layout.glyphs);
        assert!(text.contains("#  score  depth") && text.contains("1    550      1"), "{text}");
        assert!(col_of('#')[0] > c0, "the block is centred in the panel");
        let first_rows: Vec<u32> = layout.glyphs.iter().filter(|p| p.ch == '5').map(|p| p.col).collect();
        assert!(first_rows.windows(2).any(|w| w[0] + 1 == w[1]), "550 is drawn whole: {first_rows:?}");
    }

    #[test]
    fn a_long_menu_scrolls_to_keep_the_selected_choice_in_view() {
        let grid = HudGrid::new(1280, 720);
        for selected in [0, 20, 39] {
            let layout = menu_layout(&menu(40, selected), &grid, 200);
            let row = layout.selected_row.expect("the selected choice is on screen");
            assert_eq!(text_on_row(&layout.glyphs, row).trim(), format!("► Choice number {selected}"));
        }
        let text = all_text(&menu_layout(&menu(40, 39), &grid, 200).glyphs);
        assert!(text.contains('▲') && !text.contains("Choice number 0\n"), "{text}");
    }

    #[test]
    fn a_card_uses_large_type_where_it_fits_and_stays_inside_its_panel() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let (layout, big) = card_layout(&card(), &grid);
            let frame = layout.panel.frame(&big);
            for p in &layout.glyphs {
                let g = big.place(p);
                assert!(g.x > frame.x && g.right() < frame.right(), "{w}x{h}: {:?} outside", p.ch);
                assert!(g.y > frame.y && g.bottom() < frame.bottom(), "{w}x{h}: {:?} outside", p.ch);
            }
            let text = all_text(&layout.glyphs);
            assert!(text.contains("THE END") && text.contains("score 2100"), "{w}x{h}:\n{text}");
            let joined: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            assert!(
                joined.contains("morgue-20261201-120000.txt"),
                "{w}x{h}: the path is wrapped, not lost:\n{text}"
            );
            assert_eq!(card_scene(&card(), &grid).out_of_bounds(w, h), None, "{w}x{h}");
            if w >= 1280 {
                assert!(big.scale > grid.scale, "{w}x{h}: large type");
            }
        }
    }

    /// A board's side panel beside a card showed cut-off words: the card veils the whole screen
    /// before its own panel.
    #[test]
    fn a_card_veils_the_whole_screen_first() {
        let grid = HudGrid::new(1280, 720);
        let scene = card_scene(&card(), &grid);
        let Some(HudItem::Rect(veil)) = scene.items.first() else { panic!("no veil first") };
        assert_eq!((veil.x, veil.y, veil.w, veil.h), (0, 0, 1280, 720));
        assert_eq!(veil.color, [0.0, 0.0, 0.0, CARD_VEIL_ALPHA]);
    }

    /// Issue 34: the morgue path wrapped mid-word on the death card ("/home/some" | "body/...").
    #[test]
    fn the_morgue_path_on_the_card_breaks_only_after_a_separator() {
        let path = "/home/somebody/.local/share/hollowdeep/morgue/morgue-20261201-120000-seed18446744073709551615.txt";
        let view = CardView { lines: vec![format!("Morgue file: {path}")], ..card() };
        for (w, h) in SIZES {
            let (layout, _) = card_layout(&view, &HudGrid::new(w, h));
            let text = all_text(&layout.glyphs);
            let rows: Vec<&str> = text.lines().map(str::trim).collect();
            let first = rows.iter().position(|r| r.starts_with("Morgue file:")).expect("the path's row");
            let last = rows.iter().position(|r| r.ends_with(".txt")).expect("the path's end");
            for row in &rows[first..last] {
                assert!(row.ends_with('/') || row.ends_with('-'), "{w}x{h}: broken inside a name:\n{text}");
            }
            let joined: String = rows[first..=last].concat();
            assert_eq!(joined, format!("Morgue file: {path}"), "{w}x{h}");
        }
    }
}
