//! The title screen as the window shows it: the menu over a level of its own (a fixed seed, seen
//! from its start, slowly turning), so the first thing a player sees is the dungeon.

use super::title::Title;
use crate::game::present::ScenePresenter;
use crate::game::Game;
use crate::render::View;
use crate::scene::Scene;

/// The title screen over a level of its own, seen from its start, slowly turning.
pub struct TitleScreen {
    pub menu: Title,
    backdrop: Game,
    pub scene: Scene,
}

/// The seed of the title screen's backdrop level: fixed, so the title always opens on one place.
const BACKDROP_SEED: u64 = 7;
/// Radians per second the backdrop's camera turns.
const BACKDROP_TURN_SPEED: f32 = 0.06;

impl TitleScreen {
    pub fn new(menu: Title) -> TitleScreen {
        let backdrop = Game::new(BACKDROP_SEED);
        let scene = ScenePresenter::default().scene(&backdrop, None);
        TitleScreen { menu, backdrop, scene }
    }

    pub fn view(&self, now: f64) -> View {
        let pose = super::turn_machine::player_pose(&self.backdrop);
        View { eye: pose.eye, angle: pose.angle + now as f32 * BACKDROP_TURN_SPEED, time: now as f32 }
    }
}
