//! The reactor's half of the sound contract: what a command sounded like (the robot's step, a
//! refusal's knock, a thrown prop, and one cue per level state entered) and the continuous sounds
//! the state holds (each live network's hum, each fed leak's hiss, electricity crackling on the
//! floor, fire where heat is critical). Plain data derived from the level alone, so the same
//! actions always sound the same; how loud and where is the audio room's business.

use super::balance::Balance;
use super::level::{Carrier, Level, LevelState, Quantity};
use super::report::Report;
use super::script::Action;
use super::Command;
use crate::scene::{SoundBed, SoundEvent, SoundKind, SoundPhase};

/// The cue of entering `state`.
pub fn state_cue(state: LevelState) -> SoundKind {
    match state {
        LevelState::Stable => SoundKind::StateStable,
        LevelState::Caution => SoundKind::StateCaution,
        LevelState::Critical => SoundKind::StateCritical,
        LevelState::Ready => SoundKind::StateReady,
        LevelState::Won => SoundKind::StateWon,
        LevelState::Lost => SoundKind::StateLost,
    }
}

/// The sounds of `action` and its `report`, on `level` as it stands after it. The robot's own
/// sounds start with the key; a state change is heard when the pulse's cascade has played (the
/// world phase), as the board is seen to settle into it.
pub fn sounds(level: &Level, action: Action, report: &Report) -> Vec<SoundEvent> {
    let me = level.robot.pos;
    let mine = |kind| SoundEvent { kind, at: me, phase: SoundPhase::Player };
    let mut out = Vec::new();
    if report.refused {
        out.push(mine(SoundKind::Bump));
    } else {
        match action {
            Action::Do(Command::MoveRobot(_)) => out.push(mine(SoundKind::PlayerStep)),
            Action::Do(c) if c.is_lengthy() && report.pulse.is_some() => out.push(mine(SoundKind::Switch)),
            _ => {}
        }
    }
    if level.state != report.before {
        out.push(SoundEvent { kind: state_cue(level.state), at: me, phase: SoundPhase::World });
    }
    out
}

/// The continuous sounds of `level` now.
pub fn beds(level: &Level, b: &Balance) -> Vec<SoundBed> {
    let mut out = Vec::new();
    let hums = [SoundKind::FuelHum, SoundKind::CoolantHum, SoundKind::ElectricHum];
    for c in Carrier::ALL {
        // A live network hums from under the whole floor, louder the more it carries.
        let amount: f32 = level.under[c as usize]
            .as_slice()
            .iter()
            .filter(|u| u.fed())
            .map(|u| u.amount / b.max_amount)
            .sum();
        if amount > 0.0 {
            out.push(SoundBed { kind: hums[c as usize], at: None, amount });
        }
    }
    for leak in level.leaks.iter().filter(|l| !l.repaired) {
        // A leak hisses where it is worked from while its network pushes through it.
        let u = level.under_at(leak.carrier, leak.under);
        if u.fed() {
            out.push(SoundBed {
                kind: SoundKind::Hiss,
                at: Some(leak.access),
                amount: u.intensity / b.max_intensity,
            });
        }
    }
    let critical_heat = b.critical(Quantity::Heat);
    for p in level.terrain.positions() {
        let Some(s) = level.surface.get(p) else { continue };
        let e = s.get(Quantity::Electricity);
        if e > 0.0 {
            out.push(SoundBed { kind: SoundKind::Crackle, at: Some(p), amount: e / b.max_surface });
        }
        let h = s.get(Quantity::Heat);
        if h >= critical_heat {
            out.push(SoundBed { kind: SoundKind::Fire, at: Some(p), amount: h / b.max_surface });
        }
    }
    out
}
