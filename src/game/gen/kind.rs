//! The names of the level generators, apart from the generators themselves, so that the balance
//! table can weigh them without importing the code that reads it.

/// The ways a level can be laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Generator {
    /// Rectangular rooms joined by a spanning tree of corridors plus a few loops.
    Rooms,
    /// Binary space partition: a tidy, building-like grid of rooms, each joined to its sibling.
    Bsp,
    /// Cellular-automata caves: random fill smoothed into caverns, the largest kept.
    Caves,
    /// A drunkard's walk: winding tunnels carved until a share of the grid is floor.
    Drunkard,
    /// Rooms and corridors on one side, caves on the other, joined.
    Mixed,
}

impl Generator {
    pub const ALL: [Generator; 5] =
        [Generator::Rooms, Generator::Bsp, Generator::Caves, Generator::Drunkard, Generator::Mixed];

    /// The name the state dump and the docs use.
    pub fn name(self) -> &'static str {
        match self {
            Generator::Rooms => "rooms",
            Generator::Bsp => "bsp",
            Generator::Caves => "caves",
            Generator::Drunkard => "drunkard",
            Generator::Mixed => "mixed",
        }
    }

    /// Whether the layout has rooms (and so the room rules for start and exit).
    pub fn has_rooms(self) -> bool {
        matches!(self, Generator::Rooms | Generator::Bsp | Generator::Mixed)
    }
}
