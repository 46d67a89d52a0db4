//! The 8×8 bitboard vocabulary the 8×8 accelerators share (chess in
//! `chess`, Grid and Rank and File in `masked`, Fault Line in
//! `fault_line`): square indices `rank * 8 + file`, sets of them, role
//! indices into [`ROLES`], and the piece patterns, from cozy-chess's attack
//! tables.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard,
    Color as CColor, Square as CSquare,
};

use super::{Onto, SquareSet};
use crate::piece::{Color, Piece, Role};
use crate::position::{decode, encode, Castling, Position, HOLE};
use crate::rules::movegen::counters_after;
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

/// A board as bits, either width.
pub(crate) trait Bits: Copy {
    /// Takes the lowest set bit off; its index, if there was one.
    fn pop(&mut self) -> Option<u8>;
}

macro_rules! bits_of_width {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            #[inline]
            fn pop(&mut self) -> Option<u8> {
                let i = (*self != 0).then(|| self.trailing_zeros() as u8)?;
                *self &= *self - 1;
                Some(i)
            }
        }
    )*};
}
bits_of_width!(u64, u128);

/// The indices of the set bits, lowest first.
#[inline]
pub(crate) fn bits<B: Bits>(mut b: B) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || b.pop())
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

/// The role, target and promotion of `onto` as board indices, for a side
/// whose pawns promote on rank `last`; `None` when one of them has no index
/// or the promotion does not fit: a pawn promotes exactly when it reaches
/// `last`, to a knight, bishop, rook or queen, and no other piece promotes.
pub(crate) fn onto_indices(onto: Onto, last: u8) -> Option<(usize, u8, Option<usize>)> {
    let role = role_index(onto.role)?;
    let to = index_of(onto.to)?;
    let promotion = match onto.promotion {
        Some(p) => Some(role_index(p)?),
        None => None,
    };
    let on_last = to >> 3 == last;
    let fits = match promotion {
        None => role != PAWN || !on_last,
        Some(p) => role == PAWN && on_last && matches!(p, KNIGHT | BISHOP | ROOK | QUEEN),
    };
    fits.then_some((role, to, promotion))
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// The mailbox index of bit `i` (file `i % 8`, rank `i / 8`).
#[inline]
fn mailbox(i: u8) -> usize {
    // Row starts are a multiple of the mailbox stride apart.
    let (Some(a1), Some(a2)) = (Square::new(0, 0), Square::new(0, 1)) else {
        return 0;
    };
    a1.index() + usize::from(i >> 3) * (a2.index() - a1.index()) + usize::from(i & 7)
}

/// The pieces of an 8×8 board and what a move changes besides them, as the
/// accelerators of Grid, Rank and File (`masked`) and Fault Line
/// (`fault_line`) keep them: a board per role (index into [`ROLES`]) and per
/// colour, the side to move, the castling rights and the counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pieces8 {
    pub(crate) roles: [u64; 6],
    pub(crate) colors: [u64; 2],
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Pieces8 {
    /// The pieces of `pos` (a frame 8 files wide), and its cells; `None`
    /// for a piece that is not orthodox. Read from the cell bytes a row at a
    /// time: an accelerator is entered again after every token the
    /// reference plays.
    pub(crate) fn read(pos: &Position) -> Option<(Pieces8, u64)> {
        let mut pieces = Pieces8 {
            roles: [0; 6],
            colors: [0; 2],
            turn: pos.turn(),
            castling: pos.castling(),
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves(),
        };
        let mut cells = 0;
        for rank in 0..pos.ranks.min(8) {
            let base = mailbox(rank * 8);
            for (file, &b) in (0u8..).zip(&pos.cells[base..base + 8]) {
                if b & HOLE != 0 {
                    continue;
                }
                let i = rank * 8 + file;
                cells |= bit(i);
                if let Some(p) = decode(b) {
                    // ROLES is in discriminant order, from 1.
                    let r = (p.role as usize).wrapping_sub(1);
                    if ROLES.get(r) != Some(&p.role) {
                        return None;
                    }
                    pieces.roles[r] |= bit(i);
                    pieces.colors[p.color.index()] |= bit(i);
                }
            }
        }
        Some((pieces, cells))
    }

    /// Writes the pieces, the side to move, the rights and the counters
    /// onto `pos`, a frame of empty cells.
    pub(crate) fn write(&self, pos: &mut Position) {
        for color in Color::ALL {
            for (r, &role) in ROLES.iter().enumerate() {
                let piece = Piece::new(color, role);
                for i in bits(self.roles[r] & self.colors[color.index()]) {
                    match square_of(i) {
                        // Through `set`, which keeps the king cache.
                        Some(sq) if r == KING => pos.set(sq, Some(piece)),
                        _ => pos.cells[mailbox(i)] = encode(piece),
                    }
                }
            }
        }
        pos.turn = self.turn;
        pos.castling = self.castling;
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The side to move's pieces of role index `role`.
    #[inline]
    pub(crate) fn ours(&self, role: usize) -> u64 {
        self.roles[role] & self.colors[self.turn.index()]
    }

    /// The square of `color`'s king, if it has one.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Option<u8> {
        let k = self.roles[KING] & self.colors[color.index()];
        (k != 0).then(|| k.trailing_zeros() as u8)
    }

    /// Whether each side has exactly one king.
    pub(crate) fn one_king_each(&self) -> bool {
        Color::ALL
            .iter()
            .all(|c| (self.roles[KING] & self.colors[c.index()]).count_ones() == 1)
    }

    /// The role index of the piece on `i`, if any.
    #[inline]
    pub(crate) fn role_on(&self, i: u8) -> Option<usize> {
        let b = bit(i);
        self.roles.iter().position(|r| r & b != 0)
    }

    /// The piece on `i`, if any.
    pub(crate) fn piece_on(&self, i: u8) -> Option<Piece> {
        let color = Color::ALL
            .into_iter()
            .find(|c| self.colors[c.index()] & bit(i) != 0)?;
        Some(Piece::new(color, ROLES[self.role_on(i)?]))
    }

    /// The squares whose piece differs from `other`'s.
    pub(crate) fn differences(&self, other: &Pieces8) -> u64 {
        let mut d = (self.colors[0] ^ other.colors[0]) | (self.colors[1] ^ other.colors[1]);
        for (a, b) in self.roles.iter().zip(&other.roles) {
            d |= a ^ b;
        }
        d
    }

    /// Moves the side to move's piece on `from` to `to`, capturing what
    /// stands there and becoming the role of index `promotion` if given;
    /// the role that moved and whether it captured. The turn is not passed.
    pub(crate) fn move_piece(
        &mut self,
        from: u8,
        to: u8,
        promotion: Option<usize>,
    ) -> (usize, bool) {
        let (ui, ti) = (self.turn.index(), self.turn.other().index());
        let (f, t) = (bit(from), bit(to));
        let role = self.role_on(from).unwrap_or(PAWN);
        let captured = self.colors[ti] & t != 0;
        for r in &mut self.roles {
            *r &= !(f | t);
        }
        self.colors[ui] &= !f;
        self.colors[ti] &= !t;
        self.roles[promotion.unwrap_or(role)] |= t;
        self.colors[ui] |= t;
        if role == KING {
            self.castling.clear_color(self.turn);
        }
        (role, captured)
    }

    /// Castling of the side to move's king on `king` with the rook on
    /// `rook` (FL8: the king two cells towards the rook, the rook on the
    /// cell it crossed); its rights are gone. The turn is not passed.
    pub(crate) fn castle(&mut self, king: u8, rook: u8) {
        let ui = self.turn.index();
        let (cross, land) = castle_squares(king, rook);
        self.roles[KING] = (self.roles[KING] & !bit(king)) | bit(land);
        self.roles[ROOK] = (self.roles[ROOK] & !bit(rook)) | bit(cross);
        self.colors[ui] = (self.colors[ui] & !(bit(king) | bit(rook))) | bit(land) | bit(cross);
        self.castling.clear_color(self.turn);
    }

    /// Passes the turn and advances the counters (G5).
    pub(crate) fn finish_turn(&mut self, reset_clock: bool) {
        (self.halfmoves, self.fullmoves) =
            counters_after(self.halfmoves, self.fullmoves, self.turn, reset_clock);
        self.turn = self.turn.other();
    }
}
