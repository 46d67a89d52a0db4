//! QK6 after a quake, on the few cells where it can bite.
//!
//! Before the quake no pawn lacked its forward cell. The quake removes one
//! cell (the strip's tail) and moves the strip, so afterwards only a pawn
//! on the moved strip, or one whose forward cell was the tail, can lack
//! it: the reference's scan of every cell
//! ([`crate::rules::quake::Quake`]'s `play`) pockets exactly those.
//!
//! Narrower still: a quake along a file pockets nothing (see
//! [`pocket_after_quake`]), and along a rank the bit rows of the layout
//! after it leave only the moved cells that lack a cell above or below;
//! only those, and the tail's two neighbours, are read on the board.

use crate::piece::Color;
use crate::position::Position;
use crate::rules::quake::{pocket_pawn_at, Coord, Plan, Rows, MARGIN};
use crate::square::Square;

/// Pockets into `mover`'s hand every pawn of `pos` (the board after
/// `plan`) that the quake left without a forward cell; `rows` are the
/// layout after the quake in the old frame's coordinates (as
/// [`crate::rules::quake::plan_on`] leaves them).
pub(super) fn pocket_after_quake(pos: &mut Position, plan: &Plan, rows: &Rows, mover: Color) {
    let (lo, hi) = plan.strip;
    let (sf, sr) = plan.step;
    let (xf, xr) = plan.shift;
    let at = |(f, r): Coord| -> Option<Square> {
        let (f, r) = (f - xf, r - xr);
        (f >= 0 && r >= 0)
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    };
    // Along a file nothing is pocketed: each moved pawn's forward cell is
    // the next cell of the run, which moved with it, except at the run's
    // two ends, and there the cell beyond was already the hole that ends
    // the run before the quake (the pawn would have lacked it then). The
    // tail's neighbours along the file are a hole and a moved cell.
    if sr != 0 {
        return;
    }
    // Along a rank: the moved cells without a cell above or below.
    let r = lo.1;
    let len = (hi.0 - lo.0 + 1) as u32;
    let run = ((1u64 << len) - 1) << (lo.0 + sf + MARGIN);
    let row = |rank: i16| rows[(rank + MARGIN) as usize];
    let mut open = run & !(row(r + 1) & row(r - 1));
    while open != 0 {
        let f = open.trailing_zeros() as i16 - MARGIN;
        open &= open - 1;
        if let Some(sq) = at((f, r)) {
            pocket_pawn_at(pos, sq, mover);
        }
    }
    // The tail's neighbours along the file (a white pawn below it, a
    // black one above).
    let tail = if sf > 0 { lo } else { hi };
    for dr in [-1, 1] {
        if let Some(sq) = at((tail.0, tail.1 + dr)) {
            pocket_pawn_at(pos, sq, mover);
        }
    }
}
