//! Files that outlive a process: the saved run, the profile, settings, morgue files and recordings.
//!
//! Every file is written atomically (temporary file, then rename) and read defensively: a file that
//! cannot be used is moved aside with one clear message, never deleted or overwritten.

#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod files;
pub mod keeper;
pub mod morgue;
pub mod profile;
pub mod reactor_records;
pub mod run_save;
pub mod settings;
pub mod writer;

pub use files::{config_dir, data_dir};

/// Removes the temporaries that killed or failed writes left in every folder the program keeps
/// files in (the data folder and its subfolders, the settings folder).
pub fn clean_data_folders() {
    let data = data_dir();
    let subfolders = std::fs::read_dir(&data)
        .map(|entries| entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect::<Vec<_>>())
        .unwrap_or_default();
    for dir in subfolders.into_iter().chain([data, config_dir()]) {
        writer::clean_stale_temporaries(&dir);
    }
}
