//! A FEN error: the field, the place in the text and what was expected.

use std::fmt;
use std::ops::Range;

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// `[...]` after the board.
    Pockets,
    /// `w` or `b`.
    Turn,
    /// `KQkq` (X-FEN), `HAha` (Shredder-FEN) or `-`.
    Castling,
    /// A square or `-`.
    EnPassant,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
    /// Slide-chess's seventh field.
    Cages,
    /// Three-check's check counters (`3+3`, `+0+0`).
    Checks,
    /// The position as a whole (e.g. two white kings).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board field",
            FenField::Pockets => "pockets",
            FenField::Turn => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock field",
            FenField::Fullmove => "fullmove number field",
            FenField::Cages => "cages field",
            FenField::Checks => "check counters field",
            FenField::Position => "position",
        })
    }
}

/// A malformed or impossible FEN: the field, where (byte span and 1-based
/// character column), the character found (if any), and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {field}{}: expected {expected}", At(*column, *found))]
pub struct FenError {
    /// The field the error is in.
    pub field: FenField,
    /// The offending bytes of the FEN text (empty for the position as a whole
    /// or at the end).
    pub span: Range<usize>,
    /// 1-based character index into the FEN text (0 for the position as a whole).
    pub column: usize,
    /// The character at `column`, if any.
    pub found: Option<char>,
    /// What would have been accepted.
    pub expected: String,
    /// The ruling the position breaks, when the text reads but the
    /// position cannot be (CH1, FL8 …).
    pub ruling: Option<&'static str>,
}

/// `, character 14 'x'` in a message.
struct At(usize, Option<char>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (0, _) => Ok(()),
            (c, Some(ch)) => write!(f, ", character {c} {ch:?}"),
            (c, None) => write!(f, ", character {c} (end of text)"),
        }
    }
}

impl FenError {
    /// An error at byte `at` of `text`.
    pub(super) fn at(
        text: &str,
        field: FenField,
        at: usize,
        expected: impl Into<String>,
    ) -> FenError {
        let found = text.get(at..).and_then(|s| s.chars().next());
        FenError {
            field,
            span: at..at + found.map_or(0, char::len_utf8),
            column: text.get(..at).map_or(at, |s| s.chars().count()) + 1,
            found,
            expected: expected.into(),
            ruling: None,
        }
    }

    /// An error about the position as a whole.
    pub(super) fn whole(field: FenField, expected: impl Into<String>) -> FenError {
        FenError {
            field,
            span: 0..0,
            column: 0,
            found: None,
            expected: expected.into(),
            ruling: None,
        }
    }
}
