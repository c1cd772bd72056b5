//! The world on the GPU: pipelines, camera uniforms, the grid and sprite storage buffers, and the
//! view-sized intermediate targets for `shaders/world.wgsl` and `shaders/sprites.wgsl`.
//!
//! Three passes: the column pass (compute: one DDA per sample column, `shaders/columns.wgsl`, its GPU
//! side in `column_pass`) finds the wall each column's ray meets; the world (ray-casting every pixel,
//! its wall read from that table) writes the finished picture and, beside it, each pixel's surface
//! depth; then the sprites, far to near, each as a quad for its pool of light on the floor and
//! one for its halo (both screen-blended) and a quad for its ink (alpha-blended), testing that
//! depth per pixel. So a sprite costs only the pixels its quads cover, however many there are, and
//! the world is shaded once. The nearest sprites' pools, which cover much of the floor, the floor
//! draws itself ([`FLOOR_POOLS`]).
//! The world is drawn once per kind of surface, walls as runs of columns and floor and ceiling over
//! strips behind the walls' mask ([`WorldPipelines`]). Frames whose warps move pixels draw world and
//! sprites unbent into a canvas a little wider than the view ([`Canvas`], sized by
//! `render::warp::overscan`), then displace it into the view (`shaders/warp.wgsl`): the warp costs
//! two texture reads per pixel, not a bent ray cast and shaded per pixel. Pipelines come in
//! variants that compile the madness effects in or out (the shader's `MILD` and `WILD`
//! overrides): a software rasteriser such as lavapipe runs both sides of every branch, so an
//! effect that is off must not be in the code at all. Each comes with the per-turn fields (the
//! wall torches' baked light and flames, the floor tints: `FIELDS`) and the exit pit (`EXIT`)
//! compiled in or out ([`Extras`]); a turn with fields draws the runs and strips whose rays cross
//! a lit cell with them and the rest without (`SPLIT`). Variants are built on first use and kept.

use super::camera::Camera;
use super::column_pass::{ColumnPass, RUN_LIST_HEAD};
use super::columns::{
    strip_count, ColumnTable, RUN_BYTES, SAMPLE_BYTES, SURFACE_CEILING, SURFACE_FLOOR, SURFACE_WALL,
};
use super::depth::{WORLD_DEPTH_CLEAR, WORLD_DEPTH_FORMAT};
use super::fields::Fields;
use super::light_field::mark_torch_faces;
use super::sprites::{pack_sprites, SpriteRaw, FLOOR_POOLS, MAX_SPRITES};
use super::variant::{slot, Extras, Variant, WORLD_SLOTS};
use super::warp::{self, Warps};
use crate::grid::Pos;
use crate::render::gpu::{texture_2d, Gpu};
use crate::render::layout_entries::{
    depth_texture_entry, filtered_texture_entry, only_in, sampler_entry, storage_entry, texture_entry,
    uniform_entry,
};
use crate::render::pipeline::{cleared_pass, vertexless_pipeline, PipelineSpec};
use crate::render::scene::{
    exit_centres, pack_seen_cells, shown_madness, Effects, FrameUniforms, PulseUniforms, TurnUniforms,
    WorldTurn, WorldUniformBlocks, TILE_WALL,
};
use crate::render::shader_source::{self, Entry};
use crate::scene::WorldScene;
use glam::Vec2;
use wgpu::util::DeviceExt;

/// How far from an exit cell's centre its pit, glow and draft can show, in cells: the glow falls
/// as exp(-r^2 / 0.38) and is below 1e-4 of the exit's light past this (world/surfaces.wgsl).
const EXIT_REACH: f32 = 2.0;

/// How a frame's world is drawn: one pipeline per kind of surface, so a pixel runs only its own
/// kind's code: the walls as runs of columns first, then the floor and the ceiling behind the
/// [`WORLD_DEPTH_FORMAT`] depth the walls wrote.
struct WorldPipelines {
    walls: wgpu::RenderPipeline,
    flats: [wgpu::RenderPipeline; 2],
}

/// A view of a new `size` texture: the world pass's attachments beside the target.
fn view_sized(
    gpu: &Gpu,
    label: &str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
) -> wgpu::TextureView {
    gpu.device
        .create_texture(&texture_2d(label, size, format, usage))
        .create_view(&wgpu::TextureViewDescriptor::default())
}

fn world_depth(write: bool, compare: wgpu::CompareFunction) -> wgpu::DepthStencilState {
    wgpu::DepthStencilState {
        format: WORLD_DEPTH_FORMAT,
        depth_write_enabled: Some(write),
        depth_compare: Some(compare),
        stencil: wgpu::StencilState::default(),
        bias: wgpu::DepthBiasState::default(),
    }
}

/// The pipelines a sprite is drawn with (per variant): its light's pool and halo, and its ink.
struct SpritePipelines {
    pool: wgpu::RenderPipeline,
    halo: wgpu::RenderPipeline,
    ink: wgpu::RenderPipeline,
}

/// The world's uniform buffers, one per block of `shaders/world/inputs.wgsl`.
struct Uniforms {
    frame: wgpu::Buffer,
    turn: wgpu::Buffer,
    pulse: wgpu::Buffer,
}

impl Uniforms {
    /// Bindings 0 to 3 of `shaders/world/inputs.wgsl`, which the world, sprite and column passes
    /// all read: the three uniform blocks and the grid's words.
    fn grid_entries<'a>(&'a self, cells: &'a wgpu::Buffer) -> [wgpu::BindGroupEntry<'a>; 4] {
        [
            wgpu::BindGroupEntry { binding: 0, resource: self.frame.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 1, resource: self.turn.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 2, resource: self.pulse.as_entire_binding() },
            wgpu::BindGroupEntry { binding: 3, resource: cells.as_entire_binding() },
        ]
    }
}

/// The world's depth attachment ([`WORLD_DEPTH_FORMAT`]) for one target size, and the bind group
/// that lets the sprite pass read it.
struct Depth {
    size: (u32, u32),
    view: wgpu::TextureView,
    read: wgpu::BindGroup,
}

/// Where a warped frame's world and sprites are drawn before `shaders/warp.wgsl` displaces them into
/// the view: a picture in the target's format and its own depth, allocated for the widest overscan
/// a view of `view` pixels can need (`warp::canvas_capacity`), so a frame draws into its top-left
/// corner whatever its overscan; and the lattice of the warp's displacements over the view.
struct Canvas {
    view: (u32, u32),
    color: wgpu::TextureView,
    depth: Depth,
    lattice: wgpu::TextureView,
    /// Group 1 of the warp pass: the picture, a linear sampler and the lattice.
    read: wgpu::BindGroup,
}

pub(crate) struct WorldPass {
    /// `shaders/world.wgsl` and `shaders/sprites.wgsl`, one module per pass.
    world_module: wgpu::ShaderModule,
    sprite_module: wgpu::ShaderModule,
    /// The world pipeline reads group 0 only; the sprite pipelines also read the world's depth.
    world_layout: wgpu::PipelineLayout,
    read_layout: wgpu::PipelineLayout,
    texture_layout: wgpu::BindGroupLayout,
    format: wgpu::TextureFormat,
    depth: Option<Depth>,
    /// The warp pass (`shaders/warp.wgsl`): its lattice and displacement pipelines, its canvas's
    /// layout, the canvas of the current view size, and the size the current frame draws its world
    /// at in it (None: straight to the target).
    lattice: wgpu::RenderPipeline,
    warp: wgpu::RenderPipeline,
    canvas_layout: wgpu::BindGroupLayout,
    canvas_sampler: wgpu::Sampler,
    canvas: Option<Canvas>,
    canvas_frame: Option<(u32, u32)>,
    /// Per variant and extras ([`slot`]), and the sprites' per variant.
    world_pipelines: [Option<WorldPipelines>; WORLD_SLOTS],
    sprite_pipelines: [Option<SpritePipelines>; 4],
    /// The bare ray-cast (`shaders/bare.wgsl`) that `--bench` measures the frame against.
    bare: wgpu::RenderPipeline,
    /// The variant and extras the frame of the last `write_frame` needs, for `record`.
    variant: Variant,
    extras: Extras,
    layout: wgpu::BindGroupLayout,
    /// One buffer per uniform block, and the turn and pulse blocks they hold, so that an unchanged
    /// block is not written again (the frame block always changes).
    uniforms: Uniforms,
    written: Option<(TurnUniforms, PulseUniforms)>,
    cells: wgpu::Buffer,
    /// The torches' light field and the floor tints of the last turn.
    fields: Fields,
    /// Whether the last turn needs them (the `FIELDS` variants).
    fields_on: bool,
    /// The centres of the exit cells the viewer knows: a frame that may see one uses an `EXIT`
    /// pipeline.
    exits: Vec<Vec2>,
    /// Room for `MAX_SPRITES` sprites, allocated once: a turn writes only its live ones.
    sprites: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    columns: ColumnPass,
    grid: (u32, u32),
    /// What the last turn left for the frames: madness, light and how many sprites are live.
    turn: WorldTurn,
    quads_cover_view: bool,
    /// For tests: false makes the sprite pass draw every pool of light, the floor none.
    pools_in_floor: bool,
}

impl WorldPass {
    pub(crate) fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> WorldPass {
        let device = &gpu.device;
        let world_module = shader_source::module(device, Entry::World);
        let sprite_module = shader_source::module(device, Entry::Sprites);
        // Both stages read the uniforms, the grid and the sprites: the sprite quads are placed by
        // the vertex shader from the same data the fragment shader paints with. The bindings are
        // those of shaders/world/inputs.wgsl.
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("world bind group layout"),
            entries: &[
                uniform_entry(0, std::mem::size_of::<FrameUniforms>() as u64),
                uniform_entry(1, std::mem::size_of::<TurnUniforms>() as u64),
                uniform_entry(2, std::mem::size_of::<PulseUniforms>() as u64),
                storage_entry(3, 4),
                storage_entry(4, std::mem::size_of::<SpriteRaw>() as u64),
                // The light field: wall runs read it at their vertices, floor and ceiling per pixel.
                only_in(wgpu::ShaderStages::VERTEX_FRAGMENT, filtered_texture_entry(5)),
                only_in(wgpu::ShaderStages::VERTEX_FRAGMENT, sampler_entry(6)),
                texture_entry(7),
                storage_entry(8, SAMPLE_BYTES),
                // Two stages may read four storage buffers each (downlevel limits): the runs are
                // the walls' vertices' own.
                only_in(wgpu::ShaderStages::VERTEX, storage_entry(11, RUN_LIST_HEAD + RUN_BYTES)),
            ],
        });
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("world depth layout"),
            entries: &[depth_texture_entry(0)],
        });
        let world_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("world pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let read_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("world read pipeline layout"),
            bind_group_layouts: &[Some(&layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        let uniform = |label, size: usize| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: size as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let uniforms = Uniforms {
            frame: uniform("world frame uniforms", std::mem::size_of::<FrameUniforms>()),
            turn: uniform("world turn uniforms", std::mem::size_of::<TurnUniforms>()),
            pulse: uniform("world pulse uniforms", std::mem::size_of::<PulseUniforms>()),
        };
        // Until the first turn is uploaded the world is one wall cell: a valid, black-ish frame.
        let cells = Self::cells_buffer(gpu, &[TILE_WALL]);
        let sprites = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("world sprites"),
            size: (MAX_SPRITES * std::mem::size_of::<SpriteRaw>()) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let fields = Fields::new(gpu);
        let columns = ColumnPass::new(gpu, uniforms.grid_entries(&cells));
        let bind_group = Self::bind_group(gpu, &layout, &uniforms, &cells, &sprites, &fields, &columns);
        let bare = Self::bare_pipeline(gpu, &world_layout, format);
        let canvas_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("warp canvas layout"),
            entries: &[filtered_texture_entry(0), sampler_entry(1), filtered_texture_entry(2)],
        });
        let (lattice, warp) = Self::warp_pipelines(gpu, (&layout, &world_layout), &canvas_layout, format);
        let canvas_sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("warp canvas sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let mut pass = WorldPass {
            world_module,
            sprite_module,
            world_layout,
            read_layout,
            texture_layout,
            format,
            depth: None,
            lattice,
            warp,
            canvas_layout,
            canvas_sampler,
            canvas: None,
            canvas_frame: None,
            world_pipelines: Default::default(),
            sprite_pipelines: Default::default(),
            bare,
            variant: Variant::Calm,
            extras: Extras::default(),
            layout,
            uniforms,
            written: None,
            cells,
            fields,
            fields_on: false,
            exits: Vec::new(),
            sprites,
            bind_group,
            columns,
            grid: (1, 1),
            turn: WorldTurn::default(),
            quads_cover_view: false,
            pools_in_floor: true,
        };
        pass.prepare(gpu, Variant::Calm, Extras::default());
        pass
    }

    /// Builds the world pipeline of `variant` with `extras`, and the sprites' of `variant`, unless
    /// they exist.
    pub(crate) fn prepare(&mut self, gpu: &Gpu, variant: Variant, extras: Extras) {
        for part in extras.parts() {
            self.prepare_part(gpu, variant, part);
        }
    }

    /// [`WorldPass::prepare`] for one of the pipeline sets a frame draws its world with.
    fn prepare_part(&mut self, gpu: &Gpu, variant: Variant, extras: Extras) {
        let world_built = self.world_pipelines[slot(variant, extras)].is_some();
        let sprites_built = self.sprite_pipelines[variant.index()].is_some();
        if world_built && sprites_built {
            return;
        }
        // On a non-sRGB target the shaders encode gamma themselves (common/colour.wgsl).
        let encode = ("ENCODE_SRGB", f64::from(u8::from(!self.format.is_srgb())));
        let fields = ("FIELDS", f64::from(u8::from(extras.lit)));
        let exit = ("EXIT", f64::from(u8::from(extras.exit)));
        let split = ("SPLIT", f64::from(u8::from(extras.split)));
        let world_constants = |surface: u32| {
            let surface = ("SURFACE", f64::from(surface));
            [variant.world_constants().as_slice(), &[encode, fields, exit, split, surface]].concat()
        };
        let sprite_constants =
            [variant.sprite_constants(self.quads_cover_view).as_slice(), &[encode]].concat();
        let pipeline = |label: &str,
                        (module, constants): (&wgpu::ShaderModule, &[(&str, f64)]),
                        layout: &wgpu::PipelineLayout,
                        entries: (&str, &str),
                        targets: &[Option<wgpu::ColorTargetState>],
                        depth: Option<wgpu::DepthStencilState>| {
            vertexless_pipeline(
                &gpu.device,
                &PipelineSpec { label, layout, module, entries, constants, targets, depth },
            )
        };
        let opaque =
            |format| Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL });
        let blended = |color: wgpu::BlendComponent| {
            // Alpha is never read; keep the target's.
            let alpha = wgpu::BlendComponent {
                src_factor: wgpu::BlendFactor::Zero,
                dst_factor: wgpu::BlendFactor::One,
                operation: wgpu::BlendOperation::Add,
            };
            Some(wgpu::ColorTargetState {
                format: self.format,
                blend: Some(wgpu::BlendState { color, alpha }),
                write_mask: wgpu::ColorWrites::ALL,
            })
        };
        // Light adds through the tone curve: dst + (1 - dst) * src (see sprites.wgsl).
        let screen = wgpu::BlendComponent {
            src_factor: wgpu::BlendFactor::OneMinusDst,
            dst_factor: wgpu::BlendFactor::One,
            operation: wgpu::BlendOperation::Add,
        };
        if !world_built {
            let targets = [opaque(self.format)];
            let world = |surface: u32, entries: (&str, &str), depth: wgpu::DepthStencilState| {
                pipeline(
                    "world pipeline",
                    (&self.world_module, &world_constants(surface)),
                    &self.world_layout,
                    entries,
                    &targets,
                    Some(depth),
                )
            };
            // No warp moves a pixel's ray in this pass (warped frames are displaced afterwards), so a
            // pixel's surface kind follows from its column in every variant.
            let pipelines = WorldPipelines {
                walls: world(
                    SURFACE_WALL,
                    ("vs_run", "fs_main"),
                    world_depth(true, wgpu::CompareFunction::Always),
                ),
                flats: [SURFACE_FLOOR, SURFACE_CEILING].map(|surface| {
                    world(surface, ("vs_flat", "fs_main"), world_depth(false, wgpu::CompareFunction::Less))
                }),
            };
            self.world_pipelines[slot(variant, extras)] = Some(pipelines);
        }
        if sprites_built {
            return;
        }
        let light = |label, entries| {
            pipeline(
                label,
                (&self.sprite_module, &sprite_constants),
                &self.read_layout,
                entries,
                &[blended(screen)],
                None,
            )
        };
        self.sprite_pipelines[variant.index()] = Some(SpritePipelines {
            pool: light("world sprite pool pipeline", ("vs_sprite_pool", "fs_sprite_pool")),
            halo: light("world sprite halo pipeline", ("vs_sprite_halo", "fs_sprite_halo")),
            ink: pipeline(
                "world sprite ink pipeline",
                (&self.sprite_module, &sprite_constants),
                &self.read_layout,
                ("vs_sprite_ink", "fs_sprite_ink"),
                &[blended(wgpu::BlendState::ALPHA_BLENDING.color)],
                None,
            ),
        });
    }

    /// The bare ray-cast: the world's bindings, one colour target, no overrides.
    fn bare_pipeline(
        gpu: &Gpu,
        layout: &wgpu::PipelineLayout,
        format: wgpu::TextureFormat,
    ) -> wgpu::RenderPipeline {
        let module = shader_source::module(&gpu.device, Entry::Bare);
        let targets =
            [Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL })];
        vertexless_pipeline(
            &gpu.device,
            &PipelineSpec {
                label: "bare ray-cast pipeline",
                layout,
                module: &module,
                entries: ("vs_main", "fs_main"),
                constants: &[],
                targets: &targets,
                depth: None,
            },
        )
    }

    /// The warp pass's two pipelines, each one opaque colour target and no depth: the lattice's
    /// (the world's bindings only, as it draws into the lattice the other reads) and the
    /// displacement's (the world's bindings and the canvas's).
    fn warp_pipelines(
        gpu: &Gpu,
        (layout, world_layout): (&wgpu::BindGroupLayout, &wgpu::PipelineLayout),
        canvas_layout: &wgpu::BindGroupLayout,
        format: wgpu::TextureFormat,
    ) -> (wgpu::RenderPipeline, wgpu::RenderPipeline) {
        let module = shader_source::module(&gpu.device, Entry::Warp);
        let canvas_pipeline_layout = gpu.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("warp pipeline layout"),
            bind_group_layouts: &[Some(layout), Some(canvas_layout)],
            immediate_size: 0,
        });
        // On a non-sRGB target the canvas holds encoded colour: decode, apply, encode again.
        let constants = [("ENCODE_SRGB", f64::from(u8::from(!format.is_srgb()))), ("WARP_PASS", 1.0)];
        let opaque =
            |format| Some(wgpu::ColorTargetState { format, blend: None, write_mask: wgpu::ColorWrites::ALL });
        let pipeline = |label, layout, entries, targets: &[Option<wgpu::ColorTargetState>]| {
            vertexless_pipeline(
                &gpu.device,
                &PipelineSpec {
                    label,
                    layout,
                    module: &module,
                    entries,
                    constants: &constants,
                    targets,
                    depth: None,
                },
            )
        };
        (
            pipeline(
                "warp lattice pipeline",
                world_layout,
                ("vs_full", "fs_lattice"),
                &[opaque(warp::LATTICE_FORMAT)],
            ),
            pipeline("warp pipeline", &canvas_pipeline_layout, ("vs_full", "fs_warp"), &[opaque(format)]),
        )
    }

    /// The bare ray-cast over the whole `width` × `height` target, with the uniforms `write_frame`
    /// wrote for a camera of that size: what `--bench` divides the frame's time by.
    pub(crate) fn record_bare(&self, encoder: &mut wgpu::CommandEncoder, target: &wgpu::TextureView) {
        let mut pass = cleared_pass(encoder, target, "bare ray-cast pass");
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_pipeline(&self.bare);
        pass.draw(0..3, 0..1);
    }

    /// The depth target for a `size` target, rebuilt when the size changes.
    fn ensure_depth(&mut self, gpu: &Gpu, size: (u32, u32)) {
        if self.depth.as_ref().is_some_and(|d| d.size == size) {
            return;
        }
        self.depth = Some(self.new_depth(gpu, size));
    }

    fn new_depth(&self, gpu: &Gpu, size: (u32, u32)) -> Depth {
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING;
        let view = view_sized(gpu, "world depth", size, WORLD_DEPTH_FORMAT, usage);
        let read = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("world depth input"),
            layout: &self.texture_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            }],
        });
        Depth { size, view, read }
    }

    /// The canvas for warped frames of a `view` (width, height), rebuilt when the view's size changes.
    fn ensure_canvas(&mut self, gpu: &Gpu, view: (u32, u32)) {
        if self.canvas.as_ref().is_some_and(|c| c.view == view) {
            return;
        }
        // Dropped first, so two canvases of the largest size never live at once.
        self.canvas = None;
        let size = warp::canvas_capacity(view);
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING;
        let color = view_sized(gpu, "warp canvas", size, self.format, usage);
        let lattice = view_sized(gpu, "warp lattice", warp::lattice_size(view), warp::LATTICE_FORMAT, usage);
        let read = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("warp canvas input"),
            layout: &self.canvas_layout,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(&color) },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&self.canvas_sampler),
                },
                wgpu::BindGroupEntry { binding: 2, resource: wgpu::BindingResource::TextureView(&lattice) },
            ],
        });
        let depth = self.new_depth(gpu, size);
        self.canvas = Some(Canvas { view, color, depth, lattice, read });
    }

    fn cells_buffer(gpu: &Gpu, cells: &[u32]) -> wgpu::Buffer {
        gpu.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("world cells"),
            contents: bytemuck::cast_slice(cells),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        })
    }

    fn bind_group(
        gpu: &Gpu,
        layout: &wgpu::BindGroupLayout,
        uniforms: &Uniforms,
        cells: &wgpu::Buffer,
        sprites: &wgpu::Buffer,
        fields: &Fields,
        columns: &ColumnPass,
    ) -> wgpu::BindGroup {
        let [frame, turn, pulse, grid] = uniforms.grid_entries(cells);
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("world bind group"),
            layout,
            entries: &[
                frame,
                turn,
                pulse,
                grid,
                wgpu::BindGroupEntry { binding: 4, resource: sprites.as_entire_binding() },
                wgpu::BindGroupEntry {
                    binding: 5,
                    resource: wgpu::BindingResource::TextureView(&fields.light),
                },
                wgpu::BindGroupEntry {
                    binding: 6,
                    resource: wgpu::BindingResource::Sampler(&fields.sampler),
                },
                wgpu::BindGroupEntry {
                    binding: 7,
                    resource: wgpu::BindingResource::TextureView(&fields.tints),
                },
                wgpu::BindGroupEntry { binding: 8, resource: columns.table.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 11, resource: columns.runs.as_entire_binding() },
            ],
        })
    }

    /// Once per turn: the grid as the viewer sees it (phantoms included, torch faces marked), the
    /// figures as sprites seen from `eye`, the light, this turn's madness and its fields (rebuilt
    /// only when they change); builds the pipeline variant the turn needs ahead of its first frame.
    pub(crate) fn upload_turn(&mut self, gpu: &Gpu, world: &WorldScene, eye: Pos) {
        let grid = (world.cells.width() as u32, world.cells.height() as u32);
        let mut cells = pack_seen_cells(&world.cells);
        let faces: Vec<_> = world.torches.iter().map(|t| (t.cell, t.facing)).collect();
        mark_torch_faces(&mut cells, grid.0, &faces);
        let sprites = pack_sprites(world, eye);
        let sprite_count = self.upload_sprites(gpu, &sprites);
        self.turn = WorldTurn {
            floor_pools: self.floor_pools(sprite_count),
            ..WorldTurn::of(world, sprite_count, eye)
        };
        let torches = &self.turn.torches[..self.turn.torch_count as usize];
        let changed = self.fields.update(gpu, grid, &cells, torches, &world.floor_tints);
        self.fields.mark_lit(&mut cells);
        let resized = self.upload_cells(gpu, grid, &cells);
        if changed || resized {
            self.rebind(gpu);
        }
        self.fields_on = self.turn.torch_count > 0 || !world.floor_tints.is_empty();
        self.exits = exit_centres(&world.cells);
        // Both exit variants when an exit is known: turning towards it mid-turn must not stall.
        let variant = Variant::for_turn(&self.turn, world.may_pulse);
        // A turn that may warp draws warped frames into the canvas, and others (a pulse over) not.
        let variants: &[Variant] =
            if variant == Variant::Wild { &[Variant::Wild, Variant::Warped] } else { &[variant] };
        for &variant in variants {
            self.prepare(gpu, variant, Extras::of_frame(self.fields_on, false));
            if !self.exits.is_empty() {
                self.prepare(gpu, variant, Extras::of_frame(self.fields_on, true));
            }
        }
    }

    /// Makes the bind groups again after a buffer or texture they hold was replaced.
    fn rebind(&mut self, gpu: &Gpu) {
        self.bind_group = Self::bind_group(
            gpu,
            &self.layout,
            &self.uniforms,
            &self.cells,
            &self.sprites,
            &self.fields,
            &self.columns,
        );
        self.columns.rebind(gpu, self.uniforms.grid_entries(&self.cells));
    }

    /// See `Renderer::set_sprite_quads_cover_view`.
    /// A pipeline constant, not a uniform: toggling it drops the built pipelines, and the next frame
    /// builds the ones it needs.
    pub(crate) fn set_quads_cover_view(&mut self, on: bool) {
        if self.quads_cover_view != on {
            self.quads_cover_view = on;
            self.sprite_pipelines = Default::default();
        }
    }

    /// See `Renderer::set_pools_in_floor`.
    pub(crate) fn set_pools_in_floor(&mut self, on: bool) {
        self.pools_in_floor = on;
        self.turn.floor_pools = self.floor_pools(self.turn.sprite_count);
    }

    /// How many of the nearest of `sprite_count` sprites have their pools drawn by the floor.
    fn floor_pools(&self, sprite_count: u32) -> u32 {
        if self.pools_in_floor {
            sprite_count.min(FLOOR_POOLS)
        } else {
            0
        }
    }

    /// Uploads the grid's words; their buffer is reallocated only when the level size changes
    /// (then true: the bind group must be made again).
    fn upload_cells(&mut self, gpu: &Gpu, grid: (u32, u32), cells: &[u32]) -> bool {
        debug_assert_eq!(cells.len(), (grid.0 * grid.1) as usize);
        if grid == self.grid {
            gpu.queue.write_buffer(&self.cells, 0, bytemuck::cast_slice(cells));
            false
        } else {
            self.cells = Self::cells_buffer(gpu, cells);
            self.grid = grid;
            true
        }
    }

    /// Writes this turn's sprites (at most `MAX_SPRITES`) and returns how many are live.
    fn upload_sprites(&self, gpu: &Gpu, sprites: &[SpriteRaw]) -> u32 {
        let live = &sprites[..sprites.len().min(MAX_SPRITES)];
        if !live.is_empty() {
            gpu.queue.write_buffer(&self.sprites, 0, bytemuck::cast_slice(live));
        }
        live.len() as u32
    }

    /// Once per frame: writes the uniforms for `camera` at `time` under `effects` (the turn and pulse
    /// blocks only when they changed), chooses the pipeline variant they need and sizes the depth
    /// target to the `target` (width, height). A frame whose warps move pixels is drawn into the
    /// canvas: its uniforms describe the canvas (the view widened by the overscan on each side, the
    /// same focal length, so every ray is the one the view's pixel there would cast).
    pub(crate) fn write_frame(
        &mut self,
        gpu: &Gpu,
        camera: &Camera,
        time: f32,
        effects: &Effects,
        target: (u32, u32),
    ) {
        self.write_uniforms(gpu, camera, time, effects, target, true);
    }

    /// [`WorldPass::write_frame`] for the bare ray-cast: the view itself, never a canvas.
    pub(crate) fn write_bare_frame(
        &mut self,
        gpu: &Gpu,
        camera: &Camera,
        time: f32,
        effects: &Effects,
        target: (u32, u32),
    ) {
        self.write_uniforms(gpu, camera, time, effects, target, false);
    }

    fn write_uniforms(
        &mut self,
        gpu: &Gpu,
        camera: &Camera,
        time: f32,
        effects: &Effects,
        target: (u32, u32),
        may_warp: bool,
    ) {
        let mut u = WorldUniformBlocks::new(camera, self.grid, time, effects, &self.turn);
        self.variant = Variant::for_madness(
            &shown_madness(self.turn.madness, effects.reduced),
            u.pulse.warp_pulse > 0.0,
        );
        let view = (camera.size.x as u32, camera.size.y as u32);
        let warps =
            Warps { warp: u.turn.warp, distortion: u.turn.distortion, pulse: u.pulse.warp_pulse, time };
        self.canvas_frame = None;
        let mut camera = *camera;
        if may_warp && self.variant == Variant::Wild && warps.moves() && view.0 > 0 && view.1 > 0 {
            // The canvas: the view widened by the overscan, drawn `scale` canvas pixels per view
            // pixel; the same field of view, so each canvas pixel casts the ray of its view point.
            let scale = warp::canvas_scale(&warps);
            let overscan = warp::overscan(view, &warps, effects.jolt_px);
            let (size, overscan) = warp::canvas_size(view, overscan, scale);
            camera.size = Vec2::new(size.0 as f32, size.1 as f32);
            camera.focal *= scale;
            u.frame.view_size = camera.size.to_array();
            u.frame.focal = camera.focal.to_array();
            u.frame.overscan = overscan;
            u.frame.canvas_scale = scale;
            self.variant = Variant::Warped;
            self.ensure_canvas(gpu, view);
            self.canvas_frame = Some(size);
        }
        let drawn = (camera.size.x as u32, camera.size.y as u32);
        let table = ColumnTable::for_view(drawn.0);
        if self.columns.reserve(gpu, table.count) {
            self.rebind(gpu);
        }
        u.frame.columns = [table.origin, table.step];
        u.frame.column_count = table.count;
        self.columns.count = table.count;
        gpu.queue.write_buffer(&self.uniforms.frame, 0, bytemuck::bytes_of(&u.frame));
        let (last_turn, last_pulse) = self.written.unzip();
        if last_turn != Some(u.turn) {
            gpu.queue.write_buffer(&self.uniforms.turn, 0, bytemuck::bytes_of(&u.turn));
        }
        if last_pulse != Some(u.pulse) {
            gpu.queue.write_buffer(&self.uniforms.pulse, 0, bytemuck::bytes_of(&u.pulse));
        }
        self.written = Some((u.turn, u.pulse));
        // The canvas's camera is wider: what it may see is what the warp may show.
        let exit = self.exits.iter().any(|&e| camera.may_see(e, EXIT_REACH, 0.0));
        self.extras = Extras::of_frame(self.fields_on, exit);
        self.prepare(gpu, self.variant, self.extras);
        self.ensure_depth(gpu, target);
    }

    /// Draws into the `width` × `view_height` strip at the top of the target (cleared to black
    /// everywhere first); `write_frame` must have been called for this target. A warped frame draws
    /// its world and sprites into the canvas, then displaces the canvas into that strip.
    pub(crate) fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        width: u32,
        view_height: u32,
    ) {
        let canvas = self.canvas_frame.zip(self.canvas.as_ref());
        let Some((drawn, canvas)) = canvas.filter(|_| view_height > 0) else {
            let depth = self.depth.as_ref().expect("write_frame sizes the depth target");
            self.record_world(encoder, (target, depth), (width, view_height));
            return;
        };
        self.record_world(encoder, (&canvas.color, &canvas.depth), drawn);
        {
            let mut pass = cleared_pass(encoder, &canvas.lattice, "warp lattice pass");
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.set_pipeline(&self.lattice);
            pass.draw(0..3, 0..1);
        }
        let mut pass = cleared_pass(encoder, target, "warp pass");
        pass.set_viewport(0.0, 0.0, width as f32, view_height as f32, 0.0, 1.0);
        pass.set_scissor_rect(0, 0, width, view_height);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_bind_group(1, &canvas.read, &[]);
        pass.set_pipeline(&self.warp);
        pass.draw(0..3, 0..1);
    }

    /// The column pass, the world and the sprites into the `width` × `view_height` strip at the top
    /// of `target` (cleared to black everywhere first), with `depth` as the world's depth.
    fn record_world(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        (target, depth): (&wgpu::TextureView, &Depth),
        (width, view_height): (u32, u32),
    ) {
        let attachment = |view, load| {
            Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
            })
        };
        let clear = wgpu::LoadOp::Clear(wgpu::Color::BLACK);
        let part_pipelines = || {
            self.extras.parts().map(|part| {
                self.world_pipelines[slot(self.variant, part)]
                    .as_ref()
                    .expect("write_frame prepares the world pipelines")
            })
        };
        let sprites =
            self.sprite_pipelines[self.variant.index()].as_ref().expect("write_frame prepares the sprites");
        let sprite_count = self.turn.sprite_count;
        if view_height > 0 {
            self.columns.record(encoder);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("world pass"),
                color_attachments: &[attachment(target, clear)],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &depth.view,
                    depth_ops: Some(wgpu::Operations {
                        load: wgpu::LoadOp::Clear(WORLD_DEPTH_CLEAR),
                        // Only the sprites read it back.
                        store: if sprite_count > 0 { wgpu::StoreOp::Store } else { wgpu::StoreOp::Discard },
                    }),
                    stencil_ops: None,
                }),
                ..Default::default()
            });
            if view_height == 0 {
                return;
            }
            pass.set_viewport(0.0, 0.0, width as f32, view_height as f32, 0.0, 1.0);
            pass.set_scissor_rect(0, 0, width, view_height);
            pass.set_bind_group(0, &self.bind_group, &[]);
            // Walls first: one instance per run, as the column pass counted them; each part draws
            // its share of the runs and strips.
            for world in part_pipelines() {
                pass.set_pipeline(&world.walls);
                pass.draw_indirect(&self.columns.runs, 0);
            }
            for pipeline in part_pipelines().flat_map(|world| &world.flats) {
                pass.set_pipeline(pipeline);
                pass.draw(0..6, 0..strip_count(width));
            }
        }
        if sprite_count > 0 {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("world sprite pass"),
                color_attachments: &[attachment(target, wgpu::LoadOp::Load)],
                ..Default::default()
            });
            pass.set_viewport(0.0, 0.0, width as f32, view_height as f32, 0.0, 1.0);
            pass.set_scissor_rect(0, 0, width, view_height);
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.set_bind_group(1, &depth.read, &[]);
            // Far to near, each sprite's light then its ink, so nearer ones paint over farther ones;
            // the floor drew the nearest ones' pools.
            let pools_drawn = sprite_count - self.turn.floor_pools;
            for i in 0..sprite_count {
                let parts: &[&wgpu::RenderPipeline] = if i < pools_drawn {
                    &[&sprites.pool, &sprites.halo, &sprites.ink]
                } else {
                    &[&sprites.halo, &sprites.ink]
                };
                for pipeline in parts {
                    pass.set_pipeline(pipeline);
                    pass.draw(0..6, i..i + 1);
                }
            }
        }
    }
}
