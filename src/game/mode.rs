//! The crawler as an engine [`Mode`]: a run of the rules plus the presenter that turns each turn
//! into a scene.

use super::action::{Action, TurnReport};
use super::dump::StateDump;
use super::messages::EPITAPH;
use super::present::ScenePresenter;
use super::run::{Game, Status};
use super::save;
use crate::mode::Mode;
use crate::scene::{Scene, SoundEvent};

/// A crawler run as the shell drives it.
#[derive(Debug)]
pub struct Crawler {
    pub game: Game,
    presenter: ScenePresenter,
}

impl Crawler {
    pub fn new(game: Game) -> Self {
        Self { game, presenter: ScenePresenter::default() }
    }
}

impl Mode for Crawler {
    type Command = Action;
    type Report = TurnReport;
    const NAME: &'static str = "crawler";

    fn act(&mut self, command: Action) -> TurnReport {
        self.game.act(command)
    }

    fn is_over(&self) -> bool {
        self.game.status() != Status::Playing
    }

    fn scene(&mut self, report: Option<&TurnReport>) -> Scene {
        self.presenter.scene(&self.game, report)
    }

    fn sounds(&self, command: Action, report: &TurnReport) -> Vec<SoundEvent> {
        super::hearing::sounds(&self.game, command, report)
    }

    fn dump_json(&self) -> String {
        StateDump::of(&self.game).to_json()
    }

    fn state_hash(&self) -> u64 {
        save::state_hash(&self.game)
    }

    fn save_text(&self) -> String {
        save::run_to_string(&self.game)
    }

    fn load_text(text: &str) -> Result<Self, String> {
        save::run_from_str(text).map(Self::new).map_err(|e| e.to_string())
    }

    fn closing_lines(&self) -> Vec<String> {
        let g = &self.game;
        if g.status() != Status::Dead {
            return Vec::new();
        }
        vec![EPITAPH.to_string(), score_line(g)]
    }
}

/// The run's score as the end of a run prints it (the window's and the headless driver's one line).
pub fn score_line(g: &Game) -> String {
    format!(
        "Score: {} (kills {}, depth {}, weapon {}, {} turns, seed {}).",
        g.score(),
        g.kills(),
        g.depth(),
        g.player().weapon,
        g.turn(),
        g.seed()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mode_plays_saves_and_loads_the_same_run() {
        let mut crawler = Crawler::new(Game::new(11));
        for action in [Action::MoveForward, Action::TurnRight, Action::Wait, Action::MoveForward] {
            crawler.act(action);
        }
        let loaded = Crawler::load_text(&crawler.save_text()).expect("a fresh save loads");
        assert_eq!(loaded.state_hash(), crawler.state_hash());
        // The last turn's events are not part of a save, so the dumps differ only there.
        assert_eq!(loaded.game, crawler.game);
        assert!(Crawler::load_text("not a save").is_err());
    }

    #[test]
    fn closing_lines_come_only_with_death() {
        let mut crawler = Crawler::new(Game::new(3));
        assert!(crawler.closing_lines().is_empty());
        // Starving with one HP left: the next turn kills.
        let player = crawler.game.player_mut();
        player.hp = 1;
        player.weakness = crate::game::balance::BALANCE.max_weakness;
        crawler.act(Action::Wait);
        assert!(crawler.is_over());
        assert_eq!(crawler.closing_lines()[0], EPITAPH);
    }
}
