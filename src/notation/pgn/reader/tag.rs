//! Tag pairs: one line read and parsed, its value checked and unescaped.

use std::io::BufRead;

use super::{Reader, Visitor};
use crate::notation::pgn::lexer::{parse_tag, unescape, Scan, TagParse};
use crate::notation::pgn::{PgnError, PgnErrorKind};

fn found_char(b: Option<u8>) -> String {
    match b {
        None => "end of line".to_string(),
        Some(b) if b.is_ascii_graphic() || b == b' ' => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
}

impl<R: BufRead> Reader<R> {
    pub(super) fn tag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        let cap = self.opts.max_tag_value_len.saturating_add(1024);
        let scan = self
            .win
            .scan_until(0, |b| b == b'\n' || b == b'\r', cap)
            .map_err(|e| self.io_err(e))?;
        let (len, capped, eof) = match scan {
            Scan::Found(i) => (i, false, false),
            Scan::Eof(i) => (i, false, true),
            Scan::Cap => (cap, true, false),
        };
        let line = self.win.slice(0, len);
        // Not a complete pair: where it stops, and what was expected.
        let (at, what) = match parse_tag(line) {
            TagParse::Ok {
                name,
                value,
                value_at,
                len,
            } => {
                if value.len() > self.opts.max_tag_value_len {
                    let span = self.win.span_at(value_at, 0);
                    let limit = self.opts.max_tag_value_len;
                    return Err(self.fail(span, PgnErrorKind::TagValueTooLong { limit }));
                }
                let name = std::str::from_utf8(name).unwrap_or("");
                let value = unescape(self.utf8(value, value_at)?);
                v.tag(name, &value, self.win.span(len));
                // Within the line: the scan above stopped at its end.
                self.win.advance_in_line(len);
                return Ok(());
            }
            TagParse::OpenString { at } => (at, None),
            TagParse::Expected { at, what } => (at, Some(what)),
        };
        // Unfinished at the end of the input (white space after it counts
        // as the end): the file was cut in the tag.
        let expected = match what {
            None => Some("'\"' closing the value, then ']'"),
            Some(what) if at == len => Some(match what {
                "a tag name" => "a tag name, a value in quotes and ']'",
                "']'" => "']'",
                _ => "a value in quotes and ']'",
            }),
            Some(_) => None,
        };
        let cut = eof || (expected.is_some() && !capped && self.only_space_from(len)?);
        if let (true, Some(expected)) = (cut, expected) {
            let span = self.win.span_at(len, 0);
            let column = self.win.column();
            return Err(self.fail(span, PgnErrorKind::TagCutOff { column, expected }));
        }
        match what {
            None => {
                let span = self.win.span_at(at, 1);
                let kind = if capped {
                    PgnErrorKind::TagValueTooLong {
                        limit: self.opts.max_tag_value_len,
                    }
                } else {
                    PgnErrorKind::UnterminatedString
                };
                Err(self.fail(span, kind))
            }
            Some(what) => {
                let next = self.win.slice(0, len).get(at).copied();
                let span = self.win.span_at(at, usize::from(next.is_some()));
                let found = found_char(next);
                let kind = if what == "']'" {
                    PgnErrorKind::UnterminatedTag { found }
                } else {
                    PgnErrorKind::MalformedTag {
                        expected: what,
                        found,
                    }
                };
                Err(self.fail(span, kind))
            }
        }
    }

    /// Whether only white space follows byte `from` to the end of the input.
    fn only_space_from(&mut self, from: usize) -> Result<bool, PgnError> {
        let mut at = from;
        loop {
            match self.win.peek(at).map_err(|e| self.io_err(e))? {
                None => return Ok(true),
                Some(b) if b.is_ascii_whitespace() => at += 1,
                Some(_) => return Ok(false),
            }
        }
    }
}
