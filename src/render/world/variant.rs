//! Which world and sprite pipeline a frame needs: the madness variants, compiled in or out because a
//! software rasteriser runs both sides of every branch, and the extras beside them.

use crate::render::scene::WorldTurn;
use crate::scene::Madness;

/// Which madness effects a pipeline carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    /// No effect at all: full sanity, nothing pulsing.
    Calm,
    /// Colour drift and breathing, the slow effects of the first bands.
    Mild,
    /// Everything: texture flicker, warping, distortion and the vanishing pulse as well.
    Wild,
    /// `Wild` in a frame whose warps move pixels: the world and sprites are drawn unbent into the
    /// canvas without the screen effects and the flash, which the warp pass applies on screen.
    Warped,
}

impl Variant {
    /// The one rule: the cheapest variant that shows `madness` (as shown, after reduced effects)
    /// and, when `pulsing`, the vanishing ripple. Effects that move or flicker pixels need `Wild`;
    /// drift and breathing alone need `Mild`.
    pub(crate) fn for_madness(madness: &Madness, pulsing: bool) -> Variant {
        let m = madness;
        if pulsing || m.flicker > 0.0 || m.warp > 0.0 || m.distortion > 0.0 {
            Variant::Wild
        } else if m.colour_drift > 0.0 || m.breathing > 0.0 {
            Variant::Mild
        } else {
            Variant::Calm
        }
    }

    /// The variant a turn will need, built ahead so the first frame that needs it does not stall.
    /// A level with hallucinations can pulse (one vanishing) at any sanity.
    pub(crate) fn for_turn(turn: &WorldTurn, may_pulse: bool) -> Variant {
        Variant::for_madness(&turn.madness, may_pulse)
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The overrides of `shaders/world.wgsl`.
    pub(super) fn world_constants(self) -> [(&'static str, f64); 3] {
        let (mild, wild, canvas) = match self {
            Variant::Calm => (0.0, 0.0, 0.0),
            Variant::Mild => (1.0, 0.0, 0.0),
            Variant::Wild => (1.0, 1.0, 0.0),
            Variant::Warped => (1.0, 1.0, 1.0),
        };
        [("MILD", mild), ("WILD", wild), ("CANVAS", canvas)]
    }

    /// The overrides of `shaders/sprites.wgsl`: the same, and the tests' whole-view quads.
    pub(super) fn sprite_constants(self, quads_cover_view: bool) -> [(&'static str, f64); 4] {
        let [mild, wild, canvas] = self.world_constants();
        [mild, wild, canvas, ("QUADS_COVER_VIEW", f64::from(u8::from(quads_cover_view)))]
    }
}

/// What a world pipeline compiles in besides the madness: the per-turn fields (`FIELDS`: the wall
/// torches' light and flames, the floor tints), the exit pit with its glow and draft (`EXIT`), and
/// whether it draws only its share of a turn with fields (`SPLIT`, see [`Extras::parts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Extras {
    pub lit: bool,
    pub exit: bool,
    pub split: bool,
}

impl Extras {
    /// What a frame needs: the turn's fields (`lit`) and whether an exit may show; how it is split
    /// into pipelines follows from them ([`Extras::parts`]).
    pub(crate) fn of_frame(lit: bool, exit: bool) -> Extras {
        Extras { lit, exit, split: false }
    }

    /// The pipelines a frame with these extras draws its world with. A turn's fields light only
    /// the cells near its torches and tints, yet a `FIELDS` pipeline pays for them at every pixel
    /// (a third of a bare ray-cast on lavapipe: docs/frame-cost.md), so such a turn draws with two:
    /// the runs and strips whose rays cross a lit cell with the fields, the rest without.
    /// Asked every frame, so it allocates nothing.
    pub(crate) fn parts(self) -> impl Iterator<Item = Extras> {
        let split = self.lit;
        let count = if split { 2 } else { 1 };
        [false, true].into_iter().take(count).map(move |lit| Extras { lit, split, ..self })
    }
}

/// World pipelines kept: one per variant and combination of extras.
pub(super) const WORLD_SLOTS: usize = 32;

/// Where the world pipeline of `variant` with `extras` is kept.
pub(super) fn slot(variant: Variant, extras: Extras) -> usize {
    variant.index() * 8
        + usize::from(extras.split) * 4
        + usize::from(extras.lit) * 2
        + usize::from(extras.exit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheapest_variant_that_shows_everything_is_chosen() {
        let turn = |madness: Madness| WorldTurn { madness, ..WorldTurn::default() };
        let calm = Madness::default();
        let mild = Madness { colour_drift: 0.2, breathing: 0.1, ..calm };
        let wild = Madness { warp: 0.3, ..mild };
        assert_eq!(Variant::for_turn(&turn(calm), false), Variant::Calm);
        assert_eq!(Variant::for_turn(&turn(calm), true), Variant::Wild);
        assert_eq!(Variant::for_turn(&turn(mild), false), Variant::Mild);
        assert_eq!(Variant::for_turn(&turn(wild), false), Variant::Wild);
    }

    #[test]
    fn a_turn_with_fields_draws_with_and_without_them_and_one_without_draws_once() {
        for exit in [false, true] {
            let plain = Extras::of_frame(false, exit);
            assert_eq!(plain.parts().collect::<Vec<_>>(), vec![plain]);
            let parts: Vec<Extras> = Extras::of_frame(true, exit).parts().collect();
            assert_eq!(parts.len(), 2);
            assert!(parts.iter().all(|p| p.split && p.exit == exit));
            assert_eq!(parts.iter().filter(|p| p.lit).count(), 1);
        }
    }

    #[test]
    fn every_variant_and_extras_has_its_own_slot() {
        let mut seen = Vec::new();
        for variant in [Variant::Calm, Variant::Mild, Variant::Wild, Variant::Warped] {
            for (lit, exit) in [(false, false), (false, true), (true, false), (true, true)] {
                for split in [false, true] {
                    let s = slot(variant, Extras { lit, exit, split });
                    assert!(s < WORLD_SLOTS && !seen.contains(&s), "{variant:?} {lit} {exit} {split}");
                    seen.push(s);
                }
            }
        }
    }
}
