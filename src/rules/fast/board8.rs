//! The 8×8 bitboard vocabulary the 8×8 accelerators share (chess in
//! `chess`, Grid and Rank and File in `masked`, Fault Line in
//! `fault_line`): square indices `rank * 8 + file`, sets of them, role
//! indices into [`ROLES`], and the piece patterns, from cozy-chess's attack
//! tables.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Color as CColor, Square as CSquare,
};

use super::SquareSet;
use crate::piece::{Color, Role};
use crate::square::Square;

/// The roles of the boards, in the order of their indices.
pub(crate) const ROLES: [Role; 6] = Role::ORTHODOX;
/// Index of the pawns' board.
pub(crate) const PAWN: usize = 0;
/// Index of the knights' board.
pub(crate) const KNIGHT: usize = 1;
/// Index of the bishops' board.
pub(crate) const BISHOP: usize = 2;
/// Index of the rooks' board.
pub(crate) const ROOK: usize = 3;
/// Index of the queens' board.
pub(crate) const QUEEN: usize = 4;
/// Index of the kings' board.
pub(crate) const KING: usize = 5;

/// The board of one index.
#[inline]
pub(crate) fn bit(i: u8) -> u64 {
    1u64 << (i & 63)
}

/// The indices of the set bits, lowest first.
#[inline]
pub(crate) fn bits(mut b: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let i = b.trailing_zeros() as u8;
        b &= b - 1;
        Some(i)
    })
}

/// The 8×8 index of a square, if it is on that board.
#[inline]
pub(crate) fn index_of(sq: Square) -> Option<u8> {
    (sq.file() < 8 && sq.rank() < 8).then(|| sq.rank() * 8 + sq.file())
}

/// The square of an 8×8 index.
#[inline]
pub(crate) fn square_of(i: u8) -> Option<Square> {
    Square::new(i & 7, i >> 3)
}

#[inline]
fn cozy(i: u8) -> CSquare {
    CSquare::index_const(usize::from(i & 63))
}

#[inline]
fn cozy_color(c: Color) -> CColor {
    match c {
        Color::White => CColor::White,
        Color::Black => CColor::Black,
    }
}

/// The board index of an orthodox role.
#[inline]
pub(crate) fn role_index(role: Role) -> Option<usize> {
    ROLES.iter().position(|&r| r == role)
}

/// The squares `role` reaches from `i` (pawns: captures, of `color`),
/// `blockers` stopping the sliders; what may not be entered is masked by
/// the caller.
#[inline]
pub(crate) fn pattern(role: usize, i: u8, color: Color, blockers: u64) -> u64 {
    let sq = cozy(i);
    let occ = BitBoard(blockers);
    match role {
        PAWN => get_pawn_attacks(sq, cozy_color(color)).0,
        KNIGHT => get_knight_moves(sq).0,
        BISHOP => get_bishop_moves(sq, occ).0,
        ROOK => get_rook_moves(sq, occ).0,
        QUEEN => (get_bishop_moves(sq, occ) | get_rook_moves(sq, occ)).0,
        _ => get_king_moves(sq).0,
    }
}

/// The squares a castling king crosses and lands on (the rook lands on the
/// first), for king square `king` and rook square `rook` on one rank.
#[inline]
pub(crate) fn castle_squares(king: u8, rook: u8) -> (u8, u8) {
    if rook > king {
        (king + 1, king + 2)
    } else {
        (king.wrapping_sub(1) & 63, king.wrapping_sub(2) & 63)
    }
}

/// A set of squares of the 8×8 board, bit `rank * 8 + file` (a1 = bit 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares64(pub(crate) u64);

impl SquareSet for Squares64 {
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// None for a file beyond the board.
    #[inline]
    fn on_file(self, file: u8) -> Squares64 {
        let files = if file < 8 {
            0x0101_0101_0101_0101 << file
        } else {
            0
        };
        Squares64(self.0 & files)
    }
    /// None for a rank beyond the board.
    #[inline]
    fn on_rank(self, rank: u8) -> Squares64 {
        let ranks = if rank < 8 { 0xff << (8 * rank) } else { 0 };
        Squares64(self.0 & ranks)
    }
    #[inline]
    fn minus(self, other: Squares64) -> Squares64 {
        Squares64(self.0 & !other.0)
    }
    #[inline]
    fn single(self) -> Option<Square> {
        match self.0.count_ones() {
            1 => square_of(self.0.trailing_zeros() as u8),
            _ => None,
        }
    }
    fn iter(self) -> impl Iterator<Item = Square> {
        bits(self.0).filter_map(square_of)
    }
    #[inline]
    fn contains(self, sq: Square) -> bool {
        index_of(sq).is_some_and(|i| self.0 & bit(i) != 0)
    }
}
