//! Why a game has no canonical form: its start cannot be set up or a move
//! does not resolve, located at the token (or at the game for JSON records).

use crate::model::{Located, Span};
use crate::record::replay::{Diagnostic, GameReport};

/// Why a game replayed as `report` has no canonical form: its start
/// position cannot be set up, or (`unresolved`) a move does not resolve
/// (syntax, illegal, ambiguous); None when it has one. `game`: where the
/// game is.
pub(crate) fn unresolved_error(
    report: &GameReport,
    game: Span,
    unresolved: bool,
) -> Option<Located> {
    if report.start.is_none() {
        let message = report.error.as_ref().map_or("", |d| &d.message);
        return Some(Located::at(game, message));
    }
    if !unresolved {
        return None;
    }
    // The first error that belongs to a move token (the replay sorts
    // errors by position; result checks are not move errors).
    let d = report
        .errors
        .iter()
        .find(|d| d.ply.is_some() && !d.token.is_empty() && d.fen.is_some())
        .or(report.error.as_ref());
    Some(move_error(game, d, "a move does not resolve"))
}

/// The error a move of a game caused, where it is. A record without
/// source positions (read from JSON) has its moves located at the game
/// (`game`), naming the ply.
pub(crate) fn move_error(game: Span, d: Option<&Diagnostic>, otherwise: &str) -> Located {
    let Some(d) = d else {
        return Located::at(game, otherwise);
    };
    // The message names neither the token nor the ruling: each is said once here.
    let message = match d.ruling {
        Some(r) => format!("{} [{r}]: {}", d.token, d.message),
        None => format!("{}: {}", d.token, d.message),
    };
    match d.ply {
        Some(ply) if d.span.line == 0 => Located::at(game, format!("ply {ply}, {message}")),
        _ => Located::at(d.span, message),
    }
}
