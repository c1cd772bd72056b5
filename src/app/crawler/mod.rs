//! The crawler's front: its window session and turn machine, feedback and first-time hints, the
//! built-in player and the simulator, the end of a run, the daily seed, and its headless and
//! `--audio-out` drivers.

pub mod anim;
pub mod audio_out;
pub mod autoplayer;
pub mod daily;
pub mod effects;
pub mod guide;
pub mod headless;
pub mod hints;
pub mod keys;
pub mod paced;
pub mod run_end;
pub mod screen;
pub mod session;
pub mod simulate;
pub mod title_page;
pub mod turn_machine;
