//! Quoting user text in error messages: short enough that a 100 KB input never turns into a
//! 100 KB error.

/// The most characters of user text an error message quotes.
pub const QUOTE_LIMIT: usize = 60;

/// `text` as a Debug-style quoted string (`"h8"`), cut to [`QUOTE_LIMIT`] characters with `…`
/// and the total length when longer: `"aaaa…" (100000 characters)`.
pub fn quote(text: &str) -> String {
    let mut chars = text.char_indices();
    match chars.nth(QUOTE_LIMIT) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!(
            "{:?} ({} characters)",
            format!("{}…", &text[..cut]),
            text.chars().count()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quote("h8"), "\"h8\"");
        assert_eq!(quote("a\"b"), "\"a\\\"b\"");
        let exact = "x".repeat(QUOTE_LIMIT);
        assert_eq!(quote(&exact), format!("\"{exact}\""));
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "é".repeat(100_000);
        let quoted = quote(&long);
        assert!(quoted.chars().count() < QUOTE_LIMIT + 30, "{quoted}");
        assert!(quoted.ends_with("…\" (100000 characters)"), "{quoted}");
        assert!(quoted.starts_with(&format!("\"{}", "é".repeat(QUOTE_LIMIT))));
    }
}
