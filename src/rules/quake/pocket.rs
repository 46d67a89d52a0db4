//! QK6 pocketing of pawns without a forward cell, and QK7 drop limits.

use crate::piece::{Color, Role};
use crate::position::{Position, HOLE};
use crate::rules::movegen;
use crate::square::{Square, STRIDE};

/// QK6: removes every pawn without a forward cell into `mover`'s hand.
pub(super) fn pocket_pawns(pos: &mut Position, mover: Color) {
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        for i in row.index()..row.index() + usize::from(pos.files) {
            // Raw bytes: this runs after every move and candidate played.
            let b = pos.cells[i];
            if b & HOLE != 0 || b & 0x0f != Role::Pawn as u8 {
                continue;
            }
            let sq = Square::from_index(i);
            let color = if b & 0x10 != 0 {
                Color::Black
            } else {
                Color::White
            };
            if !pos.is_cell(sq.offset(movegen::forward(color))) {
                pos.set(sq, None);
                pos.add_to_hand(mover, Role::Pawn, 1);
            }
        }
    }
}

/// QK7: the vertical strip through `sq` holds a pawn of either colour.
pub(super) fn vertical_strip_has_pawn(pos: &Position, sq: Square) -> bool {
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
pub(super) fn pocket_pawn_at(pos: &mut Position, sq: Square, mover: Color) {
    if let Some(p) = pos.piece_at(sq).filter(|p| p.role == Role::Pawn) {
        if !pos.is_cell(sq.offset(movegen::forward(p.color))) {
            pos.set(sq, None);
            pos.add_to_hand(mover, Role::Pawn, 1);
        }
    }
}
