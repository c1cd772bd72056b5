//! Themes: how a level looks by depth band (cut stone near the surface, then natural cavern, then
//! something worse). The band comes from the balance table; each theme is a small table of base
//! colours, pattern strengths and the light's colour that the scene hands the one world shader.

use crate::scene::ThemeLook;

/// The look of a depth band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dressed, coursed stone: the upper halls.
    CutStone,
    /// Raw rock: the joints fade, brown and damp.
    Cavern,
    /// The deep: dark red walls that seem to sweat, under a sickly light.
    Flesh,
}

impl Theme {
    pub fn name(self) -> &'static str {
        match self {
            Theme::CutStone => "cut_stone",
            Theme::Cavern => "cavern",
            Theme::Flesh => "flesh",
        }
    }

    /// The material table the world shader draws this theme with. Cut stone is exactly the look the
    /// game had before themes (the shader's constants), so depth 1 renders as it always did.
    pub fn look(self) -> ThemeLook {
        match self {
            Theme::CutStone => ThemeLook::CUT_STONE,
            Theme::Cavern => ThemeLook {
                wall: [0.36, 0.27, 0.18],
                floor: [0.17, 0.15, 0.12],
                ceiling: [0.05, 0.042, 0.034],
                joints: [0.15, 0.2, 0.0],
                light: [1.0, 0.92, 0.8],
            },
            Theme::Flesh => ThemeLook {
                wall: [0.45, 0.12, 0.11],
                floor: [0.16, 0.07, 0.07],
                ceiling: [0.09, 0.03, 0.04],
                joints: [0.5, 0.0, 0.3],
                light: [0.8, 1.0, 0.72],
            },
        }
    }
}
