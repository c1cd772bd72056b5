//! Timing frames for `--bench`: a view's full frame beside the bare ray-cast of the same view, the
//! reactor's board alone, and the percentiles every figure is read from.

use crate::mode::Mode;
use crate::render::{Effects, Frame, Gpu, Offscreen, Renderer, View};
use std::time::Instant;

/// Frames drawn before timing starts (shader compilation, caches).
const WARMUP_FRAMES: u32 = 5;

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
