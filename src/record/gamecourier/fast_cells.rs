//! Turns matched on the Fault Line and Slide-chess accelerators
//! ([`FastFaultLine`], [`FastSlide`]).
//!
//! The turn's operations are applied to a [`Scratch`] of the board; from
//! what changed follow the only legal moves that can leave that
//! arrangement, each played on the accelerator and compared square by
//! square. A turn is played here when exactly one of them matches, and the
//! candidates are every move of the variant that could (so the count is the
//! reference's):
//!
//! - a piece move changes exactly its two squares, its origin emptied of a
//!   mover's piece: the changed squares name it (and its promotion);
//! - Fault Line castling (FL8) moves the mover's king off its square;
//! - a Fault Line slide (FL4) changes only squares of its rank: the rank of
//!   the changed squares, every sliding rank when none changed (an empty
//!   rank's slide, told by its hole mark);
//! - a Slide-chess relocation (SC1) or insertion (SC2) moves the mover's
//!   cage, to where the turn left it; a turn that moved no cage is a piece
//!   move. The reference's filter applies: a cage moved onto a board
//!   square was pushed (an insertion), and an insertion that moves no piece
//!   shows the cage crossing the board.
//!
//! Where the reference matches a turn among piece moves alone (two squares
//! changed, a mover's piece gone from one, see [`piece_scope`]), so does
//! this matcher.
//!
//! A slide that needs the opponent's permission (FL6) is played with its
//! SAN, for the note the reference files. Any turn with no match or several
//! goes to the reference (the error and its suggestions are the reference's).

use smallvec::SmallVec;

use std::fmt::Write;

use compact_str::CompactString;

use super::played::Played;
use super::scratch::{CellBoard, Scratch};
use crate::moves::Dir;
use crate::notation::gamecourier::Op;
use crate::notation::san::San;
use crate::piece::{Piece, Role};
use crate::position::CastleSide;
use crate::record::replay::fast::{CleanBoard, Origins};
use crate::rules::fast_chess::CheckMark;
use crate::rules::fast_fault_line::FastFaultLine;
use crate::rules::fast_slide::FastSlide;
use crate::square::Square;

/// The one piece move the turn's changed squares name, if it is legal: the
/// origin emptied of a mover's piece, the target holding it (or, for a
/// pawn, the piece it promotes to).
fn piece_move<B: CleanBoard + CellBoard>(
    now: &B,
    scratch: &Scratch,
    changed: &[(Square, Option<Piece>)],
) -> Option<B::Move> {
    let &[(a, was_a), (b, was_b)] = changed else {
        return None;
    };
    let us = now.mover();
    let left = |sq: Square, was: Option<Piece>| {
        was.filter(|p| p.color == us && scratch.get(now, sq).is_none())
    };
    let (from, to, mover) = match (left(a, was_a), left(b, was_b)) {
        (Some(p), None) => (a, b, p),
        (None, Some(p)) => (b, a, p),
        _ => return None,
    };
    let landed = scratch.get(now, to).filter(|p| p.color == us)?;
    let promotion = (landed.role != mover.role).then_some(landed.role);
    if promotion.is_some() && mover.role != Role::Pawn {
        return None;
    }
    // A pawn changing file captures (neither variant has en passant here).
    let capture = mover.role == Role::Pawn && from.file() != to.file();
    let origins = now.legal_origins(mover.role, to, capture, promotion);
    if !origins.iter().any(|sq| sq == from) {
        return None;
    }
    now.piece_move(from, to, promotion)
}

/// Whether the reference matches the turn among piece moves alone
/// (`matching::piece_move_scope`): two squares changed, a mover's piece
/// gone from one, nothing marked, and not the two ends of a run of equal
/// pieces along a rank (which a slide may also be, however long the run).
fn piece_scope<B: CellBoard>(
    now: &B,
    scratch: &Scratch,
    changed: &[(Square, Option<Piece>)],
) -> bool {
    let &[(a, was_a), (b, was_b)] = changed else {
        return false;
    };
    let us = now.mover();
    let left = |sq: Square, was: Option<Piece>| {
        was.is_some_and(|p| p.color == us) && scratch.get(now, sq).is_none()
    };
    // Both ends were read off the board; the moved piece is the one left.
    let moved = if left(a, was_a) { was_a } else { was_b };
    let coord = |sq: Square| (i16::from(sq.file()), i16::from(sq.rank()));
    let same = |c: (i16, i16)| {
        let sq = Square::new(c.0 as u8, c.1 as u8);
        sq.is_some_and(|sq| now.piece(sq) == moved)
    };
    let run = super::matching::slide_ends(coord(a), coord(b), same);
    !scratch.marked() && left(a, was_a) != left(b, was_b) && !run
}

/// Matches a turn of Fault Line on `now`, leaving the position after it in
/// `next` (`spare` is scratch space) when it is exactly one legal move;
/// a slide that needs permission (FL6) comes with its SAN for the note.
pub(super) fn fault_line_turn(
    now: &FastFaultLine,
    ops: &[Op],
    next: &mut FastFaultLine,
    spare: &mut FastFaultLine,
) -> Played {
    let Some(scratch) = Scratch::read(now, ops) else {
        return Played::No;
    };
    let changed = scratch.changed(now);
    let mut found = 0;
    let mut permitted = None;
    // `piece`: the move the changes name, whose comparison is the marks'.
    let mut try_move = |mv, slide: Option<(u8, Dir)>, piece: bool, next: &mut FastFaultLine| {
        let mark = now.play_into(mv, spare);
        let same = if piece {
            scratch.piece_move_equals(now, spare)
        } else {
            scratch.equals(now, spare)
        };
        if same {
            found += 1;
            if found == 1 {
                std::mem::swap(next, spare);
                permitted = slide.map(|s| (s, mark));
            }
        }
    };
    if let Some(mv) = piece_move(now, &scratch, &changed) {
        try_move(mv, None, true, next);
    }
    if piece_scope(now, &scratch, &changed) {
        return Played::from(found == 1);
    }
    let king = Some(Piece::new(now.mover(), Role::King));
    if changed.iter().any(|&(_, was)| was == king) {
        for side in [CastleSide::King, CastleSide::Queen] {
            if let Some(mv) = now.castle(side) {
                try_move(mv, None, false, next);
            }
        }
    }
    // FL4: a slide changes squares of its rank only.
    let ranks: SmallVec<[u8; 4]> = match changed.first() {
        Some(&(sq, _)) if changed.iter().all(|(s, _)| s.rank() == sq.rank()) => {
            SmallVec::from_slice(&[sq.rank()])
        }
        Some(_) => SmallVec::new(),
        None => SmallVec::from_slice(&[0, 2, 3, 5]),
    };
    for rank in ranks {
        for dir in [Dir::East, Dir::West] {
            if let Some(mv) = now.quiet_slide(rank, dir) {
                try_move(mv, None, false, next);
            } else if let Some(mv) = now.permitted_slide(rank, dir) {
                try_move(mv, Some((rank, dir)), false, next);
            }
        }
    }
    if found != 1 {
        return Played::No;
    }
    match permitted {
        None => Played::Quiet,
        // The SAN `write_san` gives it: FL9 marks a check, never a mate.
        Some(((rank, dir), mark)) => {
            let mut san = CompactString::default();
            let _ = write!(san, "{}", San::Slide { rank, dir });
            if mark == CheckMark::Check {
                san.push('+');
            }
            Played::Permitted(san)
        }
    }
}

/// Matches a turn of Slide-chess on `now`, leaving the position after it
/// in `next` (`spare` is scratch space): whether it is exactly one legal
/// move.
pub(super) fn slide_turn(
    now: &FastSlide,
    ops: &[Op],
    next: &mut FastSlide,
    spare: &mut FastSlide,
) -> bool {
    let Some(scratch) = Scratch::read(now, ops) else {
        return false;
    };
    let changed = scratch.changed(now);
    let us = now.mover();
    let (ui, ti) = (us.index(), us.other().index());
    if scratch.cages[ti] != now.cage(us.other()) {
        // No move of ours moves the other cage.
        return false;
    }
    if scratch.cages[ui] == now.cage(us) {
        // Only a piece move leaves the cages: the one the changes name.
        let Some(mv) = piece_move(now, &scratch, &changed) else {
            return false;
        };
        now.play_into(mv, next);
        return scratch.piece_move_equals(now, next);
    }
    let Some(to) = scratch.cages[ui] else {
        return false;
    };
    let mut found = 0;
    let mut consider = |legal: bool, spare: &mut FastSlide, next: &mut FastSlide| {
        if legal && scratch.equals(now, spare) {
            found += 1;
            if found == 1 {
                std::mem::swap(next, spare);
            }
        }
    };
    if !scratch.crossed[ui] {
        let legal = now.relocate_into(to, spare);
        consider(legal, spare, next);
    }
    if let Some((end, promoted)) = now.insertion_end() {
        if end == to && (scratch.crossed[ui] || !changed.is_empty()) {
            // The promotions are to what the turn left on those squares.
            let named: Option<SmallVec<[(Square, Role); 2]>> = promoted
                .iter()
                .map(|sq| scratch.get(now, sq).map(|p| (sq, p.role)))
                .collect();
            if let Some(named) = named {
                let legal = now.insert_into(to, &named, spare).is_some();
                consider(legal, spare, next);
            }
        }
    }
    found == 1
}
