//! `RenderError`: what can go wrong on the device or file side, each worded as one sentence with its fix.

use std::fmt;
use std::path::PathBuf;

/// A failure of the GPU or of writing an image. `Display` is a single sentence that names the fix, so
/// `main` can print it as is and exit non-zero.
#[derive(Debug)]
pub enum RenderError {
    /// No adapter at all (no GPU and no software Vulkan); the string is wgpu's own reason.
    NoAdapter(String),
    /// An adapter exists but refused to give us a device (limits, lost device, driver trouble).
    Device(String),
    /// A file could not be written.
    Io { path: PathBuf, source: std::io::Error },
    /// The PNG encoder refused the data (wrong size, or the write failed inside the encoder).
    Png { path: PathBuf, reason: String },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::NoAdapter(why) => write!(
                f,
                "No GPU adapter found ({why}): install Mesa's lavapipe (apt-get install mesa-vulkan-drivers libvulkan1), or run --headless without --screenshot."
            ),
            RenderError::Device(why) => write!(
                f,
                "The GPU adapter would not open a device ({why}): update the graphics driver, or force Mesa's lavapipe with WGPU_BACKEND=vulkan and WGPU_ADAPTER_NAME=llvmpipe."
            ),
            RenderError::Io { path, source } => write!(
                f,
                "Could not write {} ({source}): check that the folder exists and is writable.",
                path.display()
            ),
            RenderError::Png { path, reason } => write!(
                f,
                "Could not encode the PNG {} ({reason}): check the --size and that the disk is not full.",
                path.display()
            ),
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
