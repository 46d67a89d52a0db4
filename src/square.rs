//! Squares on a padded mailbox (RULINGS G1–G2).
//!
//! Every variant's board is a set of cells inside a rectangular frame of at most
//! [`MAX_FILES`] × [`MAX_RANKS`]. A [`Square`] is an index into a mailbox with a
//! two-wide border of holes, so knight leaps and slider steps never leave the
//! array and never need a bounds check: they just meet a hole.
//!
//! ```
//! use fvnote::Square;
//! let sq: Square = "b10".parse().unwrap();
//! assert_eq!((sq.file(), sq.rank()), (1, 9));
//! assert_eq!(sq.to_string(), "b10");
//! ```

use std::fmt;
use std::str::FromStr;

/// Files run `a`–`z` (QK5: a wider frame is an error).
pub const MAX_FILES: u8 = 26;
/// The engine's rank limit. No legal Quake layout of 46 cells comes near it.
pub const MAX_RANKS: u8 = 40;
/// Width of a mailbox row: 26 files plus a border of two holes on both sides.
pub const STRIDE: i16 = 32;
const PAD: i16 = 2;
/// Number of mailbox entries.
pub const MAILBOX: usize = STRIDE as usize * (MAX_RANKS as usize + 2 * PAD as usize);

/// A square (a cell or a hole) of the frame, stored as its mailbox index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u16);

impl Square {
    /// The square at 0-based `file` and `rank`, if inside the engine limits.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < MAX_FILES && rank < MAX_RANKS)
            .then(|| Square(((rank as i16 + PAD) * STRIDE + file as i16 + PAD) as u16))
    }

    /// 0-based file (`a` = 0).
    pub fn file(self) -> u8 {
        // Unsigned: a mask and a shift, where `i16` needed sign fixes (a
        // border hole's file or rank wraps past 200 either way).
        ((self.0 % STRIDE as u16) as u8).wrapping_sub(PAD as u8)
    }

    /// 0-based rank (`1` = 0).
    pub fn rank(self) -> u8 {
        ((self.0 / STRIDE as u16) as u8).wrapping_sub(PAD as u8)
    }

    /// The mailbox index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) fn from_index(i: usize) -> Square {
        Square(i as u16)
    }

    /// The mailbox neighbour `delta` steps away. Only valid from a square of the
    /// frame with `|delta|` at most two rows and two files (the border).
    #[inline]
    pub(crate) fn offset(self, delta: i16) -> Square {
        Square((self.0 as i16 + delta) as u16)
    }

    /// Whether the mailbox index is inside the engine frame (not the border).
    #[cfg(test)]
    pub(crate) fn in_limits(index: usize) -> bool {
        let (row, col) = (index as i16 / STRIDE - PAD, index as i16 % STRIDE - PAD);
        (0..MAX_RANKS as i16).contains(&row) && (0..MAX_FILES as i16).contains(&col)
    }
}

/// Error for a malformed square name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {0:?}: expected a file a–z followed by a rank 1–{MAX_RANKS}")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        parse_square(s.as_bytes()).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}

/// Parses a whole square name from bytes (`e4`, `b10`).
pub(crate) fn parse_square(b: &[u8]) -> Option<Square> {
    let (&f, digits) = b.split_first()?;
    if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
        return None;
    }
    let mut rank: u16 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        rank = rank * 10 + u16::from(d - b'0');
    }
    if rank == 0 || rank > u16::from(MAX_RANKS) {
        return None;
    }
    Square::new(f - b'a', (rank - 1) as u8)
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            self.rank() as u32 + 1
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Mailbox deltas of the eight king steps: orthogonal first, then diagonal.
pub(crate) const ORTHOGONAL: [i16; 4] = [STRIDE, -STRIDE, 1, -1];
pub(crate) const DIAGONAL: [i16; 4] = [STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1];
/// The eight line directions: orthogonal (0..4), then diagonal (4..8).
pub(crate) const LINES: [i16; 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];
pub(crate) const KNIGHT: [i16; 8] = [
    2 * STRIDE + 1,
    2 * STRIDE - 1,
    -2 * STRIDE + 1,
    -2 * STRIDE - 1,
    STRIDE + 2,
    STRIDE - 2,
    -STRIDE + 2,
    -STRIDE - 2,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_round_trips_through_text() {
        for rank in 0..MAX_RANKS {
            for file in 0..MAX_FILES {
                let sq = Square::new(file, rank).unwrap();
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
                assert_eq!((sq.file(), sq.rank()), (file, rank));
                assert!(Square::in_limits(sq.index()));
            }
        }
    }

    #[test]
    fn border_holes_have_coordinates_below_zero_wrapped() {
        // Leaps from a cell end on holes; their file and rank must stay
        // off the frame (the first two columns and rows wrap to 254, 255).
        for i in 0..MAILBOX {
            let (row, col) = (i / STRIDE as usize, i % STRIDE as usize);
            let hole = Square::from_index(i);
            assert_eq!(hole.file(), (col as u8).wrapping_sub(2), "{i}");
            assert_eq!(hole.rank(), (row as u8).wrapping_sub(2), "{i}");
            let on_frame = hole.file() < MAX_FILES && hole.rank() < MAX_RANKS;
            assert_eq!(on_frame, Square::in_limits(i), "{i}");
        }
        assert_eq!(Square::from_index(0).file(), 254);
        assert_eq!(Square::from_index(STRIDE as usize + 1).rank(), 255);
    }

    #[test]
    fn malformed_squares_are_rejected() {
        for bad in ["", "e", "4", "E4", "e0", "e41", "e04", "e4x", "é4", "e999"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn border_absorbs_every_leap() {
        // A knight or king step from any in-limit square stays inside the mailbox.
        for rank in 0..MAX_RANKS {
            for file in 0..MAX_FILES {
                let sq = Square::new(file, rank).unwrap();
                for d in KNIGHT.iter().chain(&ORTHOGONAL).chain(&DIAGONAL) {
                    let i = sq.index() as i32 + *d as i32;
                    assert!(i >= 0 && (i as usize) < MAILBOX);
                }
            }
        }
    }
}
