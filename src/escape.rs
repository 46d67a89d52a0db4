//! Escaping text from records for the medium it is shown in: one function
//! per medium, so no tag, comment or name reaches a terminal, a Markdown
//! summary or a page with its control characters or markup live.

use std::borrow::Cow;

/// Text for a terminal line: control characters (C0, DEL, C1: an escape
/// sequence can retitle the window or hide text) written as `\u{1b}`; all
/// else, printable Unicode included, as it is.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c.is_control() {
            true => out.extend(c.escape_unicode()),
            false => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_written_out() {
        assert_eq!(terminal("Zürich ♔"), "Zürich ♔");
        assert_eq!(
            terminal("evil\u{1b}]0;title\u{7}x"),
            "evil\\u{1b}]0;title\\u{7}x"
        );
        assert_eq!(terminal("a\u{9b}b"), "a\\u{9b}b");
    }
}
