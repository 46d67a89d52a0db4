//! A piece move played as `Quake::play` plays it, without what Quake
//! Chess never has: castling rights, a pawn's double step (so no en
//! passant square to keep or drop) and promotion (QK6).

use crate::moves::Move;
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::rules::movegen::finish_turn;
use crate::rules::quake::pocket_pawn_at;

/// Plays the legal piece move `mv` on `pos` and returns true; false, with
/// `pos` untouched, for anything else, which the rules play.
pub(super) fn play_piece(pos: &mut Position, mv: &Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        capture,
        promotion: None,
    } = *mv
    else {
        return false;
    };
    let two_steps = role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2;
    if !pos.castling.is_empty() || pos.ep.is_some() || two_steps {
        return false;
    }
    let us = pos.turn;
    // QK7: the capturer pockets the piece in its own colour.
    if let Some(role) = capture.filter(|&r| r != Role::King) {
        pos.add_to_hand(us, role, 1);
    }
    pos.set(from, None);
    pos.set(to, Some(Piece::new(us, role)));
    finish_turn(pos, role == Role::Pawn || capture.is_some());
    // QK6: a pawn that stepped onto a cell without a forward cell.
    if role == Role::Pawn {
        pocket_pawn_at(pos, to, us);
    }
    true
}
