//! What the app asks the HUD to show over the game: overlays and a transient notice (data only).

/// A full-screen panel drawn over the 3D view. Overlays never change the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The explored part of the level, the player, and the exit once seen. `hint` names the keys
    /// that close it ("M/Tab closes").
    Automap { hint: String },
    /// The current bindings as (label, keycaps) lines, a blank line between groups, and the hint
    /// naming the keys that close it. The app writes both from its key table, so render names no key.
    Help { bindings: Vec<(String, String)>, hint: String },
    /// The whole message history, newest at the bottom, `scroll` lines up from the end; `hint`
    /// names the scroll and close keys.
    MessageLog { scroll: usize, hint: String },
    /// A question with its answers, e.g. "Save and quit? (Y/N)".
    Prompt { text: String },
}

/// Interface state from the app: the open overlay, if any, and a one-line notice (e.g. where a
/// screenshot was saved) shown above the message line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiState {
    pub overlay: Option<Overlay>,
    pub notice: Option<String>,
}
