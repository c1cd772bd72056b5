//! Property tests: random valid levels and action sequences never panic and keep every value in range
//! and every wall clear; random bytes and random JSON never panic the loader.

use crate::support::*;
use hollowdeep::reactor::level::{Prop, Under};
use hollowdeep::reactor::{schema, validate};
use proptest::prelude::*;

/// A random level: border walls, random inner walls, random network cells, props on floors that
/// carry their carrier, random surface values on floors.
fn arb_level() -> impl Strategy<Value = Level> {
    (4i32..12, 4i32..12, any::<u64>()).prop_map(|(w, h, seed)| build(w, h, seed))
}

/// A tiny deterministic mixer (the rules themselves never see randomness; this only shapes inputs).
fn mix(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

fn build(w: i32, h: i32, seed: u64) -> Level {
    let b = bal();
    let mut s = seed | 1;
    let mut l = Level::empty("prop", w, h);
    for p in l.terrain.positions().collect::<Vec<_>>() {
        let wall = l.terrain.is_border(p) || mix(&mut s).is_multiple_of(7);
        if wall {
            l.terrain.set(p, hollowdeep::reactor::level::Terrain::Wall);
        }
        for c in Carrier::ALL {
            if mix(&mut s).is_multiple_of(3) {
                let integrity = (mix(&mut s) % 11) as f32;
                l.under[c as usize].set(
                    p,
                    Under {
                        structure: Structure::Intact,
                        integrity: integrity.max(b.leak_threshold + 1.0),
                        ..Default::default()
                    },
                );
            }
        }
        if !wall {
            let sv = l.surface.get_mut(p).expect("in bounds");
            for q in 0..4 {
                if mix(&mut s).is_multiple_of(4) {
                    sv.v[q] = (mix(&mut s) % 100) as f32 / 10.0;
                }
            }
            sv.v[3] = sv.v[3].min(b.terminal_heat - 1.0);
        }
    }
    let floors: Vec<Pos> = l.terrain.positions().filter(|p| l.is_floor(*p)).collect();
    if floors.is_empty() {
        return l;
    }
    l.robot.pos = floors[(mix(&mut s) as usize) % floors.len()];
    for p in &floors {
        if *p == l.robot.pos || !mix(&mut s).is_multiple_of(4) {
            continue;
        }
        let c = Carrier::ALL[(mix(&mut s) % 3) as usize];
        let has = l.under_at(c, *p).present();
        let kind = match mix(&mut s) % 5 {
            0 if has => PropKind::Flow { carrier: c, enabled: true },
            1 if has => PropKind::Valve { carrier: c, open: mix(&mut s).is_multiple_of(2) },
            2 => PropKind::Consumer { enabled: true },
            3 => PropKind::Supply { item: Item::ALL[(mix(&mut s) % 4) as usize], depleted: false },
            _ => PropKind::Terminal,
        };
        l.props.push(Prop::new(*p, kind));
    }
    l
}

fn arb_command() -> impl Strategy<Value = Command> {
    prop_oneof![
        prop_oneof![Just(Facing::North), Just(Facing::East), Just(Facing::South), Just(Facing::West)]
            .prop_map(Command::MoveRobot),
        Just(Command::InteractProp(None)),
        Just(Command::InteractLeak(None, LeakAction::Repair)),
        Just(Command::InteractLeak(None, LeakAction::Neutralize(Carrier::Fuel))),
        Just(Command::ApplyHeatShield),
        Just(Command::ActivateReactor),
        Just(Command::ViewLayers),
    ]
}

fn check_ranges(l: &Level, b: &Balance) -> Result<(), TestCaseError> {
    for (p, s) in l.surface.iter() {
        for v in s.v {
            prop_assert!(v.is_finite() && (0.0..=b.max_surface).contains(&v), "surface {v} at {p:?}");
        }
        if l.is_wall(p) {
            prop_assert!(s.v.iter().all(|v| *v == 0.0), "wall {p:?} holds {:?}", s.v);
        }
    }
    for g in &l.under {
        for u in g.as_slice() {
            prop_assert!((0.0..=b.max_integrity).contains(&u.integrity));
            prop_assert!(
                (0.0..=b.max_amount).contains(&u.amount) && (0.0..=b.max_intensity).contains(&u.intensity)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_levels_and_actions_never_panic_and_stay_in_range(l in arb_level(), cmds in proptest::collection::vec(arb_command(), 0..12)) {
        let b = bal();
        let issues = validate::validate(&l, &b);
        prop_assume!(validate::errors(&issues).next().is_none());
        let mut g = Game::new(l, b.clone());
        check_ranges(&g.level, &b)?;
        for c in cmds {
            let before = hash_of(&g.level);
            let out = g.apply(c);
            if refused(&out) {
                prop_assert_eq!(hash_of(&g.level), before, "a refusal changes nothing");
            }
            check_ranges(&g.level, &b)?;
        }
        let back = schema::load(schema::save(&g.level).as_bytes(), &b);
        prop_assert!(back.level.is_some(), "{:?}", back.issues);
    }

    #[test]
    fn random_bytes_never_panic_the_loader(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = schema::load(&bytes, &bal());
    }

    #[test]
    fn random_json_never_panics_the_loader(w in -3i32..300, h in -3i32..300, rows in proptest::collection::vec("[#.@x]{0,6}", 0..6), rx in -2i32..8, ry in -2i32..8, integrity in -5.0f64..20.0, kind in "[a-z]{0,9}") {
        let v = serde_json::json!({
            "format": "hollowdeep-reactor-level", "schema": 1, "id": "fuzz", "width": w, "height": h,
            "terrain": rows, "robot": {"x": rx, "y": ry},
            "underground": {"fuel": [{"x": rx, "y": ry, "state": "leaking", "integrity": integrity}], "coolant": [], "electricity": []},
            "props": [{"x": rx, "y": ry, "kind": kind, "carrier": "fuel", "enabled": true}],
            "leaks": [{"carrier": "electricity", "x": rx, "y": ry, "access": [rx + 1, ry]}],
            "surface": [{"x": ry, "y": rx, "heat": integrity}],
        });
        let _ = schema::load(v.to_string().as_bytes(), &bal());
    }
}
