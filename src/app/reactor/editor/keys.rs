//! The level editor's keys: its context, its command type and its rows (the mouse does the same
//! through the editor's widgets).

use crate::app::keys::{Bindings, Context, Row, RowInfo};
use crate::app::shell::keys::{self as shell_keys, ShellKey, GLOBAL};
use crate::grid::Facing;
use winit::keyboard::KeyCode;
use winit::keyboard::KeyCode as K;

/// The reactor level editor (while no text field has the keyboard).
pub const EDITOR: Context = Context::new("editor", true);

/// What a key does in the reactor level editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorKey {
    /// Moves the cell cursor.
    Cursor(Facing),
    /// The tool at the cursor.
    Apply,
    /// Cycles what the layer holds at the cursor (as a right click).
    Cycle,
    NextLayer,
    /// Layer 0..4 of the selector (Surface, Electricity, Fuel, Coolant).
    Layer(u8),
    /// The layer palette's tool of this index.
    Tool(u8),
    Undo,
    Redo,
    Save,
    /// Play from here.
    Play,
    /// Leave the editor (asks first when changes are unsaved).
    Leave,
}

#[rustfmt::skip]
pub const ROWS: &[Row<EditorKey>] = &[
    Row::new(EDITOR, "editor_cursor_north", EditorKey::Cursor(Facing::North), &[K::ArrowUp], "Editor: cursor north"),
    Row::new(EDITOR, "editor_cursor_east", EditorKey::Cursor(Facing::East), &[K::ArrowRight], "Editor: cursor east"),
    Row::new(EDITOR, "editor_cursor_south", EditorKey::Cursor(Facing::South), &[K::ArrowDown], "Editor: cursor south"),
    Row::new(EDITOR, "editor_cursor_west", EditorKey::Cursor(Facing::West), &[K::ArrowLeft], "Editor: cursor west"),
    Row::new(EDITOR, "editor_apply", EditorKey::Apply, &[K::Space, K::Enter], "Editor: apply the tool at the cursor"),
    Row::new(EDITOR, "editor_cycle", EditorKey::Cycle, &[K::KeyC], "Editor: cycle what is at the cursor"),
    Row::new(EDITOR, "editor_next_layer", EditorKey::NextLayer, &[K::Tab], "Editor: next layer"),
    Row::new(EDITOR, "editor_layer_surface", EditorKey::Layer(0), &[K::Digit1], "Editor: Surface layer"),
    Row::new(EDITOR, "editor_layer_electricity", EditorKey::Layer(1), &[K::Digit2], "Editor: Electricity layer"),
    Row::new(EDITOR, "editor_layer_fuel", EditorKey::Layer(2), &[K::Digit3], "Editor: Fuel layer"),
    Row::new(EDITOR, "editor_layer_coolant", EditorKey::Layer(3), &[K::Digit4], "Editor: Coolant layer"),
    Row::new(EDITOR, "editor_tool_1", EditorKey::Tool(0), &[K::KeyQ], "Editor: palette tool 1"),
    Row::new(EDITOR, "editor_tool_2", EditorKey::Tool(1), &[K::KeyW], "Editor: palette tool 2"),
    Row::new(EDITOR, "editor_tool_3", EditorKey::Tool(2), &[K::KeyE], "Editor: palette tool 3"),
    Row::new(EDITOR, "editor_tool_4", EditorKey::Tool(3), &[K::KeyR], "Editor: palette tool 4"),
    Row::new(EDITOR, "editor_tool_5", EditorKey::Tool(4), &[K::KeyT], "Editor: palette tool 5"),
    Row::new(EDITOR, "editor_tool_6", EditorKey::Tool(5), &[K::KeyY], "Editor: palette tool 6"),
    Row::new(EDITOR, "editor_tool_7", EditorKey::Tool(6), &[K::KeyU], "Editor: palette tool 7"),
    Row::new(EDITOR, "editor_tool_8", EditorKey::Tool(7), &[K::KeyI], "Editor: palette tool 8"),
    Row::new(EDITOR, "editor_tool_9", EditorKey::Tool(8), &[K::KeyO], "Editor: palette tool 9"),
    Row::new(EDITOR, "editor_tool_10", EditorKey::Tool(9), &[K::KeyP], "Editor: palette tool 10"),
    Row::new(EDITOR, "editor_tool_11", EditorKey::Tool(10), &[K::KeyA], "Editor: palette tool 11"),
    Row::new(EDITOR, "editor_tool_12", EditorKey::Tool(11), &[K::KeyS], "Editor: palette tool 12"),
    Row::new(EDITOR, "editor_tool_13", EditorKey::Tool(12), &[K::KeyD], "Editor: palette tool 13"),
    Row::new(EDITOR, "editor_tool_14", EditorKey::Tool(13), &[K::KeyF], "Editor: palette tool 14"),
    Row::new(EDITOR, "editor_tool_15", EditorKey::Tool(14), &[K::KeyG], "Editor: palette tool 15"),
    Row::new(EDITOR, "editor_tool_16", EditorKey::Tool(15), &[K::KeyH], "Editor: palette tool 16"),
    Row::new(EDITOR, "editor_tool_17", EditorKey::Tool(16), &[K::KeyJ], "Editor: palette tool 17"),
    Row::new(EDITOR, "editor_tool_18", EditorKey::Tool(17), &[K::KeyK], "Editor: palette tool 18"),
    Row::new(EDITOR, "editor_tool_19", EditorKey::Tool(18), &[K::KeyL], "Editor: palette tool 19"),
    Row::new(EDITOR, "editor_tool_20", EditorKey::Tool(19), &[K::KeyZ], "Editor: palette tool 20"),
    Row::new(EDITOR, "editor_undo", EditorKey::Undo, &[K::KeyZ], "Editor: undo").ctrl(),
    Row::new(EDITOR, "editor_redo", EditorKey::Redo, &[K::KeyY], "Editor: redo").ctrl(),
    Row::new(EDITOR, "editor_save", EditorKey::Save, &[K::KeyS], "Editor: save").ctrl(),
    Row::new(EDITOR, "editor_play", EditorKey::Play, &[K::F5], "Editor: play from here"),
    Row::new(EDITOR, "editor_leave", EditorKey::Leave, &[K::Escape], "Editor: leave (asks when unsaved)"),
];

/// What a key asks of the editor: an edit, or one of the shell's keys (help, screenshot…).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorInput {
    Edit(EditorKey),
    Shell(ShellKey),
}

/// The command `key` asks for: with Ctrl held only the Ctrl rows, otherwise the editor's plain
/// rows, then the shell's.
pub fn lookup(bindings: &Bindings, key: KeyCode, alt: bool, ctrl: bool) -> Option<EditorInput> {
    if ctrl {
        return bindings.ctrl_command(ROWS, key, &[EDITOR]).map(EditorInput::Edit);
    }
    bindings
        .command(ROWS, key, alt, &[EDITOR])
        .map(EditorInput::Edit)
        .or_else(|| bindings.command(shell_keys::ROWS, key, alt, &[GLOBAL]).map(EditorInput::Shell))
}

/// The editor's row named `name`, or the shell's.
pub fn row(name: &str) -> &'static RowInfo {
    shell_keys::row_of(ROWS, name)
}

/// The editor's help: its rows and the shell's global ones.
pub fn describe(bindings: &Bindings) -> Vec<(String, String)> {
    shell_keys::describe_with(bindings, ROWS, &[EDITOR, GLOBAL])
}
