//! What a key asks of the app: the shell's closed set of commands (the key table maps keys and
//! `--keys` tokens to them).

use crate::game::Action;
use crate::grid::Facing;

/// What a key asks of the app: a game action, or something the app handles itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Act(Action),
    /// Esc: in the window, asks "Save and quit?" or closes what is open; in `--keys`, ends the input.
    Quit,
    Automap,
    Help,
    MessageLog,
    Screenshot,
    Fullscreen,
    /// Sound off, or back on (saved in the settings).
    Mute,
    /// The open prompt's answer: yes or no.
    Answer(bool),
    /// Scrolls the open message log by this many messages (positive goes back in time).
    ScrollLog(i32),
    ReplayFaster,
    ReplaySlower,
    /// A step in a menu (the title screen and its pages).
    Menu(MenuStep),
    /// A key of the reactor's board.
    Reactor(ReactorKey),
    /// A key of the reactor level editor.
    Editor(EditorKey),
}

/// What a key does in the reactor level editor (the mouse does the same through its widgets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorKey {
    /// Moves the cell cursor.
    Cursor(Facing),
    /// The tool at the cursor.
    Apply,
    /// Cycles what the layer holds at the cursor (as a right click).
    Cycle,
    NextLayer,
    /// Layer 0..4 of the selector (Surface, Electricity, Fuel, Coolant).
    Layer(u8),
    /// The layer palette's tool of this index.
    Tool(u8),
    Undo,
    Redo,
    Save,
    /// Play from here.
    Play,
    /// Leave the editor (asks first when changes are unsaved).
    Leave,
}

/// What a key does on the reactor's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactorKey {
    Move(Facing),
    /// The prop here (the reactor control activates), or the leak here when there is no prop.
    Interact,
    Repair,
    /// Apply the neutralizer of carrier 0 (fuel), 1 (coolant) or 2 (electricity).
    Neutralize(u8),
    Shield,
    Undo,
    Restart,
    /// The next of several things usable from the robot's cell.
    NextTarget,
    /// The robot's eye view, or back to the board.
    EyeView,
    /// Moves the inspection cursor.
    Cursor(Facing),
    ZoomIn,
    ZoomOut,
    /// After a win: the campaign's next open level.
    NextLevel,
    /// The legend of every mark on the board, or back to the board.
    Legend,
}

/// What a key does in a menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuStep {
    Up,
    Down,
    /// Takes the selected choice.
    Take,
    /// Back to the page before (or out of a text field).
    Back,
}

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
