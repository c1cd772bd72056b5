//! The editor's four layers: the surface and the three underground carriers.

use crate::reactor::level::Carrier;

/// What the editor is looking at and painting on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Layer {
    #[default]
    Surface,
    Electricity,
    Fuel,
    Coolant,
}

impl Layer {
    /// The seed's order of the layer selector.
    pub const ALL: [Layer; 4] = [Layer::Surface, Layer::Electricity, Layer::Fuel, Layer::Coolant];

    pub fn name(self) -> &'static str {
        match self {
            Layer::Surface => "Surface",
            Layer::Electricity => "Electricity",
            Layer::Fuel => "Fuel",
            Layer::Coolant => "Coolant",
        }
    }

    /// The underground carrier of this layer (`None` on the surface).
    pub fn carrier(self) -> Option<Carrier> {
        match self {
            Layer::Surface => None,
            Layer::Electricity => Some(Carrier::Electricity),
            Layer::Fuel => Some(Carrier::Fuel),
            Layer::Coolant => Some(Carrier::Coolant),
        }
    }

    /// The layer that shows a carrier.
    pub fn of(c: Carrier) -> Layer {
        match c {
            Carrier::Electricity => Layer::Electricity,
            Carrier::Fuel => Layer::Fuel,
            Carrier::Coolant => Layer::Coolant,
        }
    }
}
