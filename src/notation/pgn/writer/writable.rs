//! Whether a record can be written as PGN that reads back as itself.

use crate::model::{Comment, Node, Record, Tag};
use crate::notation::pgn::lexer;
use crate::notation::pgn::reader::ReaderOptions;

/// What a record holds that PGN cannot: writing it would give a text that
/// reads back as another record, or not at all. Records read from PGN never
/// hold such things; records read from JSON may.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwritable {
    /// The ply it is at (document order of the game, variations numbered
    /// from the ply they replace), None for tags and the result.
    pub ply: Option<usize>,
    /// Why it cannot be written.
    pub message: String,
}

impl std::fmt::Display for Unwritable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "ply {ply}, {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Checks that `rec` can be written as PGN that reads back (with the
/// reader's default limits) as the same record: tag names and values, move
/// tokens, comments and the result.
///
/// ```
/// use fvnote::notation::pgn::{check_writable, read_all};
/// let mut rec = read_all(&b"1. e4 e5 *"[..]).remove(0).unwrap();
/// assert!(check_writable(&rec).is_ok());
/// rec.moves[1].san = "e5 Nf3".into();
/// let e = check_writable(&rec).unwrap_err();
/// assert_eq!(e.ply, Some(2));
/// ```
pub fn check_writable(rec: &Record) -> Result<(), Unwritable> {
    let empty = rec.tags.is_empty()
        && rec.prelude.is_empty()
        && rec.moves.is_empty()
        && rec.result.is_none()
        && rec.trailing_move_number.is_none();
    if empty {
        return Err(Unwritable {
            ply: None,
            message: "a record of nothing (no tag, comment, move or result) has no PGN text".into(),
        });
    }
    tags_writable(&rec.tags)?;
    comments_writable(None, &rec.prelude)?;
    line_writable(&rec.moves, 1)?;
    result_writable(rec.result.as_deref())
}

/// [`check_writable`] for a game's tag pairs (and the comments before them).
pub fn tags_writable(tags: &[Tag]) -> Result<(), Unwritable> {
    let limits = ReaderOptions::default();
    let fail = |message: String| Err(Unwritable { ply: None, message });
    for t in tags {
        comments_writable(None, &t.comments_before)?;
        if t.name.is_empty()
            || !t
                .name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return fail(format!(
                "tag name `{}`: PGN tag names are letters, digits and `_`",
                t.name
            ));
        }
        if t.value.contains(['\n', '\r']) {
            return fail(format!(
                "tag `{}`: PGN tag values cannot hold a line break",
                t.name
            ));
        }
        let escaped = t.value.len() + t.value.matches(['\\', '"']).count();
        if escaped > limits.max_tag_value_len {
            return fail(format!(
                "tag `{}`: a value of {escaped} bytes written is longer than PGN readers take ({} bytes)",
                t.name, limits.max_tag_value_len
            ));
        }
    }
    Ok(())
}

/// [`check_writable`] for comments (at `ply`, None before the moves).
pub fn comments_writable(ply: Option<usize>, list: &[Comment]) -> Result<(), Unwritable> {
    let limit = ReaderOptions::default().max_comment_len;
    list.iter()
        .try_for_each(|c| comment_writable(c, limit).map_err(|message| Unwritable { ply, message }))
}

/// [`check_writable`] for a line of moves whose first ply is `first`, with
/// their comments and variations.
pub fn line_writable(moves: &[Node], first: usize) -> Result<(), Unwritable> {
    let limit = ReaderOptions::default().max_token_len;
    // (line, ply of its first node); allocated only for variations
    let mut stack: Vec<(&[Node], usize)> = Vec::new();
    let mut main = Some((moves, first));
    while let Some((line, first)) = main.take().or_else(|| stack.pop()) {
        for (i, node) in line.iter().enumerate() {
            let ply = first + i;
            if let Err(message) = token_writable(&node.san, limit) {
                return Err(Unwritable {
                    ply: Some(ply),
                    message,
                });
            }
            comments_writable(Some(ply), &node.comments_before)?;
            comments_writable(Some(ply), &node.comments)?;
            stack.extend(node.variations.iter().map(|v| (&v[..], ply)));
        }
    }
    Ok(())
}

/// [`check_writable`] for a termination marker.
pub fn result_writable(result: Option<&str>) -> Result<(), Unwritable> {
    match result {
        None | Some("1-0" | "0-1" | "1/2-1/2" | "*") => Ok(()),
        Some(r) => Err(Unwritable {
            ply: None,
            message: format!("result `{r}`: a PGN result is 1-0, 0-1, 1/2-1/2 or *"),
        }),
    }
}

/// A move token must read back as one move token, itself. `exd6 e.p.` is
/// the reader's join of a move and a separate `e.p.` mark, and reads back
/// as itself when the move does.
fn token_writable(san: &str, max_len: usize) -> Result<(), String> {
    let tok = san
        .strip_suffix(lexer::EP)
        .and_then(|t| t.strip_suffix(' '))
        .unwrap_or(san)
        .as_bytes();
    let why = if tok.is_empty() {
        "a move token cannot be empty"
    } else if tok.len() > max_len {
        "a move token is at most 255 bytes"
    } else if !tok.iter().all(|&b| lexer::is_token_byte(b)) {
        "a move token holds no white space, control characters or `{ } ( ) [ ] ; $ \"`"
    } else if lexer::classify(tok) != lexer::Class::Move {
        "it reads as a move number or a result"
    } else if !lexer::split_glyphs(tok).1.is_empty() {
        "`!` and `?` after a move read as annotations (write them as NAGs)"
    } else if tok == lexer::EP.as_bytes() {
        "`e.p.` on its own reads as the en passant mark of the move before it"
    } else {
        return Ok(());
    };
    Err(format!("move `{san}` cannot be written in PGN: {why}"))
}

/// A comment's text must come back unchanged: a brace comment cannot hold
/// `}` and a line comment cannot hold a line break, so text with both does
/// not fit either.
fn comment_writable(c: &Comment, max_len: usize) -> Result<(), String> {
    if c.text.contains('}') && c.text.contains(['\n', '\r']) {
        return Err(format!(
            "comment {:?}: PGN cannot hold a comment with both `}}` and a line break",
            c.text
        ));
    }
    if c.text.len() > max_len {
        return Err(format!(
            "a comment of {} bytes is longer than PGN readers take ({max_len} bytes)",
            c.text.len()
        ));
    }
    Ok(())
}
