//! The grammar of Game Courier move lists (notation/gamecourier.md).
//!
//! A list is read line by line: `//` starts a comment to the end of the line;
//! the rest of a line holds move numbers (`1.`, `1...`) and turns. A turn is
//! one or more operations joined by `;`; whitespace that is not around a `;`
//! ends the turn, so several turns may share a line. Operations:
//!
//! | Text | Operation |
//! | --- | --- |
//! | `e2-e4`, `P e2-e4` | move the piece (or, with a cage label, the cage) on e2 to e4 |
//! | `Q-e8` | put a piece (or a cage; `#-e8` marks a hole, `.-e8` a cell) on e8 |
//! | `d5-` | clear the piece on d5 |
//! | `P*e4` | drop a piece from hand on e4 |
//!
//! Labels are letters, upper case for White and lower case for Black, one or
//! several (`RN`, `nb`), or the marks `#` (a hole) and `.` (a cell). This module only reads the text; what
//! the operations do to a board is [`crate::record::gamecourier`]. Reading is
//! one pass over the text (linear time) and every error is a value with its
//! line, column and what was expected.
//!
//! ```
//! use fvnote::notation::gamecourier::{parse, Item, OpKind};
//! let list = parse("1. P e2-e4 // the king's pawn\n1... p e7-e5\n2. K e1-g1; R h1-f1\n").unwrap();
//! let turns: Vec<_> = list.items.iter().filter_map(|i| match i {
//!     Item::Turn(t) => Some(t),
//!     _ => None,
//! }).collect();
//! assert_eq!(turns.len(), 3);
//! assert_eq!(turns[2].ops.len(), 2);
//! assert!(matches!(turns[0].ops[0].kind, OpKind::Move { .. }));
//! assert_eq!((turns[1].span.line, turns[1].span.column), (2, 6));
//! ```

use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::satisfy;
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::IResult;

use compact_str::CompactString;

use crate::model::Span;

/// A square as written: 0-based file (`a` = 0) and 0-based rank (`1` = 0).
/// Names are read in the frame of the position the turn is played from
/// (QK5); they may lie outside it (a quake carries cells one step out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    /// 0-based file (`a` = 0).
    pub file: u8,
    /// 0-based rank (`1` = 0).
    pub rank: u16,
}

impl std::fmt::Display for SquareName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            u32::from(self.rank) + 1
        )
    }
}

/// The highest rank number a square name may carry (three digits).
pub const MAX_RANK_NUMBER: u16 = 999;

/// What an operation does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// `[LABEL ]FROM-TO`: move what stands on `from` to `to`.
    Move {
        /// The piece label written before the move, if any.
        label: Option<CompactString>,
        /// Where the piece stands.
        from: SquareName,
        /// Where it goes.
        to: SquareName,
    },
    /// `LABEL-SQ`: put a piece or a cage on `sq`, or mark it a hole (`#`) or a cell (`.`).
    Put {
        /// The piece, cage, hole (`#`) or cell (`.`) label.
        label: CompactString,
        /// The square put on.
        sq: SquareName,
    },
    /// `SQ-`: clear the piece on `sq`.
    Clear {
        /// The square cleared.
        sq: SquareName,
    },
    /// `LABEL*SQ`: drop a piece from hand on `sq`.
    Drop {
        /// The piece label.
        label: CompactString,
        /// The square dropped on.
        sq: SquareName,
    },
}

/// One operation and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    /// What it does.
    pub kind: OpKind,
    /// Where it was written.
    pub span: Span,
}

/// One turn: operations applied in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The operations, in the order written.
    pub ops: Vec<Op>,
    /// From the first operation's start to the last one's end.
    pub span: Span,
    /// The turn as written.
    pub text: CompactString,
}

/// One element of a list, in document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
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
    Turn(Turn),
    /// A `//` comment, without the `//` and surrounding whitespace;
    /// `own_line` when nothing but blanks precede it on its line.
    Comment {
        /// The comment's text.
        text: CompactString,
        /// Whether nothing but blanks precede it on its line.
        own_line: bool,
        /// Where it was written.
        span: Span,
    },
}

/// A whole move list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct List {
    /// Numbers, turns and comments in document order.
    pub items: Vec<Item>,
}

/// A syntax error: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: expected {expected}, found {found}")]
pub struct SyntaxError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// Byte offset in the list.
    pub offset: u64,
    /// What the grammar expected here.
    pub expected: &'static str,
    /// What was found (a short excerpt, or "the end of the line").
    pub found: String,
}

type Res<'a, T> = IResult<&'a str, T>;

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn blanks(i: &str) -> Res<'_, &str> {
    take_while(is_blank)(i)
}

/// `[a-z][1-9][0-9]*`, at most three digits.
fn square(i: &str) -> Res<'_, SquareName> {
    let (rest, text) = recognize(pair(
        satisfy(|c| c.is_ascii_lowercase()),
        pair(
            satisfy(|c| ('1'..='9').contains(&c)),
            take_while(|c: char| c.is_ascii_digit()),
        ),
    ))(i)?;
    let digits = &text[1..];
    let rank: u16 = match digits.parse() {
        Ok(n) if digits.len() <= 3 && n <= MAX_RANK_NUMBER => n,
        _ => {
            return Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Digit,
            )))
        }
    };
    let file = text.as_bytes()[0] - b'a';
    Ok((
        rest,
        SquareName {
            file,
            rank: rank - 1,
        },
    ))
}

/// Letters, or `#` (a hole mark), or `.` (a cell mark).
fn label(i: &str) -> Res<'_, &str> {
    for mark in ["#", "."] {
        if let Some(rest) = i.strip_prefix(mark) {
            return Ok((rest, mark));
        }
    }
    take_while1(|c: char| c.is_ascii_alphabetic())(i)
}

/// `N.` or `N...`.
fn number(i: &str) -> Res<'_, (u32, bool)> {
    let (rest, digits) = take_while1(|c: char| c.is_ascii_digit())(i)?;
    let n: u32 = digits
        .parse()
        .map_err(|_| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Digit)))?;
    if let Ok((rest, _)) = tag::<_, _, nom::error::Error<&str>>("...")(rest) {
        return Ok((rest, (n, true)));
    }
    let (rest, _) = tag(".")(rest)?;
    Ok((rest, (n, false)))
}

/// One operation (see the module table).
fn op(i: &str) -> Result<(&str, OpKind), (&str, &'static str)> {
    const WANT: &str = "an operation (e2-e4, P e2-e4, Q-e8, d5-, P*e4)";
    if let Ok((rest, from)) = square(i) {
        let Some(rest) = rest.strip_prefix('-') else {
            return Err((rest, "'-' after the square (e2-e4 moves, e2- clears)"));
        };
        if let Ok((rest, to)) = square(rest) {
            let kind = OpKind::Move {
                label: None,
                from,
                to,
            };
            return Ok((rest, kind));
        }
        return Ok((rest, OpKind::Clear { sq: from }));
    }
    let Ok((rest, name)) = label(i) else {
        return Err((i, WANT));
    };
    // Labels are short: kept inline, not on the heap.
    let name = CompactString::from(name);
    if let Some(r) = rest.strip_prefix('-') {
        return match square(r) {
            Ok((r, sq)) => Ok((r, OpKind::Put { label: name, sq })),
            Err(_) => Err((r, "a square after 'LABEL-' (Q-e8)")),
        };
    }
    if let Some(r) = rest.strip_prefix('*') {
        return match square(r) {
            Ok((r, sq)) => Ok((r, OpKind::Drop { label: name, sq })),
            Err(_) => Err((r, "a square after 'LABEL*' (P*e4)")),
        };
    }
    let (r, gap) = blanks(rest).unwrap_or((rest, ""));
    if gap.is_empty() {
        return Err((rest, "'-', '*' or a blank after the label"));
    }
    match square(r) {
        Ok((r2, from)) => match r2.strip_prefix('-').map(square) {
            Some(Ok((r3, to))) => Ok((
                r3,
                OpKind::Move {
                    label: Some(name),
                    from,
                    to,
                },
            )),
            _ => Err((r2, "'-' and a square after the labelled square (P e2-e4)")),
        },
        Err(_) => Err((r, "a square after the label (P e2-e4)")),
    }
}

/// Line, column and offset bookkeeping: columns count characters, and are
/// found by walking forward only (linear time even on one huge line).
struct Cursor<'a> {
    text: &'a str,
    line: u32,
    line_start: usize,
    /// Byte position walked to on this line, and its 1-based column.
    at: usize,
    column: u32,
}

impl Cursor<'_> {
    fn new(text: &str) -> Cursor<'_> {
        Cursor {
            text,
            line: 1,
            line_start: 0,
            at: 0,
            column: 1,
        }
    }

    fn next_line(&mut self, start: usize) {
        self.line = self.line.saturating_add(1);
        self.line_start = start;
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

fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
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

/// Reads a move list. The first syntax error ends reading.
pub fn parse(text: &str) -> Result<List, SyntaxError> {
    // About one item (a number, turn or comment) per eight bytes of a
    // written list: room for a game's at once, not by doubling (capped, so
    // a huge input of blanks reserves nothing huge).
    let mut items = Vec::with_capacity((text.len() / 8).min(4096));
    let mut cur = Cursor::new(text);
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let body_end = comment_start(raw).unwrap_or(raw.len());
        let body = raw[..body_end].trim_end_matches(['\n', '\r']);
        parse_line(text, body, &mut cur, &mut items)?;
        if body_end < raw.len() {
            let comment = &raw[body_end + 2..];
            let own_line = body.trim().is_empty();
            let at = start + body_end;
            let span = cur.span(at, raw.trim_end_matches(['\n', '\r']).len() - body_end);
            items.push(Item::Comment {
                text: CompactString::from(comment.trim()),
                own_line,
                span,
            });
        }
        start += raw.len();
        if raw.ends_with('\n') {
            cur.next_line(start);
        }
    }
    Ok(List { items })
}

fn parse_line(
    whole: &str,
    line: &str,
    cur: &mut Cursor<'_>,
    items: &mut Vec<Item>,
) -> Result<(), SyntaxError> {
    let fail = |cur: &mut Cursor<'_>, rest: &str, expected: &'static str| {
        let span = cur.span(offset_in(whole, rest), 0);
        SyntaxError {
            line: span.line,
            column: span.column,
            offset: span.offset,
            expected,
            found: excerpt(rest),
        }
    };
    let mut rest = line.trim_start_matches([' ', '\t', '\r']);
    while !rest.is_empty() {
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            let Ok((r, (n, black))) = number(rest) else {
                return Err(fail(cur, rest, "a move number such as 12. or 12..."));
            };
            let span = cur.span(offset_in(whole, rest), rest.len() - r.len());
            items.push(Item::Number { n, black, span });
            rest = r.trim_start_matches([' ', '\t', '\r']);
            continue;
        }
        let turn_start = rest;
        let mut ops = Vec::new();
        loop {
            let (r, kind) = match op(rest) {
                Ok(x) => x,
                Err((at, expected)) => return Err(fail(cur, at, expected)),
            };
            let span = cur.span(offset_in(whole, rest), rest.len() - r.len());
            ops.push(Op { kind, span });
            let after = r.trim_start_matches([' ', '\t', '\r']);
            if let Some(next) = after.strip_prefix(';') {
                rest = next.trim_start_matches([' ', '\t', '\r']);
                if rest.is_empty() {
                    return Err(fail(cur, rest, "an operation after ';'"));
                }
                continue;
            }
            if r.len() == after.len() && !after.is_empty() {
                return Err(fail(cur, r, "';', a blank or the end of the line"));
            }
            let len = turn_start.len() - r.len();
            let text = CompactString::from(&turn_start[..len]);
            let first = ops[0].span;
            let span = Span {
                len: len.min(u32::MAX as usize) as u32,
                ..first
            };
            items.push(Item::Turn(Turn { ops, span, text }));
            rest = after;
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(text: &str) -> Vec<Turn> {
        parse(text)
            .unwrap()
            .items
            .into_iter()
            .filter_map(|i| match i {
                Item::Turn(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    fn sq(s: &str) -> SquareName {
        square(s).unwrap().1
    }

    #[test]
    fn every_operation_kind_reads() {
        let t = turns("e2-e4 P e2-e4 n g8-f6 Q-e8 d5- P*e4 RN*b10 nb a6-b8 #-a1 C e8-a5 .-h3");
        let kinds: Vec<&OpKind> = t.iter().map(|t| &t.ops[0].kind).collect();
        assert_eq!(
            kinds,
            [
                &OpKind::Move {
                    label: None,
                    from: sq("e2"),
                    to: sq("e4")
                },
                &OpKind::Move {
                    label: Some("P".into()),
                    from: sq("e2"),
                    to: sq("e4")
                },
                &OpKind::Move {
                    label: Some("n".into()),
                    from: sq("g8"),
                    to: sq("f6")
                },
                &OpKind::Put {
                    label: "Q".into(),
                    sq: sq("e8")
                },
                &OpKind::Clear { sq: sq("d5") },
                &OpKind::Drop {
                    label: "P".into(),
                    sq: sq("e4")
                },
                &OpKind::Drop {
                    label: "RN".into(),
                    sq: sq("b10")
                },
                &OpKind::Move {
                    label: Some("nb".into()),
                    from: sq("a6"),
                    to: sq("b8")
                },
                &OpKind::Put {
                    label: "#".into(),
                    sq: sq("a1")
                },
                &OpKind::Move {
                    label: Some("C".into()),
                    from: sq("e8"),
                    to: sq("a5")
                },
                &OpKind::Put {
                    label: ".".into(),
                    sq: sq("h3")
                },
            ]
        );
    }

    #[test]
    fn turns_numbers_and_comments_keep_their_places() {
        let list = parse("// prelude\n1. K e1-g1 ; R h1-f1 1... e7-e5 // after\n").unwrap();
        let spans: Vec<(u32, u32)> = list
            .items
            .iter()
            .map(|i| match i {
                Item::Number { span, .. } | Item::Comment { span, .. } => (span.line, span.column),
                Item::Turn(t) => (t.span.line, t.span.column),
            })
            .collect();
        assert_eq!(spans, [(1, 1), (2, 1), (2, 4), (2, 22), (2, 27), (2, 33)]);
        let Item::Turn(t) = &list.items[2] else {
            panic!()
        };
        assert_eq!(t.text, "K e1-g1 ; R h1-f1");
        assert!(
            matches!(&list.items[0], Item::Comment { own_line: true, text, .. } if text == "prelude")
        );
        assert!(matches!(
            &list.items[5],
            Item::Comment {
                own_line: false,
                ..
            }
        ));
    }

    #[test]
    fn columns_count_characters() {
        let list = parse("// é\n1. e2-e4 // ♔\n   e7-e5").unwrap();
        let Item::Turn(t) = &list.items[4] else {
            panic!()
        };
        assert_eq!((t.span.line, t.span.column, t.span.offset), (3, 4, 25));
    }

    #[test]
    fn errors_say_where_and_what_was_expected() {
        for (text, at, expected) in [
            ("e2e4", (1, 3), "'-' after the square"),
            ("1. e2-e4;", (1, 10), "an operation after ';'"),
            ("1. e2-e4 x", (1, 11), "'-', '*' or a blank"),
            ("P e2", (1, 5), "'-' and a square"),
            ("Q-", (1, 3), "a square after 'LABEL-'"),
            ("\n12 e2-e4", (2, 1), "a move number"),
            ("e2-e4x", (1, 6), "';', a blank"),
            ("e2-e1000", (1, 4), "';', a blank"),
            ("é", (1, 1), "an operation"),
        ] {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), at, "{text}: {e}");
            assert!(e.expected.starts_with(expected), "{text}: {e}");
        }
    }
}
