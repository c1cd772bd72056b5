//! The picture stays the same: frames of fixed scenes (seeds, depths, sanities, times, an exit pit in
//! view, a vanishing pulse) are compared with committed PNGs under `tests/fixtures/frames/`, within a
//! small per-pixel tolerance, so a shader rewritten for speed (issue 17) cannot change what players
//! see. Re-bless on purpose with `HOLLOWDEEP_BLESS=1`; every run writes the differences it measured
//! to `/tmp/hollowdeep_frames.txt`.

use crate::common::{gpu_or_skip, rest_view, Stage};
use hollowdeep::game::{Facing, Game, Map, Pos};
use hollowdeep::render::{Effects, Offscreen, Renderer};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Frame size of every case: small enough for a debug test run, large enough for stone detail.
const W: u32 = 320;
const H: u32 = 200;
/// Tolerance, per 8-bit sRGB channel: no pixel may differ by more than `MAX_DIFF`, at most
/// `MAX_OFF_SHARE` of the pixels may differ by more than 2 (rounding of reordered float maths),
/// and the mean difference over all channels stays under `MAX_MEAN`.
const MAX_DIFF: u8 = 8;
const MAX_OFF_SHARE: f64 = 0.001;
const MAX_MEAN: f64 = 0.05;

/// A room with the exit two cells ahead of the player, so the pit and its rim fill the view.
const EXIT_ROOM: &[&str] = &["#######", "#.....#", "#..>..#", "#.....#", "#.....#", "#######"];

struct Case {
    name: &'static str,
    game: Game,
    time: f32,
    effects: Effects,
}

fn cases() -> Vec<Case> {
    let run = |seed, depth, sanity| Game::new_at_depth(seed, depth).with_sanity_percent(sanity);
    let exit_room = |sanity| {
        Game::from_map(Map::from_rows(EXIT_ROOM).unwrap(), Pos::new(3, 4), Facing::North)
            .with_sanity_percent(sanity)
    };
    let calm = Effects::default();
    let pulse = Effects { warp_pulse: 0.7, jolt_px: glam::Vec2::new(3.0, -2.0), ..Effects::default() };
    let jolt = Effects { jolt_px: glam::Vec2::new(2.5, 1.0), ..Effects::default() };
    vec![
        Case { name: "seed42_depth1_sanity100", game: run(42, 1, 100), time: 0.0, effects: calm },
        Case { name: "seed42_depth13_sanity10", game: run(42, 13, 10), time: 0.73, effects: calm },
        Case { name: "seed7_depth6_sanity40", game: run(7, 6, 40), time: 1.9, effects: calm },
        Case { name: "seed3_depth13_sanity25", game: run(3, 13, 25), time: 3.1, effects: calm },
        Case { name: "seed9_depth9_sanity60_pulse", game: run(9, 9, 60), time: 0.4, effects: pulse },
        Case { name: "exit_sanity100", game: exit_room(100), time: 0.2, effects: calm },
        Case { name: "exit_sanity10", game: exit_room(10), time: 0.55, effects: calm },
        // Drift and breathing only: drawn surface by surface over strips (issue 17).
        Case { name: "seed5_depth3_sanity70", game: run(5, 3, 70), time: 1.1, effects: calm },
        // A calm frame jolted sideways: the column table must follow the jolt.
        Case { name: "seed42_depth2_sanity100_jolt", game: run(42, 2, 100), time: 0.3, effects: jolt },
    ]
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frames").join(format!("{name}.png"))
}

fn read_png(path: &PathBuf) -> (u32, u32, Vec<u8>) {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| panic!("{}: {e} (bless with HOLLOWDEEP_BLESS=1)", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sized PNG")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// How two RGBA8 pictures differ, over the colour channels.
#[derive(Debug)]
struct Diff {
    max: u8,
    mean: f64,
    /// Share of pixels with a channel more than 2 apart.
    off_share: f64,
}

fn diff(a: &[u8], b: &[u8]) -> Diff {
    assert_eq!(a.len(), b.len());
    let (mut max, mut sum, mut off) = (0u8, 0u64, 0usize);
    for (pa, pb) in a.chunks(4).zip(b.chunks(4)) {
        let d = (0..3).map(|c| pa[c].abs_diff(pb[c])).max().unwrap();
        sum += (0..3).map(|c| u64::from(pa[c].abs_diff(pb[c]))).sum::<u64>();
        max = max.max(d);
        off += usize::from(d > 2);
    }
    let pixels = a.len() / 4;
    Diff { max, mean: sum as f64 / (pixels * 3) as f64, off_share: off as f64 / pixels as f64 }
}

#[test]
fn frames_match_the_committed_pictures() {
    let Some(gpu) = gpu_or_skip() else { return };
    let bless = crate::golden::blessing();
    let mut report = String::new();
    let mut failures = Vec::new();
    for case in cases() {
        let mut stage = Stage::new(gpu, W, H);
        let frame = stage.shot(&case.game, &rest_view(&case.game, case.time), case.effects);
        let path = fixture(case.name);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            hollowdeep::app::screenshot::write_png(&path, W, H, &frame.rgba).unwrap();
            continue;
        }
        let (w, h, want) = read_png(&path);
        assert_eq!((w, h), (W, H), "{}", path.display());
        let d = diff(&frame.rgba, &want);
        writeln!(report, "{}: max {} mean {:.4} off {:.5}", case.name, d.max, d.mean, d.off_share).unwrap();
        if d.max > MAX_DIFF || d.mean > MAX_MEAN || d.off_share > MAX_OFF_SHARE {
            failures.push(format!("{}: {d:?} (now: {})", case.name, frame.save(case.name).display()));
        }
    }
    let _ = std::fs::write("/tmp/hollowdeep_frames.txt", &report);
    assert!(failures.is_empty(), "frames differ from tests/fixtures/frames/:\n{}", failures.join("\n"));
}

/// A target without sRGB encoding gets the same picture: the shaders encode gamma themselves there.
#[test]
fn a_linear_target_shows_the_same_picture_as_an_srgb_one() {
    let Some(gpu) = gpu_or_skip() else { return };
    let case = &cases()[1];
    let scene = crate::common::scene(&case.game);
    let input = hollowdeep::render::Frame {
        view: rest_view(&case.game, case.time),
        effects: case.effects,
        ui: Default::default(),
    };
    let draw = |format| {
        let target = Offscreen::with_format(gpu, W, H, format);
        let mut renderer = Renderer::new(gpu, format);
        renderer.upload_scene(gpu, &scene);
        renderer.draw_frame(gpu, target.view(), W, H, &input);
        target.read_rgba(gpu)
    };
    let srgb = draw(wgpu::TextureFormat::Rgba8UnormSrgb);
    let linear = draw(wgpu::TextureFormat::Rgba8Unorm);
    // The HUD's translucent turn-order strip blends encoded values on a linear target, so over a
    // lit background (a wall torch's glow on the ceiling behind it) it moves by more steps: it is
    // compared on its own, the rest of the frame as before.
    let grid = hollowdeep::render::hud::compose::HudGrid::new(W, H);
    let strip = hollowdeep::render::hud::strip::strip_layout(
        &hollowdeep::render::hud::strip::TurnStrip { actors: scene.hud.strip.clone() },
        &grid,
    )
    .map(|s| s.panel);
    let in_strip = |i: usize| {
        let (x, y) = ((i % W as usize) as i32, (i / W as usize) as i32);
        strip.is_some_and(|r| x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h)
    };
    let split = |rgba: &[u8], inside: bool| -> Vec<u8> {
        rgba.chunks(4)
            .enumerate()
            .filter(|&(i, _)| in_strip(i) == inside)
            .flat_map(|(_, p)| p.to_vec())
            .collect()
    };
    let d = diff(&split(&srgb, false), &split(&linear, false));
    // The fixed-function encode and the shader's round differently by a step; the sprites' blends
    // act on encoded values on a linear target, which moves their glow a few steps (measured: max 6,
    // 0.7% of the pixels more than 2 apart).
    assert!(d.max <= 8 && d.mean < 0.5 && d.off_share < 0.02, "linear vs sRGB target: {d:?}");
    let s = diff(&split(&srgb, true), &split(&linear, true));
    assert!(s.max <= 16, "linear vs sRGB target in the turn strip (measured max 11): {s:?}");
    assert!(srgb.chunks(4).any(|p| p[0] > 40), "the frame is not black");
}
