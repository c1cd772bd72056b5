//! The seed's layer opacity scheme: which layer is active decides how opaque the surface and each
//! underground carrier are drawn (the board shader's per-layer opacity).

use crate::reactor::edit::Layer;
use crate::reactor::level::Carrier;

/// Surface active: the surface in full, every carrier faint.
pub const SURFACE_ACTIVE: f32 = 1.0;
/// An underground layer active: the surface half, the active carrier full, the others faint.
pub const SURFACE_UNDER_ACTIVE: f32 = 0.5;
pub const CARRIER_ACTIVE: f32 = 1.0;
pub const CARRIER_INACTIVE: f32 = 0.25;

/// Opacities in the board's order: surface, then fuel, coolant, electricity (`Carrier as usize`).
pub fn opacity(active: Layer) -> [f32; 4] {
    let mut out = [0.0; 4];
    out[0] = if active == Layer::Surface { SURFACE_ACTIVE } else { SURFACE_UNDER_ACTIVE };
    for c in Carrier::ALL {
        out[1 + c as usize] = if active.carrier() == Some(c) { CARRIER_ACTIVE } else { CARRIER_INACTIVE };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_scheme_for_every_layer() {
        assert_eq!(opacity(Layer::Surface), [1.0, 0.25, 0.25, 0.25]);
        assert_eq!(opacity(Layer::Fuel), [0.5, 1.0, 0.25, 0.25]);
        assert_eq!(opacity(Layer::Coolant), [0.5, 0.25, 1.0, 0.25]);
        assert_eq!(opacity(Layer::Electricity), [0.5, 0.25, 0.25, 1.0]);
    }
}
