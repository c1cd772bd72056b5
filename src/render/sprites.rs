//! Entities as sprites for the world pass (plan §8.3): who the player can see, where each stood last
//! turn (so the shared enemy step can be animated), its glyph bitmap and colour, and this turn's false
//! `@` flickers, packed into [`SpriteRaw`] for the world shader's storage buffer.
//!
//! Everything is decided once per turn on the CPU; the shader only interpolates and draws.

use super::font::glyph;
use crate::game::rng::{cosmetic_stream, GameRng};
use crate::game::{EntityId, EntityKind, Game, Pos, Tile};
use bytemuck::{Pod, Zeroable};
use rand::RngExt;

/// Most sprites drawn at once; the nearest win. The shader visits every live sprite for every pixel,
/// so the cap bounds the worst frame.
pub const MAX_SPRITES: usize = 64;
/// `SpriteRaw::kind` of a real entity (enemy, hallucination, pickup); in the shaders' prelude.
pub const SPRITE_ENTITY: u32 = 0;
/// `SpriteRaw::kind` of a false `@`: shown only in brief flickers the shader times; in the prelude.
pub const SPRITE_FALSE_PLAYER: u32 = 1;
/// Cells picked per turn where a false `@` may flicker.
pub const FALSE_PLAYERS_PER_TURN: usize = 3;
/// Height of the glyph box (all 8 font rows) in cells: enemies loom at about a man's height against
/// walls 1 high; pickups lie small on the floor.
pub const ACTOR_HEIGHT: f32 = 0.92;
pub const PICKUP_HEIGHT: f32 = 0.34;
/// Height of a sprite's feet above the floor, in cells, so its lowest ink row never sinks into it.
/// In the shaders' prelude; tests project sprites with it.
pub const SPRITE_LIFT: f32 = 0.012;
/// An entity that moved further than this (in cells, either axis) since the last upload jumped
/// (a new level, a loaded game): it is shown where it is, not slid across the map.
const MAX_ANIMATED_STEP: i32 = 2;

/// One sprite for `shaders/sprites.wgsl` (`array<SpriteRaw>` in a storage buffer).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct SpriteRaw {
    /// Where it stood when the enemies' step began, and where it stands now (cell units, feet point).
    pub pos_from: [f32; 2],
    pub pos_to: [f32; 2],
    /// Linear rgb, and in alpha the strength of its glow.
    pub color: [f32; 4],
    /// The glyph bitmap: font rows 0-3 in `rows[0]`, 4-7 in `rows[1]`, one byte per row from the low
    /// byte up; bit 5 of a row is the leftmost column (as in `font::Glyph`).
    pub rows: [u32; 2],
    /// Height of the whole 8-row glyph box in cells; a font pixel is `height / 8` square.
    pub height: f32,
    /// How visibly wrong it looks (a hallucination's `Game::hallucination_tell`); 0 for everything else.
    pub shimmer: f32,
    /// Opacity at the start and the end of the step: 1 where the player can see the cell, 0 where
    /// not, so an enemy walking out of sight fades as it goes.
    pub fade_from: f32,
    pub fade_to: f32,
    /// [`SPRITE_ENTITY`] or [`SPRITE_FALSE_PLAYER`].
    pub kind: u32,
    /// A per-sprite number that de-synchronises shimmer and flicker phases.
    pub seed: u32,
}

/// The colour of each glyph (plan §8.3), linear rgb: enemies and hallucinations red, food green,
/// pill cyan, bandage white, weapon yellow.
pub fn glyph_color(ch: char) -> [f32; 3] {
    match ch {
        '@' => [0.95, 0.045, 0.03],
        'F' => [0.08, 0.8, 0.1],
        '0' => [0.04, 0.7, 0.85],
        '+' => [0.85, 0.85, 0.85],
        '!' => [0.95, 0.7, 0.04],
        _ => [0.7, 0.7, 0.7],
    }
}

/// The font bitmap of `ch` packed as `SpriteRaw::rows` (from `font.rs`, the HUD's own glyphs).
pub fn glyph_rows(ch: char) -> [u32; 2] {
    let rows = glyph(ch).rows;
    let word = |half: &[u8]| half.iter().enumerate().fold(0u32, |w, (i, &r)| w | (r as u32) << (8 * i));
    [word(&rows[..4]), word(&rows[4..])]
}

fn cell_centre(p: Pos) -> [f32; 2] {
    [p.x as f32 + 0.5, p.y as f32 + 0.5]
}

fn visible(game: &Game, p: Pos) -> f32 {
    if game.is_visible(p) {
        1.0
    } else {
        0.0
    }
}

fn sprite(ch: char, from: Pos, to: Pos, fades: (f32, f32), shimmer: f32, kind: u32, seed: u32) -> SpriteRaw {
    let [r, g, b] = glyph_color(ch);
    let height = if ch == '@' { ACTOR_HEIGHT } else { PICKUP_HEIGHT };
    SpriteRaw {
        pos_from: cell_centre(from),
        pos_to: cell_centre(to),
        color: [r, g, b, 1.0],
        rows: glyph_rows(ch),
        height,
        shimmer,
        fade_from: fades.0,
        fade_to: fades.1,
        kind,
        seed,
    }
}

/// The sprites of this turn, far to near (so the shader can paint them in order): every entity the
/// player sees now or saw where it stood before its step (`previous`, by id), the nearest
/// [`MAX_SPRITES`] of them, then false `@`s at `false_players` while there is room.
pub fn pack_sprites(game: &Game, previous: &[(EntityId, Pos)], false_players: &[Pos]) -> Vec<SpriteRaw> {
    let eye = game.player().pos;
    let dist2 = |a: Pos, b: Pos| {
        let (ax, ay) = ((a.x - eye.x) as f32, (a.y - eye.y) as f32);
        let (bx, by) = ((b.x - eye.x) as f32, (b.y - eye.y) as f32);
        // Squared distance of the step's midpoint: where it spends the animation.
        (0.5 * (ax + bx)).powi(2) + (0.5 * (ay + by)).powi(2)
    };
    let tell = game.hallucination_tell();
    let mut list: Vec<(f32, u32, SpriteRaw)> = Vec::new();
    for e in game.entities() {
        let from = previous
            .binary_search_by_key(&e.id, |&(id, _)| id)
            .ok()
            .map(|i| previous[i].1)
            .filter(|p| (p.x - e.pos.x).abs().max((p.y - e.pos.y).abs()) <= MAX_ANIMATED_STEP)
            .unwrap_or(e.pos);
        let fades = (visible(game, from), visible(game, e.pos));
        if fades == (0.0, 0.0) {
            continue;
        }
        let shimmer = if matches!(e.kind, EntityKind::Hallucination { .. }) { tell } else { 0.0 };
        let s =
            sprite(e.glyph(), from, e.pos, fades, shimmer, SPRITE_ENTITY, e.id.0.wrapping_mul(2654435761));
        list.push((dist2(from, e.pos), e.id.0, s));
    }
    // Nearest first to keep the nearest, ties by id so the order never depends on the entity list.
    list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    list.truncate(MAX_SPRITES);
    for (i, &p) in false_players.iter().enumerate() {
        if list.len() >= MAX_SPRITES {
            break;
        }
        let s = sprite('@', p, p, (1.0, 1.0), 0.0, SPRITE_FALSE_PLAYER, 0x9e37_79b9 ^ (i as u32 * 7919));
        list.push((dist2(p, p), u32::MAX - i as u32, s));
    }
    list.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    list.into_iter().map(|(_, _, s)| s).collect()
}

/// Picks up to `n` cells for false `@` flickers from the cosmetic stream: open floor the player sees
/// in front of them, not their own cell or its neighbours, nobody standing there.
pub fn pick_false_players(game: &Game, rng: &mut GameRng, n: usize) -> Vec<Pos> {
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

/// Keeps what sprites need across turns: every entity's position at the last upload (for the step
/// animation) and the run's cosmetic stream (for the false `@`s).
#[derive(Debug, Default)]
pub struct SpriteTracker {
    /// Seed, depth and grid size of the level the positions belong to; ids restart on a new level.
    level: Option<(u64, u32, i32, i32)>,
    last_turn: u64,
    previous: Vec<(EntityId, Pos)>,
    cosmetic: Option<(u64, GameRng)>,
}

impl SpriteTracker {
    /// This turn's sprites; call once per turn (a second call for the same turn shows no step).
    pub fn pack(&mut self, game: &Game) -> Vec<SpriteRaw> {
        let level = (game.seed(), game.depth(), game.map().width(), game.map().height());
        if self.level != Some(level) || game.turn() < self.last_turn {
            self.previous.clear();
        }
        self.level = Some(level);
        self.last_turn = game.turn();
        let false_players = if game.madness().false_player > 0.0 {
            let rng = match &mut self.cosmetic {
                Some((seed, rng)) if *seed == game.seed() => rng,
                slot => &mut slot.insert((game.seed(), cosmetic_stream(game.seed()))).1,
            };
            pick_false_players(game, rng, FALSE_PLAYERS_PER_TURN)
        } else {
            Vec::new()
        };
        let sprites = pack_sprites(game, &self.previous, &false_players);
        self.previous = game.entities().iter().map(|e| (e.id, e.pos)).collect();
        self.previous.sort_by_key(|&(id, _)| id);
        sprites
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Facing, Item, Map, Pickup};

    fn corridor() -> Game {
        Game::from_map(
            Map::from_rows(&["#########", "#.......#", "#########"]).unwrap(),
            Pos::new(1, 1),
            Facing::East,
        )
    }

    #[test]
    fn glyph_rows_carry_the_font_bitmap() {
        let rows = glyph_rows('@');
        let g = glyph('@');
        for (y, &row) in g.rows.iter().enumerate() {
            assert_eq!((rows[y / 4] >> (8 * (y % 4))) & 0xff, row as u32);
        }
    }

    #[test]
    fn only_seen_entities_are_packed_far_to_near_with_their_colours() {
        let mut game = corridor();
        game.spawn(Pos::new(3, 1), EntityKind::Pickup(Pickup::Item(Item::Food))).unwrap();
        game.spawn(Pos::new(6, 1), EntityKind::Pickup(Pickup::Weapon { base: 3 })).unwrap();
        let sprites = pack_sprites(&game, &[], &[]);
        assert_eq!(sprites.len(), 2);
        assert_eq!(sprites[0].pos_to, [6.5, 1.5], "far first");
        assert_eq!(sprites[0].rows, glyph_rows('!'));
        assert_eq!(sprites[1].color[..3], glyph_color('F'));
        // Behind a wall: not in the field of view, not uploaded.
        let mut walled = Game::from_map(
            Map::from_rows(&["#########", "#..#....#", "#########"]).unwrap(),
            Pos::new(1, 1),
            Facing::East,
        );
        walled.spawn(Pos::new(5, 1), EntityKind::Pickup(Pickup::Item(Item::Pill))).unwrap();
        assert!(pack_sprites(&walled, &[], &[]).is_empty());
    }

    #[test]
    fn a_step_runs_from_the_previous_cell_and_a_jump_does_not() {
        let mut game = corridor();
        let id = game.spawn(Pos::new(5, 1), EntityKind::Hallucination { hp: 1 }).unwrap();
        let s = pack_sprites(&game, &[(id, Pos::new(6, 1))], &[]);
        assert_eq!((s[0].pos_from, s[0].pos_to), ([6.5, 1.5], [5.5, 1.5]));
        assert_eq!(s[0].shimmer, game.hallucination_tell());
        let s = pack_sprites(&game, &[(id, Pos::new(1, 40))], &[]);
        assert_eq!(s[0].pos_from, s[0].pos_to);
    }

    #[test]
    fn tracker_remembers_positions_and_false_players_need_madness() {
        let mut game = corridor();
        game.spawn(Pos::new(6, 1), EntityKind::Pickup(Pickup::Item(Item::Bandage))).unwrap();
        let mut tracker = SpriteTracker::default();
        assert_eq!(tracker.pack(&game).len(), 1, "sane: no false @");
        game.player_mut().sanity = 5_000;
        let sprites = tracker.pack(&game);
        let false_ones = sprites.iter().filter(|s| s.kind == SPRITE_FALSE_PLAYER).count();
        assert!((1..=FALSE_PLAYERS_PER_TURN).contains(&false_ones), "{false_ones} false @");
        for s in sprites.iter().filter(|s| s.kind == SPRITE_FALSE_PLAYER) {
            assert!(s.pos_to[0] >= 3.5, "false @ at {:?}: not in front of the player", s.pos_to);
        }
    }
}
