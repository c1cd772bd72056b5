//! Issue 30: the window's session and the headless driver are two drivers of one game. The same
//! `--keys` played through each must leave byte-identical state dumps, seed after seed.

use hollowdeep::app::crawler::headless::actions_until_quit;
use hollowdeep::app::crawler::keys::parse_keys;
use hollowdeep::app::crawler::session::Session;
use hollowdeep::app::keys::Bindings;
use hollowdeep::app::shell::headless::play;
use hollowdeep::game::dump::StateDump;
use hollowdeep::game::mode::Crawler;
use hollowdeep::game::{Game, Status};
use hollowdeep::mode::Mode;

/// Walking, turning, waiting, using and fighting: enough for deaths, pickups and stairs on some
/// of the seeds.
const KEYS: &str = "W W D W A Q W E S C SPACE W W W D D W 1 Z W A W W C C W E W W SPACE W W W \
                    Q W W W W E W W C W W D W W W A W W 2 Z X W W W W Q Q W W W W E W W W W";

/// The game after `keys` played through the window's session, key by key, each waiting (on a
/// synthetic clock) until the last turn has played out as the window would.
fn through_the_window_session(seed: u64) -> Game {
    let mut session = Session::new(Game::start_run(seed, 1), false, true, Bindings::default());
    let mut now = 0.0;
    for command in parse_keys(KEYS).expect("valid keys") {
        for _ in 0..200 {
            if session.machine().ready() || session.game().status() != Status::Playing {
                break;
            }
            now += 0.05;
            session.update(now, None);
        }
        session.command(command, now);
    }
    session.game().clone()
}

#[test]
fn the_window_session_and_headless_leave_identical_dumps_for_twenty_seeds() {
    let mut ended = 0;
    for seed in 1..=20 {
        let mut headless = Crawler::new(Game::start_run(seed, 1));
        play(&mut headless, &actions_until_quit(&parse_keys(KEYS).unwrap()));
        let window = through_the_window_session(seed);
        assert_eq!(StateDump::of(&window).to_json(), headless.dump_json(), "seed {seed}");
        assert!(window.turn() >= 10, "seed {seed}: the keys reached the game ({} turns)", window.turn());
        ended += usize::from(headless.is_over());
    }
    eprintln!("{ended} of 20 runs ended within the keys");
}
