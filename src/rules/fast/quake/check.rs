//! Check after a piece move or a drop, found from the squares the move
//! touched instead of a scan of every line through the king.
//!
//! Such a move leaves the cells as they are (only a quake changes them),
//! and before it the mover did not attack the other king (the side not to
//! move is never in check). So the other king can be attacked afterwards
//! only by the piece on the move's target, or along a line through a
//! square the move emptied: its origin, or its target when the pawn that
//! arrived there was pocketed (QK6).

use crate::moves::{Move, PieceMove};
use crate::piece::{Color, Role};
use crate::position::{decode, Position, EMPTY};
use crate::rules::movegen::{forward, king_safe_overlay};
use crate::rules::quake::lacks_forward_cell;
use crate::square::{Square, STRIDE};

/// The unit step from `from` towards `to` along a rank, file or diagonal,
/// with whether it is diagonal; `None` when they share no such line.
pub(super) fn line_step(from: Square, to: Square) -> Option<(i16, bool)> {
    let df = i16::from(to.file()) - i16::from(from.file());
    let dr = i16::from(to.rank()) - i16::from(from.rank());
    if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    Some((dr.signum() * STRIDE + df.signum(), df != 0 && dr != 0))
}

/// Whether a piece whose hunter is `hunter` attacks along a line of that
/// kind (QK0: LB compounds attack like their hunter).
fn slides(hunter: Role, diagonal: bool) -> bool {
    match hunter {
        Role::Queen => true,
        Role::Rook => !diagonal,
        Role::Bishop => diagonal,
        _ => false,
    }
}

/// Whether the piece of `by` on `from` attacks `target` in `pos`.
pub(super) fn attacks(pos: &Position, from: Square, target: Square, by: Color) -> bool {
    let Some(p) = decode(pos.raw(from)).filter(|p| p.color == by) else {
        return false;
    };
    let (df, dr) = (
        i16::from(target.file()) - i16::from(from.file()),
        i16::from(target.rank()) - i16::from(from.rank()),
    );
    match p.role.hunter() {
        Role::Pawn => dr * STRIDE == forward(by) && df.abs() == 1,
        Role::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        Role::King => df.abs() <= 1 && dr.abs() <= 1,
        hunter => {
            let Some((step, diagonal)) = line_step(from, target) else {
                return false;
            };
            if !slides(hunter, diagonal) {
                return false;
            }
            let mut sq = from.offset(step);
            while sq != target {
                if pos.raw(sq) != EMPTY {
                    return false;
                }
                sq = sq.offset(step);
            }
            true
        }
    }
}

/// Whether a slider of `by` attacks `king` along the line through `via`.
fn attacks_through(pos: &Position, king: Square, via: Square, by: Color) -> bool {
    let Some((step, diagonal)) = line_step(king, via) else {
        return false;
    };
    let mut sq = king.offset(step);
    while pos.raw(sq) == EMPTY {
        sq = sq.offset(step);
    }
    decode(pos.raw(sq)).is_some_and(|p| p.color == by && slides(p.role.hunter(), diagonal))
}

/// Whether the side to move in `after` is in check, `after` being the
/// position a legal piece move from `from` (`None` for a drop) onto `to`
/// made from a position whose side not to move was not in check.
pub(super) fn in_check_after(after: &Position, from: Option<Square>, to: Square) -> bool {
    let Some(king) = after.king(after.turn) else {
        return false;
    };
    let by = after.turn.other();
    if attacks(after, to, king, by) {
        return true;
    }
    if after.raw(to) == EMPTY && attacks_through(after, king, to, by) {
        return true;
    }
    from.is_some_and(|from| attacks_through(after, king, from, by))
}

/// Whether a piece move of the side to move from `from` onto `to` is
/// king-safe without a scan (G6): the mover is not in check, the piece is
/// not the king, no enemy slider stands behind it on a line from the king
/// (only the line through its origin can open), and it stays on the board
/// (a pawn pocketed on arrival empties its target, which may open a line,
/// QK6). `false` means "ask the rules".
pub(super) fn surely_safe(
    pos: &Position,
    in_check: bool,
    role: Role,
    from: Square,
    to: Square,
) -> bool {
    if in_check || role == Role::King {
        return false;
    }
    let us = pos.turn;
    if role == Role::Pawn && lacks_forward_cell(pos, to, us) {
        return false;
    }
    let Some(king) = pos.king(us) else {
        return false;
    };
    let Some((step, diagonal)) = line_step(king, from) else {
        return true;
    };
    let mut sq = king.offset(step);
    while pos.raw(sq) == EMPTY {
        sq = sq.offset(step);
    }
    if sq != from {
        // Something nearer the king shields it on this line.
        return true;
    }
    sq = sq.offset(step);
    while pos.raw(sq) == EMPTY {
        sq = sq.offset(step);
    }
    !decode(pos.raw(sq)).is_some_and(|p| p.color != us && slides(p.role.hunter(), diagonal))
}

/// Whether the king of the side to move may step from `from` onto `to`
/// (a neighbouring cell its side does not hold) without being attacked
/// there (G6): the rules' own overlay test of a move, without the variant
/// dispatch (Quake Chess attacks depend on nothing but the cells).
pub(super) fn king_step_safe(pos: &Position, from: Square, to: Square) -> bool {
    let step = Move::Normal(PieceMove {
        role: Role::King,
        from,
        to,
        capture: decode(pos.raw(to)).map(|p| p.role),
        promotion: None,
    });
    king_safe_overlay(pos, &step, |_, _| true) == Some(true)
}
