//! `hollowdeep reactor …`: the headless driver (load a level, run an action script, dump the state)
//! and the rules benchmark. One sentence on stderr and a non-zero exit for any bad input; never a panic.

use crate::app::persist::writer::write_text;
use crate::app::shell::stack::HomeFn;
use crate::app::shell::window::WindowOptions;
use crate::reactor::{self, script, Balance, Game};
use std::ffi::OsString;
use std::path::Path;
use std::time::Instant;

pub const USAGE: &str = "usage: hollowdeep reactor [LEVEL.json] [--size WxH] [--record OUT.solution.json] (the window)
       hollowdeep reactor --headless --level FILE [--actions \"move:E interact ...\"] \
[--dump-state OUT.json] [--save OUT.json] [--screenshot OUT.png] [--size WxH] [--text] [--difficulty easy|normal|hard]
       [--record OUT.solution.json] [--replay FILE.solution.json]   (a solution: the level's hash and its actions)
       [--replay-code RM1-...]   (a solution as the win card's share code; the level is found by it)
       [--audio-out OUT.wav]   (the run's sound on game time, 48 kHz stereo)
       hollowdeep reactor --edit [LEVEL.json] [--size WxH]   (the level editor; a new level without a file)
       hollowdeep reactor --edit LEVEL.json --headless --screenshot OUT.png [--layer surface|electricity|fuel|coolant] [--size WxH]
       hollowdeep reactor --validate FILE
       hollowdeep reactor --solve LEVEL.json [--write-solution OUT.solution.json] [--first-actions] [--node-limit N]
           (the shortest win: its actions, par, nodes and seconds; --first-actions: each plausible first action)
       hollowdeep reactor --bench [--quick]
actions: move:N|E|S|W inspect:X,Y view interact[:X,Y] repair[:X,Y] neutralize:ELEMENT[@X,Y] shield activate undo restart
";

#[derive(Default)]
struct Opts {
    headless: bool,
    bench: bool,
    quick: bool,
    text: bool,
    help: bool,
    level: Option<String>,
    validate: Option<String>,
    actions: String,
    dump: Option<String>,
    save: Option<String>,
    screenshot: Option<String>,
    size: Option<(u32, u32)>,
    record: Option<String>,
    replay: Option<String>,
    /// A share code (`reactor::share`): a solution typed or pasted.
    replay_code: Option<String>,
    audio_out: Option<String>,
    quit_after_frames: Option<u64>,
    difficulty: Option<String>,
    solve: Option<String>,
    write_solution: Option<String>,
    first_actions: bool,
    node_limit: Option<u64>,
    /// A level named without a flag: open it in the window.
    play: Option<String>,
    /// `--edit`: the level editor.
    edit: bool,
    /// `--layer`: the editor's active layer (headless screenshots).
    layer: Option<String>,
}

/// `WxH` with both sides in the range a window or a screenshot can take.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "--size wants WIDTHxHEIGHT between 320x200 and 7680x4320, not \"{}\"",
            crate::app::cli::shown(s)
        )
    };
    let (w, h) = s.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(320..=7680).contains(&w) || !(200..=4320).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

fn parse(args: &[OsString]) -> Result<Opts, String> {
    let mut strs = Vec::new();
    for a in args {
        strs.push(
            a.to_str()
                .ok_or("an argument is not valid UTF-8; pass paths and actions as UTF-8 text")?
                .to_string(),
        );
    }
    let mut o = Opts::default();
    let mut it = strs.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value (see --help)"));
        match a.as_str() {
            "--headless" => o.headless = true,
            "--edit" => o.edit = true,
            "--layer" => o.layer = Some(value("--layer")?),
            "--bench" => o.bench = true,
            "--quick" => o.quick = true,
            "--text" => o.text = true,
            "--help" | "-h" => o.help = true,
            "--level" => o.level = Some(value("--level")?),
            "--validate" => o.validate = Some(value("--validate")?),
            "--actions" => o.actions = value("--actions")?,
            "--dump-state" => o.dump = Some(value("--dump-state")?),
            "--save" => o.save = Some(value("--save")?),
            "--difficulty" => o.difficulty = Some(value("--difficulty")?),
            "--screenshot" => o.screenshot = Some(value("--screenshot")?),
            "--size" => o.size = Some(parse_size(&value("--size")?)?),
            "--record" => o.record = Some(value("--record")?),
            "--replay" => o.replay = Some(value("--replay")?),
            "--replay-code" => o.replay_code = Some(value("--replay-code")?),
            "--audio-out" => o.audio_out = Some(value("--audio-out")?),
            "--solve" => o.solve = Some(value("--solve")?),
            "--write-solution" => o.write_solution = Some(value("--write-solution")?),
            "--first-actions" => o.first_actions = true,
            "--node-limit" => {
                let v = value("--node-limit")?;
                let n = v
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or(format!("--node-limit wants a positive whole number, not {v:?}"))?;
                o.node_limit = Some(n);
            }
            "--quit-after-frames" => {
                let v = value("--quit-after-frames")?;
                let n =
                    v.parse().map_err(|_| format!("--quit-after-frames wants a whole number, not {v:?}"))?;
                o.quit_after_frames = Some(n);
            }
            other if !other.starts_with('-') && o.play.is_none() => o.play = Some(other.to_string()),
            other => {
                return Err(format!(
                    "unknown reactor flag \"{}\"; see hollowdeep reactor --help",
                    crate::app::cli::shown(other)
                ))
            }
        }
    }
    Ok(o)
}

pub fn run(args: &[OsString], home: HomeFn) -> i32 {
    match try_run(args, home) {
        Ok(code) => code,
        Err(m) => {
            eprintln!("hollowdeep reactor: {}", crate::app::cli::screen_line(&m));
            2
        }
    }
}

fn load(path: &str, b: &Balance) -> Result<(reactor::Level, Vec<String>), String> {
    load_level(path, read_level(path, b)?)
}

/// A level file read and checked, JSON or the ASCII layer form (bug reports, tests), which is
/// validated the same way; `--validate` lists what this finds.
fn read_level(path: &str, b: &Balance) -> Result<reactor::schema::Loaded, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    if path.ends_with(".txt") {
        let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))?;
        let level =
            reactor::text::parse(&text, b).map_err(|e| format!("{path}:{}: {}", e.line, e.message))?;
        return Ok(reactor::schema::round_trip(&level, b));
    }
    Ok(reactor::schema::load(&bytes, b))
}

fn load_level(path: &str, loaded: reactor::schema::Loaded) -> Result<(reactor::Level, Vec<String>), String> {
    if let Some(refusal) = loaded.refusal(path) {
        return Err(refusal);
    }
    let lines: Vec<String> = loaded.issues.iter().map(|i| i.line()).collect();
    loaded.level.map(|l| (l, lines)).ok_or_else(|| format!("{path} is not a playable level."))
}

fn try_run(args: &[OsString], home: HomeFn) -> Result<i32, String> {
    let o = parse(args)?;
    if o.help {
        print!("{USAGE}");
        return Ok(0);
    }
    let outputs = [&o.dump, &o.save, &o.screenshot, &o.record, &o.audio_out, &o.write_solution];
    for out in outputs.into_iter().flatten() {
        crate::app::persist::writer::check_output_folder(Path::new(out))?;
    }
    let b = Balance::normal();
    if o.bench {
        bench(&b, o.quick);
        return Ok(0);
    }
    if o.solve.is_none() && (o.write_solution.is_some() || o.first_actions || o.node_limit.is_some()) {
        return Err("--write-solution, --first-actions and --node-limit go with --solve LEVEL.json".into());
    }
    if let Some(path) = &o.solve {
        return solve(path, &o, &b);
    }
    if let Some(path) = &o.validate {
        let loaded = read_level(path, &b)?;
        for i in &loaded.issues {
            println!("{}", i.line());
        }
        return Ok(if loaded.level.is_some() { 0 } else { 1 });
    }
    if o.edit {
        return edit(&o, &b);
    }
    if o.layer.is_some() {
        return Err("--layer picks the editor's layer; add --edit".into());
    }
    if o.audio_out.is_some() && !o.headless {
        return Err("--audio-out renders a --headless run; add --headless --level FILE".into());
    }
    if o.replay.is_some() && o.replay_code.is_some() {
        return Err("--replay and --replay-code each name the actions: give one".into());
    }
    if !o.headless {
        let path = o.play.as_deref().or(o.level.as_deref());
        let mut level = match path {
            Some(path) => {
                let (level, warnings) = load(path, &b)?;
                for w in warnings {
                    eprintln!("{w}");
                }
                Some(level)
            }
            None => None,
        };
        let mut replay = match (&o.replay, &level) {
            (Some(file), Some(level)) => Some(read_solution(file, level)?),
            (Some(_), None) => return Err("--replay needs the level it was recorded on".into()),
            _ => None,
        };
        if let Some(code) = &o.replay_code {
            let (coded, actions) = shared_line(code, level.as_ref(), &b)?;
            level = Some(coded);
            replay = Some(actions);
        }
        let options =
            WindowOptions { size: o.size, quit_after_frames: o.quit_after_frames, reduced_effects: false };
        let record = o.record.map(std::path::PathBuf::from);
        return super::screen::window(level, replay.unwrap_or_default(), record, options, home).map(|()| 0);
    }
    let (mut level, code_actions) = match (&o.replay_code, o.level.as_deref()) {
        (Some(code), None) => {
            let (level, actions) = shared_line(code, None, &b)?;
            (level, Some(actions))
        }
        (code, path) => {
            let (level, warnings) = load(path.ok_or("--headless needs --level FILE")?, &b)?;
            for w in warnings {
                eprintln!("{w}");
            }
            match code {
                Some(code) => {
                    let (level, actions) = shared_line(code, Some(&level), &b)?;
                    (level, Some(actions))
                }
                None => (level, None),
            }
        }
    };
    if let Some(d) = &o.difficulty {
        level.difficulty = reactor::level::Difficulty::parse(d)
            .ok_or(format!("unknown difficulty {d:?}; use easy, normal or hard"))?;
    }
    let actions = match (&o.replay, code_actions) {
        (_, Some(actions)) => actions,
        (Some(file), None) => read_solution(file, &level)?,
        (None, None) => script::parse_actions(&o.actions)?,
    };
    if let Some(out) = &o.record {
        write_text(Path::new(out), &reactor::solution::to_text(&level, &actions))?;
    }
    if let Some(out) = &o.audio_out {
        let mode = reactor::mode::Reactor::new(Game::new(level.clone(), b.clone()));
        crate::app::shell::audio_out::write(Path::new(out), |sink| {
            super::audio_out::play_reactor_run(sink, mode, &actions, crate::audio::Levels::default())
        })?;
    }
    let mut game = Game::new(level, b.clone());
    for line in script::run(&mut game, &actions) {
        println!("{line}");
    }
    println!("state: {}", game.level.state.name());
    println!("hash: {}", reactor::hash::hex(reactor::hash::state_hash(&game.level)));
    if let Some(code) = reactor::share::encode(game.initial(), &actions) {
        println!("code: {code}");
    }
    if o.text {
        print!("{}", reactor::text::render(&game.level, &b));
    }
    if let Some(out) = &o.dump {
        let v = reactor::dump::dump(&game.level, &b, game.undos);
        let s = serde_json::to_string_pretty(&v).map_err(|e| format!("cannot encode the dump: {e}"))?;
        write_text(Path::new(out), &(s + "\n"))?;
    }
    if let Some(out) = &o.save {
        write_text(Path::new(out), &reactor::schema::save(&game.level))?;
    }
    if let Some(out) = &o.screenshot {
        let mut mode = reactor::mode::Reactor::new(game);
        let scene = crate::mode::Mode::scene(&mut mode, None);
        crate::app::screenshot::write(
            &scene,
            o.size.unwrap_or((1280, 720)),
            false,
            false,
            std::path::Path::new(out),
        )?;
    }
    Ok(0)
}

/// `--edit`: the editor on the named level (or a new one), in the window or, with `--headless
/// --screenshot`, one frame of it offscreen.
fn edit(o: &Opts, b: &Balance) -> Result<i32, String> {
    use crate::app::reactor::editor::document::Document;
    let path = o.play.as_deref().or(o.level.as_deref());
    let mut doc = match path {
        Some(p) => Document::open(std::path::PathBuf::from(p), b)?,
        None => Document::blank(b),
    };
    if let Some(name) = &o.layer {
        let layer = reactor::edit::Layer::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
            .ok_or(format!("unknown layer {name:?}; use surface, electricity, fuel or coolant"))?;
        doc.set_layer(layer);
    }
    if o.headless {
        let out =
            o.screenshot.as_deref().ok_or("--edit --headless takes a picture: add --screenshot OUT.png")?;
        let size = o.size.unwrap_or((1280, 720));
        crate::app::reactor::editor::headless::screenshot(doc, size, std::path::Path::new(out))?;
        println!("Editor frame written to {out}.");
        return Ok(0);
    }
    let options =
        WindowOptions { size: o.size, quit_after_frames: o.quit_after_frames, reduced_effects: false };
    super::editor::stacked::window(doc, options).map(|()| 0)
}

/// The actions of solution file `file`, which must have been recorded on `level`.
/// The level a share code names and its actions: `level` when given (it must be the code's), else
/// the built-in level whose hash the code holds.
fn shared_line(
    code: &str,
    level: Option<&reactor::Level>,
    b: &Balance,
) -> Result<(reactor::Level, Vec<script::Action>), String> {
    use reactor::share;
    let shared = share::decode(code).map_err(|why| format!("--replay-code: {why}"))?;
    let found = match level {
        Some(l) if share::level_key(l) == shared.level => Some(l.clone()),
        Some(_) => return Err("--replay-code: that code is for another level".into()),
        None => crate::app::reactor::play::SHIPPED
            .iter()
            .filter_map(|text| reactor::schema::load(text.as_bytes(), b).level)
            .find(|l| share::level_key(l) == shared.level),
    };
    let level =
        found.ok_or("--replay-code: that code is for a level that is not built in; add --level FILE")?;
    Ok((level, shared.actions))
}

fn read_solution(file: &str, level: &reactor::Level) -> Result<Vec<script::Action>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    reactor::solution::parse(&text, level).map_err(|why| format!("{file} cannot be replayed: {why}"))
}

fn median_us(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(|a, b| a.total_cmp(b));
    samples.get(samples.len() / 2).copied().unwrap_or(0.0)
}

fn time_us(n: usize, mut f: impl FnMut()) -> f64 {
    let mut s = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        f();
        s.push(t.elapsed().as_secs_f64() * 1e6);
    }
    median_us(s)
}

/// Prints `name: value unit` lines: pulse, forecast and validation medians for 32, 64 and 128 cells.
fn bench(b: &Balance, quick: bool) {
    let reps = if quick { 3 } else { 50 };
    for size in [32, 64, 128] {
        let mut level = reactor::sample::spread_level(size, b);
        reactor::undo::refresh(&mut level, b);
        let base = level.clone();
        let mut l = base.clone();
        let pulse = time_us(reps * 4, || {
            reactor::pulse::run(&mut l, b, reactor::pulse::Cascade::Skip);
            if l.is_over() {
                l = base.clone();
            }
        });
        let mut l = base.clone();
        let propagate = time_us(reps * 4, || reactor::network::propagate(&mut l, b));
        let mut l = base.clone();
        let step = time_us(reps * 4, || reactor::pulse::step(&mut l, b));
        let mut l = base.clone();
        let integrity = time_us(reps * 4, || {
            std::hint::black_box(reactor::integrity::resolve(&mut l, b));
        });
        let forecast = time_us(reps, || {
            std::hint::black_box(reactor::forecast::forecast(&base, b));
        });
        let validate = time_us(reps, || {
            std::hint::black_box(reactor::validate::validate(&base, b));
        });
        println!("pulse_{size}: {pulse:.1} us");
        println!("propagate_{size}: {propagate:.1} us");
        println!("step_{size}: {step:.1} us");
        println!("integrity_{size}: {integrity:.1} us");
        println!("forecast_{size}: {forecast:.1} us");
        println!("validate_{size}: {validate:.1} us");
    }
    println!("forecast_horizon: {}", reactor::words::count(b.forecast_horizon, "pulse", "pulses"));
    println!("steps_per_pulse: {} steps", b.steps_per_pulse);
}

/// `--solve`: the shortest win (script grammar), its par, the nodes searched and the seconds taken;
/// with `--first-actions` the seed's authoring reading. Exit 1 when no win is proven.
fn solve(path: &str, o: &Opts, b: &Balance) -> Result<i32, String> {
    use reactor::solver::{self, Verdict};
    let (level, warnings) = load(path, b)?;
    for w in warnings {
        eprintln!("{w}");
    }
    let mut limits = solver::Limits::default();
    if let Some(n) = o.node_limit {
        limits.nodes = n;
    }
    let t = Instant::now();
    let report = solver::solve(&level, b, limits);
    let seconds = t.elapsed().as_secs_f64();
    let code = match &report.verdict {
        Verdict::Won { par, actions } => {
            let tokens: Vec<String> = actions.iter().map(script::token).collect();
            println!("solution: {}", tokens.join(" "));
            println!("par: {par}");
            // The campaign's authoring rules, read off this line (the tutorial needs one kind only).
            let tutorial = crate::app::reactor::play::campaign()
                .and_then(|c| c.groups.first().map(|g| g.levels.iter().any(|e| e.id == level.id)))
                .unwrap_or(false);
            let reading = solver::authoring::read(&level, b, actions, tutorial);
            let shape: Vec<String> =
                reading.shape.iter().map(|s| format!("{} {}", s.verb, s.target)).collect();
            println!("shape: {}", shape.join(", "));
            let broken: Vec<String> = reading.broken.iter().map(|x| x.sentence()).collect();
            println!("authoring: {}", if broken.is_empty() { "ok".to_string() } else { broken.join("; ") });
            if let Some(out) = &o.write_solution {
                write_text(Path::new(out), &reactor::solution::to_text(&level, actions))?;
            }
            0
        }
        Verdict::Unwinnable => {
            println!("unwinnable: every reachable state was searched and none can be won");
            1
        }
        Verdict::Bounded { no_win_within } => {
            println!(
                "bounded: not proven (no win within {no_win_within} lengthy action(s) before the bound of {} nodes or {} actions)",
                limits.nodes, limits.depth
            );
            1
        }
    };
    println!("nodes: {}", report.nodes);
    println!("seconds: {seconds:.3}");
    if o.write_solution.is_some() && code != 0 {
        return Err("no solution was found, so none was written".into());
    }
    if o.first_actions {
        let mut first_limits = limits;
        first_limits.nodes = (limits.nodes / 5).max(1);
        let t = Instant::now();
        let firsts = solver::first_actions(&level, b, first_limits);
        for f in &firsts {
            let moves = f.actions.len() - 1;
            let verdict = match &f.after {
                None => "its pulse loses the level".to_string(),
                Some(Verdict::Won { par, .. }) => format!("still winnable in {par} more"),
                Some(Verdict::Unwinnable) => "the level can no longer be won".into(),
                Some(Verdict::Bounded { no_win_within }) => {
                    format!("not proven winnable (no win within {no_win_within} more)")
                }
            };
            let mark = if f.plausible() { "plausible" } else { "not plausible" };
            let moves = reactor::words::count_of(moves, "move", "moves");
            println!("first: {} at {},{} ({moves}): {mark}: {verdict}", f.token, f.at.x, f.at.y);
            let changes = if f.changes.is_empty() { "nothing visible".into() } else { f.changes.join("; ") };
            println!("    visible: {changes}");
        }
        let plausible = firsts.iter().filter(|f| f.plausible()).count();
        println!("plausible first actions: {plausible} of {}", firsts.len());
        println!("first-actions seconds: {:.3}", t.elapsed().as_secs_f64());
    }
    Ok(code)
}
