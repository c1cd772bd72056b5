//! Input mapping: keyboard keys and `--keys` tokens to the commands of the app.

use crate::game::Action;

/// What a key asks of the app: a game action, or something the app handles itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Act(Action),
    /// Esc: in the window, asks "Save and quit?"; in `--keys`, ends the input.
    Quit,
    Automap,
    Help,
    MessageLog,
    Screenshot,
    Fullscreen,
}

/// Parses a `--keys` string ("W W Q SPACE ESC") into commands; an unknown token is one clear error.
pub fn parse_keys(keys: &str) -> Result<Vec<Command>, String> {
    keys.split_whitespace()
        .map(|token| {
            command_for_token(token).ok_or_else(|| {
                format!(
                    "Unknown key '{token}' in --keys; use W A S D Q E C Z X SPACE 1 2 3 4 ESC or UP DOWN LEFT RIGHT."
                )
            })
        })
        .collect()
}

fn command_for_token(token: &str) -> Option<Command> {
    if token.eq_ignore_ascii_case("ESC") {
        return Some(Command::Quit);
    }
    Action::from_key_token(token).map(Command::Act)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn an_unknown_token_is_an_error() {
        assert!(parse_keys("W JUMP").unwrap_err().contains("JUMP"));
    }
}
