//! The game rules, without a GPU or a file system: one test binary for every rule test, so that
//! `cargo test` links the crate (and wgpu) once for all of them instead of once per file.
//!
//! Each module is one former test file under `tests/rules/`; run one with
//! `cargo test --test rules combat::`.

mod bot;
#[path = "golden/mod.rs"]
mod golden;
mod support;

#[path = "rules/ai.rs"]
mod ai;
#[path = "rules/combat.rs"]
mod combat;
#[path = "rules/dump.rs"]
mod dump;
#[path = "rules/fov.rs"]
mod fov;
#[path = "rules/generation.rs"]
mod generation;
#[path = "rules/generators.rs"]
mod generators;
#[path = "rules/items.rs"]
mod items;
#[path = "rules/landmarks.rs"]
mod landmarks;
#[path = "rules/pacing.rs"]
mod pacing;
#[path = "rules/playthrough.rs"]
mod playthrough;
#[path = "rules/resources.rs"]
mod resources;
#[path = "rules/sanity.rs"]
mod sanity;
#[path = "rules/soak.rs"]
mod soak;
#[path = "rules/turns.rs"]
mod turns;
