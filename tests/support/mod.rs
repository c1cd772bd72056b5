//! Shared helpers for rule tests: tiny inline ASCII maps turned into games, through one builder.
//!
//! Legend of the rows (everything not listed is an error, so a typo cannot silently become floor):
//!
//! | char | meaning |
//! |---|---|
//! | `#` `.` `>` | wall, floor, exit |
//! | `@` | the player (exactly one) |
//! | `E` | a lurker with the lowest HP and damage of the depth's tier |
//! | `T` | a tough lurker ([`TOUGH_HP`]) that survives any blow a test deals |
//! | `S` | a stalker (the depth's tier, like `E`) |
//! | `R` | a flayer (the depth's tier, like `E`) |
//! | `H` | a hallucination with the persistent HP pool of the balance table |
//! | `F` `0` `+` | real food, pill, bandage |
//! | `!` | a real weapon one point stronger than the starting weapon |
//! | `a`–`z` | plain floor, named so a test can point at it with [`at`] |
//!
//! [`Scene::with`] binds any other character (or overrides one above) to an entity kind.

use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::{
    Action, EntityKind, Event, Facing, Game, Item, Map, Pickup, Pos, TurnReport, Variant,
};

/// Hit points of a `T` enemy: a test setup value (not tuning) far beyond any blow a test deals.
pub const TOUGH_HP: i32 = 1_000;

/// Hit points given to the player by [`sturdy`] so that long fights can be counted to the end.
pub const STURDY_HP: i32 = 1_000;

/// A test level under construction: rows, facing, depth and extra legend entries.
pub struct Scene<'a> {
    rows: &'a [&'a str],
    facing: Facing,
    depth: u32,
    legend: Vec<(char, EntityKind)>,
}

/// Starts a scene from rows; the player faces east at depth 1 unless told otherwise.
pub fn scene<'a>(rows: &'a [&'a str]) -> Scene<'a> {
    Scene { rows, facing: Facing::East, depth: 1, legend: Vec::new() }
}

impl<'a> Scene<'a> {
    pub fn facing(mut self, facing: Facing) -> Self {
        self.facing = facing;
        self
    }

    /// The depth the level pretends to be at (drains, tiers and AI thresholds depend on it).
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// Binds `ch` to `kind`, overriding the default legend.
    pub fn with(mut self, ch: char, kind: EntityKind) -> Self {
        self.legend.push((ch, kind));
        self
    }

    pub fn build(self) -> Game {
        let start = at(self.rows, '@');
        let map = Map::from_rows(self.rows).expect("a well-formed test map");
        let mut game = Game::from_map_at_depth(map, start, self.facing, self.depth);
        for (y, row) in self.rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let pos = Pos::new(x as i32, y as i32);
                let kind = match self.legend.iter().rev().find(|(c, _)| *c == ch) {
                    Some((_, kind)) => Some(kind.clone()),
                    None => default_kind(ch, self.depth),
                };
                if let Some(kind) = kind {
                    game.spawn(pos, kind).unwrap_or_else(|| panic!("cannot spawn {ch:?} at {pos:?}"));
                }
            }
        }
        game
    }
}

fn default_kind(ch: char, depth: u32) -> Option<EntityKind> {
    Some(match ch {
        '#' | '.' | '>' | '@' | 'a'..='z' => return None,
        'E' => enemy(Variant::Lurker, depth),
        'T' => EntityKind::Enemy {
            variant: Variant::Lurker,
            hp: TOUGH_HP,
            max_hp: TOUGH_HP,
            damage: BALANCE.tier_for(depth).damage.0,
        },
        'S' => enemy(Variant::Stalker, depth),
        'R' => enemy(Variant::Flayer, depth),
        'H' => EntityKind::Hallucination { hp: BALANCE.persistent_hallucination_hp },
        'F' => item(Item::Food),
        '0' => item(Item::Pill),
        '+' => item(Item::Bandage),
        '!' => EntityKind::Pickup(Pickup::Weapon { base: BALANCE.start_weapon + 1 }),
        other => panic!("no legend entry for {other:?} in a test map"),
    })
}

/// The weakest enemy of `variant` at `depth`: the lowest HP and damage of the depth's tier.
pub fn enemy(variant: Variant, depth: u32) -> EntityKind {
    let tier = BALANCE.tier_for(depth);
    EntityKind::Enemy { variant, hp: tier.hp.0, max_hp: tier.hp.0, damage: tier.damage.0 }
}

pub fn item(item: Item) -> EntityKind {
    EntityKind::Pickup(Pickup::Item(item))
}

pub fn hallucinated(item: Item) -> EntityKind {
    EntityKind::HallucinatedPickup(Pickup::Item(item))
}

/// A game from rows with the default legend at depth 1.
pub fn game_with(rows: &[&str], facing: Facing) -> Game {
    scene(rows).facing(facing).build()
}

/// The same, under the name the first turn tests used.
pub fn game_from(rows: &[&str], facing: Facing) -> Game {
    game_with(rows, facing)
}

/// The one cell marked `ch`; panics if there is none or more than one.
pub fn at(rows: &[&str], ch: char) -> Pos {
    let all = all_at(rows, ch);
    assert_eq!(all.len(), 1, "expected exactly one {ch:?} in the test map, found {all:?}");
    all[0]
}

/// Every cell marked `ch`, row-major.
pub fn all_at(rows: &[&str], ch: char) -> Vec<Pos> {
    rows.iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.chars()
                .enumerate()
                .filter(move |(_, c)| *c == ch)
                .map(move |(x, _)| Pos::new(x as i32, y as i32))
        })
        .collect()
}

/// Gives the player [`STURDY_HP`] so that a fight can be counted over many turns.
pub fn sturdy(game: &mut Game) {
    let p = game.player_mut();
    p.max_hp = STURDY_HP;
    p.hp = STURDY_HP;
}

/// Sanity lost to the slow depth drain and the dark in one player turn at `depth`.
pub fn drain(depth: u32) -> i32 {
    hollowdeep::game::sanity::turn_drain(depth)
}

/// Weakness gained over the first `turns` player turns of a run (hunger ticks every
/// `weakness_every` turns).
pub fn hunger_after(turns: u64) -> i32 {
    (turns / BALANCE.weakness_every) as i32 * BALANCE.weakness_per_turn
}

/// Plays `action` and returns the report, asserting it took a turn.
pub fn turn(game: &mut Game, action: Action) -> TurnReport {
    let report = game.act(action);
    assert!(report.took_turn, "{action:?} should take a turn: {:?}", report.events);
    report
}

/// The messages said in a report, in order.
pub fn said(report: &TurnReport) -> Vec<&str> {
    report
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Message(text) => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// How many events of a report match `pred`.
pub fn count(report: &TurnReport, pred: impl Fn(&Event) -> bool) -> usize {
    report.events.iter().filter(|e| pred(e)).count()
}

/// Real blows the player took in a report (starvation and bleeding included).
pub fn real_hurts(report: &TurnReport) -> usize {
    count(report, |e| matches!(e, Event::PlayerHurt { real: true, .. }))
}
