// Where a sprite stands this frame, how it looks, and the pool of light it casts on the floor around
// its feet: shared by the sprite pass (shaders/sprites.wgsl), which draws every part of a sprite,
// and the floor (`floor_pools` in shaders/world.wgsl), which draws the pools of the nearest sprites
// itself so that they need no blended pass of their own (docs/frame-cost.md).

#include "world/inputs.wgsl"
#include "world/light.wgsl"
#include "world/effects.wgsl"

// A glyph is lit by the torch plus a little light of its own (so a red `@` at the edge of the torch
// still reads as red, not as the torch's orange).
const SPRITE_SELF_LIGHT: f32 = 0.8;
// Its pool of light on the floor: strength and radius (cells); cut off at POOL_REACH radii, where
// it falls below a step of an 8-bit target, so the cut never shows.
const SPRITE_POOL: f32 = 0.22;
const SPRITE_POOL_RADIUS: f32 = 0.42;
const POOL_REACH: f32 = 1.5;
// Feet SPRITE_LIFT (prelude) above the floor so the lowest ink row never sinks into it; no sprite
// closer than SPRITE_NEAR.
const SPRITE_NEAR: f32 = 0.2;
// A stepping enemy lurches up this much mid-step.
const SPRITE_HOP: f32 = 0.05;

// A sprite close by is shrunk so its seven ink rows never stand taller than this share of the
// view's height (focal.y is the view's height in pixels): an adjacent creature is a figure in
// front of you, not a screen-filling block. From about 1.3 cells away it has its true size.
const SPRITE_MAX_VIEW: f32 = 0.62;

// Where sprite `s` stands this frame: between where its step began and where it ends.
fn sprite_point(s: SpriteRaw) -> vec2<f32> {
    return mix(s.pos_from, s.pos_to, frame.enemy_progress);
}

// The side of one font pixel in cells for sprite `s` standing at `p` this frame.
fn sprite_fp(s: SpriteRaw, p: vec2<f32>) -> f32 {
    let d = max(dot(p - frame.eye, frame.dir), SPRITE_NEAR);
    return min(s.height / f32(GLYPH_H), SPRITE_MAX_VIEW * d / 7.0);
}

// Height of a sprite's feet: just above the floor, lurching up mid-step while it moves.
fn sprite_feet(s: SpriteRaw) -> f32 {
    let moving = select(0.0, 1.0, any(s.pos_from != s.pos_to));
    return SPRITE_LIFT + moving * SPRITE_HOP * sin(3.14159 * frame.enemy_progress);
}

// How visible sprite `s` is this frame: its fade across the step, and a false `@`'s flicker.
fn sprite_alpha(s: SpriteRaw) -> f32 {
    var alpha = mix(s.fade_from, s.fade_to, frame.enemy_progress);
    if s.kind == SPRITE_FALSE_PLAYER {
        alpha = alpha * false_player_alpha(s.seed);
    }
    return alpha;
}

// What sprite `s` looks like this frame, the same for all its pixels (so a vertex shader works it
// out once and hands it on flat): its light-tinted colour (rgb) and how visible it is (a).
fn sprite_look(s: SpriteRaw, flicker: f32) -> vec4<f32> {
    let alpha = sprite_alpha(s);
    let p = sprite_point(s);
    let rel = p - frame.eye;
    let fp = sprite_fp(s, p);
    let feet = sprite_feet(s);
    let light_dist = length(vec3<f32>(rel, feet + 3.5 * fp - EYE_HEIGHT));
    // Lit like a wall facing the player, plus its own faint light that darkness dims as well.
    let light = torch(light_dist, 1.0, flicker)
        + vec3<f32>(SPRITE_SELF_LIGHT * turn.light_scale / (1.0 + 0.18 * light_dist * light_dist));
    return vec4<f32>(s.color.rgb * light, alpha);
}

// Whether a sprite standing at `p` is drawn at all: not behind the eye, nor inside it.
fn sprite_in_front(p: vec2<f32>) -> bool {
    return dot(p - frame.eye, frame.dir) >= SPRITE_NEAR;
}

// The light at the centre of a sprite's pool, from its look's tint, its glow (SpriteRaw::color.a
// times its visibility) and its height: a tall figure lights more floor than an item.
fn pool_strength(tint: vec3<f32>, glow: f32, height: f32) -> vec3<f32> {
    return tint * (SPRITE_POOL * glow * height);
}

// The light a pool of `strength` centred on `centre` adds to the floor at `floor_p`.
fn pool_light(centre: vec2<f32>, strength: vec3<f32>, floor_p: vec2<f32>) -> vec3<f32> {
    let off = floor_p - centre;
    let r2 = dot(off, off) / (SPRITE_POOL_RADIUS * SPRITE_POOL_RADIUS);
    if r2 >= POOL_REACH * POOL_REACH {
        return vec3<f32>(0.0);
    }
    return strength * exp(-2.0 * r2);
}
