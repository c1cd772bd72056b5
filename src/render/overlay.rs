//! What the app asks the HUD to show over the game: overlays and a transient notice (data only).

/// A full-screen panel drawn over the 3D view. Overlays never change the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The explored part of the level, the player, and the exit once seen. `hint` names the keys
    /// that close it ("M/Tab or Esc closes").
    Automap { hint: String },
    /// The current bindings as (label, keycaps) lines, a blank line between groups, and the hint
    /// naming the keys that close it. The app writes both from its key table, so render names no key.
    /// `first` is the line the panel starts at: scrolled on when the lines do not fit.
    Help { bindings: Vec<(String, String)>, hint: String, first: usize },
    /// The whole message history, newest at the bottom, `scroll` lines up from the end; `hint`
    /// names the scroll and close keys.
    MessageLog { scroll: usize, hint: String },
    /// A question with its answers, e.g. "Save and return to the title? (Y/N)".
    Prompt { text: String },
    /// A titled page of paragraphs (help's guide to the screen), wrapped to fit; `hint` names the
    /// keys that close it.
    Guide { title: String, lines: Vec<String>, hint: String },
    /// A whole-screen menu (a title screen and its pages): a large title, lines of text, a list of
    /// choices with `selected` lit, and the hint naming the keys. The HUD bar is not drawn under it.
    Menu { title: String, lines: Vec<String>, items: Vec<String>, selected: usize, hint: String },
    /// A card in large type in the middle of the screen (the end of a run): a title, its lines and
    /// the hint naming the key that goes on. Drawn over everything, the curtain included.
    Card { title: String, lines: Vec<String>, hint: String },
}

/// Interface state from the app: the open overlay, if any, and a one-line notice (e.g. where a
/// screenshot was saved) shown above the message line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiState {
    pub overlay: Option<Overlay>,
    pub notice: Option<String>,
    /// Black over the whole frame, the HUD bar included, from 0 (none) to 255 (opaque): the end of
    /// a run fades everything, not only the 3D view. Whole steps, so the HUD is rebuilt at most 255
    /// times in a fade.
    pub curtain: u8,
    /// An edge of the screen glowing red after a blow from that side, with its strength (0..=255).
    pub edge_glow: Option<(Edge, u8)>,
    /// No HUD bar: the world fills the whole target. The title's backdrop has no run to report,
    /// and a black band where the bar would be reads as a broken screen.
    pub no_bar: bool,
}

/// An edge of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Left,
    Right,
    Top,
    Bottom,
}
