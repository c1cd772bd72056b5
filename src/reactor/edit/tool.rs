//! The editor's tools, their names, badge keys and tooltips, and which layer offers which (the seed's
//! layer rules: the cursor everywhere, surface tools on Surface, network tools on their own layer).

use super::layer::Layer;
use crate::reactor::level::{Item, Quantity};

/// One editing tool. What a click does is in `paint`; what a second click on the same thing does is in
/// `cycle` (docs/reactor.md, "Editor", has the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Tool {
    /// Selects a cell; changes nothing.
    #[default]
    Cursor,
    Floor,
    Wall,
    Robot,
    Consumer,
    Valve,
    Junction,
    Door,
    Terminal,
    Supply(Item),
    Sprinkler,
    Reactor,
    /// An initial surface value: fuel, sprinkler water, electricity or heat.
    Hazard(Quantity),
    /// Removes what the current layer holds at a cell.
    Erase,
    /// An underground cell of the current layer's carrier.
    Pipe,
    /// A flow prop of the current layer's carrier.
    Source,
    /// Sets an underground cell's structural integrity to the editor's amount.
    Integrity,
    /// A leak of the current layer's carrier (floor leak, or electricity wall leak).
    Leak,
}

impl Tool {
    pub fn name(&self) -> &'static str {
        match self {
            Tool::Cursor => "Cursor",
            Tool::Floor => "Floor",
            Tool::Wall => "Wall",
            Tool::Robot => "Robot start",
            Tool::Consumer => "Consumer",
            Tool::Valve => "Isolation valve",
            Tool::Junction => "Junction",
            Tool::Door => "Electric door",
            Tool::Terminal => "All-seeing eye terminal",
            Tool::Supply(Item::FuelNeutralizer) => "Fuel neutralizer supply",
            Tool::Supply(Item::CoolantNeutralizer) => "Coolant neutralizer supply",
            Tool::Supply(Item::ElectricityNeutralizer) => "Electricity neutralizer supply",
            Tool::Supply(Item::HeatShield) => "Heat shield supply",
            Tool::Sprinkler => "Sprinkler valve",
            Tool::Reactor => "Reactor control",
            Tool::Hazard(Quantity::Fuel) => "Fuel spill",
            Tool::Hazard(Quantity::Water) => "Sprinkler water",
            Tool::Hazard(Quantity::Electricity) => "Live electricity",
            Tool::Hazard(Quantity::Heat) => "Heat",
            Tool::Erase => "Erase",
            Tool::Pipe => "Network cell",
            Tool::Source => "Source",
            Tool::Integrity => "Integrity",
            Tool::Leak => "Leak",
        }
    }

    /// The stable semantic image key of the seed (`assets/reactor/badges/<key>.png` when present).
    pub fn badge_key(&self) -> &'static str {
        match self {
            Tool::Cursor => "tool-cursor",
            Tool::Floor => "tool-floor",
            Tool::Wall => "tool-wall",
            Tool::Robot => "tool-robot",
            Tool::Consumer => "tool-consumer",
            Tool::Valve => "tool-valve",
            Tool::Junction => "tool-junction",
            Tool::Door => "tool-door",
            Tool::Terminal => "tool-terminal",
            Tool::Supply(Item::FuelNeutralizer) => "tool-supply-fuel-neutralizer",
            Tool::Supply(Item::CoolantNeutralizer) => "tool-supply-coolant-neutralizer",
            Tool::Supply(Item::ElectricityNeutralizer) => "tool-supply-electricity-neutralizer",
            Tool::Supply(Item::HeatShield) => "tool-supply-heat-shield",
            Tool::Sprinkler => "tool-sprinkler",
            Tool::Reactor => "tool-reactor",
            Tool::Hazard(Quantity::Fuel) => "tool-hazard-fuel",
            Tool::Hazard(Quantity::Water) => "tool-hazard-water",
            Tool::Hazard(Quantity::Electricity) => "tool-hazard-electricity",
            Tool::Hazard(Quantity::Heat) => "tool-hazard-heat",
            Tool::Erase => "tool-erase",
            Tool::Pipe => "tool-pipe",
            Tool::Source => "tool-source",
            Tool::Integrity => "tool-integrity",
            Tool::Leak => "tool-leak",
        }
    }

    /// One sentence for a tooltip.
    pub fn hint(&self) -> &'static str {
        match self {
            Tool::Cursor => "Select a cell to inspect it; changes nothing.",
            Tool::Floor => "Paint floor; drag to paint many cells as one undo step.",
            Tool::Wall => "Paint wall; a wall may not hold surface values or floor props.",
            Tool::Robot => "Place the robot's start on a floor cell.",
            Tool::Consumer => "Place a consumer; it serves every carrier beneath it; click again to toggle it on or off.",
            Tool::Valve => "Place an isolation valve on a network cell; click again to cycle open/closed and its carrier.",
            Tool::Junction => "Place a junction on a one-carrier network cell; click again to cycle its ratio mode.",
            Tool::Door => "Place an electric door between two opposing walls; click again to toggle open/closed.",
            Tool::Terminal => "Place an all-seeing eye terminal; the underground is shown only there.",
            Tool::Supply(_) => "Place a remedy supply; click again to cycle the item it holds.",
            Tool::Sprinkler => "Mount a sprinkler valve on a wall over coolant; click again to cycle its outlet face and on/off.",
            Tool::Reactor => "Place (or move) the reactor control.",
            Tool::Hazard(_) => "Set this surface value on a floor cell to the editor's amount.",
            Tool::Erase => "Remove what this layer holds at a cell.",
            Tool::Pipe => "Paint this carrier's underground cells at full integrity.",
            Tool::Source => "Place this carrier's flow prop; click again to toggle it on or off.",
            Tool::Integrity => "Set a network cell's structural integrity to the editor's amount.",
            Tool::Leak => "Make a network cell leak (electricity leaks sit in walls); click again to cycle the access face.",
        }
    }

    /// Whether this tool writes the editor's amount (and which default it starts from).
    pub fn uses_amount(&self) -> bool {
        matches!(self, Tool::Hazard(_) | Tool::Integrity)
    }

    /// Whether the layer offers this tool (the seed's layer rules).
    pub fn available_on(&self, layer: Layer) -> bool {
        match self {
            Tool::Cursor | Tool::Erase => true,
            Tool::Pipe | Tool::Source | Tool::Integrity | Tool::Leak => layer != Layer::Surface,
            _ => layer == Layer::Surface,
        }
    }
}

/// The tools a layer offers, in palette order: the cursor first, erase last.
pub fn tools_for(layer: Layer) -> Vec<Tool> {
    let mut v = vec![Tool::Cursor];
    if layer == Layer::Surface {
        v.extend([
            Tool::Floor,
            Tool::Wall,
            Tool::Robot,
            Tool::Consumer,
            Tool::Valve,
            Tool::Junction,
            Tool::Door,
            Tool::Terminal,
        ]);
        v.extend(Item::ALL.map(Tool::Supply));
        v.extend([Tool::Sprinkler, Tool::Reactor]);
        v.extend(Quantity::ALL.map(Tool::Hazard));
    } else {
        v.extend([Tool::Pipe, Tool::Source, Tool::Integrity, Tool::Leak]);
    }
    v.push(Tool::Erase);
    v
}

/// Every tool of every layer, once each.
pub fn all_tools() -> Vec<Tool> {
    let mut v = tools_for(Layer::Surface);
    for t in tools_for(Layer::Fuel) {
        if !v.contains(&t) {
            v.push(t);
        }
    }
    v
}
