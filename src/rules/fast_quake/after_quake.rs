//! Whether a quake left a king attacked, looking only where it can have
//! changed something.
//!
//! A quake changes the squares of one segment of a rank or file: its strip,
//! the tail it left and the cell beyond its head; every other square keeps
//! its contents and whether it is a cell (QK5 moves them all alike). A king
//! that was not attacked before (the mover's: no quake in check, QK4; the
//! other: the side not to move is never in check) can then be attacked
//! only by a leaper or pawn standing on that segment, or along a line from
//! the king that meets it. A king on the segment moved with it, and is
//! tested the reference's way.

use crate::piece::{Color, Role};
use crate::position::{decode, Position, EMPTY};
use crate::rules::movegen::{self, forward};
use crate::rules::quake::{self, Coord, Plan};
use crate::square::{Square, STRIDE};

/// The changed segment, in the board's coordinates after the quake:
/// `along` from `lo` to `hi` on the rank (or file, when `vertical`) `line`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Segment {
    vertical: bool,
    line: i16,
    lo: i16,
    hi: i16,
}

impl Segment {
    /// The segment `plan` changes.
    pub(super) fn of(plan: &Plan) -> Segment {
        let (lo, hi) = plan.strip;
        let (sf, sr) = plan.step;
        let (xf, xr) = plan.shift;
        // The strip and the place beyond its head, before the shift.
        let (a, b) = if sf + sr > 0 {
            (lo, (hi.0 + sf, hi.1 + sr))
        } else {
            ((lo.0 + sf, lo.1 + sr), hi)
        };
        let (a, b) = ((a.0 - xf, a.1 - xr), (b.0 - xf, b.1 - xr));
        if sf == 0 {
            Segment {
                vertical: true,
                line: a.0,
                lo: a.1,
                hi: b.1,
            }
        } else {
            Segment {
                vertical: false,
                line: a.1,
                lo: a.0,
                hi: b.0,
            }
        }
    }

    /// `(along, across)` of a square or a step.
    fn axes(self, (f, r): Coord) -> Coord {
        if self.vertical {
            (r, f)
        } else {
            (f, r)
        }
    }

    fn contains(self, c: Coord) -> bool {
        let (u, v) = self.axes(c);
        v == self.line && (self.lo..=self.hi).contains(&u)
    }

    /// Whether the ray from `from` (off the segment) by `step` meets it.
    fn met_by(self, from: Coord, step: Coord) -> bool {
        let (u, v) = self.axes(from);
        let (du, dv) = self.axes(step);
        if dv == 0 {
            return v == self.line && if du > 0 { self.hi > u } else { self.lo < u };
        }
        // Steps are of one square: the ray crosses the line after t steps.
        let t = (self.line - v) * dv;
        t >= 1 && (self.lo..=self.hi).contains(&(u + t * du))
    }
}

/// Whether `by` attacks `king` on `pos`, the board after a quake that
/// changed `seg`, the king not having been attacked before it.
pub(super) fn attacked(pos: &Position, king: Square, by: Color, seg: Segment) -> bool {
    let k = (i16::from(king.file()), i16::from(king.rank()));
    if seg.contains(k) {
        // Quake Chess attacks, without the variant dispatch.
        return movegen::attacked_by(pos, king, by, |_, _| true);
    }
    let at = |(df, dr): Coord| king.offset(dr * STRIDE + df);
    let piece = |sq: Square| decode(pos.raw(sq)).filter(|p| p.color == by);
    for d in quake::KNIGHT_STEPS {
        if seg.contains((k.0 + d.0, k.1 + d.1))
            && piece(at(d)).is_some_and(|p| p.role.hunter() == Role::Knight)
        {
            return true;
        }
    }
    // A pawn of `by` attacks from one step behind its forward step.
    let back = if forward(by) > 0 { -1 } else { 1 };
    for df in [-1, 1] {
        if seg.contains((k.0 + df, k.1 + back))
            && piece(at((df, back))).is_some_and(|p| p.role == Role::Pawn)
        {
            return true;
        }
    }
    const LINES: [Coord; 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    for d in LINES {
        if !seg.met_by(k, d) {
            continue;
        }
        let diagonal = d.0 != 0 && d.1 != 0;
        let step = d.1 * STRIDE + d.0;
        let mut sq = king.offset(step);
        if piece(sq).is_some_and(|p| p.role == Role::King) {
            return true;
        }
        while pos.raw(sq) == EMPTY {
            sq = sq.offset(step);
        }
        if piece(sq).is_some_and(|p| match p.role.hunter() {
            Role::Queen => true,
            Role::Rook => !diagonal,
            Role::Bishop => diagonal,
            _ => false,
        }) {
            return true;
        }
    }
    false
}
