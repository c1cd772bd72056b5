//! The Doom-style bottom bar of plan §8.1: `♥ 3/5  ♦ SAN: 72%  ⌂ Weak: 45%  ♥♥ Beats: 42  WPN:2
//! [F][●][ ][+]  DEPTH:7`, then the active statuses (`BLEED 2`).
//!
//! Each group sits in a recessed panel and the inventory slots are boxes, the selected one lit. The
//! groups spread over the width like Doom's panels. On a narrow target the bar degrades in steps
//! (`BarStyle`): tighter slots, short labels, then bare values without panels.

use super::grid::{put_text, text_width, HudGrid, PlacedGlyph};
use super::shapes::{HudScene, PixelRect};
use crate::render::palette::*;
use crate::scene::{BarModel, StatusTone};

/// How much the bar says. The layout takes the first style, in declaration order, that fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BarStyle {
    /// The plan's line with its labels, slots spaced like `[F] [0]`.
    Full,
    /// The same with slots side by side.
    Tight,
    /// Labels shortened (`♦ 72%`, `W:2`, `D:7`, `BL 2`).
    Short,
    /// No spaces after symbols, one column between groups, no panels (the slots keep their boxes,
    /// since the selection must stay visible).
    Narrow,
}

impl BarStyle {
    pub const ALL: [BarStyle; 4] = [BarStyle::Full, BarStyle::Tight, BarStyle::Short, BarStyle::Narrow];

    fn gap(self) -> u32 {
        if self == BarStyle::Narrow {
            1
        } else {
            2
        }
    }

    fn slot_pitch(self) -> u32 {
        if self == BarStyle::Full {
            3
        } else {
            2
        }
    }
}

/// Columns a percentage takes ("100%"), a heartbeat count (a long run's), and the weapon and depth
/// (two digits; a deeper or stronger one widens its own box only).
const PERCENT_WIDTH: usize = 4;
const HEARTBEAT_WIDTH: usize = 4;
const SMALL_WIDTH: usize = 2;

/// Extra columns between groups at most, when the bar has room to spread them out.
const MAX_EXTRA_GAP: u32 = 3;

/// The room the bar keeps for statuses at its end, so that nothing else moves when one begins or
/// ends: two at once, each a label of up to `STATUS_LABEL` letters (`STATUS_SHORT_LABEL` in the
/// short styles) and a two-digit count. A target with less to spare keeps what it has.
const RESERVED_STATUSES: u32 = 2;
const STATUS_LABEL: u32 = 5;
const STATUS_SHORT_LABEL: u32 = 2;
const STATUS_TURNS: u32 = 2;

/// The bar's groups before the statuses: HP, sanity, weakness, heartbeat, weapon, slots, depth.
const CORE_GROUPS: usize = 7;

/// Coloured spans of text in one panel.
type Spans = Vec<(String, Srgb)>;

/// A group of the bar: coloured spans in one panel, the inventory slots, or the statuses.
#[derive(Clone, Debug)]
enum Group {
    Text(Spans),
    /// The inventory: this many slot boxes.
    Slots(usize),
    /// The statuses, each in its own panel, left to right in an area at least `room` wide.
    Statuses {
        statuses: Vec<Spans>,
        room: u32,
    },
}

impl Group {
    fn width(&self, style: BarStyle) -> u32 {
        match self {
            Group::Text(spans) => spans_width(spans),
            Group::Slots(count) => (*count as u32).saturating_sub(1) * style.slot_pitch() + 1,
            Group::Statuses { statuses, room } => {
                let used = statuses.iter().map(spans_width).sum::<u32>()
                    + style.gap() * (statuses.len() as u32).saturating_sub(1);
                used.max(*room)
            }
        }
    }
}

fn spans_width(spans: &Spans) -> u32 {
    spans.iter().map(|(s, _)| text_width(s)).sum()
}

/// Columns the statuses' area keeps in `style` when the target has them.
fn status_room(style: BarStyle) -> u32 {
    let (label, space) = match style {
        BarStyle::Full | BarStyle::Tight => (STATUS_LABEL, 1),
        BarStyle::Short => (STATUS_SHORT_LABEL, 1),
        BarStyle::Narrow => (STATUS_SHORT_LABEL, 0),
    };
    RESERVED_STATUSES * (label + space + STATUS_TURNS) + (RESERVED_STATUSES - 1) * style.gap()
}

fn value_color(warn: bool) -> Srgb {
    if warn {
        WARN_COLOR
    } else {
        VALUE_COLOR
    }
}

/// The bar's groups in the plan's order, worded for `style`.
fn groups(bar: &BarModel, style: BarStyle) -> Vec<Group> {
    let (full, sp) = match style {
        BarStyle::Full | BarStyle::Tight => (true, " "),
        BarStyle::Short => (false, " "),
        BarStyle::Narrow => (false, ""),
    };
    let span = |s: &str, c: Srgb| (s.to_string(), c);
    let label = |long: &str, short: &str| span(if full { long } else { short }, LABEL_COLOR);
    // Numbers take a fixed width in the full styles, so the bar does not shift when a value gains a
    // digit: right-aligned after a space, left-aligned right after a colon ("WPN:2 "). The short
    // styles are for targets with no column to spare.
    let padded = matches!(style, BarStyle::Full | BarStyle::Tight);
    let fixed = |text: String, width: usize| if padded { format!("{text:>width$}") } else { text };
    let after_colon = |text: String, width: usize| if padded { format!("{text:<width$}") } else { text };
    let digits = |n: i64| n.unsigned_abs().max(1).ilog10() as usize + 1;
    let hp_width = 2 * digits(i64::from(bar.max_hp)) + 1;
    let out_of = fixed(format!("{}/{}", bar.hp, bar.max_hp), hp_width);
    let mut out = vec![
        Group::Text(vec![
            span("♥", HEART_COLOR),
            span(sp, LABEL_COLOR),
            span(&out_of, value_color(bar.hp * 3 <= bar.max_hp)),
        ]),
        Group::Text(vec![
            span("♦", SANITY_COLOR),
            label(" SAN: ", sp),
            span(&fixed(format!("{}%", bar.sanity), PERCENT_WIDTH), value_color(bar.sanity < 25)),
        ]),
        Group::Text(vec![
            span("⌂", WEAKNESS_COLOR),
            label(" Weak: ", sp),
            span(&fixed(format!("{}%", bar.weakness), PERCENT_WIDTH), value_color(bar.weakness >= 75)),
        ]),
        // Labelled, because a bare number after a heart read as hit points (issue 34).
        Group::Text(vec![
            span("♥♥", HEARTBEAT_COLOR),
            label(" Beats: ", sp),
            span(&fixed(bar.heartbeat.to_string(), HEARTBEAT_WIDTH), VALUE_COLOR),
        ]),
        Group::Text(vec![
            label("WPN:", "W:"),
            span(&after_colon(bar.weapon.to_string(), SMALL_WIDTH), WEAPON_COLOR),
        ]),
        Group::Slots(bar.slots.len()),
        Group::Text(vec![
            label("DEPTH:", "D:"),
            span(&after_colon(bar.depth.to_string(), SMALL_WIDTH), VALUE_COLOR),
        ]),
    ];
    let statuses = bar
        .statuses
        .iter()
        .map(|status| {
            let color = match status.tone {
                StatusTone::Body => BLEED_COLOR,
                StatusTone::Mind => TERROR_COLOR,
            };
            let name = if full { status.label } else { status.short };
            vec![span(name, color), span(sp, LABEL_COLOR), span(&status.turns_left.to_string(), VALUE_COLOR)]
        })
        .collect();
    out.push(Group::Statuses { statuses, room: 0 });
    out
}

/// The groups of `style` with the statuses' area as wide as the target allows, up to
/// [`status_room`]; without statuses or room, no area at all.
fn groups_with_room(bar: &BarModel, style: BarStyle, avail: u32) -> Vec<Group> {
    let mut gs = groups(bar, style);
    let core = natural_width(&gs[..CORE_GROUPS], style);
    if let Some(Group::Statuses { room, .. }) = gs.last_mut() {
        *room = status_room(style).min(avail.saturating_sub(core + style.gap()));
    }
    if gs.last().is_some_and(|g| g.width(style) == 0) {
        gs.pop();
    }
    gs
}

/// Which groups to give up first when even the narrow style is too wide: the heartbeat, then the
/// statuses, weapon, depth; the resources and the inventory go last. Indexes into `groups`.
fn drop_order(count: usize) -> Vec<usize> {
    let mut order = vec![3];
    order.extend((CORE_GROUPS..count).rev());
    order.extend([4, 6, 2, 1, 5, 0]);
    order
}

/// The bar laid out on a grid: glyphs in cells, panel and slot boxes in target pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct BarLayout {
    pub style: BarStyle,
    pub glyphs: Vec<PlacedGlyph>,
    /// The recessed panel behind each text group (empty in the narrow style).
    pub panels: Vec<PixelRect>,
    /// The box of each inventory slot, in slot order.
    pub slots: Vec<PixelRect>,
    pub selected: usize,
}

/// Lays out the bar: the first style whose groups fit between one-column margins, spread evenly.
pub fn bar_layout(bar: &BarModel, grid: &HudGrid) -> BarLayout {
    let avail = grid.cols.saturating_sub(2);
    for style in BarStyle::ALL {
        let gs = groups_with_room(bar, style, avail);
        if natural_width(&gs, style) <= avail {
            let keep: Vec<usize> = (0..gs.len()).collect();
            return place(bar, grid, style, &gs, &keep);
        }
    }
    // Not even the narrow style fits: give up groups until it does.
    let style = BarStyle::Narrow;
    let mut gs = groups(bar, style);
    if gs.last().is_some_and(|g| g.width(style) == 0) {
        gs.pop();
    }
    let mut keep: Vec<usize> = (0..gs.len()).collect();
    for drop in drop_order(gs.len()) {
        let kept: Vec<Group> = keep.iter().map(|&i| gs[i].clone()).collect();
        if natural_width(&kept, style) <= avail || keep.len() == 1 {
            break;
        }
        keep.retain(|&i| i != drop);
    }
    place(bar, grid, style, &gs, &keep)
}

fn natural_width(gs: &[Group], style: BarStyle) -> u32 {
    gs.iter().map(|g| g.width(style)).sum::<u32>() + style.gap() * (gs.len() as u32).saturating_sub(1)
}

fn place(bar: &BarModel, grid: &HudGrid, style: BarStyle, gs: &[Group], keep: &[usize]) -> BarLayout {
    let row = grid.status_row();
    let avail = grid.cols.saturating_sub(2);
    let kept: Vec<&Group> = keep.iter().map(|&i| &gs[i]).collect();
    let widths: Vec<u32> = kept.iter().map(|g| g.width(style)).collect();
    let gaps = (kept.len() as u32).saturating_sub(1).max(1);
    let natural = widths.iter().sum::<u32>() + style.gap() * (kept.len() as u32).saturating_sub(1);
    let extra = (avail.saturating_sub(natural) / gaps).min(MAX_EXTRA_GAP);
    let gap = style.gap() + extra;
    let total = widths.iter().sum::<u32>() + gap * (kept.len() as u32).saturating_sub(1);
    let mut col = 1 + avail.saturating_sub(total) / 2;

    let framed = style != BarStyle::Narrow;
    let mut out = BarLayout {
        style,
        glyphs: Vec::new(),
        panels: Vec::new(),
        slots: Vec::new(),
        selected: bar.selected,
    };
    for (group, width) in kept.iter().zip(&widths) {
        let end = (col + width).min(grid.cols.saturating_sub(1));
        match group {
            Group::Text(spans) => {
                if framed {
                    out.panels.push(grid.text_box(col, end, row, linear(PANEL_EDGE_COLOR, 1.0)));
                }
                let mut c = col;
                for (text, color) in spans {
                    c = put_text(&mut out.glyphs, c, row, text, linear(*color, 1.0), false);
                }
            }
            Group::Statuses { statuses, .. } => {
                let mut c = col;
                for spans in statuses {
                    let w = spans_width(spans);
                    if framed {
                        let end = (c + w).min(grid.cols.saturating_sub(1));
                        out.panels.push(grid.text_box(c, end, row, linear(PANEL_EDGE_COLOR, 1.0)));
                    }
                    let mut at = c;
                    for (text, color) in spans {
                        at = put_text(&mut out.glyphs, at, row, text, linear(*color, 1.0), false);
                    }
                    c += w + style.gap();
                }
            }
            Group::Slots(_) => {
                for (i, slot) in bar.slots.iter().enumerate() {
                    let c = col + i as u32 * style.slot_pitch();
                    out.slots.push(grid.text_box(c, c + 1, row, linear(PANEL_EDGE_COLOR, 1.0)));
                    if let Some(slot) = slot {
                        put_text(
                            &mut out.glyphs,
                            c,
                            row,
                            &slot.glyph.to_string(),
                            linear(slot.colour, 1.0),
                            false,
                        );
                    }
                }
            }
        }
        col += width + gap;
    }
    // A safety net for sizes below the supported minimum: never draw past the right margin.
    out.glyphs.retain(|p| p.col + 1 < grid.cols);
    out
}

/// The bar as a scene: the iron strip with its rim, the panels, the slot boxes (the selected one lit)
/// and the text.
pub fn bar_scene(bar: &BarModel, grid: &HudGrid) -> HudScene {
    let layout = bar_layout(bar, grid);
    let s = grid.scale as i32;
    let (w, h, top) = (grid.width as i32, grid.height as i32, grid.bar_top() as i32);
    let mut scene = HudScene::default();
    scene.rect(PixelRect::new(0, top, w, h - top, linear(BAR_COLOR, 1.0)));
    scene.rect(PixelRect::new(0, top, w, s, linear(BAR_EDGE_COLOR, 1.0)));
    scene.rect(PixelRect::new(0, top + s, w, s, linear(BAR_SHADE_COLOR, 1.0)));
    for panel in &layout.panels {
        scene.framed(*panel, Some(linear(PANEL_FILL_COLOR, 1.0)), panel.color, s);
    }
    for (i, slot) in layout.slots.iter().enumerate() {
        if i == layout.selected {
            scene.framed(*slot, Some(linear(SLOT_LIT_FILL_COLOR, 1.0)), linear(SLOT_LIT_COLOR, 1.0), s);
        } else {
            scene.framed(*slot, Some(linear(PANEL_FILL_COLOR, 1.0)), slot.color, s);
        }
    }
    for p in &layout.glyphs {
        scene.glyph(grid.place(p));
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::test_support::{text_on_row, SIZES};
    use crate::scene::{SlotLook, StatusLook};

    fn slot(glyph: char, colour: crate::scene::Srgb) -> SlotLook {
        SlotLook { glyph, colour }
    }

    fn bleeding(turns_left: u32) -> StatusLook {
        StatusLook { label: "BLEED", short: "BL", tone: StatusTone::Body, turns_left }
    }

    fn terrified(turns_left: u32) -> StatusLook {
        StatusLook { label: "FEAR", short: "FR", tone: StatusTone::Mind, turns_left }
    }

    /// The plan's example state, with one status.
    pub(crate) fn plan_bar() -> BarModel {
        BarModel {
            hp: 3,
            max_hp: 5,
            sanity: 72,
            weakness: 45,
            heartbeat: 42,
            weapon: 2,
            slots: vec![
                Some(slot('F', [79, 231, 89])),
                Some(slot('●', [56, 219, 239])),
                None,
                Some(slot('+', [239, 239, 239])),
            ],
            selected: 1,
            depth: 7,
            statuses: vec![bleeding(2)],
        }
    }

    fn squeeze(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn the_bar_reads_like_the_plan_at_every_supported_size() {
        for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160), (701, 401)] {
            let grid = HudGrid::new(w, h);
            let layout = bar_layout(&plan_bar(), &grid);
            assert_eq!(layout.style, BarStyle::Full, "{w}x{h}");
            let line = text_on_row(&layout.glyphs, grid.status_row());
            assert_eq!(
                squeeze(&line),
                "♥ 3/5 ♦ SAN: 72% ⌂ Weak: 45% ♥♥ Beats: 42 WPN:2 F ● + DEPTH:7 BLEED 2",
                "{w}x{h}"
            );
            // Values are right-aligned in fixed widths: "SAN:  72%" keeps the place of "SAN: 100%".
            assert!(line.contains("♦ SAN:  72%") && line.contains("⌂ Weak:  45%"), "{line:?}");
        }
    }

    #[test]
    fn narrow_targets_drop_labels_before_anything_else() {
        let grid = HudGrid::new(320, 200);
        let layout = bar_layout(&plan_bar(), &grid);
        assert_eq!(layout.style, BarStyle::Short);
        let line = squeeze(&text_on_row(&layout.glyphs, grid.status_row()));
        assert_eq!(line, "♥ 3/5 ♦ 72% ⌂ 45% ♥♥ 42 W:2 F ● + D:7 BL 2");
        // More statuses than fit with short labels: the narrow style, nothing lost.
        let mut bar = plan_bar();
        bar.statuses.push(terrified(13));
        bar.heartbeat = 123456;
        let layout = bar_layout(&bar, &grid);
        assert_eq!(layout.style, BarStyle::Narrow);
        let line = squeeze(&text_on_row(&layout.glyphs, grid.status_row()));
        assert_eq!(line, "♥3/5 ♦72% ⌂45% ♥♥123456 W:2 F ● + D:7 BL2 FR13");
    }

    #[test]
    fn below_the_supported_minimum_the_heartbeat_goes_first() {
        let grid = HudGrid::new(200, 200);
        let layout = bar_layout(&plan_bar(), &grid);
        let line = text_on_row(&layout.glyphs, grid.status_row());
        assert!(!line.contains("♥♥"), "{line:?}");
        assert!(line.contains("♥3/5") && line.contains('F'), "{line:?}");
        assert!(layout.glyphs.iter().all(|p| p.col + 1 < grid.cols));
    }

    #[test]
    fn no_glyph_or_box_leaves_the_target_and_boxes_never_overlap() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let mut bar = plan_bar();
            bar.statuses.push(terrified(9));
            let layout = bar_layout(&bar, &grid);
            assert!(layout.glyphs.iter().all(|p| p.col >= 1 && p.col + 1 < grid.cols), "{w}x{h}");
            let scene = bar_scene(&bar, &grid);
            assert_eq!(scene.out_of_bounds(w, h), None, "{w}x{h}");
            let mut boxes: Vec<PixelRect> = layout.panels.iter().chain(&layout.slots).copied().collect();
            boxes.sort_by_key(|r| r.x);
            for pair in boxes.windows(2) {
                assert!(pair[0].right() < pair[1].x, "{w}x{h}: boxes touch: {pair:?}");
            }
            for r in &boxes {
                assert!(r.y >= grid.bar_top() as i32 + 2 * grid.scale as i32, "{w}x{h}: box above the bar");
                assert!(r.bottom() <= h as i32, "{w}x{h}");
            }
        }
    }

    #[test]
    fn glyphs_sit_inside_their_boxes() {
        let grid = HudGrid::new(1280, 720);
        let layout = bar_layout(&plan_bar(), &grid);
        for p in &layout.glyphs {
            let g = grid.place(p);
            let inside = layout.panels.iter().chain(&layout.slots).any(|r| {
                r.contains(g.x, g.y) && r.contains(g.x + 5 * g.scale as i32 - 1, g.y + 7 * g.scale as i32 - 1)
            });
            assert!(inside, "{:?} outside every box", p.ch);
        }
    }

    #[test]
    fn slots_show_items_in_their_pickup_colours_and_the_selected_one_is_lit() {
        let grid = HudGrid::new(1280, 720);
        let bar = plan_bar();
        let layout = bar_layout(&bar, &grid);
        assert_eq!(layout.slots.len(), bar.slots.len());
        for (i, slot) in layout.slots.iter().enumerate() {
            let inside: Vec<&PlacedGlyph> =
                layout.glyphs.iter().filter(|p| slot.contains(grid.place(p).x, grid.place(p).y)).collect();
            match bar.slots[i] {
                Some(item) => {
                    assert_eq!(inside.len(), 1, "slot {i}");
                    assert_eq!(inside[0].ch, item.glyph);
                    assert_eq!(inside[0].color, linear(item.colour, 1.0));
                }
                None => assert!(inside.is_empty(), "slot {i} is empty"),
            }
        }
        let lit = linear(SLOT_LIT_COLOR, 1.0);
        let scene = bar_scene(&bar, &grid);
        let lit_rects: Vec<&PixelRect> = scene.rects().filter(|r| r.color == lit).collect();
        assert_eq!(lit_rects.len(), 4, "four edges of one frame");
        let selected = layout.slots[bar.selected];
        assert!(lit_rects.iter().all(|r| r.x >= selected.x && r.right() <= selected.right()));
    }

    /// Issue 10: the boxes moved when weakness went from 9% to 10%.
    #[test]
    fn the_bar_does_not_shift_when_a_number_gains_a_digit() {
        let grid = HudGrid::new(1280, 720);
        let boxes = |bar: &BarModel| {
            let layout = bar_layout(bar, &grid);
            (layout.panels.clone(), layout.slots.clone())
        };
        let base = BarModel { statuses: vec![], ..plan_bar() };
        let low =
            BarModel { hp: 1, sanity: 9, weakness: 8, heartbeat: 7, weapon: 1, depth: 1, ..base.clone() };
        let high =
            BarModel { hp: 5, sanity: 100, weakness: 100, heartbeat: 9999, weapon: 12, depth: 14, ..base };
        assert_eq!(bar_layout(&low, &grid).style, BarStyle::Full);
        assert_eq!(bar_layout(&high, &grid).style, BarStyle::Full);
        assert_eq!(boxes(&low), boxes(&high));
    }

    /// Issue 34: the whole bottom row moved when FEAR appeared (each status was one more group to
    /// spread the bar over). The statuses have room of their own at the end, so nothing else moves.
    #[test]
    fn the_bar_does_not_move_when_a_status_begins_or_ends() {
        for (w, h) in SIZES {
            let grid = HudGrid::new(w, h);
            let core = |statuses: Vec<StatusLook>| {
                let layout = bar_layout(&BarModel { statuses, ..plan_bar() }, &grid);
                let panels = layout.panels.iter().take(CORE_GROUPS - 1).copied().collect::<Vec<_>>();
                (layout.style, panels, layout.slots)
            };
            let calm = core(vec![]);
            assert_eq!(core(vec![terrified(3)]), calm, "{w}x{h}: FEAR moved the bar");
            assert_eq!(core(vec![bleeding(2)]), calm, "{w}x{h}: BLEED moved the bar");
            if w >= 701 {
                assert_eq!(core(vec![bleeding(2), terrified(13)]), calm, "{w}x{h}: two statuses moved it");
            }
        }
    }

    #[test]
    fn low_resources_turn_their_value_red() {
        let grid = HudGrid::new(1280, 720);
        let mut bar = plan_bar();
        bar.hp = 1;
        let layout = bar_layout(&bar, &grid);
        let one = layout.glyphs.iter().find(|p| p.ch == '1').unwrap();
        assert_eq!(one.color, linear(WARN_COLOR, 1.0));
        let three = bar_layout(&plan_bar(), &grid).glyphs.into_iter().find(|p| p.ch == '3').unwrap();
        assert_eq!(three.color, linear(VALUE_COLOR, 1.0));
    }
}
