//! One row of a key table: where it applies, its name in the settings file, its default keys, its
//! help label and its `--keys` tokens, beside the command of the front that owns it.

use winit::keyboard::KeyCode;

/// Where a row applies. A screen says which contexts are live, most specific first; a key is looked
/// up in them in that order, so the first live context that names the key wins. Each front declares
/// its own contexts beside its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    pub name: &'static str,
    /// Live together with the shell's global keys (help, screenshot, fullscreen, mute), so a
    /// rebinding must not let one key mean a global command and one of this context's at once.
    pub beside_global: bool,
    /// The shell's global context itself, live beneath every screen.
    pub global: bool,
}

impl Context {
    /// A front's context.
    pub const fn new(name: &'static str, beside_global: bool) -> Context {
        Context { name, beside_global, global: false }
    }

    /// Whether keys of `self` and `other` can be live at once, so one key may not mean a command
    /// of each.
    pub fn live_with(self, other: Context) -> bool {
        self == other || (self.global && other.beside_global) || (other.global && self.beside_global)
    }
}

/// What a row says about itself, whoever's command it carries: what the settings file, the help
/// overlay, the hints and the rebinding page read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowInfo {
    pub context: Context,
    /// The row's name in the settings file; unique over every front's rows.
    pub name: &'static str,
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

/// A row of a front's key table: its description and the front's own command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row<C: 'static> {
    pub info: RowInfo,
    pub command: C,
}

impl<C> Row<C> {
    /// A row with plain keys and no `--keys` token.
    pub const fn new(
        context: Context,
        name: &'static str,
        command: C,
        keys: &'static [KeyCode],
        label: &'static str,
    ) -> Row<C> {
        Row { info: RowInfo { context, name, keys, label, tokens: &[], alt: None, ctrl: false }, command }
    }

    /// The same row, also typed in `--keys` as these tokens.
    pub const fn tokens(mut self, tokens: &'static [&'static str]) -> Row<C> {
        self.info.tokens = tokens;
        self
    }

    /// The same row, also triggered by this key with Alt.
    pub const fn alt(mut self, key: KeyCode) -> Row<C> {
        self.info.alt = Some(key);
        self
    }

    /// The same row, its keys acting only with Ctrl held.
    pub const fn ctrl(mut self) -> Row<C> {
        self.info.ctrl = true;
        self
    }
}

/// The descriptions of a table's rows, in order (what a key book is made of).
pub fn infos<C>(rows: &'static [Row<C>]) -> impl Iterator<Item = &'static RowInfo> + Clone {
    rows.iter().map(|r| &r.info)
}

/// The row of `rows` named `name`. A front asks for its own rows by name when it writes a hint;
/// a name it does not have is a bug in that front, caught by its hint tests.
pub fn named<C>(rows: &'static [Row<C>], name: &str) -> Option<&'static RowInfo> {
    infos(rows).find(|r| r.name == name)
}
