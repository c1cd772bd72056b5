//! The world pass's one depth attachment (shaders/world/depth.wgsl): its format and what it holds
//! where no wall is, shared by the world pass, the device check and the shaders' prelude.

/// Each wall pixel stores its wall's 1 / distance (from the runs' vertices, or the full-screen
/// draw's own depth), the rest keep [`WORLD_DEPTH_CLEAR`]. The floor and ceiling are drawn after the
/// walls behind an early depth test, so lavapipe skips the pixels a wall covers before shading them
/// (a block whose pixels all fail an early depth test is not shaded), and the sprites read it to
/// hide behind walls and find the floor. It replaced a colour target of distances beside the
/// picture, which cost every pixel a second store (about a tenth of a bare ray-cast on lavapipe,
/// docs/frame-cost.md).
pub const WORLD_DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// What the depth holds where no wall is: the floor and ceiling, whose distance the sprites take from
/// their own ray. Shared with the shaders (the prelude).
pub const WORLD_DEPTH_CLEAR: f32 = 1.0;
