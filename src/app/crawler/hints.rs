//! First-time hints: a short notice, once a run, the first time rest or a shrine matters (issue 34:
//! nothing on screen said that rest and shrines steady the mind, and newcomers never rested). They
//! read the game after a turn and change nothing in it, so recordings and hashes never see them.

use crate::game::balance::BALANCE;
use crate::game::gen::landmarks::LandmarkKind;
use crate::game::sanity::rest_ceiling;
use crate::game::status::StatusKind;
use crate::game::Game;

/// A newcomer is told about rest once sanity has fallen below this share of full (percent): early
/// enough to matter, late enough that the first steps of a run are not all reading.
const SLIPPING_BELOW_PERCENT: i32 = 90;

/// One thing worth saying once a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hint {
    /// Sanity is slipping and nothing is in view: rest would help.
    Rest,
    /// A shrine has come into view.
    Shrine,
    /// The player waited calmly, but rest can lift it no higher at this depth.
    Ceiling,
}

/// Which hints this run has shown.
#[derive(Clone, Debug, Default)]
pub struct Hints {
    shown: Vec<Hint>,
}

impl Hints {
    /// The hint the turn just played calls for, if it has not been shown this run; `waited` says
    /// the turn was a wait (C) and `wait_key` names its key, from the key table.
    pub fn after_turn(&mut self, game: &Game, waited: bool, wait_key: &str) -> Option<String> {
        let hint = due(game, waited).filter(|h| !self.shown.contains(h))?;
        self.shown.push(hint);
        Some(text(hint, wait_key))
    }
}

fn due(game: &Game, waited: bool) -> Option<Hint> {
    let calm = !game.entities().iter().any(|e| e.is_actor() && game.is_visible(e.pos))
        && !game.player().statuses.has(StatusKind::Terrified);
    let sanity = game.player().sanity;
    let shrine_seen =
        game.level().landmarks.iter().any(|l| l.kind == LandmarkKind::Shrine && game.is_visible(l.pos));
    if shrine_seen {
        return Some(Hint::Shrine);
    }
    if waited && calm && sanity >= rest_ceiling(game.depth(), game.by_shrine()) {
        return Some(Hint::Ceiling);
    }
    let slipping = sanity < BALANCE.max_sanity / 100 * SLIPPING_BELOW_PERCENT;
    (calm && slipping && sanity < rest_ceiling(game.depth(), false)).then_some(Hint::Rest)
}

fn text(hint: Hint, wait_key: &str) -> String {
    match hint {
        Hint::Rest => {
            format!("Your mind frays. Wait ({wait_key}) with no creature in view to rest and steady it.")
        }
        Hint::Shrine => format!(
            "A shrine (⌂): rest ({wait_key}) on or beside it to steady your mind {} times as fast.",
            BALANCE.shrine_rest_times
        ),
        Hint::Ceiling => {
            "Rest steadies you no further at this depth: the deeper, the less it gives back.".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EntityKind, Facing, Map, Pos, Variant};

    fn corridor(sanity_percent: i32) -> Game {
        let map = Map::from_rows(&["#########", "#.......#", "#########"]).unwrap();
        let mut g = Game::from_map(map, Pos::new(1, 1), Facing::East);
        g.player_mut().sanity = BALANCE.max_sanity / 100 * sanity_percent;
        g
    }

    /// Issue 34: a newcomer was never told that resting steadies the mind.
    #[test]
    fn a_slipping_mind_with_nothing_in_view_hears_about_rest_once() {
        let mut hints = Hints::default();
        assert_eq!(hints.after_turn(&corridor(95), false, "C"), None, "not yet slipping");
        let text = hints.after_turn(&corridor(70), false, "C").expect("a hint at 70%");
        assert!(text.contains("Wait (C)") && text.contains("rest"), "{text}");
        assert_eq!(hints.after_turn(&corridor(60), false, "C"), None, "once a run");
    }

    #[test]
    fn no_rest_hint_while_a_creature_is_in_view() {
        let mut g = corridor(70);
        g.spawn(Pos::new(4, 1), EntityKind::Enemy { variant: Variant::Lurker, hp: 3, max_hp: 3, damage: 1 })
            .unwrap();
        assert_eq!(Hints::default().after_turn(&g, false, "C"), None);
    }

    #[test]
    fn waiting_at_the_ceiling_says_rest_gives_no_more_here() {
        let g = corridor(100);
        let text = Hints::default().after_turn(&g, true, "C").expect("a hint");
        assert!(text.contains("no further"), "{text}");
    }

    #[test]
    fn the_hints_name_the_key_they_are_given() {
        let text = Hints::default().after_turn(&corridor(50), false, "K").unwrap();
        assert!(text.contains("Wait (K)"), "{text}");
    }
}
