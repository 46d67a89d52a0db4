//! Plain data types for one game record.
//!
//! These types carry no behaviour beyond small helpers: readers build them,
//! writers print them, and other modules (validation, conversion, diffing)
//! inspect them. Spans are kept so diagnostics can point into the source,
//! but they default when absent so JSON written without them reads back.

use compact_str::CompactString;
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

/// A tag pair such as `[Event "Casual game"]`, value unescaped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// Tag name, e.g. `Event`.
    pub name: String,
    /// Tag value without quotes and with escapes resolved.
    pub value: String,
    /// Where the tag pair was found (so a bad `FEN` or `Variant` tag is shown there).
    /// Not part of any serialised form.
    #[serde(default, skip_serializing)]
    pub span: Span,
}

impl Tag {
    /// A tag made in code, with no source location.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Tag {
        Tag {
            name: name.into(),
            value: value.into(),
            span: Span::default(),
        }
    }
}

/// How a comment was written in the source.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CommentKind {
    /// `{ ... }`, may span lines.
    #[default]
    Brace,
    /// `; ...` up to the end of the line.
    Line,
}

/// A comment; `text` excludes the delimiters (`{`/`}` or `;`/newline).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comment {
    /// The comment text as written, delimiters removed.
    pub text: String,
    /// How it was delimited, so a writer can reproduce it.
    #[serde(default)]
    pub kind: CommentKind,
    /// Where it was found.
    #[serde(default)]
    pub span: Span,
}

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

/// One game: tags, comments before the first move, the move tree, result.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Tag pairs in source order (duplicates kept).
    pub tags: Vec<Tag>,
    /// Comments before the first move of the main line.
    #[serde(default)]
    pub prelude: Vec<Comment>,
    /// The main line.
    #[serde(default)]
    pub moves: Line,
    /// Result token as written in the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[serde(default)]
    pub result: Option<String>,
    /// Where the result token was, if the movetext had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_span: Option<Span>,
    /// Where the whole game was found.
    #[serde(default)]
    pub span: Span,
}

impl Record {
    /// The value of the first tag called `name` (case-sensitive).
    /// The tag pair named `name`, with its location.
    pub fn tag_pair(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }
}

/// Extract `[%name args]` commands from a comment text, e.g.
/// `[%clk 0:01:00]` gives `("clk", "0:01:00")`.
///
/// Commands are embedded data (clock times, `[%deny S3e]`); a command
/// without a closing `]` ends the scan.
pub fn comment_commands(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find("[%")?;
        let after = rest.get(start + 2..)?;
        let Some(end) = after.find(']') else {
            rest = "";
            return None;
        };
        let body = after.get(..end)?;
        rest = after.get(end + 1..).unwrap_or("");
        let body = body.trim_start();
        let (name, args) = match body.find(char::is_whitespace) {
            Some(i) => (body.get(..i)?, body.get(i..)?.trim()),
            None => (body, ""),
        };
        Some((name, args))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        let v: Vec<_> = comment_commands("good [%clk 0:01:00] and [%deny S3e] [%x]").collect();
        assert_eq!(v, vec![("clk", "0:01:00"), ("deny", "S3e"), ("x", "")]);
        assert_eq!(comment_commands("[%open no end").count(), 0);
        assert_eq!(comment_commands("").count(), 0);
    }

    #[test]
    fn json_without_spans_reads_back() {
        let j = r#"{"tags":[{"name":"Event","value":"x"}],"moves":[{"san":"e4"}]}"#;
        let r: Record = serde_json::from_str(j).unwrap();
        assert_eq!(r.tag("Event"), Some("x"));
        assert_eq!(r.moves[0].san, "e4");
        assert_eq!(r.result, None);
    }
}
