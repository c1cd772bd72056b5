//! The editor's undo/redo: exact level snapshots, one per edit or per stroke, redo cleared by a new edit.

use crate::grid::Pos;
use crate::reactor::level::Level;

/// Undo steps kept. Not balance: an editor memory bound, not a rule of the game. A step is a level
/// snapshot, so this bounds memory on the largest (256x256) maps too.
pub const UNDO_LIMIT: usize = 256;

#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Level>,
    redo: Vec<Level>,
    stroke: Option<Stroke>,
}

#[derive(Clone, Debug)]
struct Stroke {
    before: Level,
    touched: Vec<Pos>,
    /// The redo steps the stroke's first change set aside: gone if the stroke ends changed, back
    /// if it ends as it began (a unique piece dragged away and back is no edit).
    set_aside: Vec<Level>,
}

impl History {
    pub fn begin(&mut self, level: &Level) {
        if self.stroke.is_none() {
            self.stroke = Some(Stroke { before: level.clone(), touched: Vec::new(), set_aside: Vec::new() });
        }
    }

    pub fn end(&mut self, level: &Level) {
        if let Some(mut s) = self.stroke.take() {
            if s.before != *level {
                self.push(s.before);
            } else {
                self.redo.append(&mut s.set_aside);
            }
        }
    }

    pub fn in_stroke(&self) -> bool {
        self.stroke.is_some()
    }

    /// Marks a cell as touched by the running stroke; false when it already was (outside a stroke,
    /// always true).
    pub fn touch(&mut self, at: Pos) -> bool {
        match &mut self.stroke {
            Some(s) if s.touched.contains(&at) => false,
            Some(s) => {
                s.touched.push(at);
                true
            }
            None => true,
        }
    }

    /// An edit changed the level from `before` (inside a stroke the stroke's start is the step,
    /// and the redo steps wait in the stroke until it ends).
    pub fn record(&mut self, before: Level) {
        match &mut self.stroke {
            None => self.push(before),
            Some(s) => s.set_aside.append(&mut self.redo),
        }
    }

    fn push(&mut self, before: Level) {
        self.undo.push(before);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Undo ends a running stroke first, so the stroke's edits are undone as one step.
    pub fn undo(&mut self, current: &Level) -> Option<Level> {
        self.end(current);
        let prev = self.undo.pop()?;
        self.redo.push(current.clone());
        Some(prev)
    }

    pub fn redo(&mut self, current: &Level) -> Option<Level> {
        self.end(current);
        let next = self.redo.pop()?;
        self.undo.push(current.clone());
        Some(next)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}
