//! The sound, listened to offline: the mixer renders into a buffer instead of a device, and these
//! tests measure the samples (beats per minute, left against right, walls, mute) against the audio
//! tuning table. Nothing here needs a sound device.

use hollowdeep::app::crawler::audio_out::render_run;
use hollowdeep::audio::offline::{key_seconds, Offline};
use hollowdeep::audio::tuning::{AUDIO, OFFLINE_RATE};
use hollowdeep::audio::wav;
use hollowdeep::audio::{mood::heart_bpm, turn_commands, Levels, MixCommand, Mood};
use hollowdeep::game::{Action, Facing, Game, Map, Pos};
use hollowdeep::scene::{BarModel, Scene, SoundEvent, SoundKind, SoundPhase};
use std::process::Command;

/// Effects only: the ambience (heart, whispers, drone) off, so a placed sound is measured alone.
fn effects_only() -> Levels {
    Levels { ambience: 0.0, ..Levels::default() }
}

/// A scene from map rows (`#` wall), the listener at `eye` facing `facing`, alive and sane.
fn scene(rows: &[&str], eye: Pos, facing: Facing) -> Scene {
    let bar = BarModel { hp: 10, max_hp: 10, sanity: 100, ..BarModel::default() };
    let mut scene = Scene::from_rows(rows, eye, facing);
    scene.hud.bar = bar;
    scene
}

/// Renders one creature step at `at` heard in `scene`, and returns the RMS of each channel.
fn rms_of_step(scene: &Scene, at: Pos, levels: Levels) -> [f32; 2] {
    let mut out = Offline::new(OFFLINE_RATE);
    out.send(MixCommand::Levels(levels));
    let step = SoundEvent { kind: SoundKind::CreatureStep, at, phase: SoundPhase::World };
    out.send_all(turn_commands(scene, &[step], 0.0));
    out.advance(0.5);
    rms(out.frames())
}

fn rms(frames: &[[f32; 2]]) -> [f32; 2] {
    let n = frames.len().max(1) as f32;
    let sum = frames.iter().fold([0.0f32; 2], |a, f| [a[0] + f[0] * f[0], a[1] + f[1] * f[1]]);
    [(sum[0] / n).sqrt(), (sum[1] / n).sqrt()]
}

fn peak(frames: &[[f32; 2]]) -> f32 {
    frames.iter().flat_map(|f| f.iter()).fold(0.0f32, |m, s| m.max(s.abs()))
}

/// The start times (seconds) of the heart's knocks: runs of 20 ms blocks louder than a third of the
/// loudest block, counted when their peak passes half of it. Each beat's "lub" and "dub" both count.
fn knocks(frames: &[[f32; 2]], rate: u32) -> Vec<f64> {
    let block = (rate / 50) as usize;
    let peaks: Vec<f32> =
        frames.chunks(block).map(|c| c.iter().fold(0.0f32, |m, f| m.max(f[0].abs()))).collect();
    let top = peaks.iter().cloned().fold(0.0f32, f32::max);
    let mut out = Vec::new();
    let mut run: Option<(usize, f32)> = None;
    for (i, &p) in peaks.iter().chain([&0.0]).enumerate() {
        match run {
            None if p >= top / 3.0 => run = Some((i, p)),
            Some((start, loudest)) if p < top / 3.0 => {
                if loudest > top * 0.5 {
                    out.push(start as f64 * block as f64 / f64::from(rate));
                }
                run = None;
            }
            Some((start, loudest)) => run = Some((start, loudest.max(p))),
            None => {}
        }
    }
    out
}

/// Beats per minute measured from the samples: the lag (within the table's range of rates) at
/// which the loudness best repeats itself, since each beat's lub and dub come back as a pair.
fn measured_bpm(frames: &[[f32; 2]], rate: u32) -> f64 {
    let block = (rate / 500) as usize; // 2 ms
    let env: Vec<f32> =
        frames.chunks(block).map(|c| c.iter().map(|f| f[0].abs()).sum::<f32>() / block as f32).collect();
    let seconds = |lag: usize| (lag * block) as f64 / f64::from(rate);
    let lag_of = |s: f64| (s * f64::from(rate) / block as f64) as usize;
    let shortest = lag_of(60.0 / (f64::from(AUDIO.heart.max_bpm) * 1.2));
    let longest = lag_of(60.0 / (f64::from(AUDIO.heart.rest_bpm) * 0.8));
    let likeness = |lag: usize| {
        let n = env.len() - lag;
        (0..n).map(|i| env[i] * env[i + lag]).sum::<f32>() / n as f32
    };
    let scores: Vec<(usize, f32)> = (shortest..=longest).map(|lag| (lag, likeness(lag))).collect();
    let top = scores.iter().map(|s| s.1).fold(0.0f32, f32::max);
    // A whole number of periods repeats as well as one: the shortest lag that nearly matches the
    // best, taken at its own local peak, is the period.
    let first = scores.iter().position(|s| s.1 > top * 0.9).unwrap();
    let mut best = first;
    while best + 1 < scores.len() && scores[best + 1].1 >= scores[best].1 {
        best += 1;
    }
    60.0 / seconds(scores[best].0)
}

/// Issue 15: the heartbeat's rate follows HP and sanity as the table says.
#[test]
fn the_heartbeat_beats_per_minute_follow_hp_and_sanity() {
    let cases =
        [(10, 10, 100.0), (5, 10, 100.0), (1, 10, 100.0), (10, 10, 40.0), (10, 10, 0.0), (2, 10, 10.0)];
    let mut rates = Vec::new();
    for (hp, max_hp, sanity) in cases {
        let expected = heart_bpm(hp, max_hp, sanity).min(AUDIO.heart.max_bpm);
        let mut out = Offline::new(OFFLINE_RATE);
        // The heart alone: whispers and drone off, so only the beats are measured.
        out.send(MixCommand::Mood(Mood { whisper: 0.0, drone: 0.0, ..Mood::of(hp, max_hp, sanity) }));
        out.advance(8.0);
        let got = measured_bpm(out.frames(), OFFLINE_RATE);
        assert!(
            (got - f64::from(expected)).abs() < f64::from(expected) * 0.02,
            "hp {hp}/{max_hp}, sanity {sanity}: heard {got:.1} bpm, the table says {expected:.1}"
        );
        eprintln!("bpm case {hp}/{max_hp} {sanity}: heard {got:.2}, table {expected:.2}");
        rates.push(got);
    }
    assert!((rates[0] - f64::from(AUDIO.heart.rest_bpm)).abs() < 1.0, "calm at full health: {rates:?}");
    assert!(rates[0] < rates[1] && rates[1] < rates[2], "racing as HP falls: {rates:?}");
    assert!(rates[0] < rates[3] && rates[3] < rates[4], "racing as sanity falls: {rates:?}");
}

/// Issue 15: at rest, one beat per heartbeat-counter step (the offline player keeps time with it).
#[test]
fn at_rest_the_render_has_one_beat_per_heartbeat_counter_step() {
    let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
    let game = Game::from_map(map, Pos::new(1, 1), Facing::East);
    let waits = vec![Action::Wait; 6];
    let out = render_run(game.clone(), &waits);
    let mut played = game;
    for &a in &waits {
        played.act(a);
    }
    let steps = played.player().heartbeat as usize;
    let rest = (steps as f64 * key_seconds() * f64::from(OFFLINE_RATE)) as usize;
    let beats = knocks(&out.frames()[..rest], OFFLINE_RATE).len() / 2;
    assert_eq!(beats, steps, "{steps} counter steps at rest");
    let expected = rest + (AUDIO.offline_tail_seconds * f64::from(OFFLINE_RATE)).round() as usize;
    assert_eq!(out.frames().len(), expected, "each turn lasts one resting beat, then the tail");
}

const ROOM: [&str; 7] =
    ["#########", "#.......#", "#.......#", "#.......#", "#.......#", "#.......#", "#########"];

/// Issue 15: a sound from the player's left is louder in the left channel.
#[test]
fn a_sound_from_the_left_is_louder_in_the_left_channel() {
    let s = scene(&ROOM, Pos::new(4, 3), Facing::North);
    let [l, r] = rms_of_step(&s, Pos::new(2, 3), effects_only());
    assert!(l > r * 2.0 && r >= 0.0, "left {l}, right {r}");
    let [l, r] = rms_of_step(&s, Pos::new(6, 3), effects_only());
    assert!(r > l * 2.0, "from the right: left {l}, right {r}");
    // Turned round, the same cell is on the other side.
    let turned = scene(&ROOM, Pos::new(4, 3), Facing::South);
    let [l, r] = rms_of_step(&turned, Pos::new(2, 3), effects_only());
    assert!(r > l * 2.0, "facing south, west is right: left {l}, right {r}");
}

/// Issue 15: a sound behind a wall is quieter than the same sound in the open, and one further
/// away is softer.
#[test]
fn a_sound_behind_a_wall_is_quieter_than_in_the_open() {
    let walled = ["#########", "#...#...#", "#...#...#", "#########"];
    let open = ["#########", "#.......#", "#.......#", "#########"];
    let (eye, at) = (Pos::new(1, 1), Pos::new(6, 1));
    let behind_wall = rms_of_step(&scene(&walled, eye, Facing::East), at, effects_only());
    let in_open = rms_of_step(&scene(&open, eye, Facing::East), at, effects_only());
    assert!(behind_wall[0] > 0.0, "still heard through the wall");
    assert!(
        behind_wall[0] < in_open[0] * AUDIO.space.wall_gain,
        "through the wall {behind_wall:?}, in the open {in_open:?}"
    );
    let near = rms_of_step(&scene(&open, eye, Facing::East), Pos::new(3, 1), effects_only());
    assert!(near[0] > in_open[0], "nearer is louder: {near:?} against {in_open:?}");
    let out_of_hearing = Pos::new(eye.x + AUDIO.space.hearing_cells + 1, 1);
    let wide: Vec<String> = vec![format!("#{}#", ".".repeat(AUDIO.space.hearing_cells as usize + 3))];
    let wide: Vec<&str> = wide.iter().map(String::as_str).collect();
    assert_eq!(
        rms_of_step(&scene(&wide, Pos::new(1, 0), Facing::East), out_of_hearing, effects_only()),
        [0.0, 0.0]
    );
}

/// Issue 15: silence when muted, heartbeat and effects both.
#[test]
fn muted_is_silence() {
    let s = scene(&ROOM, Pos::new(4, 3), Facing::North);
    let heard = |muted: bool| {
        let mut out = Offline::new(OFFLINE_RATE);
        out.send(MixCommand::Levels(Levels { muted, ..Levels::default() }));
        let hit = SoundEvent { kind: SoundKind::Hit, at: Pos::new(4, 2), phase: SoundPhase::Player };
        out.send_all(turn_commands(&s, &[hit], 0.0));
        out.advance(2.0);
        peak(out.frames())
    };
    assert!(heard(false) > 0.05, "unmuted it is heard");
    assert_eq!(heard(true), 0.0);
}

/// The madness is heard: whispers and drone rise as sanity falls.
#[test]
fn the_madness_grows_louder_as_sanity_falls() {
    let loudness = |sanity: u32| {
        let mut s = scene(&ROOM, Pos::new(4, 3), Facing::North);
        s.hud.bar.sanity = sanity;
        s.hud.bar.hp = 0; // no heartbeat: the madness alone
        let mut out = Offline::new(OFFLINE_RATE);
        out.send_all(turn_commands(&s, &[], 0.0));
        out.advance(3.0);
        rms(out.frames())[0]
    };
    let (sane, uneasy, mad) = (loudness(100), loudness(50), loudness(5));
    assert_eq!(sane, 0.0, "a sane mind hears nothing");
    assert!(uneasy > 0.0 && mad > uneasy * 1.5, "{sane} {uneasy} {mad}");
}

/// Issue 15: `--headless --keys ... --audio-out FILE.wav` writes the run's sound: 48 kHz stereo,
/// as long as its turns on game time, and not silent; the same run renders the same samples.
#[test]
fn the_headless_run_renders_its_sound_to_a_wav() {
    let dir = std::env::temp_dir().join(format!("hollowdeep-audio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let keys = "W W Q SPACE C E W";
    let render = |name: &str| {
        let path = dir.join(name);
        let out = Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
            .args(["--headless", "--seed", "9", "--keys", keys, "--audio-out"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(
            out.stderr.is_empty(),
            "headless says nothing about audio: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(&path).unwrap()
    };
    let (a, b) = (render("a.wav"), render("b.wav"));
    assert_eq!(a, b, "deterministic");
    let (rate, frames) = wav::decode(&a).unwrap();
    assert_eq!(rate, 48_000);
    let turns = keys.split_whitespace().count() as f64;
    let shortest = ((turns * key_seconds() + AUDIO.offline_tail_seconds) * 48_000.0).round() as usize;
    assert!(frames.len() >= shortest, "{} frames, at least {shortest}", frames.len());
    assert!(frames.len() < shortest + 48_000, "no wall-clock padding: {} frames", frames.len());
    assert!(peak(&frames) > 0.05, "it is not silent");
    let missing = dir.join("no-such-folder/x.wav");
    let out = Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
        .args(["--headless", "--keys", "W", "--audio-out"])
        .arg(&missing)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end().lines().count(), 1);
    let out = Command::new(env!("CARGO_BIN_EXE_hollowdeep")).args(["--audio-out", "x.wav"]).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--headless"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fight (seed 1 walks into a creature that strikes every turn) is loud but never clips: the
/// limiter bends the peaks below full scale, and the rendered WAV has no sample at full scale.
#[test]
fn a_fight_is_loud_but_never_clips() {
    let game = Game::start_run(1, 1);
    let out = render_run(game, &[Action::MoveForward; 12]);
    let loudest = peak(out.frames());
    assert!(loudest > AUDIO.limiter_knee * 0.5, "the blows are heard: {loudest}");
    assert!(loudest < 1.0, "{loudest}");
    let (_, frames) = wav::decode(&out.wav()).unwrap();
    assert!(frames.iter().all(|f| f[0].abs() < 1.0 && f[1].abs() < 1.0), "no sample at full scale");
}

/// The heart read from a real run's HUD: a player at 1 HP hears it race at the table's rate.
#[test]
fn a_wounded_players_heart_races_at_the_tables_rate() {
    let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
    let mut game = Game::from_map(map, Pos::new(1, 1), Facing::East);
    game.player_mut().hp = 1;
    let (hp, max_hp) = (game.player().hp, game.player().max_hp);
    let sanity = game.player().sanity_percent();
    let out = render_run(game, &[Action::Wait; 8]);
    let expected = f64::from(heart_bpm(hp, max_hp, sanity).min(AUDIO.heart.max_bpm));
    let got = measured_bpm(out.frames(), OFFLINE_RATE);
    assert!(expected > f64::from(AUDIO.heart.rest_bpm) * 1.5, "1 HP races: {expected}");
    assert!((got - expected).abs() < expected * 0.02, "heard {got:.1} bpm, the table says {expected:.1}");
}

// The reactor: its networks' hum, its leaks' hiss, its state cues, rendered on game time.

mod reactor {
    use super::{effects_only, peak, rms};
    use hollowdeep::app::reactor::audio_out::render_reactor_run;
    use hollowdeep::app::reactor::session::CASCADE_SECONDS;
    use hollowdeep::audio::offline::{key_seconds, Offline};
    use hollowdeep::audio::tuning::{AUDIO, OFFLINE_RATE};
    use hollowdeep::audio::{board_commands, wav, Levels, MixCommand};
    use hollowdeep::mode::Mode;
    use hollowdeep::reactor::mode::Reactor;
    use hollowdeep::reactor::{script, text, Balance, Game};
    use std::process::Command;

    /// A corridor with a fuel network under it, its source `on` or off.
    fn corridor(source: &str) -> Reactor {
        let map = format!(
            "[surface]\n#######\n#a..@.#\n#######\n[fuel]\n.......\n.=====.\n.......\n[props]\na flow fuel {source}\n[level]\nid hum\nrequired 0 0 0\n"
        );
        let b = Balance::normal();
        Reactor::new(Game::new(text::parse(&map, &b).unwrap(), b))
    }

    /// A level's continuous sounds alone (effects off), held for `seconds` past their fade-in.
    fn beds_of(mut r: Reactor, seconds: f64) -> Vec<[f32; 2]> {
        let mut out = Offline::new(OFFLINE_RATE);
        out.send(MixCommand::Levels(Levels { effects: 0.0, ..Levels::default() }));
        let scene = r.scene(None);
        out.send_all(board_commands(&scene, &[], &r.beds(), 0.0));
        out.advance(f64::from(AUDIO.ambience_seconds) * 3.0);
        let settled = out.frames().len();
        out.advance(seconds);
        out.frames()[settled..].to_vec()
    }

    /// The power at `hz` (a Goertzel filter over the left channel), per sample.
    fn power_at(frames: &[[f32; 2]], hz: f32) -> f32 {
        let w = std::f32::consts::TAU * hz / OFFLINE_RATE as f32;
        let (mut s1, mut s2) = (0.0f32, 0.0f32);
        for f in frames {
            let s = f[0] + 2.0 * w.cos() * s1 - s2;
            s2 = s1;
            s1 = s;
        }
        (s1 * s1 + s2 * s2 - 2.0 * w.cos() * s1 * s2) / (frames.len() as f32).powi(2)
    }

    #[test]
    fn a_live_network_hums_and_a_dead_one_does_not() {
        let hz = AUDIO.beds.hums[0].hz;
        let live = beds_of(corridor("on"), 1.0);
        let dead = beds_of(corridor("off"), 1.0);
        assert_eq!(rms(&dead), [0.0, 0.0], "no live network, no hum");
        let [l, r] = rms(&live);
        assert!(l > 0.01 && (l - r).abs() < 1e-4, "a network hums all around: {l} {r}");
        let off_band = power_at(&live, hz * 1.37);
        assert!(power_at(&live, hz) > off_band * 50.0, "the fuel hum is at its tuned pitch");
    }

    /// A fed leak in a corridor, its access cell `dx` cells from the robot (negative: west).
    fn leak_at(dx: i32) -> Reactor {
        let (robot, access) = (5, 5 + dx);
        let map = format!(
            "[surface]\n###########\n#.........#\n###########\n[fuel]\n...........\n.=========.\n...........\n[props]\n1,1 flow fuel on\n[leaks]\nfuel {access} 1 {access} 1\n[level]\nid leak\nrobot {robot} 1 0 false\nrequired 0 0 0\n"
        );
        let b = Balance::normal();
        Reactor::new(Game::new(text::parse(&map, &b).unwrap(), b))
    }

    #[test]
    fn a_leak_to_the_robots_left_hisses_louder_in_the_left_channel() {
        // Measured above the hum's harmonics: the hiss is noise above its cutoff.
        let highs = |frames: Vec<[f32; 2]>| {
            let d: Vec<[f32; 2]> =
                frames.windows(2).map(|w| [w[1][0] - w[0][0], w[1][1] - w[0][1]]).collect();
            rms(&d)
        };
        let [l, r] = highs(beds_of(leak_at(-3), 1.0));
        assert!(l > r * 2.0, "left of the robot on screen is the left ear: {l} {r}");
        let [l, r] = highs(beds_of(leak_at(3), 1.0));
        assert!(r > l * 2.0, "and right is right: {l} {r}");
        let [near, _] = highs(beds_of(leak_at(-1), 1.0));
        let [far, _] = highs(beds_of(leak_at(-4), 1.0));
        assert!(near > far, "further is softer: {near} {far}");
    }

    fn first_light() -> Reactor {
        let b = Balance::normal();
        let text = include_str!("../assets/reactor/01-first-light.json");
        let level = hollowdeep::reactor::schema::load(text.as_bytes(), &b).level.unwrap();
        Reactor::new(Game::new(level, b))
    }

    #[test]
    fn a_state_change_sounds_its_cue_when_the_cascade_has_played() {
        // The third action's pulse takes the first level from Caution to Ready.
        let actions = script::parse_actions("move:E move:E interact").unwrap();
        let out = render_reactor_run(first_light(), &actions, effects_only());
        let rate = f64::from(OFFLINE_RATE);
        let pulse_at = 2.0 * key_seconds();
        let cue_at = pulse_at + CASCADE_SECONDS;
        let window = |from: f64, to: f64| &out.frames()[(from * rate) as usize..(to * rate) as usize];
        // Ready rises through its first ring (523 Hz): there in the cue's window, not before it.
        let ready = power_at(window(cue_at, cue_at + 0.2), 523.0);
        let before = power_at(window(pulse_at, cue_at - 0.01), 523.0);
        assert!(ready > before * 20.0 && ready > 1e-6, "the cue starts at {cue_at} s: {ready} vs {before}");
        // Blocks of 10 ms: the first loud one after the switch's own sound is the cue's onset.
        let block = (rate / 100.0) as usize;
        let from = ((pulse_at + 0.35) * rate) as usize;
        let onset = out.frames()[from..]
            .chunks(block)
            .position(|c| peak(c) > 0.02)
            .map(|k| (from + k * block) as f64 / rate)
            .expect("a cue");
        assert!((onset - cue_at).abs() < 0.02, "onset {onset} s, cue at {cue_at} s");
    }

    #[test]
    fn the_same_actions_give_the_same_wav_and_muted_is_silence() {
        let actions = include_str!("../assets/reactor/01-first-light.actions");
        let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-wav-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let render = |name: &str| {
            let path = dir.join(name);
            let out = Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
                .args(["reactor", "--headless", "--level", "assets/reactor/01-first-light.json"])
                .args(["--actions", actions.trim(), "--audio-out"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            std::fs::read(&path).unwrap()
        };
        let (a, b) = (render("a.wav"), render("b.wav"));
        assert!(a == b, "byte-identical");
        let (rate, frames) = wav::decode(&a).unwrap();
        assert_eq!(rate, OFFLINE_RATE);
        let n = script::parse_actions(actions).unwrap().len() as f64;
        let seconds = n * key_seconds().max(CASCADE_SECONDS) + AUDIO.offline_tail_seconds;
        assert_eq!(frames.len(), (seconds * f64::from(rate)).round() as usize, "each action on game time");
        assert!(peak(&frames) > 0.1 && peak(&frames) < 1.0);
        let parsed = script::parse_actions(actions).unwrap();
        let muted = render_reactor_run(first_light(), &parsed, Levels { muted: true, ..Levels::default() });
        assert_eq!(peak(muted.frames()), 0.0);
        let bad = Command::new(env!("CARGO_BIN_EXE_hollowdeep"))
            .args(["reactor", "--level", "assets/reactor/01-first-light.json", "--audio-out", "x.wav"])
            .output()
            .unwrap();
        assert_eq!(bad.status.code(), Some(2));
        assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The window's reactor session hands the audio each action's cues and the state's beds once.
#[test]
fn the_reactor_window_session_feeds_the_mixer() {
    use hollowdeep::app::persist::settings::Settings;
    use hollowdeep::app::reactor::keys::ReactorKey;
    use hollowdeep::audio::MixCommand;
    use hollowdeep::scene::SoundKind;
    let dir = std::env::temp_dir().join(format!("hollowdeep-reactor-session-audio-{}", std::process::id()));
    let level = hollowdeep::app::reactor::play::shipped(0, &dir).unwrap().0;
    let mut s = hollowdeep::app::reactor::play::session(level, &Settings::default(), &dir);
    let first = s.take_mix_commands();
    assert!(first.iter().any(|c| matches!(c, MixCommand::Beds(_))), "the level's beds from the start");
    assert!(s.take_mix_commands().is_empty(), "once");
    // The first level opens on the legend; its key closes it.
    for k in [
        ReactorKey::Legend,
        ReactorKey::Move(Facing::East),
        ReactorKey::Move(Facing::East),
        ReactorKey::Interact,
    ] {
        s.command(k, 0.0);
    }
    let cmds = s.take_mix_commands();
    let kinds: Vec<SoundKind> = cmds
        .iter()
        .filter_map(|c| if let MixCommand::Play(cue) = c { Some(cue.kind) } else { None })
        .collect();
    assert!(kinds.contains(&SoundKind::Switch) && kinds.contains(&SoundKind::StateReady), "{kinds:?}");
    let hum = cmds.iter().find_map(|c| if let MixCommand::Beds(g) = c { Some(g[0]) } else { None }).unwrap();
    assert!(hum[0] > 0.0, "the fuel network is live and hums");
    let _ = std::fs::remove_dir_all(&dir);
}
