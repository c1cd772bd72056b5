//! The HUD's colours, in sRGB bytes as a designer picks them, and `linear` to turn them into the
//! linear light the shaders output (the target encodes back to sRGB, so the bytes on screen match).

/// An sRGB colour as a designer writes it.
pub type Srgb = [u8; 3];

// The bar: near-black iron with a bronze rim, panels recessed a shade darker.
pub const BAR_COLOR: Srgb = [18, 14, 12];
pub const BAR_EDGE_COLOR: Srgb = [92, 70, 46];
/// The dark line under the bar's rim, so the rim reads as a raised edge.
pub const BAR_SHADE_COLOR: Srgb = [6, 5, 4];
pub const PANEL_FILL_COLOR: Srgb = [9, 7, 6];
pub const PANEL_EDGE_COLOR: Srgb = [62, 48, 33];
/// The selected inventory slot: a lit brass frame around a warmer cell.
pub const SLOT_LIT_COLOR: Srgb = [250, 196, 84];
pub const SLOT_LIT_FILL_COLOR: Srgb = [46, 34, 18];

// Text.
pub const LABEL_COLOR: Srgb = [186, 160, 118];
pub const VALUE_COLOR: Srgb = [240, 222, 170];
pub const MESSAGE_COLOR: Srgb = [236, 226, 200];
pub const NOTICE_COLOR: Srgb = [170, 212, 240];
pub const TITLE_COLOR: Srgb = [250, 214, 140];
pub const HINT_COLOR: Srgb = [150, 130, 100];
/// A value in the danger zone (little HP or sanity left, much weakness).
pub const WARN_COLOR: Srgb = [255, 84, 64];

// The bar's symbols (plan §8.1): red hearts, a purple diamond, an amber house.
pub const HEART_COLOR: Srgb = [232, 52, 52];
pub const SANITY_COLOR: Srgb = [178, 118, 255];
pub const WEAKNESS_COLOR: Srgb = [242, 168, 48];
pub const HEARTBEAT_COLOR: Srgb = [204, 40, 84];
/// The weapon's value, in the yellow of a weapon pickup (plan §8.3).
pub const WEAPON_COLOR: Srgb = [250, 220, 80];
pub const BLEED_COLOR: Srgb = [232, 52, 52];
pub const TERROR_COLOR: Srgb = [178, 118, 255];

// The turn strip: the player in yellow-white, anything hostile (hallucinations too) in enemy red.
pub const STRIP_PLAYER_COLOR: Srgb = [255, 236, 150];
pub const STRIP_HOSTILE_COLOR: Srgb = [232, 52, 52];

// Overlays.
/// The black veil over the world behind an overlay. Blending is in linear light, so 0.92 leaves about
/// 30% of the brightness on screen: the world stays recognisable without competing with the panel.
pub const VEIL_ALPHA: f32 = 0.92;
pub const OVERLAY_FILL_COLOR: Srgb = [12, 10, 8];
/// Panels and cards are opaque: blending is in linear light, so even 6% of bright text behind one
/// shows at about a quarter of its brightness and reads as clutter through the panel.
pub const OVERLAY_FILL_ALPHA: f32 = 1.0;

// Automap: remembered cells dim, cells in view brighter, the player and the exit bright.
pub const MAP_WALL_COLOR: Srgb = [112, 96, 78];
pub const MAP_WALL_SEEN_COLOR: Srgb = [206, 178, 136];
pub const MAP_FLOOR_COLOR: Srgb = [70, 62, 54];
pub const MAP_FLOOR_SEEN_COLOR: Srgb = [146, 130, 104];
pub const MAP_EXIT_COLOR: Srgb = [255, 120, 60];
pub const MAP_PLAYER_COLOR: Srgb = [255, 236, 150];
pub const MAP_ITEM_COLOR: Srgb = [120, 220, 140];
pub const MAP_TORCH_COLOR: Srgb = [255, 190, 70];
pub const MAP_SHRINE_COLOR: Srgb = [150, 200, 255];

/// sRGB bytes to the linear colour the shaders output (the target encodes back to sRGB).
pub fn linear(c: Srgb, alpha: f32) -> [f32; 4] {
    let f = |v: u8| {
        let s = v as f32 / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    [f(c[0]), f(c[1]), f(c[2]), alpha]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_keeps_black_and_white_and_darkens_midtones() {
        assert_eq!(linear([0, 0, 0], 1.0), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(linear([255, 255, 255], 0.5), [1.0, 1.0, 1.0, 0.5]);
        let mid = linear([128, 128, 128], 1.0)[0];
        assert!((mid - 0.2158).abs() < 0.001, "{mid}");
    }
}
