//! Whether a side in check has a legal reply (so whether the checking move
//! is marked `#`), found from the check instead of from every candidate.
//!
//! Quake Chess attacks are the orthodox ones on the cells (a compound by
//! its hunter, QK0), and no quake is legal in check (QK4). So besides a
//! king step, a reply must capture the checker or stand between it and the
//! king: a move or a drop changes the board only on its target (its origin
//! empties, which can open a line but never close one; a pawn pocketed on
//! arrival, QK6, leaves its target empty). With two checkers no single
//! target does both, so only the king can answer. Each reply found this way
//! is still judged by the rules' own legality test.

use crate::moves::Move;
use crate::piece::Role;
use crate::position::{decode, Position, EMPTY};
use crate::rules::quake;
use crate::square::{Square, KNIGHT, LINES};

use super::check::{attacks, king_step_safe, line_step};
use super::onto::{candidates_onto, OntoList};

/// Whether the side to move in `pos`, which is in check, has a legal move.
pub(super) fn has_reply(pos: &Position) -> bool {
    let us = pos.turn();
    let Some(king) = pos.king(us) else {
        return pos.has_legal_move();
    };
    if king_steps(pos, king).any(|to| king_step_safe(pos, king, to)) {
        return true;
    }
    let checker = match checkers(pos, king) {
        (1, Some(sq)) => sq,
        (0, _) => return pos.has_legal_move(),
        _ => return false,
    };
    // The checker's square, then the squares between it and the king when
    // it attacks along a line (a knight's or a pawn's attack has none).
    let step = line_step(king, checker).map(|(step, _)| step);
    let mut to = checker;
    let mut moves = OntoList::new();
    loop {
        moves.clear();
        let capture = to == checker;
        for role in source_roles(pos, to) {
            candidates_onto(pos, role, to, &mut moves);
        }
        if any_legal(pos, &moves) || (!capture && drop_lands(pos, to)) {
            return true;
        }
        match step {
            Some(step) if to.offset(-step) != king => to = to.offset(-step),
            _ => return false,
        }
    }
}

/// The neighbouring cells the king may step onto, attacked or not: the
/// targets of the moves `candidates_onto` lists for the king.
pub(super) fn king_steps(pos: &Position, king: Square) -> impl Iterator<Item = Square> + '_ {
    let us = pos.turn();
    LINES
        .into_iter()
        .map(move |d| king.offset(d))
        .filter(move |&to| pos.is_cell(to) && decode(pos.raw(to)).is_none_or(|p| p.color != us))
}

/// Whether one of `moves` is legal for a side in check.
fn any_legal(pos: &Position, moves: &[Move]) -> bool {
    moves.iter().any(|m| pos.is_legal_candidate_in(m, true))
}

/// Whether a piece in hand may legally be dropped on the empty `to`.
fn drop_lands(pos: &Position, to: Square) -> bool {
    Role::ALL.into_iter().any(|role| {
        role != Role::King
            && quake::drop_allowed(pos, role, to).is_ok()
            && pos.is_legal_candidate_in(&Move::Drop { role, to }, true)
    })
}

/// How many pieces of the side not to move attack `king`, and one of them.
fn checkers(pos: &Position, king: Square) -> (usize, Option<Square>) {
    let by = pos.turn().other();
    let mut count = 0;
    let mut found = None;
    let mut seen = |sq: Square| {
        if attacks(pos, sq, king, by) {
            count += 1;
            found = Some(sq);
        }
    };
    for d in KNIGHT.into_iter().chain(LINES) {
        seen(king.offset(d));
    }
    for d in LINES {
        let mut sq = king.offset(d);
        if pos.raw(sq) != EMPTY {
            continue; // Already seen as a neighbour.
        }
        while pos.raw(sq) == EMPTY {
            sq = sq.offset(d);
        }
        seen(sq);
    }
    (count, found)
}

/// The roles (never the king's) of the side to move's pieces that could
/// reach `to` as some piece moves: a knight's leap, a step, or the first
/// piece along a line; each is asked for its moves onto `to` in turn.
fn source_roles(pos: &Position, to: Square) -> impl Iterator<Item = Role> {
    let us = pos.turn();
    let mut roles = 0u16;
    let mut mark = |sq: Square| {
        if let Some(p) = decode(pos.raw(sq)).filter(|p| p.color == us && p.role != Role::King) {
            roles |= 1 << p.role as u16;
        }
    };
    for d in KNIGHT.into_iter().chain(LINES) {
        mark(to.offset(d));
    }
    for d in LINES {
        let mut sq = to.offset(d);
        while pos.raw(sq) == EMPTY {
            sq = sq.offset(d);
        }
        mark(sq);
    }
    Role::ALL
        .into_iter()
        .filter(move |&r| roles & (1 << r as u16) != 0)
}
