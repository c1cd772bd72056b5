//! What a front's screen asks of the window after a key: the requests a session answers with.

/// What the window must do after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    None,
    Screenshot,
    ToggleFullscreen,
    /// Save the run, then close.
    SaveAndExit,
    Exit,
    /// The end-of-run card was read: leave the run (to the title screen).
    EndRun,
    /// The mute key: sound off, or back on.
    ToggleMute,
    /// After a reactor win: play this shipped level next.
    OpenReactorLevel(usize),
}
