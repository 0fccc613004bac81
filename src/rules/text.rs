//! Small helpers for the crate's sentences: quoting what a learner typed, capitals, numbers and
//! a game's name.

/// The most characters of a learner's input that a message quotes.
const QUOTE_LIMIT: usize = 24;

/// `text` quoted for a message, cut to 24 characters with `...` where it was cut, so that a
/// pasted page of text never floods an error message.
pub(crate) fn quoted(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        format!("{text:?}")
    } else {
        let short: String = text.chars().take(QUOTE_LIMIT).collect();
        format!("{:?}", short + "...")
    }
}

/// `text` with its first letter made a capital, for a sentence built from a message.
pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The game's type name without its path: `TakeAway`, `ConnectFour`.
pub(crate) fn type_name<G: ?Sized>() -> String {
    let full = std::any::type_name::<G>();
    let without_generics = full.split('<').next().unwrap_or(full);
    without_generics
        .rsplit("::")
        .next()
        .unwrap_or(without_generics)
        .to_owned()
}

/// A type's name in words: `LastLoses` is "last loses", `KInARow` "k in a row", `Nim3Heaps`
/// "nim 3 heaps".
fn name_in_words(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut words = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            words.push(' ');
            continue;
        }
        if let Some(&before) = i.checked_sub(1).and_then(|j| chars.get(j)) {
            let after = chars.get(i + 1).copied();
            let starts_word = (c.is_uppercase()
                && (!before.is_uppercase() || after.is_some_and(char::is_lowercase)))
                || (c.is_ascii_digit() != before.is_ascii_digit() && before != '_');
            if starts_word && !words.ends_with(' ') {
                words.push(' ');
            }
        }
        words.extend(c.to_lowercase());
    }
    words
}

/// The game's type name in words, for a game that gives no name of its own: `LastLoses` is
/// "last loses".
pub(crate) fn type_name_in_words<G: ?Sized>() -> String {
    name_in_words(&type_name::<G>())
}

/// `n` with a comma between each group of three digits: `255,168`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `n` and `word`, the word plural unless `n` is one: `1 visit`, `1,024 visits`.
pub(crate) fn counted(n: u64, word: &str) -> String {
    format!("{} {word}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// Gives each listed error a `Debug` that prints its sentence: a notebook cell whose last value
/// is `Err(error)` then reads `Err(square 5 is taken: X is already there)`, not a variant name.
macro_rules! debug_as_sentence {
    ($($error:ty),* $(,)?) => {$(
        impl std::fmt::Debug for $error {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }
    )*};
}

pub(crate) use debug_as_sentence;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_type_name_reads_as_words() {
        for (name, words) in [
            ("LastLoses", "last loses"),
            ("KInARow", "k in a row"),
            ("Nim3Heaps", "nim 3 heaps"),
            ("TakeAway", "take away"),
            ("nim", "nim"),
            ("HTTPGame", "http game"),
            ("my_game", "my game"),
            ("", ""),
        ] {
            assert_eq!(name_in_words(name), words, "{name}");
        }
    }

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quoted("b4"), "\"b4\"");
        assert_eq!(quoted("say \"hi\""), "\"say \\\"hi\\\"\"");
        assert_eq!(
            quoted(&"7".repeat(100)),
            format!("\"{}...\"", "7".repeat(24))
        );
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(255_168), "255,168");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
