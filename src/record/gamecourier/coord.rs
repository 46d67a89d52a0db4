//! Squares in a turn's frame: coordinates that may lie one step outside
//! the board (a quake), and what the position holds there.

use crate::notation::gamecourier::SquareName;
use crate::piece::Piece;
use crate::rules::fast::Board;
use crate::square::Square;

/// A square in the frame of the position a turn is played from, 0-based;
/// may lie one step outside it (a quake).
pub type Coord = (i16, i16);

pub(super) fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

pub(super) fn named(n: SquareName) -> Coord {
    (i16::from(n.file), n.rank as i16)
}

pub(super) fn name(c: Coord) -> String {
    match (u8::try_from(c.0), u32::try_from(c.1)) {
        (Ok(f), Ok(r)) if f < 26 => format!("{}{}", (b'a' + f) as char, r + 1),
        _ => format!("({},{})", c.0, c.1),
    }
}

/// The square of `pos` at `c`, if it is inside the frame.
pub(super) fn square_at<B: Board>(pos: &B, c: Coord) -> Option<Square> {
    let (files, ranks) = pos.frame();
    if c.0 < 0 || c.1 < 0 || c.0 >= i16::from(files) || c.1 >= i16::from(ranks) {
        return None;
    }
    Square::new(c.0 as u8, c.1 as u8)
}

pub(super) fn piece_at<B: Board>(pos: &B, c: Coord) -> Option<Piece> {
    square_at(pos, c).and_then(|sq| pos.piece_at(sq))
}

pub(super) fn cell_at<B: Board>(pos: &B, c: Coord) -> bool {
    square_at(pos, c).is_some_and(|sq| pos.is_cell(sq))
}
