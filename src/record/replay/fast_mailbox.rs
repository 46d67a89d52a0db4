//! Matching piece tokens on a mailbox accelerator (Quake Chess's): the same test as `fast` applies on bitboards. A token is
//! clean when exactly one legal move matches it, it names its origin only
//! as far as canonical SAN does and its capture mark is right; anything
//! else is declined and goes to the reference engine, which warns or fails.

use crate::moves::Move;
use crate::notation::san::San;
use crate::piece::Role;

/// The one legal move a canonical piece token names among `legal` (the
/// legal piece moves onto its square, as
/// [`FastQuake::legal_moves_onto`](crate::rules::fast_quake::FastQuake::legal_moves_onto)
/// lists them).
pub(super) fn clean_piece_move<L: std::ops::Deref<Target = [Move]>>(
    san: &San,
    legal: impl FnOnce(Role) -> Option<L>,
) -> Option<Move> {
    let San::Normal {
        role: Some(role),
        file,
        rank,
        capture,
        promotion,
        ..
    } = *san
    else {
        return None;
    };
    let pawn = role == Role::Pawn;
    // A pawn names its file exactly when it captures (`exd5`); a piece
    // naming its full origin may be castling written as a king move.
    if (pawn && (file.is_some() != capture || rank.is_some())) || (file.is_some() && rank.is_some())
    {
        return None;
    }
    let legal = legal(role)?;
    let origin = |m: &Move| match *m {
        Move::Normal { from, .. } => Some(from),
        _ => None,
    };
    let named = |m: &Move| {
        let Move::Normal {
            from, promotion: p, ..
        } = *m
        else {
            return false;
        };
        p == promotion
            && file.is_none_or(|f| f == from.file())
            && rank.is_none_or(|r| r == from.rank())
    };
    let mut matching = legal.iter().filter(|m| named(m));
    let mv = match (matching.next(), matching.next()) {
        (Some(mv), None) => *mv,
        _ => return None,
    };
    if mv.is_capture() != capture {
        return None;
    }
    if !pawn && (file.is_some() || rank.is_some()) {
        // SAN's rule: the file if it tells the rivals apart, else the rank,
        // else both; anything more draws a warning.
        let from = origin(&mv)?;
        let rivals = || legal.iter().filter_map(origin).filter(|&f| f != from);
        let (need_file, need_rank) = if rivals().next().is_none() {
            (false, false)
        } else if rivals().all(|f| f.file() != from.file()) {
            (true, false)
        } else if rivals().all(|f| f.rank() != from.rank()) {
            (false, true)
        } else {
            (true, true)
        };
        if (file.is_some() && !need_file) || (rank.is_some() && !need_rank) {
            return None;
        }
    }
    Some(mv)
}
