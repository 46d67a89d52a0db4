//! Castling, both shapes: FIDE's (CH1), the king to the g- or c-file and
//! the rook beside it, from any start (as Chess960 needs); and Fault Line's
//! (FL8), the king two cells towards the rook, which lands on the cell
//! crossed. Which one a variant has is its rules' `castle_targets`.
//!
//! A right names its rook ([`crate::position::Castling`]): the end cell of
//! the home rank unless the right keeps a file (a Chess960 rook that starts
//! elsewhere). A right is lost when anything moves from or to its rook's
//! square, and both when the king moves.

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position, EMPTY};
use crate::rules::movegen::home_rank;
use crate::rules::{Illegal, Rules};
use crate::square::Square;

/// Both sides, kingside first (the order of `KQkq`).
pub const SIDES: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

/// The end cell of `color`'s home rank on `side`, where a castling rook starts (FL8).
pub fn castle_corner(pos: &Position, color: Color, side: CastleSide) -> Option<Square> {
    let rank = home_rank(pos, color);
    let cell = |f: u8| Square::new(f, rank).filter(|&sq| pos.is_cell(sq));
    match side {
        CastleSide::King => (0..pos.files).rev().find_map(cell),
        CastleSide::Queen => (0..pos.files).find_map(cell),
    }
}

/// The square of the rook of `color`'s right towards `side`: the file the
/// right keeps (a Chess960 start), else the end cell of the home rank (FL8).
pub fn castle_rook(pos: &Position, color: Color, side: CastleSide) -> Option<Square> {
    match pos.castling.rook_file(color, side) {
        Some(file) => Square::new(file, home_rank(pos, color)),
        None => castle_corner(pos, color, side),
    }
}

/// The side of a castling move: towards the h-side when the rook stands
/// beyond the king on it.
pub fn castle_side(king: Square, rook: Square) -> CastleSide {
    if rook > king {
        CastleSide::King
    } else {
        CastleSide::Queen
    }
}

/// FL8: the king lands two cells towards the rook, the rook on the cell
/// crossed. `(king's destination, rook's destination)`.
pub fn two_steps(king: Square, rook: Square) -> (Square, Square) {
    let step = if rook > king { 1 } else { -1 };
    (king.offset(2 * step), king.offset(step))
}

/// CH1: the king lands on the g-file (c-file towards the a-side), the
/// rook on the f-file (d-file), on the home rank, wherever they started.
pub fn fide_targets(king: Square, rook: Square) -> (Square, Square) {
    let (k, r) = match castle_side(king, rook) {
        CastleSide::King => (6, 5),
        CastleSide::Queen => (2, 3),
    };
    let on_rank = |f| Square::new(f, king.rank()).unwrap_or(king);
    (on_rank(k), on_rank(r))
}

/// Castling candidates with FL8's shape: rights, king and rook in place,
/// at least two cells between them for the king to cross.
pub fn two_step_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.turn;
    let Some(king) = pos.king(us) else { return };
    for side in SIDES {
        if !pos.castling.has(us, side) {
            continue;
        }
        let Some(rook) = castle_rook(pos, us, side) else {
            continue;
        };
        if rook.rank() == king.rank()
            && pos.piece_at(rook) == Some(Piece::new(us, Role::Rook))
            && rook.file().abs_diff(king.file()) >= 3
        {
            out.push(Move::Castle { king, rook });
        }
    }
}

/// Castling candidates with FIDE's shape from any start (CH1): a right,
/// the king on its home rank, the right's rook on the side it names.
pub fn fide_moves(pos: &Position, out: &mut MoveList) {
    let us = pos.turn;
    let Some(king) = pos.king(us) else { return };
    if king.rank() != home_rank(pos, us) {
        return;
    }
    for side in SIDES {
        if !pos.castling.has(us, side) {
            continue;
        }
        let Some(rook) = castle_rook(pos, us, side) else {
            continue;
        };
        if pos.piece_at(rook) == Some(Piece::new(us, Role::Rook))
            && rook != king
            && castle_side(king, rook) == side
        {
            out.push(Move::Castle { king, rook });
        }
    }
}

/// The squares from `a` to `b` on one rank, both included.
fn span(a: Square, b: Square) -> impl Iterator<Item = Square> {
    let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
    (lo..=hi).filter_map(move |f| Square::new(f, a.rank()))
}

/// FL8 conditions: the cells between exist and are empty, the king is not
/// attacked and does not cross or land on an attacked cell, judged in the
/// position before the move with the variant's own attacks.
pub fn two_step_conditions<R: Rules>(
    pos: &Position,
    king: Square,
    rook: Square,
) -> Result<(), Illegal> {
    let step = if rook > king { 1 } else { -1 };
    let mut sq = king.offset(step);
    while sq != rook {
        if pos.raw(sq) != EMPTY {
            return Err(Illegal::new(
                "FL8",
                "needs the cells between king and rook empty",
            ));
        }
        sq = sq.offset(step);
    }
    let them = pos.turn.other();
    if R::attacked(pos, king, them) {
        return Err(Illegal::new("G6", "castles out of check"));
    }
    let (land, cross) = two_steps(king, rook);
    if R::attacked(pos, cross, them) || R::attacked(pos, land, them) {
        return Err(Illegal::new(
            "G6",
            "castles through or into an attacked cell",
        ));
    }
    Ok(())
}

/// CH1 conditions: every square the king and the rook cross or land
/// on is empty but for those two; the king is not in check, crosses no
/// square attacked with the king lifted, and its destination is not
/// attacked with the rook already on its own (as python-chess and
/// shakmaty judge it). The variant's own attacks decide.
pub fn fide_conditions<R: Rules>(
    pos: &Position,
    king: Square,
    rook: Square,
) -> Result<(), Illegal> {
    let (king_to, rook_to) = R::castle_targets(pos, king, rook);
    let free = |sq: Square| sq == king || sq == rook || pos.raw(sq) == EMPTY;
    if !span(king, king_to).chain(span(rook, rook_to)).all(free) {
        return Err(Illegal::new(
            "CH1",
            "needs the squares between king, rook and their destinations empty",
        ));
    }
    let (us, them) = (pos.turn, pos.turn.other());
    if R::attacked(pos, king, them) {
        return Err(Illegal::new("G6", "castles out of check"));
    }
    let through = Illegal::new("G6", "castles through or into an attacked square");
    let mut lifted = pos.clone();
    lifted.set(king, None);
    if span(king, king_to)
        .filter(|&sq| sq != king && sq != king_to)
        .any(|sq| R::attacked(&lifted, sq, them))
    {
        return Err(through);
    }
    if king_to != king {
        lifted.set(rook, None);
        lifted.set(rook_to, Some(Piece::new(us, Role::Rook)));
        if R::attacked(&lifted, king_to, them) {
            return Err(through);
        }
    }
    Ok(())
}

/// Clears every castling right whose rook stands on `sq` (a piece moved
/// from or to it, or it was emptied).
pub fn touch(pos: &mut Position, sq: Square) {
    for color in Color::ALL {
        if sq.rank() != home_rank(pos, color) {
            continue;
        }
        for side in SIDES {
            if pos.castling.has(color, side) && castle_rook(pos, color, side) == Some(sq) {
                pos.castling.set(color, side, false);
            }
        }
    }
}

/// Plays a castling move: both pieces lifted, then set on their
/// destinations (they may land on each other's squares in Chess960).
pub(crate) fn play(pos: &mut Position, king: Square, rook: Square) {
    let us = pos.turn;
    let (king_to, rook_to) = pos.castle_targets(king, rook);
    pos.set(king, None);
    pos.set(rook, None);
    pos.set(king_to, Some(Piece::new(us, Role::King)));
    pos.set(rook_to, Some(Piece::new(us, Role::Rook)));
    pos.castling.clear_color(us);
}
