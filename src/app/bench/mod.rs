//! `--bench`: frame times of the full frame (world + HUD, GPU waited for, the scene's darkness and
//! `--reduced-effects` applied), each paired with the bare ray-cast of the same view
//! (`Renderer::draw_bare`) and reported as a ratio to it, then turn-resolution and level-generation
//! times at the run's depth and sanity.

pub mod timing;
pub mod views;

use crate::app::cli::Options;
use crate::app::crawler::keys::{parse_keys, RunKey};
use crate::game::mode::Crawler;
use crate::game::Game;
use crate::mode::Mode;
use crate::render::{Effects, Gpu, Offscreen, Renderer};
use std::time::Instant;
use timing::{percentile, reactor_frames_ms, time_view};

/// Frames rendered and thrown away first, so pipeline creation and caches do not count.
/// Actions resolved to time the rules.
const BENCH_TURNS: u32 = 2_000;

pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if opts.views {
        return views::run(opts);
    }
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let (width, height) = opts.size;
    let mut crawler = Crawler::new(crate::app::crawler::headless::start(opts, seed));
    if let Some(keys) = &opts.keys {
        crate::app::shell::headless::play(
            &mut crawler,
            &crate::app::crawler::headless::actions_until_quit(&parse_keys(keys)?),
        );
    }
    let target = Offscreen::new(&gpu, width, height);
    let mut renderer = Renderer::new(&gpu, Offscreen::format());
    let scene = crawler.scene(None);
    renderer.upload_scene(&gpu, &scene);
    let effects = Effects { reduced: opts.reduced_effects, ..Effects::default() };
    let times = time_view(&gpu, &mut renderer, &target, (width, height), &scene, effects, opts.frames)?;
    println!("adapter: {}", gpu.adapter.get_info().name);
    println!("size: {width}x{height} px");
    println!("frame_median: {:.3} ms", times.frame_median);
    println!("frame_p95: {:.3} ms", times.frame_p95);
    println!("reference_median: {:.3} ms", times.bare_median);
    println!("frame_ratio_median: {:.3} x", times.ratio_median);
    println!("frame_ratio_p95: {:.3} x", times.ratio_p95);
    let reactor = reactor_frames_ms(&gpu, &mut renderer, &target, (width, height), opts.frames)?;
    println!("reactor_frame_median: {:.3} ms", percentile(&reactor, 0.5));
    println!("reactor_frame_p95: {:.3} ms", percentile(&reactor, 0.95));
    println!("reactor_to_crawler_frame: {:.3} x", percentile(&reactor, 0.5) / times.frame_median);
    println!("turn_resolution_mean: {:.4} ms", turn_resolution_ms(opts, seed));
    println!("level_generation_mean: {:.4} ms", level_generation_ms(opts, seed));
    Ok(())
}

/// Mean time of `Game::act` over a fixed walk that loops through every kind of action, at the run's
/// own `--depth` and `--sanity` (the madness makes turns costlier: phantoms, shifting).
fn turn_resolution_ms(opts: &Options, seed: u64) -> f64 {
    let mut game = crate::app::crawler::headless::start(opts, seed);
    let cycle = parse_keys("W W D W A Q W E S C").expect("the bench's own keys are valid");
    let started = Instant::now();
    let mut acted = 0u32;
    while acted < BENCH_TURNS {
        for command in &cycle {
            if let RunKey::Act(action) = command {
                std::hint::black_box(game.act(*action));
                acted += 1;
            }
        }
        if game.status() != crate::game::Status::Playing {
            game = crate::app::crawler::headless::start(opts, seed);
        }
    }
    started.elapsed().as_secs_f64() * 1000.0 / f64::from(acted)
}

/// Levels generated and populated per timing of `level_generation_mean`.
const BENCH_LEVELS: u64 = 20;

/// Mean time to generate and populate a level at the run's `--depth` (what a descent costs).
fn level_generation_ms(opts: &Options, seed: u64) -> f64 {
    let started = Instant::now();
    for i in 0..BENCH_LEVELS {
        std::hint::black_box(Game::new_at_depth(seed.wrapping_add(i), opts.depth));
    }
    started.elapsed().as_secs_f64() * 1000.0 / BENCH_LEVELS as f64
}
