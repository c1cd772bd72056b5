//! `Game`: the whole state of one run and the single entry point that advances it, `act`.

use super::action::{Action, Event, TurnReport};
use super::balance::{BALANCE, MAX_DEPTH};
use super::entity::{Entity, EntityId, EntityKind, Item};
use super::floor::Floor;
use super::gen::endpoints::start_facing;
use super::gen::{self, Level};
use super::inventory::Carried;
use super::map::Map;
use super::messages as msg;
use super::phantom::Phantom;
use super::player::Player;
use super::rng::{gameplay_stream, landmark_stream, level_stream, GameRng};
use super::scheduler::ActorId;
use super::score::score;
use super::sight::field_of_view;
use super::spawn::{populate, standard_weapon};
use super::status::StatusKind;
use crate::grid::{Facing, Pos};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Dead,
}

/// A line of the message log, stamped with the turn it was said on so the HUD can fade it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub turn: u64,
}

/// The events of the last action, kept so the state dump can show them. Not part of the state: a
/// save does not carry them and a loaded game starts with none, so two games compare equal whatever
/// their last reports were (equality is about where the run stands, not how it got there).
#[derive(Clone, Debug, Default)]
pub struct LastEvents(pub Vec<Event>);

impl PartialEq for LastEvents {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The state of one run. Pure data plus rules: no clock, no I/O, no GPU. Deliberately not
/// serialisable: what goes to disk is the save format (`save::v1`), which this layout may outgrow.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub(crate) seed: u64,
    pub(crate) depth: u32,
    pub(crate) turn: u64,
    pub(crate) status: Status,
    pub(crate) player: Player,
    pub(crate) messages: Vec<Message>,
    pub(crate) kills: u32,
    pub(crate) cause_of_death: Option<String>,
    pub(crate) rng: GameRng,
    /// Everything that belongs to the current floor; replaced whole on descent.
    pub(crate) floor: Floor,
    /// What the last `act` reported (see [`LastEvents`]).
    pub(crate) last_events: LastEvents,
    /// A practice run (started deeper than depth 1, or at a chosen sanity): never scored. Kept in
    /// the save, so a practice run continued later is still practice.
    pub(crate) practice: bool,
}

impl Game {
    /// A new run at depth 1.
    pub fn new(seed: u64) -> Self {
        Self::new_at_depth(seed, 1)
    }

    /// A new run starting at `depth` (practice runs, tests).
    pub fn new_at_depth(seed: u64, depth: u32) -> Self {
        let depth = depth.clamp(1, MAX_DEPTH);
        let (level, entities) = generate_depth(seed, depth);
        let player = Player::new(level.start, start_facing(&level.map, level.start));
        Self::assemble(seed, depth, level, entities, player)
    }

    /// The run a player starts with `--depth`: depth 1 is a real run; deeper is a practice run
    /// that carries the depth's standard weapon and the practice kit (see the balance table).
    pub fn start_run(seed: u64, depth: u32) -> Self {
        let mut game = Self::new_at_depth(seed, depth);
        if game.depth > 1 {
            game.practice = true;
            game.player.weapon = game.player.weapon.max(standard_weapon(game.depth));
            game.harden();
            let extra_food = (game.depth >= BALANCE.practice_extra_food_depth).then_some(Item::Food);
            for item in BALANCE.practice_items.iter().copied().chain(extra_food) {
                // A full inventory keeps the rest of the kit out, as it would a pickup.
                let _ = game.player.inventory.add(Carried { item, hallucinated: false });
            }
        }
        game
    }

    /// A practice run that begins at `percent` sanity (`--sanity`, to see or time the madness).
    pub fn with_sanity_percent(mut self, percent: u32) -> Self {
        self.player.sanity = (percent.min(100) as i32) * (BALANCE.max_sanity / 100);
        self.practice = true;
        self
    }

    /// Whether this is a practice run, which the high scores never take.
    pub fn is_practice(&self) -> bool {
        self.practice
    }

    pub(crate) fn assemble(
        seed: u64,
        depth: u32,
        level: Level,
        entities: Vec<Entity>,
        player: Player,
    ) -> Self {
        let mut game = Self {
            seed,
            depth,
            turn: 0,
            status: Status::Playing,
            player,
            messages: Vec::new(),
            kills: 0,
            cause_of_death: None,
            rng: gameplay_stream(seed),
            floor: Floor::enter(level, entities),
            last_events: LastEvents::default(),
            practice: false,
        };
        game.refresh_view();
        game
    }

    // --- Reading the state -------------------------------------------------------------------

    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn depth(&self) -> u32 {
        self.depth
    }
    pub fn turn(&self) -> u64 {
        self.turn
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn map(&self) -> &Map {
        &self.floor.level.map
    }
    pub fn level(&self) -> &Level {
        &self.floor.level
    }
    pub fn exit(&self) -> Pos {
        self.floor.level.exit
    }
    pub fn player(&self) -> &Player {
        &self.player
    }
    pub fn entities(&self) -> &[Entity] {
        &self.floor.entities
    }
    /// The events of the last action that reached a playing game, in order (empty after loading).
    pub fn last_events(&self) -> &[Event] {
        &self.last_events.0
    }
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }
    pub fn kills(&self) -> u32 {
        self.kills
    }
    pub fn cause_of_death(&self) -> Option<&str> {
        self.cause_of_death.as_deref()
    }
    pub fn on_exit(&self) -> bool {
        self.player.pos == self.floor.level.exit
    }
    pub fn score(&self) -> i64 {
        score(self.kills, self.depth, self.player.weapon)
    }
    /// What a cell shows first: a creature standing there, else an item lying there. Creatures walk
    /// over items (docs/rules.md "Entities and combat"), so one cell may hold one of each.
    pub fn entity_at(&self, pos: Pos) -> Option<&Entity> {
        self.actor_at(pos).or_else(|| self.item_at(pos))
    }
    /// The creature (enemy or hallucination) on `pos`, if any; at most one stands on a cell.
    pub fn actor_at(&self, pos: Pos) -> Option<&Entity> {
        self.floor.entities.iter().find(|e| e.pos == pos && e.is_actor())
    }
    /// The item (real or hallucinated) lying on `pos`, if any, whether or not a creature stands on it.
    pub fn item_at(&self, pos: Pos) -> Option<&Entity> {
        self.floor.entities.iter().find(|e| e.pos == pos && !e.is_actor())
    }
    pub fn entity(&self, id: EntityId) -> Option<&Entity> {
        self.floor.entities.iter().find(|e| e.id == id)
    }
    /// True when `pos` is in the player's field of view this turn.
    pub fn is_visible(&self, pos: Pos) -> bool {
        self.floor.visible.at(pos)
    }
    pub fn is_explored(&self, pos: Pos) -> bool {
        self.floor.explored.at(pos)
    }
    pub fn visible_cells(&self) -> Vec<Pos> {
        self.floor.level.map.cells().filter(|&p| self.is_visible(p)).collect()
    }

    /// Hallucinations at low sanity do not vanish when touched and take several blows.
    pub fn hallucinations_persistent(&self) -> bool {
        self.player.sanity < BALANCE.persistent_below_sanity
    }

    /// The next `n` actors to act, starting with the player (who is always the one waiting for
    /// input), keeping only those the player can see.
    pub fn upcoming_actors(&self, n: usize) -> Vec<ActorId> {
        let mut sim = self.floor.scheduler.clone();
        sim.end_turn(ActorId::Player);
        let seen = |id: &ActorId| match id {
            ActorId::Player => true,
            ActorId::Entity(raw) => self.entity(EntityId(*raw)).is_some_and(|e| self.is_visible(e.pos)),
        };
        let mut queue = vec![ActorId::Player];
        // Look far enough ahead that unseen actors do not starve the strip.
        queue.extend(sim.predicted_queue(n * 8).into_iter().filter(seen));
        queue.truncate(n);
        queue
    }

    // --- Advancing the state -----------------------------------------------------------------

    /// Resolves one action at once and deterministically: the player's action, then every other
    /// actor the scheduler activates until the player is due again.
    pub fn act(&mut self, action: Action) -> TurnReport {
        let mut report = TurnReport::default();
        if self.status != Status::Playing {
            return report;
        }
        let f = self.player.facing;
        report.took_turn = match action {
            Action::MoveForward => self.try_move(f, &mut report),
            Action::MoveBack => self.try_move(f.opposite(), &mut report),
            Action::StrafeLeft => self.try_move(f.left(), &mut report),
            Action::StrafeRight => self.try_move(f.right(), &mut report),
            Action::TurnLeft => self.turn_to(f.left(), &mut report),
            Action::TurnRight => self.turn_to(f.right(), &mut report),
            Action::Wait => {
                report.events.push(Event::Waited);
                self.rest();
                true
            }
            Action::Interact => self.interact(&mut report),
            Action::Select(slot) => {
                self.player.inventory.select(slot as usize);
                false
            }
            Action::UseItem => self.use_selected(&mut report),
            Action::Discard => {
                self.discard_selected(&mut report);
                false
            }
        };
        if report.took_turn {
            self.end_player_turn(&mut report);
            // Enemies judge line of sight from where the player now stands.
            self.refresh_view();
            self.run_others(&mut report);
            if self.status == Status::Playing {
                self.start_player_turn(&mut report);
            }
            // The view does not depend on who stands where, so it is still current here.
            self.shift_maze(&mut report);
            self.roll_phantoms();
        }
        self.last_events = LastEvents(report.events.clone());
        report
    }

    fn try_move(&mut self, dir: Facing, report: &mut TurnReport) -> bool {
        let from = self.player.pos;
        let to = from.step(dir);
        if !self.floor.level.map.is_walkable(to) {
            if self.phantom_at(to) == Phantom::Passage {
                // It looked open: the attempt is real and costs the turn (SPEC "Turn and actions").
                report.events.push(Event::Blocked { toward: dir });
                self.say(msg::SOLID_STONE, report);
                return true;
            }
            report.events.push(Event::Bumped { toward: dir });
            return false;
        }
        if self.phantom_at(to) == Phantom::Wall {
            self.clear_phantom(to);
            self.say(msg::WALL_NEVER_THERE, report);
        }
        if let Some(entity) = self.entity_at(to) {
            match entity.kind {
                EntityKind::Enemy { .. } => {
                    report.events.push(Event::Blocked { toward: dir });
                    self.say(&msg::blocked_by(self.seen_name(to)), report);
                    return true;
                }
                EntityKind::Hallucination { .. } if self.hallucinations_persistent() => {
                    report.events.push(Event::Blocked { toward: dir });
                    self.say(msg::FRIGHTENED, report);
                    return true;
                }
                EntityKind::Hallucination { .. } => {
                    // Walking into a fleeting hallucination shows it was never there, at no cost.
                    let id = entity.id;
                    self.remove_entity(id);
                    report.events.push(Event::HallucinationVanished { id, pos: to });
                }
                _ => {}
            }
        }
        self.player.pos = to;
        report.events.push(Event::PlayerMoved { from, to });
        self.collect_pickup_here(report);
        if self.on_exit() {
            self.say(msg::DESCEND_PROMPT, report);
        }
        true
    }

    fn turn_to(&mut self, to: Facing, report: &mut TurnReport) -> bool {
        report.events.push(Event::PlayerTurned { from: self.player.facing, to });
        self.player.facing = to;
        BALANCE.turning_takes_a_turn
    }

    /// C with nothing in view and no terror on you is rest: the mind steadies a little, less the
    /// darker the depth, and never above the depth's rest ceiling. Judged on what the player sees
    /// as the turn begins.
    fn rest(&mut self) {
        let creature_in_view = self.floor.entities.iter().any(|e| e.is_actor() && self.is_visible(e.pos));
        if !creature_in_view && !self.player.statuses.has(StatusKind::Terrified) {
            let gain = super::sanity::rest_gain_from(self.player.sanity, self.depth, self.by_shrine());
            self.player.gain_sanity(gain);
        }
    }

    fn interact(&mut self, report: &mut TurnReport) -> bool {
        if self.on_exit() {
            self.descend(report);
        } else {
            self.player_attack(report);
        }
        true
    }

    fn descend(&mut self, report: &mut TurnReport) {
        // The deepest floor leads to itself again: a run never leaves the range its numbers fit.
        self.depth = (self.depth + 1).min(MAX_DEPTH);
        let (level, entities) = generate_depth(self.seed, self.depth);
        self.floor = Floor::enter(level, entities);
        self.player.pos = self.floor.level.start;
        self.player.facing = start_facing(&self.floor.level.map, self.player.pos);
        report.events.push(Event::Descended { depth: self.depth });
        self.say(&format!("You descend to depth {}.", self.depth), report);
        if self.harden() > 0 {
            self.say(msg::HARDENED, report);
        }
    }

    /// Raises max HP to the depth's (`Balance::max_hp_at`), healing by the rise; returns the rise.
    /// Never lowers it: a save from before a step keeps what it had.
    fn harden(&mut self) -> i32 {
        let rise = BALANCE.max_hp_at(self.depth) - self.player.max_hp;
        if rise > 0 {
            self.player.max_hp += rise;
            self.player.heal(rise);
        }
        rise.max(0)
    }

    /// Once per player turn: time, hunger, the slow drain of sanity, and the player's statuses.
    fn end_player_turn(&mut self, report: &mut TurnReport) {
        self.turn += 1;
        self.player.heartbeat += 1;
        if self.turn.is_multiple_of(BALANCE.weakness_every) {
            self.player.change_weakness(BALANCE.weakness_per_turn);
        }
        if self.player.weakness >= BALANCE.max_weakness {
            self.player.take_damage(BALANCE.starvation_damage);
            report.events.push(Event::PlayerHurt { amount: BALANCE.starvation_damage, real: true });
            self.say(msg::STARVING, report);
            self.check_death("starved", report);
        }
        if self.player.weakness < BALANCE.regen_below_weakness
            && self.turn.is_multiple_of(BALANCE.regen_every)
        {
            self.player.heal(1);
        }
        self.player.lose_sanity(super::sanity::turn_drain_at(self.depth, self.by_torch()));
        self.player.statuses.tick();
        self.floor.scheduler.end_turn(ActorId::Player);
    }

    /// The start-of-turn triggers of the player's statuses (turn-system spec, "Activation").
    fn start_player_turn(&mut self, report: &mut TurnReport) {
        if self.player.statuses.has(StatusKind::Bleeding) {
            self.player.take_damage(BALANCE.bleed_damage);
            report.events.push(Event::PlayerHurt { amount: BALANCE.bleed_damage, real: true });
            self.say(msg::BLEEDING, report);
            self.check_death("bled to death", report);
        }
        if self.player.statuses.has(StatusKind::Terrified) {
            self.player.lose_sanity(BALANCE.terror_sanity);
        }
    }

    /// Activates actors in scheduler order until the player is due again (or dies).
    fn run_others(&mut self, report: &mut TurnReport) {
        // Every actor but the player could be activated a bounded number of times per player turn;
        // the cap only guards against a scheduler bug turning into a hang.
        let cap = 64 * (self.floor.entities.len() + 1);
        for _ in 0..cap {
            match self.floor.scheduler.next_actor() {
                Some(ActorId::Player) | None => return,
                Some(ActorId::Entity(raw)) => {
                    self.entity_turn(EntityId(raw), report);
                    self.floor.scheduler.end_turn(ActorId::Entity(raw));
                    if self.status != Status::Playing {
                        return;
                    }
                }
            }
        }
    }

    pub(crate) fn check_death(&mut self, cause: &str, report: &mut TurnReport) {
        if self.player.hp <= 0 && self.status == Status::Playing {
            self.status = Status::Dead;
            self.cause_of_death = Some(format!("{cause} at depth {}", self.depth));
            report.events.push(Event::Died);
            self.say(msg::EPITAPH, report);
        }
    }

    pub(crate) fn say(&mut self, text: &str, report: &mut TurnReport) {
        self.messages.push(Message { text: text.to_string(), turn: self.turn });
        report.events.push(Event::Message(text.to_string()));
    }

    pub(crate) fn remove_entity(&mut self, id: EntityId) {
        self.floor.entities.retain(|e| e.id != id);
        self.floor.scheduler.remove(ActorId::Entity(id.0));
    }

    pub(crate) fn entity_index(&self, id: EntityId) -> Option<usize> {
        self.floor.entities.iter().position(|e| e.id == id)
    }

    /// Recomputes the field of view and adds it to the explored memory.
    pub(crate) fn refresh_view(&mut self) {
        self.floor.visible = field_of_view(&self.floor.level.map, self.player.pos, BALANCE.fov_radius);
        for (seen, now) in self.floor.explored.as_mut_slice().iter_mut().zip(self.floor.visible.as_slice()) {
            *seen |= *now;
        }
    }

    /// Checks the invariants a loaded state must hold, so a hand-edited save cannot panic the game.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(format!("its depth {} is outside 1 to {MAX_DEPTH}", self.depth));
        }
        let map = &self.floor.level.map;
        // Checked: a hand-edited size must be refused, not overflow.
        let cells = match map.width().checked_mul(map.height()) {
            Some(n) if map.width() > 0 && map.height() > 0 => n as usize,
            _ => return Err("its map size is impossible".into()),
        };
        let same_size = |w: i32, h: i32| w == map.width() && h == map.height();
        if map.tiles().len() != cells
            || !same_size(self.floor.visible.width(), self.floor.visible.height())
            || !same_size(self.floor.explored.width(), self.floor.explored.height())
            || !same_size(self.floor.phantoms.width(), self.floor.phantoms.height())
        {
            return Err("its grids do not match the map size".into());
        }
        if !map.in_bounds(self.player.pos) || !map.is_walkable(self.player.pos) {
            return Err("the player stands outside the map or in a wall".into());
        }
        if self.floor.entities.iter().any(|e| !map.in_bounds(e.pos)) {
            return Err("an entity stands outside the map".into());
        }
        let p = &self.player;
        if !(0..=p.max_hp).contains(&p.hp)
            || p.max_hp <= 0
            || !(0..=BALANCE.max_sanity).contains(&p.sanity)
            || !(0..=BALANCE.max_weakness).contains(&p.weakness)
            || p.inventory.selected() >= 4
        {
            return Err("the player's numbers are out of range".into());
        }
        Ok(())
    }
}

/// The layout and population of `depth`, both drawn from that depth's own stream, so a level never
/// depends on what happened on the levels before it. The generator is chosen from the depth's
/// layout stream and the landmarks placed from its landmark stream, so neither shifts the level's.
pub fn generate_depth(seed: u64, depth: u32) -> (Level, Vec<Entity>) {
    generate_depth_with(seed, depth, gen::builder::generator_for(seed, depth))
}

/// [`generate_depth`] with the generator given instead of drawn (tests, tools, screenshots).
pub fn generate_depth_with(seed: u64, depth: u32, generator: gen::kind::Generator) -> (Level, Vec<Entity>) {
    let mut level_rng = level_stream(seed, depth);
    let mut level = gen::builder::generate_with(generator, depth, &mut level_rng);
    let entities = populate(&level, depth, &mut level_rng);
    level.landmarks = gen::landmarks::place(&level, &entities, depth, &mut landmark_stream(seed, depth));
    (level, entities)
}

/// Fills in what a save does not hold of a loaded level: its generator and landmarks, which follow
/// from the seed and depth. A level the save shows with the start and exit a fresh generation gives
/// is that level (the shifting maze never moves either): it takes the fresh generator and the
/// landmarks that still fit. Any other (a save from before generators by depth, all rooms and
/// corridors) keeps the rooms generator and gets landmarks placed over the saved map.
pub(crate) fn restore_level_extras(seed: u64, depth: u32, level: &mut Level, entities: &[Entity]) {
    let (fresh, _) = generate_depth(seed, depth);
    if fresh.start == level.start && fresh.exit == level.exit && fresh.map.width() == level.map.width() {
        level.generator = fresh.generator;
        level.landmarks =
            fresh.landmarks.into_iter().filter(|l| gen::landmarks::fits(l, &level.map)).collect();
    } else {
        level.generator = gen::kind::Generator::Rooms;
        level.landmarks = gen::landmarks::place(level, entities, depth, &mut landmark_stream(seed, depth));
    }
}

#[cfg(test)]
mod tests {
    // These build whole runs, so they live with `Game` rather than in `spawn.rs`, which the run
    // calls and which must not name the run back.
    use super::*;
    use crate::game::map::Tile;
    use crate::game::spawn::count_ranges;

    #[test]
    fn regression_the_deepest_depth_builds_a_full_level_without_overflow() {
        // Near u32::MAX the counts used to wrap and panic, and huge depths cost time in proportion.
        let game = Game::new_at_depth(5, u32::MAX);
        assert_eq!(game.depth(), MAX_DEPTH);
        let free = game.map().tiles().iter().filter(|t| **t == Tile::Floor).count();
        assert!(game.entities().len() < free, "one entity per cell, the start and exit kept free");
        let ranges = count_ranges(&BALANCE, u32::MAX);
        assert!(ranges.iter().all(|(lo, hi)| lo <= hi));
    }

    #[test]
    fn regression_a_deep_level_rolls_no_more_entities_than_it_has_cells() {
        // The work of populating is the entities rolled; past full, depth adds none.
        for depth in [2_000, MAX_DEPTH] {
            let game = Game::new_at_depth(1, depth);
            let free = game.map().tiles().iter().filter(|t| **t == Tile::Floor).count();
            assert!(game.entities().len() <= free, "depth {depth}");
        }
    }
}
