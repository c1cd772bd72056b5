//! The browser's storage under the one writer: on the web every file the program keeps (saves,
//! profile, records, progress, settings) is one `localStorage` entry named by its path. An entry is
//! replaced in one `setItem`, so a closed tab leaves the old text or the whole new one, as the
//! rename does on disk. A browser may clear a site's storage, so the player can export everything
//! as one JSON file and import it again.

use std::path::Path;

/// Every entry's name starts with this, so other pages on the same origin are never touched.
const PREFIX: &str = "hollowdeep:";
/// The export's format marker: an import refuses any other file.
const FORMAT: &str = "hollowdeep-browser-data-1";

fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| "this browser keeps no site storage (private mode?)".to_string())
}

fn key(path: &Path) -> String {
    format!("{PREFIX}{}", path.display())
}

/// The text kept at `path`: `Ok(None)` when there is none.
pub fn read(path: &Path) -> Result<Option<String>, String> {
    storage()?.get_item(&key(path)).map_err(|_| "the browser's storage could not be read".to_string())
}

/// Keeps `bytes` as the whole content of `path`. Only text is kept (a picture or a WAV would
/// spend the few megabytes a site is given).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| format!("Could not keep {}: the browser keeps text files only.", path.display()))?;
    storage()
        .map_err(|why| format!("Could not keep {}: {why}.", path.display()))?
        .set_item(&key(path), text)
        .map_err(|_| format!("Could not keep {}: the browser's storage is full.", path.display()))
}

pub fn exists(path: &Path) -> bool {
    matches!(read(path), Ok(Some(_)))
}

/// Removes `path`'s entry (a missing one is no error).
pub fn remove(path: &Path) -> Result<(), String> {
    storage()?.remove_item(&key(path)).map_err(|_| format!("Could not remove {}.", path.display()))
}

/// Every kept file as one JSON object, `{"format": …, "files": {path: text}}`, for a download.
pub fn export() -> Result<String, String> {
    let storage = storage()?;
    let mut files = serde_json::Map::new();
    for i in 0..storage.length().unwrap_or(0) {
        let Some(name) = storage.key(i).ok().flatten() else { continue };
        let Some(path) = name.strip_prefix(PREFIX) else { continue };
        if let Ok(Some(text)) = storage.get_item(&name) {
            files.insert(path.to_string(), serde_json::Value::String(text));
        }
    }
    let all = serde_json::json!({ "format": FORMAT, "files": files });
    serde_json::to_string_pretty(&all).map_err(|e| e.to_string())
}

/// Keeps every file of an export, replacing those of the same path; returns how many. A file that
/// is not an export is refused whole, before anything is written.
pub fn import(text: &str) -> Result<usize, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| "That file is not a Hollowdeep export.".to_string())?;
    let files = match (value.get("format").and_then(|f| f.as_str()), value.get("files")) {
        (Some(FORMAT), Some(serde_json::Value::Object(files))) => files,
        _ => return Err("That file is not a Hollowdeep export.".into()),
    };
    let mut texts = Vec::new();
    for (path, text) in files {
        let text = text.as_str().ok_or("That export has a file that is not text.")?;
        texts.push((path, text));
    }
    for (path, text) in &texts {
        write(Path::new(path), text.as_bytes())?;
    }
    Ok(texts.len())
}
