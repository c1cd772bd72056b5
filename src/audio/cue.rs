//! Placing a turn's sounds around the listener: the pure half of the audio room. A sound becomes a
//! cue with a start time, a gain per ear (from its direction and distance) and a low-pass cutoff
//! (duller behind the listener and through walls). Walls are the ones the viewer believes in, read
//! from the scene's cells with the grid's field of view, so a phantom wall muffles like a real one.

use super::tuning::AUDIO;
use crate::grid::fov::field_of_view;
use crate::grid::{Facing, Grid, Pos};
use crate::scene::{CellLook, PhantomLook, Scene, SoundEvent, SoundKind, SoundPhase, TileLook};

/// One sound ready for the mixer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    pub kind: SoundKind,
    /// Seconds from now until it starts.
    pub delay: f64,
    pub left: f32,
    pub right: f32,
    pub cutoff_hz: f32,
}

/// Where a sound sits for the listener.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub left: f32,
    pub right: f32,
    pub cutoff_hz: f32,
    /// A believed wall stands between the sound and the listener.
    pub occluded: bool,
}

/// The listener of one scene: where the viewer stands, which way is ahead, and which cells sound
/// reaches them from unobstructed.
pub struct Listener {
    eye: Pos,
    facing: Facing,
    /// The first-person view's open cells; `None` on a board, which is seen (and heard) whole.
    open: Option<Grid<bool>>,
}

impl Listener {
    /// A first-person scene is heard from the eye, ahead where it faces, muffled by believed
    /// walls. A board (top-down) is heard from its viewer's cell with the screen's up as ahead
    /// (left on screen is the left ear), by distance alone: nothing on it is out of sight.
    pub fn of(scene: &Scene) -> Listener {
        if scene.board.is_some() {
            return Listener { eye: scene.eye, facing: Facing::North, open: None };
        }
        let cells = &scene.world.cells;
        let solid = |p: Pos| cells.get(p).is_none_or(|c| believed_wall(*c));
        let open = field_of_view(cells.width(), cells.height(), scene.eye, AUDIO.space.hearing_cells, solid);
        Listener { eye: scene.eye, facing: scene.facing, open: Some(open) }
    }

    /// How a sound from `at` reaches this listener; `None` when it is out of hearing.
    pub fn place(&self, at: Pos) -> Option<Placement> {
        let space = AUDIO.space;
        let (dx, dy) = ((at.x - self.eye.x) as f32, (at.y - self.eye.y) as f32);
        let distance = (dx * dx + dy * dy).sqrt();
        let (fx, fy) = self.facing.delta();
        let (rx, ry) = self.facing.right().delta();
        let ahead = dx * fx as f32 + dy * fy as f32;
        let across = dx * rx as f32 + dy * ry as f32;
        let pan = if distance > 0.0 { across / distance } else { 0.0 };
        let (mut gain, mut cutoff, occluded) = match &self.open {
            None => (1.0 / (1.0 + AUDIO.board.falloff_per_cell * distance), AUDIO.board.cutoff_hz, false),
            Some(open) => {
                if distance > space.hearing_cells as f32 {
                    return None;
                }
                let mut gain = 1.0 / (1.0 + space.falloff_per_cell * distance);
                let mut cutoff = space.open_cutoff_hz;
                if ahead < 0.0 {
                    gain *= space.behind_gain;
                    cutoff = cutoff.min(space.behind_cutoff_hz);
                }
                (gain, cutoff, !open.get(at).copied().unwrap_or(false))
            }
        };
        if occluded {
            gain *= space.wall_gain;
            cutoff = cutoff.min(space.wall_cutoff_hz);
        }
        Some(Placement { left: 0.0, right: 0.0, cutoff_hz: cutoff, occluded }.panned(pan, gain))
    }
}

impl Placement {
    /// Equal power, scaled so a centred sound has unit gain in each ear.
    fn panned(self, pan: f32, gain: f32) -> Placement {
        let angle = (pan + 1.0) * std::f32::consts::FRAC_PI_4;
        let s2 = std::f32::consts::SQRT_2;
        Placement { left: angle.cos() * gain * s2, right: angle.sin() * gain * s2, ..self }
    }
}

/// What the viewer takes for a wall: a wall not shown as a passage, or floor shown as a wall.
fn believed_wall(cell: CellLook) -> bool {
    match cell.phantom {
        PhantomLook::Wall => true,
        PhantomLook::Passage => false,
        PhantomLook::None => cell.tile == TileLook::Wall,
    }
}

/// The cues of one turn: `world_delay` is when the world's answer starts (after the player's own
/// animation), so a creature's step is heard when it is seen to move.
pub fn cues(scene: &Scene, sounds: &[SoundEvent], world_delay: f64) -> Vec<Cue> {
    let listener = Listener::of(scene);
    sounds
        .iter()
        .filter_map(|s| {
            let placed = listener.place(s.at)?;
            let delay = match s.phase {
                SoundPhase::Player => 0.0,
                SoundPhase::World => world_delay,
            };
            Some(Cue {
                kind: s.kind,
                delay,
                left: placed.left,
                right: placed.right,
                cutoff_hz: placed.cutoff_hz,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(rows: &[&str], eye: Pos, facing: Facing) -> Scene {
        Scene::from_rows(rows, eye, facing)
    }

    const ROOM: [&str; 7] =
        ["#########", "#.......#", "#.......#", "#.......#", "#.......#", "#.......#", "#########"];

    #[test]
    fn left_is_louder_on_the_left_and_behind_is_duller() {
        let l = Listener::of(&scene(&ROOM, Pos::new(4, 3), Facing::North));
        let west = l.place(Pos::new(2, 3)).unwrap();
        assert!(west.left > west.right * 3.0, "{west:?}");
        let east = l.place(Pos::new(6, 3)).unwrap();
        assert!(east.right > east.left * 3.0, "{east:?}");
        let ahead = l.place(Pos::new(4, 1)).unwrap();
        let behind = l.place(Pos::new(4, 5)).unwrap();
        assert!((ahead.left - ahead.right).abs() < 1e-4);
        assert!(behind.left < ahead.left && behind.cutoff_hz < ahead.cutoff_hz);
    }

    #[test]
    fn further_is_softer_and_a_wall_muffles() {
        let rows = ["#########", "#...#...#", "#...#...#", "#########"];
        let l = Listener::of(&scene(&rows, Pos::new(1, 1), Facing::East));
        let near = l.place(Pos::new(2, 1)).unwrap();
        let far = l.place(Pos::new(3, 1)).unwrap();
        assert!(far.left < near.left && !far.occluded);
        let walled = l.place(Pos::new(5, 1)).unwrap();
        assert!(walled.occluded && walled.cutoff_hz == AUDIO.space.wall_cutoff_hz);
        let open = Listener::of(&scene(&ROOM, Pos::new(1, 1), Facing::East)).place(Pos::new(5, 1)).unwrap();
        assert!(walled.left < open.left * AUDIO.space.wall_gain * 1.01);
        assert!(l.place(Pos::new(1 + AUDIO.space.hearing_cells + 1, 1)).is_none());
    }

    #[test]
    fn a_phantom_wall_muffles_and_a_phantom_passage_does_not() {
        let rows = ["#########", "#...#...#", "#########"];
        let mut s = scene(&rows, Pos::new(1, 1), Facing::East);
        assert!(Listener::of(&s).place(Pos::new(6, 1)).unwrap().occluded);
        s.world.cells.set(Pos::new(4, 1), CellLook { tile: TileLook::Wall, phantom: PhantomLook::Passage });
        assert!(!Listener::of(&s).place(Pos::new(6, 1)).unwrap().occluded);
        s.world.cells.set(Pos::new(4, 1), CellLook { tile: TileLook::Floor, phantom: PhantomLook::Wall });
        assert!(Listener::of(&s).place(Pos::new(6, 1)).unwrap().occluded);
    }

    #[test]
    fn the_world_answers_after_the_players_own_motion() {
        let s = scene(&ROOM, Pos::new(4, 3), Facing::North);
        let step = |phase| SoundEvent { kind: SoundKind::CreatureStep, at: Pos::new(4, 1), phase };
        let c = cues(&s, &[step(SoundPhase::Player), step(SoundPhase::World)], 0.18);
        assert_eq!((c[0].delay, c[1].delay), (0.0, 0.18));
    }
}
