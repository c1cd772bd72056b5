//! The crawler's half of the scene contract: turns the state of a run and the report of its last
//! turn into a plain-data [`Scene`], once per turn. Everything the presentation needs to know about
//! the rules (where an enemy came from, how dark it is, how mad the view is, what lies on the
//! automap) is decided here, so the renderer never re-derives a rules fact.

use super::action::{Event, TurnReport};
use super::balance::BALANCE;
use super::content::{Family, FAMILIES};
use super::entity::{Entity, EntityKind};
use super::gen::landmarks::MAX_TORCHES;
use super::gen::landmarks::{Landmark, LandmarkKind};
use super::map::Tile;
use super::phantom::Phantom;
use super::rng::{cosmetic_stream, GameRng};
use super::run::Game;
use super::scheduler::ActorId;
use super::status::StatusKind;
use crate::grid::{Grid, Pos};
use crate::scene::hud::STRIP_LEN;
use crate::scene::{
    AutomapModel, BarModel, CellLook, HudModel, MapCellLook, MapMarker, MessageLine, PhantomLook, Scene,
    SceneStamp, SlotLook, SpriteKind, SpriteLook, StatusLook, StatusTone, StripActor, TargetLook, TileLook,
    TorchLook, WorldScene, TORCH_REACH_CELLS,
};
use rand::RngExt;

/// Cells picked per turn where a false `@` may flicker.
pub const FALSE_ACTORS_PER_TURN: usize = 3;

/// Builds scenes for one run. It keeps the run's cosmetic stream, which only ever feeds what is
/// drawn (the false `@` flickers), never a rule.
#[derive(Debug, Default)]
pub struct ScenePresenter {
    cosmetic: Option<(u64, GameRng)>,
    /// The level as the player saw it: each cell as it looked the last time it was in view. The
    /// automap draws this, not the live map, which would show where the maze shifted unseen.
    memory: Option<LevelMemory>,
}

/// What one level looked like when last seen; kept per (seed, depth) and dropped on a new level.
#[derive(Debug)]
struct LevelMemory {
    level: (u64, u32),
    seen: Grid<Option<TileLook>>,
    /// Where a pickup (real or not: they look the same) lay when the cell was last in view.
    items: Grid<bool>,
}

impl ScenePresenter {
    /// The scene after `report` (the last turn's events; `None` for a freshly loaded or started run).
    pub fn scene(&mut self, game: &Game, report: Option<&TurnReport>) -> Scene {
        let false_actors = if game.madness().false_player > 0.0 {
            let rng = match &mut self.cosmetic {
                Some((seed, rng)) if *seed == game.seed() => rng,
                slot => &mut slot.insert((game.seed(), cosmetic_stream(game.seed()))).1,
            };
            pick_false_actors(game, rng, FALSE_ACTORS_PER_TURN)
        } else {
            Vec::new()
        };
        let mut scene = scene_with(game, report, &false_actors);
        self.remember(game, &mut scene.hud.automap);
        scene
    }

    /// Updates the memory with what is in view now, and puts it on the automap. A cell explored
    /// before this presenter existed (a continued run) shows as the map has it.
    fn remember(&mut self, game: &Game, automap: &mut AutomapModel) {
        let level = (game.seed(), game.depth());
        let map = game.map();
        let memory = match &mut self.memory {
            Some(m)
                if m.level == level && m.seen.width() == map.width() && m.seen.height() == map.height() =>
            {
                m
            }
            slot => slot.insert(LevelMemory { level, seen: map.grid_of(None), items: map.grid_of(false) }),
        };
        for p in game.visible_cells() {
            memory.seen.set(p, Some(tile_look(game.apparent_tile(p))));
            // A creature may stand on an item; the map still remembers the item beneath it.
            let item = game.item_at(p).is_some();
            memory.items.set(p, item);
        }
        // Items as last seen: what lay there when the cell was last in view, gone or not.
        automap
            .markers
            .extend(memory.items.iter().filter(|(_, &item)| item).map(|(p, _)| (p, MapMarker::Item)));
        for p in map.cells() {
            if let (Some(&seen), Some(&cell)) = (memory.seen.get(p), automap.cells.get(p)) {
                if cell.tile.is_some() && seen.is_some() {
                    automap.cells.set(p, MapCellLook { tile: seen, ..cell });
                }
            }
        }
    }
}

/// The scene of a run at rest, as a fresh presenter builds it: no step in flight (screenshots,
/// benchmarks, tests).
pub fn still_scene(game: &Game) -> Scene {
    ScenePresenter::default().scene(game, None)
}

/// The scene of `game` after `report`, with false `@`s at `false_actors`.
pub fn scene_with(game: &Game, report: Option<&TurnReport>, false_actors: &[Pos]) -> Scene {
    let player = game.player();
    Scene {
        stamp: SceneStamp { seed: game.seed(), depth: game.depth(), turn: game.turn() },
        eye: player.pos,
        facing: player.facing,
        world: world_scene(game, report, false_actors),
        hud: hud_model(game),
        board: None,
    }
}

fn world_scene(game: &Game, report: Option<&TurnReport>, false_actors: &[Pos]) -> WorldScene {
    let map = game.map();
    let mut cells = map.grid_of(CellLook::default());
    for p in map.cells() {
        cells.set(p, CellLook { tile: tile_look(map.get(p)), phantom: phantom_look(game.phantom_at(p)) });
    }
    let starts = step_starts(report);
    let tell = game.hallucination_tell();
    let mut sprites: Vec<SpriteLook> = game
        .entities()
        .iter()
        .map(|e| {
            let from = starts.iter().find(|(id, _)| *id == e.id.0).map_or(e.pos, |&(_, from)| from);
            entity_sprite(game, e, from, tell)
        })
        .filter(|s| s.seen_from || s.seen_to)
        .collect();
    for (i, &p) in false_actors.iter().enumerate() {
        sprites.push(SpriteLook {
            id: u32::MAX - i as u32,
            kind: SpriteKind::FalseActor,
            glyph: '@',
            colour: super::content::ENEMY_COLOUR,
            from: p,
            to: p,
            seen_from: true,
            seen_to: true,
            shimmer: 0.0,
        });
    }
    sprites.extend(shrine_sprites(game));
    WorldScene {
        cells,
        sprites,
        light: game.light_scale(),
        madness: game.madness(),
        may_pulse: game.entities().iter().any(Entity::is_hallucination),
        theme: BALANCE.theme_for(game.depth()).look(),
        torches: torches_in_reach(game),
        floor_tints: Vec::new(),
    }
}

/// The wall torches whose light can fall on something in view: those within
/// `TORCH_REACH_CELLS` of a visible cell. The others cannot change a pixel, and every torch the
/// scene carries costs each pixel of the frame a little (issue 17).
fn torches_in_reach(game: &Game) -> Vec<TorchLook> {
    let visible = game.visible_cells();
    let near = |p: Pos| visible.iter().any(|v| (v.x - p.x).abs().max((v.y - p.y).abs()) <= TORCH_REACH_CELLS);
    landmarks_of(game, LandmarkKind::Torch)
        .filter(|l| near(l.pos))
        .map(|l| TorchLook { cell: l.pos, facing: l.facing })
        .take(MAX_TORCHES)
        .collect()
}

fn landmarks_of(game: &Game, kind: LandmarkKind) -> impl Iterator<Item = &Landmark> {
    game.level().landmarks.iter().filter(move |l| l.kind == kind)
}

/// The shrine's figure: a pale house-shaped glyph standing on its cell, when seen.
fn shrine_sprites(game: &Game) -> impl Iterator<Item = SpriteLook> + '_ {
    landmarks_of(game, LandmarkKind::Shrine).enumerate().filter(|(_, l)| game.is_visible(l.pos)).map(
        |(i, l)| SpriteLook {
            id: SHRINE_SPRITE_ID - i as u32,
            kind: SpriteKind::Actor,
            glyph: SHRINE_GLYPH,
            colour: SHRINE_COLOUR,
            from: l.pos,
            to: l.pos,
            seen_from: true,
            seen_to: true,
            shimmer: 0.0,
        },
    )
}

/// Sprite ids of shrines count down from here, below the false `@`s' ids.
const SHRINE_SPRITE_ID: u32 = u32::MAX - 64;
pub const SHRINE_GLYPH: char = '⌂';
pub const SHRINE_COLOUR: crate::scene::Srgb = [150, 200, 255];

/// Where each entity that stepped this turn began its first step. A descent starts a new level,
/// whose entities are shown where they stand.
fn step_starts(report: Option<&TurnReport>) -> Vec<(u32, Pos)> {
    let Some(report) = report else { return Vec::new() };
    if report.events.iter().any(|e| matches!(e, Event::Descended { .. })) {
        return Vec::new();
    }
    let mut starts: Vec<(u32, Pos)> = Vec::new();
    for event in &report.events {
        if let Event::EnemyMoved { id, from, .. } = event {
            if !starts.iter().any(|(seen, _)| *seen == id.0) {
                starts.push((id.0, *from));
            }
        }
    }
    starts
}

/// The family a creature looks like: its own, or for a hallucination the one it mimics, chosen
/// once per creature among the families that live at this depth and move at a hallucination's
/// pace (a mask whose speed its steps and the turn strip belied would give it away).
pub fn apparent_family(game: &Game, e: &Entity) -> Option<&'static Family> {
    match e.kind {
        EntityKind::Enemy { variant, .. } => Some(variant.family()),
        EntityKind::Hallucination { .. } => {
            let pace = super::floor::speed_of(e);
            let living: Vec<&Family> =
                FAMILIES.iter().filter(|f| f.gate_depth <= game.depth() && f.speed == pace).collect();
            // A fixed mix of the id: the same creature keeps its mask from turn to turn.
            let pick = (u64::from(e.id.0).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize;
            living.get(pick % living.len().max(1)).copied()
        }
        _ => None,
    }
}

/// The creature in the cell ahead as the HUD names it. A hallucination shows the name of its mask
/// and believable hit points: the mask's strongest at this depth, worn down by the blows it has
/// taken, so nothing on the HUD gives it away.
fn target_look(game: &Game) -> Option<TargetLook> {
    let p = game.player();
    let ahead = p.pos.step(p.facing);
    let e = game.entity_at(ahead).filter(|_| game.is_visible(ahead))?;
    let family = apparent_family(game, e)?;
    let (hp, max_hp) = match e.kind {
        EntityKind::Enemy { hp, max_hp, .. } => (hp, max_hp),
        EntityKind::Hallucination { hp } => {
            let max = BALANCE.tier_for(game.depth()).hp.1.max(1);
            let whole = BALANCE.persistent_hallucination_hp.max(1);
            (((max * hp.clamp(1, whole)) + whole - 1) / whole, max)
        }
        _ => return None,
    };
    Some(TargetLook { name: family.name.to_string(), hp, max_hp })
}

fn entity_sprite(game: &Game, e: &Entity, from: Pos, tell: f32) -> SpriteLook {
    let (kind, colour, glyph) = match e.kind {
        EntityKind::Enemy { .. } | EntityKind::Hallucination { .. } => {
            // The figure and shade of the family it looks like: a mask is worn whole.
            let family = apparent_family(game, e);
            let shade = family.map_or(super::content::ENEMY_COLOUR, |f| f.shade);
            (SpriteKind::Actor, shade, family.map_or(e.glyph(), |f| f.figure))
        }
        EntityKind::Pickup(p) | EntityKind::HallucinatedPickup(p) => {
            let look = match p {
                super::entity::Pickup::Item(item) => item.row().look,
                _ => e.glyph(),
            };
            (SpriteKind::Pickup, p.colour(), look)
        }
    };
    SpriteLook {
        id: e.id.0,
        kind,
        glyph,
        colour,
        from,
        to: e.pos,
        seen_from: game.is_visible(from),
        seen_to: game.is_visible(e.pos),
        shimmer: if e.is_hallucination() { tell } else { 0.0 },
    }
}

/// Picks up to `n` cells for false `@` flickers from the cosmetic stream: open floor the player sees
/// in front of them, not their own cell or its neighbours, nobody standing there.
pub fn pick_false_actors(game: &Game, rng: &mut GameRng, n: usize) -> Vec<Pos> {
    let me = game.player().pos;
    let (fx, fy) = game.player().facing.delta();
    let mut candidates: Vec<Pos> = game
        .visible_cells()
        .into_iter()
        .filter(|&p| {
            let (dx, dy) = (p.x - me.x, p.y - me.y);
            dx * fx + dy * fy >= 2 && game.apparent_tile(p) == Tile::Floor && game.entity_at(p).is_none()
        })
        .collect();
    let mut picked = Vec::new();
    while picked.len() < n && !candidates.is_empty() {
        picked.push(candidates.swap_remove(rng.random_range(0..candidates.len())));
    }
    picked
}

fn tile_look(tile: Tile) -> TileLook {
    match tile {
        Tile::Floor => TileLook::Floor,
        Tile::Wall => TileLook::Wall,
        Tile::Exit => TileLook::Exit,
    }
}

fn phantom_look(phantom: Phantom) -> PhantomLook {
    match phantom {
        Phantom::None => PhantomLook::None,
        Phantom::Wall => PhantomLook::Wall,
        Phantom::Passage => PhantomLook::Passage,
    }
}

fn status_look(kind: StatusKind, turns_left: u32) -> StatusLook {
    let (label, short, tone) = match kind {
        StatusKind::Bleeding => ("BLEED", "BL", StatusTone::Body),
        StatusKind::Terrified => ("FEAR", "FR", StatusTone::Mind),
    };
    StatusLook { label, short, tone, turns_left }
}

/// Whether a message of the game's log is in the HUD model now: all are but the prompt to descend,
/// which stays only while the player stands on the pit (see `hud_model`).
pub fn message_shown(game: &Game, text: &str) -> bool {
    text != super::messages::DESCEND_PROMPT || game.on_exit()
}

fn hud_model(game: &Game) -> HudModel {
    let p = game.player();
    let bar = BarModel {
        hp: p.hp,
        max_hp: p.max_hp,
        sanity: p.sanity_percent().round().clamp(0.0, 100.0) as u32,
        weakness: p.weakness.clamp(0, 100) as u32,
        heartbeat: p.heartbeat,
        weapon: p.weapon,
        // A hallucinated item looks the same as a real one, so the flag is not read.
        slots: p
            .inventory
            .slots()
            .iter()
            .map(|c| c.map(|c| SlotLook { glyph: c.item.row().look, colour: c.item.row().colour }))
            .collect(),
        selected: p.inventory.selected(),
        depth: game.depth(),
        statuses: p.statuses.iter().map(|s| status_look(s.kind, s.turns_left)).collect(),
    };
    let strip = game
        .upcoming_actors(STRIP_LEN)
        .into_iter()
        .filter_map(|id| match id {
            ActorId::Player => Some(StripActor::Player),
            ActorId::Entity(raw) => game.entity(super::entity::EntityId(raw)).map(|e| {
                // The figure the view draws for it (issue 34: the strip still showed `@`).
                StripActor::Hostile(apparent_family(game, e).map_or(e.glyph(), |f| f.figure))
            }),
        })
        .collect();
    HudModel {
        bar,
        strip,
        // "Press Space to descend" speaks of the pit underfoot: once the player has stepped off,
        // it would tell them to press a key that no longer descends (issue 34), so it goes.
        messages: game
            .messages()
            .iter()
            .filter(|m| message_shown(game, &m.text))
            .map(|m| MessageLine { turn: m.turn, text: m.text.clone() })
            .collect(),
        lines_from: 0,
        turn: game.turn(),
        automap: automap(game),
        target: target_look(game),
    }
}

fn automap(game: &Game) -> AutomapModel {
    let map = game.map();
    let mut cells = map.grid_of(MapCellLook::default());
    for p in map.cells() {
        cells.set(
            p,
            MapCellLook {
                tile: game.is_explored(p).then(|| tile_look(map.get(p))),
                in_view: game.is_visible(p),
            },
        );
    }
    let markers = game
        .level()
        .landmarks
        .iter()
        .filter(|l| game.is_explored(l.pos))
        .map(|l| {
            let kind = match l.kind {
                LandmarkKind::Torch => MapMarker::Torch,
                LandmarkKind::Shrine => MapMarker::Shrine,
            };
            (l.pos, kind)
        })
        .collect();
    AutomapModel {
        cells,
        player: game.player().pos,
        facing: game.player().facing,
        depth: game.depth(),
        markers,
    }
}

#[cfg(test)]
mod tests {
    use super::super::messages as msg;
    use super::*;
    use crate::game::inventory::Carried;
    use crate::game::{Action, Facing, Item, Map, Pickup, Variant};

    fn corridor() -> Game {
        Game::from_map(
            Map::from_rows(&["#########", "#.......#", "#########"]).unwrap(),
            Pos::new(1, 1),
            Facing::East,
        )
    }

    /// Issue 16: items are marked where they were last seen, landmarks once explored.
    #[test]
    fn the_automap_marks_items_as_last_seen_and_explored_landmarks() {
        use crate::game::gen::landmarks::{Landmark, LandmarkKind};
        use crate::scene::MapMarker;
        let map = Map::from_rows(&["#######", "#.....#", "#####.#", "#####.#", "#######"]).unwrap();
        let torch = Landmark { kind: LandmarkKind::Torch, pos: Pos::new(4, 2), facing: Facing::East };
        let mut g = Game::from_map(map, Pos::new(5, 1), Facing::South).with_landmarks(vec![torch]);
        let item = Pos::new(5, 3);
        g.spawn(item, EntityKind::Pickup(Pickup::Item(Item::Food))).unwrap();
        let mut presenter = ScenePresenter::default();
        let marked = |p: &mut ScenePresenter, g: &Game, m: (Pos, MapMarker)| {
            p.scene(g, None).hud.automap.markers.contains(&m)
        };
        g.act(Action::Wait);
        assert!(g.is_visible(item));
        assert!(marked(&mut presenter, &g, (item, MapMarker::Item)));
        assert!(marked(&mut presenter, &g, (Pos::new(4, 2), MapMarker::Torch)));
        // Taken while out of sight, it stays marked where it was seen; seen gone, the mark goes.
        let id = g.entity_at(item).unwrap().id;
        g.floor.entities.retain(|e| e.id != id);
        g.player_mut().pos = Pos::new(1, 1);
        g.act(Action::Wait);
        assert!(!g.is_visible(item));
        assert!(marked(&mut presenter, &g, (item, MapMarker::Item)), "as last seen");
        g.player_mut().pos = Pos::new(5, 1);
        g.act(Action::Wait);
        assert!(!marked(&mut presenter, &g, (item, MapMarker::Item)), "seen gone");
    }

    /// Issue 10: names appeared only after a hit and enemy HP was never shown.
    #[test]
    fn the_creature_in_front_is_named_with_its_hp_and_a_hallucination_shows_believable_ones() {
        let mut g = corridor();
        assert_eq!(still_scene(&g).hud.target, None);
        g.spawn(Pos::new(2, 1), EntityKind::Enemy { variant: Variant::Lurker, hp: 2, max_hp: 3, damage: 1 });
        let target = still_scene(&g).hud.target.expect("a lurker ahead");
        assert_eq!((target.name.as_str(), target.hp, target.max_hp), ("lurker", 2, 3));

        let deep = |hp: i32| {
            let map = Map::from_rows(&["#########", "#.......#", "#########"]).unwrap();
            let mut g = Game::from_map_at_depth(map, Pos::new(1, 1), Facing::East, 7);
            g.spawn(Pos::new(2, 1), EntityKind::Hallucination { hp });
            g
        };
        let g = deep(BALANCE.persistent_hallucination_hp);
        let fake = still_scene(&g).hud.target.expect("the hallucination ahead is named too");
        let mask = apparent_family(&g, &g.entities()[0]).unwrap();
        assert_eq!(fake.name, mask.name);
        assert!(mask.gate_depth <= 7, "it wears a family of this depth");
        assert_eq!(mask.speed, super::super::floor::speed_of(&g.entities()[0]), "and of its pace");
        assert_eq!((fake.hp, fake.max_hp), (BALANCE.tier_for(7).hp.1, BALANCE.tier_for(7).hp.1), "full");
        let hurt = still_scene(&deep(1)).hud.target.unwrap();
        assert!(hurt.hp < hurt.max_hp && hurt.hp > 0, "worn down by blows: {hurt:?}");
        let sprite = still_scene(&g).world.sprites[0];
        assert_eq!(sprite.colour, mask.shade, "and its shade");
        assert_eq!(sprite.glyph, mask.figure, "and its figure: shape never gives it away");
    }

    /// Issue 34: every family was drawn as the same `@`, told apart only by a shade of red.
    #[test]
    fn each_family_stands_in_the_view_as_its_own_figure() {
        for variant in Variant::ALL {
            let mut g = corridor();
            g.spawn(Pos::new(3, 1), EntityKind::Enemy { variant, hp: 3, max_hp: 3, damage: 1 });
            let sprite = still_scene(&g).world.sprites[0];
            assert_eq!(sprite.glyph, variant.family().figure, "{}", variant.name());
            assert_ne!(sprite.glyph, '@', "the `@` is the player's");
        }
    }

    /// Issue 10: the automap revealed where the maze shifted out of sight.
    #[test]
    fn the_automap_shows_the_level_as_last_seen_not_as_it_is() {
        let mut g = corridor();
        let mut presenter = ScenePresenter::default();
        presenter.scene(&g, None);
        let far = Pos::new(6, 1);
        assert!(g.is_visible(far));
        // The maze shifts there while the player is not looking.
        g.floor.level.map.set(far, Tile::Wall);
        g.floor.visible.set(far, false);
        let cell = *presenter.scene(&g, None).hud.automap.cells.get(far).unwrap();
        assert_eq!(cell.tile, Some(TileLook::Floor), "remembered as seen");
        // A fresh presenter (a continued run) knows only the map.
        assert_eq!(still_scene(&g).hud.automap.cells.get(far).unwrap().tile, Some(TileLook::Wall));
    }

    #[test]
    fn the_bar_reads_the_player_and_hallucinated_items_look_real() {
        let mut g = Game::from_map(
            Map::from_rows(&["#####", "#...#", "#####"]).unwrap(),
            Pos::new(1, 1),
            Facing::East,
        );
        let p = g.player_mut();
        p.hp = 3;
        p.sanity = 72_400;
        p.weakness = 45;
        p.inventory.add(Carried { item: Item::Pill, hallucinated: true }).unwrap();
        p.inventory.select(0);
        p.statuses.apply(StatusKind::Bleeding, 2);
        let bar = scene_with(&g, None, &[]).hud.bar;
        assert_eq!((bar.hp, bar.sanity, bar.weakness, bar.depth), (3, 72, 45, 1));
        let pill = SlotLook { glyph: Item::Pill.row().look, colour: Item::Pill.row().colour };
        assert_eq!(bar.slots, vec![Some(pill), None, None, None]);
        assert_eq!(bar.statuses, vec![status_look(StatusKind::Bleeding, 2)]);
    }

    #[test]
    fn only_entities_in_seen_cells_become_sprites() {
        let mut game = corridor();
        game.spawn(Pos::new(3, 1), EntityKind::Pickup(Pickup::Item(Item::Food))).unwrap();
        game.spawn(Pos::new(6, 1), EntityKind::Pickup(Pickup::Weapon { base: 3 })).unwrap();
        let sprites = scene_with(&game, None, &[]).world.sprites;
        assert_eq!(sprites.len(), 2);
        assert!(sprites.iter().all(|s| s.kind == SpriteKind::Pickup && s.from == s.to));
        let mut walled = Game::from_map(
            Map::from_rows(&["#########", "#..#....#", "#########"]).unwrap(),
            Pos::new(1, 1),
            Facing::East,
        );
        walled.spawn(Pos::new(5, 1), EntityKind::Pickup(Pickup::Item(Item::Pill))).unwrap();
        assert!(scene_with(&walled, None, &[]).world.sprites.is_empty());
    }

    #[test]
    fn a_step_begins_where_the_turn_report_says_and_a_descent_does_not_animate() {
        let mut game = corridor();
        let id = game.spawn(Pos::new(5, 1), EntityKind::Hallucination { hp: 1 }).unwrap();
        let moved = TurnReport {
            took_turn: true,
            events: vec![
                Event::EnemyMoved { id, from: Pos::new(7, 1), to: Pos::new(6, 1) },
                Event::EnemyMoved { id, from: Pos::new(6, 1), to: Pos::new(5, 1) },
            ],
        };
        let s = scene_with(&game, Some(&moved), &[]).world.sprites[0];
        assert_eq!((s.from, s.to), (Pos::new(7, 1), Pos::new(5, 1)), "two steps animate as one");
        assert_eq!(s.shimmer, game.hallucination_tell());
        let mut descended = moved.clone();
        descended.events.push(Event::Descended { depth: 2 });
        let s = scene_with(&game, Some(&descended), &[]).world.sprites[0];
        assert_eq!(s.from, s.to);
    }

    #[test]
    fn false_actors_need_madness_and_stand_in_front_of_the_player() {
        let mut game = corridor();
        let mut presenter = ScenePresenter::default();
        let count =
            |scene: &Scene| scene.world.sprites.iter().filter(|s| s.kind == SpriteKind::FalseActor).count();
        assert_eq!(count(&presenter.scene(&game, None)), 0, "sane: no false @");
        game.player_mut().sanity = 5_000;
        let report = game.act(Action::Wait);
        let scene = presenter.scene(&game, Some(&report));
        assert!((1..=FALSE_ACTORS_PER_TURN).contains(&count(&scene)));
        for s in scene.world.sprites.iter().filter(|s| s.kind == SpriteKind::FalseActor) {
            assert!(s.to.x >= 3, "false @ at {:?}: not in front of the player", s.to);
        }
    }

    #[test]
    fn the_scene_carries_the_light_and_the_phantoms() {
        let mut game = corridor();
        game.player_mut().weakness = 80;
        let scene = scene_with(&game, None, &[]);
        assert_eq!(scene.world.light, game.light_scale());
        for p in game.map().cells() {
            assert_eq!(scene.world.cells.at(p).phantom, phantom_look(game.phantom_at(p)));
        }
    }

    /// Issue 34: a pill showed "0" in its slot, read as a count of zero. Slot and sprite draw its
    /// tablet; the dump's letter (and so every recording's hash) stays.
    #[test]
    fn a_pill_is_drawn_as_its_tablet_not_a_digit() {
        let mut g = corridor();
        g.player_mut().inventory.add(Carried { item: Item::Pill, hallucinated: false }).unwrap();
        g.spawn(Pos::new(3, 1), EntityKind::Pickup(Pickup::Item(Item::Pill))).unwrap();
        let scene = scene_with(&g, None, &[]);
        assert_eq!(scene.hud.bar.slots[0].map(|s| s.glyph), Some('●'));
        assert!(scene.world.sprites.iter().any(|s| s.glyph == '●'), "{:?}", scene.world.sprites);
        assert_eq!(Item::Pill.glyph(), '0', "the dump's letter stays");
    }

    /// Issue 34: "Press Space to descend" stayed on screen after the player walked off the pit.
    #[test]
    fn the_prompt_to_descend_goes_once_the_player_leaves_the_pit() {
        let map = Map::from_rows(&["######", "#.>..#", "######"]).unwrap();
        let mut g = Game::from_map(map, Pos::new(1, 1), Facing::East);
        let prompt =
            |g: &Game| scene_with(g, None, &[]).hud.messages.iter().any(|m| m.text == msg::DESCEND_PROMPT);
        g.act(Action::MoveForward);
        assert!(g.on_exit() && prompt(&g), "on the pit it asks");
        g.act(Action::MoveForward);
        assert!(!g.on_exit() && !prompt(&g), "off the pit it is gone");
    }

    #[test]
    fn the_strip_lists_the_player_and_visible_enemies_only() {
        let rows = ["#########", "#...#...#", "#...#...#", "#########"];
        let mut g = Game::from_map(Map::from_rows(&rows).unwrap(), Pos::new(1, 1), Facing::East);
        let enemy = EntityKind::Enemy { variant: Variant::Lurker, hp: 3, max_hp: 3, damage: 1 };
        g.spawn(Pos::new(6, 1), enemy.clone()).unwrap(); // behind the wall
        let strip = scene_with(&g, None, &[]).hud;
        assert!(!strip.strip.is_empty());
        assert!(strip.strip.iter().all(|a| *a == StripActor::Player), "{strip:?}");
        g.spawn(Pos::new(3, 2), enemy).unwrap(); // in the same room
        let strip = scene_with(&g, None, &[]).hud;
        assert_eq!(strip.strip[0], StripActor::Player);
        let lurker = Variant::Lurker.family().figure;
        assert!(strip.strip.contains(&StripActor::Hostile(lurker)), "its figure, as the view: {strip:?}");
        assert_eq!(strip.strip.len(), STRIP_LEN);
    }
}
