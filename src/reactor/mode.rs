//! The reactor as an engine [`Mode`]: a game of the rules with undo, plus the view state its scenes
//! need (cursor, eye view, the last pulse's steps for the cascade).

use super::command::Outcome;
use super::present::{self, ViewState};
use super::pulse::PulseReport;
// `Report` lives below both this file and `hearing.rs`, which reads it to say what a command
// sounded like; the mode calls the hearing, so the hearing must not name the mode.
pub use super::report::Report;
use super::script::Action;
use super::{dump, hash, schema, Balance, Game};
use crate::grid::Facing;
use crate::mode::Mode;
use crate::scene::{Scene, SoundBed, SoundEvent};

/// A reactor level in play, as the shell drives it.
#[derive(Clone, Debug)]
pub struct Reactor {
    pub game: Game,
    pub view: ViewState,
    /// Whether this is the player's own play, whose win, best and unfinished level the shell may
    /// keep. Off unless the shell turns it on, so that a replay being watched or a level played
    /// from the editor can never write a record (REACTOR.md, "Decided 2026-12").
    pub keeps_records: bool,
    /// Scenes built so far: stamps each one so the renderer knows it changed.
    scenes: u64,
}

impl Reactor {
    /// Why using nothing did nothing. A stranger stood beside the fuel source, facing it, and
    /// pressed use (a play-test): things are used from their own cell, so when one is beside the
    /// robot, the sentence names it and says where to stand.
    fn nothing_here(&self) -> String {
        let level = &self.game.level;
        let robot = level.robot.pos;
        let faced = robot.step(self.view.facing);
        // A wall sprinkler stands in its wall and is used from its outlet: never stepped onto.
        let beside = |p: crate::grid::Pos| {
            level
                .props
                .iter()
                .find(|prop| prop.pos == p && !matches!(prop.kind, super::level::PropKind::Sprinkler { .. }))
        };
        let near = beside(faced).or_else(|| robot.neighbours4().into_iter().find_map(beside));
        match near {
            Some(prop) => {
                let line = present::prop_line(level, prop);
                let noun = line.split(',').next().unwrap_or(&line);
                // Short: the board's message line holds about 58 characters at 1280x720.
                format!("Step onto the {noun} to use it.")
            }
            None => super::props::Refusal::NothingHere.sentence().to_string(),
        }
    }

    pub fn new(game: Game) -> Self {
        Self { game, view: ViewState::default(), keeps_records: false, scenes: 0 }
    }

    /// The scene of step `k` (0-based) of `pulse`'s recorded steps, while a cascade plays.
    pub fn step_scene(&mut self, pulse: &PulseReport, k: usize) -> Scene {
        self.scenes += 1;
        let n = pulse.steps.len() as u32;
        match pulse.steps.get(k) {
            Some(s) => present::scene(&self.game, &self.view, Some((k as u32 + 1, n, s)), self.scenes),
            None => present::scene(&self.game, &self.view, None, self.scenes),
        }
    }
}

impl Mode for Reactor {
    type Command = Action;
    type Report = Report;
    const NAME: &'static str = "reactor";

    fn act(&mut self, command: Action) -> Report {
        let before = self.game.level.state;
        // The forecast on the screen as the robot steps off its terminal: kept in view (not in the
        // rules' visible state) until the next action, so it can be read while walking to act on it.
        let reading = super::command::at_active_terminal(&self.game.level)
            .then(|| self.game.level.forecasts.iter().map(|f| f.line()).collect::<Vec<_>>());
        let mut report =
            Report { line: String::new(), pulse: None, lost_on_entry: false, before, refused: false };
        report.line = match command {
            Action::Do(cmd) => {
                if let super::Command::MoveRobot(f) = cmd {
                    self.view.facing = f;
                }
                match self.game.apply(cmd) {
                    Outcome::Refused(super::props::Refusal::NothingHere)
                        if cmd == super::Command::InteractProp(None) =>
                    {
                        report.refused = true;
                        self.nothing_here()
                    }
                    Outcome::Refused(r) => {
                        report.refused = true;
                        r.sentence().to_string()
                    }
                    Outcome::Pulsed(p) => {
                        report.pulse = Some(p);
                        format!("Pulse {}: {}.", self.game.level.pulse, self.game.level.state.name())
                    }
                    Outcome::Moved { lost: true } => {
                        report.lost_on_entry = true;
                        super::level::LossCause::UnsafeEntry.sentence().to_string()
                    }
                    Outcome::Moved { .. } | Outcome::Quick => String::new(),
                }
            }
            Action::Undo => match self.game.undo() {
                Ok(()) => {
                    format!("Undone ({} so far).", super::words::count(self.game.undos, "undo", "undos"))
                }
                Err(r) => {
                    report.refused = true;
                    r.sentence().to_string()
                }
            },
            Action::Restart => {
                if self.game.restart() {
                    self.view.facing = Facing::East;
                    "Restarted (undo takes it back).".to_string()
                } else {
                    "Already at the start.".to_string()
                }
            }
        };
        self.view.message = (!report.line.is_empty()).then(|| report.line.clone());
        match command {
            // Moving and looking change nothing the forecast read: it stays true until an action.
            Action::Do(
                super::Command::MoveRobot(_) | super::Command::Inspect(_) | super::Command::ViewLayers,
            ) => {
                if let Some(lines) = reading.filter(|_| !super::command::at_active_terminal(&self.game.level))
                {
                    self.view.read_forecast = Some(lines);
                }
            }
            _ if report.refused => {}
            _ => self.view.read_forecast = None,
        }
        report
    }

    fn is_over(&self) -> bool {
        self.game.level.is_over()
    }

    fn scene(&mut self, _report: Option<&Report>) -> Scene {
        self.scenes += 1;
        present::scene(&self.game, &self.view, None, self.scenes)
    }

    fn sounds(&self, command: Action, report: &Report) -> Vec<SoundEvent> {
        super::hearing::sounds(&self.game.level, command, report)
    }

    fn beds(&self) -> Vec<SoundBed> {
        super::hearing::beds(&self.game.level, &self.game.balance)
    }

    fn dump_json(&self) -> String {
        let v = dump::dump(&self.game.level, &self.game.balance, self.game.undos);
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    }

    fn state_hash(&self) -> u64 {
        hash::state_hash(&self.game.level)
    }

    fn save_text(&self) -> String {
        schema::save(&self.game.level)
    }

    fn load_text(text: &str) -> Result<Self, String> {
        let b = Balance::normal();
        let loaded = schema::load(text.as_bytes(), &b);
        match loaded.level {
            Some(level) => Ok(Self::new(Game::new(level, b))),
            None => Err(loaded.issues.iter().map(|i| i.line()).collect::<Vec<_>>().join("; ")),
        }
    }

    fn closing_lines(&self) -> Vec<String> {
        let l = &self.game.level;
        if !l.is_over() {
            return Vec::new();
        }
        vec![
            format!("Level {}: {}.", l.id, l.state.name()),
            format!(
                "Lengthy actions {}, pulses {}, remedies {}, undos {}, peak heat {:.1}.",
                self.game.lengthy_actions,
                l.pulse,
                l.remedies_used,
                self.game.undos,
                super::hazards::shown(&self.game.balance, super::level::Quantity::Heat, l.peak_heat)
            ),
        ]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::reactor::{text, Command};
    use crate::scene::SoundKind;

    /// A corridor with a fuel source (off), a consumer and the reactor control.
    pub(crate) fn reactor() -> Reactor {
        let map = "[surface]\n######\n#@a.r#\n######\n[fuel]\n......\n.====.\n......\n[props]\na flow fuel off\n3,1 consumer on\nr reactor\n[level]\nid m\nrequired 1 0 0\n";
        let b = Balance::normal();
        Reactor::new(Game::new(text::parse(map, &b).unwrap(), b))
    }

    #[test]
    fn using_nothing_beside_a_prop_says_to_step_onto_it() {
        let mut r = reactor();
        let report = r.act(Action::Do(Command::InteractProp(None)));
        assert!(report.refused && report.pulse.is_none());
        assert_eq!(report.line, "Step onto the fuel source to use it.");
        // Away from every prop the plain refusal stands.
        let far = "[surface]\n#####\n#@..#\n#..a#\n#####\n[props]\na flow fuel off\n[level]\nid f\nrequired 1 0 0\n";
        let b = Balance::normal();
        let mut r = Reactor::new(Game::new(text::parse(far, &b).unwrap(), b));
        let report = r.act(Action::Do(Command::InteractProp(None)));
        assert_eq!(report.line, crate::reactor::props::Refusal::NothingHere.sentence());
    }

    #[test]
    fn the_mode_saves_loads_and_reports_a_pulse_with_its_steps() {
        let mut r = reactor();
        r.act(Action::Do(Command::MoveRobot(Facing::East)));
        let report = r.act(Action::Do(Command::InteractProp(None)));
        let pulse = report.pulse.expect("a lengthy action pulses");
        assert_eq!(pulse.steps.len() as u32, r.game.balance.steps_per_pulse);
        let loaded = Reactor::load_text(&r.save_text()).expect("loads");
        assert_eq!(loaded.state_hash(), r.state_hash());
        assert!(Reactor::load_text("{}").is_err());
        let step = r.step_scene(&pulse, 1);
        assert_eq!(step.board.unwrap().step, Some((2, r.game.balance.steps_per_pulse)));
        assert!(r.closing_lines().is_empty());
        r.act(Action::Do(Command::MoveRobot(Facing::East)));
        r.act(Action::Do(Command::MoveRobot(Facing::East)));
        assert_eq!(r.game.level.robot.pos, Pos::new(4, 1));
        r.act(Action::Do(Command::ActivateReactor));
        assert!(r.is_over());
        assert!(r.closing_lines()[0].contains("Won"));
    }

    // What the mode sounds like is heard through `hearing.rs`, but driven as the shell drives it,
    // through the mode, so the test lives here rather than there.
    #[test]
    fn a_network_hums_once_its_source_is_on_and_a_state_change_has_its_cue() {
        let mut r = reactor();
        assert!(r.beds().is_empty(), "nothing live, nothing heard");
        let step = Action::Do(Command::MoveRobot(Facing::East));
        let rep = r.act(step);
        assert_eq!(r.sounds(step, &rep)[0].kind, SoundKind::PlayerStep);
        let throw = Action::Do(Command::InteractProp(None));
        let rep = r.act(throw);
        let kinds: Vec<SoundKind> = r.sounds(throw, &rep).iter().map(|s| s.kind).collect();
        assert_eq!(kinds[0], SoundKind::Switch);
        assert_eq!(rep.before != r.game.level.state, kinds.len() == 2, "a cue only for a change");
        assert!(r.beds().iter().any(|b| b.kind == SoundKind::FuelHum && b.amount > 0.0));
        let bump = Action::Do(Command::MoveRobot(Facing::North));
        let rep = r.act(bump);
        assert_eq!(r.sounds(bump, &rep)[0].kind, SoundKind::Bump);
    }
}
