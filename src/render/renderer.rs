//! `Renderer`: uploads the turn's state and draws a frame (world pass, then HUD pass) into any target.

use super::board::layout::{board_area, BoardCamera, BoardView};
use super::board::pass::BoardPass;
use super::camera::{Camera, View};
use super::gpu::Gpu;
use super::hud::board_panel::{board_hud_scene, BoardText};
use super::hud::compose::{hud_scene, HudGrid, HudText};
use super::hud::overlays::OverlayView;
use super::hud::pass::HudPass;
use super::overlay::UiState;
use super::scene::{Effects, HudUniforms};
use super::world::pass::WorldPass;
use crate::scene::{BoardScene, HudModel, Scene, SceneStamp};

/// What one frame shows beyond the turn's scene: the animated view, the effect timelines' values and
/// the app's overlays. Every caller (window, F12, headless screenshot, bench, tests) draws through
/// [`Renderer::draw_frame`] with one of these.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub view: View,
    pub effects: Effects,
    pub ui: UiState,
}

impl Frame {
    /// A calm frame of `view`: no effect, no overlay.
    pub fn calm(view: View) -> Frame {
        Frame { view, effects: Effects::default(), ui: UiState::default() }
    }
}

/// Size of the 3D view inside a `width` × `height` target: full width, everything above the HUD bar
/// (Doom-style, the bar does not cover the world, so the floor right ahead stays visible).
pub fn world_viewport(width: u32, height: u32) -> (u32, u32) {
    (width, HudGrid::new(width, height).bar_top())
}

/// Draws scenes. Holds GPU resources only; reads a scene, never a game's state.
pub struct Renderer {
    world: WorldPass,
    hud: HudPass,
    hud_text: Option<HudText>,
    /// The target size the HUD quads were last built for; they are rebuilt when text or size change.
    hud_built_for: Option<(u32, u32)>,
    effects: Effects,
    // --- HUD: overlay and notice state from the app ---
    ui: UiState,
    max_hfov_degrees: f32,
    /// The last uploaded scene's HUD model, which the overlays read.
    hud_model: HudModel,
    stamp: SceneStamp,
    /// What the open overlay shows, read from the HUD model when `ui` or the scene changes.
    overlay: Option<OverlayView>,
    /// The scene the overlay was read from; `set_ui` runs every frame and skips when unchanged.
    ui_read_at: Option<SceneStamp>,
    /// How many times the HUD quads were rebuilt (tests check that an unchanged frame costs none).
    hud_builds: u64,
    /// The top-down pass, and the board scene last uploaded (`None` while a crawler scene is up).
    board: BoardPass,
    board_scene: Option<BoardScene>,
    board_text: Option<BoardText>,
    board_camera: BoardCamera,
    /// Where the board lies when a caller draws its own panels around it (an editor); its HUD
    /// panel is then not drawn.
    board_area: Option<[f32; 4]>,
}

/// What a caller records into a frame's encoder after the renderer's passes, into the same target
/// (an editor's widgets): the GPU, the encoder, the target and its size.
pub type AfterPasses<'a> = &'a mut dyn FnMut(&Gpu, &mut wgpu::CommandEncoder, &wgpu::TextureView, (u32, u32));

impl Renderer {
    /// Pipelines for targets of `format`. Prefer an sRGB format; for a non-sRGB one the shaders encode
    /// gamma themselves (their `ENCODE_SRGB` pipeline constant) so the picture looks the same.
    pub fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> Renderer {
        Renderer {
            world: WorldPass::new(gpu, format),
            hud: HudPass::new(gpu, format),
            hud_text: None,
            hud_built_for: None,
            effects: Effects::default(),
            ui: UiState::default(),
            max_hfov_degrees: super::camera::DEFAULT_MAX_HFOV_DEGREES,
            hud_model: HudModel::default(),
            stamp: SceneStamp::default(),
            overlay: None,
            ui_read_at: None,
            hud_builds: 0,
            board: BoardPass::new(gpu, format),
            board_scene: None,
            board_text: None,
            board_camera: BoardCamera::default(),
            board_area: None,
        }
    }

    /// Once per turn, right after the action resolves: uploads the scene's grid as the viewer sees it
    /// (phantoms included; reallocated when the level size changes), its figures as sprites, its light
    /// and madness, and rebuilds the HUD text (depth, turn, the latest message faded by its age).
    pub fn upload_scene(&mut self, gpu: &Gpu, scene: &Scene) {
        self.hud_model = scene.hud.clone();
        self.stamp = scene.stamp;
        if let Some(board) = &scene.board {
            // A board scene: its cells go up once per scene (a pulse step), the eye view's world too.
            self.board.upload(gpu, board);
            if board.eye_view {
                self.world.upload_turn(gpu, &scene.world, scene.eye);
            }
            let text =
                BoardText { hud: board.hud.clone(), step: board.step, captions: board.captions.clone() };
            if self.board_text.as_ref() != Some(&text) || self.board_scene.is_none() {
                self.board_text = Some(text);
                self.hud_built_for = None;
            }
            self.board_scene = Some(board.clone());
            return;
        }
        if self.board_scene.take().is_some() {
            self.hud_built_for = None;
        }
        self.world.upload_turn(gpu, &scene.world, scene.eye);
        let text = HudText::from_hud(&scene.hud);
        if self.hud_text.as_ref() != Some(&text) {
            self.hud_text = Some(text);
            self.hud_built_for = None;
        }
    }

    /// The board's zoom and pan (the player's), for board scenes.
    pub fn set_board_camera(&mut self, camera: BoardCamera) {
        if self.board_camera != camera {
            // The captions beside cells move with the board.
            self.hud_built_for = None;
        }
        self.board_camera = camera;
    }

    /// The board's rectangle on the target (x, y, width, height in pixels) when the caller draws
    /// its own panels around it; `None` is the board left of the HUD panel. With an area set the
    /// board's HUD panel is not drawn.
    pub fn set_board_area(&mut self, area: Option<[f32; 4]>) {
        if self.board_area != area {
            self.board_area = area;
            self.hud_built_for = None;
        }
    }

    /// Where the board of the last uploaded scene lies on a `width` × `height` target, if it is one.
    pub fn board_view(&self, width: u32, height: u32) -> Option<BoardView> {
        let b = self.board_scene.as_ref()?;
        Some(self.place_board(b, width, height))
    }

    fn place_board(&self, b: &BoardScene, width: u32, height: u32) -> BoardView {
        let (cols, rows) = (b.cells.width(), b.cells.height());
        match self.board_area {
            Some(area) => BoardView::in_area(area, cols, rows, self.board_camera),
            None => BoardView::new(width, height, cols, rows, self.board_camera),
        }
    }

    /// The widest horizontal field of view, in degrees (the settings file's `fov_degrees`).
    pub fn set_field_of_view(&mut self, degrees: f32) {
        self.max_hfov_degrees = degrees;
    }

    /// Overlays and notices from the app, drawn by the HUD pass. Called every frame: it reads the
    /// overlay's content from the HUD model only when `ui` or the scene changed, and the HUD quads
    /// are rebuilt only when what they show changed.
    fn set_ui(&mut self, ui: &UiState) {
        let at = self.stamp;
        if self.ui == *ui && self.ui_read_at == Some(at) {
            return;
        }
        let ui = ui.clone();
        let overlay = ui.overlay.as_ref().map(|o| OverlayView::new(o, &self.hud_model));
        if overlay != self.overlay
            || ui.notice != self.ui.notice
            || ui.curtain != self.ui.curtain
            || ui.edge_glow != self.ui.edge_glow
            || ui.no_bar != self.ui.no_bar
        {
            self.hud_built_for = None;
        }
        self.overlay = overlay;
        self.ui = ui;
        self.ui_read_at = Some(at);
    }

    /// How many times the HUD quads have been rebuilt since `new`.
    pub fn hud_builds(&self) -> u64 {
        self.hud_builds
    }

    /// For tests: draw every sprite's quad over the whole view. Sprites are normally drawn only in a
    /// quad fitted around each one; this slow path shows what those quads must reproduce exactly.
    pub fn set_sprite_quads_cover_view(&mut self, on: bool) {
        self.world.set_quads_cover_view(on);
    }

    /// For tests: whether the floor draws the pools of light of the nearest sprites (as it does)
    /// or the sprite pass draws every pool as a quad of its own, the way the floor's must match.
    pub fn set_pools_in_floor(&mut self, on: bool) {
        self.world.set_pools_in_floor(on);
    }

    /// The yardstick of `--bench`: the bare ray-cast (`shaders/bare.wgsl`: the same grid walk with
    /// flat shading, nothing else) of `view` over the whole `width` × `height` target, submitted like
    /// a frame. On a noisy machine only the ratio of a frame to this, timed in the same process at the
    /// same size, can be trusted.
    pub fn draw_bare(&mut self, gpu: &Gpu, target: &wgpu::TextureView, width: u32, height: u32, view: &View) {
        if width == 0 || height == 0 {
            return;
        }
        let camera = Camera::with_max_hfov(view, width, height, self.max_hfov_degrees);
        self.world.write_bare_frame(gpu, &camera, view.time, &self.effects, (width, height));
        let mut encoder =
            gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("bare frame") });
        self.world.record_bare(&mut encoder, target);
        gpu.queue.submit([encoder.finish()]);
    }

    /// Once per frame: writes the camera/time/effect uniforms and records the world pass then the
    /// HUD pass with its overlays into `target` (`width` × `height` pixels, of the format given to
    /// `new`), and submits. The one way every caller draws.
    pub fn draw_frame(
        &mut self,
        gpu: &Gpu,
        target: &wgpu::TextureView,
        width: u32,
        height: u32,
        frame: &Frame,
    ) {
        self.draw_frame_then(gpu, target, width, height, frame, &mut |_, _, _, _| {});
    }

    /// [`Renderer::draw_frame`], then `after` records more passes into the same encoder and target
    /// before the one submit (an editor's widgets over its board).
    pub fn draw_frame_then(
        &mut self,
        gpu: &Gpu,
        target: &wgpu::TextureView,
        width: u32,
        height: u32,
        frame: &Frame,
        after: AfterPasses<'_>,
    ) {
        self.set_ui(&frame.ui);
        self.effects = frame.effects;
        let view = &frame.view;
        if width == 0 || height == 0 {
            return;
        }
        // A board's eye view is the ray-cast in the board's area; the crawler's, above the bar.
        let eye_view = self.board_scene.as_ref().map(|b| b.eye_view);
        let (view_w, view_h) = match eye_view {
            Some(_) => (board_area(width, height)[2] as u32, height),
            None if self.ui.no_bar => (width, height),
            None => world_viewport(width, height),
        };
        if eye_view != Some(false) {
            let camera = Camera::with_max_hfov(view, view_w, view_h, self.max_hfov_degrees);
            self.world.write_frame(gpu, &camera, view.time, &self.effects, (width, height));
        }
        self.hud
            .write_uniforms(gpu, &HudUniforms { screen: [width as f32, height as f32], _pad0: 0, _pad1: 0 });
        if self.hud_built_for != Some((width, height)) {
            let grid = HudGrid::new(width, height);
            let scene = match &self.board_text {
                Some(text) if eye_view.is_some() => {
                    let view = self.board_view(width, height);
                    board_hud_scene(text, &self.ui, self.overlay.as_ref(), &grid, view.as_ref())
                }
                _ => {
                    let blank = HudText::default();
                    let text = self.hud_text.as_ref().unwrap_or(&blank);
                    hud_scene(text, &self.ui, self.overlay.as_ref(), &grid)
                }
            };
            self.hud.set_instances(gpu, &scene.instances());
            self.hud_built_for = Some((width, height));
            self.hud_builds += 1;
        }
        let mut encoder =
            gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("frame") });
        match (&self.board_scene, eye_view) {
            (Some(board), Some(false)) => {
                let bv = self.place_board(board, width, height);
                self.board.write_frame(gpu, board, &bv, view.time, (width, height), self.effects.reduced);
                self.board.record(&mut encoder, target, &bv);
            }
            _ => self.world.record(&mut encoder, target, view_w, view_h),
        }
        if self.board_area.is_none() || self.board_scene.is_none() {
            self.hud.record(&mut encoder, target);
        }
        after(gpu, &mut encoder, target, (width, height));
        gpu.queue.submit([encoder.finish()]);
    }
}
