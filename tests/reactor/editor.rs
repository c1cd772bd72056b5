//! The level editor's model (`reactor::edit`): layer-aware tools, every authored element, exact
//! undo/redo, strokes, the branch-merge warning, errors blocking save, and a level built from
//! `blank()` through editor calls alone that a script plays to `Won`.

use super::support::*;
use hollowdeep::reactor::edit::{all_tools, tools_for, Editor, Layer, Tool};
use hollowdeep::reactor::level::{Difficulty, Terrain};
use hollowdeep::reactor::validate::Severity;
use hollowdeep::reactor::{schema, script};
use proptest::prelude::*;

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// Chooses a layer and a tool and applies it; panics with the refusal when it is refused.
fn put(ed: &mut Editor, layer: Layer, tool: Tool, at: Pos) {
    ed.set_layer(layer);
    ed.set_tool(tool).unwrap_or_else(|e| panic!("{tool:?} on {layer:?}: {e}"));
    ed.apply(at).unwrap_or_else(|e| panic!("{tool:?} at {at:?} on {layer:?}: {e}"));
}

fn pipe(ed: &mut Editor, c: Carrier, cells: &[(i32, i32)]) {
    ed.set_layer(Layer::of(c));
    ed.set_tool(Tool::Pipe).unwrap();
    ed.begin_stroke();
    for (x, y) in cells {
        ed.apply(p(*x, *y)).unwrap();
    }
    ed.end_stroke();
}

fn reload(ed: &Editor) -> Level {
    let text = ed.save_text().unwrap_or_else(|e| panic!("the level does not save: {e}"));
    let loaded = schema::load(text.as_bytes(), &bal());
    loaded.level.unwrap_or_else(|| panic!("the saved level does not load: {:?}", loaded.issues))
}

fn errors(ed: &Editor) -> Vec<String> {
    ed.issues().into_iter().filter(|i| i.severity() == Severity::Error).map(|i| i.line()).collect()
}

fn kinds(ed: &Editor) -> Vec<IssueKind> {
    ed.issues().into_iter().map(|i| i.kind).collect()
}

#[test]
fn every_tool_is_offered_on_its_layer_and_refused_elsewhere() {
    let underground = [Tool::Pipe, Tool::Source, Tool::Integrity, Tool::Leak];
    for layer in Layer::ALL {
        let offered = tools_for(layer);
        assert_eq!(offered[0], Tool::Cursor, "the cursor is always first");
        for tool in all_tools() {
            let mut ed = Editor::blank(6, 5, &bal());
            ed.set_layer(layer);
            let expected = match tool {
                Tool::Cursor | Tool::Erase => true,
                t if underground.contains(&t) => layer != Layer::Surface,
                _ => layer == Layer::Surface,
            };
            assert_eq!(offered.contains(&tool), expected, "{tool:?} on {layer:?}");
            let before = ed.level().clone();
            match ed.set_tool(tool) {
                Ok(()) => {
                    assert!(expected, "{tool:?} accepted on {layer:?}");
                    assert_eq!(ed.tool(), tool);
                }
                Err(e) => {
                    assert!(!expected, "{tool:?} refused on {layer:?}: {e}");
                    assert!(
                        e.contains(layer.name()) && e.contains(tool.name()),
                        "the sentence names both: {e}"
                    );
                    assert_eq!(ed.tool(), Tool::Cursor, "a refused tool does not become current");
                    assert_eq!(ed.apply(p(2, 2)), Ok(()), "the cursor stays usable");
                    assert_eq!(ed.level(), &before, "a refused tool changes nothing");
                }
            }
        }
    }
    // Leaving a tool's layer drops back to the cursor, so apply never runs a tool on the wrong layer.
    let mut ed = Editor::blank(6, 5, &bal());
    ed.set_tool(Tool::Wall).unwrap();
    ed.set_layer(Layer::Fuel);
    assert_eq!(ed.tool(), Tool::Cursor);
    for t in all_tools() {
        assert!(!t.badge_key().is_empty() && t.badge_key().starts_with("tool-"), "{t:?}");
        assert!(t.hint().ends_with('.'), "{t:?}'s hint is a sentence");
    }
}

/// A level holding every element of the seed's list, built through editor calls only.
fn everything() -> Editor {
    let b = bal();
    let mut ed = Editor::blank(12, 8, &b);
    // Terrain: an inner wall stub with a door gap at (6, 2), and a wall at (3, 5).
    for y in [1, 3] {
        put(&mut ed, Layer::Surface, Tool::Wall, p(6, y));
    }
    put(&mut ed, Layer::Surface, Tool::Wall, p(3, 5));
    put(&mut ed, Layer::Surface, Tool::Floor, p(3, 5));
    put(&mut ed, Layer::Surface, Tool::Wall, p(3, 5));
    // Networks with their sources: fuel along row 2, coolant along row 4, electricity along row 6.
    pipe(&mut ed, Carrier::Fuel, &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (3, 3)]);
    put(&mut ed, Layer::Fuel, Tool::Source, p(1, 2));
    pipe(&mut ed, Carrier::Coolant, &[(0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2)]);
    put(&mut ed, Layer::Coolant, Tool::Source, p(1, 4));
    pipe(
        &mut ed,
        Carrier::Electricity,
        &[(1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6), (6, 5), (6, 4), (6, 3), (6, 2)],
    );
    put(&mut ed, Layer::Electricity, Tool::Source, p(1, 6));
    put(&mut ed, Layer::Electricity, Tool::Pipe, p(6, 7));
    // Integrity of one cell.
    ed.set_layer(Layer::Fuel);
    ed.set_tool(Tool::Integrity).unwrap();
    ed.set_amount(b.max_integrity * 0.75);
    ed.apply(p(3, 2)).unwrap();
    // A multi-service consumer on fuel and coolant, a valve, and a junction where the fuel line forks.
    put(&mut ed, Layer::Surface, Tool::Consumer, p(4, 2));
    put(&mut ed, Layer::Surface, Tool::Valve, p(2, 2));
    put(&mut ed, Layer::Surface, Tool::Door, p(6, 2));
    put(&mut ed, Layer::Surface, Tool::Terminal, p(9, 1));
    put(&mut ed, Layer::Surface, Tool::Reactor, p(10, 6));
    for (k, item) in Item::ALL.into_iter().enumerate() {
        put(&mut ed, Layer::Surface, Tool::Supply(item), p(7 + k as i32, 4));
    }
    put(&mut ed, Layer::Surface, Tool::Sprinkler, p(0, 4));
    put(&mut ed, Layer::Surface, Tool::Junction, p(3, 2));
    // Leaks: fuel and coolant floor leaks, an electricity wall leak in the bottom wall at (6, 7).
    put(&mut ed, Layer::Fuel, Tool::Leak, p(5, 2));
    put(&mut ed, Layer::Coolant, Tool::Leak, p(2, 4));
    put(&mut ed, Layer::Electricity, Tool::Leak, p(6, 7));
    // Hazards, sprinkler water and heat with amounts.
    for (k, q) in Quantity::ALL.into_iter().enumerate() {
        ed.set_layer(Layer::Surface);
        ed.set_tool(Tool::Hazard(q)).unwrap();
        ed.set_amount(1.5 + k as f32);
        ed.apply(p(7 + k as i32, 5)).unwrap();
    }
    put(&mut ed, Layer::Surface, Tool::Robot, p(1, 1));
    // Metadata.
    ed.set_id("custom-everything").unwrap();
    ed.set_name("Everything at once").unwrap();
    ed.set_difficulty(Difficulty::Hard).unwrap();
    ed.set_inventory(&[Item::HeatShield, Item::FuelNeutralizer]).unwrap();
    ed.set_required(Carrier::Fuel, 1).unwrap();
    ed.set_required(Carrier::Coolant, 1).unwrap();
    ed
}

#[test]
fn every_element_of_the_seeds_list_is_authored_and_survives_a_save() {
    let b = bal();
    let mut ed = everything();
    // The junction's ratio mode cycles through the balance's modes and wraps; leave it at mode 2.
    ed.set_layer(Layer::Surface);
    ed.set_tool(Tool::Junction).unwrap();
    for _ in 0..b.junction_modes.len() - 1 {
        ed.apply(p(3, 2)).unwrap();
    }
    assert_eq!(prop(ed.level(), 3, 2).kind, PropKind::Junction { mode: b.junction_modes.len() as u32 - 1 });
    ed.apply(p(3, 2)).unwrap();
    assert_eq!(prop(ed.level(), 3, 2).kind, PropKind::Junction { mode: 0 });
    ed.cycle_at(p(3, 2)).unwrap();
    ed.cycle_at(p(3, 2)).unwrap();
    assert_eq!(errors(&ed), Vec::<String>::new());

    let l = reload(&ed);
    assert_eq!(prop(&l, 3, 2).kind, PropKind::Junction { mode: 2 });
    assert_eq!(l.terrain.at(p(6, 1)), Terrain::Wall);
    assert_eq!(l.terrain.at(p(3, 5)), Terrain::Wall);
    for (c, x, y) in [(Carrier::Fuel, 1, 2), (Carrier::Coolant, 1, 4), (Carrier::Electricity, 1, 6)] {
        assert!(l.under_at(c, p(x, y)).present(), "{c:?} network");
        assert_eq!(prop(&l, x, y).kind, PropKind::Flow { carrier: c, enabled: true }, "{c:?} source");
    }
    assert_eq!(l.under_at(Carrier::Fuel, p(3, 2)).integrity, b.max_integrity * 0.75);
    assert_eq!(prop(&l, 4, 2).kind, PropKind::Consumer { enabled: true });
    assert_eq!(l.carriers_at(p(4, 2)), vec![Carrier::Fuel, Carrier::Coolant], "multi-service consumer");
    assert_eq!(prop(&l, 2, 2).kind, PropKind::Valve { carrier: Carrier::Fuel, open: true });
    assert_eq!(prop(&l, 6, 2).kind, PropKind::Door { open: false });
    assert_eq!(prop(&l, 9, 1).kind, PropKind::Terminal);
    assert_eq!(prop(&l, 10, 6).kind, PropKind::Reactor);
    for (k, item) in Item::ALL.into_iter().enumerate() {
        assert_eq!(prop(&l, 7 + k as i32, 4).kind, PropKind::Supply { item, depleted: false });
    }
    assert_eq!(prop(&l, 0, 4).kind, PropKind::Sprinkler { enabled: false, outlet: p(1, 4) });
    let leak = |c: Carrier| *l.leaks.iter().find(|k| k.carrier == c).expect("a leak of that carrier");
    assert_eq!((leak(Carrier::Fuel).under, leak(Carrier::Fuel).access), (p(5, 2), p(5, 2)));
    assert_eq!((leak(Carrier::Coolant).under, leak(Carrier::Coolant).access), (p(2, 4), p(2, 4)));
    assert_eq!((leak(Carrier::Electricity).under, leak(Carrier::Electricity).access), (p(6, 7), p(6, 6)));
    assert_eq!(l.under_at(Carrier::Electricity, p(6, 7)).structure, Structure::Leaking);
    for (k, q) in Quantity::ALL.into_iter().enumerate() {
        assert_eq!(val(&l, q, 7 + k as i32, 5), 1.5 + k as f32, "{q:?}");
    }
    assert_eq!(l.robot.pos, p(1, 1));
    assert_eq!((l.id.as_str(), l.name.as_str()), ("custom-everything", "Everything at once"));
    assert_eq!(l.difficulty, Difficulty::Hard);
    assert_eq!(l.inventory, vec![Item::HeatShield, Item::FuelNeutralizer]);
    assert_eq!(l.required, [1, 1, 0]);
}

#[test]
fn second_clicks_cycle_in_their_fixed_orders() {
    let mut ed = everything();
    // Consumer, door, source: on/off.
    put(&mut ed, Layer::Surface, Tool::Consumer, p(4, 2));
    assert_eq!(prop(ed.level(), 4, 2).kind, PropKind::Consumer { enabled: false });
    put(&mut ed, Layer::Surface, Tool::Door, p(6, 2));
    assert_eq!(prop(ed.level(), 6, 2).kind, PropKind::Door { open: true });
    put(&mut ed, Layer::Fuel, Tool::Source, p(1, 2));
    assert_eq!(prop(ed.level(), 1, 2).kind, PropKind::Flow { carrier: Carrier::Fuel, enabled: false });
    // A valve cycles open, closed, then the next carrier beneath it.
    pipe(&mut ed, Carrier::Electricity, &[(2, 2)]);
    ed.set_layer(Layer::Surface);
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(prop(ed.level(), 2, 2).kind);
        ed.cycle_at(p(2, 2)).unwrap();
    }
    assert_eq!(
        seen,
        vec![
            PropKind::Valve { carrier: Carrier::Fuel, open: true },
            PropKind::Valve { carrier: Carrier::Fuel, open: false },
            PropKind::Valve { carrier: Carrier::Electricity, open: true },
            PropKind::Valve { carrier: Carrier::Electricity, open: false },
        ]
    );
    assert_eq!(
        prop(ed.level(), 2, 2).kind,
        PropKind::Valve { carrier: Carrier::Fuel, open: true },
        "it wraps"
    );
    // A supply cycles its item; the supply tool of another item sets that item.
    ed.cycle_at(p(7, 4)).unwrap();
    assert_eq!(prop(ed.level(), 7, 4).kind, PropKind::Supply { item: Item::ALL[1], depleted: false });
    put(&mut ed, Layer::Surface, Tool::Supply(Item::HeatShield), p(7, 4));
    assert_eq!(prop(ed.level(), 7, 4).kind, PropKind::Supply { item: Item::HeatShield, depleted: false });
    // A sprinkler with one floor face toggles on and off; a wall-corner one also turns its face.
    ed.cycle_at(p(0, 4)).unwrap();
    assert_eq!(prop(ed.level(), 0, 4).kind, PropKind::Sprinkler { enabled: true, outlet: p(1, 4) });
    put(&mut ed, Layer::Surface, Tool::Sprinkler, p(0, 3));
    let faces: Vec<_> = (0..2)
        .map(|_| {
            let k = prop(ed.level(), 0, 3).kind;
            ed.cycle_at(p(0, 3)).unwrap();
            k
        })
        .collect();
    assert_eq!(
        faces,
        vec![
            PropKind::Sprinkler { enabled: false, outlet: p(1, 3) },
            PropKind::Sprinkler { enabled: true, outlet: p(1, 3) }
        ]
    );
    // An electricity wall leak turns to its next floor face in N, E, S, W order: the inner wall at
    // (6, 1) has the faces (7, 1), (6, 2) and (5, 1).
    pipe(&mut ed, Carrier::Electricity, &[(6, 1)]);
    put(&mut ed, Layer::Electricity, Tool::Leak, p(6, 1));
    let face = |ed: &Editor| ed.level().leaks.iter().find(|l| l.under == p(6, 1)).unwrap().access;
    assert_eq!(face(&ed), p(7, 1));
    ed.cycle_at(p(6, 1)).unwrap();
    assert_eq!(face(&ed), p(6, 2));
    ed.apply(p(6, 1)).unwrap();
    assert_eq!(face(&ed), p(5, 1), "a second click with the leak tool cycles too");
    ed.cycle_at(p(6, 1)).unwrap();
    assert_eq!(face(&ed), p(7, 1), "it wraps");
    // Nothing to cycle is refused with a sentence and changes nothing.
    let before = ed.level().clone();
    ed.set_layer(Layer::Surface);
    assert!(ed.cycle_at(p(5, 5)).is_err());
    assert!(ed.cycle_at(p(9, 1)).is_err(), "a terminal has no state");
    ed.set_layer(Layer::Fuel);
    assert!(ed.cycle_at(p(5, 2)).is_err(), "a floor leak has no face to cycle");
    assert_eq!(ed.level(), &before);
}

#[test]
fn refusals_change_nothing_and_leave_no_undo_step() {
    let mut ed = Editor::blank(6, 5, &bal());
    let before = ed.level().clone();
    let cases: Vec<(Layer, Tool, Pos)> = vec![
        (Layer::Surface, Tool::Wall, p(1, 1)),      // the robot stands there
        (Layer::Surface, Tool::Robot, p(0, 0)),     // a wall
        (Layer::Surface, Tool::Consumer, p(0, 2)),  // a wall
        (Layer::Surface, Tool::Sprinkler, p(2, 2)), // not a wall
        (Layer::Surface, Tool::Sprinkler, p(0, 0)), // a corner wall without a floor face
        (Layer::Surface, Tool::Valve, p(2, 2)),     // no network beneath
        (Layer::Surface, Tool::Hazard(Quantity::Fuel), p(0, 1)),
        (Layer::Fuel, Tool::Leak, p(2, 2)),      // no fuel cell
        (Layer::Fuel, Tool::Integrity, p(2, 2)), // no fuel cell
        (Layer::Fuel, Tool::Source, p(0, 2)),    // a wall
    ];
    for (layer, tool, at) in cases {
        ed.set_layer(layer);
        ed.set_tool(tool).unwrap();
        let e = ed.apply(at).expect_err(&format!("{tool:?} at {at:?}"));
        assert!(!e.is_empty() && !e.contains('\n'), "one sentence: {e}");
        assert_eq!(ed.level(), &before, "{tool:?} at {at:?} changed the level");
    }
    assert!(ed.apply(p(99, 99)).is_err());
    assert!(!ed.can_undo(), "refusals leave no undo step");
    // A prop on a cell refuses another kind of prop there.
    put(&mut ed, Layer::Surface, Tool::Terminal, p(2, 2));
    ed.set_tool(Tool::Consumer).unwrap();
    assert!(ed.apply(p(2, 2)).is_err());
    ed.set_tool(Tool::Wall).unwrap();
    assert!(ed.apply(p(2, 2)).is_err());
}

#[test]
fn a_stroke_is_one_undo_step_and_a_new_edit_clears_redo() {
    let mut ed = Editor::blank(8, 6, &bal());
    let start = ed.level().clone();
    ed.set_tool(Tool::Wall).unwrap();
    ed.begin_stroke();
    for x in 2..6 {
        ed.apply(p(x, 3)).unwrap();
        ed.apply(p(x, 3)).unwrap(); // the drag lingers on a cell: nothing more happens
    }
    ed.end_stroke();
    let painted = ed.level().clone();
    assert!((2..6).all(|x| painted.is_wall(p(x, 3))));
    assert!(ed.undo());
    assert_eq!(ed.level(), &start, "one undo removes the whole stroke");
    assert!(!ed.undo(), "nothing before the stroke");
    assert!(ed.redo());
    assert_eq!(ed.level(), &painted);
    assert!(ed.undo());
    ed.set_tool(Tool::Hazard(Quantity::Heat)).unwrap();
    ed.apply(p(3, 2)).unwrap();
    assert!(!ed.redo(), "a new edit clears redo");
    // A stroke that changes nothing leaves no step; an empty stroke neither.
    ed.begin_stroke();
    ed.apply(p(3, 2)).unwrap();
    ed.end_stroke();
    assert!(ed.undo());
    assert_eq!(ed.level(), &start);
    assert!(!ed.can_undo());
}

/// Regression (found by the property below): a drag that moved the robot away and back changed
/// nothing, yet cleared the redo steps on its way.
#[test]
fn a_stroke_that_puts_everything_back_keeps_redo() {
    let mut ed = Editor::blank(7, 6, &bal());
    let home = ed.level().robot.pos;
    ed.set_required(Carrier::ALL[1], 1).unwrap();
    let edited = ed.level().clone();
    assert!(ed.undo());
    ed.set_tool(Tool::Robot).unwrap();
    ed.begin_stroke();
    ed.apply(p(home.x + 1, home.y)).unwrap();
    assert!(!ed.can_redo(), "mid-drag the level has changed");
    ed.apply(home).unwrap();
    ed.end_stroke();
    assert!(ed.can_redo(), "a stroke that changed nothing is no edit");
    assert!(ed.redo());
    assert_eq!(ed.level(), &edited);
}

#[derive(Clone, Debug)]
enum Op {
    Layer(usize),
    Tool(usize),
    Amount(f32),
    Apply(i32, i32),
    Cycle(i32, i32),
    Stroke(Vec<(i32, i32)>),
    Undo,
    Redo,
    Meta(u32),
}

fn arb_op() -> impl Strategy<Value = Op> {
    let cell = (0..7i32, 0..6i32);
    prop_oneof![
        (0..4usize).prop_map(Op::Layer),
        (0..32usize).prop_map(Op::Tool),
        (0.0f32..12.0).prop_map(Op::Amount),
        cell.clone().prop_map(|(x, y)| Op::Apply(x, y)),
        cell.clone().prop_map(|(x, y)| Op::Apply(x, y)),
        cell.clone().prop_map(|(x, y)| Op::Apply(x, y)),
        cell.clone().prop_map(|(x, y)| Op::Cycle(x, y)),
        proptest::collection::vec(cell, 1..5).prop_map(Op::Stroke),
        Just(Op::Undo),
        Just(Op::Undo),
        Just(Op::Redo),
        Just(Op::Redo),
        (0..3u32).prop_map(Op::Meta),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A model of the history (a stack of levels before each change, a stack undone) predicts every
    /// undo and redo exactly, and undoing everything returns the blank level.
    #[test]
    fn undo_and_redo_are_exact_over_random_edit_sequences(ops in proptest::collection::vec(arb_op(), 1..40)) {
        let mut ed = Editor::blank(7, 6, &bal());
        let start = ed.level().clone();
        let mut past: Vec<Level> = Vec::new();
        let mut future: Vec<Level> = Vec::new();
        for op in ops {
            let before = ed.level().clone();
            match op {
                Op::Layer(i) => ed.set_layer(Layer::ALL[i]),
                Op::Tool(i) => {
                    let tools = tools_for(ed.layer());
                    let _ = ed.set_tool(tools[i % tools.len()]);
                }
                Op::Amount(v) => ed.set_amount(v),
                Op::Apply(x, y) => { let _ = ed.apply(p(x, y)); }
                Op::Cycle(x, y) => { let _ = ed.cycle_at(p(x, y)); }
                Op::Stroke(cells) => {
                    ed.begin_stroke();
                    for (x, y) in cells { let _ = ed.apply(p(x, y)); }
                    ed.end_stroke();
                }
                Op::Meta(n) => { let _ = ed.set_required(Carrier::ALL[n as usize], n); }
                Op::Undo => {
                    let did = ed.undo();
                    prop_assert_eq!(did, !past.is_empty());
                    if did {
                        prop_assert_eq!(ed.level(), &past.pop().unwrap());
                        future.push(before);
                    }
                    continue;
                }
                Op::Redo => {
                    let did = ed.redo();
                    prop_assert_eq!(did, !future.is_empty());
                    if did {
                        prop_assert_eq!(ed.level(), &future.pop().unwrap());
                        past.push(before);
                    }
                    continue;
                }
            }
            if ed.level() != &before {
                past.push(before);
                future.clear();
            }
            // Outside a stroke every derived value is current.
            let mut fresh = ed.level().clone();
            hollowdeep::reactor::undo::refresh(&mut fresh, &bal());
            prop_assert_eq!(&fresh, ed.level());
            prop_assert_eq!(ed.can_undo(), !past.is_empty());
            prop_assert_eq!(ed.can_redo(), !future.is_empty());
        }
        // Undo everything back to the blank level, then redo everything back to the furthest state
        // (the bottom of the redo stack, or the current level when there is nothing to redo).
        let end = future.first().cloned().unwrap_or_else(|| ed.level().clone());
        let mut steps = 0;
        while ed.undo() {
            steps += 1;
        }
        prop_assert_eq!(ed.level(), &start);
        prop_assert_eq!(steps, past.len());
        let mut again = 0;
        while ed.redo() {
            again += 1;
        }
        prop_assert_eq!(again, steps + future.len());
        prop_assert_eq!(ed.level(), &end);
    }
}

/// Two fuel lines, each with its own source, in one row: touching, they meet at (4, 1)/(5, 1).
fn two_sources(touching: bool) -> Editor {
    let mut ed = Editor::blank(9, 4, &bal());
    let gap = if touching { vec![(3, 1), (4, 1)] } else { vec![(3, 1)] };
    let mut cells = vec![(1, 1), (2, 1)];
    cells.extend(gap);
    cells.extend([(5, 1), (6, 1), (7, 1)]);
    pipe(&mut ed, Carrier::Fuel, &cells);
    put(&mut ed, Layer::Fuel, Tool::Source, p(1, 1));
    put(&mut ed, Layer::Fuel, Tool::Source, p(7, 1));
    ed
}

#[test]
fn the_merge_warning_fires_where_two_sourced_branches_touch() {
    let ed = two_sources(true);
    let merges: Vec<_> = ed.issues().into_iter().filter(|i| i.kind == IssueKind::BranchMerge).collect();
    assert_eq!(merges.len(), 1, "{merges:?}");
    assert_eq!(merges[0].severity(), Severity::Warning);
    assert_eq!(merges[0].pos, Some(p(4, 1)), "the first cell where the grown regions meet");
    assert!(ed.can_play(), "a warning does not block play");
    // The loader reports it too.
    let text = ed.save_text().unwrap();
    let loaded = schema::load(text.as_bytes(), &bal());
    assert!(loaded.issues.iter().any(|i| i.kind == IssueKind::BranchMerge), "{:?}", loaded.issues);
}

#[test]
fn the_merge_warning_stays_quiet_for_separate_branches_and_one_source() {
    let separate = two_sources(false);
    assert!(!kinds(&separate).contains(&IssueKind::BranchMerge), "{:?}", separate.issues());
    let mut one = two_sources(true);
    one.set_layer(Layer::Fuel);
    one.set_tool(Tool::Erase).unwrap();
    one.apply(p(7, 1)).unwrap();
    one.set_tool(Tool::Pipe).unwrap();
    one.apply(p(7, 1)).unwrap();
    assert!(!kinds(&one).contains(&IssueKind::BranchMerge), "{:?}", one.issues());
    // Two carriers side by side are not one network.
    let mut mixed = Editor::blank(9, 4, &bal());
    pipe(&mut mixed, Carrier::Fuel, &[(1, 1), (2, 1), (3, 1)]);
    pipe(&mut mixed, Carrier::Coolant, &[(4, 1), (5, 1)]);
    put(&mut mixed, Layer::Fuel, Tool::Source, p(1, 1));
    put(&mut mixed, Layer::Coolant, Tool::Source, p(5, 1));
    assert!(!kinds(&mixed).contains(&IssueKind::BranchMerge), "{:?}", mixed.issues());
}

#[test]
fn shipped_levels_gain_no_errors_and_reload_identically_from_the_editor() {
    let files = level_files();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let level = schema::load(&bytes, &bal()).level.expect("a shipped level loads");
        let ed = Editor::new(level, &bal());
        assert_eq!(errors(&ed), Vec::<String>::new(), "{}", path.display());
        assert!(!kinds(&ed).contains(&IssueKind::BranchMerge), "{}: {:?}", path.display(), ed.issues());
        let again = Editor::new(reload(&ed), &bal());
        assert_eq!(again.level(), ed.level(), "{} round trip", path.display());
        assert_eq!(
            ed.save_text().unwrap().as_bytes(),
            bytes.as_slice(),
            "{} saves canonically",
            path.display()
        );
    }
    assert!(files.len() >= 2, "found {} shipped levels", files.len());
}

#[test]
fn errors_block_play_and_save_with_the_first_errors_sentence() {
    let mut ed = Editor::blank(7, 5, &bal());
    // A door with no opposing walls and no electricity: two errors.
    put(&mut ed, Layer::Surface, Tool::Door, p(3, 2));
    let errs = errors(&ed);
    assert!(errs.len() >= 2, "{errs:?}");
    assert!(!ed.can_play());
    assert_eq!(ed.save_text(), Err(errs[0].clone()));
    assert!(ed.playable().is_err());
    let first = &ed.issues()[0];
    assert_eq!(first.severity(), Severity::Error, "errors come first");
    assert!(
        ed.describe(p(3, 2)).iter().any(|l| l.starts_with("error at (3, 2)")),
        "{:?}",
        ed.describe(p(3, 2))
    );
    assert!(ed.undo());
    assert!(ed.can_play());
    // Too many required consumers is an error too.
    ed.set_required(Carrier::Coolant, 1).unwrap();
    assert!(kinds(&ed).contains(&IssueKind::RequiredCounts));
    assert!(ed.save_text().is_err());
}

#[test]
fn saved_levels_have_dynamic_state_reset() {
    let mut l = everything().level().clone();
    l.pulse = 7;
    l.status = Status::Lost(LossCause::TerminalHeat);
    l.robot.heat_immunity = 2;
    let ed = Editor::new(l, &bal());
    let back = reload(&ed);
    assert_eq!((back.pulse, back.status, back.robot.heat_immunity), (0, Status::Playing, 0));
}

#[test]
fn resize_keeps_what_fits_and_refuses_to_drop_the_robot() {
    let mut ed = everything();
    ed.resize(14, 9).unwrap();
    assert_eq!((ed.level().width(), ed.level().height()), (14, 9));
    assert!(ed.level().is_wall(p(13, 8)), "new cells are wall");
    assert_eq!(prop(ed.level(), 10, 6).kind, PropKind::Reactor);
    ed.resize(6, 8).unwrap();
    assert!(ed.level().props.iter().all(|pr| pr.pos.x < 6), "props outside are dropped");
    assert!(ed.level().leaks.iter().all(|l| l.under.x < 6));
    put(&mut ed, Layer::Surface, Tool::Robot, p(4, 4));
    assert!(ed.resize(4, 4).is_err());
    assert!(ed.resize(0, 4).is_err());
    assert!(ed.undo() && ed.undo());
    assert_eq!(ed.level().width(), 14);
}

/// The closing note's walk-through: a new level from `blank()` through editor calls only, the way the
/// mouse makes them, saved, reloaded and won by a scripted action list.
#[test]
fn a_level_built_from_blank_through_editor_calls_saves_reloads_and_is_won_by_a_script() {
    let b = bal();
    let mut ed = Editor::blank(10, 6, &b);
    // An inner wall with a gap, so the robot walks around it.
    ed.set_tool(Tool::Wall).unwrap();
    ed.begin_stroke();
    for y in 1..4 {
        ed.apply(p(5, y)).unwrap();
    }
    ed.end_stroke();
    // A fuel line from a source (authored off: the player turns it on) to a consumer.
    pipe(&mut ed, Carrier::Fuel, &[(2, 1), (3, 1), (3, 2), (3, 3)]);
    put(&mut ed, Layer::Fuel, Tool::Source, p(2, 1));
    ed.cycle_at(p(2, 1)).unwrap();
    put(&mut ed, Layer::Surface, Tool::Consumer, p(3, 3));
    put(&mut ed, Layer::Surface, Tool::Reactor, p(8, 2));
    // A little heat with a heat shield supply beside it.
    ed.set_tool(Tool::Hazard(Quantity::Heat)).unwrap();
    ed.apply(p(7, 4)).unwrap();
    put(&mut ed, Layer::Surface, Tool::Supply(Item::HeatShield), p(6, 4));
    put(&mut ed, Layer::Surface, Tool::Robot, p(1, 1));
    ed.set_required(Carrier::Fuel, 1).unwrap();
    ed.set_id("custom-first-build").unwrap();
    ed.set_name("Built from scratch").unwrap();
    assert_eq!(errors(&ed), Vec::<String>::new());
    assert!(ed.can_play());

    let level = reload(&ed);
    assert_eq!(&Editor::new(level.clone(), &b).level(), &ed.level(), "the saved level reloads identically");
    let mut game = Game::new(level, b);
    assert_ne!(game.level.state, LevelState::Ready, "the source starts off");
    let actions =
        script::parse_actions("move:E interact move:E move:E move:S move:S move:S move:E move:E move:N move:N move:E move:E activate")
            .unwrap();
    let log = script::run(&mut game, &actions);
    assert_eq!(game.level.status, Status::Won, "{log:?}");
}

#[test]
fn the_keyboard_edits_at_the_cursor_and_files_open_through_the_loader() {
    let mut ed = Editor::blank(6, 5, &bal());
    ed.set_tool(Tool::Wall).unwrap();
    ed.set_cursor(p(2, 2));
    ed.begin_stroke();
    ed.apply_at_cursor().unwrap();
    ed.move_cursor(Facing::East);
    ed.apply_at_cursor().unwrap();
    ed.end_stroke();
    assert!(ed.level().is_wall(p(2, 2)) && ed.level().is_wall(p(3, 2)));
    for _ in 0..9 {
        ed.move_cursor(Facing::East);
    }
    assert_eq!(ed.cursor(), p(5, 2), "the cursor stops at the edge");
    assert!(ed.undo() && !ed.can_undo(), "the keyboard stroke is one step");
    let text = ed.save_text().unwrap();
    let opened = Editor::from_text(text.as_bytes(), &bal()).unwrap();
    assert_eq!(opened.level(), ed.level());
    let bad = Editor::from_text(b"{\"format\": 1}", &bal());
    assert!(bad.is_err_and(|e| e.contains("format")));
}

#[test]
fn undo_keeps_the_last_undo_limit_steps() {
    use hollowdeep::reactor::edit::UNDO_LIMIT;
    let mut ed = Editor::blank(5, 5, &bal());
    ed.set_tool(Tool::Hazard(Quantity::Heat)).unwrap();
    for k in 0..UNDO_LIMIT + 10 {
        ed.set_amount(if k % 2 == 0 { 1.0 } else { 2.0 });
        ed.apply(p(2, 2)).unwrap();
    }
    let mut n = 0;
    while ed.undo() {
        n += 1;
    }
    assert_eq!(n, UNDO_LIMIT);
    // The oldest kept snapshot is the level before the 11th edit: after the 10th, which wrote 2.0.
    assert_eq!(val(ed.level(), Quantity::Heat, 2, 2), 2.0);
}

#[test]
fn the_inspector_describes_every_layer_at_a_cell() {
    let ed = everything();
    let lines = ed.describe(p(4, 2));
    let has = |s: &str| lines.iter().any(|l| l.contains(s));
    assert!(lines[0].starts_with("(4, 2) floor"), "{lines:?}");
    assert!(has("consumer, on"), "{lines:?}");
    assert!(has("fuel: intact") && has("coolant: intact"), "{lines:?}");
    assert!(!has("electricity:"), "{lines:?}");
    let wall = ed.describe(p(6, 7));
    assert!(wall.iter().any(|l| l.contains("electricity leak at (6, 7), reached from (6, 6)")), "{wall:?}");
    let start = ed.describe(p(1, 1));
    assert!(start.iter().any(|l| l == "robot start"), "{start:?}");
    let heat = ed.describe(p(10, 5));
    assert!(heat.iter().any(|l| l.starts_with("heat 4.5")), "{heat:?}");
    // A source is erased on its own layer only.
    let mut ed = ed;
    ed.set_tool(Tool::Erase).unwrap();
    let e = ed.apply(p(1, 2)).expect_err("a source is not erased from Surface");
    assert!(e.contains("Fuel layer"), "{e}");
    ed.set_layer(Layer::Fuel);
    ed.set_tool(Tool::Erase).unwrap();
    ed.apply(p(1, 2)).unwrap();
    assert!(ed.level().prop_at(p(1, 2)).is_none() && !ed.level().under_at(Carrier::Fuel, p(1, 2)).present());
}
