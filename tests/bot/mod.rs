//! The one game-playing bot of the tests: a plan of steps tried in order, each with its odds, and
//! three tempers built from it.
//!
//! - [`Bot::CAREFUL`] (the playthrough) heals, fights, waits for hunters and walks to pickups and
//!   the exit: proof that levels are beatable. It rolls no dice.
//! - [`Bot::RECKLESS`] (the soak) mostly walks to the exit but fights, heals and descends only on
//!   some rolls, and otherwise does anything at all: it must die often and reach deep levels.
//! - [`Bot::WANDERER`] (the persistence tests) walks at random with a pull to the exit, so that
//!   runs to save, record and load reach every kind of state.
//!
//! The tempers differ in more than odds (the order in which the bot looks around, the way it turns
//! to face something behind it, what it uses when hurt), and the tests were tuned with exactly
//! these choices, so each is a parameter here rather than smoothed away: every temper plays the
//! same actions from the same stream as its bot did before the three were merged.

// Each test binary plays with some of the tempers only (rules: careful and reckless; shell: the
// wanderer), so the others look unused there.
#![allow(dead_code)]

use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::connectivity::distances;
use hollowdeep::game::rng::GameRng;
use hollowdeep::game::{Action, Entity, EntityKind, Facing, Game, Item, Pickup, Pos};
use rand::{RngExt, SeedableRng};

/// The stream that chooses the tests' actions: a ChaCha stream of its own, never the game's.
pub fn driver(seed: u64) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(0x7e57);
    rng
}

/// `Odds(n, m)`: a step is tried on n rolls in m of the bot's stream. A certain step rolls nothing.
#[derive(Clone, Copy, Debug)]
pub struct Odds(pub u32, pub u32);

/// Always tried, without a roll.
pub const ALWAYS: Odds = Odds(1, 1);

/// `n` in a hundred.
pub const fn percent(n: u32) -> Odds {
    Odds(n, 100)
}

impl Odds {
    fn roll(self, rng: &mut GameRng) -> bool {
        self.0 >= self.1 || rng.random_range(0..self.1) < self.0
    }
}

/// The order in which the bot looks at the four cells around it, for foes and for steps: the first
/// one that fits wins.
#[derive(Clone, Copy, Debug)]
pub enum Look {
    /// Ahead, left, right, behind.
    AheadFirst,
    /// North, east, south, west, whatever the facing.
    Compass,
}

impl Look {
    fn around(self, facing: Facing) -> [Facing; 4] {
        match self {
            Look::AheadFirst => [facing, facing.left(), facing.right(), facing.opposite()],
            Look::Compass => Facing::ALL,
        }
    }
}

/// What the bot uses when it is in need.
#[derive(Clone, Copy, Debug)]
pub enum Care {
    /// Whatever it carries (the selected slot, else it selects the first full one), when hungry,
    /// hurt or unhinged past half the scale.
    AnyItem,
    /// The item for the need: a bandage when hurt, food past 70 weakness, a pill below 35 000
    /// sanity.
    ItemForNeed,
}

/// One entry of a table of random actions.
#[derive(Clone, Copy, Debug)]
pub enum Pick {
    Do(Action),
    /// Select one of the four slots, drawn by a second roll.
    AnySlot,
}

/// One step of a plan; it gives an action or passes to the next step.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// Go down when standing on the exit (rolls only there).
    Descend,
    /// Use an item when in need.
    Care(Care),
    /// Strike an adjacent actor, turning to face it first.
    Fight,
    /// Wait while a visible enemy is two cells away, so that it closes the gap and the first blow
    /// is the bot's.
    LetItCome,
    /// One step (without turning) along a shortest path to the exit; an actor in the way is struck
    /// instead on one roll in two.
    ToExit,
    /// Walk to the nearest visible pickup worth taking (a weapon always, an item if the bag has
    /// room), else to the exit.
    Seek,
    /// An action drawn from a weighted table.
    Random(&'static [(Pick, u32)]),
}

/// A temper: how the bot looks, turns and plans. When no step gives an action, it waits.
#[derive(Clone, Copy, Debug)]
pub struct Bot {
    pub look: Look,
    /// The turn it makes to face something behind it.
    pub about_face: Action,
    pub plan: &'static [(Odds, Step)],
}

/// The soak's random actions: biased to moves, turn-free actions (select, discard) included.
const RECKLESS_MOVES: &[(Pick, u32)] = &[
    (Pick::Do(Action::MoveForward), 30),
    (Pick::Do(Action::MoveBack), 5),
    (Pick::Do(Action::StrafeLeft), 6),
    (Pick::Do(Action::StrafeRight), 6),
    (Pick::Do(Action::TurnLeft), 10),
    (Pick::Do(Action::TurnRight), 10),
    (Pick::Do(Action::Wait), 4),
    (Pick::Do(Action::Interact), 10),
    (Pick::Do(Action::UseItem), 8),
    (Pick::Do(Action::Discard), 2),
    (Pick::Do(Action::Select(0)), 1),
    (Pick::Do(Action::Select(1)), 1),
    (Pick::Do(Action::Select(2)), 1),
    (Pick::Do(Action::Select(3)), 1),
];

/// The wanderer's random actions, biased toward moving so that walks explore (weights sum to 100).
const WANDERER_MOVES: &[(Pick, u32)] = &[
    (Pick::Do(Action::MoveForward), 40),
    (Pick::Do(Action::MoveBack), 8),
    (Pick::Do(Action::StrafeLeft), 8),
    (Pick::Do(Action::StrafeRight), 8),
    (Pick::Do(Action::TurnLeft), 9),
    (Pick::Do(Action::TurnRight), 9),
    (Pick::Do(Action::Wait), 5),
    (Pick::Do(Action::Interact), 5),
    (Pick::AnySlot, 3),
    (Pick::Do(Action::UseItem), 3),
    (Pick::Do(Action::Discard), 2),
];

impl Bot {
    /// Heals, eats or calms down when needed, fights what is adjacent, otherwise walks the
    /// shortest path to the nearest pickup in sight or the exit and descends.
    pub const CAREFUL: Bot = Bot {
        look: Look::Compass,
        about_face: Action::TurnLeft,
        plan: &[
            (ALWAYS, Step::Care(Care::ItemForNeed)),
            (ALWAYS, Step::Fight),
            (ALWAYS, Step::Descend),
            (ALWAYS, Step::LetItCome),
            (ALWAYS, Step::Seek),
        ],
    };

    /// Descends on half the visits to the exit, uses what it carries on half the rolls when in need,
    /// fights back on 80 % (without it a random walker dies before it goes anywhere), steps toward
    /// the exit on 60 % (so runs reach deeper levels), and otherwise does anything.
    pub const RECKLESS: Bot = Bot {
        look: Look::Compass,
        about_face: Action::TurnRight,
        plan: &[
            (percent(50), Step::Descend),
            (percent(50), Step::Care(Care::AnyItem)),
            (percent(80), Step::Fight),
            (percent(60), Step::ToExit),
            (ALWAYS, Step::Random(RECKLESS_MOVES)),
        ],
    };

    /// Descends whenever on the exit, strikes what is adjacent, heads for the exit on every other
    /// roll so that walks reach deeper levels, and otherwise wanders.
    pub const WANDERER: Bot = Bot {
        look: Look::AheadFirst,
        about_face: Action::TurnRight,
        plan: &[
            (ALWAYS, Step::Descend),
            (ALWAYS, Step::Fight),
            (Odds(1, 2), Step::ToExit),
            (ALWAYS, Step::Random(WANDERER_MOVES)),
        ],
    };

    /// The bot's next action in `game`, rolling its odds on `rng`.
    pub fn decide(&self, game: &Game, rng: &mut GameRng) -> Action {
        for &(odds, step) in self.plan {
            if let Some(action) = self.try_step(step, odds, game, rng) {
                return action;
            }
        }
        Action::Wait
    }

    fn try_step(&self, step: Step, odds: Odds, game: &Game, rng: &mut GameRng) -> Option<Action> {
        if let Step::Descend = step {
            return (game.on_exit() && odds.roll(rng)).then_some(Action::Interact);
        }
        if !odds.roll(rng) {
            return None;
        }
        match step {
            Step::Descend => unreachable!("handled above"),
            Step::Care(care) => take_care(game, care),
            Step::Fight => self.fight(game),
            Step::LetItCome => let_it_come(game).then_some(Action::Wait),
            Step::ToExit => {
                let step = self.toward_exit(game)?;
                let ahead = game.player().pos.step(game.player().facing);
                if step == Action::MoveForward && game.entity_at(ahead).is_some_and(|e| e.is_actor()) {
                    return Some(if rng.random_bool(0.5) { Action::Interact } else { step });
                }
                Some(step)
            }
            Step::Seek => seek(game),
            Step::Random(table) => Some(random_pick(table, rng)),
        }
    }

    /// Against an actor next to the player: strike it when ahead, otherwise turn toward it.
    pub fn fight(&self, game: &Game) -> Option<Action> {
        let (here, f) = (game.player().pos, game.player().facing);
        let dir = self
            .look
            .around(f)
            .into_iter()
            .find(|&d| game.entity_at(here.step(d)).is_some_and(|e| e.is_actor()))?;
        Some(match dir {
            d if d == f => Action::Interact,
            d if d == f.left() => Action::TurnLeft,
            d if d == f.right() => Action::TurnRight,
            _ => self.about_face,
        })
    }

    /// The move (without turning) that walks one cell along a shortest path to the exit, if any.
    pub fn toward_exit(&self, game: &Game) -> Option<Action> {
        let map = game.map();
        let from_exit = distances(map, game.exit());
        let (here, f) = (game.player().pos, game.player().facing);
        let closer = from_exit.at(here)?.checked_sub(1)?;
        let dir = self
            .look
            .around(f)
            .into_iter()
            .find(|&d| map.in_bounds(here.step(d)) && from_exit.at(here.step(d)) == Some(closer))?;
        Some(step_toward(f, dir))
    }
}

/// The move (without turning) to the neighbouring cell in `dir`: forward, back or a strafe.
pub fn step_toward(facing: Facing, dir: Facing) -> Action {
    match dir {
        d if d == facing => Action::MoveForward,
        d if d == facing.opposite() => Action::MoveBack,
        d if d == facing.left() => Action::StrafeLeft,
        _ => Action::StrafeRight,
    }
}

fn random_pick(table: &[(Pick, u32)], rng: &mut GameRng) -> Action {
    let total: u32 = table.iter().map(|(_, w)| w).sum();
    let mut pick = rng.random_range(0..total);
    for &(choice, w) in table {
        if pick < w {
            return match choice {
                Pick::Do(action) => action,
                Pick::AnySlot => Action::Select(rng.random_range(0..4)),
            };
        }
        pick -= w;
    }
    unreachable!("the pick is below the total weight")
}

fn slot_with(game: &Game, item: Item) -> Option<u8> {
    game.player().inventory.slots().iter().position(|s| s.is_some_and(|c| c.item == item)).map(|i| i as u8)
}

/// Selects the slot to use, then uses it.
fn take_care(game: &Game, care: Care) -> Option<Action> {
    let p = game.player();
    match care {
        Care::AnyItem => {
            let needy =
                p.weakness > BALANCE.max_weakness / 2 || p.hp < p.max_hp || p.sanity < BALANCE.max_sanity / 2;
            if !needy {
                return None;
            }
            let slots = p.inventory.slots();
            if slots[p.inventory.selected()].is_some() {
                return Some(Action::UseItem);
            }
            let slot = slots.iter().position(Option::is_some)?;
            Some(Action::Select(slot as u8))
        }
        Care::ItemForNeed => {
            let needs = [
                (p.hp < p.max_hp, Item::Bandage),
                (p.weakness > 70, Item::Food),
                (p.sanity < 35_000, Item::Pill),
            ];
            needs.into_iter().find_map(|(need, item)| match (need, slot_with(game, item)) {
                (true, Some(slot)) if p.inventory.selected() == slot as usize => Some(Action::UseItem),
                (true, Some(slot)) => Some(Action::Select(slot)),
                _ => None,
            })
        }
    }
}

/// True while a visible enemy stands two cells from the player.
fn let_it_come(game: &Game) -> bool {
    let p = game.player();
    // Only a foe in a straight line: one two steps away diagonally may be stuck behind a corner
    // for good, and waiting on it starved the careful bot once turning became free.
    let in_line = |q: Pos| q.x == p.pos.x || q.y == p.pos.y;
    // And only over a free cell: a pickup between the two blocks the foe for good (it starved the
    // careful bot once the item mix changed).
    let between = |q: Pos| Pos::new((q.x + p.pos.x) / 2, (q.y + p.pos.y) / 2);
    let free = |c: Pos| game.map().is_walkable(c) && game.entity_at(c).is_none();
    game.entities().iter().any(|e| {
        e.is_enemy()
            && e.pos.manhattan(p.pos) == 2
            && in_line(e.pos)
            && free(between(e.pos))
            && game.is_visible(e.pos)
    })
}

/// The first step toward the nearest wanted pickup in sight, else toward the exit: steps back from
/// the goal along decreasing distance from the player.
fn seek(game: &Game) -> Option<Action> {
    let p = game.player();
    let map = game.map();
    let dist = distances(map, p.pos);
    let at = |q: Pos| dist.at(q);
    let wanted = |e: &&Entity| match e.kind {
        EntityKind::Pickup(Pickup::Weapon { .. }) | EntityKind::HallucinatedPickup(Pickup::Weapon { .. }) => {
            true
        }
        EntityKind::Pickup(_) | EntityKind::HallucinatedPickup(_) => !p.inventory.is_full(),
        _ => false,
    };
    let goal = game
        .entities()
        .iter()
        .filter(wanted)
        // Pickups it has seen, not only those in view this turn: two pickups that came and went
        // from view as it stepped made it walk back and forth until it starved.
        .filter(|e| e.pos != p.pos && game.is_explored(e.pos) && at(e.pos).is_some())
        .min_by_key(|e| at(e.pos))
        .map(|e| e.pos)
        .unwrap_or(game.exit());
    let mut cell = goal;
    while let Some(d) = at(cell) {
        if d == 0 {
            return None; // standing on the goal already (an item it cannot take lies here)
        }
        if d <= 1 {
            let dir = Facing::ALL.into_iter().find(|f| p.pos.step(*f) == cell).expect("an adjacent cell");
            return Some(step_toward(p.facing, dir));
        }
        cell = cell.neighbours4().into_iter().find(|n| map.in_bounds(*n) && at(*n) == Some(d - 1))?;
    }
    None
}
