//! Matching move tokens against the Grid and Rank and File accelerator.
//!
//! The rule is `record::replay::fast`'s for chess: a token is played on
//! bitboards ([`FastMasked`]) only when the reference engine would play the
//! same move without a word — exactly one legal move matches, the spelling
//! is canonical (no lenient form, no needless disambiguation) and the
//! capture and check marks are right. Any other token is declined and the
//! line goes back to the reference [`Position`](crate::Position), which
//! produces every diagnostic.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_masked::play_clean;
//! use fvnote::rules::fast_masked::FastMasked;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Grid);
//! let mut fast = FastMasked::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("e4").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("e5").unwrap()));
//! // GR2: Ke1-e2 stays in its section; the reference engine says why.
//! assert!(!play_clean(&mut fast, &San::parse("Ke2").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("Nf3").unwrap()));
//! ```

use crate::piece::Role;
use crate::position::CastleSide;
use crate::record::replay::fast::CleanBoard;
use crate::rules::fast_chess::CheckMark;
use crate::rules::fast_masked::{FastMasked, MaskedMove, Squares};
use crate::square::Square;

pub use super::fast::{play_clean, successor};

impl CleanBoard for FastMasked {
    type Move = MaskedMove;
    type Origins = Squares;
    #[inline]
    fn legal_origins(
        &self,
        role: Role,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    ) -> Squares {
        FastMasked::legal_origins(self, role, to, capture, promotion)
    }
    #[inline]
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<MaskedMove> {
        FastMasked::piece_move(self, from, to, promotion)
    }
    #[inline]
    fn is_capture(&self, mv: MaskedMove) -> bool {
        FastMasked::is_capture(self, mv)
    }
    #[inline]
    fn castle(&self, side: CastleSide) -> Option<MaskedMove> {
        FastMasked::castle(self, side)
    }
    #[inline]
    fn play_into(&self, mv: MaskedMove, next: &mut FastMasked) -> CheckMark {
        FastMasked::play_into(self, mv, next)
    }
}
