//! Where things are in the source text.

use serde::{Deserialize, Serialize};

/// A location in the source text.
///
/// `offset` is a 0-based byte offset, `line` and `column` are 1-based and the
/// column counts characters (not bytes), so it matches what an editor shows.
/// `len` is the length in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// Byte offset of the first byte (0-based).
    pub offset: u64,
    /// Line number (1-based).
    pub line: u32,
    /// Column in characters (1-based).
    pub column: u32,
    /// Length in bytes.
    pub len: u32,
}

impl Span {
    /// The line and column just past the span (its end, exclusive, as SARIF
    /// and rdjson ranges end), given `text`, the span's bytes as read
    /// (`offset..offset + len`). Columns count characters, one per byte
    /// that is not UTF-8, as [`Span::column`] does, so a span over `é` ends
    /// one column after it, not two. An empty span ends one column on, so
    /// a range always covers a character. Without the text (the input
    /// could not be read again), each byte counts as a column.
    pub fn end(&self, text: Option<&[u8]>) -> (u32, u32) {
        let Some(text) = text else {
            return (self.line, self.column.saturating_add(self.len.max(1)));
        };
        // The last line break, `\r\n`, `\r` or `\n`, and how many there are.
        let mut breaks = 0u32;
        let mut tail = 0;
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'\r' if text.get(i + 1) == Some(&b'\n') => i += 1,
                b'\r' | b'\n' => {}
                _ => {
                    i += 1;
                    continue;
                }
            }
            i += 1;
            breaks = breaks.saturating_add(1);
            tail = i;
        }
        let rest = width(&text[tail..]);
        if breaks == 0 {
            (self.line, self.column.saturating_add(rest.max(1)))
        } else {
            (self.line.saturating_add(breaks), rest.saturating_add(1))
        }
    }
}

/// How many columns `bytes` take: one per character, and one per byte that
/// is not part of a well-formed UTF-8 character (a byte of an 8-bit
/// encoding is one character, so a Latin-1 file's columns are the same
/// whether or not `--encoding latin1` names it).
pub fn width(bytes: &[u8]) -> u32 {
    // ASCII (most tokens, short) is its length; other well-formed text is
    // counted a word at a time.
    let n = if bytes.is_ascii() {
        bytes.len()
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) => text.chars().count(),
            Err(_) => bytes
                .utf8_chunks()
                .map(|c| c.valid().chars().count() + c.invalid().len())
                .sum(),
        }
    };
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The line and column after `bytes`, from `line` and `column` (CR, LF and
/// CRLF each end a line; a column is a character, as [`width`] counts).
pub fn advance(bytes: &[u8], mut line: u32, mut column: u32) -> (u32, u32) {
    let mut rest = bytes;
    while let Some(i) = memchr::memchr2(b'\n', b'\r', rest) {
        let crlf = rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n');
        line = line.saturating_add(1);
        column = 1;
        rest = &rest[i + 1 + usize::from(crlf)..];
    }
    (line, column.saturating_add(width(rest)))
}

/// A problem at a place in the input text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// 1-based line (0 when unknown).
    pub line: u32,
    /// 1-based column in characters (0 when unknown).
    pub column: u32,
    /// What was expected, or what is wrong.
    pub message: String,
}

impl Located {
    /// A problem at `span`.
    pub fn at(span: Span, message: impl Into<String>) -> Located {
        Located {
            line: span.line,
            column: span.column,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(column: u32, len: u32) -> Span {
        Span {
            offset: 0,
            line: 3,
            column,
            len,
        }
    }

    #[test]
    fn ends_count_characters() {
        assert_eq!(at(5, 3).end(Some(b"Nf3")), (3, 8));
        // `Q\u{e9}5`: four bytes, three characters.
        assert_eq!(at(5, 4).end(Some("Q\u{e9}5".as_bytes())), (3, 8));
        // Two bytes that are not UTF-8: two columns.
        assert_eq!(at(5, 2).end(Some(b"\xe2\x82")), (3, 7));
        assert_eq!(at(5, 0).end(Some(b"")), (3, 6));
        assert_eq!(at(5, 4).end(None), (3, 9));
    }

    #[test]
    fn ends_past_line_breaks() {
        assert_eq!(at(5, 8).end(Some("{a\r\nb\u{e9}}".as_bytes())), (4, 4));
        assert_eq!(at(5, 5).end(Some(b"{\n\r}")), (5, 2));
    }
}
