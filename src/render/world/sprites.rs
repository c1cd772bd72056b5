//! A scene's figures packed into [`SpriteRaw`] for the world shader's storage buffer (plan §8.3):
//! the nearest ones the viewer sees, with where each began this turn's step, its glyph bitmap and
//! colour, and the false `@` flickers. The scene decided all of that; the shader only interpolates.

use crate::grid::Pos;
use crate::render::font::glyph;
use crate::render::palette::linear;
use crate::scene::{SpriteKind, SpriteLook, WorldScene};
use bytemuck::{Pod, Zeroable};

/// Most sprites drawn at once; the nearest win. The shader visits every live sprite for every pixel,
/// so the cap bounds the worst frame.
pub const MAX_SPRITES: usize = 64;
/// How many of the nearest sprites have their pools of light on the floor drawn by the floor
/// pass itself rather than as quads of their own (`floor_pools` in `shaders/world.wgsl`, which
/// carries exactly this many); in the prelude.
pub const FLOOR_POOLS: u32 = 2;
/// `SpriteRaw::kind` of a real entity (enemy, hallucination, pickup); in the shaders' prelude.
pub const SPRITE_ENTITY: u32 = 0;
/// `SpriteRaw::kind` of a false `@`: shown only in brief flickers the shader times; in the prelude.
pub const SPRITE_FALSE_PLAYER: u32 = 1;
/// Height of the glyph box (all 8 font rows) in cells: enemies loom at about a man's height against
/// walls 1 high; pickups lie small on the floor.
pub const ACTOR_HEIGHT: f32 = 0.92;
pub const PICKUP_HEIGHT: f32 = 0.34;
/// Height of a sprite's feet above the floor, in cells, so its lowest ink row never sinks into it.
/// In the shaders' prelude; tests project sprites with it.
pub const SPRITE_LIFT: f32 = 0.012;

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

/// The font bitmap of `ch` packed as `SpriteRaw::rows` (from `font.rs`, the HUD's own glyphs).
pub fn glyph_rows(ch: char) -> [u32; 2] {
    let rows = glyph(ch).rows;
    let word = |half: &[u8]| half.iter().enumerate().fold(0u32, |w, (i, &r)| w | (r as u32) << (8 * i));
    [word(&rows[..4]), word(&rows[4..])]
}

fn cell_centre(p: Pos) -> [f32; 2] {
    [p.x as f32 + 0.5, p.y as f32 + 0.5]
}

fn seen(yes: bool) -> f32 {
    if yes {
        1.0
    } else {
        0.0
    }
}

fn sprite_raw(look: &SpriteLook, kind: u32, seed: u32) -> SpriteRaw {
    let [r, g, b, _] = linear(look.colour, 1.0);
    let height = if look.kind == SpriteKind::Pickup { PICKUP_HEIGHT } else { ACTOR_HEIGHT };
    SpriteRaw {
        pos_from: cell_centre(look.from),
        pos_to: cell_centre(look.to),
        color: [r, g, b, 1.0],
        rows: glyph_rows(look.glyph),
        height,
        shimmer: look.shimmer,
        fade_from: seen(look.seen_from),
        fade_to: seen(look.seen_to),
        kind,
        seed,
    }
}

/// The sprites of a turn's scene, far to near (so the shader can paint them in order) as seen from
/// `eye`: the nearest [`MAX_SPRITES`] figures, then false `@`s while there is room.
pub fn pack_sprites(world: &WorldScene, eye: Pos) -> Vec<SpriteRaw> {
    let dist2 = |a: Pos, b: Pos| {
        let (ax, ay) = ((a.x - eye.x) as f32, (a.y - eye.y) as f32);
        let (bx, by) = ((b.x - eye.x) as f32, (b.y - eye.y) as f32);
        // Squared distance of the step's midpoint: where it spends the animation.
        (0.5 * (ax + bx)).powi(2) + (0.5 * (ay + by)).powi(2)
    };
    // At equal distance a thing on the floor is painted first, so whatever stands on its cell is
    // drawn over it (issue 34: an item covered the creature standing on it).
    let layer = |kind: SpriteKind| u8::from(kind != SpriteKind::Pickup);
    let mut list: Vec<(f32, u8, u32, SpriteRaw)> = world
        .sprites
        .iter()
        .filter(|s| s.kind != SpriteKind::FalseActor && (s.seen_from || s.seen_to))
        .map(|s| {
            let raw = sprite_raw(s, SPRITE_ENTITY, s.id.wrapping_mul(2654435761));
            (dist2(s.from, s.to), layer(s.kind), s.id, raw)
        })
        .collect();
    // Nearest first to keep the nearest, ties by id so the order never depends on the entity list.
    list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
    list.truncate(MAX_SPRITES);
    let false_actors = world.sprites.iter().filter(|s| s.kind == SpriteKind::FalseActor);
    for (i, s) in false_actors.enumerate() {
        if list.len() >= MAX_SPRITES {
            break;
        }
        let raw = sprite_raw(s, SPRITE_FALSE_PLAYER, 0x9e37_79b9 ^ (i as u32 * 7919));
        list.push((dist2(s.from, s.to), layer(s.kind), u32::MAX - i as u32, raw));
    }
    list.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(b.2.cmp(&a.2)));
    list.into_iter().map(|(_, _, _, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(id: u32, kind: SpriteKind, glyph: char, from: Pos, to: Pos) -> SpriteLook {
        SpriteLook {
            id,
            kind,
            glyph,
            colour: [200, 100, 50],
            from,
            to,
            seen_from: true,
            seen_to: true,
            shimmer: 0.0,
        }
    }

    fn world(sprites: Vec<SpriteLook>) -> WorldScene {
        WorldScene { sprites, ..WorldScene::default() }
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
    fn seen_figures_are_packed_far_to_near_in_their_linear_colours() {
        let near = figure(1, SpriteKind::Pickup, 'F', Pos::new(3, 1), Pos::new(3, 1));
        let far = figure(2, SpriteKind::Pickup, '!', Pos::new(6, 1), Pos::new(6, 1));
        let hidden = SpriteLook {
            seen_from: false,
            seen_to: false,
            ..figure(3, SpriteKind::Actor, '@', Pos::new(4, 1), Pos::new(4, 1))
        };
        let sprites = pack_sprites(&world(vec![near, far, hidden]), Pos::new(1, 1));
        assert_eq!(sprites.len(), 2, "a figure in no seen cell is not uploaded");
        assert_eq!(sprites[0].pos_to, [6.5, 1.5], "far first");
        assert_eq!(sprites[0].rows, glyph_rows('!'));
        assert_eq!(sprites[1].color[..3], linear(near.colour, 1.0)[..3]);
        assert_eq!(sprites[1].height, PICKUP_HEIGHT);
    }

    #[test]
    fn a_step_runs_from_where_the_scene_says_it_began_and_fades_out_of_sight() {
        let mut walker = figure(7, SpriteKind::Actor, '@', Pos::new(6, 1), Pos::new(5, 1));
        walker.seen_to = false;
        walker.shimmer = 0.4;
        let s = pack_sprites(&world(vec![walker]), Pos::new(1, 1));
        assert_eq!((s[0].pos_from, s[0].pos_to), ([6.5, 1.5], [5.5, 1.5]));
        assert_eq!((s[0].fade_from, s[0].fade_to), (1.0, 0.0));
        assert_eq!((s[0].shimmer, s[0].height), (0.4, ACTOR_HEIGHT));
    }

    #[test]
    fn false_actors_take_only_the_room_that_real_figures_leave() {
        let mut sprites: Vec<SpriteLook> = (0..MAX_SPRITES as u32)
            .map(|i| figure(i, SpriteKind::Pickup, 'F', Pos::new(2 + i as i32, 1), Pos::new(2 + i as i32, 1)))
            .collect();
        sprites.push(figure(u32::MAX, SpriteKind::FalseActor, '@', Pos::new(3, 3), Pos::new(3, 3)));
        let packed = pack_sprites(&world(sprites.clone()), Pos::new(1, 1));
        assert_eq!(packed.len(), MAX_SPRITES);
        assert!(packed.iter().all(|s| s.kind == SPRITE_ENTITY));
        sprites.remove(0);
        let packed = pack_sprites(&world(sprites), Pos::new(1, 1));
        assert_eq!(packed.iter().filter(|s| s.kind == SPRITE_FALSE_PLAYER).count(), 1);
    }
}
