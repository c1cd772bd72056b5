//! The reactor's keys on its board: its context, its command type, its rows and the panel's key
//! lines.

use crate::app::keys::{Bindings, Context, Row, RowInfo};
use crate::app::shell::keys::{self as shell_keys, ShellKey};
use crate::grid::Facing;
use winit::keyboard::KeyCode;
use winit::keyboard::KeyCode as K;

/// Playing a reactor level on its board.
pub const REACTOR: Context = Context::new("reactor", true);

/// What a key does on the reactor's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReactorKey {
    Move(Facing),
    /// The prop here (the reactor control activates), or the leak here when there is no prop.
    Interact,
    Repair,
    /// Apply the neutralizer of carrier 0 (fuel), 1 (coolant) or 2 (electricity).
    Neutralize(u8),
    Shield,
    Undo,
    Restart,
    /// The next of several things usable from the robot's cell.
    NextTarget,
    /// The robot's eye view, or back to the board.
    EyeView,
    /// Moves the inspection cursor.
    Cursor(Facing),
    ZoomIn,
    ZoomOut,
    /// After a win: the campaign's next open level.
    NextLevel,
    /// The legend of every mark on the board, or back to the board.
    Legend,
    /// Esc: closes the help, or leaves the level for the campaign.
    Leave,
    /// One of the shell's keys (help, the prompt's answers, screenshot…), which the board also reads.
    Shell(ShellKey),
}

#[rustfmt::skip]
pub const ROWS: &[Row<ReactorKey>] = &[
    Row::new(REACTOR, "reactor_north", ReactorKey::Move(Facing::North), &[K::KeyW, K::ArrowUp], "Reactor: move north"),
    Row::new(REACTOR, "reactor_east", ReactorKey::Move(Facing::East), &[K::KeyD, K::ArrowRight], "Reactor: move east"),
    Row::new(REACTOR, "reactor_south", ReactorKey::Move(Facing::South), &[K::KeyS, K::ArrowDown], "Reactor: move south"),
    Row::new(REACTOR, "reactor_west", ReactorKey::Move(Facing::West), &[K::KeyA, K::ArrowLeft], "Reactor: move west"),
    Row::new(REACTOR, "reactor_interact", ReactorKey::Interact, &[K::Space, K::KeyE], "Reactor: interact (lengthy)"),
    Row::new(REACTOR, "reactor_repair", ReactorKey::Repair, &[K::KeyF], "Reactor: repair leak (lengthy)"),
    Row::new(REACTOR, "reactor_neutralize_fuel", ReactorKey::Neutralize(0), &[K::Digit1], "Reactor: fuel neutralizer"),
    Row::new(REACTOR, "reactor_neutralize_coolant", ReactorKey::Neutralize(1), &[K::Digit2], "Reactor: coolant neutralizer"),
    Row::new(REACTOR, "reactor_neutralize_electricity", ReactorKey::Neutralize(2), &[K::Digit3], "Reactor: electricity neutralizer"),
    Row::new(REACTOR, "reactor_shield", ReactorKey::Shield, &[K::KeyH], "Reactor: heat shield (lengthy)"),
    Row::new(REACTOR, "reactor_undo", ReactorKey::Undo, &[K::KeyZ], "Reactor: undo"),
    Row::new(REACTOR, "reactor_restart", ReactorKey::Restart, &[K::KeyR], "Reactor: restart"),
    Row::new(REACTOR, "reactor_next_target", ReactorKey::NextTarget, &[K::Tab], "Reactor: next thing to use here"),
    Row::new(REACTOR, "reactor_eye_view", ReactorKey::EyeView, &[K::KeyV], "Reactor: robot's eye view"),
    Row::new(REACTOR, "reactor_cursor_north", ReactorKey::Cursor(Facing::North), &[K::KeyI], "Reactor: cursor north"),
    Row::new(REACTOR, "reactor_cursor_east", ReactorKey::Cursor(Facing::East), &[K::KeyL], "Reactor: cursor east"),
    Row::new(REACTOR, "reactor_cursor_south", ReactorKey::Cursor(Facing::South), &[K::KeyK], "Reactor: cursor south"),
    Row::new(REACTOR, "reactor_cursor_west", ReactorKey::Cursor(Facing::West), &[K::KeyJ], "Reactor: cursor west"),
    Row::new(REACTOR, "reactor_zoom_in", ReactorKey::ZoomIn, &[K::Equal, K::NumpadAdd], "Reactor: zoom in"),
    Row::new(REACTOR, "reactor_zoom_out", ReactorKey::ZoomOut, &[K::Minus, K::NumpadSubtract], "Reactor: zoom out"),
    Row::new(REACTOR, "reactor_next_level", ReactorKey::NextLevel, &[K::Enter], "Reactor: next level (after a win)"),
    Row::new(REACTOR, "reactor_legend", ReactorKey::Legend, &[K::KeyG], "Reactor: legend of the board's marks"),
    Row::new(REACTOR, "reactor_leave", ReactorKey::Leave, &[K::Escape], "Reactor: back to the campaign"),
];

/// The command `key` asks for in the live `contexts`, the board's rows and the shell's read
/// context by context.
pub fn lookup(bindings: &Bindings, key: KeyCode, alt: bool, contexts: &[Context]) -> Option<ReactorKey> {
    shell_keys::lookup(bindings, ROWS, ReactorKey::Shell, key, alt, contexts)
}

/// The board's row named `name`, or the shell's.
pub fn row(name: &str) -> &'static RowInfo {
    shell_keys::row_of(ROWS, name)
}

/// The help's rows: the board's and the shell's global ones.
pub fn describe(bindings: &Bindings) -> Vec<(String, String)> {
    shell_keys::describe_with(bindings, ROWS, &[REACTOR, shell_keys::GLOBAL])
}

/// The reactor's key lines for the board's panel, from the rows' first keys.
pub fn hints(b: &Bindings) -> Vec<String> {
    let k = |n: &str| b.first_key(row(n));
    vec![
        format!(
            "{}{}{}{} move  {} interact  {} repair  {}{}{} neutralize",
            k("reactor_north"),
            k("reactor_west"),
            k("reactor_south"),
            k("reactor_east"),
            k("reactor_interact"),
            k("reactor_repair"),
            k("reactor_neutralize_fuel"),
            k("reactor_neutralize_coolant"),
            k("reactor_neutralize_electricity"),
        ),
        format!(
            "{} target  {} shield  {} undo  {} restart  {} eye view  {} legend  {} help",
            k("reactor_next_target"),
            k("reactor_shield"),
            k("reactor_undo"),
            k("reactor_restart"),
            k("reactor_eye_view"),
            k("reactor_legend"),
            k("help")
        ),
        format!(
            "{}{}{}{} or mouse: inspect  {}/{} zoom  click: move/use",
            k("reactor_cursor_north"),
            k("reactor_cursor_west"),
            k("reactor_cursor_south"),
            k("reactor_cursor_east"),
            k("reactor_zoom_in"),
            k("reactor_zoom_out")
        ),
    ]
}
