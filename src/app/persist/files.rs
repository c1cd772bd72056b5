//! Where files live (XDG on Linux), reading them, and moving unusable files aside (writing them is
//! `writer`'s).

use std::path::{Path, PathBuf};

// Setting a file aside renames it, so it lives with the one writer; it is read here by its old name.
pub use super::writer::{exists, move_aside};

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

/// Saved run, profile and morgue files: `$XDG_DATA_HOME/hollowdeep` or `~/.local/share/hollowdeep`
/// (in the browser, the storage entries under `data/`).
pub fn data_dir() -> PathBuf {
    if cfg!(target_arch = "wasm32") {
        return PathBuf::from("data");
    }
    home_override().map(|h| h.join("data")).unwrap_or_else(|| xdg("XDG_DATA_HOME", ".local/share"))
}

/// Settings: `$XDG_CONFIG_HOME/hollowdeep` or `~/.config/hollowdeep` (in the browser, `config/`).
pub fn config_dir() -> PathBuf {
    if cfg!(target_arch = "wasm32") {
        return PathBuf::from("config");
    }
    home_override().map(|h| h.join("config")).unwrap_or_else(|| xdg("XDG_CONFIG_HOME", ".config"))
}

/// Writes a record the program keeps (a best, a profile, a level in progress) over `path`, first
/// moving aside a file already there that `usable` rejects: a damaged record is kept for the
/// player to recover, never overwritten. Returns the sentence saying so when that happened.
pub fn replace_record(
    path: &Path,
    text: &str,
    usable: impl Fn(&str) -> bool,
) -> Result<Option<String>, String> {
    let note = match read_optional(path) {
        Ok(None) => None,
        Ok(Some(old)) if usable(&old) => None,
        Ok(Some(_)) | Err(_) => Some(set_aside_note(path, &move_aside(path, "unusable")?)),
    };
    super::writer::write_kept(path, text)?;
    Ok(note)
}

/// The one line that tells the player a damaged record was set aside and a fresh one begins.
pub fn set_aside_note(path: &Path, moved: &Path) -> String {
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    format!("{} was damaged and set aside as {}; starting fresh.", name(path), name(moved))
}

/// Reads a file that may not exist yet: `Ok(None)` when it is absent.
pub fn read_optional(path: &Path) -> Result<Option<String>, String> {
    #[cfg(target_arch = "wasm32")]
    return super::browser::read(path);
    #[cfg(not(target_arch = "wasm32"))]
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| "it is not text".to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("it could not be read ({e})")),
    }
}

/// The whole of a file (or the browser's entry) that must exist.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
    #[cfg(target_arch = "wasm32")]
    return super::browser::read(path)?.map(String::into_bytes).ok_or_else(|| "there is no such file".into());
    #[cfg(not(target_arch = "wasm32"))]
    std::fs::read(path).map_err(|e| e.to_string())
}

/// Today's date (UTC) as YYYY-MM-DD and a file-name stamp YYYYMMDD-HHMMSS, from the system clock.
pub fn date_and_stamp() -> (String, String) {
    use crate::app::clock::{SystemTime, UNIX_EPOCH};
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let rem = secs.rem_euclid(86_400);
    let (hh, mm, ss) = (rem / 3600, rem / 60 % 60, rem % 60);
    (format!("{y:04}-{m:02}-{d:02}"), format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}"))
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm), to avoid a date crate.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_match_known_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
