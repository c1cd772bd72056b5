//! Files that outlive a process: the saved run, the profile, settings, morgue files and recordings.
//!
//! Every file is written atomically (temporary file, then rename) and read defensively: a file that
//! cannot be used is moved aside with one clear message, never deleted or overwritten.

pub mod files;
pub mod morgue;
pub mod profile;
pub mod reactor_records;
pub mod recording;
pub mod run_save;
pub mod settings;
pub mod writer;

pub use files::{config_dir, data_dir};
