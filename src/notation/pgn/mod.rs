//! Streaming PGN reader and export-style writer.
//!
//! The reader pulls from any [`std::io::BufRead`] and keeps only the current
//! token in memory, so files of any size stream. It reports tokens to a
//! [`Visitor`] (allocation happens only where the visitor wants it);
//! [`RecordBuilder`] is the visitor that builds [`Record`]s. Errors carry a
//! [`Span`] and the reader resynchronises at the next game, so one broken
//! game does not hide the rest of a file.
//!
//! ```
//! use fvnote::notation::pgn::Reader;
//!
//! let pgn = "[Event \"Casual\"]\n\n1. e4 (1. d4 d5) e5 {open} 2. Nf3! 1-0\n";
//! let mut games = Reader::new(pgn.as_bytes());
//! let game = games.next().unwrap().unwrap();
//! assert_eq!(game.tag("Event"), Some("Casual"));
//! assert_eq!(game.moves[0].san, "e4");
//! assert_eq!(game.moves[0].variations[0][0].san, "d4");
//! assert_eq!(game.moves[1].comments[0].text, "open");
//! assert_eq!(game.moves[2].nags, vec![1]);
//! assert_eq!(game.result.as_deref(), Some("1-0"));
//! assert!(games.next().is_none());
//! ```
//!
//! Lexical decisions worth knowing:
//! * A move token is any run of bytes other than whitespace, control
//!   characters and `{ } ( ) [ ] ; $ "`. A lenient promotion `e8(Q)` — a
//!   single ASCII uppercase letter in parentheses glued to the token — is part
//!   of the token (`san == "e8(Q)"`).
//! * `exd6 e.p.` (a separate `e.p.` token) is merged into one move token with
//!   text `"exd6 e.p."` (one space, whatever whitespace separated them),
//!   also when a glyph follows it (`exd6 e.p.!`: the glyph is the move's).
//! * Trailing `!`, `?`, `!!`, `??`, `!?`, `?!` become NAGs 1–6.
//! * Bytes that are not UTF-8 are an error wherever they stand (tags,
//!   moves, comments), located at the first such byte: a replacement
//!   character would alter the text. Input in another encoding is decoded
//!   to UTF-8 before this reader.
//! * Comments before any move of a variation go to that variation's first
//!   move's `comments_before`. Nothing read is dropped: a NAG before any
//!   move of its line, or a comment in a variation that closes without a
//!   move, has no place in a record and is an error.

mod lexer;
mod reader;
mod writer;

pub(crate) use lexer::line_breaks;
pub use reader::{
    read_all, visit_record, visit_tokens, Proof, Reader, ReaderOptions, RecordBuilder, Visitor,
};
pub(crate) use writer::decimal_digits;
pub use writer::{
    check_writable, comments_writable, line_writable, result_writable, tags_writable, to_string,
    write_comment_lines, write_record, write_records, write_tags, Movetext, Unwritable,
};

use crate::model::{Record, Span};

/// A PGN syntax or I/O error with its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// Where the problem is (for "unterminated" errors: where it was opened).
    pub span: Span,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.span.line, self.span.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

/// The kinds of [`PgnError`]; each message says what was found and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// `{` without `}`.
    #[error("unterminated comment (opened here; expected '}}', found end of input)")]
    UnterminatedComment,
    /// `(` without `)` when the game ended.
    #[error("unterminated variation (opened here; expected ')', found {found})")]
    UnterminatedVariation {
        /// What ended the game instead.
        found: String,
    },
    /// A tag pair without `]` on its line.
    #[error("unterminated tag pair (expected ']', found {found})")]
    UnterminatedTag {
        /// What was there instead.
        found: String,
    },
    /// The input ends inside a tag pair, on its line: the file was cut
    /// there. Located at the end of the input.
    #[error("the input ends inside the tag pair opened at column {column} (expected {expected} before the end of the input)")]
    TagCutOff {
        /// The column of the tag pair's `[`.
        column: u32,
        /// What the tag pair still needed.
        expected: &'static str,
    },
    /// A tag value without its closing quote on the line.
    #[error("unterminated tag value (opened here; expected '\"' before the end of the line)")]
    UnterminatedString,
    /// Some other malformed tag pair.
    #[error("malformed tag pair (expected {expected}, found {found})")]
    MalformedTag {
        /// What was expected.
        expected: &'static str,
        /// What was found.
        found: String,
    },
    /// `)` with no open variation.
    #[error("unmatched ')' (expected a move, comment or result; no variation is open)")]
    UnmatchedParen,
    /// `(` in a line that has no move yet.
    #[error("variation without a preceding move (found '('; expected a move first)")]
    VariationBeforeMove,
    /// A NAG or glyph in a line that has no move yet: it annotates the
    /// move before it.
    #[error("{found} before any move of its line (expected a move first: a NAG annotates the move before it)")]
    NagBeforeMove {
        /// The NAG or glyph as written.
        found: String,
    },
    /// A comment in a variation that closes without a move: a comment
    /// belongs to a move, and this one would belong to none.
    #[error("comment in a variation with no move (the variation closes at line {line}, column {column}; expected a move in it, or the comment outside it)")]
    CommentWithoutMove {
        /// Where the `)` is.
        line: u32,
        /// Its column.
        column: u32,
    },
    /// A `%` escape line where they are refused
    /// ([`Reader::refuse_escape_lines`]).
    #[error("'%' escape line, which a record does not keep (expected no escape lines in a file that is rewritten: rewriting would delete it; remove the line or leave the file as it is)")]
    EscapeLine,
    /// A byte that cannot start any token.
    #[error("unexpected {found} (expected a move, comment, variation or result)")]
    UnexpectedChar {
        /// The character, quoted.
        found: String,
    },
    /// Bytes that are not UTF-8 where text is required.
    #[error("invalid UTF-8 (found byte 0x{byte:02x}; expected UTF-8 text, or the file's encoding named: --encoding latin1 or cp1252)")]
    InvalidUtf8 {
        /// The first offending byte.
        byte: u8,
    },
    /// A move token over the length cap.
    #[error("move token longer than {limit} bytes (expected a delimiter)")]
    TokenTooLong {
        /// The cap.
        limit: usize,
    },
    /// A tag value over the length cap.
    #[error("tag value longer than {limit} bytes (expected '\"')")]
    TagValueTooLong {
        /// The cap.
        limit: usize,
    },
    /// A comment over the length cap.
    #[error("comment longer than {limit} bytes (expected the end of the comment)")]
    CommentTooLong {
        /// The cap.
        limit: usize,
    },
    /// `$n` with n > 65535.
    #[error("NAG ${digits} out of range (expected $0 to $65535)")]
    NagOverflow {
        /// The digits as written.
        digits: String,
    },
    /// `$` not followed by digits.
    #[error("'$' without a number (expected digits, as in $1)")]
    EmptyNag,
    /// A move number that does not fit in `u32`.
    #[error("move number {digits} too large (expected at most 4294967295)")]
    MoveNumberOverflow {
        /// The digits as written.
        digits: String,
    },
    /// A run of `!`/`?` that is not one of the six glyphs.
    #[error("unknown annotation glyph {found:?} (expected !, ?, !!, ??, !? or ?!)")]
    UnknownGlyph {
        /// The glyph as written.
        found: String,
    },
    /// A result, number or dots where a move must be: with `!`/`?` glued to
    /// it (`*?`, `12!`) or glued to a move number (`1.2`, `1.1-0`).
    #[error("{found:?} is not a move (expected a move before '!'/'?' and after a move number)")]
    NotAMove {
        /// The token as written (without the move number).
        found: String,
    },
    /// `e.p.` read as a token of its own: the mark belongs to the
    /// en-passant capture before it (`exd6 e.p.`), and a comment,
    /// variation or escape line between them keeps them apart. Read as a
    /// move, it would be written back joined to the move before it.
    #[error("'e.p.' apart from its move (expected it right after the en-passant capture it marks, as in 'exd6 e.p.', with only spaces or line breaks between; remove it or move it next to its capture)")]
    LoneEnPassant,
    /// Variations nested deeper than the cap.
    #[error("variations nested deeper than {limit} (found '('; expected ')' or a move)")]
    TooDeep {
        /// The cap.
        limit: usize,
    },
    /// An I/O error from the underlying reader.
    #[error("I/O error: {0}")]
    Io(String),
}

/// Convenience alias for reading results.
pub type GameResult = Result<Record, PgnError>;

#[cfg(test)]
mod tests;
