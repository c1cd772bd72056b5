//! The reactor solver: a shortest win over lengthy actions (quick moves collapsed into reachability),
//! proving a level's par, and the seed's authoring reading of its plausible first actions.
//!
//! `region` finds where the robot can walk safely; `moves` lists the lengthy actions at a spot;
//! `key` fingerprints a state for deduplication; `search` is the iterative-deepening search;
//! `first` the first-action analysis. Pure like the rest of the room: no clock, no hash maps.

pub mod audit;
pub mod authoring;
pub mod first;
pub mod key;
pub mod moves;
pub mod region;
pub mod search;

pub use first::{first_actions, FirstAction};
pub use search::{solve, Limits, Report, Verdict};

#[cfg(test)]
mod tests;
