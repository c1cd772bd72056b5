//! Built levels for the benchmark and tests: a square level of any size with all three networks,
//! consumers, valves, leaks and hazards spread over it.

use super::balance::Balance;
use super::level::*;
use crate::grid::Pos;

/// A `size`×`size` level: border walls, a comb network per carrier, consumers, valves, fuel leaks and
/// a regular pattern of surface hazards.
pub fn spread_level(size: i32, b: &Balance) -> Level {
    let size = size.max(8);
    let mut l = Level::empty(&format!("bench-{size}"), size, size);
    for p in l.terrain.positions().collect::<Vec<_>>() {
        if l.terrain.is_border(p) {
            l.terrain.set(p, Terrain::Wall);
        }
    }
    let intact = Under { structure: Structure::Intact, integrity: b.max_integrity, ..Default::default() };
    let lay = |l: &mut Level, c: Carrier, spine_x: i32, row0: i32| {
        for y in 1..size - 1 {
            l.under[c as usize].set(Pos::new(spine_x, y), intact);
        }
        let mut y = row0;
        while y < size - 1 {
            for x in 1..size - 1 {
                l.under[c as usize].set(Pos::new(x, y), intact);
            }
            y += 6;
        }
    };
    lay(&mut l, Carrier::Fuel, 1, 2);
    lay(&mut l, Carrier::Coolant, size - 2, 4);
    lay(&mut l, Carrier::Electricity, 3, 6);
    let mut used: Vec<Pos> = Vec::new();
    let mut put = |l: &mut Level, p: Pos, k: PropKind| {
        if !used.contains(&p) && l.is_floor(p) {
            used.push(p);
            l.props.push(Prop::new(p, k));
        }
    };
    let mut y = 2;
    while y < size - 1 {
        put(&mut l, Pos::new(1, y), PropKind::Flow { carrier: Carrier::Fuel, enabled: true });
        put(&mut l, Pos::new(size - 2, y + 2), PropKind::Flow { carrier: Carrier::Coolant, enabled: true });
        put(&mut l, Pos::new(3, y + 4), PropKind::Flow { carrier: Carrier::Electricity, enabled: true });
        let mut x = 6;
        while x < size - 2 {
            put(&mut l, Pos::new(x, y), PropKind::Consumer { enabled: true });
            put(&mut l, Pos::new(x + 1, y + 2), PropKind::Consumer { enabled: true });
            put(
                &mut l,
                Pos::new(x + 2, y + 4),
                PropKind::Valve { carrier: Carrier::Electricity, open: true },
            );
            x += 9;
        }
        y += 6;
    }
    put(&mut l, Pos::new(2, 1), PropKind::Reactor);
    put(&mut l, Pos::new(4, 1), PropKind::Terminal);
    put(&mut l, Pos::new(5, 1), PropKind::Supply { item: Item::HeatShield, depleted: false });
    let mut y = 2;
    while y < size - 1 {
        let mut x = 4;
        while x < size - 2 {
            let p = Pos::new(x, y);
            if let Some(u) = l.under[0].get_mut(p) {
                u.structure = Structure::Leaking;
                u.integrity = 0.0;
            }
            l.leaks.push(Leak { carrier: Carrier::Fuel, under: p, access: p, repaired: false });
            x += 12;
        }
        y += 6;
    }
    for (i, p) in l.terrain.positions().collect::<Vec<_>>().into_iter().enumerate() {
        if !l.is_floor(p) {
            continue;
        }
        let s = l.surface.get_mut(p).expect("in bounds");
        match i % 7 {
            0 => s.v[0] = 4.0,
            2 => s.v[1] = 3.5,
            4 => s.v[2] = 2.5,
            5 => s.v[3] = 2.0,
            _ => {}
        }
    }
    l.robot.pos = Pos::new(1, 1);
    l
}
