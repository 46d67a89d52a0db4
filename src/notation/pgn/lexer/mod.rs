//! The buffered window and the small token parsers.
//!
//! The reader never holds more than the unconsumed tail of the input plus the
//! token currently being examined. Token extents are found by incremental
//! scans that resume where they stopped after a refill, so no byte is scanned
//! twice no matter how the input is chunked; `nom` complete-input parsers are
//! then applied to the (fully buffered) token slice.

use std::io::{self, BufRead};

use nom::bytes::complete::take_while1;
use nom::character::complete::char;
use nom::combinator::opt;
use nom::IResult;

use crate::model::{width, Span};

/// Outcome of an incremental scan.
pub(crate) enum Scan {
    /// The predicate matched at this index (relative to the window start).
    Found(usize),
    /// Input ended at this index without a match.
    Eof(usize),
    /// The scan exceeded the cap.
    Cap,
}

/// A growable window over a `BufRead`, with position tracking.
pub(crate) struct Window<R> {
    src: R,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    offset: u64,
    /// Line and column of the byte at `pos`.
    at: Tracker,
}

impl<R: BufRead> Window<R> {
    pub(crate) fn new(src: R) -> Self {
        Window {
            src,
            buf: Vec::new(),
            pos: 0,
            eof: false,
            offset: 0,
            at: Tracker::at_line(1),
        }
    }

    /// Append more input; drops the consumed prefix first when it is at
    /// least half the buffer, which keeps compaction amortised linear.
    pub(crate) fn fill_more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 && self.pos * 2 >= self.buf.len() {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        let more = crate::fs::read_chunk(&mut self.src, &mut self.buf)? > 0;
        self.eof = !more;
        Ok(more)
    }

    /// The input being read.
    pub(crate) fn src_mut(&mut self) -> &mut R {
        &mut self.src
    }

    /// The byte at `rel` past the current position, refilling as needed.
    pub(crate) fn peek(&mut self, rel: usize) -> io::Result<Option<u8>> {
        loop {
            if let Some(&b) = self.buf.get(self.pos + rel) {
                return Ok(Some(b));
            }
            if !self.fill_more()? {
                return Ok(None);
            }
        }
    }

    /// The buffered bytes from the current position.
    pub(crate) fn avail(&self) -> &[u8] {
        self.buf.get(self.pos..).unwrap_or(&[])
    }

    /// `len` bytes at `rel` past the position (must have been scanned).
    pub(crate) fn slice(&self, rel: usize, len: usize) -> &[u8] {
        self.avail().get(rel..rel + len).unwrap_or(&[])
    }

    /// Scan from `start` for the first byte matching `pred`, reading more
    /// input as needed. Resumes, never rescans.
    pub(crate) fn scan_until(
        &mut self,
        start: usize,
        pred: impl Fn(u8) -> bool,
        cap: usize,
    ) -> io::Result<Scan> {
        let mut i = start;
        loop {
            while let Some(&b) = self.buf.get(self.pos + i) {
                if i >= cap {
                    return Ok(Scan::Cap);
                }
                if pred(b) {
                    return Ok(Scan::Found(i));
                }
                i += 1;
            }
            if i >= cap {
                return Ok(Scan::Cap);
            }
            if !self.fill_more()? {
                return Ok(Scan::Eof(i));
            }
        }
    }

    pub(crate) fn column(&self) -> u32 {
        self.at.column
    }

    /// Counts positions from `offset` and `line` (column 1) instead of the
    /// start of a text; before anything is read.
    pub(crate) fn set_origin(&mut self, offset: u64, line: u32) {
        self.offset = offset;
        self.at = Tracker::at_line(line);
    }

    pub(crate) fn at_start(&self) -> bool {
        self.offset == 0
    }

    /// Span of `len` bytes at the current position.
    pub(crate) fn span(&self, len: usize) -> Span {
        Span {
            offset: self.offset,
            line: self.at.line,
            column: self.at.column,
            len: clamp_u32(len),
        }
    }

    /// Span of `len` bytes at `rel` past the position (walks `rel` bytes).
    pub(crate) fn span_at(&self, rel: usize, len: usize) -> Span {
        let mut t = self.at;
        let bytes = self.avail();
        t.walk(bytes.get(..rel).unwrap_or(bytes));
        Span {
            offset: self.offset + rel as u64,
            line: t.line,
            column: t.column,
            len: clamp_u32(len),
        }
    }

    /// Consume `n` buffered bytes, updating line and column.
    pub(crate) fn advance(&mut self, n: usize) {
        let end = (self.pos + n).min(self.buf.len());
        self.at.walk(self.buf.get(self.pos..end).unwrap_or(&[]));
        self.offset += (end - self.pos) as u64;
        self.pos = end;
    }

    /// Consume `n` buffered bytes that hold no line break (a token).
    pub(crate) fn advance_in_line(&mut self, n: usize) {
        let end = (self.pos + n).min(self.buf.len());
        let bytes = self.buf.get(self.pos..end).unwrap_or(&[]);
        self.consume_in_line(end, width(bytes));
    }

    /// [`Window::advance_in_line`] over ASCII bytes (spaces), whose columns
    /// need no counting: the space between two tokens is the hottest path.
    pub(crate) fn advance_ascii(&mut self, n: usize) {
        let end = (self.pos + n).min(self.buf.len());
        debug_assert!(self.buf[self.pos..end].is_ascii());
        self.consume_in_line(end, clamp_u32(end - self.pos));
    }

    /// Moves the position to `end` on the same line, `columns` on.
    fn consume_in_line(&mut self, end: usize, columns: u32) {
        debug_assert!(!self.buf[self.pos..end]
            .iter()
            .any(|&b| b == b'\n' || b == b'\r'));
        if end > self.pos {
            self.at.column = self.at.column.saturating_add(columns);
            self.at.after_cr = false;
        }
        self.offset += (end - self.pos) as u64;
        self.pos = end;
    }

    /// Skip the UTF-8 byte order mark at the very start of the input.
    pub(crate) fn skip_bom(&mut self) -> io::Result<()> {
        if self.at_start()
            && self.peek(0)? == Some(0xEF)
            && self.peek(1)? == Some(0xBB)
            && self.peek(2)? == Some(0xBF)
        {
            self.advance(3);
            self.at.column = 1;
        }
        Ok(())
    }

    /// Consume up to (not including) the next line terminator, streaming:
    /// the skipped bytes are never accumulated.
    pub(crate) fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let avail = self.avail();
            if let Some(i) = avail.iter().position(|&b| b == b'\n' || b == b'\r') {
                self.advance(i);
                return Ok(());
            }
            let n = avail.len();
            self.advance(n);
            if !self.fill_more()? {
                return Ok(());
            }
        }
    }

    /// Consume one line terminator (`\n`, `\r\n` or `\r`) if present.
    pub(crate) fn eat_newline(&mut self) -> io::Result<()> {
        match self.peek(0)? {
            Some(b'\r') => {
                self.advance(1);
                if self.peek(0)? == Some(b'\n') {
                    self.advance(1);
                }
            }
            Some(b'\n') => self.advance(1),
            _ => {}
        }
        Ok(())
    }
}

fn clamp_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Line breaks in `bytes` as the reader counts them (the [`Tracker`] rule).
pub(crate) fn line_breaks(bytes: &[u8]) -> u32 {
    let mut t = Tracker::at_line(0);
    t.walk(bytes);
    t.line
}

/// Line/column bookkeeping: CR, LF and CRLF each end one line; columns count
/// characters, a byte that is not part of a UTF-8 character counting as
/// one (as it does when the file is read as Latin-1), see [`chars`].
#[derive(Clone, Copy)]
struct Tracker {
    line: u32,
    column: u32,
    after_cr: bool,
}

impl Tracker {
    /// Column 1 of `line`.
    fn at_line(line: u32) -> Tracker {
        Tracker {
            line,
            column: 1,
            after_cr: false,
        }
    }

    /// Steps over `bytes`: as [`Tracker::step`] on each byte, but counted
    /// over the slice, since every byte of the input is walked once.
    fn walk(&mut self, bytes: &[u8]) {
        if bytes.len() <= 16 && bytes.is_ascii() {
            // Tokens and the spaces between them: stepping is cheaper.
            bytes.iter().for_each(|&b| self.step(b));
            return;
        }
        let Some(&last) = bytes.last() else {
            return;
        };
        // `memchr` searches and counts with SIMD: parallel validation walks
        // every byte of the archive here once more, to number its blocks.
        match memchr::memrchr2(b'\n', b'\r', bytes) {
            None => self.column = self.column.saturating_add(width(bytes)),
            Some(end) => {
                let (head, tail) = bytes.split_at(end + 1);
                let count = |x: u8| memchr::memchr_iter(x, head).count();
                let breaks = if memchr::memchr(b'\r', head).is_some() {
                    // A LF right after a CR ends no line of its own.
                    let crlf = memchr::memmem::find_iter(head, b"\r\n").count()
                        + usize::from(self.after_cr && head[0] == b'\n');
                    count(b'\r') + count(b'\n') - crlf
                } else {
                    // LF only, as most files: one counting pass.
                    count(b'\n') - usize::from(self.after_cr && head[0] == b'\n')
                };
                self.line = self
                    .line
                    .saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
                self.column = width(tail).saturating_add(1);
            }
        }
        self.after_cr = last == b'\r';
    }

    fn step(&mut self, b: u8) {
        match b {
            b'\n' => {
                if !self.after_cr {
                    self.line = self.line.saturating_add(1);
                }
                self.column = 1;
                self.after_cr = false;
            }
            b'\r' => {
                self.line = self.line.saturating_add(1);
                self.column = 1;
                self.after_cr = true;
            }
            _ => {
                if b & 0xC0 != 0x80 {
                    self.column = self.column.saturating_add(1);
                }
                self.after_cr = false;
            }
        }
    }
}

/// PGN whitespace.
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Bytes that may appear in a move token: everything except whitespace,
/// control characters and the PGN delimiters.
#[inline]
pub(crate) fn is_token_byte(b: u8) -> bool {
    TOKEN_BYTE[usize::from(b)]
}

/// [`is_token_byte`] for ASCII bytes only. A scan with it stops at the
/// first byte that is not an ASCII token byte, so a token that such a scan
/// ends at whitespace is pure ASCII: one byte, one column, valid UTF-8.
#[inline]
pub(crate) fn is_ascii_token_byte(b: u8) -> bool {
    b < 0x80 && TOKEN_BYTE[usize::from(b)]
}

/// [`is_token_byte`] as a table: it runs on every byte of every token.
static TOKEN_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0x21;
    while b < 256 {
        t[b] = !matches!(
            b as u8,
            0x7F | b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"'
        );
        b += 1;
    }
    t
};

/// A token classified by [`classify`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Class<'a> {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
    /// Digits with optional dots, and what follows the dots (may be empty).
    Number {
        digits: &'a [u8],
        dots: usize,
        rest: &'a [u8],
    },
    /// Only dots, e.g. the `...` of `12 ...`.
    Dots,
    /// Anything else: a move token (possibly with suffix glyphs).
    Move,
}

/// Classify a whole token run. Hand-written rather than `nom`: it runs on
/// every token of an archive, and the shapes are tiny.
pub(crate) fn classify(tok: &[u8]) -> Class<'_> {
    // Moves, most tokens, start with a letter.
    if tok.first().is_some_and(u8::is_ascii_alphabetic) {
        return Class::Move;
    }
    match tok {
        b"1-0" => Class::Result("1-0"),
        b"0-1" => Class::Result("0-1"),
        b"1/2-1/2" => Class::Result("1/2-1/2"),
        b"*" => Class::Result("*"),
        // UCI's null move, not a move number.
        b"0000" => Class::Move,
        [b'0'..=b'9', ..] => {
            let (digits, rest) =
                tok.split_at(tok.iter().take_while(|b| b.is_ascii_digit()).count());
            let dots = rest.iter().take_while(|&&b| b == b'.').count();
            if rest.is_empty() || dots > 0 {
                Class::Number {
                    digits,
                    dots,
                    rest: &rest[dots..],
                }
            } else {
                Class::Move
            }
        }
        [b'.', ..] if tok.iter().all(|&b| b == b'.') => Class::Dots,
        _ => Class::Move,
    }
}

/// The en passant mark, a token of its own after its move, which the reader
/// joins to that move with one space (`exd6 e.p.`) and the writer writes as
/// part of it.
pub(crate) const EP: &str = "e.p.";

/// Split trailing `!`/`?` glyphs off a move token: `(move, glyphs)`.
pub(crate) fn split_glyphs(tok: &[u8]) -> (&[u8], &[u8]) {
    let n = tok
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    tok.split_at(tok.len() - n)
}

/// NAG number for a suffix glyph.
pub(crate) fn glyph_nag(g: &[u8]) -> Option<u16> {
    Some(match g {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

/// A decimal number of at least one digit, `None` on overflow.
pub(crate) fn parse_decimal<T: TryFrom<u64>>(digits: &[u8]) -> Option<T> {
    if digits.is_empty() {
        return None;
    }
    let mut n = 0u64;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    T::try_from(n).ok()
}

/// Pieces of a tag line `[Name "value"]`, as offsets into the line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum TagParse<'a> {
    /// Parsed: name, raw value (escapes unresolved), total length incl. `]`.
    Ok {
        name: &'a [u8],
        value: &'a [u8],
        value_at: usize,
        len: usize,
    },
    /// Failure at `at`: what was expected.
    Expected { at: usize, what: &'static str },
    /// Opening quote at `at` never closed.
    OpenString { at: usize },
}

fn spaces(i: &[u8]) -> IResult<&[u8], Option<&[u8]>> {
    opt(take_while1(|b: u8| b == b' ' || b == b'\t'))(i)
}

/// Parse a tag pair at the start of `line` (which starts with `[` and
/// contains no line terminator).
pub(crate) fn parse_tag(line: &[u8]) -> TagParse<'_> {
    let at = |rest: &[u8]| line.len() - rest.len();
    let Ok((rest, _)) = char::<_, nom::error::Error<&[u8]>>('[')(line) else {
        return TagParse::Expected { at: 0, what: "'['" };
    };
    let rest = spaces(rest).map(|r| r.0).unwrap_or(rest);
    let name_p = take_while1::<_, _, nom::error::Error<&[u8]>>(|b: u8| {
        b.is_ascii_alphanumeric() || b == b'_'
    });
    let Ok((rest, name)) = name_p(rest) else {
        return TagParse::Expected {
            at: at(rest),
            what: "a tag name",
        };
    };
    let rest = spaces(rest).map(|r| r.0).unwrap_or(rest);
    let Ok((rest, _)) = char::<_, nom::error::Error<&[u8]>>('"')(rest) else {
        return TagParse::Expected {
            at: at(rest),
            what: "'\"' opening the tag value",
        };
    };
    let value_at = at(rest);
    // The value: `\"` and `\\` escapes; ends at the first unescaped quote.
    let mut i = 0;
    let close = loop {
        match rest.get(i) {
            None => return TagParse::OpenString { at: value_at - 1 },
            Some(b'\\') => i += 2,
            Some(b'"') => break i,
            Some(_) => i += 1,
        }
    };
    let value = rest.get(..close).unwrap_or(&[]);
    let rest = rest.get(close + 1..).unwrap_or(&[]);
    let rest = spaces(rest).map(|r| r.0).unwrap_or(rest);
    match char::<_, nom::error::Error<&[u8]>>(']')(rest) {
        Ok((rest, _)) => TagParse::Ok {
            name,
            value,
            value_at,
            len: at(rest),
        },
        Err(_) => TagParse::Expected {
            at: at(rest),
            what: "']'",
        },
    }
}

/// Resolve `\"` and `\\`; other backslashes are kept literally.
pub(crate) fn unescape(v: &str) -> std::borrow::Cow<'_, str> {
    if !v.contains('\\') {
        return std::borrow::Cow::Borrowed(v);
    }
    let mut out = String::with_capacity(v.len());
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests;
