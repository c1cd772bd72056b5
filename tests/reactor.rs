//! Reactor Maintenance's rules, end to end: one test binary, one submodule per area of the seed's
//! coverage list. Expectations are read from the balance table and the pair table, never restated.

#[path = "reactor/support.rs"]
mod support;

#[path = "reactor/authoring.rs"]
mod authoring;
#[path = "reactor/bounds.rs"]
mod bounds;
#[path = "reactor/campaign.rs"]
mod campaign;
#[path = "reactor/captions.rs"]
mod captions;
#[path = "reactor/cli.rs"]
mod cli;
#[path = "reactor/determinism.rs"]
mod determinism;
#[path = "reactor/editor.rs"]
mod editor;
#[path = "reactor/forecasts.rs"]
mod forecasts;
#[path = "reactor/hazards.rs"]
mod hazards;
#[path = "reactor/history.rs"]
mod history;
#[path = "reactor/integrity.rs"]
mod integrity;
#[path = "reactor/network.rs"]
mod network;
#[path = "reactor/playtest.rs"]
mod playtest;
#[path = "reactor/properties.rs"]
mod properties;
#[path = "reactor/props.rs"]
mod props;
#[path = "reactor/purity.rs"]
mod purity;
#[path = "reactor/records.rs"]
mod records;
#[path = "reactor/refusal.rs"]
mod refusal;
#[path = "reactor/robot.rs"]
mod robot;
#[path = "reactor/schema.rs"]
mod schema;
#[path = "reactor/solver.rs"]
mod solver;
#[path = "reactor/validation.rs"]
mod validation;
