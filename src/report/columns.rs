//! Columns in each consumer's unit, counted in this one place.
//!
//! A finding's [`Span`] carries its line, its column in characters and its
//! byte offset and length; the pipeline hands the game's bytes on with the
//! verdict ([`Source`](super::source::Source)). From those, a [`Region`]
//! gives where the finding starts and ends in each unit a report counts
//! columns in:
//!
//! | unit | reports |
//! |---|---|
//! | characters ([`Place::chars`]) | human, json, junit, github |
//! | UTF-16 code units ([`Place::utf16`]) | sarif (`columnKind: utf16CodeUnits`) |
//! | UTF-8 bytes ([`Place::bytes`]) | rdjson |
//!
//! A character is a Unicode scalar value, and each byte that is not part of
//! well-formed UTF-8 is one character, one UTF-16 code unit (the U+FFFD a
//! reader shows for it) and one byte. Columns are 1-based; a region's end
//! is exclusive, and an empty span covers one column.

use crate::model::Span;

/// A place in the text: its line, and its column in every unit (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Line number (1-based; CR, LF and CRLF each end a line).
    pub line: u32,
    /// Column in characters, as [`Span::column`] counts.
    pub chars: u32,
    /// Column in UTF-16 code units: a character outside the Basic
    /// Multilingual Plane (an emoji) counts two.
    pub utf16: u32,
    /// Column in bytes of the text as read (UTF-8 unless an 8-bit
    /// encoding was decoded, whose text is then counted in its UTF-8 form,
    /// as offsets are).
    pub bytes: u32,
}

impl Place {
    /// The column of `place` moved on by `text`, which holds no line break.
    fn after(self, text: &[u8]) -> Place {
        let w = Widths::of(text);
        Place {
            line: self.line,
            chars: self.chars.saturating_add(w.chars),
            utf16: self.utf16.saturating_add(w.utf16),
            bytes: self.bytes.saturating_add(w.bytes),
        }
    }
}

/// Where a finding starts, and where it ends (exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The finding's first character.
    pub start: Place,
    /// Just past its last character (one column on for an empty span).
    pub end: Place,
}

impl Region {
    /// The place of the finding's last character (its start for an empty
    /// span): an inclusive end, as GitHub's `endColumn` is read.
    pub fn last(&self) -> Place {
        let back = |end: u32, start: u32| match self.end.line == self.start.line {
            true => end.saturating_sub(1).max(start),
            false => end.saturating_sub(1).max(1),
        };
        Place {
            line: self.end.line,
            chars: back(self.end.chars, self.start.chars),
            utf16: back(self.end.utf16, self.start.utf16),
            bytes: back(self.end.bytes, self.start.bytes),
        }
    }
}

/// How wide some bytes of a line are in each unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Widths {
    chars: u32,
    utf16: u32,
    bytes: u32,
}

impl Widths {
    fn of(text: &[u8]) -> Widths {
        let (mut chars, mut utf16) = (0usize, 0usize);
        for chunk in text.utf8_chunks() {
            for c in chunk.valid().chars() {
                chars += 1;
                utf16 += c.len_utf16();
            }
            chars += chunk.invalid().len();
            utf16 += chunk.invalid().len();
        }
        let n = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Widths {
            chars: n(chars),
            utf16: n(utf16),
            bytes: n(text.len()),
        }
    }
}

/// The region of `span` in `text`, the game's bytes, whose first byte is
/// at stream offset `base` (spans count from the stream's start).
///
/// The start's line and character column are the span's own. The other
/// units are counted on the line from its start to the span; when the line
/// began before `text` (a game that starts mid-line), the characters
/// before `text` are taken as one unit each. Without the text (`None`, or a
/// span outside it) every unit is the character column, and the end is
/// one column per byte on.
pub fn region(span: Span, text: Option<(&[u8], u64)>) -> Region {
    let located = text.and_then(|(bytes, base)| {
        let rel = usize::try_from(span.offset.checked_sub(base)?).ok()?;
        let end = rel.checked_add(span.len as usize)?;
        Some((bytes.get(..rel)?, bytes.get(rel..end)?))
    });
    let Some((before, inside)) = located else {
        let start = Place {
            line: span.line,
            chars: span.column,
            utf16: span.column,
            bytes: span.column,
        };
        let on = span.column.saturating_add(span.len.max(1));
        let end = Place {
            line: span.line,
            chars: on,
            utf16: on,
            bytes: on,
        };
        return Region { start, end };
    };
    let start = start_of(span, before);
    Region {
        start,
        end: end_of(start, inside),
    }
}

/// The start of a span whose line's bytes before it end `before`.
fn start_of(span: Span, before: &[u8]) -> Place {
    let line_start = memchr::memrchr2(b'\n', b'\r', before).map(|i| i + 1);
    let prefix = &before[line_start.unwrap_or(0)..];
    let w = Widths::of(prefix);
    // Characters of the line that lie before the game's bytes, if any.
    let outside = match line_start {
        Some(_) => 0,
        None => span.column.saturating_sub(1).saturating_sub(w.chars),
    };
    Place {
        line: span.line,
        chars: span.column,
        utf16: w.utf16.saturating_add(outside).saturating_add(1),
        bytes: w.bytes.saturating_add(outside).saturating_add(1),
    }
}

/// The end of a span from `start` over `inside`, its bytes.
fn end_of(start: Place, inside: &[u8]) -> Place {
    // The last line break inside, `\r\n`, `\r` or `\n`, and how many there are.
    let mut breaks = 0u32;
    let mut tail = None;
    let mut i = 0;
    while let Some(at) = memchr::memchr2(b'\n', b'\r', &inside[i..]) {
        let at = i + at;
        let crlf = inside[at] == b'\r' && inside.get(at + 1) == Some(&b'\n');
        i = at + 1 + usize::from(crlf);
        breaks = breaks.saturating_add(1);
        tail = Some(i);
    }
    match tail {
        None if inside.is_empty() => start.after(b" "),
        None => start.after(inside),
        Some(t) => Place {
            line: start.line.saturating_add(breaks),
            chars: 1,
            utf16: 1,
            bytes: 1,
        }
        .after(&inside[t..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The region of the first `token` on `line` (line 3 of a game whose
    /// bytes start at stream offset 100 with two lines before it).
    fn find(line: &str, token: &str) -> Region {
        let text = format!("[A \"b\"]\n\n{line}\n");
        let at = text.find(token).unwrap();
        let line_at = text.find(line).unwrap();
        let column = line[..at - line_at].chars().count() as u32 + 1;
        let span = span(100 + at as u64, 3, column, token.len() as u32);
        region_in(text.as_bytes(), 100, span)
    }

    /// The region of `span` in a game whose bytes `text` start at stream
    /// offset `at`.
    fn region_in(text: &[u8], at: u64, span: Span) -> Region {
        region(span, Some((text, at)))
    }

    fn span(offset: u64, line: u32, column: u32, len: u32) -> Span {
        Span {
            offset,
            line,
            column,
            len,
        }
    }

    fn place(line: u32, chars: u32, utf16: u32, bytes: u32) -> Place {
        Place {
            line,
            chars,
            utf16,
            bytes,
        }
    }

    #[test]
    fn emoji_count_two_utf16_units_and_four_bytes() {
        let r = find("1. e4 {\u{1F3C6}\u{1F3C6}} 1... e5 2. Ke3 *", "Ke3");
        assert_eq!(r.start, place(3, 23, 25, 29));
        assert_eq!(r.end, place(3, 26, 28, 32));
        assert_eq!(r.last(), place(3, 25, 27, 31));
    }

    #[test]
    fn accents_and_figurines_count_one_utf16_unit() {
        // "Zürich ♔": ü is two bytes, ♔ three; both one UTF-16 unit.
        let r = find("1. e4 {Z\u{fc}rich \u{2654}} e5 2. Ke3 *", "Ke3");
        assert_eq!(r.start, place(3, 24, 24, 27));
        let r = find("1. e4 {caf\u{e9}} Q\u{e9}5 *", "Q\u{e9}5");
        assert_eq!(r.start, place(3, 14, 14, 15));
        assert_eq!(r.end, place(3, 17, 17, 19));
    }

    #[test]
    fn bytes_not_utf8_count_one_in_every_unit() {
        let text = b"1. e4 {\xe9t\xe9} Ke3 *";
        let r = region_in(text, 0, span(12, 1, 13, 3));
        assert_eq!(r.start, place(1, 13, 13, 13));
        assert_eq!(r.end, place(1, 16, 16, 16));
    }

    #[test]
    fn ends_past_line_breaks_and_empty_spans() {
        let text = "{a\r\nb\u{1F3C6}} e4".as_bytes();
        let span = span(0, 2, 5, 10);
        let r = region_in(text, 0, span);
        assert_eq!(r.end, place(3, 4, 5, 7));
        assert_eq!(r.last(), place(3, 3, 4, 6));
        let empty = Span { len: 0, ..span };
        let r = region_in(text, 0, empty);
        assert_eq!(r.end, place(2, 6, 6, 6));
        assert_eq!(r.last(), r.start);
    }

    #[test]
    fn a_line_begun_before_the_game_counts_the_rest_as_one_unit_each() {
        // The game's bytes start at "e5": three characters of its line lie before.
        let text = "e5 \u{1F3C6} Ke3".as_bytes();
        let r = region_in(text, 50, span(58, 7, 9, 3));
        assert_eq!(r.start, place(7, 9, 10, 12));
    }

    #[test]
    fn without_the_text_every_unit_is_the_character_column() {
        let r = region(span(5, 2, 4, 3), None);
        assert_eq!(r.start, place(2, 4, 4, 4));
        assert_eq!(r.end, place(2, 7, 7, 7));
    }
}
