//! Squares as places: what a square is in a position, and a name moved
//! by a re-lettering (QK5).

use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;

use super::Placed;

/// What a square is in a position: outside the frame and holes are the same.
pub(super) fn cell(pos: &Position, sq: Square) -> Option<Option<Piece>> {
    let (files, ranks) = pos.frame();
    if sq.file() >= files || sq.rank() >= ranks || !pos.is_cell(sq) {
        None
    } else {
        Some(pos.piece_at(sq))
    }
}

pub(super) fn is_cell(pos: &Position, sq: Option<Square>) -> bool {
    sq.is_some_and(|sq| cell(pos, sq).is_some())
}

/// `sq` with `shift` added to its file and rank; `None` off every frame.
pub(super) fn shifted(sq: Square, (df, dr): (i16, i16)) -> Option<Square> {
    let f = u8::try_from(i16::from(sq.file()) + df).ok()?;
    let r = u8::try_from(i16::from(sq.rank()) + dr).ok()?;
    Square::new(f, r)
}

/// A piece on a square, as text.
pub(super) fn placed((sq, p): (Square, Piece)) -> Placed {
    Placed {
        square: sq.to_string(),
        piece: p.to_string(),
    }
}
