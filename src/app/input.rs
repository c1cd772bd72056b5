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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::bindings::{parse_keys, BINDABLE};

    #[test]
    fn tokens_map_to_the_same_actions_as_keys() {
        let cmds = parse_keys("W s up LEFT SPACE C esc").unwrap();
        assert_eq!(cmds[0], Command::Act(Action::MoveForward));
        assert_eq!(cmds[1], Command::Act(Action::MoveBack));
        assert_eq!(cmds[2], Command::Act(Action::MoveForward));
        assert_eq!(cmds[3], Command::Act(Action::TurnLeft));
        assert_eq!(cmds[4], Command::Act(Action::Interact));
        assert_eq!(cmds[5], Command::Act(Action::Wait));
        assert_eq!(cmds[6], Command::Quit);
    }

    /// The token meanings `--keys` scripts and recordings were written against, pinned one by one.
    #[test]
    fn every_token_keeps_its_meaning() {
        let want = [
            ("W", Command::Act(Action::MoveForward)),
            ("UP", Command::Act(Action::MoveForward)),
            ("S", Command::Act(Action::MoveBack)),
            ("DOWN", Command::Act(Action::MoveBack)),
            ("A", Command::Act(Action::StrafeLeft)),
            ("D", Command::Act(Action::StrafeRight)),
            ("Q", Command::Act(Action::TurnLeft)),
            ("LEFT", Command::Act(Action::TurnLeft)),
            ("E", Command::Act(Action::TurnRight)),
            ("RIGHT", Command::Act(Action::TurnRight)),
            ("C", Command::Act(Action::Wait)),
            ("SPACE", Command::Act(Action::Interact)),
            ("Z", Command::Act(Action::UseItem)),
            ("X", Command::Act(Action::Discard)),
            ("1", Command::Act(Action::Select(0))),
            ("2", Command::Act(Action::Select(1))),
            ("3", Command::Act(Action::Select(2))),
            ("4", Command::Act(Action::Select(3))),
            ("ESC", Command::Quit),
        ];
        for (token, command) in want {
            assert_eq!(parse_keys(token), Ok(vec![command]), "{token}");
        }
        let all: usize = BINDABLE.iter().map(|b| b.tokens.len()).sum();
        assert_eq!(all, want.len(), "no token beyond the documented ones");
    }

    #[test]
    fn an_unknown_token_is_an_error() {
        assert!(parse_keys("W JUMP").unwrap_err().contains("JUMP"));
        // Names of keys that are bound but have no token are still unknown to `--keys`.
        assert!(parse_keys("M").is_err() && parse_keys("Y").is_err());
    }
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
