//! The one writer of every file the program makes: saves, records, settings, dumps, recordings,
//! solutions, edited levels, screenshots and WAVs.
//!
//! A regular file (or a path that does not exist yet) is replaced through a temporary in the same
//! folder, synced, then renamed over it, so a crash or a full disk leaves the old file or the whole
//! new one. A symlink is followed and its target replaced the same way, so the link stays a link. A
//! device, pipe or socket is written straight into, as `cp` or a shell redirection would: renaming
//! over `/dev/null` would replace the machine's device with a regular file.
//!
//! In the browser (wasm32) there are no files: an output is gathered in memory and committed as one
//! entry of the site's storage (`browser`), which replaces the old text whole, as the rename does.

#[cfg(not(target_arch = "wasm32"))]
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// How many links are followed before the path is called a loop (Linux's own limit).
#[cfg(not(target_arch = "wasm32"))]
const MAX_LINKS: usize = 40;

/// Where an output's bytes go until the commit: a temporary file, or memory in the browser.
#[cfg(not(target_arch = "wasm32"))]
type Sink = File;
#[cfg(target_arch = "wasm32")]
type Sink = std::io::Cursor<Vec<u8>>;

/// An output being written. Dropped without [`Output::commit`], it leaves the old file untouched
/// and removes its temporary.
pub struct Output {
    file: Sink,
    /// The path the user named, for messages.
    named: PathBuf,
    /// For a replaced file: the temporary and the file it will replace.
    replace: Option<(PathBuf, PathBuf)>,
}

impl Output {
    /// In the browser: gathered in memory, kept in one piece by the commit.
    #[cfg(target_arch = "wasm32")]
    pub fn create(path: &Path) -> Result<Output, String> {
        let named = path.to_path_buf();
        Ok(Output {
            file: std::io::Cursor::new(Vec::new()),
            replace: Some((named.clone(), named.clone())),
            named,
        })
    }

    /// Opens `path` for writing as described in the module's comment.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn create(path: &Path) -> Result<Output, String> {
        let named = path.to_path_buf();
        let special = match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                return Err(format!("Could not write {}: it is a folder.", path.display()));
            }
            Ok(meta) => !meta.is_file(),
            Err(_) => false,
        };
        let (target, through_proc) = resolve_links(path)?;
        if special || through_proc {
            // Written in place, the kernel following any link; appending, so that `/dev/stdout`
            // redirected into a file keeps what the program printed there before.
            let file = OpenOptions::new()
                .append(true)
                .open(path)
                .map_err(|e| format!("Could not write {}: {e}.", path.display()))?;
            return Ok(Output { file, named, replace: None });
        }
        // An output goes where it is asked, as a shell redirection would: a mistyped folder is an
        // error, never a folder made up (the program's own folders: `write_kept`).
        check_output_folder(&target)?;
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        clean_stale_temporaries_of(dir, &name);
        let tmp = dir.join(temporary_name(&name));
        let file = File::create(&tmp).map_err(|e| format!("Could not write {}: {e}.", tmp.display()))?;
        // A replaced file keeps who may read it: a level shared read-only stays read-only.
        if let Ok(old) = std::fs::metadata(&target) {
            let _ = file.set_permissions(old.permissions());
        }
        Ok(Output { file, named, replace: Some((tmp, target)) })
    }

    /// In the browser: the gathered bytes become the entry's whole text.
    #[cfg(target_arch = "wasm32")]
    pub fn commit(mut self) -> Result<(), String> {
        let bytes = std::mem::take(self.file.get_mut());
        self.replace = None;
        super::browser::write(&self.named, &bytes)
    }

    /// Makes the written bytes the file's: synced and renamed into place (or flushed into the
    /// device or pipe).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn commit(mut self) -> Result<(), String> {
        let named = self.named.display().to_string();
        let Some((tmp, target)) = self.replace.take() else {
            return self.file.flush().map_err(|e| format!("Could not write {named}: {e}."));
        };
        let result =
            self.file.sync_all().map_err(|e| format!("Could not write {named}: {e}.")).and_then(|()| {
                std::fs::rename(&tmp, &target).map_err(|e| format!("Could not replace {named}: {e}."))
            });
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }

    /// Whether the output can go back to patch what it wrote (a WAV's header): a replaced file
    /// can, a pipe cannot.
    pub fn seekable(&self) -> bool {
        self.replace.is_some()
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

impl Seek for Output {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        self.file.seek(pos)
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if cfg!(target_arch = "wasm32") {
            return; // nothing was kept before the commit
        }
        if let Some((tmp, _)) = &self.replace {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Writes `bytes` as the whole content of `path` (see the module's comment).
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut out = Output::create(path)?;
    out.write_all(bytes).map_err(|e| format!("Could not write {}: {e}.", path.display()))?;
    out.commit()
}

/// [`write_bytes`] for text.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// Refuses, before any work is done, an output whose folder does not exist: a run played or a
/// level solved for minutes must not end in "Could not write".
pub fn check_output_folder(path: &Path) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(()); // the browser's storage has no folders
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if dir.is_dir() {
        Ok(())
    } else {
        Err(format!("Could not write {}: {} is not a folder.", path.display(), dir.display()))
    }
}

/// Makes the folder `path` goes in: for the files the program keeps in folders of its own (saves,
/// records, settings, morgue files, screenshots), which may not exist yet on a first run.
pub fn make_folder_for(path: &Path) -> Result<(), String> {
    if cfg!(target_arch = "wasm32") {
        return Ok(());
    }
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else { return Ok(()) };
    std::fs::create_dir_all(dir).map_err(|e| format!("Could not create {}: {e}.", dir.display()))
}

/// [`write_text`] of a file in one of the program's own folders, made first if need be.
pub fn write_kept(path: &Path, text: &str) -> Result<(), String> {
    make_folder_for(path)?;
    write_text(path, text)
}

/// Moves an unusable file out of the way under a name that is not taken yet, and returns that name.
pub fn move_aside(path: &Path, why: &str) -> Result<PathBuf, String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for n in 1..10_000 {
        let target = path.with_file_name(format!("{name}.{why}-{n}"));
        if !exists(&target) {
            rename(path, &target).map_err(|e| format!("Could not move {} aside: {e}.", path.display()))?;
            return Ok(target);
        }
    }
    Err(format!("Could not move {} aside: too many old copies.", path.display()))
}

/// Whether something is kept at `path` (a file, or the browser's entry).
pub fn exists(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    return super::browser::exists(path);
    #[cfg(not(target_arch = "wasm32"))]
    path.exists()
}

/// Removes what is kept at `path`; a missing file is no error.
pub fn remove(path: &Path) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    return super::browser::remove(path);
    #[cfg(not(target_arch = "wasm32"))]
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("Could not remove {}: {e}.", path.display()))
        }
        _ => Ok(()),
    }
}

#[cfg(target_arch = "wasm32")]
fn rename(from: &Path, to: &Path) -> Result<(), String> {
    let text = super::browser::read(from)?.unwrap_or_default();
    super::browser::write(to, text.as_bytes())?;
    super::browser::remove(from)
}

#[cfg(not(target_arch = "wasm32"))]
fn rename(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::rename(from, to).map_err(|e| e.to_string())
}

/// The file a chain of symlinks ends at (which may not exist yet: a dangling link is written
/// through, as a shell redirection would), and whether the chain passed through `/proc`, whose
/// links (`/dev/stdout` → `/proc/self/fd/1`) name open files rather than paths.
#[cfg(not(target_arch = "wasm32"))]
fn resolve_links(path: &Path) -> Result<(PathBuf, bool), String> {
    let mut current = path.to_path_buf();
    let mut through_proc = false;
    for _ in 0..MAX_LINKS {
        through_proc |= current.starts_with("/proc");
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)
                    .map_err(|e| format!("Could not follow the link {}: {e}.", current.display()))?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok((current, through_proc)),
        }
    }
    Err(format!("Could not write {}: too many links.", path.display()))
}

/// `.NAME.tmp-PID`: hidden, beside the file it replaces, and named by its writer so that a
/// temporary still being written by a live process is never taken for a stale one.
#[cfg(not(target_arch = "wasm32"))]
fn temporary_name(name: &str) -> String {
    format!(".{name}.tmp-{}", std::process::id())
}

/// The writer's pid in a temporary's name, and the name of the file it was replacing.
#[cfg(not(target_arch = "wasm32"))]
fn parse_temporary(file_name: &str) -> Option<(&str, u32)> {
    let (name, pid) = file_name.strip_prefix('.')?.rsplit_once(".tmp-")?;
    Some((name, pid.parse().ok()?))
}

/// Removes what killed or failed writes of `name` left in `dir`.
#[cfg(not(target_arch = "wasm32"))]
fn clean_stale_temporaries_of(dir: &Path, name: &str) {
    clean_matching(dir, |n| n == name);
}

/// Removes what a killed or failed write left behind in `dir`: `.NAME.tmp-PID` files whose
/// process is no longer running (on systems without `/proc`, those older than a day). A file being
/// written right now by a live process is left alone. Returns how many were removed.
pub fn clean_stale_temporaries(dir: &Path) -> usize {
    clean_matching(dir, |_| true)
}

/// The browser has no pids and leaves no temporaries.
#[cfg(target_arch = "wasm32")]
fn clean_matching(_dir: &Path, _wanted: impl Fn(&str) -> bool) -> usize {
    0
}

#[cfg(not(target_arch = "wasm32"))]
fn clean_matching(dir: &Path, wanted: impl Fn(&str) -> bool) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some((name, pid)) = parse_temporary(&file_name) else { continue };
        if wanted(name)
            && pid != std::process::id()
            && !process_alive(pid, &entry.path())
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

#[cfg(not(target_arch = "wasm32"))]
fn process_alive(pid: u32, file: &Path) -> bool {
    let proc = Path::new("/proc");
    if proc.is_dir() {
        return proc.join(pid.to_string()).exists();
    }
    let age = std::fs::metadata(file).and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
    age.is_none_or(|a| a < std::time::Duration::from_secs(24 * 3600))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hollowdeep-writer-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_symlink_stays_a_link_and_its_target_gets_the_bytes() {
        let dir = folder("link");
        let target = dir.join("real.json");
        std::fs::write(&target, "old").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        write_text(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink(dir.join("made.txt"), &dangling).unwrap();
        write_text(&dangling, "made").unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("made.txt")).unwrap(), "made");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_pipe_is_written_into_not_replaced() {
        let dir = folder("fifo");
        let fifo = dir.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write_text(&fifo, "through the pipe").unwrap();
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(!std::fs::metadata(&fifo).unwrap().is_file(), "the fifo is still a fifo");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_output_dropped_before_commit_leaves_the_old_file_and_no_temporary() {
        let dir = folder("drop");
        let path = dir.join("best.json");
        std::fs::write(&path, "kept").unwrap();
        {
            let mut out = Output::create(&path).unwrap();
            out.write_all(b"half of a new").unwrap();
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary is left");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_write_removes_the_stale_temporaries_of_its_own_file_only() {
        let dir = folder("stale");
        // A pid far above any kernel's limit stands for a writer that was killed.
        let mine = dir.join(".out.json.tmp-4294967295");
        let other = dir.join(".other.json.tmp-4294967295");
        std::fs::write(&mine, "x").unwrap();
        std::fs::write(&other, "x").unwrap();
        write_text(&dir.join("out.json"), "{}").unwrap();
        assert!(!mine.exists());
        assert!(other.exists(), "another output's temporary waits for its own write or a start");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_output_never_makes_up_its_folder_but_a_kept_file_does() {
        let dir = folder("nofolder");
        let out = dir.join("no").join("such").join("out.json");
        let err = write_text(&out, "x").unwrap_err();
        assert!(err.ends_with("is not a folder."), "{err}");
        assert!(!dir.join("no").exists());
        write_kept(&out, "x").unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "x");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_is_refused_in_one_sentence() {
        let dir = folder("isdir");
        let err = write_text(&dir, "x").unwrap_err();
        assert!(err.ends_with("it is a folder."), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn regression_killed_atomic_writes_leave_no_temporaries_after_the_next_start() {
        let dir = folder("tmpclean");
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
