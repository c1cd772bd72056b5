//! The shell's own keys, the same on every screen of every game: help, screenshot, fullscreen,
//! mute, and the answer to a yes/no question any screen may ask.

use crate::app::keys::row::infos;
use crate::app::keys::{named, Bindings, Context, Row, RowInfo};
use winit::keyboard::KeyCode;
use winit::keyboard::KeyCode as K;

/// Always live, beneath every screen's own contexts.
pub const GLOBAL: Context = Context { name: "global", beside_global: false, global: true };
/// Only while a screen's yes/no question is open, so Y and N are free otherwise.
pub const PROMPT: Context = Context::new("prompt", false);

/// What a shell key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellKey {
    /// Opens the screen's help: each screen shows its own.
    Help,
    Screenshot,
    Fullscreen,
    /// Sound off, or back on (saved in the settings).
    Mute,
    /// The open question's answer: yes or no.
    Answer(bool),
}

#[rustfmt::skip]
pub const ROWS: &[Row<ShellKey>] = &[
    Row::new(GLOBAL, "help", ShellKey::Help, &[K::F1, K::Slash], "Help"),
    Row::new(GLOBAL, "screenshot", ShellKey::Screenshot, &[K::F12], "Screenshot"),
    Row::new(GLOBAL, "fullscreen", ShellKey::Fullscreen, &[K::F11], "Fullscreen").alt(K::Enter),
    Row::new(GLOBAL, "mute", ShellKey::Mute, &[K::F8], "Mute sound"),
    Row::new(PROMPT, "prompt_yes", ShellKey::Answer(true), &[K::KeyY], "Prompt: yes"),
    Row::new(PROMPT, "prompt_no", ShellKey::Answer(false), &[K::KeyN], "Prompt: no"),
];

/// The shell's row named `name` (a front's hint that names the help or mute key).
pub fn row(name: &str) -> &'static RowInfo {
    named(ROWS, name).unwrap_or_else(|| panic!("the shell has no key row {name}"))
}

/// The command `key` asks for among a front's `rows` and the shell's, context by context (so a
/// front's log context can sit ahead of its play rows, and the shell's prompt ahead of both); a
/// shell key comes back through `wrap`, the front's variant for it.
pub fn lookup<C: Copy>(
    bindings: &Bindings,
    rows: &'static [Row<C>],
    wrap: fn(ShellKey) -> C,
    key: KeyCode,
    alt: bool,
    contexts: &[Context],
) -> Option<C> {
    contexts.iter().find_map(|c| {
        let one = std::slice::from_ref(c);
        bindings.command(rows, key, alt, one).or_else(|| bindings.command(ROWS, key, alt, one).map(wrap))
    })
}

/// A front's row named `name`, or the shell's (a front's hint may name the help key).
pub fn row_of<C>(rows: &'static [Row<C>], name: &str) -> &'static RowInfo {
    named(rows, name).or_else(|| named(ROWS, name)).unwrap_or_else(|| panic!("no key row {name}"))
}

/// A front's help lines: its rows and the shell's, for `contexts` in order.
pub fn describe_with<C>(
    bindings: &Bindings,
    rows: &'static [Row<C>],
    contexts: &[Context],
) -> Vec<(String, String)> {
    bindings.describe(infos(rows).chain(infos(ROWS)), contexts)
}

/// A yes/no question with its answer keys: "Save and return to the title? (Y/N)".
pub fn prompt_text(bindings: &Bindings, question: &str) -> String {
    format!("{question} ({}/{})", bindings.first_key(row("prompt_yes")), bindings.first_key(row("prompt_no")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_keys_and_the_alt_chord() {
        let b = Bindings::default();
        assert_eq!(b.command(ROWS, K::F12, false, &[GLOBAL]), Some(ShellKey::Screenshot));
        assert_eq!(b.command(ROWS, K::Enter, true, &[GLOBAL]), Some(ShellKey::Fullscreen));
        assert_eq!(b.command(ROWS, K::Enter, false, &[GLOBAL]), None);
        assert_eq!(b.command(ROWS, K::KeyY, false, &[GLOBAL]), None, "Y is free outside a prompt");
        assert_eq!(b.command(ROWS, K::KeyN, false, &[PROMPT, GLOBAL]), Some(ShellKey::Answer(false)));
        assert_eq!(prompt_text(&b, "Save and leave?"), "Save and leave? (Y/N)");
        assert_eq!(b.keys_text(row("fullscreen"), " "), "F11 Alt+Enter");
    }
}
