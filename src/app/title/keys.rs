//! The title's keys: moving through a menu, taking a choice, and lowering or raising a setting.

use crate::app::keys::{named, Bindings, Context, Row, RowInfo};
use winit::keyboard::KeyCode as K;

/// On the title screen and its pages.
pub const MENU: Context = Context::new("menu", false);

/// What a key does in a menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuStep {
    Up,
    Down,
    /// Takes the selected choice.
    Take,
    /// Back to the page before (or out of a text field).
    Back,
    /// Lowers the selected setting.
    Lower,
    /// Raises the selected setting.
    Raise,
}

// The turn keys lower and raise a setting, as W and S move through menus as they walk.
#[rustfmt::skip]
pub const ROWS: &[Row<MenuStep>] = &[
    Row::new(MENU, "menu_up", MenuStep::Up, &[K::ArrowUp, K::KeyW], "Menu: up"),
    Row::new(MENU, "menu_down", MenuStep::Down, &[K::ArrowDown, K::KeyS], "Menu: down"),
    Row::new(MENU, "menu_take", MenuStep::Take, &[K::Enter, K::Space], "Menu: choose"),
    Row::new(MENU, "menu_back", MenuStep::Back, &[K::Escape], "Menu: back"),
    Row::new(MENU, "menu_lower", MenuStep::Lower, &[K::KeyQ, K::ArrowLeft], "Menu: lower a setting"),
    Row::new(MENU, "menu_raise", MenuStep::Raise, &[K::KeyE, K::ArrowRight], "Menu: raise a setting"),
];

fn row(name: &str) -> &'static RowInfo {
    named(ROWS, name).unwrap_or_else(|| panic!("the title has no key row {name}"))
}

/// A menu's key hint: "↑ ↓ choose   Enter takes   Esc goes back", without the last part on a
/// page that has nowhere to go back to (a play-tester pressed Esc on the first page and nothing
/// happened).
pub fn menu_hint(b: &Bindings, goes_back: bool) -> String {
    let choose = format!(
        "{} {} choose   {} takes",
        b.first_key(row("menu_up")),
        b.first_key(row("menu_down")),
        b.first_key(row("menu_take"))
    );
    if goes_back {
        format!("{choose}   {} goes back", b.first_key(row("menu_back")))
    } else {
        choose
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menu_keys_and_hint() {
        let b = Bindings::default();
        assert_eq!(b.command(ROWS, K::Escape, false, &[MENU]), Some(MenuStep::Back));
        assert_eq!(b.command(ROWS, K::KeyE, false, &[MENU]), Some(MenuStep::Raise));
        assert_eq!(menu_hint(&b, true), "↑ ↓ choose   Enter takes   Esc goes back");
        assert_eq!(menu_hint(&b, false), "↑ ↓ choose   Enter takes");
    }
}
