//! QK6 after a quake, on the few cells where it can bite.
//!
//! Before the quake no pawn lacked its forward cell. The quake removes one
//! cell (the strip's tail) and moves the strip, so afterwards only a pawn
//! on the moved strip, or one whose forward cell was the tail, can lack
//! it: the reference's scan of every cell
//! ([`crate::rules::quake::Quake`]'s `play`) pockets exactly those.

use crate::piece::{Color, Role};
use crate::position::{decode, Position, HOLE};
use crate::rules::movegen::forward;
use crate::rules::quake::{Coord, Plan};
use crate::square::Square;

/// Pockets into `mover`'s hand every pawn of `pos` (the board after
/// `plan`) that the quake left without a forward cell.
pub(super) fn pocket_after_quake(pos: &mut Position, plan: &Plan, mover: Color) {
    let (lo, hi) = plan.strip;
    let (sf, sr) = plan.step;
    let (xf, xr) = plan.shift;
    let at = |(f, r): Coord| -> Option<Square> {
        let (f, r) = (f - xf, r - xr);
        (f >= 0 && r >= 0)
            .then(|| Square::new(f as u8, r as u8))
            .flatten()
    };
    let tail = if sf + sr > 0 { lo } else { hi };
    // The strip where it now stands, then the tail's neighbours along the
    // file (a white pawn below it, a black one above).
    let (along_f, along_r) = (i16::from(lo.1 == hi.1), i16::from(lo.1 != hi.1));
    let len = (hi.0 - lo.0) + (hi.1 - lo.1) + 1;
    for k in 0..len {
        if let Some(sq) = at((lo.0 + k * along_f + sf, lo.1 + k * along_r + sr)) {
            pocket(pos, sq, mover);
        }
    }
    for dr in [-1, 1] {
        if let Some(sq) = at((tail.0, tail.1 + dr)) {
            pocket(pos, sq, mover);
        }
    }
}

/// Pockets the pawn on `sq`, if any, when its forward cell is missing.
fn pocket(pos: &mut Position, sq: Square, mover: Color) {
    let b = pos.raw(sq);
    if b & HOLE != 0 || b & ROLE_BITS != Role::Pawn as u8 {
        return;
    }
    let Some(p) = decode(b) else {
        return;
    };
    if pos.is_cell(sq.offset(forward(p.color))) {
        return;
    }
    pos.set(sq, None);
    pos.add_to_hand(mover, Role::Pawn, 1);
}

/// The role's bits of a cell byte.
const ROLE_BITS: u8 = 0x0f;
