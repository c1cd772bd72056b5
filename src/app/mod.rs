//! The application shell: window, input, turn machine, headless driver and CLI.

/// Entry point of the binary; returns the process exit code.
pub fn main() -> i32 {
    0
}
