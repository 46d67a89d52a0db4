//! Escaping text from records for the medium it is shown in: one function
//! per medium, so no tag, comment or name reaches a terminal, a Markdown
//! summary, a page, a report or a workflow command with its control
//! characters or markup live.

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

/// Text for HTML, SVG and XML, in content and in quoted attribute values:
/// `& < > " '` as references, line breaks and tabs as character references
/// (so an attribute keeps them), and the characters XML 1.0 forbids as
/// U+FFFD, so a hostile record can neither add markup nor make the document
/// ill-formed.
pub fn markup(text: &str) -> String {
    replace_chars(text, |c| {
        Some(match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&#39;",
            '\n' => "&#10;",
            '\r' => "&#13;",
            '\t' => "&#9;",
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => "\u{FFFD}",
            _ => return None,
        })
    })
}

/// Text for a Markdown table cell (GitHub's step summary): the characters
/// that open inline markup or end a cell are backslash-escaped, HTML
/// becomes text (`&lt;` …), line breaks become spaces and control
/// characters are written out as [`terminal`] does.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let one_line = text.replace(['\n', '\r'], " ");
    for c in terminal(&one_line).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            // Only what can start inline markup or end a table cell: the
            // text never begins a line, so block markers stay as written.
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// JSON text made safe inside an HTML `<script>` element: `<`, `>` and `&`
/// as `\u003c` … so no `</script>` or `<!--` can end or alter the element,
/// and the two line separators JavaScript once refused.
pub fn script_json(json: &str) -> String {
    replace_chars(json, |c| {
        Some(match c {
            '<' => "\\u003c",
            '>' => "\\u003e",
            '&' => "\\u0026",
            '\u{2028}' => "\\u2028",
            '\u{2029}' => "\\u2029",
            _ => return None,
        })
    })
}

/// `text` with each character that `with` has a replacement for replaced.
fn replace_chars(text: &str, with: impl Fn(char) -> Option<&'static str>) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match with(c) {
            Some(r) => out.push_str(r),
            None => out.push(c),
        }
    }
    out
}

/// Text as a JSON string literal inside an HTML `<script>` element: as
/// [`script_json`] makes JSON safe, and the quotes as `\u0022` and
/// `\u0027` too, so not even attribute-like text stands in the page.
pub fn script_string(text: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\u0022"),
            '\'' => out.push_str("\\u0027"),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for a GitHub workflow command's message: `%`, CR and LF encoded.
pub fn workflow_message(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Text for a GitHub workflow command's property (`file=`, `title=`): as
/// [`workflow_message`], and `:` and `,`.
pub fn workflow_property(text: &str) -> String {
    workflow_message(text)
        .replace(':', "%3A")
        .replace(',', "%2C")
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

    #[test]
    fn markup_becomes_text() {
        assert_eq!(
            markup("<script>\"a\"&'b'</svg>"),
            "&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;&lt;/svg&gt;"
        );
        assert_eq!(markup("a\u{1}b\nc"), "a\u{FFFD}b&#10;c");
    }

    #[test]
    fn markdown_reads_as_the_text() {
        assert_eq!(
            markdown("<img src=x> | *a* [l](u) `c`\ne\u{1b}"),
            "&lt;img src=x&gt; \\| \\*a\\* \\[l\\](u) \\`c\\` e\\\\u{1b}"
        );
    }

    #[test]
    fn script_json_cannot_end_its_element() {
        assert_eq!(
            script_json("\"</script><!--\""),
            "\"\\u003c/script\\u003e\\u003c!--\""
        );
    }

    #[test]
    fn script_strings_read_back_and_hold_no_markup() {
        let text = "a\"b'c\\d</script><!--\n\u{2028}é\u{1}";
        let lit = script_string(text);
        assert!(
            !lit[1..lit.len() - 1].contains(['"', '\'', '<', '>', '&', '\n']),
            "{lit}"
        );
        assert_eq!(serde_json::from_str::<String>(&lit).unwrap(), text);
    }

    #[test]
    fn workflow_commands() {
        assert_eq!(workflow_message("50%\nx"), "50%25%0Ax");
        assert_eq!(workflow_property("a:b,c"), "a%3Ab%2Cc");
    }
}
