//! The characters keys type into a menu's text field (a seed, a share code): read from the
//! physical key, so a field works the same whatever the player's key bindings are.

use winit::keyboard::KeyCode as K;

const LETTERS: [K; 26] = [
    K::KeyA,
    K::KeyB,
    K::KeyC,
    K::KeyD,
    K::KeyE,
    K::KeyF,
    K::KeyG,
    K::KeyH,
    K::KeyI,
    K::KeyJ,
    K::KeyK,
    K::KeyL,
    K::KeyM,
    K::KeyN,
    K::KeyO,
    K::KeyP,
    K::KeyQ,
    K::KeyR,
    K::KeyS,
    K::KeyT,
    K::KeyU,
    K::KeyV,
    K::KeyW,
    K::KeyX,
    K::KeyY,
    K::KeyZ,
];

/// The digit a key types, from the top row or the number pad.
pub fn digit_of(key: K) -> Option<char> {
    let digits = [
        (K::Digit0, K::Numpad0),
        (K::Digit1, K::Numpad1),
        (K::Digit2, K::Numpad2),
        (K::Digit3, K::Numpad3),
        (K::Digit4, K::Numpad4),
        (K::Digit5, K::Numpad5),
        (K::Digit6, K::Numpad6),
        (K::Digit7, K::Numpad7),
        (K::Digit8, K::Numpad8),
        (K::Digit9, K::Numpad9),
    ];
    digits.iter().position(|&(a, b)| key == a || key == b).and_then(|d| char::from_digit(d as u32, 10))
}

/// The capital letter a key types.
pub fn letter_of(key: K) -> Option<char> {
    LETTERS.iter().position(|k| *k == key).map(|i| (b'A' + i as u8) as char)
}

/// Every key that types something, for tests that type a text.
pub fn typing_keys() -> impl Iterator<Item = K> {
    let digits = [K::Digit0, K::Digit1, K::Digit2, K::Digit3, K::Digit4];
    let more = [K::Digit5, K::Digit6, K::Digit7, K::Digit8, K::Digit9, K::Minus, K::Space];
    LETTERS.into_iter().chain(digits).chain(more)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_come_from_both_rows_and_letters_are_capitals() {
        assert_eq!(digit_of(K::Numpad7), Some('7'));
        assert_eq!(digit_of(K::Digit0), Some('0'));
        assert_eq!(digit_of(K::KeyA), None);
        assert_eq!(letter_of(K::KeyZ), Some('Z'));
        assert_eq!(letter_of(K::Digit1), None);
    }
}
