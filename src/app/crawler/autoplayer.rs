//! The simulator's player: plays the crawler through the public action API, knowing only what it
//! has seen (the cells it looked at as they appeared, the glyphs in view, its own HUD).
//!
//! It is deliberately an ordinary, sensible player, not an optimiser: the pacing is tuned in the
//! rules, and this player only has to behave like a person who explores. It never reads the live
//! map, an entity's kind beyond its glyph, or whether a carried item is hallucinated.

use crate::game::balance::BALANCE;
use crate::game::gen::landmarks::LandmarkKind;
use crate::game::status::StatusKind;
use crate::game::{Action, Event, Facing, Game, Item, Pos, Tile, TurnReport};
use std::collections::VecDeque;

/// Once rest stopped lifting its mind on a floor, the resting player tries again only after its
/// sanity has fallen this much further (thousandths).
const RETRY_REST_BELOW: i32 = 5_000;

/// What the player remembers of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Unknown,
    Wall,
    Floor,
    Exit,
}

/// How the player behaves; the defaults are what the simulator plays.
#[derive(Clone, Copy, Debug)]
pub struct Temper {
    /// Eat at or above this weakness.
    pub eat_at_weakness: i32,
    /// Swallow a pill below this sanity (thousandths).
    pub pill_below_sanity: i32,
    /// Bind wounds at or below this HP.
    pub bandage_at_hp: i32,
    /// With a full bag, use something once this hungry, to make room for the next find.
    pub make_room_at_weakness: i32,
    /// Go down once hungry like this with nothing to eat.
    pub leave_hungry_at: i32,
    /// Turns it waits in a row for a creature two steps away to step up.
    pub wait_for_foe: u32,
    /// Once the way down is known, the unknown is worth at most this many steps of detour.
    pub detour_steps: u32,
    /// Go down after this many turns on a floor, explored or not.
    pub level_patience: u32,
    /// Whether it rests (C) whenever the rules let it: hurt, or sanity below `rest_below_sanity`,
    /// with no creature in view, no terror and no hunger pressing; and seeks out a shrine it saw.
    pub rests: bool,
    pub rest_below_sanity: i32,
    /// Whether it takes the way down as soon as it knows where it is (it still takes what lies
    /// on its way there and eats, binds and swallows as the others do).
    pub hurries: bool,
}

/// A sensible kind of player (SPEC "Pacing"): each is measured on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Explores, fights what blocks it, eats when hungry, uses pills and bandages; never rests.
    Explore,
    /// The same, and rests whenever the rules let it (at a shrine it has seen, if it can).
    Rest,
    /// The explorer in a hurry: it goes down the moment it knows the way (SPEC "Pacing": "one
    /// that hurries to the exit").
    Hurry,
}

impl Style {
    pub const ALL: [Style; 3] = [Style::Explore, Style::Rest, Style::Hurry];

    pub fn name(self) -> &'static str {
        match self {
            Style::Explore => "explore",
            Style::Rest => "rest",
            Style::Hurry => "hurry",
        }
    }

    /// The style a name (as `--style` takes it) stands for.
    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }

    /// How a player of this style behaves.
    pub fn temper(self) -> Temper {
        let explore = Temper::default();
        match self {
            Style::Explore => explore,
            Style::Rest => Temper { rests: true, ..explore },
            Style::Hurry => Temper { hurries: true, ..explore },
        }
    }
}

impl Default for Temper {
    fn default() -> Self {
        Self {
            eat_at_weakness: 75,
            pill_below_sanity: 50_000,
            bandage_at_hp: 3,
            make_room_at_weakness: 30,
            leave_hungry_at: 60,
            detour_steps: 12,
            wait_for_foe: 2,
            level_patience: 300,
            rests: false,
            rest_below_sanity: 90_000,
            hurries: false,
        }
    }
}

/// The player's memory of the floor it stands on and its plan for the next action.
pub struct AutoPlayer {
    temper: Temper,
    depth: u32,
    width: i32,
    height: i32,
    seen: Vec<Seen>,
    /// Pickups it saw and has not seen taken: where, and the glyph they showed.
    pickups: Vec<(Pos, char)>,
    /// Creatures in view this turn.
    hostiles: Vec<Pos>,
    turns_here: u32,
    /// Turns in a row spent waiting for a creature to come.
    waited: u32,
    /// The second half of "select a slot, then use it".
    pending: Option<Action>,
    /// A shrine it has seen on this floor.
    shrine: Option<Pos>,
    /// Sanity before the rest it just took (to see whether rest still helps).
    resting_from: Option<(i32, bool)>,
    /// The sanity at which rest for the mind stopped helping on this floor, in the open and beside
    /// the shrine: it tries again only once the madness has gone `RETRY_REST_BELOW` further.
    futile_open: Option<i32>,
    futile_shrine: Option<i32>,
}

impl Default for AutoPlayer {
    fn default() -> Self {
        Self::new(Temper::default())
    }
}

impl AutoPlayer {
    pub fn new(temper: Temper) -> Self {
        Self {
            temper,
            depth: 0,
            width: 0,
            height: 0,
            seen: Vec::new(),
            pickups: Vec::new(),
            hostiles: Vec::new(),
            turns_here: 0,
            waited: 0,
            pending: None,
            shrine: None,
            resting_from: None,
            futile_open: None,
            futile_shrine: None,
        }
    }

    /// The next action for the game as the player sees it.
    pub fn decide(&mut self, game: &Game) -> Action {
        self.observe(game);
        if let Some(action) = self.pending.take() {
            return action;
        }
        if let Some(action) = self.care(game) {
            return action;
        }
        if let Some(action) = self.fight(game) {
            return action;
        }
        if let Some(action) = self.let_it_come(game) {
            return action;
        }
        let routes = self.routes(game);
        if let Some(action) = self.rest(game, &routes) {
            return action;
        }
        let leaving = self.wants_to_leave(game, &routes);
        if leaving && game.on_exit() {
            return Action::Interact;
        }
        let target = if leaving {
            routes.exit.or(routes.frontier)
        } else {
            routes.pickup.or(routes.frontier).or(routes.exit)
        };
        match target.and_then(|(cell, _)| self.first_step(game, &routes.parent, cell)) {
            Some(action) => action,
            // Nothing left to explore or take: down.
            None if game.on_exit() => Action::Interact,
            // Nowhere to go by its memory, yet no way down: what it remembers is wrong (a wall it
            // took from a phantom, a passage the maze closed). A person would go and look again,
            // so it forgets the walls it cannot see now and walks to check them.
            None if self.forget_walls_out_of_view(game) => {
                let routes = self.routes(game);
                let target = routes.exit.or(routes.pickup).or(routes.frontier);
                target
                    .and_then(|(cell, _)| self.first_step(game, &routes.parent, cell))
                    .unwrap_or(Action::Wait)
            }
            None => Action::Wait,
        }
    }

    /// Learns from what an action did: a move refused by a wall it believed open marks that wall.
    pub fn learn(&mut self, game: &Game, report: &TurnReport) {
        let moved = report.events.iter().any(|e| matches!(e, Event::PlayerMoved { .. }));
        // Resting is not searching: its turns do not run down the patience for a floor.
        if report.took_turn && self.resting_from.is_none() {
            self.turns_here += 1;
        }
        if let Some((before, by_shrine)) = self.resting_from.take() {
            // Sanity did not rise: rest no longer answers the drain here (the ceiling, the dark).
            if game.player().sanity <= before {
                let at = Some(game.player().sanity);
                if by_shrine {
                    self.futile_shrine = at;
                } else {
                    self.futile_open = at;
                }
            }
        }
        if moved {
            return;
        }
        for event in &report.events {
            if let Event::Bumped { toward } | Event::Blocked { toward } = event {
                let cell = game.player().pos.step(*toward);
                if !self.hostiles.contains(&cell) {
                    self.remember(cell, Seen::Wall);
                }
            }
        }
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height)
            .then(|| (p.y * self.width + p.x) as usize)
    }

    fn at(&self, p: Pos) -> Seen {
        self.index(p).map_or(Seen::Wall, |i| self.seen[i])
    }

    fn remember(&mut self, p: Pos, what: Seen) {
        if let Some(i) = self.index(p) {
            self.seen[i] = what;
        }
    }

    /// Looks around: every cell in view as it appears this turn, and what stands in it.
    fn observe(&mut self, game: &Game) {
        let map = game.map();
        if game.depth() != self.depth || map.width() != self.width || map.height() != self.height {
            self.depth = game.depth();
            self.width = map.width();
            self.height = map.height();
            self.seen = vec![Seen::Unknown; (self.width * self.height) as usize];
            self.pickups.clear();
            self.turns_here = 0;
            self.pending = None;
            self.shrine = None;
            self.resting_from = None;
            self.futile_open = None;
            self.futile_shrine = None;
        }
        if self.shrine.is_none() {
            self.shrine = game
                .level()
                .landmarks
                .iter()
                .find(|l| l.kind == LandmarkKind::Shrine && game.is_visible(l.pos))
                .map(|l| l.pos);
        }
        for p in game.visible_cells() {
            let what = match game.apparent_tile(p) {
                Tile::Wall => Seen::Wall,
                Tile::Floor => Seen::Floor,
                Tile::Exit => Seen::Exit,
            };
            self.remember(p, what);
        }
        self.pickups.retain(|(p, _)| !game.is_visible(*p));
        self.hostiles.clear();
        for e in game.entities().iter().filter(|e| game.is_visible(e.pos)) {
            match e.glyph() {
                '@' => self.hostiles.push(e.pos),
                glyph => self.pickups.push((e.pos, glyph)),
            }
        }
    }

    /// Forgets every remembered wall out of view (they become unknown again); whether any was.
    fn forget_walls_out_of_view(&mut self, game: &Game) -> bool {
        let mut forgot = false;
        for i in 0..self.seen.len() {
            let p = Pos::new(i as i32 % self.width, i as i32 / self.width);
            if self.seen[i] == Seen::Wall && !game.is_visible(p) && !game.map().is_border(p) {
                self.seen[i] = Seen::Unknown;
                forgot = true;
            }
        }
        forgot
    }

    /// Uses the item a need calls for, if the bag holds one.
    fn care(&mut self, game: &Game) -> Option<Action> {
        let p = game.player();
        let t = self.temper;
        let bleeding = p.statuses.has(StatusKind::Bleeding);
        // Needs in order of urgency, each with what answers it; the first one the bag can answer
        // is served (a need it cannot answer must not hide the next one).
        let needs: [(bool, &[Item]); 5] = [
            (p.hp <= t.bandage_at_hp || (bleeding && p.hp < p.max_hp), &[Item::Bandage]),
            (p.sanity < t.pill_below_sanity, &[Item::Pill]),
            // Starving: anything that feeds.
            (p.weakness >= BALANCE.max_weakness - 5, &[Item::Food, Item::Pill, Item::Bandage]),
            (p.weakness >= t.eat_at_weakness, &[Item::Food]),
            // A full bag leaves the next find on the floor: use what does the least good kept.
            (
                p.inventory.is_full() && p.weakness >= t.make_room_at_weakness,
                &[Item::Bandage, Item::Pill, Item::Food],
            ),
        ];
        let slots = p.inventory.slots();
        let holds = |want: &Item| slots.iter().position(|s| s.is_some_and(|c| c.item == *want));
        let slot =
            needs.iter().filter(|(now, _)| *now).find_map(|(_, items)| items.iter().find_map(holds))?;
        if p.inventory.selected() == slot {
            Some(Action::UseItem)
        } else {
            self.pending = Some(Action::UseItem);
            Some(Action::Select(slot as u8))
        }
    }

    /// Strikes a creature standing next to it, turning to face it first.
    fn fight(&self, game: &Game) -> Option<Action> {
        let p = game.player();
        let f = p.facing;
        for dir in [f, f.left(), f.right(), f.opposite()] {
            if self.hostiles.contains(&p.pos.step(dir)) {
                return Some(if dir == f {
                    Action::Interact
                } else if dir == f.right() {
                    Action::TurnRight
                } else {
                    Action::TurnLeft
                });
            }
        }
        None
    }

    /// A creature two steps away gets to close the gap itself, so the first blow is the
    /// player's; it waits at most `wait_for_foe` turns in a row (some never come).
    fn let_it_come(&mut self, game: &Game) -> Option<Action> {
        let me = game.player().pos;
        let near = self.hostiles.iter().any(|h| h.manhattan(me) == 2);
        if !near || self.waited >= self.temper.wait_for_foe {
            if !near {
                self.waited = 0;
            }
            return None;
        }
        self.waited += 1;
        Some(Action::Wait)
    }

    /// The resting style's calm: with nothing in view, no terror and no hunger pressing, it rests
    /// while hurt (the body mends only while fed) and while its mind is low and rest still lifts it,
    /// walking first to a shrine it has seen if rest there still helps.
    fn rest(&mut self, game: &Game, routes: &Routes) -> Option<Action> {
        let t = self.temper;
        let p = game.player();
        if !t.rests || !self.hostiles.is_empty() || p.statuses.has(StatusKind::Terrified) {
            return None;
        }
        // Rest spends food; only a fed player (one whose body still mends) can afford it.
        if p.weakness >= BALANCE.regen_below_weakness {
            return None;
        }
        let heals = p.hp < p.max_hp && p.weakness < BALANCE.regen_below_weakness;
        let low = p.sanity < t.rest_below_sanity;
        let by_shrine = game.by_shrine();
        let futile = |seen: Option<i32>| seen.is_some_and(|at| p.sanity > at - RETRY_REST_BELOW);
        if low && !futile(self.futile_shrine) && !by_shrine {
            if let Some(step) = self.shrine.and_then(|s| self.first_step(game, &routes.parent, s)) {
                return Some(step);
            }
        }
        let futile = futile(if by_shrine { self.futile_shrine } else { self.futile_open });
        if heals || (low && !futile) {
            self.resting_from = Some((p.sanity, by_shrine));
            return Some(Action::Wait);
        }
        None
    }

    /// Time to go down: hungry with nothing to eat, here too long, or explored enough (the way
    /// down is known, nothing worth taking is in sight and the unknown is a long walk away); a
    /// player in a hurry goes as soon as the way down is known.
    fn wants_to_leave(&self, game: &Game, routes: &Routes) -> bool {
        let p = game.player();
        let food_in_bag = p.inventory.slots().iter().any(|s| s.is_some_and(|c| c.item == Item::Food));
        let hungry = p.weakness >= self.temper.leave_hungry_at && !food_in_bag;
        let far = routes.frontier.is_none_or(|(_, d)| d > self.temper.detour_steps);
        let exit_known = routes.exit.is_some() || game.on_exit();
        let explored_enough = exit_known && routes.pickup.is_none() && far;
        hungry
            || explored_enough
            || (self.temper.hurries && exit_known)
            || self.turns_here >= self.temper.level_patience
    }

    /// Walks the whole remembered floor from the player: the nearest pickup worth taking, edge of
    /// the unknown and exit, with their distances, and the way back to each.
    fn routes(&self, game: &Game) -> Routes {
        let start = game.player().pos;
        let mut routes =
            Routes { parent: vec![u32::MAX; self.seen.len()], pickup: None, frontier: None, exit: None };
        let Some(si) = self.index(start) else { return routes };
        let mut dist = vec![0u32; self.seen.len()];
        routes.parent[si] = si as u32;
        let mut queue = VecDeque::from([start]);
        let bag_full = game.player().inventory.is_full();
        while let Some(c) = queue.pop_front() {
            let ci = self.index(c).unwrap_or(0);
            let d = dist[ci];
            if c != start {
                if routes.exit.is_none() && self.at(c) == Seen::Exit {
                    routes.exit = Some((c, d));
                }
                let worth = |(q, g): &(Pos, char)| *q == c && (*g == '!' || !bag_full);
                if routes.pickup.is_none() && self.pickups.iter().any(worth) {
                    routes.pickup = Some((c, d));
                }
                let unknown_next = c.neighbours4().iter().any(|&m| self.at(m) == Seen::Unknown);
                if routes.frontier.is_none() && unknown_next {
                    routes.frontier = Some((c, d));
                }
            }
            for m in c.neighbours4() {
                let Some(mi) = self.index(m) else { continue };
                // A creature in the way is no detour: the player walks up and fights it (avoiding
                // the ones in view only made it dither between two routes as they came and went).
                if routes.parent[mi] == u32::MAX && matches!(self.at(m), Seen::Floor | Seen::Exit) {
                    routes.parent[mi] = ci as u32;
                    dist[mi] = d + 1;
                    queue.push_back(m);
                }
            }
        }
        routes
    }

    /// The move (never a turn) that takes the first step of the way to `target`.
    fn first_step(&self, game: &Game, parent: &[u32], target: Pos) -> Option<Action> {
        let start = game.player().pos;
        let mut step = target;
        loop {
            let up = parent[self.index(step)?];
            if up == u32::MAX {
                return None;
            }
            let prev = Pos::new(up as i32 % self.width, up as i32 / self.width);
            if prev == start {
                break;
            }
            if prev == step {
                return None;
            }
            step = prev;
        }
        let facing = game.player().facing;
        let dir = Facing::ALL.into_iter().find(|d| start.step(*d) == step)?;
        Some(if dir == facing {
            Action::MoveForward
        } else if dir == facing.opposite() {
            Action::MoveBack
        } else if dir == facing.left() {
            Action::StrafeLeft
        } else {
            Action::StrafeRight
        })
    }
}

/// What the player could walk to from where it stands, each with its distance in steps.
struct Routes {
    /// For each cell, the cell it is reached from (`u32::MAX`: not reached).
    parent: Vec<u32>,
    pickup: Option<(Pos, u32)>,
    frontier: Option<(Pos, u32)>,
    exit: Option<(Pos, u32)>,
}
