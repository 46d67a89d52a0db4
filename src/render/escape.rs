//! Escaping for XML and HTML: every text and attribute value that comes from
//! a record (tags, comments, names, tokens) passes through here.

/// Escapes `text` for use in XML/HTML text and in double- or single-quoted
/// attribute values. Control characters XML 1.0 forbids become U+FFFD, so a
/// hostile record cannot make the SVG ill-formed.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Escapes `text` for a JSON string inside an HTML `<script>` element: JSON
/// escaping, plus `<`, `>` and `&` as `\u003c` … so no `</script>` or
/// `<!--` can end or alter the element.
pub fn script_json(value: &serde_json::Value) -> String {
    script_safe(&value.to_string())
}

/// JSON text made safe inside an HTML `<script>` element, as
/// [`script_json`] does.
pub fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_text() {
        assert_eq!(
            escape("<script>\"a\"&'b'</svg>"),
            "&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;&lt;/svg&gt;"
        );
        assert_eq!(escape("a\u{1}b"), "a\u{FFFD}b");
        let v = serde_json::json!("</script><!--");
        assert_eq!(script_json(&v), "\"\\u003c/script\\u003e\\u003c!--\"");
    }
}
