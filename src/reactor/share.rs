//! Share codes: a solution as a short text a player can copy off the win card and give to someone
//! else (`hollowdeep reactor --replay-code CODE`), so two players compare lines without files.
//! The code holds a version, 32 bits of the level's hash, the actions packed four bits an opcode,
//! and a 16-bit check, written in Crockford's base 32 (no I, L, O or U to misread) in groups of five.

use super::command::{Command, LeakAction};
use super::level::{Carrier, Level};
use super::script::Action;
use crate::grid::{Facing, Pos};

/// What every code starts with, and its version byte.
pub const PREFIX: &str = "RM1";
const VERSION: u8 = 1;
/// The longest code read, in characters: far past any par line, short of a pasted file.
pub const MAX_CODE: usize = 4096;
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What a code holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The low 32 bits of the level's hash (`level_key`).
    pub level: u32,
    pub actions: Vec<Action>,
}

/// The level a code names: the low 32 bits of the solution files' level hash.
pub fn level_key(level: &Level) -> u32 {
    super::hash::fnv1a(super::schema::save(level).as_bytes()) as u32
}

/// Opcodes, one nibble each; a cell follows as two bytes (four nibbles), x then y.
mod op {
    pub const MOVE: u8 = 0; // 0..=3: north, east, south, west
    pub const INTERACT: u8 = 4;
    pub const INTERACT_AT: u8 = 5;
    pub const REPAIR: u8 = 6;
    pub const REPAIR_AT: u8 = 7;
    /// Then a nibble: the carrier, plus 4 when a cell follows.
    pub const NEUTRALIZE: u8 = 8;
    pub const SHIELD: u8 = 9;
    pub const ACTIVATE: u8 = 10;
    pub const UNDO: u8 = 11;
    pub const RESTART: u8 = 12;
    pub const VIEW: u8 = 13;
    pub const INSPECT_AT: u8 = 14;
    /// Pads the last byte.
    pub const END: u8 = 15;
}

/// The code of `actions` played from `level`; none when an action names a cell past 255 (no level
/// is that large).
pub fn encode(level: &Level, actions: &[Action]) -> Option<String> {
    let mut nibbles = Vec::new();
    for a in actions {
        pack(&mut nibbles, a)?;
    }
    if nibbles.len() % 2 == 1 {
        nibbles.push(op::END);
    }
    let mut bytes = vec![VERSION];
    bytes.extend(level_key(level).to_be_bytes());
    bytes.extend(nibbles.chunks(2).map(|p| p[0] << 4 | p[1]));
    bytes.extend(check(&bytes).to_be_bytes());
    let text = base32(&bytes);
    let groups: Vec<&str> = text.as_bytes().chunks(5).map(|g| std::str::from_utf8(g).unwrap_or("")).collect();
    Some(format!("{PREFIX}-{}", groups.join("-")))
}

/// What a code holds, or one sentence saying why it cannot be read.
pub fn decode(code: &str) -> Result<Shared, String> {
    if code.len() > MAX_CODE {
        return Err(format!("that code is longer than any solution ({} characters at most)", MAX_CODE));
    }
    let upper = code.trim().to_ascii_uppercase();
    let body = upper.strip_prefix(PREFIX).ok_or(format!("a solution code starts with {PREFIX}-"))?;
    let mut bits = Vec::new();
    for ch in body.chars().filter(|c| !matches!(c, '-' | ' ')) {
        let ch = match ch {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        let v = ALPHABET.iter().position(|a| *a as char == ch);
        bits.push(v.ok_or(format!(
            "the code has a character no code has: {}",
            super::bounds::echo(&ch.to_string())
        ))?);
    }
    let bytes = from_base32(&bits);
    if bytes.len() < 7 {
        return Err("the code is too short to hold a solution".into());
    }
    let (head, tail) = bytes.split_at(bytes.len() - 2);
    if check(head).to_be_bytes() != tail {
        return Err("the code is damaged: its check does not match (a character mistyped?)".into());
    }
    if head[0] != VERSION {
        return Err("the code is from a newer version of the game".into());
    }
    let level = u32::from_be_bytes([head[1], head[2], head[3], head[4]]);
    let nibbles: Vec<u8> = head[5..].iter().flat_map(|b| [b >> 4, b & 15]).collect();
    Ok(Shared { level, actions: unpack(&nibbles)? })
}

fn pack(out: &mut Vec<u8>, a: &Action) -> Option<()> {
    let cell = |out: &mut Vec<u8>, p: Pos| -> Option<()> {
        let (x, y) = (u8::try_from(p.x).ok()?, u8::try_from(p.y).ok()?);
        out.extend([x >> 4, x & 15, y >> 4, y & 15]);
        Some(())
    };
    match *a {
        Action::Undo => out.push(op::UNDO),
        Action::Restart => out.push(op::RESTART),
        Action::Do(c) => match c {
            Command::MoveRobot(f) => out.push(op::MOVE + Facing::ALL.iter().position(|g| *g == f)? as u8),
            Command::InteractProp(None) => out.push(op::INTERACT),
            Command::InteractProp(Some(p)) => {
                out.push(op::INTERACT_AT);
                cell(out, p)?;
            }
            Command::InteractLeak(None, LeakAction::Repair) => out.push(op::REPAIR),
            Command::InteractLeak(Some(p), LeakAction::Repair) => {
                out.push(op::REPAIR_AT);
                cell(out, p)?;
            }
            Command::InteractLeak(at, LeakAction::Neutralize(carrier)) => {
                out.extend([op::NEUTRALIZE, carrier as u8 + if at.is_some() { 4 } else { 0 }]);
                if let Some(p) = at {
                    cell(out, p)?;
                }
            }
            Command::ApplyHeatShield => out.push(op::SHIELD),
            Command::ActivateReactor => out.push(op::ACTIVATE),
            Command::ViewLayers => out.push(op::VIEW),
            Command::Inspect(p) => {
                out.push(op::INSPECT_AT);
                cell(out, p)?;
            }
        },
    }
    Some(())
}

fn unpack(nibbles: &[u8]) -> Result<Vec<Action>, String> {
    let damaged = || "the code is damaged: an action is cut short".to_string();
    let mut out = Vec::new();
    let mut i = 0;
    let mut next = |i: &mut usize| -> Result<u8, String> {
        let v = *nibbles.get(*i).ok_or_else(damaged)?;
        *i += 1;
        Ok(v)
    };
    let cell =
        |i: &mut usize, next: &mut dyn FnMut(&mut usize) -> Result<u8, String>| -> Result<Pos, String> {
            let x = next(i)? << 4 | next(i)?;
            let y = next(i)? << 4 | next(i)?;
            Ok(Pos::new(i32::from(x), i32::from(y)))
        };
    while i < nibbles.len() {
        let code = next(&mut i)?;
        let action = match code {
            0..=3 => Action::Do(Command::MoveRobot(Facing::ALL[usize::from(code)])),
            op::INTERACT => Action::Do(Command::InteractProp(None)),
            op::INTERACT_AT => Action::Do(Command::InteractProp(Some(cell(&mut i, &mut next)?))),
            op::REPAIR => Action::Do(Command::InteractLeak(None, LeakAction::Repair)),
            op::REPAIR_AT => {
                Action::Do(Command::InteractLeak(Some(cell(&mut i, &mut next)?), LeakAction::Repair))
            }
            op::NEUTRALIZE => {
                let arg = next(&mut i)?;
                let carrier = *Carrier::ALL.get(usize::from(arg & 3)).ok_or_else(damaged)?;
                let at = if arg & 4 != 0 { Some(cell(&mut i, &mut next)?) } else { None };
                Action::Do(Command::InteractLeak(at, LeakAction::Neutralize(carrier)))
            }
            op::SHIELD => Action::Do(Command::ApplyHeatShield),
            op::ACTIVATE => Action::Do(Command::ActivateReactor),
            op::UNDO => Action::Undo,
            op::RESTART => Action::Restart,
            op::VIEW => Action::Do(Command::ViewLayers),
            op::INSPECT_AT => Action::Do(Command::Inspect(cell(&mut i, &mut next)?)),
            _ if i == nibbles.len() => break,
            _ => return Err(damaged()),
        };
        out.push(action);
    }
    Ok(out)
}

/// 16 bits of FNV-1a over `bytes`: a mistyped character changes it.
fn check(bytes: &[u8]) -> u16 {
    let h = super::hash::fnv1a(bytes);
    (h ^ (h >> 16) ^ (h >> 32) ^ (h >> 48)) as u16
}

fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in bytes {
        acc = acc << 8 | u32::from(*b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn from_base32(values: &[usize]) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for v in values {
        acc = (acc << 5 | *v as u32) & 0xffff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reactor::{script, text, Balance};

    fn level() -> Level {
        let map = "[surface]\n#####\n#@.t#\n#####\n[props]\nt terminal\n[level]\nid share\n";
        text::parse(map, &Balance::normal()).expect("test map")
    }

    #[test]
    fn every_kind_of_action_comes_back_as_it_went() {
        let line = "move:E move:N move:S move:W interact interact:3,1 repair repair:200,7 neutralize:fuel \
                    neutralize:coolant@4,5 neutralize:electricity shield activate undo restart view inspect:2,1";
        let actions = script::parse_actions(line).unwrap();
        let code = encode(&level(), &actions).expect("encodes");
        assert!(code.starts_with("RM1-"), "{code}");
        let back = decode(&code).expect("decodes");
        assert_eq!(back, Shared { level: level_key(&level()), actions });
    }

    #[test]
    fn a_par_line_is_a_short_code_that_reads_back_however_it_is_typed() {
        let actions = script::parse_actions("move:E move:E move:E interact move:S move:S activate").unwrap();
        let code = encode(&level(), &actions).unwrap();
        assert!(code.len() <= 32, "{code} is short enough to read out");
        let typed = code.to_lowercase().replace('-', " ").replace('0', "o");
        assert_eq!(decode(&typed).unwrap().actions, actions);
    }

    #[test]
    fn a_damaged_or_foreign_code_is_one_sentence() {
        let actions = script::parse_actions("move:E interact").unwrap();
        let code = encode(&level(), &actions).unwrap();
        // Every single-character change is caught.
        let alphabet: Vec<char> = ALPHABET.iter().map(|c| *c as char).collect();
        for (i, ch) in code.char_indices().skip(PREFIX.len() + 1).filter(|(_, c)| *c != '-') {
            for other in alphabet.iter().filter(|a| **a != ch) {
                let mut bad = code.clone();
                bad.replace_range(i..i + 1, &other.to_string());
                // Either refused, or the change fell in the last character's padding bits.
                let read = decode(&bad);
                assert!(read.is_err() || read == decode(&code), "{bad} reads as another solution");
            }
        }
        for bad in ["", "XYZ-123", "RM1-", "RM1-ZZ", "RM1-!!!!", &"RM1-".repeat(2000)] {
            let e = decode(bad).expect_err(bad);
            assert!(!e.contains('\n') && e.len() < 120, "{e}");
        }
    }
}
