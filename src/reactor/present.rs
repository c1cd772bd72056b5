//! The reactor's scene builder: the level as a top-down board (every value the rules decide with,
//! as bands), the inspection panel's text, the forecast list at an active terminal, and the robot's
//! eye view as a first-person world over the same terrain. Reads the rules, never changes them.

use super::balance::Balance;
use super::command::at_active_terminal;
use super::hazards::{band, door_axis, unsafe_cell};
use super::level::{Carrier, Item, Level, LevelState, PropKind, Quantity, Service, Structure};
use super::props::interactable;
use super::undo::Game;
use crate::grid::{Facing, Grid, Pos};
use crate::scene::{
    BoardCaption, BoardCell, BoardHud, BoardLine, BoardProp, BoardScene, CellLook, FloorTint, HudModel,
    Scene, SceneStamp, SpriteKind, SpriteLook, Srgb, TileLook, UnderLook, WorldScene, BOARD_HUES,
};

// The panel's colours live in `palette.rs`, below this file and the legend, which paints its marks
// in them and which this file shows; re-exported so callers keep naming them here.
pub use super::palette::{BAND_COLOURS, CARRIER_COLOURS, GOOD, LABEL, QUANTITY_COLOURS, TEXT};

/// What the view adds to the rules' state: the inspected cell, the eye view, the robot's facing,
/// the latest message and the pulse step on show.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewState {
    /// The inspected cell; `None` follows the robot.
    pub cursor: Option<Pos>,
    pub eye_view: bool,
    pub facing: Facing,
    pub message: Option<String>,
    /// Which of the things usable here the interact key uses (see `targets`), when there are several.
    pub target: usize,
    /// The legend of the board's marks is shown instead of the level.
    pub legend: bool,
    /// The forecast lines read at the terminal the robot just left, shown until its next action
    /// (moves change nothing a forecast reads). A play-tester lost it on the first step away.
    pub read_forecast: Option<Vec<String>>,
}

impl Default for ViewState {
    fn default() -> Self {
        Self {
            cursor: None,
            eye_view: false,
            facing: Facing::East,
            message: None,
            target: 0,
            legend: false,
            read_forecast: None,
        }
    }
}

/// The scene of `game`. `step` shows that step's surface of the last pulse while a cascade plays
/// (`Some((k, n, surface))`); `turn` stamps the scene so the renderer rebuilds what changed.
pub fn scene(
    game: &Game,
    view: &ViewState,
    step: Option<(u32, u32, &Grid<super::level::Surface>)>,
    turn: u64,
) -> Scene {
    let level = &game.level;
    let b = &game.balance;
    let surface = step.map_or(&level.surface, |(_, _, s)| s);
    let board = if view.legend {
        super::legend::board(b)
    } else {
        board(game, view, surface, step.map(|(k, n, _)| (k, n)))
    };
    Scene {
        stamp: SceneStamp { seed: super::hash::fnv1a(level.id.as_bytes()), depth: 0, turn },
        eye: level.robot.pos,
        facing: view.facing,
        world: eye_world(level, b, surface),
        hud: HudModel::default(),
        board: Some(board),
    }
}

fn board(
    game: &Game,
    view: &ViewState,
    surface: &Grid<super::level::Surface>,
    step: Option<(u32, u32)>,
) -> BoardScene {
    let level = &game.level;
    let b = &game.balance;
    let layers = at_active_terminal(level);
    let mut cells = Grid::filled(level.width(), level.height(), BoardCell::default());
    for p in level.terrain.positions() {
        let s = surface.get(p).copied().unwrap_or_default();
        let mut cell = BoardCell { wall: level.is_wall(p), ..BoardCell::default() };
        for q in Quantity::ALL {
            cell.surface[q as usize] = s.get(q) / b.max_surface;
            cell.bands[q as usize] = band(b, q, s.get(q)) as u8;
        }
        for c in Carrier::ALL {
            let u = level.under_at(c, p);
            let links = p
                .neighbours4()
                .iter()
                .enumerate()
                .filter(|(_, q)| level.under_at(c, **q).present())
                .fold(0u8, |m, (i, _)| m | (1 << i));
            cell.under[c as usize] = UnderLook {
                present: u.present(),
                fed: u.fed(),
                leaking: u.structure == Structure::Leaking,
                source: level.props.iter().any(|pr| {
                    pr.pos == p && matches!(pr.kind, PropKind::Flow { carrier, .. } if carrier == c)
                }),
                links,
                amount: u.amount / b.max_amount,
                integrity: u.integrity / b.max_integrity,
            };
        }
        cell.leak = level.leaks.iter().find(|l| !l.repaired && l.access == p).map(|l| l.carrier as u8);
        cell.unsafe_entry = level.is_floor(p) && unsafe_cell(level, b, p, level.robot.heat_immunity > 0);
        cells.set(p, cell);
    }
    for prop in &level.props {
        if let Some(cell) = cells.get_mut(prop.pos) {
            cell.prop = prop_look(level, b, prop);
        }
    }
    if layers {
        for f in &level.forecasts {
            if let Some(cell) = cells.get_mut(f.pos) {
                cell.forecast = true;
            }
        }
    }
    let mut cuts = [[0.0; 2]; 4];
    for q in Quantity::ALL {
        cuts[q as usize] = [b.caution(q) / b.max_surface, b.critical(q) / b.max_surface];
    }
    let preview = if step.is_none() && !level.is_over() { chosen_preview(game, view) } else { None };
    for change in preview.iter().flat_map(|p| &p.cells) {
        if let Some(cell) = cells.get_mut(change.pos) {
            cell.preview.get_or_insert((change.carrier as u8, change.gains));
        }
    }
    let cursor = view.cursor.unwrap_or(level.robot.pos);
    BoardScene {
        cells,
        robot: level.robot.pos,
        robot_facing: view.facing,
        robot_shielded: level.robot.heat_immunity > 0,
        cursor,
        layers,
        cuts,
        step,
        eye_view: view.eye_view,
        opacity: None,
        captions: level
            .captions
            .iter()
            .filter(|c| !caption_done(level, game.initial(), c))
            .map(|c| BoardCaption { cell: c.pos, text: c.text.clone(), colour: TEXT })
            .collect(),
        hud: hud(game, view, cursor, surface, layers, step.is_some(), preview.as_ref()),
    }
}

/// Whether a caption has said its piece: captions describe the start, so one whose prop is no longer
/// set as it was (switched, opened, shut, cycled) or whose leak has been repaired goes (issue 33's
/// play-test: "Fuel source: switch it on" stayed after it was on). Only what the player sets counts,
/// not what follows from it (a consumer becoming fed), so a caption never vanishes on its own. A
/// caption on the robot's start cell names the robot ("v You"): it goes once the robot has left
/// (a play-tester saw it stay on the empty cell).
fn caption_done(level: &Level, start: &Level, c: &super::level::Caption) -> bool {
    let at = c.target();
    if let Some(k) = level.prop_at(at) {
        return start.props.get(k).is_some_and(|was| was.kind != level.props[k].kind);
    }
    if start.leaks.iter().any(|k| k.access == at) {
        let repaired = |l: &Level| l.leaks.iter().any(|k| k.access == at && k.repaired);
        return repaired(level) && !repaired(start);
    }
    at == start.robot.pos && level.robot.pos != at
}

/// The interaction the interact key would make now (the chosen target), as a preview of its direct
/// effect; none when that is not a prop's interaction or changes no network.
fn chosen_preview(game: &Game, view: &ViewState) -> Option<super::preview::Preview> {
    let Target::Prop(p) = chosen_target(&game.level, view.target)? else { return None };
    super::preview::preview(&game.level, &game.balance, game.level.prop_at(p)?)
}

/// The one of `targets` the interact key uses now: the `choice`-th, counted round; none when there
/// is nothing to use here. The view's chooser, the preview and the interact key all read this.
pub fn chosen_target(level: &Level, choice: usize) -> Option<Target> {
    let here = targets(level);
    here.get(choice % here.len().max(1)).copied()
}

fn prop_look(level: &Level, b: &Balance, prop: &super::level::Prop) -> BoardProp {
    match prop.kind {
        PropKind::Flow { carrier, enabled } => BoardProp::Source { carrier: carrier as u8, on: enabled },
        PropKind::Valve { carrier, open } => BoardProp::Valve { carrier: carrier as u8, open },
        PropKind::Consumer { enabled } => BoardProp::Consumer {
            on: enabled,
            producing: enabled
                && prop.service.contains(&Service::Producing)
                && !prop.service.contains(&Service::Starved),
        },
        PropKind::Junction { .. } => BoardProp::Junction,
        PropKind::Door { open } => {
            BoardProp::Door { open, across_x: door_axis(level, prop.pos) == Some(false) }
        }
        PropKind::Terminal => {
            BoardProp::Terminal { active: level.robot.terminal_active && level.robot.pos == prop.pos }
        }
        PropKind::Supply { depleted, .. } => BoardProp::Supply { depleted },
        PropKind::Sprinkler { enabled, .. } => BoardProp::Sprinkler { on: enabled, spraying: prop.fed },
        PropKind::Reactor => BoardProp::Reactor { ready: super::state::readiness(level, b) },
    }
}

fn state_colour(s: LevelState) -> Srgb {
    match s {
        LevelState::Stable => BAND_COLOURS[1],
        LevelState::Caution => BAND_COLOURS[2],
        LevelState::Critical | LevelState::Lost => BAND_COLOURS[3],
        LevelState::Ready | LevelState::Won => GOOD,
    }
}

fn item_name(i: Item) -> &'static str {
    match i {
        Item::FuelNeutralizer => "fuel neutralizer",
        Item::CoolantNeutralizer => "coolant neutralizer",
        Item::ElectricityNeutralizer => "electricity neutralizer",
        Item::HeatShield => "heat shield",
    }
}

/// A prop's one-line description: its kind and state.
pub fn prop_line(level: &Level, prop: &super::level::Prop) -> String {
    let on = |b: bool| if b { "on" } else { "off" };
    match prop.kind {
        PropKind::Flow { carrier, enabled } => format!("{} source, {}", carrier.name(), on(enabled)),
        PropKind::Valve { carrier, open } => {
            format!("{} isolation valve, {}", carrier.name(), if open { "open" } else { "closed" })
        }
        PropKind::Consumer { enabled } => format!("consumer, {}", on(enabled)),
        PropKind::Junction { mode } => format!("junction, ratio mode {}", mode + 1),
        PropKind::Door { open } => {
            let power = if prop.fed { "powered" } else { "unpowered" };
            format!("door, {}, {power}", if open { "open" } else { "closed" })
        }
        PropKind::Terminal => {
            let active = level.robot.terminal_active && level.robot.pos == prop.pos;
            format!("all-seeing eye terminal, {}", if active { "active" } else { "inactive" })
        }
        PropKind::Supply { item, depleted } => {
            format!("supply of {}{}", item_name(item), if depleted { ", depleted" } else { "" })
        }
        PropKind::Sprinkler { enabled, .. } => {
            format!("coolant sprinkler, {}{}", on(enabled), if prop.fed { ", spraying" } else { "" })
        }
        PropKind::Reactor => "reactor control".to_string(),
    }
}

/// One thing the robot can use from its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The reactor control under the robot (activated, not interacted with).
    Reactor,
    /// The prop at this cell: the one under the robot, or a wall sprinkler whose outlet it stands on.
    Prop(Pos),
    /// The leak whose underground cell this is, worked from the robot's cell.
    Leak(Pos),
}

/// Everything usable from the robot's cell, in a fixed order: props (the one underfoot first), then
/// leaks. The view's chooser picks among these when there is more than one.
pub fn targets(level: &Level) -> Vec<Target> {
    let mut out: Vec<Target> = interactable(level)
        .into_iter()
        .map(|k| match level.props[k].kind {
            PropKind::Reactor => Target::Reactor,
            _ => Target::Prop(level.props[k].pos),
        })
        .collect();
    let underfoot = |t: &Target| *t == Target::Reactor || *t == Target::Prop(level.robot.pos);
    out.sort_by_key(|t| !underfoot(t));
    out.extend(
        super::command::reachable_leaks(level).into_iter().map(|k| Target::Leak(level.leaks[k].under)),
    );
    out
}

/// What interacting with a prop does, for the context help.
fn verb_line(prop: &super::level::Prop) -> &'static str {
    match prop.kind {
        PropKind::Flow { enabled: true, .. } | PropKind::Consumer { enabled: true } => {
            "Interact switches it off"
        }
        PropKind::Flow { .. } | PropKind::Consumer { .. } => "Interact switches it on",
        PropKind::Valve { open: true, .. } => "Interact closes the valve",
        PropKind::Valve { .. } => "Interact opens the valve",
        PropKind::Junction { .. } => "Interact cycles the ratio mode",
        PropKind::Door { open: true } => "Interact closes the door (needs power)",
        PropKind::Door { .. } => "Interact opens the door (needs power)",
        PropKind::Terminal => "Interact activates the terminal: layers and forecasts",
        PropKind::Supply { depleted: false, .. } => "Interact takes the item",
        PropKind::Supply { .. } => "This supply is used up: nothing to take",
        PropKind::Sprinkler { enabled: true, .. } => "Interact switches the sprinkler off",
        PropKind::Sprinkler { .. } => "Interact switches the sprinkler on",
        PropKind::Reactor => "Activate starts the reactor when it is Ready",
    }
}

fn hud(
    game: &Game,
    view: &ViewState,
    cursor: Pos,
    surface: &Grid<super::level::Surface>,
    layers: bool,
    cascading: bool,
    preview: Option<&super::preview::Preview>,
) -> BoardHud {
    let level = &game.level;
    let b = &game.balance;
    let mut header = vec![BoardLine::new(level.name.clone(), TEXT)];
    // While a pulse plays back, the level state is what it will be once the cascade is over.
    if cascading {
        header.push(BoardLine::new("State: the pulse is playing", LABEL));
    } else {
        let line = match super::state::derive_with_cause(level, b) {
            (state, Some(cause)) if state == level.state => format!("State: {} ({cause})", state.name()),
            _ => format!("State: {}", level.state.name()),
        };
        header.push(BoardLine::new(line, state_colour(level.state)));
    }
    header.push(BoardLine::new(
        format!(
            "Pulse {}  Lengthy {}  Undos {}  Peak heat {:.1}",
            level.pulse,
            game.lengthy_actions,
            game.undos,
            super::hazards::shown(&game.balance, Quantity::Heat, level.peak_heat)
        ),
        LABEL,
    ));
    let mut panel = Vec::new();
    let needs = super::explain::ready_needs(level, b);
    if !needs.is_empty() {
        let met = needs.iter().filter(|n| n.met).count();
        panel.push(BoardLine::new(format!("Ready needs ({met} of {} met):", needs.len()), LABEL));
        for n in &needs {
            let (mark, colour) = if n.met { ("[x]", GOOD) } else { ("[ ]", BAND_COLOURS[2]) };
            panel.push(BoardLine::new(format!(" {mark} {}", n.text), colour));
        }
        panel.push(BoardLine::new("", TEXT));
    }
    let terrain = if level.is_wall(cursor) { "wall" } else { "floor" };
    panel.push(BoardLine::new(format!("Cell ({}, {}): {terrain}", cursor.x, cursor.y), TEXT));
    for line in super::explain::leak_lines(level, cursor) {
        panel.push(BoardLine::new(line, BAND_COLOURS[3]));
    }
    for prop in level.props.iter().filter(|p| p.pos == cursor) {
        let line = match prop.kind {
            // Where the routes can be named, they say what the mode does; the bare weights only
            // stand in for a junction nothing reaches.
            PropKind::Junction { mode } if !super::explain::junction_routes(level, b, cursor).is_empty() => {
                let carrier = level.carriers_at(cursor).first().map_or("", |c| c.name());
                format!("junction ({carrier}), mode {} of {}", mode + 1, b.junction_modes.len())
            }
            PropKind::Junction { mode } => format!("junction, {}", super::explain::junction_mode(b, mode)),
            _ => prop_line(level, prop),
        };
        panel.push(BoardLine::new(format!("Prop: {line}"), TEXT));
        for route in super::explain::junction_routes(level, b, cursor) {
            panel.push(BoardLine::new(route, TEXT));
        }
        if let PropKind::Consumer { .. } = prop.kind {
            let services: Vec<String> = Carrier::ALL
                .into_iter()
                .filter(|c| prop.service[*c as usize] != Service::Absent)
                .map(|c| format!("{} {}", c.name(), prop.service[c as usize].name()))
                .collect();
            panel.push(BoardLine::new(format!("Service: {}", services.join(", ")), LABEL));
        }
    }
    let clean = surface.get(cursor).is_none_or(|s| Quantity::ALL.iter().all(|q| s.get(*q) <= 0.0));
    if level.is_floor(cursor) && clean {
        panel.push(BoardLine::new("Surface: clean", BAND_COLOURS[0]));
    } else if level.is_floor(cursor) {
        let s = surface.get(cursor).copied().unwrap_or_default();
        for q in Quantity::ALL {
            let v = s.get(q);
            let bd = band(b, q, v);
            let blocked = if s.blocked(q) { ", blocked" } else { "" };
            panel.push(BoardLine::new(
                format!("{:<12}{:>5.1}  {}{blocked}", q.family(), super::hazards::shown(b, q, v), bd.name()),
                BAND_COLOURS[bd as usize],
            ));
        }
        if unsafe_cell(level, b, cursor, level.robot.heat_immunity > 0) {
            panel.push(BoardLine::new("Unsafe: entering it unprotected loses", BAND_COLOURS[3]));
        }
    }
    if layers {
        for c in Carrier::ALL {
            let u = level.under_at(c, cursor);
            if u.present() {
                panel.push(BoardLine::new(
                    format!(
                        "{} line: amount {:.1} intensity {:.1} integrity {:.1} {}",
                        c.name(),
                        u.amount,
                        u.intensity,
                        u.integrity,
                        u.structure.name()
                    ),
                    CARRIER_COLOURS[c as usize],
                ));
            }
        }
    }
    panel.push(BoardLine::new("", TEXT));
    let inv: Vec<&str> = level.inventory.iter().map(|i| item_name(*i)).collect();
    panel.push(BoardLine::new(
        format!(
            "Inventory {}/{}: {}",
            level.inventory.len(),
            b.inventory_capacity,
            if inv.is_empty() { "empty".to_string() } else { inv.join(", ") }
        ),
        TEXT,
    ));
    // Only once there is something to say: the panel's rows are few at 1280x720.
    if level.remedies_used > 0 || level.robot.heat_immunity > 0 {
        panel.push(BoardLine::new(
            format!(
                "Remedies used {}  Heat shield {}",
                level.remedies_used,
                super::words::count(level.robot.heat_immunity, "step", "steps")
            ),
            LABEL,
        ));
    }
    panel.push(BoardLine::new("", TEXT));
    let here = targets(level);
    // A terminal's activation runs a pulse like any lengthy action but par leaves it out (REACTOR.md,
    // "Decided 2026-12"): a play-tester read "lengthy" beside the caption "free" as a contradiction.
    let terminal_only = !here.is_empty()
        && here.iter().all(|t| {
            matches!(t, Target::Prop(p) if !super::Command::InteractProp(Some(*p)).counts_toward_par(level))
        });
    let here_title = if terminal_only {
        "Here (a pulse follows; par leaves it out):"
    } else {
        "Here (lengthy: a pulse follows):"
    };
    panel.push(BoardLine::new(here_title, LABEL));
    if here.is_empty() {
        panel.push(BoardLine::new(" nothing to use on this cell", LABEL));
    }
    let chosen = if here.is_empty() { 0 } else { view.target % here.len() };
    for (i, t) in here.iter().enumerate() {
        let line = match t {
            Target::Reactor => "Activate starts the reactor when it is Ready".to_string(),
            Target::Prop(p) => match level.prop_at(*p).map(|k| &level.props[k]) {
                Some(prop) if matches!(prop.kind, PropKind::Terminal) && layers => {
                    "The terminal is active: layers and forecasts shown".to_string()
                }
                Some(prop) => verb_line(prop).to_string(),
                None => String::new(),
            },
            Target::Leak(p) => format!("Repair the leak under ({}, {}), or neutralize it", p.x, p.y),
        };
        // With more than one thing to use here, the chosen one is marked (the target key cycles).
        let mark = if here.len() > 1 && i == chosen { ">" } else { " " };
        panel.push(BoardLine::new(format!("{mark}{line}"), TEXT));
    }
    if let Some(p) = preview {
        panel.push(BoardLine::new("At once (+/- on the board):", LABEL));
        for line in &p.lines {
            panel.push(BoardLine::new(format!(" {line}"), TEXT));
        }
        let gains = p.cells.iter().filter(|c| c.gains).count();
        let parts: Vec<String> = [(gains, "gain"), (p.cells.len() - gains, "lose")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, verb)| format!("{} {verb}", super::words::count_of(n, "cell", "cells")))
            .collect();
        if !parts.is_empty() {
            panel.push(BoardLine::new(format!(" Supply: {}", parts.join(", ")), TEXT));
        }
    }
    let shown: Option<(&str, Vec<String>)> = if layers {
        Some(("Forecast", level.forecasts.iter().map(|f| f.line()).collect()))
    } else {
        view.read_forecast.clone().map(|lines| ("Forecast as read (until your next action)", lines))
    };
    // While a forecast is shown it gets the rows: the band rules stand in the legend (G) and the
    // help (F1) too, and with them T5's forecast ran off the panel at 1280x720.
    if shown.is_none() {
        for line in super::explain::band_rules(b) {
            panel.push(BoardLine::new(line, LABEL));
        }
    }
    let forecasts = match shown {
        Some((title, lines)) => {
            let mut f = vec![BoardLine::new(title, TEXT)];
            if lines.is_empty() {
                f.push(BoardLine::new(" nothing within the horizon", LABEL));
            }
            f.extend(lines.into_iter().map(|l| BoardLine::new(l, BAND_COLOURS[2])));
            f
        }
        None => Vec::new(),
    };
    BoardHud {
        header,
        panel,
        forecasts,
        hints: Vec::new(),
        message: view.message.as_ref().map(|m| BoardLine::new(m.clone(), TEXT)),
    }
}

/// The robot's eye view: walls and floors of the terrain, the floor tinted by its surface values
/// (`floor_tint`), and each prop as a glyph sprite (`prop_sprite_kind`).
fn eye_world(level: &Level, b: &Balance, surface: &Grid<super::level::Surface>) -> WorldScene {
    let mut cells = Grid::filled(level.width(), level.height(), CellLook::default());
    for p in level.terrain.positions() {
        let tile = if level.is_wall(p) { TileLook::Wall } else { TileLook::Floor };
        cells.set(p, CellLook { tile, ..CellLook::default() });
    }
    let sprites = level
        .props
        .iter()
        .enumerate()
        .filter(|(_, p)| level.is_floor(p.pos))
        .map(|(i, p)| {
            let (glyph, colour) = prop_glyph(p);
            SpriteLook {
                id: i as u32,
                kind: prop_sprite_kind(p),
                glyph,
                colour,
                from: p.pos,
                to: p.pos,
                seen_from: true,
                seen_to: true,
                shimmer: 0.0,
            }
        })
        .collect();
    let heat = level.max_heat() / b.max_surface;
    let floor_tints = level
        .terrain
        .positions()
        .filter(|p| level.is_floor(*p))
        .filter_map(|p| floor_tint(b, p, &surface.get(p).copied().unwrap_or_default()))
        .collect();
    WorldScene { cells, sprites, light: 1.0 - 0.3 * heat, floor_tints, ..WorldScene::default() }
}

/// A floor cell's tint in the eye view: the colour the board gives its strongest quantity (the
/// largest share of `max_surface` among those not absent), stronger the more there is; none on a
/// clean floor.
pub fn floor_tint(b: &Balance, cell: Pos, s: &super::level::Surface) -> Option<FloorTint> {
    let (q, share) = Quantity::ALL
        .into_iter()
        .filter(|q| band(b, *q, s.get(*q)) as u8 > 0)
        .map(|q| (q, s.get(q) / b.max_surface))
        .max_by(|x, y| x.1.total_cmp(&y.1))?;
    let strength = (0.45 + 0.45 * share).min(0.9);
    Some(FloorTint { cell, colour: BOARD_HUES[q as usize], strength })
}

/// Machines that stand in the room (the reactor, consumers, terminals, doors) loom at a figure's
/// height; the fittings on the pipes and the floor (sources, valves, junctions, supplies,
/// sprinklers) lie low, so the two read apart before their glyphs do.
fn prop_sprite_kind(p: &super::level::Prop) -> SpriteKind {
    match p.kind {
        PropKind::Reactor | PropKind::Consumer { .. } | PropKind::Terminal | PropKind::Door { .. } => {
            SpriteKind::Actor
        }
        PropKind::Flow { .. }
        | PropKind::Valve { .. }
        | PropKind::Junction { .. }
        | PropKind::Supply { .. }
        | PropKind::Sprinkler { .. } => SpriteKind::Pickup,
    }
}

fn prop_glyph(p: &super::level::Prop) -> (char, Srgb) {
    match p.kind {
        PropKind::Flow { carrier, .. } => ('P', CARRIER_COLOURS[carrier as usize]),
        PropKind::Valve { carrier, .. } => ('V', CARRIER_COLOURS[carrier as usize]),
        PropKind::Consumer { .. } => ('C', GOOD),
        PropKind::Junction { .. } => ('J', LABEL),
        PropKind::Door { .. } => ('D', TEXT),
        PropKind::Terminal => ('T', [120, 230, 240]),
        PropKind::Supply { .. } => ('S', TEXT),
        PropKind::Sprinkler { .. } => ('W', CARRIER_COLOURS[1]),
        PropKind::Reactor => ('R', GOOD),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::text;

    fn game(map: &str) -> Game {
        let b = Balance::normal();
        Game::new(text::parse(map, &b).expect("test map"), b)
    }

    const ROOM: &str = "[surface]\n#######\n#@.t..#\n#######\n[fuel]\n.......\n.====..\n.......\n[props]\nt terminal\n1,1 flow fuel on\n[values]\n5 1 heat=7.25 fuel=1\n[level]\nid room\n";

    #[test]
    fn the_board_carries_every_value_as_a_band_and_the_panel_reads_one_decimal() {
        let g = game(ROOM);
        let b = &g.balance;
        let view = ViewState { cursor: Some(Pos::new(5, 1)), ..ViewState::default() };
        let s = scene(&g, &view, None, 1);
        let board = s.board.expect("a board");
        let hot = board.cells.at(Pos::new(5, 1));
        assert_eq!(hot.bands[Quantity::Heat as usize], band(b, Quantity::Heat, 7.25) as u8);
        assert_eq!(hot.surface[Quantity::Heat as usize], 7.25 / b.max_surface);
        assert!(hot.unsafe_entry, "critical heat is unsafe");
        assert!(board.cells.at(Pos::new(0, 0)).wall);
        let lines: Vec<&str> = board.hud.panel.iter().map(|l| l.text.as_str()).collect();
        assert!(
            lines.iter().any(|l| l.starts_with("Heat") && l.contains("7.2") && l.contains("critical")),
            "{lines:?}"
        );
        assert!(board.hud.header.iter().any(|l| l.text.starts_with("State: ")));
    }

    /// A play-tester read "State: Caution" with no cell at caution: the line says what raised it.
    #[test]
    fn the_state_line_says_what_raised_caution_or_critical() {
        let state_line = |g: &Game| {
            let board = scene(g, &ViewState::default(), None, 1).board.expect("a board");
            board.hud.header.iter().map(|l| l.text.clone()).find(|t| t.starts_with("State: ")).unwrap()
        };
        let hot = game(ROOM);
        let line = state_line(&hot);
        assert!(
            line == "State: Critical (heat is critical)" || line == "State: Critical (a loss is forecast)",
            "{line}"
        );
        let mut cool = game(&ROOM.replace("heat=7.25", "heat=0.5"));
        assert_eq!(state_line(&cool), "State: Stable");
        cool.level.hazard_growing = true;
        cool.level.state = crate::reactor::state::derive(&cool.level, &cool.balance);
        assert_eq!(state_line(&cool), "State: Caution (a hazard is growing)");
    }

    #[test]
    fn standing_on_a_valve_previews_the_branch_it_would_cut_on_the_board_and_in_the_panel() {
        let map = "[surface]\n#######\n#..v.c#\n#.....#\n#######\n[fuel]\n.......\n.=====.\n.......\n.......\n[props]\nv valve fuel open\nc consumer on\n1,1 flow fuel on\n[level]\nid line\nrobot 3 1 0 false\n";
        let mut g = game(map);
        crate::reactor::network::propagate(&mut g.level, &g.balance);
        let board = scene(&g, &ViewState::default(), None, 1).board.unwrap();
        let fuel = Carrier::Fuel as u8;
        assert_eq!(board.cells.at(Pos::new(5, 1)).preview, Some((fuel, false)), "the consumer's cell loses");
        assert_eq!(board.cells.at(Pos::new(2, 1)).preview, None, "upstream keeps its supply");
        let lines: Vec<&str> = board.hud.panel.iter().map(|l| l.text.as_str()).collect();
        assert!(lines.iter().any(|l| l.contains("is starved of fuel")), "{lines:?}");
        // Stepping off the valve: nothing to preview.
        g.level.robot.pos = Pos::new(2, 2);
        let away = scene(&g, &ViewState::default(), None, 2).board.unwrap();
        assert!(away.cells.as_slice().iter().all(|c| c.preview.is_none()));
    }

    #[test]
    fn layers_forecasts_and_amounts_show_only_at_an_active_terminal() {
        let mut g = game(ROOM);
        let away = scene(&g, &ViewState::default(), None, 1).board.unwrap();
        assert!(!away.layers && away.hud.forecasts.is_empty());
        assert!(away.cells.as_slice().iter().all(|c| !c.forecast));
        assert!(!away.hud.panel.iter().any(|l| l.text.contains("line: amount")));
        g.level.robot.pos = Pos::new(3, 1);
        g.level.robot.terminal_active = true;
        let at = scene(&g, &ViewState::default(), None, 2).board.unwrap();
        assert!(at.layers);
        assert_eq!(at.hud.forecasts[0].text, "Forecast");
        assert!(at.hud.panel.iter().any(|l| l.text.starts_with("fuel line: amount")));
        let fuel = at.cells.at(Pos::new(2, 1)).under[Carrier::Fuel as usize];
        assert!(fuel.present && fuel.links == 2 | 8, "linked east and west: {:?}", fuel.links);
        for f in &g.level.forecasts {
            assert!(at.cells.at(f.pos).forecast, "{f:?} is highlighted");
        }
    }
}
