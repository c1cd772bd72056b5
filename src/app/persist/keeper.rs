//! One file kept current off the frame's thread: the saved run is rewritten after every turn, and a
//! synced write can take a slow disk tens of milliseconds, which the window must not wait for.
//!
//! A [`Keeper`] holds at most one job waiting: a newer text replaces a waiting one (only the newest
//! state matters), and a removal replaces a waiting write, so the file always ends as the last call
//! asked. Writes go through [`writer::write_kept`], so each is atomic. [`Keeper::settle`] waits
//! until nothing is waiting or under way, for a caller that writes the file itself next; dropping
//! the keeper settles it. In the browser there are no threads: every job is done at once.

use super::writer;
use std::path::PathBuf;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// What the file should become.
enum Job {
    Write(String),
    Remove,
}

impl Job {
    fn run(self, path: &std::path::Path) -> Result<(), String> {
        match self {
            Job::Write(text) => writer::write_kept(path, &text),
            Job::Remove => writer::remove(path),
        }
    }
}

/// Between the caller and the thread that writes.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Default)]
struct Shared {
    waiting: Option<Job>,
    busy: bool,
    closing: bool,
    /// Failures not yet taken by [`Keeper::take_failures`].
    failures: Vec<String>,
}

#[cfg(not(target_arch = "wasm32"))]
type Link = Arc<(Mutex<Shared>, Condvar)>;

pub struct Keeper {
    path: PathBuf,
    #[cfg(not(target_arch = "wasm32"))]
    link: Link,
    /// `None` where no thread could be started: then every job is done at once, as in the browser.
    #[cfg(not(target_arch = "wasm32"))]
    thread: Option<std::thread::JoinHandle<()>>,
    #[cfg(target_arch = "wasm32")]
    failures: Vec<String>,
}

impl Keeper {
    /// A keeper of the file at `path`; nothing is written until asked.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn new(path: PathBuf) -> Keeper {
        let link: Link = Arc::default();
        let (for_thread, target) = (Arc::clone(&link), path.clone());
        let thread = std::thread::Builder::new()
            .name("hollowdeep-keeper".into())
            .spawn(move || work(&for_thread, &target))
            .ok();
        Keeper { path, link, thread }
    }

    #[cfg(target_arch = "wasm32")]
    pub fn new(path: PathBuf) -> Keeper {
        Keeper { path, failures: Vec::new() }
    }

    /// The file becomes `text` (soon, or at once without a thread).
    pub fn write(&mut self, text: String) {
        self.ask(Job::Write(text));
    }

    /// The file goes (a missing one is no error).
    pub fn remove(&mut self) {
        self.ask(Job::Remove);
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn ask(&mut self, job: Job) {
        if self.thread.is_none() {
            if let Err(why) = job.run(&self.path) {
                lock(&self.link).failures.push(why);
            }
            return;
        }
        lock(&self.link).waiting = Some(job);
        self.link.1.notify_all();
    }

    #[cfg(target_arch = "wasm32")]
    fn ask(&mut self, job: Job) {
        if let Err(why) = job.run(&self.path) {
            self.failures.push(why);
        }
    }

    /// Waits until every job asked for is done.
    pub fn settle(&self) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let mut shared = lock(&self.link);
            while shared.waiting.is_some() || shared.busy {
                shared = self.link.1.wait(shared).unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        }
    }

    /// The jobs that failed since the last call, each as one sentence.
    pub fn take_failures(&mut self) -> Vec<String> {
        #[cfg(not(target_arch = "wasm32"))]
        return std::mem::take(&mut lock(&self.link).failures);
        #[cfg(target_arch = "wasm32")]
        return std::mem::take(&mut self.failures);
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for Keeper {
    fn drop(&mut self) {
        lock(&self.link).closing = true;
        self.link.1.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A lock that a panicked holder does not poison for the others: the state stays consistent, as
/// every change under it is a single assignment.
#[cfg(not(target_arch = "wasm32"))]
fn lock(link: &Link) -> MutexGuard<'_, Shared> {
    link.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The writing thread: takes the waiting job, does it unlocked, and ends once closing leaves
/// nothing waiting.
#[cfg(not(target_arch = "wasm32"))]
fn work(link: &Link, path: &std::path::Path) {
    let mut shared = lock(link);
    loop {
        if let Some(job) = shared.waiting.take() {
            shared.busy = true;
            drop(shared);
            // A write that panicked must still end as done, or `settle` would wait for ever.
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run(path)))
                .unwrap_or_else(|_| Err(format!("Could not write {}: the writer failed.", path.display())));
            shared = lock(link);
            shared.busy = false;
            if let Err(why) = result {
                shared.failures.push(why);
            }
            link.1.notify_all();
        } else if shared.closing {
            return;
        } else {
            shared = link.1.wait(shared).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hollowdeep-keeper-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_file_ends_as_the_last_call_asked() {
        let dir = folder("last");
        let path = dir.join("data").join("run.json");
        let mut keeper = Keeper::new(path.clone());
        for n in 0..200 {
            keeper.write(format!("turn {n}"));
        }
        keeper.settle();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "turn 199");
        keeper.write("turn 200".into());
        keeper.remove();
        keeper.settle();
        assert!(!path.exists(), "a removal after a write wins");
        keeper.remove();
        keeper.write("turn 201".into());
        drop(keeper);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "turn 201", "dropping settles");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_is_told_once_and_the_next_one_still_lands() {
        let dir = folder("fails");
        std::fs::create_dir_all(&dir).unwrap();
        // A folder where the file should be: no write can replace it.
        let path = dir.join("run.json");
        std::fs::create_dir(&path).unwrap();
        let mut keeper = Keeper::new(path.clone());
        keeper.write("lost".into());
        keeper.settle();
        let failures = keeper.take_failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].contains("folder"), "{failures:?}");
        assert!(keeper.take_failures().is_empty(), "each failure is told once");
        std::fs::remove_dir(&path).unwrap();
        keeper.write("kept".into());
        keeper.settle();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept");
        assert!(keeper.take_failures().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
