//! Plies and the lines (main line, variations) they form.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::model::{Comment, Span};

/// A line of plies (main line or a variation).
pub type Line = Vec<Node>;

/// One ply with everything attached to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The move token exactly as written (no move number, no `!`/`?` glyphs).
    /// Inline up to 24 bytes, so reading a move allocates nothing.
    pub san: CompactString,
    /// Where the move token was found.
    #[serde(default)]
    pub span: Span,
    /// Numeric annotation glyphs (`$n`, and `!`/`?` suffixes mapped to 1..=6).
    #[serde(default)]
    pub nags: Vec<u16>,
    /// Comments written before this move where no earlier move of the same
    /// line exists to carry them, e.g. `( {Better is} 1. d4 )`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<Comment>,
    /// Comments written after this move.
    #[serde(default)]
    pub comments: Vec<Comment>,
    /// Alternatives to THIS move: PGN `( ... )` written after it.
    #[serde(default)]
    pub variations: Vec<Line>,
    /// The move number written before it, if any.
    #[serde(default)]
    pub move_number: Option<u32>,
}

impl Node {
    /// A node with just a move token.
    pub fn new(san: impl Into<CompactString>) -> Self {
        Node {
            san: san.into(),
            span: Span::default(),
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
            move_number: None,
        }
    }
}
