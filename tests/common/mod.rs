//! Shared helpers for the GPU tests: open the (software) GPU or say loudly why not, and read pixels.

#![allow(dead_code)]

use hollowdeep::render::{Gpu, RenderError};
use std::io::Write;
use std::sync::OnceLock;

/// The GPU for a test, or `None` (with a loud message) when this machine has no adapter at all.
/// On CI (`CI=true`) a missing adapter fails the test instead: a skipped render test proves nothing.
/// One device is shared by all tests of a binary, since opening one costs more than a small frame.
pub fn gpu_or_skip() -> Option<&'static Gpu> {
    static GPU: OnceLock<Option<Gpu>> = OnceLock::new();
    GPU.get_or_init(open_or_explain).as_ref()
}

fn open_or_explain() -> Option<Gpu> {
    match Gpu::headless() {
        Ok(gpu) => Some(gpu),
        Err(RenderError::NoAdapter(why)) => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!(
                    "CI=true but no GPU adapter is available ({why}); install mesa-vulkan-drivers libvulkan1"
                );
            }
            // Written to the real stderr, not through eprintln!, so the test harness's output
            // capture cannot hide it behind an "ok".
            let banner = "!".repeat(76);
            let _ = writeln!(
                std::io::stderr(),
                "\n{banner}\n!!! GPU TEST NOT RUN: no GPU adapter ({why}).\n\
                 !!! Install Mesa's software Vulkan driver to run it anywhere:\n\
                 !!!     apt-get install mesa-vulkan-drivers libvulkan1\n\
                 !!! (On CI, set CI=true so that this is a failure instead.)\n{banner}"
            );
            None
        }
        Err(other) => panic!("{other}"),
    }
}

/// A read-back RGBA8 frame with pixel accessors.
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Frame {
    pub fn new(width: u32, height: u32, rgba: Vec<u8>) -> Frame {
        assert_eq!(rgba.len(), (width * height * 4) as usize, "frame size");
        Frame { width, height, rgba }
    }

    pub fn px(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Mean of the three channels, 0..255.
    pub fn luma(&self, x: u32, y: u32) -> f32 {
        let [r, g, b] = self.px(x, y);
        (r as f32 + g as f32 + b as f32) / 3.0
    }

    /// Mean luma over a rectangle.
    pub fn mean_luma(&self, x0: u32, y0: u32, w: u32, h: u32) -> f32 {
        let mut sum = 0.0;
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                sum += self.luma(x, y);
            }
        }
        sum / (w * h) as f32
    }

    /// Saves the frame for a human to look at; tests call this so a failure leaves evidence.
    pub fn save(&self, name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("hollowdeep_{name}.png"));
        hollowdeep::render::write_png(&path, self.width, self.height, &self.rgba)
            .expect("writing a PNG to the temp dir");
        path
    }
}
