//! The daily run: one seed per UTC date, the same in every version and on every machine, one
//! scored attempt a day, and a share line that gives nothing away but can be checked against a
//! recording of the run.

use crate::app::persist::{files, profile};
use crate::game::recording::Recording;
use crate::game::save::state_hash;
use crate::game::Game;
use std::path::Path;

/// What the date is hashed with, so the daily seeds are not the seeds a player types for a date.
const SEED_SALT: &str = "hollowdeep daily ";

/// The seed of `date` (YYYY-MM-DD): FNV-1a over the salted date's bytes. Written out here rather
/// than taken from any crate, whose hash or RNG may change between versions: a date's dungeon must
/// never change (a test pins a few dates' first levels).
pub fn seed_of(date: &str) -> u64 {
    let bytes = SEED_SALT.bytes().chain(date.bytes());
    bytes.fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Today's date, UTC, as YYYY-MM-DD.
pub fn today() -> String {
    files::date_and_stamp().0
}

/// The date of today's daily run if `seed` is its seed.
pub fn is_todays(seed: u64) -> Option<String> {
    let date = today();
    (seed_of(&date) == seed).then_some(date)
}

/// A run of today's daily seed begins: refused when today's attempt was made already (one scored
/// attempt a day), otherwise kept in the profile as begun, so a second attempt is refused even if
/// the first is abandoned or the program is killed. The refusal is one sentence.
pub fn begin(data_dir: &Path, date: &str) -> Result<(), String> {
    let (mut p, warning) = profile::load(data_dir)?;
    if let Some(w) = warning {
        eprintln!("hollowdeep: {w}");
    }
    if p.daily.iter().any(|d| d.date == date) {
        return Err(format!("The daily run of {date} was played already; the next one starts at 00:00 UTC."));
    }
    p.daily.push(profile::DailyEntry { date: date.to_string(), seed: seed_of(date), result: None });
    profile::save(data_dir, &p)
}

/// The end of a scored run, folded into the profile the caller saves: if it was a daily run begun
/// and not yet finished, its result is kept and its share line comes back.
pub fn finish(p: &mut profile::Profile, game: &Game) -> Option<String> {
    let entry = p.daily.iter_mut().find(|d| d.seed == game.seed() && d.result.is_none())?;
    let line = share_line(&entry.date, game);
    entry.result = Some(line.clone());
    Some(line)
}

/// The spoiler-free line to share: the date, how deep and how long, the score, and a short hash of
/// the final state that `--verify-daily` checks against a recording.
pub fn share_line(date: &str, game: &Game) -> String {
    format!(
        "Hollowdeep daily {date}: depth {}, {} turns, score {}, state {:08x}",
        game.depth(),
        game.turn(),
        game.score(),
        state_hash(game) >> 32
    )
}

/// `--verify-daily LINE --replay FILE`: the recording must be the daily seed of the line's date,
/// replay to its own final state, and end where the line says.
pub fn verify(line: &str, recording_path: &Path) -> Result<(), String> {
    let date = line
        .strip_prefix("Hollowdeep daily ")
        .and_then(|rest| rest.split(':').next())
        .filter(|d| d.len() == 10)
        .ok_or("The share line must start with \"Hollowdeep daily YYYY-MM-DD:\".")?;
    let text = std::fs::read_to_string(recording_path)
        .map_err(|e| format!("Could not read the recording {}: {e}.", recording_path.display()))?;
    let recording = Recording::from_text(&text)
        .map_err(|why| format!("The recording {} cannot be replayed: {why}.", recording_path.display()))?;
    if recording.seed != seed_of(date) || recording.depth != 1 {
        return Err(format!("The recording is not of the daily run of {date}."));
    }
    recording.verify()?;
    let game = recording.replay();
    if share_line(date, &game) != line.trim() {
        return Err(format!("The recording ends elsewhere: {}.", share_line(date, &game)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_date_has_its_own_seed_and_the_function_is_fnv1a() {
        assert_ne!(seed_of("2026-12-06"), seed_of("2026-12-07"));
        // FNV-1a of the empty input is its offset basis; the salt is part of the input.
        assert_ne!(seed_of(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(is_todays(seed_of(&today())), Some(today()));
    }

    #[test]
    fn one_attempt_a_day_and_its_result_kept_once() {
        let dir = std::env::temp_dir().join(format!("hollowdeep-daily-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let date = "2026-12-06";
        begin(&dir, date).expect("the first attempt");
        let again = begin(&dir, date).unwrap_err();
        assert!(again.contains("played already"), "{again}");
        let mut game = Game::new(seed_of(date));
        game.cause_of_death = Some("slain by a test".into());
        let (mut p, _) = profile::load(&dir).unwrap();
        let line = finish(&mut p, &game).expect("the daily run's share line");
        assert!(line.starts_with("Hollowdeep daily 2026-12-06: depth 1, 0 turns"), "{line}");
        assert_eq!(finish(&mut p, &game), None, "a result is kept once");
        assert_eq!(finish(&mut p, &Game::new(1)), None, "another seed is no daily run");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
