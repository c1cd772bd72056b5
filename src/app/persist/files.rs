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

/// Removes what a killed or failed atomic write left behind in `dir`: `.NAME.tmp-PID` files whose
/// process is no longer running (on systems without `/proc`, those older than a day). A file being
/// written right now by a live process is left alone. Returns how many were removed.
pub fn clean_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix('.').and_then(|n| n.rsplit_once(".tmp-")).map(|(_, pid)| pid)
        else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid != std::process::id()
            && !process_alive(pid, &entry.path())
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

fn process_alive(pid: u32, file: &Path) -> bool {
    let proc = Path::new("/proc");
    if proc.is_dir() {
        return proc.join(pid.to_string()).exists();
    }
    let age = std::fs::metadata(file).and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
    age.is_none_or(|a| a < std::time::Duration::from_secs(24 * 3600))
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so a crash
/// leaves either the old file or the new one, never half of one.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    write_atomic_bytes(path, text.as_bytes())
}

/// [`write_atomic`] for bytes that are not text (a WAV file).
pub fn write_atomic_bytes(path: &Path, text: &[u8]) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("Could not create {}: {e}.", dir.display()))?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    write_synced(&tmp, text).map_err(|e| format!("Could not write {}: {e}.", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("Could not replace {}: {e}.", path.display())
    })
}

/// Writes and flushes to disk before the rename, so a power cut cannot leave an empty file behind.
fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
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

/// Today's date (UTC) as YYYY-MM-DD and a file-name stamp YYYYMMDD-HHMMSS, from the system clock.
pub fn date_and_stamp() -> (String, String) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
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

    #[test]
    fn regression_killed_atomic_writes_leave_no_temporaries_after_the_next_start() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-tmpclean-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A pid far above any kernel's limit stands for a writer that was killed.
        let dead = dir.join(".run.json.tmp-4294967295");
        let mine = dir.join(format!(".run.json.tmp-{}", std::process::id()));
        let keep = [dir.join("run.json"), dir.join(".hidden"), dir.join(".x.tmp-notapid")];
        for f in [&dead, &mine].into_iter().chain(keep.iter()) {
            std::fs::write(f, "x").unwrap();
        }
        assert_eq!(clean_stale_temporaries(&dir), 1);
        assert!(!dead.exists());
        assert!(mine.exists(), "a write in progress is left alone");
        assert!(keep.iter().all(|f| f.exists()), "only temporaries go");
        std::fs::remove_dir_all(&dir).ok();
    }
}
