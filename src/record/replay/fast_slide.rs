//! Which Slide-chess tokens the accelerator ([`FastSlide`]) plays: a clean
//! piece token (one legal match, canonical origin and capture mark), a
//! legal relocation (`C-a5`, SC1) or a legal insertion (`C>e1/e7=Q`, SC2,
//! SC3) naming its promotion squares as canonical SAN does, each with the
//! check or mate mark the reference writes. Anything else is declined, and
//! the reference engine reports it.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_slide::play_clean;
//! use fvnote::rules::fast_slide::FastSlide;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Slide);
//! let mut fast = FastSlide::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("C-a5").unwrap()));
//! // SC1: not twice in a row; the reference engine says why.
//! assert!(play_clean(&mut fast, &San::parse("e5").unwrap()));
//! assert!(!play_clean(&mut fast, &San::parse("C-a4").unwrap()));
//! ```

use crate::notation::san::{ParsedSan, San};
use crate::piece::Role;
use crate::position::CastleSide;
use crate::rules::fast_chess::CheckMark;
use crate::rules::fast_slide::{FastSlide, FrameSquares, SlideMove};
use crate::square::Square;

use super::fast::{self, play_via, same_mark, CleanBoard};

/// Plays `san` if the reference engine would play the same move with no
/// word; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastSlide, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// Plays `san` from `fast` into `next` if the reference engine would play
/// the same move without a word; `next` holds anything when it returns false.
pub(super) fn successor(fast: &FastSlide, san: &ParsedSan, next: &mut FastSlide) -> bool {
    if !san.lenient.is_empty() {
        return false;
    }
    match &san.san {
        // SC1: a legal relocation never checks, so it takes no mark.
        San::CageMove { to } => san.suffix.is_none() && fast.relocate_into(*to, next),
        San::CageInsert { to, promotions } => fast
            .insert_into(*to, promotions, next)
            .is_some_and(|mark| same_mark(mark, san.suffix)),
        San::Normal { .. } => fast::successor(fast, san, next),
        _ => false,
    }
}

impl CleanBoard for FastSlide {
    type Move = SlideMove;
    type Origins = FrameSquares;
    #[inline]
    fn legal_origins(
        &self,
        role: Role,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    ) -> FrameSquares {
        FastSlide::legal_origins(self, role, to, capture, promotion)
    }
    #[inline]
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<SlideMove> {
        FastSlide::piece_move(self, from, to, promotion)
    }
    #[inline]
    fn is_capture(&self, mv: SlideMove) -> bool {
        FastSlide::is_capture(self, mv)
    }
    /// Never: the accelerator takes no position with castling rights.
    #[inline]
    fn castle(&self, _side: CastleSide) -> Option<SlideMove> {
        None
    }
    #[inline]
    fn play_into(&self, mv: SlideMove, next: &mut FastSlide) -> CheckMark {
        FastSlide::play_into(self, mv, next)
    }
}
