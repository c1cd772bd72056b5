//! The sound part of the scene contract: what a turn sounded like, as plain data a game builds from
//! its report. The audio room places and mixes these; it never sees a game's events, so a second
//! game feeds it by building the same list.

use crate::grid::Pos;

/// What made a sound. Closed, so every kind has a voice in the audio room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundKind {
    /// The player's own step, turn (a rustle), and a refused move into a wall.
    PlayerStep,
    PlayerTurn,
    Bump,
    /// A blow at nothing, one that landed on flesh, and one that met nothing solid (the strike that
    /// shows a hallucination for what it is, as its purple flash does).
    Swing,
    Hit,
    HollowHit,
    /// A creature fell; a hallucination ceased to be.
    Kill,
    Vanish,
    Pickup,
    UseItem,
    Healed,
    Descend,
    /// The player took a blow or a wound.
    Hurt,
    Died,
    /// A creature (or what looks like one: they sound alike) stepped, or struck the player.
    CreatureStep,
    CreatureAttack,
    /// The reactor's robot threw a prop or worked a leak (a lengthy action was accepted).
    Switch,
    /// The reactor level entered a state: one distinct cue each.
    StateStable,
    StateCaution,
    StateCritical,
    StateReady,
    StateWon,
    StateLost,
    /// Continuous sounds (beds, see [`SoundBed`]): a live network's hum by carrier, a leak's hiss,
    /// electricity crackling on the floor, fire.
    FuelHum,
    CoolantHum,
    ElectricHum,
    Hiss,
    Crackle,
    Fire,
}

impl SoundKind {
    /// The continuous kinds, in the mixer's bed order.
    pub const BEDS: [SoundKind; 6] = [
        SoundKind::FuelHum,
        SoundKind::CoolantHum,
        SoundKind::ElectricHum,
        SoundKind::Hiss,
        SoundKind::Crackle,
        SoundKind::Fire,
    ];
}

/// When in the turn's animation a sound starts: with the player's own motion, or with the world's
/// answer after it (creatures move and strike once the player's step has played).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SoundPhase {
    #[default]
    Player,
    World,
}

/// One sound of a turn: what, where it came from, and when in the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundEvent {
    pub kind: SoundKind,
    /// The cell it came from; the player's own sounds come from the viewer's cell.
    pub at: Pos,
    pub phase: SoundPhase,
}

/// A continuous sound the state holds while it lasts (a hum, a hiss): what, where (`None`: all
/// around, as a network under the whole floor is), and how much of it, in cells' worth at full
/// strength by the game's own measure. The audio room decides how loud that is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoundBed {
    pub kind: SoundKind,
    pub at: Option<Pos>,
    pub amount: f32,
}
