//! The game in progress: the level, its balance, unlimited undo of lengthy actions and restart, both as
//! exact snapshots (never re-simulated). The history holds the newest snapshot whole and every older
//! one as what it differs in from the snapshot after it, so its memory grows with what play changed,
//! not with the size of the map. The lengthy-action count travels with each snapshot, since the
//! metrics are state: undo and restart give back the count as they give back the board.

use super::action::Action;
use super::balance::Balance;
use super::command::{self, Command, Outcome};
use super::forecast::Forecast;
use super::level::{
    Caption, Difficulty, Item, Leak, Level, LevelState, Prop, Robot, Status, Surface, Terrain, Under,
};
use super::props::Refusal;
use super::pulse::Cascade;
use crate::grid::Grid;

#[derive(Clone, Debug)]
pub struct Game {
    pub level: Level,
    pub balance: Balance,
    initial: Level,
    history: History,
    /// A record, not state: undo and restart never take it back.
    pub undos: u32,
    /// Lengthy actions on the line from the start to this state, terminal activations aside (they
    /// count as par does: reading a forecast is never punished); undo and restart restore it.
    pub lengthy_actions: u32,
    /// Every action since `initial` that changed the game, so that replaying them from `initial`
    /// rebuilds this game exactly, history and metrics included; `None` once `set_start` names a start
    /// this game was not played from (its path from there is not known).
    log: Option<Vec<Action>>,
    /// The actions on the line from the start to this state (`Game::line`): `trail[trail_from..]`.
    /// A restart moves `trail_from` past what it left rather than dropping it, and every undo step
    /// keeps the trail's length and start as they were (`marks`, one per snapshot), so undo gives
    /// the line back with the state.
    trail: Vec<Action>,
    trail_from: usize,
    marks: Vec<(usize, usize)>,
    /// Whether a pulse keeps its steps for the view's cascade: off for games nobody watches (the
    /// solver's audits), which would otherwise copy the surface eight times a node.
    pub cascade: Cascade,
}

impl Game {
    /// Starts a game; derived state (networks, services, forecasts, level state) is computed first.
    pub fn new(mut level: Level, balance: Balance) -> Self {
        refresh(&mut level, &balance);
        let initial = level.clone();
        first_frame(&mut level);
        Self {
            initial,
            level,
            balance,
            history: History::default(),
            undos: 0,
            lengthy_actions: 0,
            log: Some(Vec::new()),
            trail: Vec::new(),
            trail_from: 0,
            marks: Vec::new(),
            cascade: Cascade::Record,
        }
    }

    pub fn apply(&mut self, cmd: Command) -> Outcome {
        let before = if cmd.is_lengthy() || matches!(cmd, Command::MoveRobot(_)) {
            Some(self.level.clone())
        } else {
            None
        };
        let counts = cmd.counts_toward_par(&self.level);
        let out = command::execute(&mut self.level, &self.balance, cmd, self.cascade);
        match &out {
            Outcome::Pulsed(_) => {
                if let Some(b) = before {
                    self.keep(b);
                }
                // Saturating, like every counter of play: a wrapped count would be a wrong record.
                self.lengthy_actions = self.lengthy_actions.saturating_add(u32::from(counts));
                refresh_forecasts(&mut self.level, &self.balance);
                self.note(Action::Do(cmd));
            }
            Outcome::Moved { lost } => {
                // A move changes no environment, so the forecasts of the state before stay valid;
                // a losing move ends play, and a lost level forecasts nothing (as it would on a
                // fresh load). It is undoable on its own so that one misstep does not cost the
                // lengthy actions before it.
                if *lost {
                    if let Some(b) = before {
                        self.keep(b);
                    }
                    refresh_forecasts(&mut self.level, &self.balance);
                } else {
                    self.level.state = super::state::derive(&self.level, &self.balance);
                }
                self.note(Action::Do(cmd));
            }
            _ => {}
        }
        out
    }

    /// Restores the snapshot taken before the last lengthy action, losing move or restart, with its
    /// lengthy-action count.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let (prev, lengthy) = self.history.pop().ok_or(Refusal::NothingToUndo)?;
        let (trail_len, trail_from) = self.marks.pop().unwrap_or((0, 0));
        self.trail.truncate(trail_len);
        self.trail_from = trail_from;
        self.level = prev;
        self.lengthy_actions = lengthy;
        self.undos = self.undos.saturating_add(1);
        self.note(Action::Undo);
        Ok(())
    }

    /// Back to the level's start with its metrics (no lengthy actions yet), as one undoable step;
    /// the undo count is kept for the record. Returns whether anything changed (a restart at the
    /// start is no step).
    pub fn restart(&mut self) -> bool {
        if self.at_start() {
            return false;
        }
        let start = self.start();
        let left = std::mem::replace(&mut self.level, start);
        self.keep(left);
        self.trail_from = self.trail.len();
        self.lengthy_actions = 0;
        self.note(Action::Restart);
        true
    }

    /// A game continued from a save: restart goes back to `start` (the level as shipped), not to
    /// where it was continued from. When the game was not played from `start` (a save holding the
    /// level alone), its lengthy actions since `start` are not known; each one ran exactly one
    /// pulse, so the pulses since `start` stand in for them: never fewer than were taken, so leaving
    /// and continuing cannot make a line look shorter than it was.
    pub fn set_start(&mut self, mut start: Level) {
        refresh(&mut start, &self.balance);
        if start == self.initial {
            return;
        }
        self.lengthy_actions = self.level.pulse.saturating_sub(start.pulse);
        self.initial = start;
        self.log = None;
    }

    pub fn initial(&self) -> &Level {
        &self.initial
    }

    /// The actions since `initial` that changed the game, when known: replayed from `initial`
    /// (`script::run`), they give back this game, its undo history and its metrics.
    pub fn played(&self) -> Option<&[Action]> {
        self.log.as_deref()
    }

    /// The actions on the line from `initial` to this state: what was undone or left by a restart is
    /// not on it, so replayed from `initial` they reach this very board (with no undo history). A
    /// won line shared as a code is this (a play-tester's code held the attempt a restart left,
    /// and its replay played that first); `None` where `played` is.
    pub fn line(&self) -> Option<&[Action]> {
        self.log.as_ref().map(|_| &self.trail[self.trail_from..])
    }

    /// Whether the game stands at its start with its start's metrics (undo steps may remain).
    pub fn at_start(&self) -> bool {
        self.lengthy_actions == 0 && self.level == self.start()
    }

    /// The start as play enters it: `initial` with the first frame counted.
    fn start(&self) -> Level {
        let mut start = self.initial.clone();
        first_frame(&mut start);
        start
    }

    /// Undo steps held.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// What the undo history holds, in bytes: the newest snapshot whole plus every older one's
    /// differences (the heap parts counted by length).
    pub fn history_bytes(&self) -> usize {
        self.history.bytes()
    }

    fn note(&mut self, a: Action) {
        if let Action::Do(_) = a {
            self.trail.push(a);
        }
        if let Some(log) = &mut self.log {
            log.push(a);
        }
    }

    /// Keeps `snapshot` as the next undo step, with the line as it stands.
    fn keep(&mut self, snapshot: Level) {
        self.history.push(snapshot, self.lengthy_actions);
        self.marks.push((self.trail.len(), self.trail_from));
    }
}

/// The first frame counts toward the peak heat: heat already on the board when play starts is heat
/// the level showed. The level as loaded keeps its own value (its canonical bytes name the level).
fn first_frame(level: &mut Level) {
    let heat = level.max_heat();
    if heat > level.peak_heat {
        level.peak_heat = heat;
    }
}

/// Recomputes everything derived: networks, services, forecasts and the level state.
pub fn refresh(level: &mut Level, b: &Balance) {
    super::network::propagate(level, b);
    refresh_forecasts(level, b);
}

/// Pulse step 10 plus the final state: forecasts over copied state, then the level state with them.
pub fn refresh_forecasts(level: &mut Level, b: &Balance) {
    level.forecasts = super::forecast::forecast(level, b);
    level.state = super::state::derive(level, b);
}

/// The undo snapshots, newest whole. Undo hands the newest out and rebuilds the one before it from
/// its differences; so each step costs one level's copy at undo time and only its changes at rest.
#[derive(Clone, Debug, Default)]
struct History {
    /// The newest snapshot and its lengthy-action count.
    newest: Option<(Level, u32)>,
    /// Each older snapshot as its differences from the next newer one, with its count, oldest first.
    older: Vec<(Delta, u32)>,
}

impl History {
    fn push(&mut self, snapshot: Level, lengthy: u32) {
        if let Some((prev, n)) = self.newest.take() {
            self.older.push((Delta::between(&snapshot, prev), n));
        }
        self.newest = Some((snapshot, lengthy));
    }

    fn pop(&mut self) -> Option<(Level, u32)> {
        let (top, n) = self.newest.take()?;
        if let Some((d, m)) = self.older.pop() {
            let mut prev = top.clone();
            d.restore(&mut prev);
            self.newest = Some((prev, m));
        }
        Some((top, n))
    }

    fn len(&self) -> usize {
        self.older.len() + usize::from(self.newest.is_some())
    }

    fn bytes(&self) -> usize {
        let newest = self.newest.as_ref().map_or(0, |(l, _)| level_bytes(l));
        let older: usize = self.older.iter().map(|(d, _)| d.bytes() + std::mem::size_of::<u32>()).sum();
        std::mem::size_of::<Self>() + newest + older
    }
}

fn level_bytes(l: &Level) -> usize {
    let cells = l.terrain.as_slice().len();
    std::mem::size_of::<Level>()
        + l.id.len()
        + l.name.len()
        + cells
            * (std::mem::size_of::<Terrain>()
                + 3 * std::mem::size_of::<Under>()
                + std::mem::size_of::<Surface>())
        + l.props.len() * std::mem::size_of::<Prop>()
        + l.leaks.len() * std::mem::size_of::<Leak>()
        + l.inventory.len() * std::mem::size_of::<Item>()
        + l.forecasts.iter().map(|f| std::mem::size_of::<Forecast>() + f.cause.len()).sum::<usize>()
}

/// Bit-for-bit equality: `==` on an `f32` calls 0.0 and -0.0 equal, and undo must give back the
/// very bits it took.
trait Same {
    fn same(&self, other: &Self) -> bool;
    /// Heap bytes the value owns beyond its own size.
    fn heap(&self) -> usize {
        0
    }
}

impl Same for Terrain {
    fn same(&self, other: &Self) -> bool {
        self == other
    }
}

impl Same for Under {
    fn same(&self, o: &Self) -> bool {
        self.structure == o.structure
            && self.amount.to_bits() == o.amount.to_bits()
            && self.intensity.to_bits() == o.intensity.to_bits()
            && self.integrity.to_bits() == o.integrity.to_bits()
    }
}

impl Same for Surface {
    fn same(&self, o: &Self) -> bool {
        self.v.map(f32::to_bits) == o.v.map(f32::to_bits) && self.block == o.block
    }
}

// Props, leaks, items and forecasts hold no floats, so their `==` is already exact.
macro_rules! same_by_eq {
    ($($kind:ty),*) => {
        $(impl Same for $kind {
            fn same(&self, other: &Self) -> bool {
                self == other
            }
        })*
    };
}

same_by_eq!(Prop, Leak, Item);

impl Same for Forecast {
    fn same(&self, other: &Self) -> bool {
        self == other
    }

    fn heap(&self) -> usize {
        self.cause.len()
    }
}

/// One list's older values where they differ from the newer list: (index, older value) pairs, the
/// older length, and the older values past the newer list's end.
#[derive(Clone, Debug)]
struct Cells<T> {
    len: usize,
    changed: Vec<(u32, T)>,
    tail: Vec<T>,
}

impl<T: Same + Clone> Cells<T> {
    fn between(newer: &[T], mut older: Vec<T>) -> Self {
        let len = older.len();
        let mut tail = older.split_off(newer.len().min(len));
        tail.shrink_to_fit();
        let mut changed: Vec<(u32, T)> = newer
            .iter()
            .zip(older)
            .enumerate()
            .filter(|(_, (n, o))| !n.same(o))
            .map(|(i, (_, o))| (i as u32, o))
            .collect();
        changed.shrink_to_fit();
        Cells { len, changed, tail }
    }

    /// Turns the newer list back into the older one.
    fn restore(self, list: &mut Vec<T>) {
        list.truncate(self.len);
        for (i, v) in self.changed {
            list[i as usize] = v;
        }
        list.extend(self.tail);
    }

    /// The same for a grid's cells, which keep their count (so there is no tail).
    fn restore_slice(self, list: &mut [T]) {
        for (i, v) in self.changed {
            list[i as usize] = v;
        }
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.changed.iter().map(|(_, v)| std::mem::size_of::<(u32, T)>() + v.heap()).sum::<usize>()
            + self.tail.iter().map(|v| std::mem::size_of::<T>() + v.heap()).sum::<usize>()
    }
}

/// A grid's older cells, or the whole older grid when its size differed (no rule resizes a level; an
/// outside change to `Game::level` may).
#[derive(Clone, Debug)]
enum GridCells<T> {
    Cells(Cells<T>),
    Whole(Grid<T>),
}

impl<T: Same + Clone> GridCells<T> {
    fn between(newer: &Grid<T>, older: Grid<T>) -> Self {
        if (newer.width(), newer.height()) != (older.width(), older.height()) {
            return GridCells::Whole(older);
        }
        GridCells::Cells(Cells::between(newer.as_slice(), older.into_cells()))
    }

    fn restore(self, grid: &mut Grid<T>) {
        match self {
            GridCells::Cells(c) => c.restore_slice(grid.as_mut_slice()),
            GridCells::Whole(g) => *grid = g,
        }
    }

    fn bytes(&self) -> usize {
        match self {
            GridCells::Cells(c) => c.bytes(),
            GridCells::Whole(g) => {
                std::mem::size_of::<Self>()
                    + g.as_slice().iter().map(|v| std::mem::size_of::<T>() + v.heap()).sum::<usize>()
            }
        }
    }
}

/// An older snapshot as its differences from the next newer one: changed cells per grid, changed
/// entries per list, and the few plain values whole.
#[derive(Clone, Debug)]
struct Delta {
    terrain: GridCells<Terrain>,
    under: [GridCells<Under>; 3],
    surface: GridCells<Surface>,
    props: Cells<Prop>,
    leaks: Cells<Leak>,
    inventory: Cells<Item>,
    forecasts: Cells<Forecast>,
    /// The id and name, only when they differ (no rule renames a level).
    names: Option<(String, String)>,
    /// The captions, only when they differ (no rule changes them).
    captions: Option<Vec<Caption>>,
    plain: Plain,
}

/// The level's plain values, small enough to keep whole.
#[derive(Clone, Copy, Debug)]
struct Plain {
    robot: Robot,
    required: [u32; 3],
    difficulty: Difficulty,
    status: Status,
    pulse: u32,
    hazard_growing: bool,
    peak_heat: f32,
    remedies_used: u32,
    state: LevelState,
}

impl Delta {
    /// What `older` differs in from `newer`, taking `older` apart.
    fn between(newer: &Level, older: Level) -> Delta {
        let Level {
            id,
            name,
            terrain,
            under,
            surface,
            props,
            leaks,
            robot,
            inventory,
            required,
            difficulty,
            status,
            pulse,
            hazard_growing,
            peak_heat,
            remedies_used,
            forecasts,
            state,
            captions,
        } = older;
        let [fuel, coolant, electricity] = under;
        Delta {
            terrain: GridCells::between(&newer.terrain, terrain),
            under: [
                GridCells::between(&newer.under[0], fuel),
                GridCells::between(&newer.under[1], coolant),
                GridCells::between(&newer.under[2], electricity),
            ],
            surface: GridCells::between(&newer.surface, surface),
            props: Cells::between(&newer.props, props),
            leaks: Cells::between(&newer.leaks, leaks),
            inventory: Cells::between(&newer.inventory, inventory),
            forecasts: Cells::between(&newer.forecasts, forecasts),
            names: (id != newer.id || name != newer.name).then_some((id, name)),
            captions: (captions != newer.captions).then_some(captions),
            plain: Plain {
                robot,
                required,
                difficulty,
                status,
                pulse,
                hazard_growing,
                peak_heat,
                remedies_used,
                state,
            },
        }
    }

    /// Turns the newer snapshot back into the older one.
    fn restore(self, level: &mut Level) {
        self.terrain.restore(&mut level.terrain);
        let [fuel, coolant, electricity] = self.under;
        fuel.restore(&mut level.under[0]);
        coolant.restore(&mut level.under[1]);
        electricity.restore(&mut level.under[2]);
        self.surface.restore(&mut level.surface);
        self.props.restore(&mut level.props);
        self.leaks.restore(&mut level.leaks);
        self.inventory.restore(&mut level.inventory);
        self.forecasts.restore(&mut level.forecasts);
        if let Some(captions) = self.captions {
            level.captions = captions;
        }
        if let Some((id, name)) = self.names {
            level.id = id;
            level.name = name;
        }
        let p = self.plain;
        level.robot = p.robot;
        level.required = p.required;
        level.difficulty = p.difficulty;
        level.status = p.status;
        level.pulse = p.pulse;
        level.hazard_growing = p.hazard_growing;
        level.peak_heat = p.peak_heat;
        level.remedies_used = p.remedies_used;
        level.state = p.state;
    }

    fn bytes(&self) -> usize {
        let names = self.names.as_ref().map_or(0, |(i, n)| i.len() + n.len())
            + self
                .captions
                .as_ref()
                .map_or(0, |c| c.iter().map(|c| std::mem::size_of::<Caption>() + c.text.len()).sum());
        std::mem::size_of::<Self>()
            + self.terrain.bytes()
            + self.under.iter().map(GridCells::bytes).sum::<usize>()
            + self.surface.bytes()
            + self.props.bytes()
            + self.leaks.bytes()
            + self.inventory.bytes()
            + self.forecasts.bytes()
            + names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::reactor::level::{Carrier, PropKind};

    fn bits(l: &Level) -> String {
        format!("{l:?}")
    }

    #[test]
    fn a_delta_gives_back_the_very_bits_it_took() {
        let newer = Level::empty("bits", 3, 2);
        let mut older = newer.clone();
        // `==` calls these equal to the newer zeros; undo must still give back the sign.
        older.surface.as_mut_slice()[1].v[0] = -0.0;
        older.under[Carrier::Coolant as usize].as_mut_slice()[2].amount = -0.0;
        older.peak_heat = -0.0;
        older.name = "older".into();
        let mut back = newer.clone();
        Delta::between(&newer, older.clone()).restore(&mut back);
        assert_eq!(bits(&back), bits(&older));
    }

    #[test]
    fn lists_that_grew_or_shrank_come_back_whole() {
        let mut newer = Level::empty("lists", 4, 1);
        let mut older = newer.clone();
        let prop = |x: i32, enabled: bool| Prop::new(Pos::new(x, 0), PropKind::Consumer { enabled });
        older.props = vec![prop(0, true), prop(1, false)];
        newer.props = vec![prop(0, false), prop(1, false), prop(2, true)];
        older.inventory = vec![Item::HeatShield, Item::FuelNeutralizer];
        let mut back = newer.clone();
        Delta::between(&newer, older.clone()).restore(&mut back);
        assert_eq!(bits(&back), bits(&older));
        let mut forth = older.clone();
        Delta::between(&older, newer.clone()).restore(&mut forth);
        assert_eq!(bits(&forth), bits(&newer));
        // A resized grid (no rule does it) is kept whole.
        let small = Level::empty("lists", 2, 1);
        let mut back = newer.clone();
        Delta::between(&newer, small.clone()).restore(&mut back);
        assert_eq!(bits(&back), bits(&small));
    }
}
