//! The reactor's state types: terrain, underground cells, surface values, props, leaks, robot, level.

use crate::grid::{Grid, Pos};

/// An underground carrier network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Carrier {
    Fuel = 0,
    Coolant = 1,
    Electricity = 2,
}

impl Carrier {
    pub const ALL: [Carrier; 3] = [Carrier::Fuel, Carrier::Coolant, Carrier::Electricity];

    pub fn name(self) -> &'static str {
        match self {
            Carrier::Fuel => "fuel",
            Carrier::Coolant => "coolant",
            Carrier::Electricity => "electricity",
        }
    }

    pub fn parse(s: &str) -> Option<Carrier> {
        Carrier::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The surface quantity this carrier leaks as (coolant leaks as sprinkler water).
    pub fn quantity(self) -> Quantity {
        match self {
            Carrier::Fuel => Quantity::Fuel,
            Carrier::Coolant => Quantity::Water,
            Carrier::Electricity => Quantity::Electricity,
        }
    }
}

/// A surface value stored on floor cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quantity {
    Fuel = 0,
    Water = 1,
    Electricity = 2,
    Heat = 3,
}

impl Quantity {
    pub const ALL: [Quantity; 4] = [Quantity::Fuel, Quantity::Water, Quantity::Electricity, Quantity::Heat];

    pub fn name(self) -> &'static str {
        match self {
            Quantity::Fuel => "fuel",
            Quantity::Water => "water",
            Quantity::Electricity => "electricity",
            Quantity::Heat => "heat",
        }
    }

    /// The seed's band family name (water is the coolant family).
    pub fn family(self) -> &'static str {
        match self {
            Quantity::Fuel => "Fuel",
            Quantity::Water => "Coolant",
            Quantity::Electricity => "Electricity",
            Quantity::Heat => "Heat",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Terrain {
    #[default]
    Floor,
    Wall,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, PartialOrd, Ord)]
pub enum Structure {
    #[default]
    Absent,
    Intact,
    Leaking,
}

impl Structure {
    pub fn name(self) -> &'static str {
        match self {
            Structure::Absent => "absent",
            Structure::Intact => "intact",
            Structure::Leaking => "leaking",
        }
    }
}

/// One underground cell of one carrier. Amount and intensity are transient (recomputed by every
/// propagation); structure and integrity persist.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Under {
    pub structure: Structure,
    pub amount: f32,
    pub intensity: f32,
    pub integrity: f32,
}

impl Under {
    pub fn present(&self) -> bool {
        self.structure != Structure::Absent
    }

    pub fn fed(&self) -> bool {
        self.present() && self.amount > 0.0 && self.intensity > 0.0
    }
}

/// Surface values of one floor cell, indexed by `Quantity`, and the remaining pulses of each element's
/// remedy block (fuel, water, electricity).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Surface {
    pub v: [f32; 4],
    pub block: [u32; 3],
}

impl Surface {
    pub fn get(&self, q: Quantity) -> f32 {
        self.v[q as usize]
    }

    pub fn blocked(&self, q: Quantity) -> bool {
        (q as usize) < 3 && self.block[q as usize] > 0
    }

    pub fn is_clear(&self) -> bool {
        self.v.iter().all(|x| *x == 0.0) && self.block.iter().all(|b| *b == 0)
    }
}

/// A remedial consumable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    FuelNeutralizer,
    CoolantNeutralizer,
    ElectricityNeutralizer,
    HeatShield,
}

impl Item {
    pub const ALL: [Item; 4] =
        [Item::FuelNeutralizer, Item::CoolantNeutralizer, Item::ElectricityNeutralizer, Item::HeatShield];

    pub fn name(self) -> &'static str {
        match self {
            Item::FuelNeutralizer => "fuel_neutralizer",
            Item::CoolantNeutralizer => "coolant_neutralizer",
            Item::ElectricityNeutralizer => "electricity_neutralizer",
            Item::HeatShield => "heat_shield",
        }
    }

    pub fn parse(s: &str) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.name() == s)
    }

    pub fn neutralizer(c: Carrier) -> Item {
        match c {
            Carrier::Fuel => Item::FuelNeutralizer,
            Carrier::Coolant => Item::CoolantNeutralizer,
            Carrier::Electricity => Item::ElectricityNeutralizer,
        }
    }
}

/// Per-carrier service state of a consumer (and `Absent` where no layer lies beneath it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Service {
    #[default]
    Absent,
    Disabled,
    Starved,
    Supplied,
    Producing,
}

impl Service {
    pub fn name(self) -> &'static str {
        match self {
            Service::Absent => "absent",
            Service::Disabled => "disabled",
            Service::Starved => "starved",
            Service::Supplied => "supplied",
            Service::Producing => "producing",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PropKind {
    Flow {
        carrier: Carrier,
        enabled: bool,
    },
    Valve {
        carrier: Carrier,
        open: bool,
    },
    Consumer {
        enabled: bool,
    },
    Junction {
        mode: u32,
    },
    Door {
        open: bool,
    },
    Terminal,
    Supply {
        item: Item,
        depleted: bool,
    },
    /// Wall-mounted; discharges onto `outlet`.
    Sprinkler {
        enabled: bool,
        outlet: Pos,
    },
    Reactor,
}

impl PropKind {
    pub fn name(&self) -> &'static str {
        match self {
            PropKind::Flow { .. } => "flow",
            PropKind::Valve { .. } => "valve",
            PropKind::Consumer { .. } => "consumer",
            PropKind::Junction { .. } => "junction",
            PropKind::Door { .. } => "door",
            PropKind::Terminal => "terminal",
            PropKind::Supply { .. } => "supply",
            PropKind::Sprinkler { .. } => "sprinkler",
            PropKind::Reactor => "reactor",
        }
    }
}

/// A surface prop. `service` and `fed` are derived by every propagation: consumer service per carrier,
/// and "its local feed is live" (sprinkler discharging, door powered, reactor feed satisfied).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prop {
    pub pos: Pos,
    pub kind: PropKind,
    pub service: [Service; 3],
    pub fed: bool,
}

impl Prop {
    pub fn new(pos: Pos, kind: PropKind) -> Self {
        Self { pos, kind, service: [Service::Absent; 3], fed: false }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leak {
    pub carrier: Carrier,
    pub under: Pos,
    pub access: Pos,
    pub repaired: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Robot {
    pub pos: Pos,
    pub heat_immunity: u32,
    pub terminal_active: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Difficulty {
    Easy = 0,
    #[default]
    Normal = 1,
    Hard = 2,
}

impl Difficulty {
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Difficulty> {
        [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard].into_iter().find(|d| d.name() == s)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossCause {
    TerminalHeat,
    UnsafeEntry,
}

impl LossCause {
    /// The loss in one sentence: the message line and the loss card say it the same way.
    pub fn sentence(self) -> &'static str {
        match self {
            LossCause::TerminalHeat => "Heat reached the meltdown threshold.",
            LossCause::UnsafeEntry => "The robot entered an unsafe cell.",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Status {
    #[default]
    Playing,
    Lost(LossCause),
    Won,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Lost(LossCause::TerminalHeat) => "lost_terminal_heat",
            Status::Lost(LossCause::UnsafeEntry) => "lost_unsafe_entry",
            Status::Won => "won",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Playing,
            Status::Lost(LossCause::TerminalHeat),
            Status::Lost(LossCause::UnsafeEntry),
            Status::Won,
        ]
        .into_iter()
        .find(|x| x.name() == s)
    }
}

/// The derived level state, highest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum LevelState {
    #[default]
    Stable,
    Caution,
    Critical,
    Ready,
    Lost,
    Won,
}

impl LevelState {
    pub fn name(self) -> &'static str {
        match self {
            LevelState::Stable => "Stable",
            LevelState::Caution => "Caution",
            LevelState::Critical => "Critical",
            LevelState::Ready => "Ready",
            LevelState::Lost => "Lost",
            LevelState::Won => "Won",
        }
    }
}

/// A short text an author pins to a cell (the guided tutorial's captions), drawn beside that cell on
/// the board. No rule reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    pub pos: Pos,
    pub text: String,
}

impl Caption {
    /// The cell the caption's arrow points at: its arrow stands one column right of its cell, `v`
    /// points at the cell below that, `^` at the cell above, `<` (or no arrow) at its own cell.
    pub fn target(&self) -> Pos {
        match self.text.chars().next() {
            Some('v') => Pos::new(self.pos.x + 1, self.pos.y + 1),
            Some('^') => Pos::new(self.pos.x + 1, self.pos.y - 1),
            _ => self.pos,
        }
    }
}

/// A whole level: authored layout plus dynamic state. Derived fields (network values, services,
/// forecasts, state) are recomputed from the rest and never trusted from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub id: String,
    pub name: String,
    pub terrain: Grid<Terrain>,
    pub under: [Grid<Under>; 3],
    pub surface: Grid<Surface>,
    pub props: Vec<Prop>,
    pub leaks: Vec<Leak>,
    pub robot: Robot,
    pub inventory: Vec<Item>,
    pub required: [u32; 3],
    pub difficulty: Difficulty,
    pub status: Status,
    pub pulse: u32,
    pub hazard_growing: bool,
    pub peak_heat: f32,
    pub remedies_used: u32,
    pub forecasts: Vec<super::forecast_kind::Forecast>,
    pub state: LevelState,
    /// The author's captions, in file order (optional in the file; most levels have none).
    pub captions: Vec<Caption>,
}

impl Level {
    /// An all-floor level with nothing on it; builders and tests start here.
    pub fn empty(id: &str, width: i32, height: i32) -> Self {
        let under = Grid::filled(width, height, Under::default());
        Self {
            id: id.to_string(),
            name: id.to_string(),
            terrain: Grid::filled(width, height, Terrain::Floor),
            under: [under.clone(), under.clone(), under],
            surface: Grid::filled(width, height, Surface::default()),
            props: Vec::new(),
            leaks: Vec::new(),
            robot: Robot::default(),
            inventory: Vec::new(),
            required: [0; 3],
            difficulty: Difficulty::Normal,
            status: Status::Playing,
            pulse: 0,
            hazard_growing: false,
            peak_heat: 0.0,
            remedies_used: 0,
            forecasts: Vec::new(),
            state: LevelState::Stable,
            captions: Vec::new(),
        }
    }

    pub fn width(&self) -> i32 {
        self.terrain.width()
    }

    pub fn height(&self) -> i32 {
        self.terrain.height()
    }

    pub fn is_floor(&self, p: Pos) -> bool {
        self.terrain.get(p) == Some(&Terrain::Floor)
    }

    pub fn is_wall(&self, p: Pos) -> bool {
        self.terrain.get(p) == Some(&Terrain::Wall)
    }

    pub fn under_at(&self, c: Carrier, p: Pos) -> Under {
        self.under[c as usize].get(p).copied().unwrap_or_default()
    }

    pub fn prop_at(&self, p: Pos) -> Option<usize> {
        self.props.iter().position(|pr| pr.pos == p)
    }

    /// Carriers present beneath a cell, in fixed order.
    pub fn carriers_at(&self, p: Pos) -> Vec<Carrier> {
        Carrier::ALL.into_iter().filter(|c| self.under_at(*c, p).present()).collect()
    }

    /// The hottest floor cell's heat.
    pub fn max_heat(&self) -> f32 {
        let mut m = 0.0f32;
        for (t, s) in self.terrain.as_slice().iter().zip(self.surface.as_slice()) {
            if *t == Terrain::Floor && s.v[3] > m {
                m = s.v[3];
            }
        }
        m
    }

    pub fn is_over(&self) -> bool {
        self.status != Status::Playing
    }
}
