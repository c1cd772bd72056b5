//! `--bench --views`: the fixed set of views every frame-cost change reports against, each paired
//! with the bare ray-cast of the same view, one line per view and the median and worst ratio per
//! kind. One view flatters or damns any change (a corridor makes the bare cast dear, an item at the
//! feet makes the sprites dear); the suite does neither.

use super::timing::{percentile, reactor_frames_ms, time_view, ViewTimes};
use crate::app::cli::Options;
use crate::app::crawler::keys::parse_keys;
use crate::game::mode::Crawler;
use crate::mode::Mode;
use crate::render::{Effects, Gpu, Offscreen, Renderer};

/// What a view is there to show: the calm frame, the mad one (every effect of the sanity system on),
/// or the reactor's board (timed alone: it has no ray-cast to pair with).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Kind {
    Calm,
    Mad,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Calm => "calm",
            Kind::Mad => "mad",
        }
    }
}

/// One place in the dungeon, as a practice run at a seed and depth, walked by keys.
#[derive(Clone, Copy, Debug)]
pub struct Place {
    pub name: &'static str,
    pub kind: Kind,
    pub seed: u64,
    pub depth: u32,
    pub sanity: u32,
    pub keys: &'static str,
}

/// The seeds of the issue that asked for the suite (issue 35): each calm at depth 1 and mad at
/// depth 13, sanity 10.
const SEEDS: [u64; 8] = [1, 5, 7, 13, 21, 42, 99, 123];
const MAD_DEPTH: u32 = 13;
const MAD_SANITY: u32 = 10;

/// Facing a wall torch in the cut-stone theme (docs/screenshots/places.md).
const TORCH_KEYS: &str = "W W E W W W W W W W W W W E W W W W W W W Q W W W W W W W W W W Q W W E W W E";
/// Across a cave (docs/screenshots/places.md): the generator whose open spaces cast farthest.
const CAVES_KEYS: &str = "W W W W W E W W W W W W E W Q W W W W W W W W E W W W W W W E W E E W Q W W E W W W W W W W W E W E E W Q W E W W W W W W W W W W E";

/// Every place of the suite, calm views first.
pub fn places() -> Vec<Place> {
    let at = |name, kind, seed, depth, sanity, keys| Place { name, kind, seed, depth, sanity, keys };
    const CALM_NAMES: [&str; 8] =
        ["calm-s1", "calm-s5", "calm-s7", "calm-s13", "calm-s21", "calm-s42", "calm-s99", "calm-s123"];
    const MAD_NAMES: [&str; 8] =
        ["mad-s1", "mad-s5", "mad-s7", "mad-s13", "mad-s21", "mad-s42", "mad-s99", "mad-s123"];
    let mut all: Vec<Place> =
        SEEDS.iter().zip(CALM_NAMES).map(|(&seed, name)| at(name, Kind::Calm, seed, 1, 100, "")).collect();
    all.push(at("calm-torch-s9-d2", Kind::Calm, 9, 2, 100, TORCH_KEYS));
    all.push(at("calm-caves-s2-d7", Kind::Calm, 2, 7, 100, CAVES_KEYS));
    // Seed 7 at depth 13 starts with an item in the next cell: the sprites' dearest case.
    all.push(at("calm-item-s7-d13", Kind::Calm, 7, MAD_DEPTH, 100, ""));
    all.extend(
        SEEDS.iter().zip(MAD_NAMES).map(|(&seed, name)| at(name, Kind::Mad, seed, MAD_DEPTH, MAD_SANITY, "")),
    );
    all.push(at("mad-torch-s9-d2", Kind::Mad, 9, 2, MAD_SANITY, TORCH_KEYS));
    all
}

/// The reactor's board is timed at this size whatever `--size` says, as the budget is stated.
const BOARD_SIZE: (u32, u32) = (1920, 1080);

pub fn run(opts: &Options) -> Result<(), String> {
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let (width, height) = opts.size;
    let target = Offscreen::new(&gpu, width, height);
    let mut renderer = Renderer::new(&gpu, Offscreen::format());
    let effects = Effects { reduced: opts.reduced_effects, ..Effects::default() };
    println!("adapter: {}", gpu.adapter.get_info().name);
    println!("size: {width}x{height} px, {} frames a view", opts.frames);
    let mut results: Vec<(Kind, f64)> = Vec::new();
    for place in places() {
        let place_opts = Options {
            seed: Some(place.seed),
            depth: place.depth,
            sanity: Some(place.sanity),
            ..opts.clone()
        };
        let mut crawler = Crawler::new(crate::app::crawler::headless::start(&place_opts, place.seed));
        let keys = parse_keys(place.keys)?;
        crate::app::shell::headless::play(
            &mut crawler,
            &crate::app::crawler::headless::actions_until_quit(&keys),
        );
        let scene = crawler.scene(None);
        renderer.upload_scene(&gpu, &scene);
        let times = time_view(&gpu, &mut renderer, &target, (width, height), &scene, effects, opts.frames)?;
        println!("view {}: {}", place.name, times.line());
        results.push((place.kind, times.ratio_median));
    }
    for kind in [Kind::Calm, Kind::Mad] {
        let mut ratios: Vec<f64> = results.iter().filter(|(k, _)| *k == kind).map(|(_, r)| *r).collect();
        ratios.sort_by(f64::total_cmp);
        let worst = ratios.last().copied().unwrap_or(f64::NAN);
        println!(
            "kind {}: median {:.3} x, worst {:.3} x over {} views",
            kind.name(),
            percentile(&ratios, 0.5),
            worst,
            ratios.len()
        );
    }
    let board_target = Offscreen::new(&gpu, BOARD_SIZE.0, BOARD_SIZE.1);
    let board = reactor_frames_ms(&gpu, &mut renderer, &board_target, BOARD_SIZE, opts.frames)?;
    println!(
        "view board-{}x{}: frame {:.3} ms (p95 {:.3} ms)",
        BOARD_SIZE.0,
        BOARD_SIZE.1,
        percentile(&board, 0.5),
        percentile(&board, 0.95)
    );
    Ok(())
}

impl ViewTimes {
    fn line(&self) -> String {
        format!(
            "frame {:.3} ms, bare {:.3} ms, ratio {:.3} x (p95 {:.3} x)",
            self.frame_median, self.bare_median, self.ratio_median, self.ratio_p95
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_has_both_kinds_and_its_keys_parse() {
        let all = places();
        assert!(all.iter().filter(|p| p.kind == Kind::Calm).count() >= SEEDS.len());
        assert!(all.iter().filter(|p| p.kind == Kind::Mad).count() >= SEEDS.len());
        for p in &all {
            assert!(parse_keys(p.keys).is_ok(), "{}", p.name);
        }
        let mut names: Vec<&str> = all.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "each view has its own name");
    }
}
