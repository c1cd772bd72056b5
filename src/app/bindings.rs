//! Key bindings: which physical keys trigger which command, with defaults from the plan (§0.3).

use super::input::Command;
use crate::game::Action;
use winit::keyboard::KeyCode;

/// Every bindable command, with its name in the settings file and its default keys.
pub const BINDABLE: &[(&str, Command, &[KeyCode])] = &[
    ("move_forward", Command::Act(Action::MoveForward), &[KeyCode::KeyW, KeyCode::ArrowUp]),
    ("move_back", Command::Act(Action::MoveBack), &[KeyCode::KeyS, KeyCode::ArrowDown]),
    ("strafe_left", Command::Act(Action::StrafeLeft), &[KeyCode::KeyA]),
    ("strafe_right", Command::Act(Action::StrafeRight), &[KeyCode::KeyD]),
    ("turn_left", Command::Act(Action::TurnLeft), &[KeyCode::KeyQ, KeyCode::ArrowLeft]),
    ("turn_right", Command::Act(Action::TurnRight), &[KeyCode::KeyE, KeyCode::ArrowRight]),
    ("attack_or_descend", Command::Act(Action::Interact), &[KeyCode::Space]),
    ("wait", Command::Act(Action::Wait), &[KeyCode::KeyC]),
    ("use_item", Command::Act(Action::UseItem), &[KeyCode::KeyZ]),
    ("discard_item", Command::Act(Action::Discard), &[KeyCode::KeyX]),
    ("slot_1", Command::Act(Action::Select(0)), &[KeyCode::Digit1]),
    ("slot_2", Command::Act(Action::Select(1)), &[KeyCode::Digit2]),
    ("slot_3", Command::Act(Action::Select(2)), &[KeyCode::Digit3]),
    ("slot_4", Command::Act(Action::Select(3)), &[KeyCode::Digit4]),
    ("menu", Command::Quit, &[KeyCode::Escape]),
    ("automap", Command::Automap, &[KeyCode::KeyM, KeyCode::Tab]),
    ("help", Command::Help, &[KeyCode::F1, KeyCode::Slash]),
    ("message_log", Command::MessageLog, &[KeyCode::KeyL]),
    ("screenshot", Command::Screenshot, &[KeyCode::F12]),
    ("fullscreen", Command::Fullscreen, &[KeyCode::F11]),
];

/// Key names as written in the settings file (winit's names for physical keys).
const KEY_NAMES: &[(&str, KeyCode)] = &[
    ("KeyA", KeyCode::KeyA),
    ("KeyB", KeyCode::KeyB),
    ("KeyC", KeyCode::KeyC),
    ("KeyD", KeyCode::KeyD),
    ("KeyE", KeyCode::KeyE),
    ("KeyF", KeyCode::KeyF),
    ("KeyG", KeyCode::KeyG),
    ("KeyH", KeyCode::KeyH),
    ("KeyI", KeyCode::KeyI),
    ("KeyJ", KeyCode::KeyJ),
    ("KeyK", KeyCode::KeyK),
    ("KeyL", KeyCode::KeyL),
    ("KeyM", KeyCode::KeyM),
    ("KeyN", KeyCode::KeyN),
    ("KeyO", KeyCode::KeyO),
    ("KeyP", KeyCode::KeyP),
    ("KeyQ", KeyCode::KeyQ),
    ("KeyR", KeyCode::KeyR),
    ("KeyS", KeyCode::KeyS),
    ("KeyT", KeyCode::KeyT),
    ("KeyU", KeyCode::KeyU),
    ("KeyV", KeyCode::KeyV),
    ("KeyW", KeyCode::KeyW),
    ("KeyX", KeyCode::KeyX),
    ("KeyY", KeyCode::KeyY),
    ("KeyZ", KeyCode::KeyZ),
    ("Digit0", KeyCode::Digit0),
    ("Digit1", KeyCode::Digit1),
    ("Digit2", KeyCode::Digit2),
    ("Digit3", KeyCode::Digit3),
    ("Digit4", KeyCode::Digit4),
    ("Digit5", KeyCode::Digit5),
    ("Digit6", KeyCode::Digit6),
    ("Digit7", KeyCode::Digit7),
    ("Digit8", KeyCode::Digit8),
    ("Digit9", KeyCode::Digit9),
    ("ArrowUp", KeyCode::ArrowUp),
    ("ArrowDown", KeyCode::ArrowDown),
    ("ArrowLeft", KeyCode::ArrowLeft),
    ("ArrowRight", KeyCode::ArrowRight),
    ("Space", KeyCode::Space),
    ("Enter", KeyCode::Enter),
    ("Escape", KeyCode::Escape),
    ("Tab", KeyCode::Tab),
    ("Backspace", KeyCode::Backspace),
    ("Slash", KeyCode::Slash),
    ("Comma", KeyCode::Comma),
    ("Period", KeyCode::Period),
    ("Semicolon", KeyCode::Semicolon),
    ("Minus", KeyCode::Minus),
    ("Equal", KeyCode::Equal),
    ("F1", KeyCode::F1),
    ("F2", KeyCode::F2),
    ("F3", KeyCode::F3),
    ("F4", KeyCode::F4),
    ("F5", KeyCode::F5),
    ("F6", KeyCode::F6),
    ("F7", KeyCode::F7),
    ("F8", KeyCode::F8),
    ("F9", KeyCode::F9),
    ("F10", KeyCode::F10),
    ("F11", KeyCode::F11),
    ("F12", KeyCode::F12),
    ("Numpad0", KeyCode::Numpad0),
    ("Numpad1", KeyCode::Numpad1),
    ("Numpad2", KeyCode::Numpad2),
    ("Numpad3", KeyCode::Numpad3),
    ("Numpad4", KeyCode::Numpad4),
    ("Numpad5", KeyCode::Numpad5),
    ("Numpad6", KeyCode::Numpad6),
    ("Numpad7", KeyCode::Numpad7),
    ("Numpad8", KeyCode::Numpad8),
    ("Numpad9", KeyCode::Numpad9),
];

pub fn key_from_name(name: &str) -> Option<KeyCode> {
    KEY_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, k)| *k)
}

pub fn key_name(key: KeyCode) -> &'static str {
    KEY_NAMES.iter().find(|(_, k)| *k == key).map_or("?", |(n, _)| n)
}

/// The keys bound to each command, in `BINDABLE` order.
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    pub keys: Vec<Vec<KeyCode>>,
}

impl Default for Bindings {
    fn default() -> Self {
        Self { keys: BINDABLE.iter().map(|(_, _, keys)| keys.to_vec()).collect() }
    }
}

impl Bindings {
    /// The command a key triggers; the first binding that names the key wins.
    pub fn command(&self, key: KeyCode) -> Option<Command> {
        self.keys.iter().zip(BINDABLE).find(|(keys, _)| keys.contains(&key)).map(|(_, (_, cmd, _))| *cmd)
    }

    /// Human-readable lines for the help overlay: "move_forward  KeyW ArrowUp".
    pub fn describe(&self) -> Vec<(String, String)> {
        BINDABLE
            .iter()
            .zip(&self.keys)
            .map(|((name, _, _), keys)| {
                let keys: Vec<&str> = keys.iter().map(|k| key_name(*k)).collect();
                (name.replace('_', " "), keys.join(" "))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_key_has_a_name_and_round_trips() {
        for (_, _, keys) in BINDABLE {
            for key in *keys {
                assert_eq!(key_from_name(key_name(*key)), Some(*key));
            }
        }
    }

    #[test]
    fn default_bindings_follow_the_plan() {
        let b = Bindings::default();
        assert_eq!(b.command(KeyCode::KeyW), Some(Command::Act(Action::MoveForward)));
        assert_eq!(b.command(KeyCode::Space), Some(Command::Act(Action::Interact)));
        assert_eq!(b.command(KeyCode::Digit3), Some(Command::Act(Action::Select(2))));
        assert_eq!(b.command(KeyCode::Escape), Some(Command::Quit));
        assert_eq!(b.command(KeyCode::Tab), Some(Command::Automap));
    }
}
