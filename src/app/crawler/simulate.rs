//! `--simulate N`: plays N seeds headless with the built-in player and prints the pacing a
//! maintainer tunes against (depth reached, turns survived, causes of death, time in each sanity
//! band), one block per style of player (`autoplayer::Style`), each with its figures against the
//! balance table's pacing targets.

use crate::app::crawler::autoplayer::{AutoPlayer, Style};
use crate::game::balance::BALANCE;
use crate::game::{Game, Status};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A run still going after this many turns is stopped and counted as alive: no real run lasts this
/// long, so hitting it means the rules let a player stall forever.
pub const TURN_CAP: u64 = 20_000;

/// Free actions in a row (selecting, a refused bump) before the simulator makes the player wait, so
/// that a confused player cannot stop the clock.
const FREE_ACTIONS_CAP: u32 = 32;

/// How one simulated run went.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    pub seed: u64,
    pub depth: u32,
    pub turns: u64,
    /// "starved", "slain by a lurker", …; `None` when the run hit the turn cap.
    pub cause: Option<String>,
    /// Player turns that ended in each sanity band, from sane to mad (the balance table's bands).
    pub band_turns: Vec<u64>,
    /// The lowest sanity seen, in thousandths.
    pub lowest_sanity: i32,
}

/// The band a sanity (thousandths) falls in, by its index in the balance table.
fn band_index(sanity: i32) -> usize {
    BALANCE.sanity_bands.iter().position(|b| sanity >= b.floor).unwrap_or(BALANCE.sanity_bands.len() - 1)
}

/// Plays one seed from depth 1 until death or the turn cap, as the exploring player.
pub fn play_one(seed: u64) -> RunSummary {
    play_one_into(seed, &mut Vec::new()).0
}

/// Plays one seed like [`play_one`] with a player of `style`.
pub fn play_one_as(seed: u64, style: Style) -> RunSummary {
    play_styled(seed, style, &mut Vec::new()).0
}

/// Plays one seed like [`play_one`], keeping every action in `actions`; returns the summary and
/// the final game (what a recording of the run replays to).
pub fn play_one_into(seed: u64, actions: &mut Vec<crate::game::Action>) -> (RunSummary, Game) {
    play_styled(seed, Style::Explore, actions)
}

/// Plays one seed with a player of `style`, keeping every action in `actions`; returns the
/// summary and the final game.
pub fn play_styled(seed: u64, style: Style, actions: &mut Vec<crate::game::Action>) -> (RunSummary, Game) {
    let mut game = Game::new(seed);
    let mut player = AutoPlayer::new(style.temper());
    let mut band_turns = vec![0u64; BALANCE.sanity_bands.len()];
    let mut lowest = game.player().sanity;
    let mut free = 0;
    while game.status() == Status::Playing && game.turn() < TURN_CAP {
        let mut action = player.decide(&game);
        if free >= FREE_ACTIONS_CAP {
            action = crate::game::Action::Wait;
        }
        let report = game.act(action);
        actions.push(action);
        player.learn(&game, &report);
        if report.took_turn {
            free = 0;
            band_turns[band_index(game.player().sanity)] += 1;
            lowest = lowest.min(game.player().sanity);
        } else {
            free += 1;
        }
    }
    let cause = game.cause_of_death().map(|c| c.split(" at depth").next().unwrap_or(c).to_string());
    let summary = RunSummary {
        seed,
        depth: game.depth(),
        turns: game.turn(),
        cause,
        band_turns,
        lowest_sanity: lowest,
    };
    (summary, game)
}

/// `--simulate 1 --seed S [--style NAME] --record FILE`: plays seed S with a player of `style`
/// and writes the run as a recording, so a maintainer can watch the built-in player's run with
/// `--replay` (or verify it headless).
pub fn record(seed: u64, style: Style, path: &std::path::Path) -> Result<(), String> {
    let mut actions = Vec::new();
    let (summary, game) = play_styled(seed, style, &mut actions);
    let mut recording = crate::game::recording::Recording::new(seed, 1);
    recording.actions = actions;
    recording.finish(&game);
    crate::app::persist::writer::write_text(path, &recording.to_text())?;
    print!("{}", style_report(seed, style, &[summary]));
    println!("Recording written to {} ({} actions).", path.display(), recording.actions.len());
    Ok(())
}

/// Plays `count` seeds starting at `first_seed`, as the exploring player.
pub fn play_many(first_seed: u64, count: u32) -> Vec<RunSummary> {
    play_many_as(first_seed, count, Style::Explore)
}

/// Plays `count` seeds starting at `first_seed` with a player of `style`.
pub fn play_many_as(first_seed: u64, count: u32, style: Style) -> Vec<RunSummary> {
    (0..u64::from(count)).map(|i| play_one_as(first_seed.wrapping_add(i), style)).collect()
}

/// The figures SPEC "Pacing" sets targets for, in percent where a share.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pacing {
    pub median_depth: u32,
    pub below_60: f64,
    pub below_40: f64,
    /// Starvation's share of the deaths.
    pub starved_of_deaths: f64,
    /// The largest share of runs that ended at one depth, and that depth.
    pub worst_depth: (u32, f64),
}

impl Pacing {
    pub fn of(runs: &[RunSummary]) -> Pacing {
        let n = runs.len();
        let mut depths: Vec<u32> = runs.iter().map(|r| r.depth).collect();
        depths.sort_unstable();
        let below = |percent: i32| {
            let floor = percent * (BALANCE.max_sanity / 100);
            self::percent(runs.iter().filter(|r| r.lowest_sanity < floor).count(), n)
        };
        let deaths = runs.iter().filter(|r| r.cause.is_some()).count();
        let starved = runs.iter().filter(|r| r.cause.as_deref() == Some("starved")).count();
        let mut per_depth: BTreeMap<u32, usize> = BTreeMap::new();
        for d in &depths {
            *per_depth.entry(*d).or_default() += 1;
        }
        let worst = per_depth
            .iter()
            .max_by_key(|(d, c)| (**c, std::cmp::Reverse(**d)))
            .map_or((0, 0), |(d, c)| (*d, *c));
        Pacing {
            median_depth: if n == 0 { 0 } else { quantile(&depths, 0.5) },
            below_60: below(60),
            below_40: below(40),
            starved_of_deaths: percent(starved, deaths),
            worst_depth: (worst.0, percent(worst.1, n)),
        }
    }

    /// Each SPEC target with whether it holds, as printed lines' words.
    pub fn verdicts(&self) -> [(String, bool); 5] {
        let b = &BALANCE;
        [
            (
                format!("median depth {} (≥ {})", self.median_depth, b.pacing_median_depth),
                self.median_depth >= b.pacing_median_depth,
            ),
            (
                format!("below 60% {:.1}% (≥ {}%)", self.below_60, b.pacing_below_60_percent),
                self.below_60 >= f64::from(b.pacing_below_60_percent),
            ),
            (
                format!("below 40% {:.1}% (≥ {}%)", self.below_40, b.pacing_below_40_percent),
                self.below_40 >= f64::from(b.pacing_below_40_percent),
            ),
            (
                format!("starved {:.1}% of deaths (≤ {}%)", self.starved_of_deaths, b.pacing_starved_percent),
                self.starved_of_deaths <= f64::from(b.pacing_starved_percent),
            ),
            (
                format!(
                    "worst depth {} ends {:.1}% (≤ {}%)",
                    self.worst_depth.0, self.worst_depth.1, b.pacing_one_depth_percent
                ),
                self.worst_depth.1 <= f64::from(b.pacing_one_depth_percent),
            ),
        ]
    }
}

/// The value at fraction `q` of a sorted list (nearest rank).
fn quantile<T: Copy>(sorted: &[T], q: f64) -> T {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

/// The band labels from the table, in percent: "100–80", "79–60", …, "19–0".
fn band_labels() -> Vec<String> {
    let bands = BALANCE.sanity_bands;
    let pct = |thousandths: i32| thousandths / (BALANCE.max_sanity / 100);
    (0..bands.len())
        .map(|i| {
            let top = if i == 0 { 100 } else { pct(bands[i - 1].floor) - 1 };
            format!("{top}–{}", pct(bands[i].floor))
        })
        .collect()
}

/// The printed figures for a set of runs. Sections: header, depth, turns, deaths, sanity bands.
pub fn report(first_seed: u64, runs: &[RunSummary]) -> String {
    let mut out = String::new();
    let n = runs.len();
    if n == 0 {
        return "No runs simulated.\n".into();
    }
    let total_turns: u64 = runs.iter().map(|r| r.turns).sum();
    let last_seed = first_seed.wrapping_add(n as u64 - 1);
    let _ =
        writeln!(out, "Simulated {n} runs (seeds {first_seed}..={last_seed}), {total_turns} turns in all.");

    let mut depths: Vec<u32> = runs.iter().map(|r| r.depth).collect();
    depths.sort_unstable();
    let _ = writeln!(
        out,
        "Depth reached: median {}, quartiles {}–{}, max {}",
        quantile(&depths, 0.5),
        quantile(&depths, 0.25),
        quantile(&depths, 0.75),
        depths[n - 1]
    );
    let mut per_depth: BTreeMap<u32, usize> = BTreeMap::new();
    for d in &depths {
        *per_depth.entry(*d).or_default() += 1;
    }
    let spread: Vec<String> = per_depth.iter().map(|(d, c)| format!("{d}: {:.1}%", percent(*c, n))).collect();
    let _ = writeln!(out, "  runs ending at each depth: {}", spread.join(", "));
    out.push_str(&depth_table(runs));

    let mut turns: Vec<u64> = runs.iter().map(|r| r.turns).collect();
    turns.sort_unstable();
    let _ = writeln!(
        out,
        "Turns survived: median {}, quartiles {}–{}, max {}",
        quantile(&turns, 0.5),
        quantile(&turns, 0.25),
        quantile(&turns, 0.75),
        turns[n - 1]
    );

    let mut causes: BTreeMap<&str, usize> = BTreeMap::new();
    for r in runs {
        *causes.entry(r.cause.as_deref().unwrap_or("alive at the turn cap")).or_default() += 1;
    }
    let mut causes: Vec<(&str, usize)> = causes.into_iter().collect();
    causes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let deaths = runs.iter().filter(|r| r.cause.is_some()).count();
    let _ = writeln!(out, "Causes of death ({deaths} deaths):");
    for (cause, count) in causes {
        let _ = writeln!(out, "  {cause}: {:.1}%", percent(count, n));
    }

    let labels = band_labels();
    let _ = writeln!(out, "Sanity bands (share of runs that spent time in it; share of all turns):");
    for (i, label) in labels.iter().enumerate() {
        let visited = runs.iter().filter(|r| r.band_turns[i] > 0).count();
        let time: u64 = runs.iter().map(|r| r.band_turns[i]).sum();
        let _ = writeln!(
            out,
            "  {label:>7}: runs {:5.1}%, time {:5.1}%",
            percent(visited, n),
            if total_turns == 0 { 0.0 } else { time as f64 * 100.0 / total_turns as f64 }
        );
    }
    let below: Vec<String> = BALANCE.sanity_bands[1..]
        .iter()
        .filter(|band| band.floor > 0)
        .map(|band| {
            let runs_below = runs.iter().filter(|r| r.lowest_sanity < band.floor).count();
            format!("below {}%: {:.1}%", band.floor / (BALANCE.max_sanity / 100), percent(runs_below, n))
        })
        .collect();
    let _ = writeln!(out, "  runs that went {}", below.join(", "));
    let mut lowest: Vec<i32> = runs.iter().map(|r| r.lowest_sanity).collect();
    lowest.sort_unstable();
    let _ = writeln!(out, "  lowest sanity per run: median {:.1}%", quantile(&lowest, 0.5) as f64 / 1000.0);
    out
}

/// The short name of a cause of death for the table: "lurker" for "slain by a lurker".
fn short_cause(cause: Option<&str>) -> &str {
    match cause {
        Some(c) => c.strip_prefix("slain by a ").or_else(|| c.strip_prefix("slain by an ")).unwrap_or(c),
        None => "alive at the cap",
    }
}

/// Where runs end: one row per depth with its share of the runs and what ended them there, each
/// cause as a share of all runs (so a row's causes add up to its share).
pub fn depth_table(runs: &[RunSummary]) -> String {
    let n = runs.len();
    let mut rows: BTreeMap<u32, BTreeMap<&str, usize>> = BTreeMap::new();
    for r in runs {
        *rows.entry(r.depth).or_default().entry(short_cause(r.cause.as_deref())).or_default() += 1;
    }
    let mut out =
        String::from("Where runs end (depth: share of runs; what ended them, as shares of all runs):\n");
    for (depth, causes) in &rows {
        let total: usize = causes.values().sum();
        let mut causes: Vec<(&str, usize)> = causes.iter().map(|(c, k)| (*c, *k)).collect();
        causes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let words: Vec<String> = causes.iter().map(|(c, k)| format!("{c} {:.1}%", percent(*k, n))).collect();
        let _ = writeln!(out, "  {depth:>5}: {:5.1}%  {}", percent(total, n), words.join(", "));
    }
    out
}

/// One style's block: its name, the full report, and its figures against the targets.
pub fn style_report(first_seed: u64, style: Style, runs: &[RunSummary]) -> String {
    let mut out = format!("== Style: {} ==\n", style.name());
    out.push_str(&report(first_seed, runs));
    if !runs.is_empty() {
        let verdicts = Pacing::of(runs).verdicts();
        let words: Vec<String> = verdicts
            .iter()
            .map(|(text, ok)| format!("{text} {}", if *ok { "met" } else { "MISSED" }))
            .collect();
        let _ = writeln!(out, "Targets: {}", words.join("; "));
    }
    out
}

/// `--simulate N [--seed S] [--style NAME]`: plays each of `styles` and prints one block for each.
pub fn run(first_seed: u64, count: u32, styles: &[Style]) -> Result<(), String> {
    for &style in styles {
        let runs = play_many_as(first_seed, count, style);
        print!("{}", style_report(first_seed, style, &runs));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_labels_follow_the_plan() {
        assert_eq!(band_labels(), ["100–80", "79–60", "59–40", "39–20", "19–0"]);
    }

    fn run_at(depth: u32, cause: Option<&str>) -> RunSummary {
        RunSummary {
            seed: 0,
            depth,
            turns: 1,
            cause: cause.map(String::from),
            band_turns: vec![0; BALANCE.sanity_bands.len()],
            lowest_sanity: BALANCE.max_sanity,
        }
    }

    #[test]
    fn the_depth_table_gives_each_depth_its_share_and_causes() {
        let runs = [
            run_at(4, Some("slain by a lurker")),
            run_at(4, Some("starved")),
            run_at(4, Some("slain by a lurker")),
            run_at(6, None),
        ];
        let table = depth_table(&runs);
        let rows: Vec<&str> = table.lines().skip(1).map(str::trim).collect();
        assert_eq!(rows, ["4:  75.0%  lurker 50.0%, starved 25.0%", "6:  25.0%  alive at the cap 25.0%"]);
    }

    #[test]
    fn the_same_seed_simulates_the_same_run() {
        assert_eq!(play_one(3), play_one(3));
    }
}
