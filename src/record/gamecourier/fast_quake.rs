//! Turns of Quake Chess (both armies) matched on its accelerator
//! ([`FastQuake`]), through the calls its PGN side makes: the legal moves
//! of a role onto a square, a drop, a quake played on its own plan.
//!
//! The turn is read and compared exactly as the reference reads it
//! ([`TurnEffect`] on the accelerator's position, the same cheap filter and
//! comparison); only the candidates come from the accelerator, in the
//! shapes where the reference's own candidates are known to be these:
//!
//! - two squares changed, one emptied of a mover's piece other than the
//!   king: the legal moves of that piece's role onto the other (the
//!   reference's scope for a piece move);
//! - one piece dropped and one square changed: that drop;
//! - the mover's king moved to a square: its moves onto it and the quakes
//!   (QK1) that land it there;
//! - a hole marked, or more than two squares changed, and the mover's king
//!   not moved: only a quake can match (a piece move changes two squares
//!   and marks no hole, a drop one), so the quakes that pass the filter.
//!
//! Anything else, and any turn that does not match exactly one move, goes
//! to the reference rules, which also make every diagnostic.
//!
//! Most turns are one operation, a piece's move or a drop: those are
//! matched first without building the turn's effect ([`one_op_turn`]),
//! as the one legal move between the named squares, and a quake tried
//! for a king's step only where one could look like it.

use super::effect::TurnEffect;
use super::label::names;
use super::matching::{matches_quake, may_match, piece_move_scope};
use crate::moves::{Dir, Move};
use crate::notation::gamecourier::{Op, OpKind, SquareName};
use crate::piece::{Color, Piece, Role};
use crate::rules::fast_quake::FastQuake;
use crate::rules::Scope;
use crate::square::Square;

use super::coord::{cell_at, coord, piece_at, square_at};

/// A slot a position is played into: boxed, so a match is kept by a
/// pointer swap.
type Slot = Box<FastQuake>;

/// What judges a candidate: the move, whether it is already played into
/// the spare slot, the spare slot and the one a match is kept in.
type Consider<'a> = dyn FnMut(Move, bool, &mut Slot, &mut Slot) + 'a;

/// Matches a turn on `now`, leaving the position after it in `next`
/// (`spare` is scratch space): whether it is exactly one legal move.
// The slots are boxed so that a matched position is kept by a pointer swap.
#[allow(clippy::borrowed_box)]
pub(super) fn quake_turn(now: &Slot, ops: &[Op], next: &mut Slot, spare: &mut Slot) -> bool {
    if let Some(played) = one_op_turn(now, ops, next) {
        return played;
    }
    let pos = now.position();
    let mut eff = TurnEffect::start(pos);
    for op in ops {
        if eff.apply(pos, &op.kind).is_err() {
            return false;
        }
    }
    let changed = eff.changed(pos);
    let us = pos.turn();
    let still = eff.holes.is_empty() && eff.cages == Color::ALL.map(|c| pos.cage(c).map(coord));
    let mut found = 0;
    // Plays the legal `mv` into `spare` unless `played` (a quake, which
    // passed the filter), compares.
    let mut consider = |mv: Move, played: bool, spare: &mut Slot, next: &mut Slot| {
        if !played {
            if !may_match(&mv, &changed, &eff, pos, still) {
                return;
            }
            now.play_into(&mv, spare);
        }
        let after = spare.position();
        let same = match mv {
            Move::Normal { from, to, .. } => {
                eff.distance_on(pos, after, &[coord(from), coord(to)]) == 0
            }
            Move::Drop { to, .. } => eff.distance_on(pos, after, &[coord(to)]) == 0,
            _ => matches_quake(pos, &eff, &mv, after),
        };
        if same {
            found += 1;
            if found == 1 {
                std::mem::swap(next, spare);
            }
        }
    };
    let quakes = |consider: &mut Consider<'_>, spare: &mut Slot, next: &mut Slot| {
        for dir in Dir::ALL {
            let mv = Move::Quake { dir };
            if may_match(&mv, &changed, &eff, pos, still) && now.quake_into(dir, spare).is_some() {
                consider(mv, true, spare, next);
            }
        }
    };
    if let Some(Scope::Target {
        role: Some(role),
        to,
    }) = piece_move_scope(pos, &eff, &changed)
    {
        for mv in now.legal_moves_onto(role, to) {
            consider(mv, false, spare, next);
        }
        return found == 1;
    }
    let marked = !eff.holes.is_empty() || !eff.cells.is_empty();
    let ours = eff.drops[us.index()];
    let theirs = eff.drops[us.other().index()];
    let dropped: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|&r| ours[r as usize] > 0)
        .collect();
    if !marked && theirs == [0; 13] {
        match (&dropped[..], &changed[..]) {
            // The reference's candidates: the drop alone.
            ([role], [to]) if ours[*role as usize] == 1 => {
                let Some(sq) =
                    square_at(pos, *to).filter(|&sq| pos.is_cell(sq) && pos.piece_at(sq).is_none())
                else {
                    return false;
                };
                if let Some(mv) = now.drop_move(*role, sq) {
                    consider(mv, false, spare, next);
                }
                return found == 1;
            }
            // The reference's candidates: the king's moves onto where the
            // turn left it, and the quakes.
            ([], _) => {
                let Some(king) = pos.king(us) else {
                    return false;
                };
                let to = changed
                    .iter()
                    .copied()
                    .find(|&c| c != coord(king) && eff.get(pos, c) == pos.piece_at(king));
                // Off the frame (a quake growing it), the reference lists
                // every move, as below.
                if let Some(to) = to.and_then(|to| square_at(pos, to)) {
                    for mv in now.legal_moves_onto(Role::King, to) {
                        consider(mv, false, spare, next);
                    }
                    quakes(&mut consider, spare, next);
                    return found == 1;
                }
            }
            _ => return false,
        }
    }
    // The reference lists every move here, and its filter passes: quakes;
    // unless a hole is marked, piece moves between the two squares changed
    // (a drop would change one, which is left to the reference).
    if eff.holes.is_empty() {
        match changed[..] {
            [] => {}
            [a, b] => {
                for (from, to) in [(a, b), (b, a)] {
                    let (Some(from), Some(to)) = (square_at(pos, from), square_at(pos, to)) else {
                        continue;
                    };
                    let Some(p) = pos.piece_at(from).filter(|p| p.color == us) else {
                        continue;
                    };
                    for mv in now.legal_moves_onto(p.role, to) {
                        if mv.from() == Some(from) {
                            consider(mv, false, spare, next);
                        }
                    }
                }
            }
            _ if changed.len() > 2 => {}
            _ => return false,
        }
    }
    quakes(&mut consider, spare, next);
    found == 1
}

/// The commonest turns, one operation of the mover, matched without a
/// [`TurnEffect`]: `Some(whether it was played)`, or `None` to read the
/// turn the general way above.
///
/// - a move of a mover's piece between two squares of the frame (the
///   target not already holding that piece, nor a king): the general way
///   changes those two squares and lists that role's legal moves onto the
///   target; every one from the origin matches (the piece lands there, or
///   is pocketed there, QK6; a capture only fills the mover's hand), so the
///   turn is the one legal move of that piece between them, if any. For
///   the king, only a step no quake can look like ([`no_quake_alike`]);
/// - a drop of a mover's piece it holds onto an empty cell of the frame:
///   the general way changes that square and takes one piece from hand,
///   which that drop does, if legal.
#[allow(clippy::borrowed_box)]
fn one_op_turn(now: &Slot, ops: &[Op], next: &mut Slot) -> Option<bool> {
    let [op] = ops else {
        return None;
    };
    let pos = now.position();
    let us = pos.turn();
    let square = |n: SquareName| {
        let (files, ranks) = pos.frame();
        (n.file < files && n.rank < u16::from(ranks))
            .then(|| Square::new(n.file, n.rank as u8))
            .flatten()
    };
    match &op.kind {
        OpKind::Move { label, from, to } => {
            let (from, to) = (square(*from)?, square(*to)?);
            let p = pos.piece_at(from)?;
            let target = pos.piece_at(to);
            if from == to || p.color != us || target == Some(p) {
                return None;
            }
            if target.is_some_and(|q| q.role == Role::King) {
                return None;
            }
            if p.role == Role::King
                && !(pos.king(us) == Some(from) && no_quake_alike(now, from, to))
            {
                return None;
            }
            if label.as_deref().is_some_and(|l| !names(l, p)) {
                return None;
            }
            let Some(mv) = now.legal_move_between(p.role, from, to) else {
                return Some(false);
            };
            now.play_into(&mv, next);
            let after = next.position();
            // What the general comparison asks of this move's two squares.
            let landed = match after.piece_at(to) {
                Some(q) => q == p,
                None => p.role == Role::Pawn && pocketed_on(after, to, us),
            };
            (landed && after.piece_at(from).is_none()).then_some(true)
        }
        OpKind::Drop { label, sq } => {
            let sq = square(*sq)?;
            let p = Piece::new(us, role_named(label, us)?);
            if pos.in_hand(us, p.role) == 0 || !pos.is_cell(sq) || pos.piece_at(sq).is_some() {
                return None;
            }
            let Some(mv) = now.drop_move(p.role, sq) else {
                return Some(false);
            };
            now.play_into(&mv, next);
            (next.position().piece_at(sq) == Some(p)).then_some(true)
        }
        _ => None,
    }
}

/// Whether no quake can leave the pieces as the mover's king's step from
/// `from` to `to` does, so that the turn is that step or nothing. The
/// general way also tries the one quake that moves the king so (QK1): a
/// step along a file or rank, the quake that way. Typed as its strip, that
/// quake moves every piece of the strip one step; a piece other than a
/// pawn (which a quake may pocket, QK6) then stands one step on, where the
/// turn left the piece that stood there before, and so on along the strip
/// up to the king's square, which the turn emptied: never the same. Typed
/// as the rest of the board moving back, it moves the other king (never on
/// the strip, QK3), which the turn left in place.
#[allow(clippy::borrowed_box)]
fn no_quake_alike(now: &Slot, from: Square, to: Square) -> bool {
    let pos = now.position();
    let (f, t) = (coord(from), coord(to));
    let d = (t.0 - f.0, t.1 - f.1);
    let Some(dir) = Dir::ALL.into_iter().find(|dir| {
        let (df, dr) = dir.delta();
        d == (i16::from(df), i16::from(dr))
    }) else {
        // A diagonal step (no quake moves the king so), or none at all.
        return d.0.abs() == 1 && d.1.abs() == 1;
    };
    if pos.king(pos.turn().other()).is_none() {
        return false;
    }
    let axis = (d.0.abs(), d.1.abs());
    let mut strip_piece = false;
    for sign in [1, -1] {
        let mut c = (f.0 + sign * axis.0, f.1 + sign * axis.1);
        while cell_at(pos, c) {
            strip_piece |= piece_at(pos, c).is_some_and(|p| p.role != Role::Pawn);
            c = (c.0 + sign * axis.0, c.1 + sign * axis.1);
        }
    }
    #[cfg(debug_assertions)]
    if strip_piece {
        // The general way's own comparison agrees.
        let mut spare = now.clone();
        if now.quake_into(dir, &mut spare).is_some() {
            let name = |sq: Square| crate::notation::gamecourier::SquareName {
                file: sq.file(),
                rank: u16::from(sq.rank()),
            };
            let step = OpKind::Move {
                label: None,
                from: name(from),
                to: name(to),
            };
            let mut eff = TurnEffect::start(pos);
            assert!(eff.apply(pos, &step).is_ok());
            let quake = Move::Quake { dir };
            assert!(!matches_quake(pos, &eff, &quake, spare.position()));
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = dir;
    strip_piece
}

/// QK6: whether a pawn of `us` on `sq` has no forward cell in `after`.
fn pocketed_on(after: &crate::position::Position, sq: Square, us: Color) -> bool {
    let fwd = if us == Color::White { 1 } else { -1 };
    let ahead = (i16::from(sq.file()), i16::from(sq.rank()) + fwd);
    !super::coord::cell_at(after, ahead)
}

/// The role whose label of `us` is `text`, if it is one (see [`names`]).
fn role_named(text: &str, us: Color) -> Option<Role> {
    Role::ALL
        .into_iter()
        .find(|&r| names(text, Piece::new(us, r)))
}
