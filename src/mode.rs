//! The seam between the engine's shell and a game. A game implements [`Mode`] in its own room; the
//! shell (headless driver, screenshots, bench, recordings' checks) is written once against it, and
//! a new game is registered with one line in `app::modes`.

use crate::scene::{Scene, SoundBed, SoundEvent};

/// One game, as the shell drives it.
pub trait Mode: Sized {
    /// The game's closed set of player commands (the shell maps keys and `--keys` tokens to them).
    type Command: Copy + std::fmt::Debug + PartialEq + 'static;
    /// What one command did, in order: the shell turns it into animation and feedback, and the
    /// game turns it into the next scene.
    type Report;

    /// The word that selects the mode on the command line (`hollowdeep <name> …`).
    const NAME: &'static str;

    /// Applies one command. Never panics on any command in any state: a refused command says so
    /// in its report and changes nothing.
    fn act(&mut self, command: Self::Command) -> Self::Report;

    /// True once the game accepts no more commands (the run ended, the level was won or lost).
    fn is_over(&self) -> bool;

    /// The plain-data scene after `report` (`None` for a state just started or loaded).
    fn scene(&mut self, report: Option<&Self::Report>) -> Scene;

    /// One command as every driver that shows or sounds it takes it (the window, the replay,
    /// `--audio-out`): what it did, the scene after it, and how it sounded. Drivers that only need
    /// the state (headless, the simulator) call `act`.
    fn step(&mut self, command: Self::Command) -> Played<Self::Report> {
        let report = self.act(command);
        let sounds = self.sounds(command, &report);
        let scene = self.scene(Some(&report));
        Played { report, scene, sounds }
    }

    /// What `command` and its `report` sounded like, for the audio room. A game without sound
    /// keeps this default: silence.
    fn sounds(&self, command: Self::Command, report: &Self::Report) -> Vec<SoundEvent> {
        let _ = (command, report);
        Vec::new()
    }

    /// The continuous sounds the state holds now (hums, hisses). A game without them keeps this
    /// default: none.
    fn beds(&self) -> Vec<SoundBed> {
        Vec::new()
    }

    /// The documented state dump as JSON text (`--dump-state`); tools read only this.
    fn dump_json(&self) -> String;

    /// A hash over the documented state, equal for equal states on every machine.
    fn state_hash(&self) -> u64;

    /// The game's versioned save format, and its loader (one clear sentence when it cannot load).
    fn save_text(&self) -> String;
    fn load_text(text: &str) -> Result<Self, String>;

    /// Lines printed on standard output when the game is over (a score, a verdict).
    fn closing_lines(&self) -> Vec<String>;
}

/// One command's whole effect: its report, the scene after it, and its sounds.
#[derive(Clone, Debug)]
pub struct Played<R> {
    pub report: R,
    pub scene: Scene,
    pub sounds: Vec<SoundEvent>,
}
