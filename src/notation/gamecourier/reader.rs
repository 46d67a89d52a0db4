//! Reading a list one number, turn or comment at a time.
//!
//! The grammar is read on bytes by hand, in one pass: every token is ASCII,
//! so a position found this way is always a character boundary. Lines are
//! found on the way rather than cut out first; a line's body (its text
//! before a comment and its line break) is only cut out for an error's
//! excerpt. A column is a byte count up to the first non-ASCII byte of the
//! line, and characters are counted only past it. A turn's operations go
//! into one buffer the reader reuses, and its text is a slice of the list,
//! so reading a turn allocates nothing.

use compact_str::CompactString;

use super::{Op, OpKind, SquareName, SyntaxError};
use crate::model::Span;

/// A turn as a [`Reader`] hands it out: borrowed until the next is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnRef<'r> {
    /// The operations, in the order written.
    pub ops: &'r [Op],
    /// From the first operation's start to the last one's end.
    pub span: Span,
    /// The turn as written.
    pub text: &'r str,
}

/// One element of a list, in document order (see [`super::Item`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'r> {
    /// `N.` (`black: false`) or `N...` (`black: true`).
    Number {
        /// The move number.
        n: u32,
        /// Whether it numbers Black's turn (`N...`).
        black: bool,
        /// Where it was written.
        span: Span,
    },
    /// A turn.
    Turn(TurnRef<'r>),
    /// A `//` comment, without the `//` and surrounding whitespace.
    Comment {
        /// The comment's text.
        text: &'r str,
        /// Whether nothing but blanks precede it on its line.
        own_line: bool,
        /// Where it was written.
        span: Span,
    },
}

/// Reads a list in document order, one [`Event`] at a time.
///
/// ```
/// use fvnote::notation::gamecourier::{Event, Reader};
/// let mut reader = Reader::new("1. K e1-g1; R h1-f1 // castles\n");
/// assert!(matches!(reader.next_event(), Ok(Some(Event::Number { n: 1, black: false, .. }))));
/// let Ok(Some(Event::Turn(t))) = reader.next_event() else { panic!() };
/// assert_eq!((t.ops.len(), t.text), (2, "K e1-g1; R h1-f1"));
/// assert!(matches!(reader.next_event(), Ok(Some(Event::Comment { text: "castles", .. }))));
/// assert_eq!(reader.next_event(), Ok(None));
/// ```
pub struct Reader<'a> {
    text: &'a str,
    /// Where reading is: one pass over the bytes, lines found on the way.
    pos: usize,
    /// The line being read (1-based) and where it starts.
    line: u32,
    line_start: usize,
    /// The first byte at or after `line_start` that is not ASCII (or the
    /// text's length): a column before it is a byte count.
    non_ascii: usize,
    /// The last position a span was asked for on this line, and its column
    /// (columns past `non_ascii` are counted on from there).
    walk_at: usize,
    walk_col: u32,
    /// The operations of the last turn read.
    ops: Vec<Op>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
            non_ascii: first_non_ascii(text.as_bytes(), 0),
            walk_at: 0,
            walk_col: 1,
            ops: Vec::with_capacity(8),
        }
    }

    /// The next number, turn or comment; `None` at the end of the list.
    /// After a syntax error, reading goes on at the next line.
    pub fn next_event(&mut self) -> Result<Option<Event<'_>>, SyntaxError> {
        let b = self.text.as_bytes();
        loop {
            let Some(&c) = b.get(self.pos) else {
                return Ok(None);
            };
            match c {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.new_line();
                }
                b'0'..=b'9' => return self.number(),
                b'/' if b.get(self.pos + 1) == Some(&b'/') => return Ok(Some(self.comment())),
                _ => return self.turn(),
            }
        }
    }

    /// Reading has just passed a line break.
    fn new_line(&mut self) {
        self.line = self.line.saturating_add(1);
        self.line_start = self.pos;
        self.walk_at = self.pos;
        self.walk_col = 1;
        if self.non_ascii < self.pos {
            self.non_ascii = first_non_ascii(self.text.as_bytes(), self.pos);
        }
    }

    /// Whether the line's body (its text before a comment or line break)
    /// ends at `at`: blanks skipped, nothing but `\r` lies between.
    fn body_ends(&self, at: usize) -> bool {
        let b = self.text.as_bytes();
        match b.get(at) {
            None | Some(b'\n') => true,
            Some(b'/') => b.get(at + 1) == Some(&b'/'),
            _ => false,
        }
    }

    /// Where the line being read ends: its `\n`, or the end of the text.
    fn line_end(&self, from: usize) -> usize {
        let b = self.text.as_bytes();
        memchr::memchr(b'\n', &b[from..]).map_or(b.len(), |i| from + i)
    }

    /// The span from byte `from` (not before the last asked) of `len` bytes.
    fn span(&mut self, from: usize, len: usize) -> Span {
        let from = from.max(self.walk_at);
        let column = if from <= self.non_ascii {
            u32::try_from(from - self.line_start)
                .unwrap_or(u32::MAX)
                .saturating_add(1)
        } else {
            let walked = chars(&self.text.as_bytes()[self.walk_at..from]);
            self.walk_col
                .saturating_add(u32::try_from(walked).unwrap_or(u32::MAX))
        };
        self.walk_at = from;
        self.walk_col = column;
        Span {
            offset: from as u64,
            line: self.line,
            column,
            len: u32::try_from(len).unwrap_or(u32::MAX),
        }
    }

    /// The `//` comment at `pos`, to the end of its line.
    fn comment(&mut self) -> Event<'a> {
        let text = self.text;
        let at = self.pos;
        let end = self.line_end(at);
        let len = text[at..end].trim_end_matches('\r').len();
        let own_line = text[self.line_start..at].trim().is_empty();
        let span = self.span(at, len);
        self.pos = end;
        Event::Comment {
            text: text[at + 2..end].trim(),
            own_line,
            span,
        }
    }

    /// The error at byte `at`; the rest of the line is skipped. Only here
    /// is the line's body cut out, as the excerpt of what was found.
    fn fail(&mut self, at: usize, expected: &'static str) -> SyntaxError {
        let span = self.span(at, 0);
        let end = self.line_end(self.line_start);
        let line = &self.text[self.line_start..end];
        let body_end = comment_start(line).unwrap_or(line.len());
        let body = line[..body_end].trim_end_matches(['\n', '\r']);
        let found = excerpt(body.get(at.saturating_sub(self.line_start)..).unwrap_or(""));
        self.pos = end;
        SyntaxError {
            line: span.line,
            column: span.column,
            offset: span.offset,
            expected,
            found,
        }
    }

    /// `N.` or `N...` at `pos`.
    fn number(&mut self) -> Result<Option<Event<'_>>, SyntaxError> {
        let b = self.text.as_bytes();
        let start = self.pos;
        let mut end = start;
        let mut n = Some(0u32);
        while let Some(&d @ b'0'..=b'9') = b.get(end) {
            n = n.and_then(|n| n.checked_mul(10)?.checked_add(u32::from(d - b'0')));
            end += 1;
        }
        let parsed = n.and_then(|n| {
            if b[end..].starts_with(b"...") {
                Some((n, true, end + 3))
            } else if b.get(end) == Some(&b'.') {
                Some((n, false, end + 1))
            } else {
                None
            }
        });
        let Some((n, black, end)) = parsed else {
            return Err(self.fail(start, "a move number such as 12. or 12..."));
        };
        let span = self.span(start, end - start);
        self.pos = end;
        Ok(Some(Event::Number { n, black, span }))
    }

    /// A turn at `pos`: operations joined by `;`.
    fn turn(&mut self) -> Result<Option<Event<'_>>, SyntaxError> {
        self.ops.clear();
        let text = self.text;
        let b = text.as_bytes();
        let start = self.pos;
        let mut at = start;
        loop {
            let (end, kind) = match quick_op(b, at).map_or_else(|| op(text, at), Ok) {
                Ok(x) => x,
                Err((at, expected)) => return Err(self.fail(at, expected)),
            };
            let span = self.span(at, end - at);
            self.ops.push(Op { kind, span });
            let mut after = end;
            while let Some(b' ' | b'\t' | b'\r') = b.get(after) {
                after += 1;
            }
            if b.get(after) == Some(&b';') {
                at = after + 1;
                while let Some(b' ' | b'\t' | b'\r') = b.get(at) {
                    at += 1;
                }
                if self.body_ends(at) {
                    // The body ends before the `\r`s that end its line.
                    let crs = b[..at].iter().rev().take_while(|&&c| c == b'\r').count();
                    return Err(self.fail(at - crs, "an operation after ';'"));
                }
                continue;
            }
            if after == end && !self.body_ends(end) {
                return Err(self.fail(end, "';', a blank or the end of the line"));
            }
            self.pos = after;
            let span = Span {
                len: u32::try_from(end - start).unwrap_or(u32::MAX),
                ..self.ops[0].span
            };
            return Ok(Some(Event::Turn(TurnRef {
                ops: &self.ops,
                span,
                text: &text[start..end],
            })));
        }
    }
}

/// `[a-z][1-9][0-9]*` at the start of `b`, at most three digits: the square
/// and how many bytes it takes.
pub(super) fn square(b: &[u8]) -> Option<(SquareName, usize)> {
    let (&file, rest) = b.split_first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let first = *rest.first()?;
    if !(b'1'..=b'9').contains(&first) {
        return None;
    }
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 3 {
        return None;
    }
    let rank = rest[..digits]
        .iter()
        .fold(0u16, |n, &d| n * 10 + u16::from(d - b'0'));
    let name = SquareName {
        file: file - b'a',
        rank: rank - 1,
    };
    Some((name, 1 + digits))
}

/// The common operations, `e2-e4`, `P e2-e4`, `P*e4` and `Q-e8` with a
/// one-letter label and one-digit ranks, read at byte `i` without the
/// general rules: what [`op`] reads there, or `None` for anything else,
/// which [`op`] then reads (and explains).
fn quick_op(b: &[u8], i: usize) -> Option<(usize, OpKind)> {
    // The eight bytes from `i` (the longest shape and the byte after it);
    // past the end reads as 0: neither a letter, a digit nor a sign.
    let mut w = [0u8; 8];
    match b.get(i..i + 8) {
        Some(s) => w.copy_from_slice(s),
        None => {
            let rest = b.get(i..).unwrap_or_default();
            w[..rest.len()].copy_from_slice(rest);
        }
    }
    let first = w[0];
    if first.is_ascii_lowercase() && w[1].is_ascii_digit() {
        let from = quick_square(w[0], w[1], w[2])?;
        if w[2] != b'-' {
            return None;
        }
        let to = quick_square(w[3], w[4], w[5])?;
        let label = None;
        return Some((i + 5, OpKind::Move { label, from, to }));
    }
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let label = one_letter(first);
    match w[1] {
        b' ' => {
            let from = quick_square(w[2], w[3], w[4])?;
            if w[4] != b'-' {
                return None;
            }
            let to = quick_square(w[5], w[6], w[7])?;
            let label = Some(label);
            Some((i + 7, OpKind::Move { label, from, to }))
        }
        b'*' => Some((
            i + 4,
            OpKind::Drop {
                label,
                sq: quick_square(w[2], w[3], w[4])?,
            },
        )),
        b'-' => Some((
            i + 4,
            OpKind::Put {
                label,
                sq: quick_square(w[2], w[3], w[4])?,
            },
        )),
        _ => None,
    }
}

/// The square `file rank` with a one-digit rank, when `next` does not
/// carry the rank on (what [`square`] reads then).
#[inline(always)]
fn quick_square(file: u8, rank: u8, next: u8) -> Option<SquareName> {
    (file.is_ascii_lowercase() && matches!(rank, b'1'..=b'9') && !next.is_ascii_digit()).then(
        || SquareName {
            file: file - b'a',
            rank: u16::from(rank - b'1'),
        },
    )
}

/// A one-letter label, built from a static string (no byte copy).
fn one_letter(c: u8) -> CompactString {
    const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let k = usize::from(if c.is_ascii_uppercase() {
        c.wrapping_sub(b'A')
    } else {
        c.wrapping_sub(b'a').wrapping_add(26)
    });
    LETTERS.get(k..k + 1).map_or_else(
        || std::iter::once(char::from(c)).collect(),
        CompactString::const_new,
    )
}

const WANT_OP: &str = "an operation (e2-e4, P e2-e4, Q-e8, d5-, P*e4)";

/// One operation at byte `i` of `s` (see the module table): where it ends
/// and what it does, or where it went wrong and what was expected there.
fn op(s: &str, i: usize) -> Result<(usize, OpKind), (usize, &'static str)> {
    let b = s.as_bytes();
    if let Some((from, n)) = square(&b[i..]) {
        let j = i + n;
        if b.get(j) != Some(&b'-') {
            return Err((j, "'-' after the square (e2-e4 moves, e2- clears)"));
        }
        let j = j + 1;
        return Ok(match square(&b[j..]) {
            Some((to, m)) => (
                j + m,
                OpKind::Move {
                    label: None,
                    from,
                    to,
                },
            ),
            None => (j, OpKind::Clear { sq: from }),
        });
    }
    let end = match b.get(i) {
        Some(b'#' | b'.') => i + 1,
        _ => {
            i + b[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count()
        }
    };
    if end == i {
        return Err((i, WANT_OP));
    }
    // Labels are short: kept inline, not on the heap.
    let label = CompactString::from(&s[i..end]);
    match b.get(end) {
        Some(b'-') => match square(&b[end + 1..]) {
            Some((sq, n)) => Ok((end + 1 + n, OpKind::Put { label, sq })),
            None => Err((end + 1, "a square after 'LABEL-' (Q-e8)")),
        },
        Some(b'*') => match square(&b[end + 1..]) {
            Some((sq, n)) => Ok((end + 1 + n, OpKind::Drop { label, sq })),
            None => Err((end + 1, "a square after 'LABEL*' (P*e4)")),
        },
        _ => {
            let gap = b[end..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            if gap == 0 {
                return Err((end, "'-', '*' or a blank after the label"));
            }
            let r = end + gap;
            let Some((from, n)) = square(&b[r..]) else {
                return Err((r, "a square after the label (P e2-e4)"));
            };
            let r = r + n;
            if b.get(r) == Some(&b'-') {
                if let Some((to, m)) = square(&b[r + 1..]) {
                    let label = Some(label);
                    return Ok((r + 1 + m, OpKind::Move { label, from, to }));
                }
            }
            Err((r, "'-' and a square after the labelled square (P e2-e4)"))
        }
    }
}

/// The first byte at or after `from` that is not ASCII, or `b.len()`:
/// eight bytes at a time.
fn first_non_ascii(b: &[u8], from: usize) -> usize {
    let rest = b.get(from..).unwrap_or_default();
    let mut chunks = rest.chunks_exact(8);
    let mut at = from;
    for c in &mut chunks {
        let high = <[u8; 8]>::try_from(c).map_or(0, u64::from_le_bytes) & 0x8080_8080_8080_8080;
        if high != 0 {
            return at + (high.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = chunks.remainder();
    at + tail.iter().position(|&c| c >= 0x80).unwrap_or(tail.len())
}

/// The characters of `s`: its bytes that do not continue a character.
fn chars(s: &[u8]) -> usize {
    s.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

fn excerpt(rest: &str) -> String {
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace())
        .take(12)
        .collect();
    if word.is_empty() {
        if rest.is_empty() || rest.starts_with(['\n', '\r']) {
            "the end of the line".into()
        } else {
            format!("{:?}", rest.chars().next().unwrap_or(' '))
        }
    } else {
        format!("{word:?}")
    }
}

/// Where `//` starts in a line (a byte search for `/`, then its neighbour).
fn comment_start(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'/', &bytes[from..]) {
        let at = from + i;
        if bytes.get(at + 1) == Some(&b'/') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}
