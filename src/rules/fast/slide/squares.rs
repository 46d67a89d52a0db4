//! A set of squares of the Slide-chess frame (bit `16 × rank + file`), as
//! the matchers narrow the legal origins of a move.

pub(super) use crate::rules::fast::board8::bits;
use crate::rules::fast::SquareSet;
use crate::square::Square;

/// Squares of the 9 × 8 frame (SC0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameSquares(pub(super) u128);

/// The frame index of `sq`, if it is on the 9 × 8 frame.
#[inline]
pub(super) fn index_of(sq: Square) -> Option<u8> {
    (sq.file() < 9 && sq.rank() < 8).then(|| sq.rank() * 16 + sq.file())
}

/// The square of a frame index.
#[inline]
pub(super) fn square_of(i: u8) -> Option<Square> {
    Square::new(i & 15, i >> 4)
}

const FILE_A: u128 = {
    let mut m = 0;
    let mut r = 0;
    while r < 8 {
        m |= 1u128 << (16 * r);
        r += 1;
    }
    m
};

impl SquareSet for FrameSquares {
    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Its squares on the 0-based `file`.
    #[inline]
    fn on_file(self, file: u8) -> FrameSquares {
        FrameSquares(if file < 16 {
            self.0 & (FILE_A << file)
        } else {
            0
        })
    }

    /// Its squares on the 0-based `rank`.
    #[inline]
    fn on_rank(self, rank: u8) -> FrameSquares {
        FrameSquares(if rank < 8 {
            self.0 & (0xffff << (16 * rank))
        } else {
            0
        })
    }

    /// Its squares not in `other`.
    #[inline]
    fn minus(self, other: FrameSquares) -> FrameSquares {
        FrameSquares(self.0 & !other.0)
    }

    /// Its one square, if it has exactly one.
    #[inline]
    fn single(self) -> Option<Square> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            square_of(self.0.trailing_zeros() as u8)
        } else {
            None
        }
    }

    /// Its squares, lowest index (rank, then file) first.
    fn iter(self) -> impl Iterator<Item = Square> {
        bits(self.0).filter_map(square_of)
    }
}
