//! Key tables for any front: a row type generic over the front's own command, the player's keys
//! over every front's rows, and physical key names. Each front declares its own rows and command
//! type beside its screens; this module names none of them.

pub mod bindings;
pub mod names;
pub mod row;
pub mod typing;

pub use bindings::{Bindings, Taken};
pub use names::{key_from_name, key_label, key_name};
pub use row::{named, Context, Row, RowInfo};
