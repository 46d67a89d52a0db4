//! Reading a whole list into a record.

use compact_str::CompactString;

use super::resolve::{resolve, TurnError};
use super::write::format_op;
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::gamecourier::{parse, Item, Turn};
use crate::piece::Color;
use crate::position::Position;
use crate::record::replay::{Diagnostic, Severity};
use crate::record::{Comment, CommentKind, Node, Record, Span, Tag};
use crate::rules::Variant;

/// What a list reads to: the record of the turns that resolved, and the first
/// error, if any (then the record holds the turns before it).
#[derive(Clone, Debug)]
pub struct ListRead {
    /// The turns that resolved, as a record.
    pub record: Record,
    /// The first error, if any.
    pub error: Option<Diagnostic>,
    /// Whether the error is a syntax error (the list could not be read).
    pub syntax_error: bool,
}

/// The start position for `variant` and an optional FEN.
pub fn start_position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::start(variant)),
        Some(f) => read_fen(f, variant).map_err(|e| format!("--fen: {e}")),
    }
}

fn diagnostic(span: Span, token: &str, message: String) -> Diagnostic {
    Diagnostic::new(Severity::Error, span, token, message)
}

/// Reads a move list of `variant` from `fen` (or the start position): every
/// turn resolved to its legal move, in canonical SAN. Comments (`//`) are
/// kept: one after a turn on its line follows that turn; lines of comments
/// between turns (joined by line breaks) come before the next turn.
pub fn read(text: &str, variant: Variant, fen: Option<&str>) -> Result<ListRead, String> {
    let start = start_position(variant, fen)?;
    let mut tags = vec![Tag::new("Variant", variant.id())];
    if let Some(f) = fen {
        tags.push(Tag::new("SetUp", "1"));
        tags.push(Tag::new("FEN", f));
    }
    let mut record = Record {
        tags,
        prelude: Vec::new(),
        moves: Vec::new(),
        result: None,
        result_span: None,
        span: Span {
            offset: 0,
            line: 1,
            column: 1,
            len: text.len().min(u32::MAX as usize) as u32,
        },
    };
    let mut pos = start;
    let list = match parse(text) {
        Ok(l) => l,
        Err(e) => {
            let span = Span {
                offset: e.offset,
                line: e.line,
                column: e.column,
                len: 0,
            };
            record.result = Some("*".into());
            let message = format!(
                "Game Courier syntax: expected {}, found {}",
                e.expected, e.found
            );
            return Ok(ListRead {
                record,
                error: Some(diagnostic(span, "", message)),
                syntax_error: true,
            });
        }
    };
    let mut pending: Vec<String> = Vec::new();
    let mut pending_span = Span::default();
    let mut number: Option<(u32, bool, Span)> = None;
    let mut error = None;
    for item in &list.items {
        match item {
            Item::Comment {
                text,
                own_line: false,
                span,
            } if pending.is_empty() && !record.moves.is_empty() => {
                if let Some(last) = record.moves.last_mut() {
                    last.comments.push(comment(text.clone(), *span));
                }
            }
            Item::Comment { text, span, .. } => {
                if pending.is_empty() {
                    pending_span = *span;
                }
                pending.push(text.clone());
            }
            Item::Number { n, black, span } => number = Some((*n, *black, *span)),
            Item::Turn(turn) => {
                let ply = record.moves.len() + 1;
                if let Err(d) = check_number(&pos, number.take(), ply) {
                    error = Some(*d);
                    break;
                }
                match resolve(&pos, &turn.ops) {
                    Ok((_, after, san)) => {
                        let mut node = Node::new(CompactString::from(san));
                        node.span = turn.span;
                        if !pending.is_empty() {
                            let text = std::mem::take(&mut pending).join("\n");
                            node.comments_before.push(comment(text, pending_span));
                        }
                        record.moves.push(node);
                        pos = after;
                    }
                    Err(e) => {
                        error = Some(turn_diagnostic(&pos, turn, e, ply));
                        break;
                    }
                }
            }
        }
    }
    if !pending.is_empty() {
        let c = comment(pending.join("\n"), pending_span);
        match record.moves.last_mut() {
            Some(last) => last.comments.push(c),
            None => record.prelude.push(c),
        }
    }
    // A list carries no result: the rules' own, else unfinished (`*`).
    let result = match (&error, pos.outcome()) {
        (None, Some(end)) => end.result(),
        _ => "*",
    };
    record.result = Some(result.into());
    Ok(ListRead {
        record,
        error,
        syntax_error: false,
    })
}

pub(super) fn comment(text: String, span: Span) -> Comment {
    Comment {
        text,
        kind: CommentKind::Brace,
        span,
    }
}

fn check_number(
    pos: &Position,
    number: Option<(u32, bool, Span)>,
    ply: usize,
) -> Result<(), Box<Diagnostic>> {
    let Some((n, black, span)) = number else {
        return Ok(());
    };
    let want_black = pos.turn() == Color::Black;
    if n == pos.fullmoves() && black == want_black {
        return Ok(());
    }
    let dots = if want_black { "..." } else { "." };
    let mut d = diagnostic(
        span,
        &format!("{n}{}", if black { "..." } else { "." }),
        format!(
            "expected move number {}{dots}: the next turn is {}'s move {}",
            pos.fullmoves(),
            pos.turn().name(),
            pos.fullmoves()
        ),
    );
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    Err(Box::new(d))
}

fn turn_diagnostic(pos: &Position, turn: &Turn, e: TurnError, ply: usize) -> Diagnostic {
    let span = if e.span == Span::default() {
        turn.span
    } else {
        e.span
    };
    let token = if e.span == Span::default() {
        turn.text.clone()
    } else {
        turn.ops
            .iter()
            .find(|o| o.span == e.span)
            .map_or_else(|| turn.text.clone(), |o| format_op(&o.kind))
    };
    let mut d = diagnostic(span, &token, e.message);
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    d.suggestions = e.suggestions;
    d
}

/// Reads a move list into a record, or its first error.
pub fn read_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
) -> Result<Record, Box<Diagnostic>> {
    let read =
        read(text, variant, fen).map_err(|m| Box::new(diagnostic(Span::default(), "", m)))?;
    match read.error {
        Some(d) => Err(Box::new(d)),
        None => Ok(read.record),
    }
}
