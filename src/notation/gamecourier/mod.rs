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
//! several (`RN`, `nb`), or the marks `#` (a hole) and `.` (a cell). This
//! module only reads the text; what the operations do to a board is
//! [`crate::record::gamecourier`]. Reading is one pass over the text (linear
//! time) and every error is a value with its line, column and what was
//! expected. A [`Reader`] hands out one number, turn or comment at a time
//! (a turn's operations in a buffer it reuses); [`parse`] collects them.
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

mod reader;

use compact_str::CompactString;

use crate::model::Span;

pub use reader::{Event, Reader, TurnRef};

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

impl Item {
    /// An event of a [`Reader`] as an owned item.
    fn from_event(e: Event<'_>) -> Item {
        match e {
            Event::Number { n, black, span } => Item::Number { n, black, span },
            Event::Turn(t) => Item::Turn(Turn {
                ops: t.ops.to_vec(),
                span: t.span,
                text: CompactString::from(t.text),
            }),
            Event::Comment {
                text,
                own_line,
                span,
            } => Item::Comment {
                text: CompactString::from(text),
                own_line,
                span,
            },
        }
    }
}

/// Reads a whole move list. The first syntax error ends reading. To read a
/// list turn by turn, without a copy of each, use a [`Reader`].
pub fn parse(text: &str) -> Result<List, SyntaxError> {
    let mut items = Vec::new();
    let mut reader = Reader::new(text);
    while let Some(e) = reader.next_event()? {
        items.push(Item::from_event(e));
    }
    Ok(List { items })
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
        reader::square(s.as_bytes()).unwrap().0
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
