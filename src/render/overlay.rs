//! What the app asks the HUD to show over the game: overlays and a transient notice (data only).

/// A full-screen panel drawn over the 3D view. Overlays never change the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The explored part of the level, the player, and the exit once seen.
    Automap,
    /// The current bindings: (action, keys) pairs.
    Help { bindings: Vec<(String, String)> },
    /// The whole message history, newest at the bottom, `scroll` lines up from the end.
    MessageLog { scroll: usize },
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
