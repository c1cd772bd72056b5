//! Shared helpers for the GPU tests: open the (software) GPU or say loudly why not, read pixels, and
//! the one sRGB conversion the tests compare colours with.

use hollowdeep::game::present::{still_scene, ScenePresenter};
use hollowdeep::game::{Game, TurnReport};
use hollowdeep::render::{world_viewport, Effects, Gpu, Offscreen, RenderError, Renderer, View};
use hollowdeep::scene::Scene;

/// The view of the player at rest in `game`.
pub fn rest_view(game: &Game, time: f32) -> View {
    View::resting(game.player().pos, game.player().facing, time)
}

/// The scene of `game` at rest, as a screenshot draws it.
pub fn scene(game: &Game) -> Scene {
    still_scene(game)
}
use std::io::Write;
use std::sync::OnceLock;

/// The GPU for a test, or `None` (with a loud message) when this machine has no adapter at all.
/// On CI (`CI=true`) a missing adapter fails the test instead: a skipped render test proves nothing.
/// One device is shared by all tests of a binary, since opening one costs more than a small frame.
pub fn gpu_or_skip() -> Option<&'static Gpu> {
    static GPU: OnceLock<Option<Gpu>> = OnceLock::new();
    GPU.get_or_init(open_or_explain).as_ref()
}

fn open_or_explain() -> Option<Gpu> {
    match Gpu::headless() {
        Ok(gpu) => Some(gpu),
        Err(RenderError::NoAdapter(why)) => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!(
                    "CI=true but no GPU adapter is available ({why}); install mesa-vulkan-drivers libvulkan1"
                );
            }
            // Written to the real stderr, not through eprintln!, so the test harness's output
            // capture cannot hide it behind an "ok".
            let banner = "!".repeat(76);
            let _ = writeln!(
                std::io::stderr(),
                "\n{banner}\n!!! GPU TEST NOT RUN: no GPU adapter ({why}).\n\
                 !!! Install Mesa's software Vulkan driver to run it anywhere:\n\
                 !!!     apt-get install mesa-vulkan-drivers libvulkan1\n\
                 !!! (On CI, set CI=true so that this is a failure instead.)\n{banner}"
            );
            None
        }
        Err(other) => panic!("{other}"),
    }
}

/// A read-back RGBA8 frame with pixel accessors.
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
    /// The HUD's turn-order strip (x0, y0, x1, y1 exclusive), which sits over the world's top right;
    /// world measurements skip it.
    pub strip: Option<(u32, u32, u32, u32)>,
}

impl Frame {
    pub fn new(width: u32, height: u32, rgba: Vec<u8>) -> Frame {
        assert_eq!(rgba.len(), (width * height * 4) as usize, "frame size");
        Frame { width, height, rgba, strip: None }
    }

    /// True inside the HUD's turn-order strip.
    pub fn in_strip(&self, x: u32, y: u32) -> bool {
        self.strip.is_some_and(|(x0, y0, x1, y1)| (x0..x1).contains(&x) && (y0..y1).contains(&y))
    }

    pub fn px(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Mean of the three channels, 0..255.
    pub fn luma(&self, x: u32, y: u32) -> f32 {
        let [r, g, b] = self.px(x, y);
        (r as f32 + g as f32 + b as f32) / 3.0
    }

    /// Mean luma over a rectangle.
    pub fn mean_luma(&self, x0: u32, y0: u32, w: u32, h: u32) -> f32 {
        let mut sum = 0.0;
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                sum += self.luma(x, y);
            }
        }
        sum / (w * h) as f32
    }

    /// Mean colour (0..255 per channel) over a rectangle.
    pub fn mean_rgb(&self, x0: u32, y0: u32, w: u32, h: u32) -> [f32; 3] {
        let mut sum = [0.0f32; 3];
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                let px = self.px(x, y);
                (0..3).for_each(|i| sum[i] += px[i] as f32);
            }
        }
        sum.map(|c| c / (w * h) as f32)
    }

    /// The 3D view's rectangle (x, y, w, h): everything above the HUD bar.
    pub fn world_rect(&self) -> (u32, u32, u32, u32) {
        let (w, h) = world_viewport(self.width, self.height);
        (0, 0, w, h)
    }

    /// Mean luma of the 3D view.
    pub fn world_luma(&self) -> f32 {
        let (x, y, w, h) = self.world_rect();
        self.mean_luma(x, y, w, h)
    }

    /// Mean colour of the 3D view.
    pub fn world_rgb(&self) -> [f32; 3] {
        let (x, y, w, h) = self.world_rect();
        self.mean_rgb(x, y, w, h)
    }

    /// Mean absolute per-pixel luma difference to `other` over the 3D view (0..255).
    pub fn luma_change(&self, other: &Frame) -> f32 {
        let (x0, y0, w, h) = self.world_rect();
        let mut sum = 0.0;
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                sum += (self.luma(x, y) - other.luma(x, y)).abs();
            }
        }
        sum / (w * h) as f32
    }

    /// Saves the frame for a human to look at; tests call this so a failure leaves evidence.
    pub fn save(&self, name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("hollowdeep_{name}.png"));
        hollowdeep::app::screenshot::write_png(&path, self.width, self.height, &self.rgba)
            .expect("writing a PNG to the temp dir");
        path
    }
}

// ---- sRGB: the one conversion the tests use, the one the sRGB target does on store ----------------

/// sRGB byte to linear light (the inverse of what the sRGB target does on store).
pub fn srgb_to_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light to an sRGB value on the 0..255 scale (unrounded).
pub fn linear_to_srgb(c: f32) -> f32 {
    let c = c.clamp(0.0, 1.0);
    255.0 * if c <= 0.0031308 { c * 12.92 } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 }
}

/// The sRGB byte the target stores for a linear channel value.
pub fn srgb_byte(c: f32) -> i32 {
    linear_to_srgb(c).round() as i32
}

/// A renderer and an offscreen target kept across frames, so a test can draw one scene under many
/// effects and times the way the window does: `upload_scene` once per turn, `draw_frame` per frame.
pub struct Stage {
    pub gpu: &'static Gpu,
    pub renderer: Renderer,
    pub target: Offscreen,
    pub width: u32,
    pub height: u32,
    strip: Option<(u32, u32, u32, u32)>,
    /// Builds each uploaded scene, keeping the cosmetic stream across turns as the window does.
    presenter: ScenePresenter,
}

impl Stage {
    pub fn new(gpu: &'static Gpu, width: u32, height: u32) -> Stage {
        Stage {
            gpu,
            renderer: Renderer::new(gpu, Offscreen::format()),
            target: Offscreen::new(gpu, width, height),
            width,
            height,
            strip: None,
            presenter: ScenePresenter::default(),
        }
    }

    pub fn upload(&mut self, game: &Game) {
        let scene = self.presenter.scene(game, None);
        self.upload_scene(scene);
    }

    /// Uploads the turn `report` just resolved, so its steps animate as in the window.
    pub fn upload_after(&mut self, game: &Game, report: &TurnReport) {
        let scene = self.presenter.scene(game, Some(report));
        self.upload_scene(scene);
    }

    fn upload_scene(&mut self, scene: Scene) {
        self.renderer.upload_scene(self.gpu, &scene);
        let grid = hollowdeep::render::hud::compose::HudGrid::new(self.width, self.height);
        let strip = hollowdeep::render::hud::strip::strip_layout(
            &hollowdeep::render::hud::strip::TurnStrip { actors: scene.hud.strip.clone() },
            &grid,
        );
        self.strip = strip.map(|s| {
            let r = s.panel;
            (r.x.max(0) as u32, r.y.max(0) as u32, (r.x + r.w).max(0) as u32, (r.y + r.h).max(0) as u32)
        });
    }

    /// Draws one frame of the last uploaded turn and reads it back.
    pub fn frame(&mut self, view: &View, effects: Effects) -> Frame {
        let input = hollowdeep::render::Frame { view: *view, effects, ui: Default::default() };
        self.renderer.draw_frame(self.gpu, self.target.view(), self.width, self.height, &input);
        let mut frame = Frame::new(self.width, self.height, self.target.read_rgba(self.gpu));
        frame.strip = self.strip;
        frame
    }

    /// Uploads `game` and draws it once.
    pub fn shot(&mut self, game: &Game, view: &View, effects: Effects) -> Frame {
        self.upload(game);
        self.frame(view, effects)
    }
}

/// Walls are warm stone, floor and ceiling cool slate (see shaders/world/materials.wgsl), so at full sanity hue tells
/// them apart where both get the same light. Near-black pixels carry no hue and count as not-wall.
pub fn wall_like(f: &Frame, x: u32, y: u32) -> bool {
    let [r, _, b] = f.px(x, y);
    f.luma(x, y) >= 10.0 && r as f32 >= 1.5 * b.max(1) as f32
}

/// The wall's first and last rows in column `x` of a `view_h`-row view, found as the split points
/// that misclassify the fewest pixels (ceiling above, wall around the horizon, floor below), so
/// stray pixels, mortar lines and dark stones cannot move the answer by more than their own count.
pub fn detect_wall_rows(f: &Frame, x: u32, view_h: u32) -> (u32, u32) {
    let horizon = view_h / 2;
    let wall: Vec<bool> = (0..view_h).map(|y| wall_like(f, x, y)).collect();
    let cost_top = |t: u32| {
        (0..t).filter(|&y| wall[y as usize]).count() + (t..horizon).filter(|&y| !wall[y as usize]).count()
    };
    let cost_bottom = |b: u32| {
        (horizon..b).filter(|&y| !wall[y as usize]).count()
            + (b..view_h).filter(|&y| wall[y as usize]).count()
    };
    let top = (0..=horizon).min_by_key(|&t| cost_top(t)).unwrap();
    let bottom = (horizon..=view_h).min_by_key(|&b| cost_bottom(b)).unwrap();
    (top, bottom.saturating_sub(1))
}
