//! Command-line flags: parsed by hand into `Options`, every mistake reported as one sentence.

use std::path::PathBuf;

/// The deepest level a run may start at (`--depth`) or be loaded at. Far beyond any real descent,
/// low enough that every per-depth number stays well inside its integer type.
pub use crate::game::balance::MAX_DEPTH;

/// The most runs one `--simulate` plays: enough for any measurement, few enough to finish.
pub const MAX_SIMULATED_RUNS: u32 = 100_000;

/// What the user asked for on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub seed: Option<u64>,
    pub depth: u32,
    pub headless: bool,
    /// Space-separated key tokens fed as if typed (`--keys "W W Q SPACE"`).
    pub keys: Option<String>,
    pub size: (u32, u32),
    pub screenshot: Option<PathBuf>,
    /// Draws the automap over the `--screenshot` (as M shows it in the window).
    pub automap: bool,
    pub dump_state: Option<PathBuf>,
    /// Headless: render the run's sound, on game time, to this 48 kHz stereo WAV.
    pub audio_out: Option<PathBuf>,
    pub bench: bool,
    /// `--bench --views`: the fixed view suite instead of the run's one view.
    pub views: bool,
    pub frames: u32,
    /// Window smoke tests: present this many frames, then exit by itself.
    pub quit_after_frames: Option<u64>,
    /// Caps flashes and removes the camera jolt and strongest warps; no rule changes.
    pub reduced_effects: bool,
    /// Start a new run; with a save waiting, the title screen asks before setting it aside.
    pub new_run: bool,
    pub record: Option<PathBuf>,
    pub replay: Option<PathBuf>,
    /// Actions per second when watching a replay in the window.
    pub replay_speed: f64,
    pub scores: bool,
    /// Start a practice run at this sanity (percent), to look at or time the madness.
    pub sanity: Option<u32>,
    /// Plays this many seeds with the built-in player and prints the pacing (`--simulate N`).
    pub simulate: Option<u32>,
    /// `--simulate --style NAME`: play only this style of the built-in player (checked by the
    /// simulator, which knows the styles); every style when absent.
    pub style: Option<String>,
    /// `--daily`: today's daily seed (UTC), one scored attempt a day.
    pub daily: bool,
    /// `--verify-daily LINE --replay FILE`: checks a daily run's share line against its recording.
    pub verify_daily: Option<String>,
    pub help: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            seed: None,
            depth: 1,
            headless: false,
            keys: None,
            size: (1280, 720),
            screenshot: None,
            automap: false,
            dump_state: None,
            audio_out: None,
            bench: false,
            views: false,
            frames: 120,
            quit_after_frames: None,
            reduced_effects: false,
            new_run: false,
            record: None,
            replay: None,
            replay_speed: 4.0,
            scores: false,
            sanity: None,
            simulate: None,
            style: None,
            daily: false,
            verify_daily: None,
            help: false,
        }
    }
}

pub const USAGE: &str = "\
Usage: hollowdeep [FLAGS]

Plays Hollowdeep in a window. With --headless, runs the rules without a window.

  --seed N               fix the run's seed (default: random)
  --depth N              start a practice run at depth N with its weapon and a kit (not scored)
  --headless             no window: feed --keys, then write --screenshot / --dump-state
  --keys \"W W Q SPACE\"   actions to feed (W A S D Q E C SPACE 1 2 3 4 Z X ESC, UP DOWN LEFT RIGHT)
  --size WxH             window or screenshot size (default 1280x720)
  --screenshot FILE.png  headless: render the final view to a PNG (needs a GPU or lavapipe)
  --dump-state FILE.json headless: write the whole game state as JSON
  --audio-out FILE.wav   headless: render the run's sound on game time to a 48 kHz stereo WAV
  --bench                render frames offscreen and print timing figures
  --frames N             frames rendered by --bench (default 120; a view each with --views)
  --views                with --bench: time the fixed view suite (calm and mad views, the board)
  --daily                play today's daily run (UTC): the same dungeon for everyone, one scored
                         attempt a day; its end prints a share line
  --verify-daily LINE    with --replay FILE: check a daily run's share line against its recording
  --quit-after-frames N  window: exit by itself after presenting N frames
  --automap              headless: draw the automap over the --screenshot
  --reduced-effects      cap flashes, no camera jolt, no strongest warps (rules unchanged)
  --new                  start a new run (asks first if a saved run is waiting)
  --record FILE          record the seed and every action of this run
  --replay FILE          watch a recording in the window; with --headless, verify its final state
  --replay-speed N       actions per second when watching a replay (default 4; + and - change it)
  --scores               print the high-score table and lifetime totals
  --sanity N             start a practice run at N% sanity (to see or time the madness; not scored)
  --simulate N           play N seeds (from --seed, default 1) with the built-in player, print the pacing
                         (with N = 1, --record FILE keeps that run as a recording to watch with --replay)
  --style NAME           with --simulate: play only this style of player, explore (looks everywhere,
                         never rests), rest (also rests whenever the rules let it) or hurry (goes
                         down as soon as it knows the way); every style when absent
  --help                 print this text
";

/// Parses the arguments after the program name as the operating system gave them: an argument that
/// is not text (invalid UTF-8) is one clear error, never a panic.
pub fn parse_os<I: IntoIterator<Item = std::ffi::OsString>>(args: I) -> Result<Options, String> {
    let mut text = Vec::new();
    for (i, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(s) => text.push(s),
            Err(raw) => {
                return Err(format!(
                    "Argument {} ({}) is not valid UTF-8 text; flags, key tokens and paths must be.",
                    i + 1,
                    raw.to_string_lossy()
                ))
            }
        }
    }
    parse(text)
}

/// Parses the arguments after the program name.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Options, String> {
    let mut opts = Options::default();
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value."));
        match flag.as_str() {
            "--seed" => opts.seed = Some(number(&value("--seed")?, "--seed")?),
            "--depth" => {
                let text = value("--depth")?;
                opts.depth = number(&text, "--depth")?;
                if !(1..=MAX_DEPTH).contains(&opts.depth) {
                    return Err(format!("--depth must be from 1 to {MAX_DEPTH}, got {text}."));
                }
            }
            "--headless" => opts.headless = true,
            "--keys" => opts.keys = Some(value("--keys")?),
            "--size" => opts.size = size(&value("--size")?)?,
            "--screenshot" => opts.screenshot = Some(PathBuf::from(value("--screenshot")?)),
            "--dump-state" => opts.dump_state = Some(PathBuf::from(value("--dump-state")?)),
            "--audio-out" => opts.audio_out = Some(PathBuf::from(value("--audio-out")?)),
            "--bench" => opts.bench = true,
            "--views" => opts.views = true,
            "--daily" => opts.daily = true,
            "--verify-daily" => opts.verify_daily = Some(value("--verify-daily")?),
            "--frames" => {
                opts.frames = number(&value("--frames")?, "--frames")?;
                if opts.frames == 0 {
                    return Err("--frames must be 1 or more.".into());
                }
            }
            "--quit-after-frames" => {
                opts.quit_after_frames = Some(number(&value("--quit-after-frames")?, "--quit-after-frames")?)
            }
            "--reduced-effects" => opts.reduced_effects = true,
            "--automap" => opts.automap = true,
            "--new" => opts.new_run = true,
            "--record" => opts.record = Some(PathBuf::from(value("--record")?)),
            "--replay" => opts.replay = Some(PathBuf::from(value("--replay")?)),
            "--replay-speed" => {
                let text = value("--replay-speed")?;
                opts.replay_speed = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1000.0)
                    .ok_or_else(|| {
                        format!(
                            "--replay-speed expects actions per second between 0 and 1000, got '{}'.",
                            shown(&text)
                        )
                    })?;
            }
            "--scores" => opts.scores = true,
            "--sanity" => {
                let n: u32 = number(&value("--sanity")?, "--sanity")?;
                if n > 100 {
                    return Err("--sanity is a percentage from 0 to 100.".into());
                }
                opts.sanity = Some(n);
            }
            "--simulate" => {
                let text = value("--simulate")?;
                let n: u32 = number(&text, "--simulate")?;
                if !(1..=MAX_SIMULATED_RUNS).contains(&n) {
                    return Err(format!("--simulate plays 1 to {MAX_SIMULATED_RUNS} runs, got {text}."));
                }
                opts.simulate = Some(n);
            }
            "--style" => opts.style = Some(value("--style")?),
            "--help" | "-h" => opts.help = true,
            other => {
                return Err(format!("Unknown flag '{}'; run with --help to list the flags.", shown(other)))
            }
        }
    }
    if opts.simulate.is_some()
        && opts
            != (Options {
                seed: opts.seed,
                simulate: opts.simulate,
                style: opts.style.clone(),
                record: opts.record.clone(),
                ..Options::default()
            })
    {
        return Err(
            "--simulate plays its own runs; it takes only --seed (the first seed), --style and --record."
                .into(),
        );
    }
    if opts.style.is_some() && opts.simulate.is_none() {
        return Err("--style chooses the built-in player of --simulate; give --simulate N.".into());
    }
    if opts.simulate.is_some_and(|n| n > 1) && opts.record.is_some() {
        return Err("--simulate records one run at a time: use --simulate 1 with --record.".into());
    }
    if !opts.headless && (opts.screenshot.is_some() || opts.dump_state.is_some()) && !opts.bench {
        return Err("--screenshot and --dump-state need --headless.".into());
    }
    if opts.audio_out.is_some() && (!opts.headless || opts.replay.is_some() || opts.bench) {
        return Err(
            "--audio-out renders a --headless --keys run; it takes neither --replay nor --bench.".into()
        );
    }
    if opts.automap && opts.screenshot.is_none() {
        return Err("--automap draws over a --screenshot; give one.".into());
    }
    if opts.sanity.is_some() && opts.replay.is_some() {
        return Err("--sanity starts a new practice run, so it cannot be combined with --replay.".into());
    }
    if opts.sanity.is_some() && opts.record.is_some() {
        return Err("--sanity changes the starting state, so such a run cannot be recorded.".into());
    }
    if opts.daily && (opts.seed.is_some() || opts.depth > 1 || opts.sanity.is_some() || opts.replay.is_some())
    {
        return Err(
            "--daily plays today's seed from depth 1: it takes no --seed, --depth, --sanity or --replay."
                .into(),
        );
    }
    if opts.verify_daily.is_some() && opts.replay.is_none() {
        return Err("--verify-daily LINE checks a recording: add --replay FILE.".into());
    }
    if opts.views
        && (!opts.bench
            || opts.keys.is_some()
            || opts.seed.is_some()
            || opts.depth > 1
            || opts.sanity.is_some())
    {
        return Err("--views times the fixed view suite: use it with --bench (and --size, --frames), without --keys, --seed, --depth or --sanity.".into());
    }
    if opts.keys.is_some() && !(opts.headless || opts.bench) {
        return Err("--keys feeds a --headless or --bench run; in the window, play with the keyboard.".into());
    }
    if opts.replay.is_some() && opts.screenshot.is_some() {
        return Err("--replay verifies a recording; it takes --dump-state but not --screenshot.".into());
    }
    if opts.replay.is_some() && (opts.record.is_some() || opts.keys.is_some()) {
        return Err("--replay plays a recording; it cannot be combined with --record or --keys.".into());
    }
    Ok(opts)
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{flag} expects a whole number, got '{}'.", shown(text)))
}

fn size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size expects WIDTHxHEIGHT such as 1280x720, got '{}'.", shown(text));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(16..=8192).contains(&w) || !(16..=8192).contains(&h) {
        return Err(format!("--size must be between 16x16 and 8192x8192, got '{}'.", shown(text)));
    }
    Ok((w, h))
}

/// The characters of a user's token that a refusal repeats: enough to find it, never a line longer
/// than a screen (a 5,000-character token is echoed as its first 24 and "…").
pub fn shown(token: &str) -> String {
    const ECHOED: usize = 24;
    match token.char_indices().nth(ECHOED) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
    }
}

/// A refusal as printed: whatever a message grew to (a path, a library's error text), the line
/// stays within a screen; the start of it says what went wrong.
pub fn screen_line(message: &str) -> String {
    const SCREEN: usize = 200;
    match message.char_indices().nth(SCREEN) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_a_headless_run() {
        let o = parse(args("--headless --seed 7 --size 701x401 --depth 3")).unwrap();
        assert!(o.headless);
        assert_eq!(o.seed, Some(7));
        assert_eq!(o.size, (701, 401));
        assert_eq!(o.depth, 3);
    }

    #[test]
    fn bad_input_is_one_sentence() {
        for bad in ["--seed x", "--size 12", "--size 0x0", "--bogus", "--seed", "--depth 0"] {
            let err = parse(args(bad)).unwrap_err();
            assert!(err.ends_with('.'), "{bad}: {err}");
            assert!(!err.contains('\n'));
        }
    }

    #[test]
    fn simulate_takes_a_run_count_and_an_optional_first_seed() {
        let o = parse(args("--simulate 500 --seed 9")).unwrap();
        assert_eq!((o.simulate, o.seed), (Some(500), Some(9)));
        assert_eq!(parse(args("--simulate 3")).unwrap().simulate, Some(3));
        for bad in [
            "--simulate",
            "--simulate 0",
            "--simulate -4",
            "--simulate x",
            "--simulate 99999999999",
            "--simulate 5 --headless",
            "--simulate 5 --depth 3",
        ] {
            let err = parse(args(bad)).unwrap_err();
            assert!(err.contains("--simulate") && err.ends_with('.') && !err.contains('\n'), "{bad}: {err}");
        }
    }

    #[test]
    fn style_goes_with_simulate_only() {
        let o = parse(args("--simulate 5 --style hurry")).unwrap();
        assert_eq!((o.simulate, o.style.as_deref()), (Some(5), Some("hurry")));
        assert_eq!(parse(args("--simulate 5")).unwrap().style, None);
        for bad in ["--style rest", "--headless --style rest", "--simulate 5 --style"] {
            let err = parse(args(bad)).unwrap_err();
            assert!(err.contains("--style") && err.ends_with('.') && !err.contains('\n'), "{bad}: {err}");
        }
    }

    #[test]
    fn regression_a_non_utf8_argument_is_one_sentence_not_a_panic() {
        use std::os::unix::ffi::OsStringExt;
        for raw in [vec![b'-', b'-', 0xff], vec![b'W', b' ', 0xff]] {
            let args = vec![std::ffi::OsString::from("--keys"), std::ffi::OsString::from_vec(raw)];
            let err = parse_os(args).unwrap_err();
            assert!(err.contains("not valid UTF-8") && err.ends_with('.'), "{err}");
        }
    }

    #[test]
    fn regression_depth_is_bounded_with_one_sentence() {
        assert_eq!(parse(args(&format!("--headless --depth {MAX_DEPTH}"))).unwrap().depth, MAX_DEPTH);
        for bad in [
            format!("--depth {}", MAX_DEPTH + 1),
            format!("--depth {}", u32::MAX),
            "--depth 99999999999".into(),
        ] {
            let err = parse(args(&bad)).unwrap_err();
            assert!(err.starts_with("--depth") && err.ends_with('.'), "{bad}: {err}");
        }
    }

    #[test]
    fn automap_draws_over_a_headless_screenshot_only() {
        assert!(parse(args("--headless --automap")).unwrap_err().contains("--screenshot"));
        let opts = parse(args("--headless --automap --screenshot s.png")).unwrap();
        assert!(opts.automap && opts.screenshot.is_some());
        assert!(!parse(args("--headless --screenshot s.png")).unwrap().automap);
    }

    #[test]
    fn regression_keys_without_headless_and_replay_with_a_screenshot_say_so() {
        assert!(parse(args("--keys W")).unwrap_err().contains("--headless"));
        assert!(parse(args("--headless --keys W")).is_ok());
        assert!(parse(args("--headless --replay r.txt --screenshot s.png"))
            .unwrap_err()
            .contains("--replay"));
        assert!(parse(args("--headless --replay r.txt --dump-state d.json")).is_ok());
    }
}
