//! Counts with their nouns: "1 undo", "2 undos". Every count the reactor prints goes through here, so
//! no line says "1 pulses".

/// `n` and the noun that agrees with it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The same for a length or an index.
pub fn count_of(n: usize, one: &str, many: &str) -> String {
    count(n as u64, one, many)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(count(1u32, "undo", "undos"), "1 undo");
        assert_eq!(count(0u32, "undo", "undos"), "0 undos");
        assert_eq!(count(2u32, "pulse", "pulses"), "2 pulses");
        assert_eq!(count_of(1, "entry", "entries"), "1 entry");
        assert_eq!(count_of(11, "entry", "entries"), "11 entries");
    }
}
