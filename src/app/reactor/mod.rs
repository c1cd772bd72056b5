//! The reactor's front: its window session, starting and leaving levels, the campaign's page,
//! the command line's `hollowdeep reactor …` and the level editor.

pub mod audio_out;
pub mod campaign_page;
pub mod cli;
pub mod editor;
pub mod keys;
pub mod play;
pub mod screen;
pub mod session;
pub mod title_page;
