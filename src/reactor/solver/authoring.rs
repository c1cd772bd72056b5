//! The campaign's authoring rules read off a winning line (REACTOR.md, "Decided 2026-12"): no prop
//! is toggled and later toggled back (the seed: no player-facing wait), the reactor is never
//! started while a cell is critical or at terminal heat, nor does its own pulse reach the terminal
//! heat, and a level after the tutorial needs two kinds of lengthy action. Also each line's shape, which no two levels may share. Reads a line by
//! playing it; changes nothing.

use crate::grid::Pos;
use crate::reactor::balance::Balance;
use crate::reactor::command::{Command, LeakAction, Outcome};
use crate::reactor::hazards::{band, Band};
use crate::reactor::level::{Level, PropKind, Quantity};
use crate::reactor::pulse::Cascade;
use crate::reactor::script::Action;
use crate::reactor::undo::Game;

/// One lengthy action of a line as its shape counts it: the verb, and the kind of prop it works.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Step {
    pub verb: &'static str,
    pub target: &'static str,
}

/// A rule a line breaks, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The prop at this cell is toggled and later toggled back (a junction cycled round, a terminal
    /// activated a second time).
    TogglesBack(Pos),
    /// The reactor is started while this cell is critical or at terminal heat.
    StartedInCritical(Pos),
    /// The start's own pulse takes this cell to the terminal heat: the win card would report a peak
    /// heat the room cannot survive, a loss one pulse away dressed as a win.
    StartPulseAtTerminalHeat(Pos),
    /// Every lengthy action (terminals and the start itself aside) is the same kind.
    OneKind,
}

impl Broken {
    pub fn sentence(&self) -> String {
        match self {
            Broken::TogglesBack(p) => {
                format!("the prop at ({}, {}) is toggled and later toggled back", p.x, p.y)
            }
            Broken::StartedInCritical(p) => {
                format!("the reactor is started while ({}, {}) is critical", p.x, p.y)
            }
            Broken::StartPulseAtTerminalHeat(p) => {
                format!("the start's own pulse takes ({}, {}) to the terminal heat", p.x, p.y)
            }
            Broken::OneKind => "every lengthy action is the same kind".into(),
        }
    }
}

/// What the rules read of a line: its shape and the rules it breaks (`tutorial` levels are exempt
/// from needing two kinds of action).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    pub shape: Vec<Step>,
    pub broken: Vec<Broken>,
}

/// The lengthy action `cmd` would be from `level`, as the shape counts it, with the prop it works.
pub(super) fn step_of(level: &Level, cmd: Command) -> Option<(Step, Option<usize>)> {
    let step = |verb, target| Step { verb, target };
    Some(match cmd {
        Command::InteractProp(at) => {
            let k = crate::reactor::props::choose(level, at).ok()?;
            (step("interact", level.props[k].kind.name()), Some(k))
        }
        Command::InteractLeak(_, LeakAction::Repair) => (step("repair", "leak"), None),
        Command::InteractLeak(_, LeakAction::Neutralize(_)) => (step("neutralize", "leak"), None),
        Command::ApplyHeatShield => (step("shield", "robot"), None),
        Command::ActivateReactor => (step("activate", "reactor"), None),
        Command::MoveRobot(_) | Command::Inspect(_) | Command::ViewLayers => return None,
    })
}

/// The first floor cell that is critical in any quantity or at terminal heat.
pub(super) fn critical_cell(level: &Level, b: &Balance) -> Option<Pos> {
    level.terrain.positions().filter(|p| level.is_floor(*p)).find(|p| {
        let s = level.surface.get(*p).copied().unwrap_or_default();
        Quantity::ALL.into_iter().any(|q| band(b, q, s.get(q)) == Band::Critical)
            || s.get(Quantity::Heat) >= b.terminal_heat
    })
}

/// Where the start's own pulse reaches the terminal heat, starting from `level` (the robot anywhere:
/// it is put on the control): the hottest floor cell after that pulse. That pulse belongs to the
/// start, since the win card reports its peak heat; values it leaves critical below the terminal
/// heat do not, since the room is handed over running and nothing is played after it.
pub(super) fn terminal_heat_after_start(level: &Level, b: &Balance) -> Option<Pos> {
    let at = level.props.iter().find(|p| matches!(p.kind, PropKind::Reactor))?.pos;
    let mut after = level.clone();
    after.robot.pos = at;
    after.peak_heat = 0.0;
    crate::reactor::command::execute(&mut after, b, Command::ActivateReactor, Cascade::Skip);
    if after.peak_heat < b.terminal_heat {
        return None;
    }
    let heat = |p: &Pos| after.surface.get(*p).map_or(0.0, |s| s.get(Quantity::Heat));
    after.terrain.positions().filter(|p| after.is_floor(*p)).max_by(|p, q| heat(p).total_cmp(&heat(q)))
}

/// Plays `line` from `level` and reads it against the authoring rules.
pub fn read(level: &Level, b: &Balance, line: &[Action], tutorial: bool) -> Reading {
    let mut game = Game::new(level.clone(), b.clone());
    game.cascade = Cascade::Skip;
    let mut reading = Reading::default();
    // Every (prop, state) met on a prop the line worked, the state before the first time too; a prop
    // that comes back to a state it had is toggled back (a junction cycled round, a valve shut and
    // opened), and a terminal activated a second time only lets a pulse pass: both are waits.
    let mut met: Vec<(usize, PropKind)> = Vec::new();
    let mut read: Vec<usize> = Vec::new();
    for action in line {
        let Action::Do(cmd) = *action else { continue };
        let before = game.level.clone();
        let step = step_of(&before, cmd);
        if !matches!(game.apply(cmd), Outcome::Pulsed(_)) {
            continue;
        }
        let Some((step, prop)) = step else { continue };
        if step.verb == "activate" {
            if let Some(p) = critical_cell(&before, b) {
                reading.broken.push(Broken::StartedInCritical(p));
            } else if let Some(p) = terminal_heat_after_start(&before, b) {
                reading.broken.push(Broken::StartPulseAtTerminalHeat(p));
            }
        }
        if let Some(k) = prop {
            let pos = game.level.props[k].pos;
            match before.props[k].kind {
                PropKind::Terminal if read.contains(&k) => reading.broken.push(Broken::TogglesBack(pos)),
                PropKind::Terminal => read.push(k),
                PropKind::Supply { .. } | PropKind::Reactor => {}
                first => {
                    if !met.iter().any(|(j, _)| *j == k) {
                        met.push((k, first));
                    }
                    let now = game.level.props[k].kind;
                    let back = met.iter().any(|(j, s)| *j == k && *s == now);
                    if back && !reading.broken.contains(&Broken::TogglesBack(pos)) {
                        reading.broken.push(Broken::TogglesBack(pos));
                    }
                    met.push((k, now));
                }
            }
        }
        reading.shape.push(step);
    }
    let mut kinds: Vec<&Step> =
        reading.shape.iter().filter(|s| s.verb != "activate" && s.target != "terminal").collect();
    kinds.sort();
    kinds.dedup();
    if !tutorial && kinds.len() < 2 {
        reading.broken.push(Broken::OneKind);
    }
    reading
}

/// The shape of a line as one text: each lengthy action's verb and target, in order.
pub fn shape_text(shape: &[Step]) -> String {
    shape.iter().map(|s| format!("{} {}", s.verb, s.target)).collect::<Vec<_>>().join(", ")
}

/// Every pair of named lines that share a shape (the rule: no two levels share a par line's shape).
pub fn shared_shapes(lines: &[(String, Vec<Step>)]) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    for (i, (a, sa)) in lines.iter().enumerate() {
        for (b, sb) in &lines[i + 1..] {
            if sa == sb {
                pairs.push((a.as_str(), b.as_str()));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::{script, text};

    fn read_map(map: &str, line: &str, tutorial: bool) -> Reading {
        let b = Balance::normal();
        let level = text::parse(map, &b).expect("test map");
        read(&level, &b, &script::parse_actions(line).unwrap(), tutorial)
    }

    /// A source off at (1, 1) feeding a consumer at (3, 1) through a valve at (2, 1), the control at
    /// (4, 1); fuel required.
    const PLANT: &str = "[surface]\n######\n#.vcr#\n######\n[fuel]\n......\n.====.\n......\n[props]\nv valve fuel open\nc consumer on\nr reactor\n1,1 flow fuel off\n[level]\nid plant\nrequired 1 0 0\nrobot 1 1 0 false\n";

    #[test]
    fn a_straight_line_breaks_nothing_but_is_one_kind_after_the_tutorial() {
        let line = "interact move:E move:E move:E activate";
        let r = read_map(PLANT, line, true);
        assert_eq!(r.broken, vec![], "{r:?}");
        assert_eq!(
            r.shape,
            vec![Step { verb: "interact", target: "flow" }, Step { verb: "activate", target: "reactor" }]
        );
        assert_eq!(read_map(PLANT, line, false).broken, vec![Broken::OneKind]);
    }

    #[test]
    fn a_valve_closed_and_opened_again_is_a_wait() {
        let line = "interact move:E interact interact move:E move:E activate";
        let r = read_map(PLANT, line, true);
        assert_eq!(r.broken, vec![Broken::TogglesBack(Pos::new(2, 1))], "{r:?}");
    }

    #[test]
    fn a_terminal_read_twice_is_a_wait() {
        let plant = "[surface]\n######\n#.vcr#\n#t####\n######\n[fuel]\n......\n.====.\n......\n......\n[props]\nt terminal\nv valve fuel open\nc consumer on\nr reactor\n1,1 flow fuel off\n[level]\nid plant\nrequired 1 0 0\nrobot 1 1 0 false\n";
        let once = "move:S interact move:N interact move:E move:E move:E activate";
        assert_eq!(read_map(plant, once, true).broken, vec![], "one read is free and no wait");
        let twice = "move:S interact move:N move:S interact move:N interact move:E move:E move:E activate";
        assert_eq!(read_map(plant, twice, true).broken, vec![Broken::TogglesBack(Pos::new(1, 2))]);
    }

    #[test]
    fn starting_the_reactor_while_a_cell_is_critical_breaks_a_rule() {
        // Ready from the start (the source is on), with critical fuel where the robot stands.
        let hot = PLANT
            .replace("1,1 flow fuel off", "1,1 flow fuel on")
            .replace("[level]", "[values]\n1 1 fuel=9\n[level]");
        let r = read_map(&hot, "move:E move:E move:E activate", true);
        assert_eq!(r.broken, vec![Broken::StartedInCritical(Pos::new(1, 1))], "{r:?}");
    }

    #[test]
    fn a_start_whose_own_pulse_reaches_the_terminal_heat_breaks_a_rule() {
        // Ready from the start; nothing is critical when the robot presses, but fuel and charge at
        // caution under caution heat ignite in the start's own pulse (10.0 against 9.0).
        let ready = PLANT.replace("1,1 flow fuel off", "1,1 flow fuel on");
        let line = "move:E move:E move:E activate";
        assert_eq!(read_map(&ready, line, true).broken, vec![], "a cold room starts cleanly");
        let smoulder = ready.replace("[level]", "[values]\n1 1 fuel=5 electricity=4 heat=6.5\n[level]");
        let r = read_map(&smoulder, line, true);
        assert_eq!(r.broken, vec![Broken::StartPulseAtTerminalHeat(Pos::new(1, 1))], "{r:?}");
    }
}
