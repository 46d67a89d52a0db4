//! A position on the accelerator of its variant, whichever it is: the one
//! dispatch from a position to its accelerator, as `with_rules!` is to its
//! rules.

use super::chess::FastChess;
use super::fault_line::FastFaultLine;
use super::masked::FastMasked;
use super::quake::FastQuake;
use super::slide::FastSlide;
use super::Accelerator;
use crate::position::Position;
use crate::rules::Outcome;

/// A position on one accelerator. The larger ones are boxed so that a
/// chess game, the commonest, stays small.
#[derive(Clone)]
pub(crate) enum FastPos {
    /// Orthodox chess (CH1), on bitboards.
    Chess(FastChess),
    /// Grid Chess and Rank and File Chess (GR, RF), on masked bitboards.
    Masked(FastMasked),
    /// Fault Line (FL), on bitboards with a mask of its cells.
    FaultLine(FastFaultLine),
    /// Slide-chess (SC), on 128-bit boards of its 9 × 8 frame.
    Slide(Box<FastSlide>),
    /// Quake Chess, both armies (QK), on the reference cells.
    Quake(Box<FastQuake>),
}

/// Runs `$body` with `$a` bound to the accelerator the [`FastPos`] `$now`
/// holds and each `$b` to the one in the slot `$slot` (a `&mut FastPos`);
/// `$other` when a slot holds another kind (its owner made them alike).
macro_rules! with_fast {
    ($now:expr, |$a:ident| $body:expr) => {{
        use $crate::rules::fast::FastPos as F;
        match $now {
            F::Chess($a) => $body,
            F::Masked($a) => $body,
            F::FaultLine($a) => $body,
            F::Slide($a) => {
                let $a = &**$a;
                $body
            }
            F::Quake($a) => {
                let $a = &**$a;
                $body
            }
        }
    }};
    ($now:expr, [$($slot:expr),+], |$a:ident $(, $b:ident)+| $body:expr, else $other:expr) => {{
        use $crate::rules::fast::FastPos as F;
        match ($now, $($slot),+) {
            (F::Chess($a), $(F::Chess($b)),+) => $body,
            (F::Masked($a), $(F::Masked($b)),+) => $body,
            (F::FaultLine($a), $(F::FaultLine($b)),+) => $body,
            (F::Slide($a), $(F::Slide($b)),+) => {
                let $a = &**$a;
                $(let $b = &mut **$b;)*
                $body
            }
            (F::Quake($a), $(F::Quake($b)),+) => {
                let $a = &**$a;
                $(let $b = &mut **$b;)*
                $body
            }
            _ => $other,
        }
    }};
}
pub(crate) use with_fast;

impl FastPos {
    /// The mirror of `pos` on the accelerator of its variant, if one takes
    /// it.
    pub(crate) fn from_position(pos: &Position) -> Option<FastPos> {
        FastChess::from_position(pos)
            .map(FastPos::Chess)
            .or_else(|| FastMasked::from_position(pos).map(FastPos::Masked))
            .or_else(|| FastFaultLine::from_position(pos).map(FastPos::FaultLine))
            .or_else(|| FastSlide::from_position(pos).map(|f| FastPos::Slide(f.into())))
            .or_else(|| FastQuake::from_position(pos).map(|q| FastPos::Quake(q.into())))
    }

    /// The reference position.
    pub(crate) fn to_position(&self) -> Position {
        with_fast!(self, |a| a.to_position())
    }

    /// Mate or stalemate, as `Position::outcome`.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        with_fast!(self, |a| a.outcome())
    }
}

impl FastPos {
    /// Makes this position a copy of `other`, in place (a boxed board
    /// keeps its box): false, changing nothing, when `other` is on another
    /// accelerator.
    pub(crate) fn assign(&mut self, other: &FastPos) -> bool {
        match (self, other) {
            (FastPos::Chess(a), FastPos::Chess(b)) => a.clone_from(b),
            (FastPos::Masked(a), FastPos::Masked(b)) => a.clone_from(b),
            (FastPos::FaultLine(a), FastPos::FaultLine(b)) => a.clone_from(b),
            (FastPos::Slide(a), FastPos::Slide(b)) => (**a).clone_from(b),
            (FastPos::Quake(a), FastPos::Quake(b)) => (**a).clone_from(b),
            _ => return false,
        }
        true
    }
}
