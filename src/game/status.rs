//! Timed status effects on any actor, ticked when that actor's turn ends (turn-system spec).

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum StatusKind {
    /// Loses HP at the start of each of its turns. A bandage stops it.
    Bleeding,
    /// Loses extra sanity at the start of each of its turns.
    Terrified,
}

impl StatusKind {
    pub fn name(self) -> &'static str {
        match self {
            StatusKind::Bleeding => "Bleeding",
            StatusKind::Terrified => "Terrified",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusEffect {
    pub kind: StatusKind,
    /// Turns of its owner still to run, counting the current one.
    pub turns_left: u32,
}

/// The statuses of one actor, at most one of each kind, kept sorted by kind for a stable order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statuses(Vec<StatusEffect>);

impl Statuses {
    /// Applies a status; re-applying one that is active keeps the longer duration.
    pub fn apply(&mut self, kind: StatusKind, turns: u32) {
        if turns == 0 {
            return;
        }
        match self.0.iter_mut().find(|s| s.kind == kind) {
            Some(existing) => existing.turns_left = existing.turns_left.max(turns),
            None => {
                self.0.push(StatusEffect { kind, turns_left: turns });
                self.0.sort_by_key(|s| s.kind);
            }
        }
    }

    /// Statuses exactly as a save recorded them.
    pub(crate) fn from_effects(effects: Vec<StatusEffect>) -> Self {
        Self(effects)
    }

    pub fn has(&self, kind: StatusKind) -> bool {
        self.0.iter().any(|s| s.kind == kind)
    }

    pub fn remove(&mut self, kind: StatusKind) -> bool {
        let before = self.0.len();
        self.0.retain(|s| s.kind != kind);
        before != self.0.len()
    }

    /// Called when the owner's turn ends: one turn less for each, expired ones removed.
    pub fn tick(&mut self) {
        for s in &mut self.0 {
            s.turns_left = s.turns_left.saturating_sub(1);
        }
        self.0.retain(|s| s.turns_left > 0);
    }

    pub fn iter(&self) -> impl Iterator<Item = &StatusEffect> {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turn-system spec CoA 3: a duration-1 status applied on turn X affects the whole of turn X and
    /// is gone when turn X+1 starts.
    #[test]
    fn a_one_turn_status_lasts_exactly_one_action_phase() {
        let mut s = Statuses::default();
        s.apply(StatusKind::Bleeding, 1);
        assert!(s.has(StatusKind::Bleeding), "active during turn X");
        s.tick(); // end of turn X
        assert!(!s.has(StatusKind::Bleeding), "expired at the start of turn X+1");
    }

    #[test]
    fn reapplying_keeps_the_longer_duration() {
        let mut s = Statuses::default();
        s.apply(StatusKind::Terrified, 3);
        s.apply(StatusKind::Terrified, 1);
        s.tick();
        s.tick();
        assert!(s.has(StatusKind::Terrified));
        s.tick();
        assert!(!s.has(StatusKind::Terrified));
    }
}
