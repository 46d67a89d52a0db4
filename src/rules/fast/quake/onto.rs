//! The piece moves of one role onto one square (what a piece token can
//! mean), found from that square, in a list a few moves long instead of
//! the reference's 64-move one.
//!
//! The same moves as `Quake::candidates` with `Scope::Target`: a move onto
//! `to` starts a knight's leap away or at the first piece along one of the
//! eight lines through `to`; a quiet move follows the piece's carrier, a
//! capture its hunter (QK0); a pawn steps onto an empty cell or captures
//! diagonally forward, never promoting (QK6).

use smallvec::SmallVec;

use crate::moves::{Move, PieceMove};
use crate::piece::{Piece, Role};
use crate::position::{decode, encode, Position, EMPTY, HOLE};
use crate::rules::fast::SquareSet;
use crate::rules::movegen::forward;
use crate::square::{Square, DIAGONAL, KNIGHT, LINES, ORTHOGONAL};

/// Moves onto one square: at most 16 origins, rarely more than a few.
pub type OntoList = SmallVec<[Move; 8]>;

/// The candidate moves (legal or not) of the side to move's `role` onto
/// `to`, in any order.
pub(super) fn candidates_onto(pos: &Position, role: Role, to: Square, out: &mut OntoList) {
    let target = pos.raw(to);
    if target & HOLE != 0 {
        return;
    }
    let us = pos.turn();
    let captured = decode(target).map(|p| p.role);
    if captured.is_some() && decode(target).is_some_and(|p| p.color == us) {
        return;
    }
    // A cell holds exactly `encode` of its piece, so one compare finds it.
    let code = encode(Piece::new(us, role));
    let mine = |sq: Square| pos.raw(sq) == code;
    let push = |out: &mut OntoList, from: Square| {
        out.push(Move::Normal(PieceMove {
            role,
            from,
            to,
            capture: captured,
            promotion: None,
        }))
    };
    if role == Role::Pawn {
        let back = to.offset(-forward(us));
        if captured.is_none() {
            if mine(back) {
                push(out, back);
            }
        } else {
            for from in [back.offset(1), back.offset(-1)] {
                if mine(from) {
                    push(out, from);
                }
            }
        }
        return;
    }
    // The pattern the move follows: the carrier's onto an empty cell, the
    // hunter's onto an enemy piece.
    let pattern = if captured.is_none() {
        role.carrier()
    } else {
        role.hunter()
    };
    match pattern {
        Role::Knight => {
            for d in KNIGHT {
                let from = to.offset(d);
                if mine(from) {
                    push(out, from);
                }
            }
        }
        Role::King => {
            for d in LINES {
                let from = to.offset(d);
                if mine(from) {
                    push(out, from);
                }
            }
        }
        _ => {
            let lines: &[i16] = match pattern {
                Role::Rook => &ORTHOGONAL,
                Role::Bishop => &DIAGONAL,
                _ => &LINES,
            };
            for &d in lines {
                let mut from = to.offset(d);
                while pos.raw(from) == EMPTY {
                    from = from.offset(d);
                }
                if mine(from) {
                    push(out, from);
                }
            }
        }
    }
}

/// The origins of the legal moves onto one square: at most 16 (eight lines
/// and eight leaps), in a list that is copied, not allocated; kept as
/// mailbox indices, half the bytes of optional squares to copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Origins {
    squares: [u16; 16],
    len: u8,
}

impl Origins {
    pub(super) fn push(&mut self, sq: Square) {
        if let (Some(slot), Ok(index)) = (
            self.squares.get_mut(usize::from(self.len)),
            u16::try_from(sq.index()),
        ) {
            *slot = index;
            self.len += 1;
        }
    }

    fn filtered(self, keep: impl Fn(Square) -> bool) -> Origins {
        let mut out = Origins::default();
        self.iter()
            .filter(|&sq| keep(sq))
            .for_each(|sq| out.push(sq));
        out
    }
}

impl SquareSet for Origins {
    fn is_empty(self) -> bool {
        self.len == 0
    }
    fn on_file(self, file: u8) -> Origins {
        self.filtered(|sq| sq.file() == file)
    }
    fn on_rank(self, rank: u8) -> Origins {
        self.filtered(|sq| sq.rank() == rank)
    }
    fn minus(self, other: Origins) -> Origins {
        self.filtered(|sq| !other.contains(sq))
    }
    fn single(self) -> Option<Square> {
        match self.len {
            1 => Some(Square::from_index(usize::from(self.squares[0]))),
            _ => None,
        }
    }
    fn iter(self) -> impl Iterator<Item = Square> {
        self.squares
            .into_iter()
            .take(usize::from(self.len))
            .map(|i| Square::from_index(usize::from(i)))
    }
}
