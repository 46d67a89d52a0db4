//! Which Fault Line tokens the accelerator ([`FastFaultLine`]) plays: the
//! clean piece tokens and castling of the shared matcher ([`fast`], through
//! [`CleanBoard`]), and a slide of a rank the mover controls (FL4, FL5) —
//! never a slide that needs permission (its note, FL6) or that `[%deny]`
//! could refuse (FL10). Every token needs the check mark the reference
//! writes (FL9). Anything else is declined, and the reference engine
//! reports it.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_fault_line::play_clean;
//! use fvnote::rules::fast_fault_line::FastFaultLine;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::FaultLine);
//! let mut fast = FastFaultLine::from_position(&start).unwrap();
//! // A slide of an uncontrolled rank is played with permission (a note):
//! // left to the reference engine, which reports it (FL6).
//! assert!(!play_clean(&mut fast, &San::parse("S3e").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("Nc3").unwrap()));
//! // Black controls rank 6: a quiet slide.
//! assert!(play_clean(&mut fast, &San::parse("S6w").unwrap()));
//! ```

use crate::notation::san::{ParsedSan, San};
use crate::piece::Role;
use crate::position::CastleSide;
use crate::rules::fast_chess::{CheckMark, SquareSet};
use crate::rules::fast_fault_line::{FastFaultLine, FaultLineMove};
use crate::square::Square;

use super::fast::{self, play_via, same_mark, CleanBoard};

impl CleanBoard for FastFaultLine {
    type Move = FaultLineMove;
    type Origins = SquareSet;
    #[inline]
    fn legal_origins(
        &self,
        role: Role,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    ) -> SquareSet {
        FastFaultLine::legal_origins(self, role, to, capture, promotion)
    }
    #[inline]
    fn piece_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<FaultLineMove> {
        FastFaultLine::piece_move(self, from, to, promotion)
    }
    #[inline]
    fn is_capture(&self, mv: FaultLineMove) -> bool {
        FastFaultLine::is_capture(self, mv)
    }
    #[inline]
    fn castle(&self, side: CastleSide) -> Option<FaultLineMove> {
        FastFaultLine::castle(self, side)
    }
    #[inline]
    fn play_into(&self, mv: FaultLineMove, next: &mut FastFaultLine) -> CheckMark {
        FastFaultLine::play_into(self, mv, next)
    }
}

/// Plays `san` if the reference engine would play the same move with no
/// word; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastFaultLine, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// Plays `san` from `fast` into `next` if the reference engine would play
/// the same move without a word; `next` holds anything when it returns false.
#[inline]
pub(super) fn successor(fast: &FastFaultLine, san: &ParsedSan, next: &mut FastFaultLine) -> bool {
    let San::Slide { rank, dir } = san.san else {
        return fast::successor(fast, san, next);
    };
    if !san.lenient.is_empty() {
        return false;
    }
    match fast.quiet_slide(rank, dir) {
        Some(mv) => same_mark(fast.play_into(mv, next), san.suffix),
        None => false,
    }
}

/// Plays `san` from `fast` into `next` if it is a slide the reference
/// engine plays with permission and a note (FL6), the same slide, check
/// mark and all; the caller files the note and has made sure no `[%deny]`
/// is pending (FL10). `next` holds anything when it returns false.
#[inline]
pub(super) fn permitted_successor(
    fast: &FastFaultLine,
    san: &ParsedSan,
    next: &mut FastFaultLine,
) -> bool {
    let San::Slide { rank, dir } = san.san else {
        return false;
    };
    if !san.lenient.is_empty() {
        return false;
    }
    match fast.permitted_slide(rank, dir) {
        Some(mv) => same_mark(fast.play_into(mv, next), san.suffix),
        None => false,
    }
}
