//! The reactor level editor's model: layers, tools, painting, cycling, metadata, undo/redo and
//! validation, driven by a UI through `Editor` calls. Pure and deterministic (no UI toolkit, no clock), so
//! tests build whole levels through the same calls the mouse and keyboard make.

mod cycle;
mod describe;
mod history;
mod layer;
mod meta;
mod paint;
mod tool;

pub use layer::Layer;
pub use tool::{all_tools, tools_for, Tool};

use super::balance::Balance;
use super::level::{Level, Quantity, Robot, Status, Terrain};
use super::schema;
use super::undo;
use super::validate::{self, Issue, IssueKind, Severity};
use crate::grid::{Facing, Pos};
use history::History;
pub use history::UNDO_LIMIT;

/// The smallest side `blank` makes: a ring of walls around at least one floor cell for the robot.
pub const BLANK_MIN_SIDE: i32 = 3;

/// The level being edited, the current layer, tool and cursor, the tool amounts, and the history.
#[derive(Clone, Debug)]
pub struct Editor {
    level: Level,
    balance: Balance,
    layer: Layer,
    tool: Tool,
    cursor: Pos,
    hazard_amount: [f32; 4],
    integrity_amount: f32,
    history: History,
}

impl Editor {
    /// Edits a loaded level. Dynamic state (pulse, status, robot immunity and terminal, remedies
    /// used) is reset: the editor authors start positions, and saves write them.
    pub fn new(mut level: Level, balance: &Balance) -> Editor {
        reset_dynamic(&mut level);
        undo::refresh(&mut level, balance);
        let cursor = level.robot.pos;
        Editor {
            level,
            balance: balance.clone(),
            layer: Layer::Surface,
            tool: Tool::Cursor,
            cursor,
            hazard_amount: Quantity::ALL.map(|q| balance.caution(q)),
            integrity_amount: balance.max_integrity,
            history: History::default(),
        }
    }

    /// Opens level file bytes. A level with validation errors opens (the author is here to fix
    /// them); one that cannot be read at all is refused with the loader's first sentence.
    pub fn from_text(bytes: &[u8], balance: &Balance) -> Result<Editor, String> {
        let loaded = schema::load(bytes, balance);
        match loaded.level {
            Some(level) => Ok(Editor::new(level, balance)),
            None => {
                Err(loaded.issues.first().map_or_else(|| "the level cannot be read".into(), |i| i.line()))
            }
        }
    }

    /// A new level: walls around a floor, the robot at (1, 1). Sides are clamped to
    /// `BLANK_MIN_SIDE..=schema::MAX_SIDE`.
    pub fn blank(width: i32, height: i32, balance: &Balance) -> Editor {
        let (w, h) =
            (width.clamp(BLANK_MIN_SIDE, schema::MAX_SIDE), height.clamp(BLANK_MIN_SIDE, schema::MAX_SIDE));
        let mut level = Level::empty("custom-level", w, h);
        level.name = "Untitled level".into();
        for p in level.terrain.positions().collect::<Vec<_>>() {
            if level.terrain.is_border(p) {
                level.terrain.set(p, Terrain::Wall);
            }
        }
        level.robot.pos = Pos::new(1, 1);
        Editor::new(level, balance)
    }

    /// The level as authored, derived state (networks, services, forecasts, level state) refreshed;
    /// inside a stroke the forecasts wait for `end_stroke`.
    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn balance(&self) -> &Balance {
        &self.balance
    }

    pub fn layer(&self) -> Layer {
        self.layer
    }

    /// Switches layer; a tool the new layer does not offer falls back to the cursor.
    pub fn set_layer(&mut self, layer: Layer) {
        self.layer = layer;
        if !self.tool.available_on(layer) {
            self.tool = Tool::Cursor;
        }
    }

    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// Chooses a tool of the current layer; one the layer does not offer is refused.
    pub fn set_tool(&mut self, tool: Tool) -> Result<(), String> {
        if !tool.available_on(self.layer) {
            return Err(refusal_for_layer(tool, self.layer));
        }
        self.tool = tool;
        Ok(())
    }

    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// Moves the cursor (clamped into the map); keyboard editing applies the tool at the cursor.
    pub fn set_cursor(&mut self, at: Pos) {
        self.cursor = Pos::new(at.x.clamp(0, self.level.width() - 1), at.y.clamp(0, self.level.height() - 1));
    }

    /// Keyboard editing: moves the cursor one cell (stopping at the edge).
    pub fn move_cursor(&mut self, f: Facing) {
        self.set_cursor(self.cursor.step(f));
    }

    /// Keyboard editing: the current tool at the cursor (inside a stroke, moving with the tool key
    /// held paints a line as one undo step).
    pub fn apply_at_cursor(&mut self) -> Result<(), String> {
        self.apply(self.cursor)
    }

    /// The current tool at a cell (a second click on what the tool placed cycles it). `Err` is one
    /// sentence and changes nothing. Within a stroke, a cell already touched is left alone, so a drag
    /// never cycles what it just placed.
    pub fn apply(&mut self, at: Pos) -> Result<(), String> {
        if !self.level.terrain.in_bounds(at) {
            return Err(format!("({}, {}) is outside the map", at.x, at.y));
        }
        if !self.tool.available_on(self.layer) {
            return Err(refusal_for_layer(self.tool, self.layer));
        }
        self.cursor = at;
        if self.tool == Tool::Cursor || !self.history.touch(at) {
            return Ok(());
        }
        let (tool, layer, amount) = (self.tool, self.layer, self.amount());
        self.edit(|l, b| paint::paint(l, b, layer, tool, at, amount))
    }

    /// Starts a drag: every `apply` until `end_stroke` is one undo step.
    pub fn begin_stroke(&mut self) {
        self.history.begin(&self.level);
    }

    /// Ends a drag (a stroke that changed nothing leaves no undo step); the forecasts, skipped during
    /// the drag, are refreshed here.
    pub fn end_stroke(&mut self) {
        if self.history.in_stroke() {
            undo::refresh(&mut self.level, &self.balance);
        }
        self.history.end(&self.level);
    }

    /// Cycles what the current layer holds at a cell: a prop's state, mode, carrier, item or outlet
    /// face on Surface; a source's on/off or an electricity leak's access face underground.
    pub fn cycle_at(&mut self, at: Pos) -> Result<(), String> {
        if !self.level.terrain.in_bounds(at) {
            return Err(format!("({}, {}) is outside the map", at.x, at.y));
        }
        self.cursor = at;
        let layer = self.layer;
        self.edit(|l, b| cycle::cycle(l, b, layer, at))
    }

    /// The amount the current tool writes (hazard value or integrity); 0 for other tools.
    pub fn amount(&self) -> f32 {
        match self.tool {
            Tool::Hazard(q) => self.hazard_amount[q as usize],
            Tool::Integrity => self.integrity_amount,
            _ => 0.0,
        }
    }

    /// Sets the current tool's amount, clamped to the balance's range (surface values up to
    /// `max_surface`, integrity up to `max_integrity`); ignored for tools without one or a non-finite v.
    pub fn set_amount(&mut self, v: f32) {
        if !v.is_finite() {
            return;
        }
        match self.tool {
            Tool::Hazard(q) => self.hazard_amount[q as usize] = v.clamp(0.0, self.balance.max_surface),
            Tool::Integrity => self.integrity_amount = v.clamp(0.0, self.balance.max_integrity),
            _ => {}
        }
    }

    /// Restores the level before the last edit (or stroke). False when there is none.
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        let earlier = self.history.undo(&self.level);
        self.restore(earlier)
    }

    /// Re-applies the last undone edit. False when there is none (a new edit clears redo).
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        let later = self.history.redo(&self.level);
        self.restore(later)
    }

    /// Puts back a level the history kept, if it had one, keeping the cursor on the map.
    fn restore(&mut self, kept: Option<Level>) -> bool {
        let Some(level) = kept else { return false };
        self.level = level;
        self.clamp_cursor();
        true
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Every validation error and warning (validate.rs, which includes the branch-merge warning),
    /// errors first, each with its cell where it has one.
    pub fn issues(&self) -> Vec<Issue> {
        let mut v = validate::validate(&self.level, &self.balance);
        if self.level.id.is_empty() {
            v.push(Issue::new(IssueKind::Malformed, None, "the level has no id"));
        }
        v.sort_by_key(|i| i.severity());
        v
    }

    /// Play and save are allowed only without errors.
    pub fn can_play(&self) -> bool {
        self.first_error().is_none()
    }

    /// The level to start a game from ("play from here"), or the first error's sentence.
    pub fn playable(&self) -> Result<Level, String> {
        match self.first_error() {
            Some(e) => Err(e),
            None => Ok(self.level.clone()),
        }
    }

    /// The canonical schema-1 JSON of the level with dynamic state reset, or the first error's
    /// sentence (errors block saving).
    pub fn save_text(&self) -> Result<String, String> {
        let mut l = self.playable()?;
        reset_dynamic(&mut l);
        Ok(schema::save(&l))
    }

    /// Inspector lines for a cell: terrain, robot, prop, surface values with bands, every underground
    /// layer, leaks and the issues at that cell.
    pub fn describe(&self, at: Pos) -> Vec<String> {
        describe::describe(&self.level, &self.balance, &self.issues(), at)
    }

    fn first_error(&self) -> Option<String> {
        self.issues().into_iter().find(|i| i.severity() == Severity::Error).map(|i| i.line())
    }

    fn clamp_cursor(&mut self) {
        self.set_cursor(self.cursor);
    }

    /// Runs one edit on a copy; on success the copy (derived state refreshed) replaces the level and
    /// the history records it. An error leaves everything as it was.
    fn edit(&mut self, f: impl FnOnce(&mut Level, &Balance) -> Result<(), String>) -> Result<(), String> {
        let mut next = self.level.clone();
        f(&mut next, &self.balance)?;
        if self.history.in_stroke() {
            // Forecasts cost most of a refresh (they run pulses on copies; 90 ms a cell on a 128x128
            // map in a debug build), so a drag refreshes the networks and services per cell and the
            // forecasts once, at `end_stroke`.
            super::network::propagate(&mut next, &self.balance);
            next.state = super::state::derive(&next, &self.balance);
        } else {
            undo::refresh(&mut next, &self.balance);
        }
        if next != self.level {
            let before = std::mem::replace(&mut self.level, next);
            self.history.record(before);
        }
        Ok(())
    }
}

fn refusal_for_layer(tool: Tool, layer: Layer) -> String {
    let home = if tool.available_on(Layer::Surface) { "the Surface layer" } else { "an underground layer" };
    format!("the {} tool is not available on the {} layer; it works on {home}", tool.name(), layer.name())
}

/// Start-of-level dynamic state: what a saved level carries, whatever the file it came from held.
fn reset_dynamic(level: &mut Level) {
    level.status = Status::Playing;
    level.pulse = 0;
    level.hazard_growing = false;
    level.peak_heat = 0.0;
    level.remedies_used = 0;
    level.robot = Robot { pos: level.robot.pos, ..Robot::default() };
}
