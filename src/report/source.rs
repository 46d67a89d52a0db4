//! Where a printer finds the source line of a diagnostic: the game's own
//! bytes, which the pipeline hands on with its verdict.

use super::columns::{self, Region};
use crate::model::Span;
use crate::record::pipeline::read::GameText;

/// The bytes of the game being reported, as read (none: no lines to show).
#[derive(Clone, Copy, Debug, Default)]
pub struct Source<'a> {
    text: Option<GameText<'a>>,
}

impl<'a> Source<'a> {
    /// The game's bytes.
    pub fn new(text: Option<GameText<'a>>) -> Source<'a> {
        Source { text }
    }

    /// The source line holding byte `offset`, and the offset of its start,
    /// as read (bytes that are not UTF-8 kept: see [`shown`]). A line
    /// longer than the window is cut to the window around `offset`.
    pub fn line(&self, offset: u64) -> Option<(u64, &'a [u8])> {
        const WINDOW: usize = 4096;
        let text = self.text?;
        let rel = usize::try_from(offset.checked_sub(text.offset)?).ok()?;
        let from = rel.saturating_sub(WINDOW);
        let to = rel.saturating_add(WINDOW).min(text.bytes.len());
        let (start, line) = line_around(text.bytes.get(from..to)?, rel - from)?;
        Some((text.offset + (from + start) as u64, line))
    }

    /// Where `span` starts and ends in every unit a report counts columns
    /// in ([`columns::region`]).
    pub fn region(&self, span: Span) -> Region {
        columns::region(span, self.text.map(|t| (t.bytes, t.offset)))
    }
}

/// The line of `text` that holds byte `offset` (without its line break),
/// and the byte offset of that line's start.
pub fn line_around(text: &[u8], offset: usize) -> Option<(usize, &[u8])> {
    if offset > text.len() {
        return None;
    }
    let start = text[..offset]
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    let end = text[offset..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(text.len(), |i| offset + i);
    Some((start, &text[start..end]))
}

/// `line` as text to show, each byte that is not UTF-8 shown as one U+FFFD,
/// since the reader counts one column for it (`from_utf8_lossy` writes one
/// U+FFFD for a run of such bytes, which would shift what follows); and,
/// for each byte offset of `line` (and its end), the offset in the text
/// where that byte is shown.
pub fn shown(line: &[u8]) -> (String, Vec<usize>) {
    let mut text = String::with_capacity(line.len());
    let mut at = Vec::with_capacity(line.len() + 1);
    for chunk in line.utf8_chunks() {
        let valid = chunk.valid();
        at.extend((0..valid.len()).map(|i| text.len() + i));
        text.push_str(valid);
        for _ in chunk.invalid() {
            at.push(text.len());
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    at.push(text.len());
    (text, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_byte_not_utf8_is_one_character() {
        // A truncated 3-byte sequence (two bytes), then é, then a lone byte.
        let (text, at) = shown(b"a\xe2\x82b\xc3\xa9\xffc");
        assert_eq!(text, "a\u{FFFD}\u{FFFD}b\u{e9}\u{FFFD}c");
        assert_eq!(text.chars().count(), 7);
        assert_eq!(&text[at[3]..], "b\u{e9}\u{FFFD}c");
        assert_eq!(&text[at[6]..], "\u{FFFD}c");
        assert_eq!(at[8], text.len());
    }

    #[test]
    fn line_around_finds_the_line() {
        let t = b"ab\ncd\r\nef";
        assert_eq!(line_around(t, 0), Some((0, &b"ab"[..])));
        assert_eq!(line_around(t, 4), Some((3, &b"cd"[..])));
        assert_eq!(line_around(t, 8), Some((7, &b"ef"[..])));
        assert_eq!(line_around(t, 9), Some((7, &b"ef"[..])));
        assert_eq!(line_around(t, 10), None);
    }

    #[test]
    fn lines_are_found_in_the_games_bytes() {
        let text = GameText {
            bytes: b"[Event \"x\"]\n\n1. e4 *\n",
            offset: 100,
            pgn: true,
            unreadable: None,
            ignored: None,
        };
        let s = Source::new(Some(text));
        assert_eq!(s.line(116), Some((113, &b"1. e4 *"[..])));
        assert_eq!(s.line(99), None);
    }
}
