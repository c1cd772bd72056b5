//! Places on real pixels: a wall torch lights its wall where the player's torch does not reach, and
//! each theme's wall colour shows at its depths; the views are saved as /tmp/hollowdeep_world_*.png
//! for a human to look at.

use crate::common::{gpu_or_skip, rest_view, srgb_to_linear, Frame, Stage};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::landmarks::{Landmark, LandmarkKind};
use hollowdeep::game::{Facing, Game, Map, Pos};
use hollowdeep::render::scene::EXPOSURE;
use hollowdeep::render::{world_viewport, Camera, Effects};

/// A long corridor between thick walls: the torch hangs in the north wall eight cells ahead, past
/// the reach of the player's own torch.
const CORRIDOR: &[&str] =
    &["################", "################", "#..............#", "################", "################"];

fn corridor(torch: bool) -> Game {
    let g = Game::from_map(Map::from_rows(CORRIDOR).unwrap(), Pos::new(1, 2), Facing::East);
    let torches = [Landmark { kind: LandmarkKind::Torch, pos: Pos::new(9, 1), facing: Facing::South }];
    g.with_landmarks(if torch { torches.to_vec() } else { Vec::new() })
}

/// The columns and rows where the torch's stretch of the left (north) wall shows: cells 7.5 to
/// 9.5 ahead, the wall's face half a cell to the left.
fn torch_patch(cam: &Camera) -> (u32, u32, u32, u32) {
    let cx = 0.5 * cam.size.x;
    let x_at = |depth: f32| (cx - 0.5 * cam.focal.x / depth) as u32;
    let horizon = 0.5 * cam.size.y;
    let half_h = 0.5 * cam.focal.y / 9.5;
    let (x0, x1) = (x_at(7.0), x_at(10.0));
    (x0, (horizon - half_h) as u32, (x1 - x0).max(1), (2.0 * half_h) as u32)
}

#[test]
fn a_wall_torch_lights_a_wall_in_the_dark() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (w, h) = (480, 300);
    let mut stage = Stage::new(gpu, w, h);
    let lit = corridor(true);
    let dark = corridor(false);
    let view = rest_view(&lit, 0.0);
    let (vw, vh) = world_viewport(w, h);
    let cam = Camera::new(&view, vw, vh);
    let (x, y, pw, ph) = torch_patch(&cam);
    let a = stage.shot(&lit, &view, Effects::default());
    let b = stage.shot(&dark, &view, Effects::default());
    let path = a.save("world_torch");
    let (la, lb) = (a.mean_luma(x, y, pw, ph), b.mean_luma(x, y, pw, ph));
    assert!(
        lb < 2.0,
        "without the torch the far wall is dark: luma {lb:.1} (see {})",
        b.save("fail_torch_dark").display()
    );
    assert!(la > lb + 15.0, "the torch lights its wall: luma {la:.1} vs {lb:.1} (see {})", path.display());
    let [r, _, bl] = a.mean_rgb(x, y, pw, ph);
    assert!(r > 1.3 * bl, "torchlight is warm: mean rgb r {r:.1} b {bl:.1} (see {})", path.display());
    // The app's fade dims the wall torches with everything else.
    let faded = stage.frame(&view, Effects { light_scale: 0.0, ..Effects::default() });
    assert!(faded.mean_luma(x, y, pw, ph) < 1.0, "the death fade puts the torch out too");
}

/// The linear light behind a frame's mean colour: undo sRGB and the tone curve per channel.
fn light_of(f: &Frame, x: u32, y: u32, w: u32, h: u32) -> [f32; 3] {
    f.mean_rgb(x, y, w, h).map(|c| {
        let lin = srgb_to_linear(c.round().clamp(0.0, 255.0) as u8).min(0.995);
        -(1.0 - lin).ln() / EXPOSURE
    })
}

fn chroma(c: [f32; 3]) -> [f32; 3] {
    let sum = c.iter().sum::<f32>().max(1e-6);
    c.map(|v| v / sum)
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f32>().sqrt()
}

/// For every depth band, a wall a cell and a half ahead takes the band's colour: its chroma (the
/// light undone) is nearer that theme's wall albedo under its torch tint than any other theme's.
#[test]
fn a_themes_wall_colour_appears_at_its_depths() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (w, h) = (320, 200);
    let mut stage = Stage::new(gpu, w, h);
    let rows = ["#####", "#...#", "#####"];
    // The player's torch colour (shaders/world/light.wgsl), which every theme tints.
    const TORCH: [f32; 3] = [1.0, 0.72, 0.46];
    let expected = |depth: u32| {
        let look = BALANCE.theme_for(depth).look();
        chroma([0, 1, 2].map(|i| look.wall[i] * look.light[i] * TORCH[i]))
    };
    let bands: Vec<u32> = BALANCE.theme_bands.iter().map(|&(from, _)| from).collect();
    assert!(bands.len() >= 3, "three themes at least");
    for &from in &bands {
        for depth in [from, from + 2] {
            let g =
                Game::from_map_at_depth(Map::from_rows(&rows).unwrap(), Pos::new(1, 1), Facing::East, depth);
            let view = rest_view(&g, 0.0);
            let f = stage.shot(&g, &view, Effects::default());
            let (_, _, vw, vh) = f.world_rect();
            // The end wall, 3 cells ahead, fills the middle of the view.
            let got = chroma(light_of(&f, vw * 2 / 5, vh * 2 / 5, vw / 5, vh / 5));
            let own = distance(got, expected(depth));
            let name = BALANCE.theme_for(depth).name();
            let path = f.save(&format!("world_theme_{name}_depth{depth}"));
            for &other in bands.iter().filter(|&&o| BALANCE.theme_for(o) != BALANCE.theme_for(depth)) {
                let theirs = distance(got, expected(other));
                assert!(
                    own < theirs,
                    "depth {depth} ({name}): wall chroma {got:?} is nearer {} ({theirs:.3}) than its own ({own:.3}); see {}",
                    BALANCE.theme_for(other).name(),
                    path.display()
                );
            }
        }
    }
}
