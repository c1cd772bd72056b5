//! The end of a run in the window: the score on stdout, the high-score table (real runs only), the
//! morgue file, and the card that tells the player all of it in large type.

use crate::app::persist::{files, morgue, profile};
use crate::game::messages::EPITAPH;
use crate::game::Game;
use crate::render::Overlay;
use std::path::Path;

/// Records a finished run and returns the card to show. A replay is not a new run: it is neither
/// scored nor given a morgue file. Failures to write are said on stderr and on the card; the run's
/// score is on stdout either way.
pub fn finish(game: &Game, data_dir: &Path, replaying: bool) -> Overlay {
    print_epitaph(game);
    let mut lines = vec![EPITAPH.to_string(), String::new(), cause_line(game), summary_line(game)];
    if replaying {
        lines.push("A replay: not scored.".into());
        return card(lines, "Press any key to leave the replay");
    }
    let (date, stamp) = files::date_and_stamp();
    if game.is_practice() {
        lines.push("A practice run: not scored.".into());
    } else {
        let result = profile::load(data_dir).and_then(|(mut p, warning)| {
            if let Some(w) = warning {
                eprintln!("hollowdeep: {w}");
                lines.push("Your profile was damaged and set aside; a new one begins.".into());
            }
            p.record(game, date.clone());
            // A daily run's result goes into the same write as the score.
            if let Some(line) = crate::app::crawler::daily::finish(&mut p, game) {
                println!("{line}");
                lines.push(line);
            }
            profile::save(data_dir, &p)
        });
        if let Err(message) = result {
            eprintln!("hollowdeep: {message}");
            lines.push(format!("The score could not be kept: {message}"));
        }
    }
    match morgue::write(data_dir, game, &stamp, &date) {
        Ok(path) => {
            println!("Morgue file: {}", path.display());
            lines.push(format!("Morgue file: {}", path.display()));
        }
        Err(message) => {
            eprintln!("hollowdeep: {message}");
            lines.push(format!("No morgue file: {message}"));
        }
    }
    card(lines, "Press any key for the title screen")
}

fn card(lines: Vec<String>, hint: &str) -> Overlay {
    Overlay::Card { title: "YOU DIED".into(), lines, hint: hint.into() }
}

/// "Slain by a lurker at depth 4." with a capital and a full stop.
fn cause_line(game: &Game) -> String {
    let cause = game.cause_of_death().unwrap_or("lost in the dark");
    let mut chars = cause.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

fn summary_line(game: &Game) -> String {
    format!(
        "Depth {} - {} kills - {} turns - score {}",
        game.depth(),
        game.kills(),
        game.turn(),
        game.score()
    )
}

/// Prints the end of a run to standard output: the lines the headless driver prints too.
fn print_epitaph(game: &Game) {
    println!("{EPITAPH}");
    println!("{}", crate::game::mode::score_line(game));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cause_reads_as_a_sentence() {
        let mut game = Game::new(1);
        game.cause_of_death = Some("slain by a lurker at depth 4".into());
        assert_eq!(cause_line(&game), "Slain by a lurker at depth 4.");
    }
}
