//! The editor's board: the level as the player's top-down view draws it, with every underground
//! layer shown at the seed's opacity for the active layer, and the editor's cursor. The board's own
//! HUD panel stays empty: the editor's panels are egui's.

use super::opacity::opacity;
use crate::reactor::edit::Editor;
use crate::reactor::present::{self, ViewState};
use crate::reactor::Game;
use crate::scene::{BoardHud, Scene};

/// The scene of the level being edited; `turn` stamps it so the renderer rebuilds what changed.
pub fn board_scene(editor: &Editor, turn: u64) -> Scene {
    let game = Game::new(editor.level().clone(), editor.balance().clone());
    let view = ViewState { cursor: Some(editor.cursor()), ..ViewState::default() };
    let mut scene = present::scene(&game, &view, None, turn);
    if let Some(board) = scene.board.as_mut() {
        board.layers = true;
        board.opacity = Some(opacity(editor.layer()));
        board.hud = BoardHud::default();
    }
    scene
}
