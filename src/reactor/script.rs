//! The action grammar shared by the headless CLI and tests: tokens separated by whitespace.
//!
//! `move:N|E|S|W`, `inspect:X,Y`, `view`, `interact[:X,Y]`, `repair[:X,Y]`,
//! `neutralize:fuel|coolant|electricity[@X,Y]`, `shield`, `activate`, `undo`, `restart`.

use super::command::{Command, LeakAction, Outcome};
use super::level::Carrier;
use super::undo::Game;
use crate::grid::{Facing, Pos};

pub use super::action::Action;

fn pos(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

pub fn parse_action(token: &str) -> Result<Action, String> {
    // Quoted in every refusal below, shortened: a token is whatever the command line held.
    let shown = super::bounds::echo(token);
    let (verb, arg) = match token.split_once(':') {
        Some((v, a)) => (v, Some(a)),
        None => (token, None),
    };
    let need_pos = |a: Option<&str>| -> Result<Option<Pos>, String> {
        match a {
            None => Ok(None),
            Some(s) => pos(s).map(Some).ok_or(format!("{shown} needs a cell written X,Y")),
        }
    };
    Ok(match verb {
        "move" => {
            let f = match arg {
                Some("N") => Facing::North,
                Some("E") => Facing::East,
                Some("S") => Facing::South,
                Some("W") => Facing::West,
                _ => return Err(format!("{shown} needs a direction N, E, S or W (move:E)")),
            };
            Action::Do(Command::MoveRobot(f))
        }
        "inspect" => Action::Do(Command::Inspect(need_pos(arg)?.ok_or(format!("{shown} needs a cell X,Y"))?)),
        "view" => Action::Do(Command::ViewLayers),
        "interact" => Action::Do(Command::InteractProp(need_pos(arg)?)),
        "repair" => Action::Do(Command::InteractLeak(need_pos(arg)?, LeakAction::Repair)),
        "neutralize" => {
            let a = arg.ok_or(format!("{shown} needs an element (neutralize:fuel)"))?;
            let (c, at) = match a.split_once('@') {
                Some((c, p)) => (c, Some(pos(p).ok_or(format!("{shown} needs a cell written X,Y after @"))?)),
                None => (a, None),
            };
            let c =
                Carrier::parse(c).ok_or(format!("{shown} names no element (fuel, coolant, electricity)"))?;
            Action::Do(Command::InteractLeak(at, LeakAction::Neutralize(c)))
        }
        "shield" => Action::Do(Command::ApplyHeatShield),
        "activate" => Action::Do(Command::ActivateReactor),
        "undo" => Action::Undo,
        "restart" => Action::Restart,
        _ => return Err(format!("unknown action {shown}")),
    })
}

/// The token that parses back to `a` (what recordings and solution files store).
pub fn token(a: &Action) -> String {
    let at = |p: Option<Pos>| p.map_or(String::new(), |p| format!(":{},{}", p.x, p.y));
    match a {
        Action::Undo => "undo".into(),
        Action::Restart => "restart".into(),
        Action::Do(c) => match c {
            Command::MoveRobot(f) => format!("move:{}", f.letter()),
            Command::Inspect(p) => format!("inspect:{},{}", p.x, p.y),
            Command::ViewLayers => "view".into(),
            Command::InteractProp(p) => format!("interact{}", at(*p)),
            Command::InteractLeak(p, LeakAction::Repair) => format!("repair{}", at(*p)),
            Command::InteractLeak(p, LeakAction::Neutralize(c)) => {
                let at = p.map_or(String::new(), |p| format!("@{},{}", p.x, p.y));
                format!("neutralize:{}{at}", c.name())
            }
            Command::ApplyHeatShield => "shield".into(),
            Command::ActivateReactor => "activate".into(),
        },
    }
}

pub fn parse_actions(text: &str) -> Result<Vec<Action>, String> {
    text.split_whitespace().map(parse_action).collect()
}

/// Runs actions in order; returns one log line per action (refusals say why).
pub fn run(game: &mut Game, actions: &[Action]) -> Vec<String> {
    let mut log = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let line = match a {
            Action::Do(cmd) => match game.apply(*cmd) {
                Outcome::Refused(r) => format!("{}: refused: {}", i + 1, r.sentence()),
                Outcome::Pulsed(_) => {
                    format!("{}: pulse {} -> {}", i + 1, game.level.pulse, game.level.state.name())
                }
                Outcome::Moved { lost: true } => format!("{}: moved into an unsafe cell: lost", i + 1),
                Outcome::Moved { .. } | Outcome::Quick => format!("{}: ok", i + 1),
            },
            Action::Undo => match game.undo() {
                Ok(()) => format!("{}: undone", i + 1),
                Err(r) => format!("{}: refused: {}", i + 1, r.sentence()),
            },
            Action::Restart => {
                game.restart();
                format!("{}: restarted", i + 1)
            }
        };
        log.push(line);
    }
    log
}
