//! The application shell: window, input, turn machine, headless driver and CLI.
//!
//! It decides no rules: it maps keys to `game::Action`s, plays the resulting reports as animation,
//! and hands the game to `render` to be drawn.

pub mod bench;
pub mod cli;
pub mod clock;
pub mod crawler;
pub mod key_book;
pub mod keys;
pub mod modes;
pub mod persist;
pub mod reactor;
pub mod screenshot;
pub mod shell;
pub mod title;

/// Entry point of the binary; returns the process exit code.
pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    // What a killed or failed write left behind last time goes before anything is written now.
    persist::clean_data_folders();
    if let Some(run) = args.first().and_then(|word| modes::runner_for(word)) {
        return run(&args[1..], title::launch::home);
    }
    let opts = match cli::parse_os(args) {
        Ok(opts) => opts,
        Err(message) => {
            eprintln!("hollowdeep: {}", cli::screen_line(&message));
            return 2;
        }
    };
    let outputs = [&opts.dump_state, &opts.record, &opts.screenshot, &opts.audio_out];
    if let Some(Err(message)) =
        outputs.into_iter().flatten().map(|p| persist::writer::check_output_folder(p)).find(Result::is_err)
    {
        eprintln!("hollowdeep: {}", cli::screen_line(&message));
        return 2;
    }
    if let (Some(line), Some(path)) = (&opts.verify_daily, &opts.replay) {
        return match crawler::daily::verify(line, path) {
            Ok(()) => {
                println!("The share line matches the recording.");
                0
            }
            Err(message) => {
                eprintln!("hollowdeep: {}", cli::screen_line(&message));
                1
            }
        };
    }
    let mut opts = opts;
    if opts.daily {
        opts.seed = Some(crawler::daily::seed_of(&crawler::daily::today()));
    }
    if opts.help {
        print!("{}", cli::USAGE);
        return 0;
    }
    if opts.scores {
        return print_scores();
    }
    if let Some(count) = opts.simulate {
        // Headless: the pacing figures go to standard output (and one run to a recording, if asked).
        let first = opts.seed.unwrap_or(1);
        use crawler::autoplayer::Style;
        let styles = match opts.style.as_deref().map(|name| (name, Style::from_name(name))) {
            None => Style::ALL.to_vec(),
            Some((_, Some(style))) => vec![style],
            Some((name, None)) => {
                let names: Vec<&str> = Style::ALL.iter().map(|s| s.name()).collect();
                let message = format!("--style takes {}, not '{}'.", names.join(", "), cli::shown(name));
                eprintln!("hollowdeep: {}", cli::screen_line(&message));
                return 2;
            }
        };
        let result = match &opts.record {
            // One run, one player: the style asked for, or the explorer.
            Some(path) => crawler::simulate::record(first, styles[0], path),
            None => crawler::simulate::run(first, count, &styles),
        };
        return match result {
            Ok(()) => 0,
            Err(message) => {
                eprintln!("hollowdeep: {}", cli::screen_line(&message));
                1
            }
        };
    }
    let seed = opts.seed.unwrap_or_else(crawler::screen::random_seed);
    let result = if opts.bench {
        bench::run(&opts, seed)
    } else if opts.headless {
        crawler::headless::run(&opts, seed)
    } else {
        title::launch::window(&opts, seed)
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("hollowdeep: {}", cli::screen_line(&message));
            1
        }
    }
}

fn print_scores() -> i32 {
    match persist::profile::load(&persist::data_dir()) {
        Ok((profile, warning)) => {
            if let Some(warning) = warning {
                eprintln!("hollowdeep: {warning}");
            }
            print!("{}", profile.table());
            0
        }
        Err(message) => {
            eprintln!("hollowdeep: {}", cli::screen_line(&message));
            1
        }
    }
}
