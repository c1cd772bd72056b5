//! The landmarks' rules (docs/rules.md "Places"): beside a wall torch the dark frightens less,
//! resting beside a shrine soothes more, and neither reaches beyond its radius.

use crate::support::{drain, scene, turn};
use hollowdeep::game::balance::BALANCE;
use hollowdeep::game::gen::landmarks::{Landmark, LandmarkKind};
use hollowdeep::game::sanity::{depth_darkness, rest_gain, turn_drain_at};
use hollowdeep::game::{Action, Facing, Game, Pos};

/// A long hall: the torch hangs in the top wall at x = 2 and lights (2, 1).
const HALL: [&str; 4] = ["##############", "#@...........#", "#............#", "##############"];

fn torch() -> Landmark {
    Landmark { kind: LandmarkKind::Torch, pos: Pos::new(2, 0), facing: Facing::South }
}

fn shrine() -> Landmark {
    Landmark { kind: LandmarkKind::Shrine, pos: Pos::new(2, 1), facing: Facing::North }
}

fn hall(depth: u32, landmark: Landmark, at: Pos) -> Game {
    let mut g = scene(&HALL).depth(depth).build().with_landmarks(vec![landmark]);
    g.player_mut().pos = at;
    g.player_mut().sanity = BALANCE.max_sanity / 2;
    g
}

#[test]
fn beside_a_torch_the_dark_takes_only_its_share() {
    let depth = 12;
    let dark = (BALANCE.darkness_sanity as f32 * depth_darkness(depth)).round() as i32;
    assert!(dark > 0, "the test needs a dark depth");
    let lit = drain(depth) - dark + dark * BALANCE.torch_darkness_percent / 100;
    assert_eq!(turn_drain_at(depth, true), lit);
    assert_eq!(turn_drain_at(depth, false), drain(depth));
    // Within the radius of the lit cell (2, 1): the lessened drain; one cell beyond it, the full one.
    // Turning is free, so the drain is read off a strafe that ends where it is measured.
    let inside = Pos::new(2 + BALANCE.torch_radius, 2);
    let mut g = hall(depth, torch(), inside.offset(1, 0));
    g.player_mut().facing = Facing::North;
    let before = g.player().sanity;
    turn(&mut g, Action::StrafeLeft);
    assert_eq!(g.player().pos, inside);
    assert!(g.by_torch());
    assert_eq!(before - g.player().sanity, lit, "beside the torch");
    let outside = inside.offset(1, 0);
    let mut g = hall(depth, torch(), outside.offset(1, 0));
    g.player_mut().facing = Facing::North;
    let before = g.player().sanity;
    turn(&mut g, Action::StrafeLeft);
    assert!(!g.by_torch());
    assert_eq!(before - g.player().sanity, drain(depth), "out of its reach");
}

#[test]
fn resting_beside_a_shrine_restores_more() {
    let depth = 3;
    for (at, by) in [(Pos::new(3, 2), true), (Pos::new(2, 1).offset(2, 0), false)] {
        let mut g = hall(depth, shrine(), at);
        let before = g.player().sanity;
        turn(&mut g, Action::Wait);
        let times = if by { BALANCE.shrine_rest_times } else { 1 };
        assert_eq!(g.by_shrine(), by);
        assert_eq!(g.player().sanity, before + times * rest_gain(depth) - drain(depth), "at {at:?}");
    }
    const { assert!(BALANCE.shrine_rest_times > 1, "a shrine is worth a detour") };
}
