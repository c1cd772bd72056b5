//! The legend: every mark the board can show — the robot, each prop in each state, leaks, the
//! surface bands, the unsafe, forecast and preview marks — drawn by the board pass itself from
//! sample cells, each with a one-line caption beside it. The samples are the board's own cell
//! values, so the legend cannot drift from what the board draws.

use super::balance::Balance;
use super::level::{Carrier, Quantity};
use super::palette::{BAND_COLOURS, CARRIER_COLOURS, LABEL, QUANTITY_COLOURS, TEXT};
use crate::grid::{Facing, Grid, Pos};
use crate::scene::{BoardCaption, BoardCell, BoardHud, BoardLine, BoardProp, BoardScene, UnderLook};

/// Entries per column, and the cells each entry takes across (its sample, then its caption).
const ROWS: i32 = 18;
const ENTRY_WIDTH: i32 = 8;
const COLUMNS: i32 = 2;

/// One legend entry: what the sample cell holds, and its caption.
struct Entry {
    cell: BoardCell,
    caption: String,
    robot: bool,
}

fn prop(prop: BoardProp, caption: &str) -> Entry {
    Entry { cell: BoardCell { prop, ..BoardCell::default() }, caption: caption.into(), robot: false }
}

/// A floor holding `value` (0..1 of the largest a cell holds) of quantity `q` in band `band`.
fn surface(q: Quantity, value: f32, band: u8, caption: String) -> Entry {
    let mut cell = BoardCell::default();
    cell.surface[q as usize] = value;
    cell.bands[q as usize] = band;
    Entry { cell, caption, robot: false }
}

fn entries(b: &Balance) -> Vec<Entry> {
    let mut out =
        vec![Entry { cell: BoardCell::default(), caption: "You (arrow: facing)".into(), robot: true }];
    for c in Carrier::ALL {
        out.push(prop(BoardProp::Source { carrier: c as u8, on: true }, &format!("{} source, on", c.name())));
    }
    out.push(prop(BoardProp::Source { carrier: 0, on: false }, "a source, off"));
    out.push(prop(BoardProp::Valve { carrier: 0, open: true }, "valve, open"));
    out.push(prop(BoardProp::Valve { carrier: 0, open: false }, "valve, closed"));
    out.push(prop(BoardProp::Junction, "junction, use to split"));
    out.push(prop(BoardProp::Consumer { on: false, producing: false }, "consumer, off"));
    out.push(prop(BoardProp::Consumer { on: true, producing: false }, "consumer, on, unfed"));
    out.push(prop(BoardProp::Consumer { on: true, producing: true }, "consumer, producing"));
    out.push(prop(BoardProp::Reactor { ready: false }, "reactor control"));
    out.push(prop(BoardProp::Reactor { ready: true }, "reactor control, Ready"));
    out.push(prop(BoardProp::Door { open: false, across_x: false }, "door, closed"));
    out.push(prop(BoardProp::Door { open: true, across_x: false }, "door, open"));
    out.push(prop(BoardProp::Terminal { active: false }, "terminal (forecasts)"));
    out.push(prop(BoardProp::Terminal { active: true }, "terminal, active"));
    out.push(prop(BoardProp::Supply { depleted: false }, "supply of an item"));
    out.push(prop(BoardProp::Supply { depleted: true }, "supply, used up"));
    out.push(prop(BoardProp::Sprinkler { on: true, spraying: true }, "sprinkler, spraying"));
    out.push(prop(BoardProp::Sprinkler { on: false, spraying: false }, "sprinkler, off"));
    let mut leak = BoardCell { leak: Some(Carrier::Fuel as u8), ..BoardCell::default() };
    leak.under[0] = UnderLook { present: true, leaking: true, ..UnderLook::default() };
    out.push(Entry { cell: leak, caption: "leak (F repairs it)".into(), robot: false });
    for q in Quantity::ALL {
        let (c, k) = (b.caution(q) / b.max_surface, b.critical(q) / b.max_surface);
        let name = q.name();
        out.push(surface(q, (c + k) / 2.0, 2, format!("{name}, caution")));
        out.push(surface(q, (k + 1.0) / 2.0, 3, format!("{name}, critical")));
    }
    let mut unsafe_cell =
        surface(Quantity::Heat, b.critical(Quantity::Heat) / b.max_surface, 3, String::new());
    unsafe_cell.cell.unsafe_entry = true;
    unsafe_cell.caption = "unsafe: entering loses".into();
    out.push(unsafe_cell);
    out.push(Entry {
        cell: BoardCell { forecast: true, ..BoardCell::default() },
        caption: "named by a forecast".into(),
        robot: false,
    });
    out.push(Entry {
        cell: BoardCell { preview: Some((0, true)), ..BoardCell::default() },
        caption: "action gives supply".into(),
        robot: false,
    });
    out.push(Entry {
        cell: BoardCell { preview: Some((0, false)), ..BoardCell::default() },
        caption: "action cuts supply".into(),
        robot: false,
    });
    out.push(Entry {
        cell: BoardCell { wall: true, ..BoardCell::default() },
        caption: "wall".into(),
        robot: false,
    });
    out
}

/// The entries in grid order (column after column), each surface sample between two entries
/// without one: the board blends a cell's surface into its neighbours', so two samples stacked
/// would run together.
fn arranged(all: Vec<Entry>) -> Vec<Entry> {
    let has_surface = |e: &Entry| e.cell.surface.iter().any(|v| *v > 0.0);
    let (mut wet, mut dry): (Vec<Entry>, Vec<Entry>) = all.into_iter().partition(has_surface);
    let rows = ROWS as usize;
    let mut out: Vec<Entry> = dry.drain(..dry.len().saturating_sub(wet.len()).min(rows)).collect();
    wet.reverse();
    dry.reverse();
    while let Some(w) = wet.pop() {
        out.push(w);
        out.extend(dry.pop());
    }
    out.extend(dry.into_iter().rev());
    out
}

/// The legend as a board scene: the samples in columns, each caption in the cells to its right
/// (those are void: the board draws its background there).
pub fn board(b: &Balance) -> BoardScene {
    let all = arranged(entries(b));
    let mut cells =
        Grid::filled(COLUMNS * ENTRY_WIDTH, ROWS, BoardCell { void: true, ..BoardCell::default() });
    let mut captions = Vec::new();
    let mut robot = Pos::new(-1, -1);
    for (i, e) in all.iter().enumerate().take((COLUMNS * ROWS) as usize) {
        let at = Pos::new(i as i32 / ROWS * ENTRY_WIDTH, i as i32 % ROWS);
        cells.set(at, e.cell);
        if e.robot {
            robot = at;
        }
        captions.push(BoardCaption { cell: at, text: e.caption.clone(), colour: TEXT });
    }
    let mut cuts = [[0.0; 2]; 4];
    for q in Quantity::ALL {
        cuts[q as usize] = [b.caution(q) / b.max_surface, b.critical(q) / b.max_surface];
    }
    BoardScene {
        cells,
        robot,
        robot_facing: Facing::East,
        cursor: Pos::new(-1, -1),
        cuts,
        captions,
        hud: hud(),
        ..BoardScene::default()
    }
}

/// The panel beside the legend: how colour and pattern divide the work, and how to close it.
fn hud() -> BoardHud {
    let line = |t: &str, c| BoardLine::new(t, c);
    BoardHud {
        header: vec![line("Legend: what the board shows", TEXT)],
        panel: vec![
            line("G or any key: back to the board", BAND_COLOURS[2]),
            line("", TEXT),
            line("Colour says which line or liquid:", LABEL),
            line(" fuel: violet", CARRIER_COLOURS[0]),
            line(" coolant and its water: blue", CARRIER_COLOURS[1]),
            line(" electricity: yellow", CARRIER_COLOURS[2]),
            line(" heat: orange", QUANTITY_COLOURS[3]),
            line("Pattern says it without colour:", LABEL),
            line(" fuel stripes, water ripples,", TEXT),
            line(" electricity zigzags, heat dots.", TEXT),
            line("Brighter and denser: a higher band", LABEL),
            line(" (caution, then critical).", BAND_COLOURS[2]),
            line("", TEXT),
            line("Lines under the floor show only at an", LABEL),
            line(" active terminal (use one to see them).", LABEL),
            line("Hover or IJKL names everything on a cell.", LABEL),
        ],
        ..BoardHud::default()
    }
}

/// How many entries the legend has (tests: every one fits its grid).
pub fn entry_count(b: &Balance) -> usize {
    entries(b).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The longest caption: what the cells right of a sample hold at the panel's type size.
    const CAPTION_CHARS: usize = 22;

    #[test]
    fn every_entry_fits_the_grid_with_a_caption_that_fits_its_cells() {
        let b = Balance::normal();
        let board = board(&b);
        assert!(entry_count(&b) <= (COLUMNS * ROWS) as usize, "{} entries", entry_count(&b));
        assert_eq!(board.captions.len(), entry_count(&b));
        for c in &board.captions {
            assert!(c.text.chars().count() <= CAPTION_CHARS, "{:?} is longer than its cells hold", c.text);
            assert!(!board.cells.at(c.cell).void, "a caption names a sample");
        }
        assert!(board.cells.at(board.robot).prop == BoardProp::None, "the robot stands on a bare floor");
        let wet = |p: Pos| board.cells.get(p).is_some_and(|c| c.surface.iter().any(|v| *v > 0.0));
        for p in board.cells.positions().filter(|p| wet(*p)) {
            assert!(!wet(Pos::new(p.x, p.y + 1)), "surface samples at {p:?} and below run together");
        }
    }

    #[test]
    fn the_legend_shows_every_prop_kind_every_band_and_every_mark() {
        let b = Balance::normal();
        let board = board(&b);
        let cells: Vec<&BoardCell> = board.cells.as_slice().iter().filter(|c| !c.void).collect();
        let kinds = |f: fn(&BoardProp) -> bool| cells.iter().any(|c| f(&c.prop));
        assert!(
            kinds(|p| matches!(p, BoardProp::Source { .. }))
                && kinds(|p| matches!(p, BoardProp::Valve { .. }))
        );
        assert!(
            kinds(|p| matches!(p, BoardProp::Consumer { .. })) && kinds(|p| matches!(p, BoardProp::Junction))
        );
        assert!(
            kinds(|p| matches!(p, BoardProp::Door { .. }))
                && kinds(|p| matches!(p, BoardProp::Terminal { .. }))
        );
        assert!(
            kinds(|p| matches!(p, BoardProp::Supply { .. }))
                && kinds(|p| matches!(p, BoardProp::Sprinkler { .. }))
        );
        assert!(kinds(|p| matches!(p, BoardProp::Reactor { .. })));
        for q in 0..4 {
            for band in [2, 3] {
                assert!(cells.iter().any(|c| c.bands[q] == band), "quantity {q} band {band}");
            }
        }
        assert!(cells.iter().any(|c| c.unsafe_entry) && cells.iter().any(|c| c.forecast));
        assert!(cells.iter().any(|c| c.leak.is_some()) && cells.iter().any(|c| c.wall));
        assert!(
            cells.iter().any(|c| c.preview == Some((0, true)))
                && cells.iter().any(|c| c.preview == Some((0, false)))
        );
    }
}
