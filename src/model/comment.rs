//! Comments and the `[%…]` commands embedded in them.

use serde::{Deserialize, Serialize};

use crate::model::Span;

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
}
