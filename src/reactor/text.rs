//! A text form of a level in ASCII layers, for tests (small inline maps) and bug reports, and its
//! parser. `render` then `parse` gives back the same level.
//!
//! ```text
//! [surface]        # wall, . floor, @ robot, a-z prop on floor, A-Z prop on a wall
//! #####
//! #@ab#
//! #####
//! [fuel]           . absent, = intact at max integrity, 0-9 intact with that integrity, ! leaking
//! .....
//! .===.
//! .....
//! [props]          key kind args (or `x,y kind args` for a prop without a letter)
//! a flow fuel on
//! b consumer on
//! [leaks]          carrier x y access_x access_y [repaired]
//! [values]         x y fuel=.. water=.. electricity=.. heat=.. blocks=f,w,e
//! [integrity]      carrier x y value (exact values; overrides the digit)
//! [captions]       x y text (a caption beside that cell)
//! [level]          id, name, required f c e, inventory items.., difficulty, robot x y immunity terminal,
//!                  status, pulse, growing, peak, remedies
//! ```

use super::balance::Balance;
use super::bounds::echo;
use super::level::*;
use crate::grid::Pos;
use std::fmt::Write;

fn on(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// Renders every layer. Derived values are not written; they follow from the rest.
pub fn render(level: &Level, b: &Balance) -> String {
    let mut out = String::new();
    let (w, h) = (level.width(), level.height());
    let mut keys: Vec<Option<char>> = Vec::new();
    let (mut lower, mut upper) = (0u8, 0u8);
    for p in &level.props {
        let wall = level.is_wall(p.pos);
        let key = if wall && upper < 26 {
            upper += 1;
            Some((b'A' + upper - 1) as char)
        } else if !wall && lower < 26 {
            lower += 1;
            Some((b'a' + lower - 1) as char)
        } else {
            None
        };
        keys.push(key);
    }
    out.push_str("[surface]\n");
    for y in 0..h {
        for x in 0..w {
            let p = Pos::new(x, y);
            let ch = match level.prop_at(p) {
                Some(k) => keys[k].unwrap_or(if level.is_wall(p) { '%' } else { '+' }),
                None if level.robot.pos == p && level.is_floor(p) => '@',
                None if level.is_wall(p) => '#',
                None => '.',
            };
            out.push(ch);
        }
        out.push('\n');
    }
    let mut exact = String::new();
    for c in Carrier::ALL {
        let g = &level.under[c as usize];
        if !g.as_slice().iter().any(|u| u.present()) {
            continue;
        }
        let _ = writeln!(out, "[{}]", c.name());
        for y in 0..h {
            for x in 0..w {
                let u = g.at(Pos::new(x, y));
                out.push(match u.structure {
                    Structure::Absent => '.',
                    Structure::Leaking => '!',
                    Structure::Intact if u.integrity == b.max_integrity => '=',
                    Structure::Intact => '~',
                });
                if u.present() && u.integrity != b.max_integrity {
                    let _ = writeln!(exact, "{} {x} {y} {}", c.name(), u.integrity);
                }
            }
            out.push('\n');
        }
    }
    out.push_str("[props]\n");
    for (k, p) in level.props.iter().enumerate() {
        match keys[k] {
            Some(c) => out.push(c),
            None => {
                let _ = write!(out, "{},{}", p.pos.x, p.pos.y);
            }
        }
        let args = match p.kind {
            PropKind::Flow { carrier, enabled } => format!("flow {} {}", carrier.name(), on(enabled)),
            PropKind::Valve { carrier, open } => {
                format!("valve {} {}", carrier.name(), if open { "open" } else { "closed" })
            }
            PropKind::Consumer { enabled } => format!("consumer {}", on(enabled)),
            PropKind::Junction { mode } => format!("junction {mode}"),
            PropKind::Door { open } => format!("door {}", if open { "open" } else { "closed" }),
            PropKind::Terminal => "terminal".into(),
            PropKind::Supply { item, depleted } => {
                format!("supply {}{}", item.name(), if depleted { " depleted" } else { "" })
            }
            PropKind::Sprinkler { enabled, outlet } => {
                format!("sprinkler {} {} {}", on(enabled), outlet.x, outlet.y)
            }
            PropKind::Reactor => "reactor".into(),
        };
        let _ = writeln!(out, " {args}");
    }
    if !level.leaks.is_empty() {
        out.push_str("[leaks]\n");
        for l in &level.leaks {
            let r = if l.repaired { " repaired" } else { "" };
            let _ = writeln!(
                out,
                "{} {} {} {} {}{r}",
                l.carrier.name(),
                l.under.x,
                l.under.y,
                l.access.x,
                l.access.y
            );
        }
    }
    let values: Vec<_> = level.surface.iter().filter(|(_, s)| !s.is_clear()).collect();
    if !values.is_empty() {
        out.push_str("[values]\n");
        for (p, s) in values {
            let _ = writeln!(
                out,
                "{} {} fuel={} water={} electricity={} heat={} blocks={},{},{}",
                p.x, p.y, s.v[0], s.v[1], s.v[2], s.v[3], s.block[0], s.block[1], s.block[2]
            );
        }
    }
    if !exact.is_empty() {
        out.push_str("[integrity]\n");
        out.push_str(&exact);
    }
    if !level.captions.is_empty() {
        out.push_str("[captions]\n");
        for c in &level.captions {
            let _ = writeln!(out, "{} {} {}", c.pos.x, c.pos.y, c.text);
        }
    }
    out.push_str("[level]\n");
    let _ = writeln!(out, "id {}", level.id);
    let _ = writeln!(out, "name {}", level.name);
    let _ = writeln!(out, "required {} {} {}", level.required[0], level.required[1], level.required[2]);
    let inv: Vec<&str> = level.inventory.iter().map(|i| i.name()).collect();
    let _ = writeln!(out, "inventory {}", inv.join(" "));
    let _ = writeln!(out, "difficulty {}", level.difficulty.name());
    let r = &level.robot;
    let _ = writeln!(out, "robot {} {} {} {}", r.pos.x, r.pos.y, r.heat_immunity, r.terminal_active);
    let _ = writeln!(out, "status {}", level.status.name());
    let _ = writeln!(out, "pulse {}", level.pulse);
    let _ = writeln!(out, "growing {}", level.hazard_growing);
    let _ = writeln!(out, "peak {}", level.peak_heat);
    let _ = writeln!(out, "remedies {}", level.remedies_used);
    out
}

/// A parse error: line number (1-based) and one sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    pub line: usize,
    pub message: String,
}

/// Parses the text form. Common leading indentation and blank lines are ignored, so tests can write
/// maps inline. Derived values are left for `undo::refresh`.
pub fn parse(text: &str, b: &Balance) -> Result<Level, TextError> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();
    let e = |line: usize, m: &str| TextError { line, message: m.to_string() };
    let mut sections: Vec<(String, Vec<(usize, &str)>)> = Vec::new();
    for (n, l) in lines {
        if l.starts_with('[') && l.ends_with(']') {
            sections.push((l[1..l.len() - 1].to_string(), Vec::new()));
        } else {
            match sections.last_mut() {
                Some(s) => s.1.push((n, l)),
                None => return Err(e(n, "text before the first [section]")),
            }
        }
    }
    let surface = sections.iter().find(|s| s.0 == "surface").ok_or(e(1, "no [surface] section"))?;
    let h = surface.1.len() as i32;
    let w = surface.1.first().map(|r| r.1.chars().count()).unwrap_or(0) as i32;
    if w == 0 || h == 0 || w > super::schema::MAX_SIDE || h > super::schema::MAX_SIDE {
        return Err(e(1, "the surface is empty or too large"));
    }
    let mut level = Level::empty("text", w, h);
    let mut letters: Vec<(char, Pos)> = Vec::new();
    for (y, (n, row)) in surface.1.iter().enumerate() {
        if row.chars().count() as i32 != w {
            return Err(e(*n, "surface rows differ in length"));
        }
        for (x, ch) in row.chars().enumerate() {
            let p = Pos::new(x as i32, y as i32);
            match ch {
                '#' | '%' => level.terrain.set(p, Terrain::Wall),
                '.' | '+' => {}
                '@' => level.robot.pos = p,
                'a'..='z' => letters.push((ch, p)),
                'A'..='Z' => {
                    level.terrain.set(p, Terrain::Wall);
                    letters.push((ch, p));
                }
                _ => return Err(e(*n, &format!("unknown surface character {ch:?}"))),
            }
        }
    }
    for c in Carrier::ALL {
        let Some(sec) = sections.iter().find(|s| s.0 == c.name()) else { continue };
        if sec.1.len() as i32 != h {
            return Err(e(
                sec.1.first().map(|l| l.0).unwrap_or(1),
                "a layer's height differs from the surface",
            ));
        }
        for (y, (n, row)) in sec.1.iter().enumerate() {
            if row.chars().count() as i32 != w {
                return Err(e(*n, "a layer's width differs from the surface"));
            }
            for (x, ch) in row.chars().enumerate() {
                let p = Pos::new(x as i32, y as i32);
                let u = match ch {
                    '.' => continue,
                    '=' | '~' => Under {
                        structure: Structure::Intact,
                        integrity: b.max_integrity,
                        ..Default::default()
                    },
                    '!' => Under { structure: Structure::Leaking, integrity: 0.0, ..Default::default() },
                    '0'..='9' => Under {
                        structure: Structure::Intact,
                        integrity: (ch as u8 - b'0') as f32,
                        ..Default::default()
                    },
                    _ => return Err(e(*n, &format!("unknown layer character {ch:?}"))),
                };
                level.under[c as usize].set(p, u);
            }
        }
    }
    for (name, body) in &sections {
        for (n, l) in body {
            let n = *n;
            let words: Vec<&str> = l.split_whitespace().collect();
            match name.as_str() {
                "props" => parse_prop(&mut level, &letters, &words).map_err(|m| e(n, &m))?,
                "leaks" => {
                    let c = words
                        .first()
                        .and_then(|s| Carrier::parse(s))
                        .ok_or(e(n, "a leak needs a carrier"))?;
                    let nums = ints(&words[1..]).ok_or(e(n, "a leak needs four coordinates"))?;
                    let [x, y, ax, ay] = nums[..4.min(nums.len())] else {
                        return Err(e(n, "a leak needs four coordinates"));
                    };
                    let repaired = words.get(5) == Some(&"repaired");
                    level.leaks.push(Leak {
                        carrier: c,
                        under: Pos::new(x, y),
                        access: Pos::new(ax, ay),
                        repaired,
                    });
                }
                "values" => {
                    let nums = ints(&words[..2.min(words.len())]).ok_or(e(n, "values need x y"))?;
                    let [x, y] = nums[..] else { return Err(e(n, "values need x y")) };
                    let mut s = Surface::default();
                    for kv in &words[2..] {
                        let (k, v) = kv.split_once('=').ok_or(e(n, "values are written key=value"))?;
                        if k == "blocks" {
                            let bs: Vec<u32> = v.split(',').filter_map(|t| t.parse().ok()).collect();
                            let [f, wt, el] = bs[..] else { return Err(e(n, "blocks are three numbers")) };
                            s.block = [f, wt, el];
                            continue;
                        }
                        let q = Quantity::ALL
                            .into_iter()
                            .find(|q| q.name() == k)
                            .ok_or(e(n, "unknown value name"))?;
                        let value = v.parse::<f32>().map_err(|_| e(n, "a value is not a number"))?;
                        // `f32` reads "NaN" and "inf" too; no level holds them, and the file form
                        // could not even write them (JSON has no such numbers).
                        if !value.is_finite() {
                            let m = format!(
                                "the {k} value at ({x}, {y}) must be a finite number, not {}",
                                echo(v)
                            );
                            return Err(e(n, &m));
                        }
                        s.v[q as usize] = value;
                    }
                    let p = Pos::new(x, y);
                    if !level.surface.in_bounds(p) {
                        return Err(e(n, "values lie outside the map"));
                    }
                    level.surface.set(p, s);
                }
                "integrity" => {
                    let c = words
                        .first()
                        .and_then(|s| Carrier::parse(s))
                        .ok_or(e(n, "integrity needs a carrier"))?;
                    let nums = ints(&words[1..3.min(words.len())]).ok_or(e(n, "integrity needs x y"))?;
                    let [x, y] = nums[..] else { return Err(e(n, "integrity needs x y")) };
                    let v: f32 =
                        words.get(3).and_then(|s| s.parse().ok()).ok_or(e(n, "integrity needs a value"))?;
                    if !v.is_finite() {
                        let m = format!("the {} integrity at ({x}, {y}) must be a finite number", c.name());
                        return Err(e(n, &m));
                    }
                    if let Some(u) = level.under[c as usize].get_mut(Pos::new(x, y)) {
                        u.integrity = v;
                    }
                }
                "captions" => {
                    let bad = || e(n, "a caption is written x y text");
                    let (x, rest) = l.trim_start().split_once(' ').ok_or_else(bad)?;
                    let (y, text) = rest.split_once(' ').ok_or_else(bad)?;
                    let nums = ints(&[x, y]).ok_or_else(bad)?;
                    let pos = Pos::new(nums[0], nums[1]);
                    level.captions.push(Caption { pos, text: text.to_string() });
                }
                "level" => parse_level_line(&mut level, &words).map_err(|m| e(n, &m))?,
                _ => {}
            }
        }
    }
    Ok(level)
}

fn ints(words: &[&str]) -> Option<Vec<i32>> {
    words.iter().map(|w| w.parse::<i32>().ok()).collect()
}

fn parse_prop(level: &mut Level, letters: &[(char, Pos)], words: &[&str]) -> Result<(), String> {
    let key = words.first().ok_or("an empty prop line")?;
    let pos = if let Some((x, y)) = key.split_once(',') {
        Pos::new(x.parse().map_err(|_| "bad prop x")?, y.parse().map_err(|_| "bad prop y")?)
    } else {
        let ch = key.chars().next().ok_or("an empty prop key")?;
        letters
            .iter()
            .find(|(c, _)| *c == ch)
            .map(|(_, p)| *p)
            .ok_or(format!("prop {ch:?} is not on the map"))?
    };
    let kind = *words.get(1).ok_or("a prop needs a kind")?;
    let arg = |i: usize| words.get(i).copied().unwrap_or("");
    let carrier = |i: usize| Carrier::parse(arg(i)).ok_or(format!("the {kind} prop needs a carrier"));
    let flag = |i: usize, yes: &str, no: &str| match arg(i) {
        s if s == yes => Ok(true),
        s if s == no => Ok(false),
        _ => Err(format!("the {kind} prop needs {yes} or {no}")),
    };
    let k = match kind {
        "flow" => PropKind::Flow { carrier: carrier(2)?, enabled: flag(3, "on", "off")? },
        "valve" => PropKind::Valve { carrier: carrier(2)?, open: flag(3, "open", "closed")? },
        "consumer" => PropKind::Consumer { enabled: flag(2, "on", "off")? },
        "junction" => PropKind::Junction { mode: arg(2).parse().unwrap_or(0) },
        "door" => PropKind::Door { open: flag(2, "open", "closed")? },
        "terminal" => PropKind::Terminal,
        "supply" => PropKind::Supply {
            item: Item::parse(arg(2)).ok_or("the supply needs an item")?,
            depleted: arg(3) == "depleted",
        },
        "sprinkler" => {
            let enabled = flag(2, "on", "off")?;
            let outlet = match (arg(3).parse::<i32>(), arg(4).parse::<i32>()) {
                (Ok(x), Ok(y)) => Pos::new(x, y),
                // Without an outlet, the single adjacent floor cell.
                _ => pos.neighbours4().into_iter().find(|q| level.is_floor(*q)).unwrap_or(pos),
            };
            PropKind::Sprinkler { enabled, outlet }
        }
        "reactor" => PropKind::Reactor,
        other => return Err(format!("unknown prop kind {}", echo(other))),
    };
    level.props.push(Prop::new(pos, k));
    Ok(())
}

fn parse_level_line(level: &mut Level, words: &[&str]) -> Result<(), String> {
    let rest = &words[1.min(words.len())..];
    let num = |i: usize| rest.get(i).and_then(|s| s.parse::<u32>().ok()).ok_or("a number is missing");
    match words.first().copied().unwrap_or("") {
        "id" => level.id = rest.join(" "),
        "name" => level.name = rest.join(" "),
        "required" => level.required = [num(0)?, num(1)?, num(2)?],
        "inventory" => {
            level.inventory = rest
                .iter()
                .map(|s| Item::parse(s).ok_or(format!("unknown item {}", echo(s))))
                .collect::<Result<_, _>>()?
        }
        "difficulty" => {
            level.difficulty = Difficulty::parse(rest.first().unwrap_or(&"")).ok_or("unknown difficulty")?
        }
        "robot" => {
            let x = rest.first().and_then(|s| s.parse().ok()).ok_or("robot needs x")?;
            let y = rest.get(1).and_then(|s| s.parse().ok()).ok_or("robot needs y")?;
            level.robot.pos = Pos::new(x, y);
            level.robot.heat_immunity = num(2).unwrap_or(0);
            level.robot.terminal_active = rest.get(3) == Some(&"true");
        }
        "status" => level.status = Status::parse(rest.first().unwrap_or(&"")).ok_or("unknown status")?,
        "pulse" => level.pulse = num(0)?,
        "growing" => level.hazard_growing = rest.first() == Some(&"true"),
        "peak" => {
            level.peak_heat = rest
                .first()
                .and_then(|s| s.parse::<f32>().ok())
                .filter(|p| p.is_finite())
                .ok_or("peak needs a finite number")?
        }
        "remedies" => level.remedies_used = num(0)?,
        other => return Err(format!("unknown level line {}", echo(other))),
    }
    Ok(())
}
