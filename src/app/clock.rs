//! The clock the shell reads: the system's on the desktop, the browser's on the web (std's
//! `Instant::now` panics on wasm32, which has no clock of its own). The rules never read it.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
