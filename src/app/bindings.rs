//! The one key table: every binding's context, command, default keys, help label and `--keys`
//! tokens. Key dispatch, the help overlay and every on-screen hint read it, so a rebinding in the
//! settings file can never leave a stale hint (STYLE 18).

use super::input::{Command, EditorKey, MenuStep, ReactorKey};
use crate::game::Action;
use crate::grid::Facing;
use winit::keyboard::KeyCode;

/// Where a binding applies. The session says which contexts are active (see
/// `Session::contexts`); a key is looked up in them in order, so the first active context that
/// names the key wins. Adding a context (a title screen, an editor) is one variant here, its rows
/// in `BINDABLE`, and a line in `Session::contexts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Walking the level: movement, items, and opening the menu prompt, automap and log.
    Play,
    /// Always active: help, screenshot, fullscreen.
    Global,
    /// Only while the "Save and quit?" prompt is open, so Y and N are free for play otherwise.
    Prompt,
    /// Only while the message log is open: scrolling (ahead of Play, which also uses the arrows).
    Log,
    /// Only while watching a recording.
    Replay,
    /// On the title screen and its pages: moving through a menu and taking a choice.
    Menu,
    /// Playing a reactor level on its board.
    Reactor,
    /// The reactor level editor (while no text field has the keyboard).
    Editor,
}

impl Context {
    /// The order contexts appear in the help overlay.
    pub const ALL: [Context; 8] = [
        Context::Play,
        Context::Global,
        Context::Prompt,
        Context::Log,
        Context::Replay,
        Context::Menu,
        Context::Reactor,
        Context::Editor,
    ];
}

/// One row of the key table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Binding {
    pub context: Context,
    /// The binding's name in the settings file.
    pub name: &'static str,
    pub command: Command,
    /// Default physical keys; the settings file may replace them.
    pub keys: &'static [KeyCode],
    /// What the help overlay calls it.
    pub label: &'static str,
    /// `--keys` tokens for it. Fixed names, not the player's bindings, so scripts mean the same
    /// thing on every machine.
    pub tokens: &'static [&'static str],
    /// A key that triggers it together with Alt. Fixed: the settings file lists plain keys only.
    pub alt: Option<KeyCode>,
    /// Its keys act only together with Ctrl (the editor's undo, redo and save); plain, they are
    /// free for the context's other rows.
    pub ctrl: bool,
}

const fn row(
    context: Context,
    name: &'static str,
    command: Command,
    keys: &'static [KeyCode],
    label: &'static str,
    tokens: &'static [&'static str],
) -> Binding {
    Binding { context, name, command, keys, label, tokens, alt: None, ctrl: false }
}

/// An editor row whose keys act with Ctrl held.
const fn ctrl_row(
    name: &'static str,
    command: EditorKey,
    keys: &'static [KeyCode],
    label: &'static str,
) -> Binding {
    Binding { ctrl: true, ..row(Context::Editor, name, Command::Editor(command), keys, label, &[]) }
}

/// An editor row with plain keys.
const fn edit(
    name: &'static str,
    command: EditorKey,
    keys: &'static [KeyCode],
    label: &'static str,
) -> Binding {
    row(Context::Editor, name, Command::Editor(command), keys, label, &[])
}

use Context::{Editor, Global, Log, Menu, Play, Prompt, Reactor, Replay};
use EditorKey as Ek;
use KeyCode as K;

/// Every binding, grouped by context in the order the help overlay lists them. Defaults follow the
/// plan (§0.3) and README's controls table. One row per line, so skipped by rustfmt.
#[rustfmt::skip]
pub const BINDABLE: &[Binding] = &[
    row(Play, "move_forward", Command::Act(Action::MoveForward), &[K::KeyW, K::ArrowUp], "Move forward", &["W", "UP"]),
    row(Play, "move_back", Command::Act(Action::MoveBack), &[K::KeyS, K::ArrowDown], "Move back", &["S", "DOWN"]),
    row(Play, "strafe_left", Command::Act(Action::StrafeLeft), &[K::KeyA], "Strafe left", &["A"]),
    row(Play, "strafe_right", Command::Act(Action::StrafeRight), &[K::KeyD], "Strafe right", &["D"]),
    row(Play, "turn_left", Command::Act(Action::TurnLeft), &[K::KeyQ, K::ArrowLeft], "Turn left", &["Q", "LEFT"]),
    row(Play, "turn_right", Command::Act(Action::TurnRight), &[K::KeyE, K::ArrowRight], "Turn right", &["E", "RIGHT"]),
    row(Play, "attack_or_descend", Command::Act(Action::Interact), &[K::Space], "Attack or descend", &["SPACE"]),
    row(Play, "wait", Command::Act(Action::Wait), &[K::KeyC], "Wait", &["C"]),
    row(Play, "use_item", Command::Act(Action::UseItem), &[K::KeyZ], "Use item", &["Z"]),
    row(Play, "discard_item", Command::Act(Action::Discard), &[K::KeyX], "Discard item", &["X"]),
    row(Play, "slot_1", Command::Act(Action::Select(0)), &[K::Digit1], "Slot 1", &["1"]),
    row(Play, "slot_2", Command::Act(Action::Select(1)), &[K::Digit2], "Slot 2", &["2"]),
    row(Play, "slot_3", Command::Act(Action::Select(2)), &[K::Digit3], "Slot 3", &["3"]),
    row(Play, "slot_4", Command::Act(Action::Select(3)), &[K::Digit4], "Slot 4", &["4"]),
    // Also closes any open overlay or the prompt; in `--keys`, ends the input.
    row(Play, "menu", Command::Quit, &[K::Escape], "Menu (save and quit)", &["ESC"]),
    row(Play, "automap", Command::Automap, &[K::KeyM, K::Tab], "Automap", &[]),
    row(Play, "message_log", Command::MessageLog, &[K::KeyL], "Message log", &[]),
    row(Global, "help", Command::Help, &[K::F1, K::Slash], "Help", &[]),
    row(Global, "screenshot", Command::Screenshot, &[K::F12], "Screenshot", &[]),
    Binding { alt: Some(K::Enter), ..row(Global, "fullscreen", Command::Fullscreen, &[K::F11], "Fullscreen", &[]) },
    row(Global, "mute", Command::Mute, &[K::F8], "Mute sound", &[]),
    row(Prompt, "prompt_yes", Command::Answer(true), &[K::KeyY], "Prompt: yes", &[]),
    row(Prompt, "prompt_no", Command::Answer(false), &[K::KeyN], "Prompt: no", &[]),
    row(Log, "log_up", Command::ScrollLog(1), &[K::ArrowUp], "Log: scroll up", &[]),
    row(Log, "log_down", Command::ScrollLog(-1), &[K::ArrowDown], "Log: scroll down", &[]),
    row(Log, "log_page_up", Command::ScrollLog(LOG_PAGE), &[K::PageUp], "Log: page up", &[]),
    row(Log, "log_page_down", Command::ScrollLog(-LOG_PAGE), &[K::PageDown], "Log: page down", &[]),
    row(Replay, "replay_faster", Command::ReplayFaster, &[K::Equal, K::NumpadAdd], "Replay: faster", &[]),
    row(Replay, "replay_slower", Command::ReplaySlower, &[K::Minus, K::NumpadSubtract], "Replay: slower", &[]),
    row(Menu, "menu_up", Command::Menu(MenuStep::Up), &[K::ArrowUp, K::KeyW], "Menu: up", &[]),
    row(Menu, "menu_down", Command::Menu(MenuStep::Down), &[K::ArrowDown, K::KeyS], "Menu: down", &[]),
    row(Menu, "menu_take", Command::Menu(MenuStep::Take), &[K::Enter, K::Space], "Menu: choose", &[]),
    row(Menu, "menu_back", Command::Menu(MenuStep::Back), &[K::Escape], "Menu: back", &[]),
    row(Reactor, "reactor_north", Command::Reactor(ReactorKey::Move(Facing::North)), &[K::KeyW, K::ArrowUp], "Reactor: move north", &[]),
    row(Reactor, "reactor_east", Command::Reactor(ReactorKey::Move(Facing::East)), &[K::KeyD, K::ArrowRight], "Reactor: move east", &[]),
    row(Reactor, "reactor_south", Command::Reactor(ReactorKey::Move(Facing::South)), &[K::KeyS, K::ArrowDown], "Reactor: move south", &[]),
    row(Reactor, "reactor_west", Command::Reactor(ReactorKey::Move(Facing::West)), &[K::KeyA, K::ArrowLeft], "Reactor: move west", &[]),
    row(Reactor, "reactor_interact", Command::Reactor(ReactorKey::Interact), &[K::Space, K::KeyE], "Reactor: interact (lengthy)", &[]),
    row(Reactor, "reactor_repair", Command::Reactor(ReactorKey::Repair), &[K::KeyF], "Reactor: repair leak (lengthy)", &[]),
    row(Reactor, "reactor_neutralize_fuel", Command::Reactor(ReactorKey::Neutralize(0)), &[K::Digit1], "Reactor: fuel neutralizer", &[]),
    row(Reactor, "reactor_neutralize_coolant", Command::Reactor(ReactorKey::Neutralize(1)), &[K::Digit2], "Reactor: coolant neutralizer", &[]),
    row(Reactor, "reactor_neutralize_electricity", Command::Reactor(ReactorKey::Neutralize(2)), &[K::Digit3], "Reactor: electricity neutralizer", &[]),
    row(Reactor, "reactor_shield", Command::Reactor(ReactorKey::Shield), &[K::KeyH], "Reactor: heat shield (lengthy)", &[]),
    row(Reactor, "reactor_undo", Command::Reactor(ReactorKey::Undo), &[K::KeyZ], "Reactor: undo", &[]),
    row(Reactor, "reactor_restart", Command::Reactor(ReactorKey::Restart), &[K::KeyR], "Reactor: restart", &[]),
    row(Reactor, "reactor_next_target", Command::Reactor(ReactorKey::NextTarget), &[K::Tab], "Reactor: next thing to use here", &[]),
    row(Reactor, "reactor_eye_view", Command::Reactor(ReactorKey::EyeView), &[K::KeyV], "Reactor: robot's eye view", &[]),
    row(Reactor, "reactor_cursor_north", Command::Reactor(ReactorKey::Cursor(Facing::North)), &[K::KeyI], "Reactor: cursor north", &[]),
    row(Reactor, "reactor_cursor_east", Command::Reactor(ReactorKey::Cursor(Facing::East)), &[K::KeyL], "Reactor: cursor east", &[]),
    row(Reactor, "reactor_cursor_south", Command::Reactor(ReactorKey::Cursor(Facing::South)), &[K::KeyK], "Reactor: cursor south", &[]),
    row(Reactor, "reactor_cursor_west", Command::Reactor(ReactorKey::Cursor(Facing::West)), &[K::KeyJ], "Reactor: cursor west", &[]),
    row(Reactor, "reactor_zoom_in", Command::Reactor(ReactorKey::ZoomIn), &[K::Equal, K::NumpadAdd], "Reactor: zoom in", &[]),
    row(Reactor, "reactor_zoom_out", Command::Reactor(ReactorKey::ZoomOut), &[K::Minus, K::NumpadSubtract], "Reactor: zoom out", &[]),
    row(Reactor, "reactor_next_level", Command::Reactor(ReactorKey::NextLevel), &[K::Enter], "Reactor: next level (after a win)", &[]),
    row(Reactor, "reactor_legend", Command::Reactor(ReactorKey::Legend), &[K::KeyG], "Reactor: legend of the board's marks", &[]),
    row(Reactor, "reactor_leave", Command::Quit, &[K::Escape], "Reactor: back to the campaign", &[]),
    edit("editor_cursor_north", Ek::Cursor(Facing::North), &[K::ArrowUp], "Editor: cursor north"),
    edit("editor_cursor_east", Ek::Cursor(Facing::East), &[K::ArrowRight], "Editor: cursor east"),
    edit("editor_cursor_south", Ek::Cursor(Facing::South), &[K::ArrowDown], "Editor: cursor south"),
    edit("editor_cursor_west", Ek::Cursor(Facing::West), &[K::ArrowLeft], "Editor: cursor west"),
    edit("editor_apply", Ek::Apply, &[K::Space, K::Enter], "Editor: apply the tool at the cursor"),
    edit("editor_cycle", Ek::Cycle, &[K::KeyC], "Editor: cycle what is at the cursor"),
    edit("editor_next_layer", Ek::NextLayer, &[K::Tab], "Editor: next layer"),
    edit("editor_layer_surface", Ek::Layer(0), &[K::Digit1], "Editor: Surface layer"),
    edit("editor_layer_electricity", Ek::Layer(1), &[K::Digit2], "Editor: Electricity layer"),
    edit("editor_layer_fuel", Ek::Layer(2), &[K::Digit3], "Editor: Fuel layer"),
    edit("editor_layer_coolant", Ek::Layer(3), &[K::Digit4], "Editor: Coolant layer"),
    edit("editor_tool_1", Ek::Tool(0), &[K::KeyQ], "Editor: palette tool 1"),
    edit("editor_tool_2", Ek::Tool(1), &[K::KeyW], "Editor: palette tool 2"),
    edit("editor_tool_3", Ek::Tool(2), &[K::KeyE], "Editor: palette tool 3"),
    edit("editor_tool_4", Ek::Tool(3), &[K::KeyR], "Editor: palette tool 4"),
    edit("editor_tool_5", Ek::Tool(4), &[K::KeyT], "Editor: palette tool 5"),
    edit("editor_tool_6", Ek::Tool(5), &[K::KeyY], "Editor: palette tool 6"),
    edit("editor_tool_7", Ek::Tool(6), &[K::KeyU], "Editor: palette tool 7"),
    edit("editor_tool_8", Ek::Tool(7), &[K::KeyI], "Editor: palette tool 8"),
    edit("editor_tool_9", Ek::Tool(8), &[K::KeyO], "Editor: palette tool 9"),
    edit("editor_tool_10", Ek::Tool(9), &[K::KeyP], "Editor: palette tool 10"),
    edit("editor_tool_11", Ek::Tool(10), &[K::KeyA], "Editor: palette tool 11"),
    edit("editor_tool_12", Ek::Tool(11), &[K::KeyS], "Editor: palette tool 12"),
    edit("editor_tool_13", Ek::Tool(12), &[K::KeyD], "Editor: palette tool 13"),
    edit("editor_tool_14", Ek::Tool(13), &[K::KeyF], "Editor: palette tool 14"),
    edit("editor_tool_15", Ek::Tool(14), &[K::KeyG], "Editor: palette tool 15"),
    edit("editor_tool_16", Ek::Tool(15), &[K::KeyH], "Editor: palette tool 16"),
    edit("editor_tool_17", Ek::Tool(16), &[K::KeyJ], "Editor: palette tool 17"),
    edit("editor_tool_18", Ek::Tool(17), &[K::KeyK], "Editor: palette tool 18"),
    edit("editor_tool_19", Ek::Tool(18), &[K::KeyL], "Editor: palette tool 19"),
    edit("editor_tool_20", Ek::Tool(19), &[K::KeyZ], "Editor: palette tool 20"),
    ctrl_row("editor_undo", Ek::Undo, &[K::KeyZ], "Editor: undo"),
    ctrl_row("editor_redo", Ek::Redo, &[K::KeyY], "Editor: redo"),
    ctrl_row("editor_save", Ek::Save, &[K::KeyS], "Editor: save"),
    edit("editor_play", Ek::Play, &[K::F5], "Editor: play from here"),
    edit("editor_leave", Ek::Leave, &[K::Escape], "Editor: leave (asks when unsaved)"),
];

/// Messages one PgUp/PgDn scrolls the log by.
const LOG_PAGE: i32 = 10;

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
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
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
    ("NumpadAdd", KeyCode::NumpadAdd),
    ("NumpadSubtract", KeyCode::NumpadSubtract),
];

pub fn key_from_name(name: &str) -> Option<KeyCode> {
    KEY_NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, k)| *k)
}

pub fn key_name(key: KeyCode) -> &'static str {
    KEY_NAMES.iter().find(|(_, k)| *k == key).map_or("?", |(n, _)| n)
}

/// A key as its keycap reads, for help and hints: `KeyW` → `W`, `ArrowUp` → `↑`, `Slash` → `?`.
pub fn key_label(key: KeyCode) -> String {
    let label = match key {
        K::ArrowUp => "↑",
        K::ArrowDown => "↓",
        K::ArrowLeft => "←",
        K::ArrowRight => "→",
        K::Escape => "Esc",
        // The help's second key reads as the question mark its keycap carries.
        K::Slash => "?",
        K::Minus => "-",
        K::Equal => "=",
        K::Comma => ",",
        K::Period => ".",
        K::Semicolon => ";",
        K::PageUp => "PgUp",
        K::PageDown => "PgDn",
        K::NumpadAdd => "Num+",
        K::NumpadSubtract => "Num-",
        _ => {
            let name = key_name(key);
            return name
                .strip_prefix("Key")
                .or_else(|| name.strip_prefix("Digit"))
                .unwrap_or(name)
                .to_string();
        }
    };
    label.to_string()
}

/// The `--keys` token's command, whatever the player's bindings ("w" and "W" alike).
/// Parses a `--keys` string ("W W Q SPACE ESC") into commands; an unknown token is one clear error.
pub fn parse_keys(keys: &str) -> Result<Vec<Command>, String> {
    keys.split_whitespace()
        .map(|token| {
            command_for_token(token).ok_or_else(|| {
                format!(
                    "Unknown key '{}' in --keys; use W A S D Q E C Z X SPACE 1 2 3 4 ESC or UP DOWN LEFT RIGHT.",
                    super::cli::shown(token)
                )
            })
        })
        .collect()
}

pub fn command_for_token(token: &str) -> Option<Command> {
    BINDABLE.iter().find(|b| b.tokens.iter().any(|t| t.eq_ignore_ascii_case(token))).map(|b| b.command)
}

/// A row that lost a key to a rebinding, and the key it was given instead (when it had no other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub row: usize,
    pub given: Option<KeyCode>,
}

/// The keys bound to each row, in `BINDABLE` order (the defaults, or the settings file's).
#[derive(Clone, Debug, PartialEq)]
pub struct Bindings {
    pub keys: Vec<Vec<KeyCode>>,
}

impl Default for Bindings {
    fn default() -> Self {
        Self { keys: BINDABLE.iter().map(|b| b.keys.to_vec()).collect() }
    }
}

impl Bindings {
    /// The command `key` triggers in the active `contexts` (most specific first): the first context
    /// with a row naming the key wins, and within a context the first row. With Alt held, a row's
    /// fixed Alt chord is tried first; otherwise the modifier does not matter.
    pub fn command(&self, key: KeyCode, alt: bool, contexts: &[Context]) -> Option<Command> {
        let rows =
            || contexts.iter().flat_map(|c| self.rows().filter(move |(b, _)| b.context == *c && !b.ctrl));
        if alt {
            if let Some((b, _)) = rows().find(|(b, _)| b.alt == Some(key)) {
                return Some(b.command);
            }
        }
        rows().find(|(_, keys)| keys.contains(&key)).map(|(b, _)| b.command)
    }

    /// The command `key` triggers with Ctrl held in `contexts` (rows marked `ctrl` only).
    pub fn ctrl_command(&self, key: KeyCode, contexts: &[Context]) -> Option<Command> {
        contexts
            .iter()
            .flat_map(|c| self.rows().filter(move |(b, _)| b.context == *c && b.ctrl))
            .find(|(_, keys)| keys.contains(&key))
            .map(|(b, _)| b.command)
    }

    fn rows(&self) -> impl Iterator<Item = (&'static Binding, &[KeyCode])> {
        BINDABLE.iter().zip(self.keys.iter().map(Vec::as_slice))
    }

    /// The keycaps of the row named `name`, joined by `sep` (the Alt chord last).
    pub fn keys_text(&self, name: &str, sep: &str) -> String {
        let Some((b, keys)) = self.rows().find(|(b, _)| b.name == name) else { return "?".into() };
        let ctrl = if b.ctrl { "Ctrl+" } else { "" };
        let mut caps: Vec<String> = keys.iter().map(|k| format!("{ctrl}{}", key_label(*k))).collect();
        caps.extend(b.alt.map(|k| format!("Alt+{}", key_name(k))));
        caps.join(sep)
    }

    /// The first keycap of the row named `name`: what a short hint names.
    pub fn first_key(&self, name: &str) -> String {
        self.rows()
            .find(|(b, _)| b.name == name)
            .and_then(|(b, k)| k.first().map(|k| (b, k)))
            .map_or("?".into(), |(b, k)| format!("{}{}", if b.ctrl { "Ctrl+" } else { "" }, key_label(*k)))
    }

    /// The help overlay's (label, keys) lines, context by context with a blank line between.
    pub fn describe(&self) -> Vec<(String, String)> {
        // The reactor and its editor list their own keys in their own help.
        let crawler: Vec<Context> =
            Context::ALL.into_iter().filter(|c| !matches!(c, Context::Reactor | Context::Editor)).collect();
        self.describe_contexts(&crawler)
    }

    /// The help overlay's lines for some contexts only (a game's own help).
    pub fn describe_contexts(&self, contexts: &[Context]) -> Vec<(String, String)> {
        let mut lines = Vec::new();
        for &context in contexts {
            if !lines.is_empty() {
                lines.push((String::new(), String::new()));
            }
            for (b, _) in self.rows().filter(|(b, _)| b.context == context) {
                lines.push((b.label.to_string(), self.keys_text(b.name, " ")));
            }
        }
        lines
    }

    /// The help overlay's hint: "F1 ? the guide   Esc closes".
    pub fn help_hint(&self) -> String {
        format!("{} the guide   {} closes", self.keys_text("help", " "), self.first_key("menu"))
    }

    /// The guide's hint (help's second page): "F1 ? or Esc closes".
    pub fn guide_hint(&self) -> String {
        format!("{} or {} closes", self.keys_text("help", " "), self.first_key("menu"))
    }

    /// The automap's hint: "M/Tab closes".
    pub fn automap_hint(&self) -> String {
        format!("{} closes", self.keys_text("automap", "/"))
    }

    /// The message log's hint: "↑ ↓ PgUp PgDn scroll   L or Esc closes".
    pub fn log_hint(&self) -> String {
        let scroll: Vec<String> = ["log_up", "log_down", "log_page_up", "log_page_down"]
            .iter()
            .map(|n| self.first_key(n))
            .collect();
        format!(
            "{} scroll   {} or {} closes",
            scroll.join(" "),
            self.keys_text("message_log", "/"),
            self.first_key("menu")
        )
    }

    /// A yes/no question with its answer keys: "Save and quit? (Y/N)".
    pub fn prompt_text(&self, question: &str) -> String {
        format!("{question} ({}/{})", self.first_key("prompt_yes"), self.first_key("prompt_no"))
    }

    /// A menu's key hint: "↑ ↓ choose   Enter takes   Esc goes back".
    pub fn menu_hint(&self) -> String {
        format!(
            "{} {} choose   {} takes   {} goes back",
            self.first_key("menu_up"),
            self.first_key("menu_down"),
            self.first_key("menu_take"),
            self.first_key("menu_back")
        )
    }

    /// Binds row `index` to `key` alone. A row that shared a context with it and had the key loses
    /// it and, if that leaves it with none, takes over this row's old first key, so every command
    /// keeps a key and no key means two things in one place. Returns the rows that lost the key, so
    /// the settings page can say so rather than take it silently.
    pub fn rebind(&mut self, index: usize, key: KeyCode) -> Vec<Taken> {
        let Some(row) = BINDABLE.get(index) else { return Vec::new() };
        let old_first = self.keys[index].first().copied();
        // Play and Global are live together, so a key may not mean one thing in each.
        let together = |a: Context, b: Context| {
            a == b || matches!((a, b), (Play | Reactor | Editor, Global) | (Global, Play | Reactor | Editor))
        };
        let mut taken = Vec::new();
        for (i, other) in BINDABLE.iter().enumerate() {
            if i == index || !together(other.context, row.context) || !self.keys[i].contains(&key) {
                continue;
            }
            self.keys[i].retain(|&k| k != key);
            let given = old_first.filter(|&k| k != key && self.keys[i].is_empty());
            self.keys[i].extend(given);
            taken.push(Taken { row: i, given });
        }
        self.keys[index] = vec![key];
        taken
    }

    /// The settings page's sentence for a rebinding: "Wait is now M (it was Automap's, which keeps
    /// Tab)." or "... which now has C)." when the other command was given the old key.
    pub fn rebind_note(&self, index: usize, taken: &[Taken]) -> String {
        let Some(row) = BINDABLE.get(index) else { return String::new() };
        let now = self.keys_text(row.name, " ");
        let others: Vec<String> = taken
            .iter()
            .map(|t| {
                let other = BINDABLE[t.row];
                let keys = self.keys_text(other.name, " ");
                match t.given {
                    Some(_) => format!("it was {}'s, which now has {keys}", other.label),
                    None if keys.is_empty() => format!("it was {}'s, which now has no key", other.label),
                    None => format!("it was {}'s, which keeps {keys}", other.label),
                }
            })
            .collect();
        if others.is_empty() {
            format!("{} is now {now}.", row.label)
        } else {
            format!("{} is now {now} ({}).", row.label, others.join("; "))
        }
    }

    /// The reactor's key line for the board's panel, from the rows' first keys.
    pub fn reactor_hints(&self) -> Vec<String> {
        let k = |n: &str| self.first_key(n);
        vec![
            format!(
                "{}{}{}{} move  {} interact  {} repair  {}{}{} neutralize",
                k("reactor_north"),
                k("reactor_west"),
                k("reactor_south"),
                k("reactor_east"),
                k("reactor_interact"),
                k("reactor_repair"),
                k("reactor_neutralize_fuel"),
                k("reactor_neutralize_coolant"),
                k("reactor_neutralize_electricity"),
            ),
            format!(
                "{} target  {} shield  {} undo  {} restart  {} eye view  {} legend  {} help",
                k("reactor_next_target"),
                k("reactor_shield"),
                k("reactor_undo"),
                k("reactor_restart"),
                k("reactor_eye_view"),
                k("reactor_legend"),
                k("help")
            ),
            format!(
                "{}{}{}{} or mouse: inspect  {}/{} zoom  click: move/use",
                k("reactor_cursor_north"),
                k("reactor_cursor_west"),
                k("reactor_cursor_south"),
                k("reactor_cursor_east"),
                k("reactor_zoom_in"),
                k("reactor_zoom_out")
            ),
        ]
    }

    /// The replay's key hint: "= and - change it, Esc leaves".
    pub fn replay_hint(&self) -> String {
        format!(
            "{} and {} change it, {} leaves",
            self.first_key("replay_faster"),
            self.first_key("replay_slower"),
            self.first_key("menu")
        )
    }
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

    const PLAY: &[Context] = &[Context::Play, Context::Global];

    #[test]
    fn every_default_key_has_a_name_and_round_trips() {
        for b in BINDABLE {
            for key in b.keys.iter().chain(&b.alt) {
                assert_eq!(key_from_name(key_name(*key)), Some(*key), "{}", b.name);
            }
        }
    }

    #[test]
    fn names_are_unique_and_tokens_belong_to_one_row() {
        for (i, b) in BINDABLE.iter().enumerate() {
            assert!(BINDABLE[..i].iter().all(|o| o.name != b.name), "{} twice", b.name);
            for t in b.tokens {
                assert_eq!(command_for_token(t), Some(b.command), "{t}");
            }
        }
    }

    #[test]
    fn no_two_rows_of_one_context_share_a_default_key() {
        for (i, b) in BINDABLE.iter().enumerate() {
            for o in BINDABLE[..i].iter().filter(|o| o.context == b.context && o.ctrl == b.ctrl) {
                assert!(b.keys.iter().all(|k| !o.keys.contains(k)), "{} and {} share a key", o.name, b.name);
            }
        }
    }

    #[test]
    fn default_bindings_follow_the_plan() {
        let b = Bindings::default();
        assert_eq!(b.command(K::KeyW, false, PLAY), Some(Command::Act(Action::MoveForward)));
        assert_eq!(b.command(K::Space, false, PLAY), Some(Command::Act(Action::Interact)));
        assert_eq!(b.command(K::Digit3, false, PLAY), Some(Command::Act(Action::Select(2))));
        assert_eq!(b.command(K::Escape, false, PLAY), Some(Command::Quit));
        assert_eq!(b.command(K::Tab, false, PLAY), Some(Command::Automap));
        assert_eq!(b.command(K::Enter, true, PLAY), Some(Command::Fullscreen));
        assert_eq!(b.command(K::Enter, false, PLAY), None);
    }

    #[test]
    fn prompt_log_and_replay_keys_act_only_in_their_context() {
        let b = Bindings::default();
        assert_eq!(b.command(K::KeyY, false, PLAY), None, "Y is free outside the prompt");
        let prompt = [Context::Prompt, Context::Play, Context::Global];
        assert_eq!(b.command(K::KeyY, false, &prompt), Some(Command::Answer(true)));
        assert_eq!(b.command(K::KeyN, false, &prompt), Some(Command::Answer(false)));
        let log = [Context::Log, Context::Play, Context::Global];
        assert_eq!(b.command(K::ArrowUp, false, &log), Some(Command::ScrollLog(1)));
        assert_eq!(b.command(K::PageDown, false, &log), Some(Command::ScrollLog(-LOG_PAGE)));
        assert_eq!(b.command(K::ArrowUp, false, PLAY), Some(Command::Act(Action::MoveForward)));
        assert_eq!(b.command(K::Equal, false, PLAY), None);
        assert_eq!(
            b.command(K::Equal, false, &[Context::Replay, Context::Play]),
            Some(Command::ReplayFaster)
        );
    }

    #[test]
    fn rebinding_a_key_another_command_used_swaps_them_so_both_keep_a_key() {
        let mut b = Bindings::default();
        let wait = BINDABLE.iter().position(|r| r.name == "wait").unwrap();
        let automap = BINDABLE.iter().position(|r| r.name == "automap").unwrap();
        let taken = b.rebind(wait, K::KeyM);
        assert_eq!(taken, vec![Taken { row: automap, given: None }]);
        assert_eq!(b.rebind_note(wait, &taken), "Wait is now M (it was Automap's, which keeps Tab).");
        assert_eq!(b.command(K::KeyM, false, PLAY), Some(Command::Act(Action::Wait)));
        assert_eq!(b.command(K::Tab, false, PLAY), Some(Command::Automap), "automap keeps Tab");
        let taken = b.rebind(automap, K::KeyM);
        assert_eq!(b.rebind_note(automap, &taken), "Automap is now M (it was Wait's, which now has Tab).");
        assert_eq!(b.command(K::KeyM, false, PLAY), Some(Command::Automap));
        assert_eq!(b.keys[wait], vec![K::Tab], "wait took the key automap gave up");
        let free = b.rebind(wait, K::KeyK);
        assert_eq!(b.rebind_note(wait, &free), "Wait is now K.", "a free key takes nothing");
        assert_eq!(
            b.command(K::Escape, false, &[Context::Menu]),
            Some(Command::Menu(MenuStep::Back)),
            "other contexts untouched"
        );
    }

    #[test]
    fn editor_keys_with_and_without_ctrl_mean_different_things() {
        let b = Bindings::default();
        let editor = [Context::Editor, Context::Global];
        assert_eq!(b.command(K::KeyZ, false, &editor), Some(Command::Editor(EditorKey::Tool(19))));
        assert_eq!(b.ctrl_command(K::KeyZ, &editor), Some(Command::Editor(EditorKey::Undo)));
        assert_eq!(b.ctrl_command(K::KeyS, &editor), Some(Command::Editor(EditorKey::Save)));
        assert_eq!(b.ctrl_command(K::KeyQ, &editor), None);
        assert_eq!(b.command(K::F1, false, &editor), Some(Command::Help));
        assert_eq!(b.first_key("editor_undo"), "Ctrl+Z");
        assert!(!b.describe().iter().any(|(label, _)| label.starts_with("Editor:")));
    }

    #[test]
    fn the_default_hints_read_as_before() {
        let b = Bindings::default();
        assert_eq!(b.help_hint(), "F1 ? the guide   Esc closes");
        assert_eq!(b.guide_hint(), "F1 ? or Esc closes");
        assert_eq!(b.automap_hint(), "M/Tab closes");
        assert_eq!(b.log_hint(), "↑ ↓ PgUp PgDn scroll   L or Esc closes");
        assert_eq!(b.prompt_text("Save and quit?"), "Save and quit? (Y/N)");
        assert!(b.describe().contains(&("Move forward".into(), "W ↑".into())));
        assert!(b.describe().contains(&("Fullscreen".into(), "F11 Alt+Enter".into())));
    }
}
