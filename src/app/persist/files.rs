//! Where files live (XDG on Linux), atomic writes, and moving unusable files aside.

use std::path::{Path, PathBuf};

/// Overrides every location at once; tests and portable installs point it at a folder of their own.
pub const HOME_OVERRIDE_VAR: &str = "HOLLOWDEEP_HOME";

fn home_override() -> Option<PathBuf> {
    std::env::var_os(HOME_OVERRIDE_VAR).filter(|v| !v.is_empty()).map(PathBuf::from)
}

fn xdg(var: &str, fallback: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        return PathBuf::from(dir).join("hollowdeep");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    home.join(fallback).join("hollowdeep")
}

/// Saved run, profile and morgue files: `$XDG_DATA_HOME/hollowdeep` or `~/.local/share/hollowdeep`.
pub fn data_dir() -> PathBuf {
    home_override().map(|h| h.join("data")).unwrap_or_else(|| xdg("XDG_DATA_HOME", ".local/share"))
}

/// Settings: `$XDG_CONFIG_HOME/hollowdeep` or `~/.config/hollowdeep`.
pub fn config_dir() -> PathBuf {
    home_override().map(|h| h.join("config")).unwrap_or_else(|| xdg("XDG_CONFIG_HOME", ".config"))
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so a crash
/// leaves either the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("Could not create {}: {e}.", dir.display()))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    std::fs::write(&tmp, text).map_err(|e| format!("Could not write {}: {e}.", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("Could not replace {}: {e}.", path.display())
    })
}

/// Moves an unusable file out of the way under a name that is not taken yet, and returns that name.
pub fn move_aside(path: &Path, why: &str) -> Result<PathBuf, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for n in 1..10_000 {
        let target = path.with_file_name(format!("{name}.{why}-{n}"));
        if !target.exists() {
            std::fs::rename(path, &target)
                .map_err(|e| format!("Could not move {} aside: {e}.", path.display()))?;
            return Ok(target);
        }
    }
    Err(format!("Could not move {} aside: too many old copies.", path.display()))
}

/// Reads a file that may not exist yet: `Ok(None)` when it is absent.
pub fn read_optional(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| "it is not text".to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("it could not be read ({e})")),
    }
}
