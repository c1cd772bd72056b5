//! The title screen as the window shows it: the menu over a level of its own (a fixed seed, seen
//! from its start, slowly turning), so the first thing a player sees is the dungeon.

use crate::app::persist::settings::Settings;
use crate::app::shell::menu::{Entry, MenuPage};
use crate::app::title::menu::{Title, TitleChoice};
use crate::game::present::ScenePresenter;
use crate::game::Game;
use crate::render::{UiState, View};
use crate::scene::Scene;
use winit::keyboard::KeyCode;

/// The title screen over a level of its own, seen from its start, slowly turning.
pub struct TitleScreen {
    menu: Title,
    backdrop: Game,
    pub scene: Scene,
    /// The menu as the HUD draws it, rebuilt when a key or a note changes it, not every frame.
    ui: UiState,
}

/// The seed of the title screen's backdrop level: fixed, so the title always opens on one place.
const BACKDROP_SEED: u64 = 7;
/// Radians per second the backdrop's camera turns.
const BACKDROP_TURN_SPEED: f32 = 0.06;

impl TitleScreen {
    pub fn new(menu: Title) -> TitleScreen {
        let backdrop = Game::new(BACKDROP_SEED);
        let scene = ScenePresenter::default().scene(&backdrop, None);
        let mut screen = TitleScreen { menu, backdrop, scene, ui: UiState::default() };
        screen.refresh();
        screen
    }

    /// A key on the title screen, read through the menu's own (possibly just rebound) key table.
    pub fn key(&mut self, key: KeyCode) -> TitleChoice {
        let bindings = self.menu.settings.bindings.clone();
        let choice = self.menu.key(key, &bindings);
        self.refresh();
        choice
    }

    /// A line under the title: what just happened, or what went wrong.
    pub fn note(&mut self, note: &str) {
        self.menu.set_note(note);
        self.refresh();
    }

    /// Shows a front's page: the question before the run the command line asked for, or the
    /// campaign page a level was left for.
    pub fn open_page(&mut self, page: Box<dyn MenuPage>) {
        self.menu.open_page(page);
        self.refresh();
    }

    /// The fronts' entries read again, the open page kept.
    pub fn set_entries(&mut self, entries: Vec<Entry>) {
        self.menu.set_entries(entries);
        self.refresh();
    }

    /// The settings as the settings page has left them.
    pub fn settings(&self) -> &Settings {
        &self.menu.settings
    }

    /// The mute key pressed on the title: its settings page shows the switch as it now is.
    pub fn set_muted(&mut self, muted: bool) {
        self.menu.settings.muted = muted;
        self.refresh();
    }

    pub fn ui(&self) -> &UiState {
        &self.ui
    }

    fn refresh(&mut self) {
        let overlay = self.menu.overlay(&self.menu.settings.bindings);
        self.ui = UiState { overlay: Some(overlay), no_bar: true, ..UiState::default() };
    }

    pub fn view(&self, now: f64) -> View {
        let pose = crate::app::crawler::turn_machine::player_pose(&self.backdrop);
        View { eye: pose.eye, angle: pose.angle + now as f32 * BACKDROP_TURN_SPEED, time: now as f32 }
    }
}
