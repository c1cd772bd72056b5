//! Rendering: turns game state into pixels with wgpu; never changes the game. (Interface stub.)
#![allow(unused)]
use crate::game::Game;
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}
#[derive(Debug)]
pub struct RenderError;
impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "stub")
    }
}
impl Gpu {
    pub fn headless() -> Result<Gpu, RenderError> {
        Err(RenderError)
    }
    pub fn for_surface(instance: wgpu::Instance, surface: &wgpu::Surface<'_>) -> Result<Gpu, RenderError> {
        Err(RenderError)
    }
    pub fn new_instance() -> wgpu::Instance {
        panic!()
    }
}
pub struct View {
    pub eye: glam::Vec2,
    pub angle: f32,
    pub time: f32,
}
impl View {
    pub fn from_game(game: &Game, time: f32) -> View {
        panic!()
    }
}
pub struct Renderer;
impl Renderer {
    pub fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> Renderer {
        Renderer
    }
    pub fn upload_turn(&mut self, gpu: &Gpu, game: &Game) {}
    pub fn draw(&mut self, gpu: &Gpu, target: &wgpu::TextureView, width: u32, height: u32, view: &View) {}
}
pub struct Offscreen;
impl Offscreen {
    pub fn new(gpu: &Gpu, width: u32, height: u32) -> Offscreen {
        Offscreen
    }
    pub fn format() -> wgpu::TextureFormat {
        wgpu::TextureFormat::Rgba8UnormSrgb
    }
    pub fn view(&self) -> &wgpu::TextureView {
        panic!()
    }
}
pub fn write_png(path: &std::path::Path, width: u32, height: u32, rgba: &[u8]) -> Result<(), RenderError> {
    Ok(())
}
pub fn render_image(gpu: &Gpu, game: &Game, view: &View, width: u32, height: u32) -> Vec<u8> {
    vec![]
}
