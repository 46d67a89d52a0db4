//! Where things are in the source text.

use serde::{Deserialize, Serialize};

/// A location in the source text.
///
/// `offset` is a 0-based byte offset, `line` and `column` are 1-based and the
/// column counts characters (not bytes), so it matches what an editor shows.
/// `len` is the length in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// Byte offset of the first byte (0-based).
    pub offset: u64,
    /// Line number (1-based).
    pub line: u32,
    /// Column in characters (1-based).
    pub column: u32,
    /// Length in bytes.
    pub len: u32,
}

/// A problem at a place in the input text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// 1-based line (0 when unknown).
    pub line: u32,
    /// 1-based column in characters (0 when unknown).
    pub column: u32,
    /// What was expected, or what is wrong.
    pub message: String,
}

impl Located {
    /// A problem at `span`.
    pub fn at(span: Span, message: impl Into<String>) -> Located {
        Located {
            line: span.line,
            column: span.column,
            message: message.into(),
        }
    }
}
