//! Level files for the editor: reading one (JSON, or the ASCII layer form; every schema error joined
//! into one sentence) and
//! writing one atomically, so a crash mid-save never leaves half a level on disk.

use crate::app::persist::writer::write_text;
use crate::reactor::{schema, Balance, Level};
use std::path::Path;

/// The level in `path`, or one sentence saying why it cannot be edited.
pub fn read_level(path: &Path, b: &Balance) -> Result<Level, String> {
    let bytes = crate::app::persist::files::read_bytes(path)
        .map_err(|e| format!("Cannot read {}: {e}.", path.display()))?;
    if path.extension().is_some_and(|e| e == "txt") {
        // The ASCII layer form (tests, bug reports) opens too; its problems show in the panel.
        let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text.", path.display()))?;
        return crate::reactor::text::parse(&text, b)
            .map_err(|e| format!("{}:{}: {}.", path.display(), e.line, e.message));
    }
    let loaded = schema::load(&bytes, b);
    if let Some(refusal) = loaded.refusal(&path.display().to_string()) {
        return Err(refusal);
    }
    loaded.level.ok_or_else(|| format!("{} is not a level the editor can open.", path.display()))
}

/// Writes `text` to `path` through a temporary file renamed over it.
pub fn write_level(path: &Path, text: &str) -> Result<(), String> {
    write_text(path, text)
}
