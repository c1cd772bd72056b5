//! Reactor Maintenance's rules: a deterministic, turn-based systems puzzle. Pure: no GPU, window,
//! clock or randomness, and no hash-map iteration. The engine grid is its only outside dependency.

pub mod action;
pub mod balance;
pub mod bounds;
pub mod campaign;
pub mod command;
pub mod dump;
pub mod edit;
pub mod explain;
pub mod forecast;
pub mod forecast_kind;
pub mod hash;
pub mod hazards;
pub mod hearing;
pub mod integrity;
pub mod legend;
pub mod level;
pub mod mode;
pub mod network;
pub mod palette;
pub mod present;
pub mod preview;
pub mod props;
pub mod pulse;
pub mod report;
pub mod sample;
pub mod schema;
pub mod schema_check;
pub mod script;
pub mod share;
pub mod solution;
pub mod solver;
pub mod state;
pub mod text;
pub mod undo;
pub mod validate;
pub mod words;

pub use balance::Balance;
pub use command::{Command, LeakAction, Outcome};
pub use level::Level;
pub use undo::Game;
