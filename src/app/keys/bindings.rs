//! The player's keys: which physical keys each row of any front's key table answers to (its
//! defaults, or the settings file's), the lookup from a key to a front's command, and the keycap
//! text every hint and help line is written from, so a rebinding never leaves a stale hint.

use super::names::{key_label, key_name};
use super::row::{Context, Row, RowInfo};
use std::collections::BTreeMap;
use winit::keyboard::KeyCode;

/// A row that lost a key to a rebinding, and the key it was given instead (when it had no other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    pub row: &'static RowInfo,
    pub given: Option<KeyCode>,
}

/// The keys the player chose, by row name; a row not named keeps its default keys. Knowing no
/// front, it serves every front's table alike.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bindings {
    chosen: BTreeMap<&'static str, Vec<KeyCode>>,
}

impl Bindings {
    /// The keys `row` answers to now.
    pub fn keys<'a>(&'a self, row: &'a RowInfo) -> &'a [KeyCode] {
        self.chosen.get(row.name).map_or(row.keys, Vec::as_slice)
    }

    /// Binds `row` to `keys` (its defaults again when they are the same).
    pub fn set(&mut self, row: &'static RowInfo, keys: Vec<KeyCode>) {
        if keys == row.keys {
            self.chosen.remove(row.name);
        } else {
            self.chosen.insert(row.name, keys);
        }
    }

    /// The command `key` triggers among `rows` in the live `contexts` (most specific first): the
    /// first context with a row naming the key wins, and within a context the first row. With Alt
    /// held, a row's fixed Alt chord is tried first; otherwise the modifier does not matter.
    pub fn command<C: Copy>(
        &self,
        rows: &'static [Row<C>],
        key: KeyCode,
        alt: bool,
        contexts: &[Context],
    ) -> Option<C> {
        let live = || {
            contexts
                .iter()
                .flat_map(move |c| rows.iter().filter(move |r| r.info.context == *c && !r.info.ctrl))
        };
        if alt {
            if let Some(row) = live().find(|r| r.info.alt == Some(key)) {
                return Some(row.command);
            }
        }
        live().find(|r| self.keys(&r.info).contains(&key)).map(|r| r.command)
    }

    /// The command `key` triggers with Ctrl held among `rows` in `contexts` (rows marked `ctrl`).
    pub fn ctrl_command<C: Copy>(
        &self,
        rows: &'static [Row<C>],
        key: KeyCode,
        contexts: &[Context],
    ) -> Option<C> {
        contexts
            .iter()
            .flat_map(|c| rows.iter().filter(move |r| r.info.context == *c && r.info.ctrl))
            .find(|r| self.keys(&r.info).contains(&key))
            .map(|r| r.command)
    }

    /// The keycaps of `row`, joined by `sep` (the Alt chord last).
    pub fn keys_text(&self, row: &RowInfo, sep: &str) -> String {
        let ctrl = if row.ctrl { "Ctrl+" } else { "" };
        let mut caps: Vec<String> =
            self.keys(row).iter().map(|k| format!("{ctrl}{}", key_label(*k))).collect();
        caps.extend(row.alt.map(|k| format!("Alt+{}", key_name(k))));
        caps.join(sep)
    }

    /// The first keycap of `row`: what a short hint names.
    pub fn first_key(&self, row: &RowInfo) -> String {
        self.keys(row)
            .first()
            .map_or("?".into(), |k| format!("{}{}", if row.ctrl { "Ctrl+" } else { "" }, key_label(*k)))
    }

    /// A help overlay's (label, keys) lines for `contexts` in order, with a blank line between,
    /// read from `book` (the rows a front's help covers).
    pub fn describe<'b>(
        &self,
        book: impl Iterator<Item = &'b RowInfo> + Clone,
        contexts: &[Context],
    ) -> Vec<(String, String)> {
        let mut lines = Vec::new();
        for &context in contexts {
            if !lines.is_empty() {
                lines.push((String::new(), String::new()));
            }
            for row in book.clone().filter(|r| r.context == context) {
                lines.push((row.label.to_string(), self.keys_text(row, " ")));
            }
        }
        lines
    }

    /// Binds `row` to `key` alone. A row of `book` live together with it that had the key loses
    /// it and, if that leaves it with none, takes over `row`'s old first key, so every command
    /// keeps a key and no key means two things in one place. Returns the rows that lost the key, so
    /// the settings page can say so rather than take it silently.
    pub fn rebind(&mut self, book: &[&'static RowInfo], row: &'static RowInfo, key: KeyCode) -> Vec<Taken> {
        let old_first = self.keys(row).first().copied();
        let mut taken = Vec::new();
        for &other in book {
            if other.name == row.name
                || !other.context.live_with(row.context)
                || !self.keys(other).contains(&key)
            {
                continue;
            }
            let mut keys: Vec<KeyCode> = self.keys(other).iter().copied().filter(|&k| k != key).collect();
            let given = old_first.filter(|&k| k != key && keys.is_empty());
            keys.extend(given);
            self.set(other, keys);
            taken.push(Taken { row: other, given });
        }
        self.set(row, vec![key]);
        taken
    }

    /// The settings page's sentence for a rebinding: "Wait is now M (it was Automap's, which keeps
    /// Tab)." or "... which now has C)." when the other command was given the old key.
    pub fn rebind_note(&self, row: &RowInfo, taken: &[Taken]) -> String {
        let now = self.keys_text(row, " ");
        let others: Vec<String> = taken
            .iter()
            .map(|t| {
                let keys = self.keys_text(t.row, " ");
                match t.given {
                    Some(_) => format!("it was {}'s, which now has {keys}", t.row.label),
                    None if keys.is_empty() => format!("it was {}'s, which now has no key", t.row.label),
                    None => format!("it was {}'s, which keeps {keys}", t.row.label),
                }
            })
            .collect();
        if others.is_empty() {
            format!("{} is now {now}.", row.label)
        } else {
            format!("{} is now {now} ({}).", row.label, others.join("; "))
        }
    }
}
