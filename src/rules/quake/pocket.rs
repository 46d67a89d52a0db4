//! QK6 pocketing of pawns without a forward cell, and QK7 drops: where they
//! may go and their limits.

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::{Position, EMPTY, HOLE};
use crate::rules::fast::Board;
use crate::rules::{movegen, Illegal};
use crate::square::{Square, MAX_RANKS, STRIDE};

/// QK6: whether a pawn of `color` on `sq` lacks its forward cell, so that
/// it is pocketed at the end of the move (and may not be dropped there,
/// QK7). On any board: the rules', an accelerator's, a Game Courier turn's.
#[inline]
pub(crate) fn lacks_forward_cell<B: Board>(board: &B, sq: Square, color: Color) -> bool {
    !board.is_cell(sq.offset(movegen::forward(color)))
}

/// QK6: removes every pawn without a forward cell into `mover`'s hand.
pub(super) fn pocket_pawns(pos: &mut Position, mover: Color) {
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        for i in row.index()..row.index() + usize::from(pos.files) {
            // Raw bytes: this runs after every quake played.
            let b = pos.cells[i];
            if b & HOLE == 0 && b & 0x0f == Role::Pawn as u8 {
                pocket_pawn_at(pos, Square::from_index(i), mover);
            }
        }
    }
}

/// QK7: the vertical strip through `sq` holds a pawn of either colour.
fn vertical_strip_has_pawn(pos: &Position, sq: Square) -> bool {
    let pawn = |s: Square| pos.piece_at(s).is_some_and(|p| p.role == Role::Pawn);
    if !pos.is_cell(sq) {
        return false;
    }
    // The strip is the run of cells through `sq` along its file (QK1); the
    // mailbox border is holes, so both walks stop inside it.
    for step in [STRIDE, -STRIDE] {
        let mut s = sq.offset(step);
        while pos.is_cell(s) {
            if pawn(s) {
                return true;
            }
            s = s.offset(step);
        }
    }
    pawn(sq)
}

/// QK6 for one cell: pockets the pawn on `sq` into `mover`'s hand if its
/// forward cell does not exist. After a move that leaves the cells as they
/// are, the moved pawn is the only one that can lack a forward cell.
pub(crate) fn pocket_pawn_at(pos: &mut Position, sq: Square, mover: Color) {
    if let Some(p) = pos.piece_at(sq).filter(|p| p.role == Role::Pawn) {
        if lacks_forward_cell(pos, sq, p.color) {
            pos.set(sq, None);
            pos.add_to_hand(mover, Role::Pawn, 1);
        }
    }
}

/// QK7: a drop of every role in the mover's hand on every empty cell, in
/// frame order (the pawn limits are [`drop_allowed`]'s).
pub(super) fn drop_candidates(pos: &Position, out: &mut MoveList) {
    let hand = &pos.hands[pos.turn.index()];
    if !Role::ALL
        .iter()
        .any(|&r| r != Role::King && hand[r as usize] > 0)
    {
        return;
    }
    // The empty cells, one bit per file and a mask per rank, found once for
    // every role.
    let mut empty = [0u32; MAX_RANKS as usize];
    let ranks = usize::from(pos.ranks).min(empty.len());
    for (r, bits) in empty[..ranks].iter_mut().enumerate() {
        let Some(row) = Square::new(0, r as u8) else {
            continue;
        };
        let cells = &pos.cells[row.index()..row.index() + usize::from(pos.files)];
        for (f, &b) in cells.iter().enumerate() {
            *bits |= u32::from(b == EMPTY) << f;
        }
    }
    for role in Role::ALL {
        if role == Role::King || hand[role as usize] == 0 {
            continue;
        }
        for (r, &bits) in empty[..ranks].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let f = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if let Some(to) = Square::new(f, r as u8) {
                    out.push(Move::Drop { role, to });
                }
            }
        }
    }
}

/// QK7: whether the mover may drop `role` on `to`, or why not.
pub(crate) fn drop_allowed(pos: &Position, role: Role, to: Square) -> Result<(), Illegal> {
    if pos.in_hand(pos.turn, role) == 0 {
        return Err(Illegal::new("QK7", "no such piece in hand"));
    }
    if pos.raw(to) != EMPTY {
        return Err(Illegal::new("QK7", "drops only on an empty cell"));
    }
    if role == Role::Pawn {
        if lacks_forward_cell(pos, to, pos.turn) {
            return Err(Illegal::new(
                "QK7",
                "a pawn may not be dropped where its forward cell does not exist",
            ));
        }
        if vertical_strip_has_pawn(pos, to) {
            return Err(Illegal::new(
                "QK7",
                "a pawn may not be dropped into a vertical strip that holds a pawn",
            ));
        }
    }
    Ok(())
}
