//! How a cell lies to the player this turn (plan §6.3): a phantom wall or a phantom passage.

/// How a cell lies to the player this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Phantom {
    #[default]
    None,
    /// Floor drawn as a wall; walking into it reveals the lie.
    Wall,
    /// Wall drawn as an opening; walking into it is blocked and costs the turn.
    Passage,
}
