//! The Game Courier reader before the byte-scanning rewrite, kept verbatim
//! (only renamed) as the reference `tests/gc_lexer_diff.rs` compares the
//! reader against: every event, every error's message and place.

use compact_str::CompactString;
use fvnote::model::Span;
use fvnote::notation::gamecourier::{Op, OpKind, SquareName, SyntaxError};

/// An owned event or error, as the reference reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owned {
    Number {
        n: u32,
        black: bool,
        span: Span,
    },
    Turn {
        ops: Vec<Op>,
        span: Span,
        text: String,
    },
    Comment {
        text: String,
        own_line: bool,
        span: Span,
    },
    Error(SyntaxError),
}

pub struct Reader<'a> {
    text: &'a str,
    cur: Cursor<'a>,
    /// Where the next line starts.
    next_line: usize,
    /// Whether the line being read ends with a line break.
    line_break: bool,
    /// The line being read, without its comment and line break; where it
    /// starts in the list, and where reading is in it.
    body: &'a str,
    body_start: usize,
    at: usize,
    /// The line's comment, told after its body: where `//` is, the length
    /// of the comment from there, its text, and whether it is alone.
    comment: Option<(usize, usize, &'a str, bool)>,
    /// The operations of the last turn read.
    ops: Vec<Op>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            cur: Cursor::new(text),
            next_line: 0,
            line_break: false,
            body: "",
            body_start: 0,
            at: 0,
            comment: None,
            ops: Vec::with_capacity(8),
        }
    }

    /// The next number, turn or comment; `None` at the end of the list.
    /// After a syntax error, reading goes on at the next line.
    pub fn next_event(&mut self) -> Result<Option<Owned>, SyntaxError> {
        loop {
            let body = self.body.as_bytes();
            while let Some(b' ' | b'\t' | b'\r') = body.get(self.at) {
                self.at += 1;
            }
            if self.at < body.len() {
                let start = self.at;
                if body[start].is_ascii_digit() {
                    return self.number(start).map(Some);
                }
                return self.turn(start).map(Some);
            }
            if let Some((at, len, text, own_line)) = self.comment.take() {
                let span = self.cur.span(at, len);
                return Ok(Some(Owned::Comment {
                    text: text.to_owned(),
                    own_line,
                    span,
                }));
            }
            if self.line_break {
                self.cur.next_line(self.next_line);
            }
            if self.next_line >= self.text.len() {
                return Ok(None);
            }
            self.load_line();
        }
    }

    /// Makes the line at `next_line` the one being read.
    fn load_line(&mut self) {
        let start = self.next_line;
        let rest = &self.text[start..];
        let raw = match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(i) => &rest[..=i],
            None => rest,
        };
        self.next_line = start + raw.len();
        self.line_break = raw.ends_with('\n');
        let body_end = comment_start(raw).unwrap_or(raw.len());
        let body = raw[..body_end].trim_end_matches(['\n', '\r']);
        self.comment = (body_end < raw.len()).then(|| {
            let len = raw.trim_end_matches(['\n', '\r']).len() - body_end;
            let text = raw[body_end + 2..].trim();
            (start + body_end, len, text, body.trim().is_empty())
        });
        self.body = body;
        self.body_start = start;
        self.at = 0;
    }

    /// The error at byte `at` of the body; the rest of the line is skipped.
    fn fail(&mut self, at: usize, expected: &'static str) -> SyntaxError {
        let span = self.cur.span(self.body_start + at, 0);
        let found = excerpt(&self.body[at..]);
        self.at = self.body.len();
        self.comment = None;
        SyntaxError {
            line: span.line,
            column: span.column,
            offset: span.offset,
            expected,
            found,
        }
    }

    /// `N.` or `N...` at `start`.
    fn number(&mut self, start: usize) -> Result<Owned, SyntaxError> {
        let body = self.body.as_bytes();
        let digits = body[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + digits;
        let parsed = self.body[start..end].parse::<u32>().ok().and_then(|n| {
            if body[end..].starts_with(b"...") {
                Some((n, true, end + 3))
            } else if body.get(end) == Some(&b'.') {
                Some((n, false, end + 1))
            } else {
                None
            }
        });
        let Some((n, black, end)) = parsed else {
            return Err(self.fail(start, "a move number such as 12. or 12..."));
        };
        let span = self.cur.span(self.body_start + start, end - start);
        self.at = end;
        Ok(Owned::Number { n, black, span })
    }

    /// A turn at `start`: operations joined by `;`.
    fn turn(&mut self, start: usize) -> Result<Owned, SyntaxError> {
        self.ops.clear();
        let body = self.body.as_bytes();
        let mut at = start;
        loop {
            let (end, kind) = match op(self.body, at) {
                Ok(x) => x,
                Err((at, expected)) => return Err(self.fail(at, expected)),
            };
            let span = self.cur.span(self.body_start + at, end - at);
            self.ops.push(Op { kind, span });
            let mut after = end;
            while let Some(b' ' | b'\t' | b'\r') = body.get(after) {
                after += 1;
            }
            if body.get(after) == Some(&b';') {
                at = after + 1;
                while let Some(b' ' | b'\t' | b'\r') = body.get(at) {
                    at += 1;
                }
                if at == body.len() {
                    return Err(self.fail(at, "an operation after ';'"));
                }
                continue;
            }
            if after == end && after < body.len() {
                return Err(self.fail(end, "';', a blank or the end of the line"));
            }
            self.at = after;
            let span = Span {
                len: (end - start).min(u32::MAX as usize) as u32,
                ..self.ops[0].span
            };
            return Ok(Owned::Turn {
                ops: self.ops.clone(),
                span,
                text: self.body[start..end].to_owned(),
            });
        }
    }
}

/// `[a-z][1-9][0-9]*` at the start of `b`, at most three digits: the square
/// and how many bytes it takes.
pub fn square(b: &[u8]) -> Option<(SquareName, usize)> {
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

/// Line, column and offset bookkeeping: columns count characters, and are
/// found by walking forward only (linear time even on one huge line).
struct Cursor<'a> {
    text: &'a str,
    line: u32,
    /// Byte position walked to on this line, and its 1-based column.
    at: usize,
    column: u32,
}

impl Cursor<'_> {
    fn new(text: &str) -> Cursor<'_> {
        Cursor {
            text,
            line: 1,
            at: 0,
            column: 1,
        }
    }

    fn next_line(&mut self, start: usize) {
        self.line = self.line.saturating_add(1);
        self.at = start;
        self.column = 1;
    }

    /// The span from byte `from` (not before the last asked) of `len` bytes.
    fn span(&mut self, from: usize, len: usize) -> Span {
        let from = from.max(self.at);
        let walked = self.text.get(self.at..from).unwrap_or("");
        self.column = self
            .column
            .saturating_add(chars(walked).min(u32::MAX as usize) as u32);
        self.at = from;
        Span {
            offset: from as u64,
            line: self.line,
            column: self.column,
            len: len.min(u32::MAX as usize) as u32,
        }
    }
}

/// The characters of `s`: its bytes that do not continue a character.
fn chars(s: &str) -> usize {
    s.bytes().filter(|&b| (b & 0xC0) != 0x80).count()
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
