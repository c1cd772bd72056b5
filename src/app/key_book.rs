//! Every front's key rows in one book, in the order the settings file and the settings page list
//! them. The one place besides the title that names every front: a new front adds its table here.

use crate::app::keys::row::infos;
use crate::app::keys::RowInfo;

/// All rows: the crawler's, the shell's, the title's, the reactor's and its editor's.
pub fn book() -> Vec<&'static RowInfo> {
    infos(crate::app::crawler::keys::ROWS)
        .chain(infos(crate::app::shell::keys::ROWS))
        .chain(infos(crate::app::title::keys::ROWS))
        .chain(infos(crate::app::reactor::keys::ROWS))
        .chain(infos(crate::app::reactor::editor::keys::ROWS))
        .collect()
}

/// The row of the book named `name` (the settings file's names).
pub fn named(name: &str) -> Option<&'static RowInfo> {
    book().into_iter().find(|r| r.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::crawler::keys::{lookup, RunKey, PLAY};
    use crate::app::keys::{key_from_name, key_name, Bindings, Taken};
    use crate::app::reactor::editor::keys::{EditorKey, EDITOR, ROWS as EDITOR_ROWS};
    use crate::app::shell::keys::{ShellKey, GLOBAL, ROWS as SHELL_ROWS};
    use crate::app::title::keys::{MenuStep, MENU, ROWS as MENU_ROWS};
    use crate::game::Action;
    use winit::keyboard::KeyCode as K;

    #[test]
    fn every_default_key_has_a_name_and_round_trips() {
        for row in book() {
            for key in row.keys.iter().chain(&row.alt) {
                assert_eq!(key_from_name(key_name(*key)), Some(*key), "{}", row.name);
            }
        }
    }

    #[test]
    fn names_are_unique_over_every_front() {
        let book = book();
        for (i, row) in book.iter().enumerate() {
            assert!(book[..i].iter().all(|o| o.name != row.name), "{} twice", row.name);
        }
    }

    #[test]
    fn no_two_rows_of_one_context_share_a_default_key() {
        let book = book();
        for (i, b) in book.iter().enumerate() {
            for o in book[..i].iter().filter(|o| o.context == b.context && o.ctrl == b.ctrl) {
                assert!(b.keys.iter().all(|k| !o.keys.contains(k)), "{} and {} share a key", o.name, b.name);
            }
        }
    }

    #[test]
    fn rebinding_a_key_another_command_used_swaps_them_so_both_keep_a_key() {
        let book = book();
        let mut b = Bindings::default();
        let (wait, automap) = (named("wait").unwrap(), named("automap").unwrap());
        let taken = b.rebind(&book, wait, K::KeyM);
        assert_eq!(taken, vec![Taken { row: automap, given: None }]);
        assert_eq!(b.rebind_note(wait, &taken), "Wait is now M (it was Automap's, which keeps Tab).");
        let playing = [PLAY, GLOBAL];
        assert_eq!(lookup(&b, K::KeyM, false, &playing), Some(RunKey::Act(Action::Wait)));
        assert_eq!(lookup(&b, K::Tab, false, &playing), Some(RunKey::Automap), "automap keeps Tab");
        let taken = b.rebind(&book, automap, K::KeyM);
        assert_eq!(b.rebind_note(automap, &taken), "Automap is now M (it was Wait's, which now has Tab).");
        assert_eq!(lookup(&b, K::KeyM, false, &playing), Some(RunKey::Automap));
        assert_eq!(b.keys(wait), [K::Tab], "wait took the key automap gave up");
        let free = b.rebind(&book, wait, K::KeyK);
        assert_eq!(b.rebind_note(wait, &free), "Wait is now K.", "a free key takes nothing");
        assert_eq!(
            b.command(MENU_ROWS, K::Escape, false, &[MENU]),
            Some(MenuStep::Back),
            "other contexts untouched"
        );
    }

    #[test]
    fn a_global_key_is_taken_from_every_context_live_beside_it() {
        let book = book();
        let mut b = Bindings::default();
        let taken = b.rebind(&book, named("wait").unwrap(), K::F8);
        assert_eq!(taken, vec![Taken { row: named("mute").unwrap(), given: Some(K::KeyC) }]);
        assert_eq!(b.command(SHELL_ROWS, K::KeyC, false, &[GLOBAL]), Some(ShellKey::Mute));
    }

    #[test]
    fn editor_keys_with_and_without_ctrl_mean_different_things() {
        let b = Bindings::default();
        assert_eq!(b.command(EDITOR_ROWS, K::KeyZ, false, &[EDITOR]), Some(EditorKey::Tool(19)));
        assert_eq!(b.ctrl_command(EDITOR_ROWS, K::KeyZ, &[EDITOR]), Some(EditorKey::Undo));
        assert_eq!(b.ctrl_command(EDITOR_ROWS, K::KeyS, &[EDITOR]), Some(EditorKey::Save));
        assert_eq!(b.ctrl_command(EDITOR_ROWS, K::KeyQ, &[EDITOR]), None);
        assert_eq!(b.first_key(named("editor_undo").unwrap()), "Ctrl+Z");
    }
}
