//! A game the engine has never heard of, defined only here: lights-out on a 3×3 board. It is
//! played through the shell's public API alone (its `Mode`, a key table, the null front end and
//! the screen stack the window uses), which is what ARCHITECTURE.md's recipe for a new game
//! promises.

use hollowdeep::app::keys::{Bindings, Context, Row};
use hollowdeep::app::persist::settings::Settings;
use hollowdeep::app::shell::headless;
use hollowdeep::app::shell::mode_screen::ModeScreen;
use hollowdeep::app::shell::screen::{KeyPress, Screen, Shell, Step};
use hollowdeep::app::shell::stack::Stack;
use hollowdeep::grid::{Facing, Grid, Pos};
use hollowdeep::mode::Mode;
use hollowdeep::scene::board::{BoardCell, BoardScene};
use hollowdeep::scene::{HudModel, Scene, SceneStamp, WorldScene};
use winit::keyboard::KeyCode;

/// Nine lights; pressing one flips it and its orthogonal neighbours. Won when all are out.
struct LightsOut {
    lit: [bool; 9],
    presses: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Press(usize);

impl LightsOut {
    fn new(lit: [bool; 9]) -> LightsOut {
        LightsOut { lit, presses: 0 }
    }

    fn text(&self) -> String {
        self.lit.iter().map(|&on| if on { '1' } else { '0' }).collect()
    }
}

impl Mode for LightsOut {
    type Command = Press;
    /// How many lights the press flipped.
    type Report = usize;
    const NAME: &'static str = "lights-out";

    fn act(&mut self, Press(cell): Press) -> usize {
        if cell >= 9 {
            return 0;
        }
        let (x, y) = ((cell % 3) as i32, (cell / 3) as i32);
        let mut flipped = 0;
        for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if (0..3).contains(&nx) && (0..3).contains(&ny) {
                let i = (ny * 3 + nx) as usize;
                self.lit[i] = !self.lit[i];
                flipped += 1;
            }
        }
        self.presses += 1;
        flipped
    }

    fn is_over(&self) -> bool {
        self.lit.iter().all(|&on| !on)
    }

    /// A board of an existing kind: lit cells drawn as walls.
    fn scene(&mut self, _report: Option<&usize>) -> Scene {
        let cells: Vec<BoardCell> =
            self.lit.iter().map(|&wall| BoardCell { wall, ..BoardCell::default() }).collect();
        let board =
            BoardScene { cells: Grid::from_cells(3, 3, cells).expect("nine cells"), ..BoardScene::default() };
        Scene {
            stamp: SceneStamp::default(),
            eye: Pos::default(),
            facing: Facing::North,
            world: WorldScene::default(),
            hud: HudModel::default(),
            board: Some(board),
        }
    }

    fn dump_json(&self) -> String {
        format!("{{\"lit\":\"{}\",\"presses\":{}}}", self.text(), self.presses)
    }

    fn state_hash(&self) -> u64 {
        self.lit.iter().fold(u64::from(self.presses), |h, &on| h.wrapping_mul(31).wrapping_add(u64::from(on)))
    }

    fn save_text(&self) -> String {
        self.text()
    }

    fn load_text(text: &str) -> Result<Self, String> {
        let lit: Vec<bool> = text.chars().map(|c| c == '1').collect();
        let lit: [bool; 9] = lit.try_into().map_err(|_| "a lights-out save is nine 0s and 1s".to_string())?;
        Ok(LightsOut::new(lit))
    }

    fn closing_lines(&self) -> Vec<String> {
        vec![format!("All lights out in {} presses.", self.presses)]
    }
}

/// Where the game's keys apply: its one context, live beside the shell's global keys.
const BOARD_KEYS: Context = Context::new("lights_out", true);

/// The game's own key rows: 1–9 press the board's cells, read like a phone's keypad. The player's
/// bindings apply to them as to any front's rows.
#[rustfmt::skip]
const ROWS: &[Row<Press>] = &[
    Row::new(BOARD_KEYS, "lights_1", Press(0), &[KeyCode::Digit1], "Press light 1"),
    Row::new(BOARD_KEYS, "lights_2", Press(1), &[KeyCode::Digit2], "Press light 2"),
    Row::new(BOARD_KEYS, "lights_3", Press(2), &[KeyCode::Digit3], "Press light 3"),
    Row::new(BOARD_KEYS, "lights_4", Press(3), &[KeyCode::Digit4], "Press light 4"),
    Row::new(BOARD_KEYS, "lights_5", Press(4), &[KeyCode::Digit5], "Press light 5"),
    Row::new(BOARD_KEYS, "lights_6", Press(5), &[KeyCode::Digit6], "Press light 6"),
    Row::new(BOARD_KEYS, "lights_7", Press(6), &[KeyCode::Digit7], "Press light 7"),
    Row::new(BOARD_KEYS, "lights_8", Press(7), &[KeyCode::Digit8], "Press light 8"),
    Row::new(BOARD_KEYS, "lights_9", Press(8), &[KeyCode::Digit9], "Press light 9"),
];

/// The command a key asks for with the default bindings (what headless play reads).
fn keys(code: KeyCode) -> Option<Press> {
    Bindings::default().command(ROWS, code, false, &[BOARD_KEYS])
}

/// A plus of lights around the centre: pressing the centre (5) alone puts them all out.
const PLUS: [bool; 9] = [false, true, false, true, true, true, false, true, false];
const SOLUTION: [KeyCode; 1] = [KeyCode::Digit5];

fn shell() -> Shell {
    let dir = std::env::temp_dir().join(format!("hollowdeep-tiny-game-{}", std::process::id()));
    Shell::new(Settings::default(), dir, hollowdeep::audio::Output::Silent)
}

#[test]
fn the_tiny_game_is_won_headless_through_the_null_front_end() {
    let mut game = LightsOut::new(PLUS);
    let commands: Vec<Press> = SOLUTION.iter().filter_map(|&k| keys(k)).collect();
    let played = headless::play(&mut game, &commands);
    assert_eq!(played, [Press(4)]);
    assert!(game.is_over(), "{}", game.dump_json());
    assert_eq!(game.closing_lines(), ["All lights out in 1 presses."]);
}

#[test]
fn the_tiny_game_plays_through_the_screen_stack_the_window_uses() {
    let mut shell = shell();
    let mut stack = Stack::new(vec![Box::new(ModeScreen::new(LightsOut::new(PLUS), ROWS))], None);
    stack.start(&mut shell);
    let lit = |stack: &Stack| {
        let board = stack.top().and_then(|s| s.scene().board.clone()).expect("a board scene");
        board.cells.iter().filter(|(_, c)| c.wall).count()
    };
    assert_eq!(lit(&stack), 5);
    // A key the game does not know changes nothing; one it knows is one step.
    stack.key(&mut shell, KeyPress::plain(KeyCode::KeyQ));
    assert_eq!(lit(&stack), 5);
    shell.take_scene_changed();
    stack.key(&mut shell, KeyPress::plain(KeyCode::Digit1));
    assert!(shell.take_scene_changed(), "a step marks the scene for upload");
    assert_eq!(lit(&stack), 4, "1 flips the corner's two neighbours and itself");
    stack.key(&mut shell, KeyPress::plain(KeyCode::Digit1));
    for key in SOLUTION {
        stack.key(&mut shell, KeyPress::plain(key));
    }
    assert_eq!(lit(&stack), 0);
    // Esc leaves the game; with no home to fall back to, the program ends.
    stack.key(&mut shell, KeyPress::plain(KeyCode::Escape));
    assert!(stack.ended());
}

#[test]
fn headless_and_the_stack_reach_the_same_state_for_the_same_keys() {
    let presses = [KeyCode::Digit1, KeyCode::Digit9, KeyCode::Digit3, KeyCode::Digit7, KeyCode::Digit2];
    let mut game = LightsOut::new(PLUS);
    let commands: Vec<Press> = presses.iter().filter_map(|&k| keys(k)).collect();
    headless::play(&mut game, &commands);
    let mut shell = shell();
    let screen = ModeScreen::new(LightsOut::new(PLUS), ROWS);
    let mut stack = Stack::new(vec![Box::new(screen)], None);
    stack.start(&mut shell);
    for key in presses {
        stack.key(&mut shell, KeyPress::plain(key));
    }
    let expected = game.scene(None).board;
    assert_eq!(stack.top().and_then(|s| s.scene().board.clone()), expected);
}

/// A screen that only counts what reaches it, to watch the stack's transitions.
struct Probe {
    name: &'static str,
    scene: Scene,
    log: std::rc::Rc<std::cell::RefCell<Vec<String>>>,
    /// What its close button answers.
    on_close: fn() -> Step,
}

impl Probe {
    fn boxed(name: &'static str, log: &std::rc::Rc<std::cell::RefCell<Vec<String>>>) -> Box<Probe> {
        Box::new(Probe {
            name,
            scene: LightsOut::new(PLUS).scene(None),
            log: log.clone(),
            on_close: Step::pop,
        })
    }
}

impl Screen for Probe {
    fn key(&mut self, _shell: &mut Shell, key: KeyPress) -> Step {
        self.log.borrow_mut().push(format!("{} key", self.name));
        match key.code {
            KeyCode::KeyP => Step::Push(Probe::boxed("pushed", &self.log)),
            KeyCode::KeyS => Step::Switch(Probe::boxed("switched", &self.log)),
            KeyCode::Escape => Step::pop(),
            KeyCode::KeyQ => Step::Exit,
            _ => Step::Stay,
        }
    }
    fn scene(&self) -> &Scene {
        &self.scene
    }
    fn frame(&self, _shell: &Shell, _height: u32) -> hollowdeep::render::Frame {
        hollowdeep::render::Frame::calm(hollowdeep::render::View::of_scene(&self.scene, 0.0))
    }
    fn close(&mut self, _shell: &mut Shell) -> Step {
        self.log.borrow_mut().push(format!("{} close", self.name));
        (self.on_close)()
    }
    fn leave(&mut self, _shell: &mut Shell) {
        self.log.borrow_mut().push(format!("{} leave", self.name));
    }
    fn resumed(&mut self, _shell: &mut Shell, _back: Option<Box<dyn std::any::Any>>) {
        self.log.borrow_mut().push(format!("{} resumed", self.name));
    }
}

#[test]
fn push_switch_and_pop_leave_and_resume_the_screens_in_order_and_fall_back_home() {
    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let home_log = log.clone();
    let home: hollowdeep::app::shell::stack::Home =
        Box::new(move |_| Probe::boxed("home", &home_log) as Box<dyn Screen>);
    let mut shell = shell();
    let mut stack = Stack::new(vec![Probe::boxed("first", &log)], Some(home));
    stack.start(&mut shell);
    for key in [KeyCode::KeyP, KeyCode::KeyS, KeyCode::Escape, KeyCode::Escape] {
        stack.key(&mut shell, KeyPress::plain(key));
    }
    assert_eq!(
        *log.borrow(),
        [
            "first key",
            "pushed key",
            "pushed leave",
            "switched key",
            "switched leave",
            "first resumed",
            "first key",
            "first leave",
            "home resumed",
        ]
    );
    assert!(!stack.ended(), "the home screen is on top");
    assert_eq!(stack.depth(), 1);
}

/// Issue 36: in a browser, "save and quit" stopped the loop and froze the page on its last frame;
/// there, ending the program leaves every screen and opens home.
#[test]
fn where_exit_goes_home_every_screen_leaves_and_home_opens() {
    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let home_log = log.clone();
    let home: hollowdeep::app::shell::stack::Home =
        Box::new(move |_| Probe::boxed("home", &home_log) as Box<dyn Screen>);
    let mut shell = shell();
    let mut stack = Stack::new(vec![Probe::boxed("bottom", &log), Probe::boxed("top", &log)], Some(home))
        .exit_goes_home();
    stack.start(&mut shell);
    stack.key(&mut shell, KeyPress::plain(KeyCode::KeyQ));
    assert_eq!(*log.borrow(), ["top key", "top leave", "bottom leave", "home resumed"]);
    assert!(!stack.ended(), "home is on top");
    assert_eq!(stack.depth(), 1);
    let mut plain = Stack::new(vec![Probe::boxed("only", &log)], None).exit_goes_home();
    plain.key(&mut shell, KeyPress::plain(KeyCode::KeyQ));
    assert!(plain.ended(), "with no home to go to, the program ends");
}

#[test]
fn the_close_button_asks_each_screen_from_the_top_and_stops_at_one_that_stays() {
    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut asking = Probe::boxed("asking", &log);
    asking.on_close = || Step::Stay;
    let mut shell = shell();
    let mut stack = Stack::new(vec![Probe::boxed("bottom", &log), asking, Probe::boxed("top", &log)], None);
    stack.close(&mut shell);
    assert_eq!(*log.borrow(), ["top close", "top leave", "asking close"]);
    assert!(!stack.ended(), "a screen that asks keeps the window open");
    assert_eq!(stack.depth(), 2);
}

#[test]
fn the_shells_own_keys_never_reach_a_screen() {
    let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut shell = shell();
    let mut stack = Stack::new(vec![Probe::boxed("only", &log)], None);
    let screenshot = shell.settings.bindings.first_key(hollowdeep::app::shell::keys::row("screenshot"));
    assert_eq!(screenshot, "F12", "the default screenshot key this test presses");
    let command = stack.key(&mut shell, KeyPress::plain(KeyCode::F12));
    assert_eq!(command, Some(hollowdeep::app::shell::screen::ShellCommand::Screenshot));
    assert!(log.borrow().is_empty(), "{:?}", log.borrow());
}
