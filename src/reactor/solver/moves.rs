//! The lengthy actions to try from one robot spot: every prop it can interact with (the chooser's
//! alternatives each named: the prop underfoot, a wall sprinkler whose outlet this is), every leak
//! whose access this is, each carried neutralizer, the heat shield. Acceptance is left to the rules
//! (`command::execute`); this only lists what could be accepted, in a fixed order.

use crate::reactor::command::{self, Command, LeakAction};
use crate::reactor::level::{Carrier, Item, Level};
use crate::reactor::props;

pub fn candidates(level: &Level) -> Vec<Command> {
    let mut out = Vec::new();
    for k in props::interactable(level) {
        out.push(Command::InteractProp(Some(level.props[k].pos)));
    }
    for k in command::reachable_leaks(level) {
        let at = Some(level.leaks[k].under);
        let c = Command::InteractLeak(at, LeakAction::Repair);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    for c in Carrier::ALL {
        if level.inventory.contains(&Item::neutralizer(c)) {
            out.push(Command::InteractLeak(None, LeakAction::Neutralize(c)));
        }
    }
    if level.inventory.contains(&Item::HeatShield) {
        out.push(Command::ApplyHeatShield);
    }
    out
}
