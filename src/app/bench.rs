//! `--bench`: frame times of the full frame (world + HUD, GPU waited for, the scene's darkness and
//! `--reduced-effects` applied), each paired with the bare ray-cast of the same view
//! (`Renderer::draw_bare`) and reported as a ratio to it, then turn-resolution and level-generation
//! times at the run's depth and sanity.

use super::bindings::parse_keys;
use super::cli::Options;
use super::input::Command;
use crate::game::mode::Crawler;
use crate::game::Game;
use crate::mode::Mode;
use crate::render::{Effects, Frame, Gpu, Offscreen, Renderer, View};
use std::time::Instant;

/// Frames rendered and thrown away first, so pipeline creation and caches do not count.
const WARMUP_FRAMES: u32 = 5;
/// Actions resolved to time the rules.
const BENCH_TURNS: u32 = 2_000;

pub fn run(opts: &Options, seed: u64) -> Result<(), String> {
    if opts.views {
        return super::bench_views::run(opts);
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

/// One view's figures: the full frame, the bare ray-cast of the same view, and their ratio.
pub struct ViewTimes {
    pub frame_median: f64,
    pub frame_p95: f64,
    pub bare_median: f64,
    pub ratio_median: f64,
    pub ratio_p95: f64,
}

/// Times `frames` frames of `scene` (already uploaded), each paired with a bare ray-cast of the same
/// view at the same size, in alternating order, so load from other processes hits both alike: their
/// ratio is the figure to trust.
pub fn time_view(
    gpu: &Gpu,
    renderer: &mut Renderer,
    target: &Offscreen,
    (width, height): (u32, u32),
    scene: &crate::scene::Scene,
    effects: Effects,
    frames: u32,
) -> Result<ViewTimes, String> {
    let mut samples = Vec::with_capacity(frames as usize);
    let mut bare = Vec::with_capacity(frames as usize);
    let mut ratios = Vec::with_capacity(frames as usize);
    let wait = |gpu: &Gpu| {
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map(|_| ())
            .map_err(|e| format!("The GPU stopped responding during the benchmark: {e}."))
    };
    for frame in 0..WARMUP_FRAMES + frames {
        let view = View::of_scene(scene, frame as f32 / 60.0);
        let time_frame = |renderer: &mut Renderer| -> Result<f64, String> {
            let started = Instant::now();
            let input = Frame { view, effects, ui: Default::default() };
            renderer.draw_frame(gpu, target.view(), width, height, &input);
            wait(gpu)?;
            Ok(started.elapsed().as_secs_f64() * 1000.0)
        };
        let time_bare = |renderer: &mut Renderer| -> Result<f64, String> {
            let started = Instant::now();
            renderer.draw_bare(gpu, target.view(), width, height, &view);
            wait(gpu)?;
            Ok(started.elapsed().as_secs_f64() * 1000.0)
        };
        let (full, reference) = if frame % 2 == 0 {
            let full = time_frame(renderer)?;
            (full, time_bare(renderer)?)
        } else {
            let reference = time_bare(renderer)?;
            (time_frame(renderer)?, reference)
        };
        if frame >= WARMUP_FRAMES {
            samples.push(full);
            bare.push(reference);
            ratios.push(full / reference);
        }
    }
    samples.sort_by(f64::total_cmp);
    bare.sort_by(f64::total_cmp);
    ratios.sort_by(f64::total_cmp);
    Ok(ViewTimes {
        frame_median: percentile(&samples, 0.5),
        frame_p95: percentile(&samples, 0.95),
        bare_median: percentile(&bare, 0.5),
        ratio_median: percentile(&ratios, 0.5),
        ratio_p95: percentile(&ratios, 0.95),
    })
}

/// The reactor's board with every layer and field animated: the built benchmark level (hazards on
/// most floor cells, a network per carrier) at 64 cells a side, its underground layers shown, drawn
/// by the same renderer at the same size as the crawler's frame. Sorted frame times in ms.
pub fn reactor_frames_ms(
    gpu: &Gpu,
    renderer: &mut Renderer,
    target: &Offscreen,
    (width, height): (u32, u32),
    frames: u32,
) -> Result<Vec<f64>, String> {
    let b = crate::reactor::Balance::normal();
    let level = crate::reactor::sample::spread_level(64, &b);
    let mut reactor = crate::reactor::mode::Reactor::new(crate::reactor::Game::new(level, b));
    let mut scene = reactor.scene(None);
    if let Some(board) = scene.board.as_mut() {
        board.layers = true;
    }
    renderer.upload_scene(gpu, &scene);
    let mut times = Vec::with_capacity(frames as usize);
    for frame in 0..WARMUP_FRAMES + frames {
        let started = Instant::now();
        let input = Frame::calm(View::of_scene(&scene, frame as f32 / 60.0));
        renderer.draw_frame(gpu, target.view(), width, height, &input);
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| format!("The GPU stopped responding during the benchmark: {e}."))?;
        if frame >= WARMUP_FRAMES {
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(times)
}

pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
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
            if let Command::Act(action) = command {
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
