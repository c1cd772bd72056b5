//! The one golden-file helper of every test crate: committed expected outputs (text, pictures) are
//! compared against what the code makes now, re-blessed only on purpose with one variable, and a
//! missing file fails instead of being written behind the tester's back.

// Each test crate includes this module and uses part of it.
#![allow(dead_code)]

use std::path::Path;

/// `HOLLOWDEEP_BLESS=1 cargo test …` rewrites the golden files the run compares against.
pub const BLESS_VAR: &str = "HOLLOWDEEP_BLESS";

/// Whether this run re-blesses golden files.
pub fn blessing() -> bool {
    std::env::var(BLESS_VAR).as_deref() == Ok("1")
}

/// What to run to re-bless `what` on purpose.
pub fn bless_hint(what: &str) -> String {
    format!("if the change is intended, re-bless on purpose with `{BLESS_VAR}=1 cargo test {what}`")
}

/// Reads a golden text file; a missing one fails with how to make it on purpose.
pub fn read_text(path: &Path, what: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!("cannot read the golden file {}: {e}; {}", path.display(), bless_hint(what))
    })
}

/// Writes `bytes` to the golden file at `path` (its folder made), when blessing.
pub fn write(path: &Path, bytes: &[u8]) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("cannot make {}: {e}", parent.display()));
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot bless {}: {e}", path.display()));
}

/// Compares `actual` with the golden text at `path` (rewriting it when blessing), naming the first
/// line that differs; `what` is the test filter that re-blesses it.
pub fn assert_text(path: &Path, actual: &str, what: &str) {
    assert_text_with(path, actual, what, first_difference);
}

/// `assert_text` with a file's own way of saying where it differs (a catalog names the map).
pub fn assert_text_with(path: &Path, actual: &str, what: &str, differ: fn(&str, &str) -> Option<String>) {
    if blessing() {
        write(path, actual.as_bytes());
        return;
    }
    let expected = read_text(path, what);
    if let Some(difference) = differ(&expected, actual) {
        panic!(
            "{} differs from what the code makes now:\n{difference}\n{}",
            path.display(),
            bless_hint(what)
        );
    }
}

/// Where two texts first differ (its line number and both lines); `None` when they are equal.
pub fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let (old, new): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    if old == new && expected.ends_with('\n') == actual.ends_with('\n') {
        return None;
    }
    let line = (0..old.len().max(new.len())).find(|&i| old.get(i) != new.get(i)).unwrap_or(old.len());
    Some(format!(
        "line {}:\n  expected: {}\n  actual:   {}",
        line + 1,
        old.get(line).unwrap_or(&"<end of file>"),
        new.get(line).unwrap_or(&"<end of file>")
    ))
}
