//! The crawler's keys: its contexts, its command type and its rows (walking, items, the log,
//! replays), the `--keys` tokens scripts and recordings are written in, and its hints.

use crate::app::keys::{Bindings, Context, Row, RowInfo};
use crate::app::shell::keys::{self as shell_keys, ShellKey, GLOBAL};
use crate::game::Action;
use winit::keyboard::KeyCode;
use winit::keyboard::KeyCode as K;

/// Walking the level: movement, items, and opening the menu prompt, automap and log.
pub const PLAY: Context = Context::new("play", true);
/// Only while the message log is open: scrolling (ahead of Play, which also uses the arrows).
pub const LOG: Context = Context::new("log", false);
/// Only while watching a recording.
pub const REPLAY: Context = Context::new("replay", false);

/// What a key asks of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKey {
    Act(Action),
    /// Esc: in the window, asks "Save and return to the title?" or closes what is open; in
    /// `--keys`, ends the input.
    Menu,
    Automap,
    MessageLog,
    /// Scrolls the open message log by this many messages (positive goes back in time).
    ScrollLog(i32),
    ReplayFaster,
    ReplaySlower,
    /// One of the shell's keys (help, the prompt's answers, screenshot…), which a run also reads.
    Shell(ShellKey),
}

/// Messages one PgUp/PgDn scrolls the log by.
const LOG_PAGE: i32 = 10;

/// The crawler's rows, in the order its help lists them. Defaults follow the plan (§0.3) and
/// README's controls table. One row per line, so skipped by rustfmt.
#[rustfmt::skip]
pub const ROWS: &[Row<RunKey>] = &[
    Row::new(PLAY, "move_forward", RunKey::Act(Action::MoveForward), &[K::KeyW, K::ArrowUp], "Move forward").tokens(&["W", "UP"]),
    Row::new(PLAY, "move_back", RunKey::Act(Action::MoveBack), &[K::KeyS, K::ArrowDown], "Move back").tokens(&["S", "DOWN"]),
    Row::new(PLAY, "strafe_left", RunKey::Act(Action::StrafeLeft), &[K::KeyA], "Strafe left").tokens(&["A"]),
    Row::new(PLAY, "strafe_right", RunKey::Act(Action::StrafeRight), &[K::KeyD], "Strafe right").tokens(&["D"]),
    Row::new(PLAY, "turn_left", RunKey::Act(Action::TurnLeft), &[K::KeyQ, K::ArrowLeft], "Turn left").tokens(&["Q", "LEFT"]),
    Row::new(PLAY, "turn_right", RunKey::Act(Action::TurnRight), &[K::KeyE, K::ArrowRight], "Turn right").tokens(&["E", "RIGHT"]),
    Row::new(PLAY, "attack_or_descend", RunKey::Act(Action::Interact), &[K::Space], "Attack or descend").tokens(&["SPACE"]),
    Row::new(PLAY, "wait", RunKey::Act(Action::Wait), &[K::KeyC], "Wait").tokens(&["C"]),
    Row::new(PLAY, "use_item", RunKey::Act(Action::UseItem), &[K::KeyZ], "Use item").tokens(&["Z"]),
    Row::new(PLAY, "discard_item", RunKey::Act(Action::Discard), &[K::KeyX], "Discard item").tokens(&["X"]),
    Row::new(PLAY, "slot_1", RunKey::Act(Action::Select(0)), &[K::Digit1], "Slot 1").tokens(&["1"]),
    Row::new(PLAY, "slot_2", RunKey::Act(Action::Select(1)), &[K::Digit2], "Slot 2").tokens(&["2"]),
    Row::new(PLAY, "slot_3", RunKey::Act(Action::Select(2)), &[K::Digit3], "Slot 3").tokens(&["3"]),
    Row::new(PLAY, "slot_4", RunKey::Act(Action::Select(3)), &[K::Digit4], "Slot 4").tokens(&["4"]),
    // Also closes any open overlay or the prompt; in `--keys`, ends the input.
    Row::new(PLAY, "menu", RunKey::Menu, &[K::Escape], "Menu (save and quit)").tokens(&["ESC"]),
    Row::new(PLAY, "automap", RunKey::Automap, &[K::KeyM, K::Tab], "Automap"),
    Row::new(PLAY, "message_log", RunKey::MessageLog, &[K::KeyL], "Message log"),
    Row::new(LOG, "log_up", RunKey::ScrollLog(1), &[K::ArrowUp], "Log: scroll up"),
    Row::new(LOG, "log_down", RunKey::ScrollLog(-1), &[K::ArrowDown], "Log: scroll down"),
    Row::new(LOG, "log_page_up", RunKey::ScrollLog(LOG_PAGE), &[K::PageUp], "Log: page up"),
    Row::new(LOG, "log_page_down", RunKey::ScrollLog(-LOG_PAGE), &[K::PageDown], "Log: page down"),
    Row::new(REPLAY, "replay_faster", RunKey::ReplayFaster, &[K::Equal, K::NumpadAdd], "Replay: faster"),
    Row::new(REPLAY, "replay_slower", RunKey::ReplaySlower, &[K::Minus, K::NumpadSubtract], "Replay: slower"),
];

/// The command `key` asks for in the live `contexts` (most specific first), the run's own rows
/// and the shell's read context by context.
pub fn lookup(bindings: &Bindings, key: KeyCode, alt: bool, contexts: &[Context]) -> Option<RunKey> {
    shell_keys::lookup(bindings, ROWS, RunKey::Shell, key, alt, contexts)
}

/// The crawler's row named `name`, or the shell's.
fn row(name: &str) -> &'static RowInfo {
    shell_keys::row_of(ROWS, name)
}

/// Parses a `--keys` string ("W W Q SPACE ESC") into commands; an unknown token is one clear error.
pub fn parse_keys(keys: &str) -> Result<Vec<RunKey>, String> {
    keys.split_whitespace()
        .map(|token| {
            command_for_token(token).ok_or_else(|| {
                format!(
                    "Unknown key '{}' in --keys; use W A S D Q E C Z X SPACE 1 2 3 4 ESC or UP DOWN LEFT RIGHT.",
                    crate::app::cli::shown(token)
                )
            })
        })
        .collect()
}

/// The `--keys` token's command, whatever the player's bindings ("w" and "W" alike).
pub fn command_for_token(token: &str) -> Option<RunKey> {
    ROWS.iter().find(|r| r.info.tokens.iter().any(|t| t.eq_ignore_ascii_case(token))).map(|r| r.command)
}

/// The run's help overlay: its own rows and the shell's, context by context.
pub fn describe(bindings: &Bindings) -> Vec<(String, String)> {
    shell_keys::describe_with(bindings, ROWS, &[PLAY, GLOBAL, shell_keys::PROMPT, LOG, REPLAY])
}

/// The help overlay's hint: "F1 ? the guide   Esc closes".
pub fn help_hint(b: &Bindings) -> String {
    format!("{} the guide   {} closes", b.keys_text(row("help"), " "), b.first_key(row("menu")))
}

/// The guide's hint (help's second page): "F1 ? or Esc closes".
pub fn guide_hint(b: &Bindings) -> String {
    format!("{} or {} closes", b.keys_text(row("help"), " "), b.first_key(row("menu")))
}

/// The automap's hint: "M/Tab or Esc closes" (Esc closes whatever is open; a play-tester found the
/// hint silent about it).
pub fn automap_hint(b: &Bindings) -> String {
    format!("{} or {} closes", b.keys_text(row("automap"), "/"), b.first_key(row("menu")))
}

/// The message log's hint: "↑ ↓ PgUp PgDn scroll   L or Esc closes".
pub fn log_hint(b: &Bindings) -> String {
    let scroll: Vec<String> =
        ["log_up", "log_down", "log_page_up", "log_page_down"].iter().map(|n| b.first_key(row(n))).collect();
    format!(
        "{} scroll   {} or {} closes",
        scroll.join(" "),
        b.keys_text(row("message_log"), "/"),
        b.first_key(row("menu"))
    )
}

/// The replay's key hint: "= and - change it, Esc leaves".
pub fn replay_hint(b: &Bindings) -> String {
    format!(
        "{} and {} change it, {} leaves",
        b.first_key(row("replay_faster")),
        b.first_key(row("replay_slower")),
        b.first_key(row("menu"))
    )
}

/// The key that leaves a finished replay, for its closing sentence.
pub fn menu_key(b: &Bindings) -> String {
    b.first_key(row("menu"))
}

/// The wait key, which the first-time hints name (rest is a wait).
pub fn wait_key(b: &Bindings) -> String {
    b.first_key(row("wait"))
}

/// Moves the row `name` to `keys`, as a settings file would (tests of rebinding).
#[cfg(test)]
pub fn rebound(mut bindings: Bindings, name: &str, keys: &[KeyCode]) -> Bindings {
    bindings.set(row(name), keys.to_vec());
    bindings
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAYING: &[Context] = &[PLAY, GLOBAL];

    #[test]
    fn tokens_map_to_the_same_actions_as_keys() {
        let cmds = parse_keys("W s up LEFT SPACE C esc").unwrap();
        assert_eq!(cmds[0], RunKey::Act(Action::MoveForward));
        assert_eq!(cmds[1], RunKey::Act(Action::MoveBack));
        assert_eq!(cmds[2], RunKey::Act(Action::MoveForward));
        assert_eq!(cmds[3], RunKey::Act(Action::TurnLeft));
        assert_eq!(cmds[4], RunKey::Act(Action::Interact));
        assert_eq!(cmds[5], RunKey::Act(Action::Wait));
        assert_eq!(cmds[6], RunKey::Menu);
    }

    /// The token meanings `--keys` scripts and recordings were written against, pinned one by one.
    #[test]
    fn every_token_keeps_its_meaning() {
        let want = [
            ("W", RunKey::Act(Action::MoveForward)),
            ("UP", RunKey::Act(Action::MoveForward)),
            ("S", RunKey::Act(Action::MoveBack)),
            ("DOWN", RunKey::Act(Action::MoveBack)),
            ("A", RunKey::Act(Action::StrafeLeft)),
            ("D", RunKey::Act(Action::StrafeRight)),
            ("Q", RunKey::Act(Action::TurnLeft)),
            ("LEFT", RunKey::Act(Action::TurnLeft)),
            ("E", RunKey::Act(Action::TurnRight)),
            ("RIGHT", RunKey::Act(Action::TurnRight)),
            ("C", RunKey::Act(Action::Wait)),
            ("SPACE", RunKey::Act(Action::Interact)),
            ("Z", RunKey::Act(Action::UseItem)),
            ("X", RunKey::Act(Action::Discard)),
            ("1", RunKey::Act(Action::Select(0))),
            ("2", RunKey::Act(Action::Select(1))),
            ("3", RunKey::Act(Action::Select(2))),
            ("4", RunKey::Act(Action::Select(3))),
            ("ESC", RunKey::Menu),
        ];
        for (token, command) in want {
            assert_eq!(parse_keys(token), Ok(vec![command]), "{token}");
        }
        let all: usize = ROWS.iter().map(|r| r.info.tokens.len()).sum();
        assert_eq!(all, want.len(), "no token beyond the documented ones");
    }

    #[test]
    fn an_unknown_token_is_an_error() {
        assert!(parse_keys("W JUMP").unwrap_err().contains("JUMP"));
        // Names of keys that are bound but have no token are still unknown to `--keys`.
        assert!(parse_keys("M").is_err() && parse_keys("Y").is_err());
    }

    #[test]
    fn default_bindings_follow_the_plan() {
        let b = Bindings::default();
        assert_eq!(lookup(&b, K::KeyW, false, PLAYING), Some(RunKey::Act(Action::MoveForward)));
        assert_eq!(lookup(&b, K::Space, false, PLAYING), Some(RunKey::Act(Action::Interact)));
        assert_eq!(lookup(&b, K::Digit3, false, PLAYING), Some(RunKey::Act(Action::Select(2))));
        assert_eq!(lookup(&b, K::Escape, false, PLAYING), Some(RunKey::Menu));
        assert_eq!(lookup(&b, K::Tab, false, PLAYING), Some(RunKey::Automap));
        assert_eq!(lookup(&b, K::Enter, true, PLAYING), Some(RunKey::Shell(ShellKey::Fullscreen)));
        assert_eq!(lookup(&b, K::Enter, false, PLAYING), None);
    }

    #[test]
    fn prompt_log_and_replay_keys_act_only_in_their_context() {
        let b = Bindings::default();
        assert_eq!(lookup(&b, K::KeyY, false, PLAYING), None, "Y is free outside the prompt");
        let prompt = [shell_keys::PROMPT, PLAY, GLOBAL];
        assert_eq!(lookup(&b, K::KeyY, false, &prompt), Some(RunKey::Shell(ShellKey::Answer(true))));
        let log = [LOG, PLAY, GLOBAL];
        assert_eq!(lookup(&b, K::ArrowUp, false, &log), Some(RunKey::ScrollLog(1)));
        assert_eq!(lookup(&b, K::PageDown, false, &log), Some(RunKey::ScrollLog(-LOG_PAGE)));
        assert_eq!(lookup(&b, K::ArrowUp, false, PLAYING), Some(RunKey::Act(Action::MoveForward)));
        assert_eq!(lookup(&b, K::Equal, false, PLAYING), None);
        assert_eq!(lookup(&b, K::Equal, false, &[REPLAY, PLAY]), Some(RunKey::ReplayFaster));
    }

    #[test]
    fn the_default_hints_read_as_before() {
        let b = Bindings::default();
        assert_eq!(help_hint(&b), "F1 ? the guide   Esc closes");
        assert_eq!(guide_hint(&b), "F1 ? or Esc closes");
        assert_eq!(automap_hint(&b), "M/Tab or Esc closes");
        assert_eq!(log_hint(&b), "↑ ↓ PgUp PgDn scroll   L or Esc closes");
        assert_eq!(replay_hint(&b), "= and - change it, Esc leaves");
        assert!(describe(&b).contains(&("Move forward".into(), "W ↑".into())));
        assert!(describe(&b).contains(&("Fullscreen".into(), "F11 Alt+Enter".into())));
    }
}
