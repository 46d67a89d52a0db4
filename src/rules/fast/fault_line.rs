//! The Fault Line accelerator (FL0–FL10): the position on 8×8 bitboards
//! (bit `8 × rank + file`) with a mask of its cells, so the holes at the
//! ends of ranks 1–6 and the two ranks above the 8×6 frame are blockers
//! that no move lands on (FL0: a slider stops at a hole, a knight leaps to
//! any cell). A rank slide (FL4) shifts one row of every bitboard and of
//! the cell mask by one file.
//!
//! A slide of an uncontrolled rank is legal with the opponent's permission
//! (FL6), which [`Accelerator::needs_permission`] tells; a `[%deny]`
//! refusal (FL10) is the caller's to judge.
//!
//! ```
//! use fvnote::moves::{Dir, Move};
//! use fvnote::rules::fast::fault_line::FastFaultLine;
//! use fvnote::rules::fast::Accelerator;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::FaultLine);
//! let fast = FastFaultLine::from_position(&start).unwrap();
//! let slide = |rank, dir| fast.special(&Move::Slide { rank, dir });
//! // White controls rank 1 (FL5): its slide needs no permission.
//! assert!(!fast.needs_permission(slide(0, Dir::East).unwrap()));
//! // Rank 3 is empty, so uncontrolled (FL6); rank 6 is Black's.
//! assert!(fast.needs_permission(slide(2, Dir::East).unwrap()));
//! assert!(slide(5, Dir::West).is_none());
//! assert_eq!(fast.to_position(), start);
//! ```

use std::sync::OnceLock;

use super::board8::{
    bit, bits, castle_squares, index_of, onto_indices, pattern, role_index, square_of, Pieces8,
    Squares64, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK,
};
use super::{game_end, Accelerator, Board, CheckMark, Onto, SquareSet};

use crate::moves::{Dir, Move};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::fault_line::is_sliding_rank;
use crate::rules::Outcome;
use crate::square::Square;
use crate::variant::Variant;

/// The frame (FL0): 8 files, 6 ranks.
const RANKS: u8 = 6;
/// A whole rank of the 8×8 board.
const ROW: u64 = 0xff;
/// The cells of a rank at a–g, at b–h, and of ranks 2 and 5 (b–g).
const AT_AG: u64 = 0x7f;
const AT_BH: u64 = 0xfe;
const AT_BG: u64 = 0x7e;

/// A Fault Line position on bitboards, with the reference's castling
/// rights and counters (Fault Line has no en passant, FL3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastFaultLine {
    pieces: Pieces8,
    /// The cells of the frame; everything else is a hole.
    cells: u64,
}

/// A move on the bitboards, made by [`FastFaultLine::piece_move`],
/// [`Accelerator::castle`] or [`Accelerator::special`] (a slide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaultLineMove(Kind);

/// What a [`FaultLineMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A piece from one cell to another, promoting to the role of index
    /// `promotion` into [`ROLES`].
    Piece {
        from: u8,
        to: u8,
        promotion: Option<u8>,
    },
    /// Castling (FL8): the king's and the rook's cells, as the reference.
    Castle { king: u8, rook: u8 },
    /// The slide of a 0-based rank, east when `east` (FL4).
    Slide { rank: u8, east: bool },
}

#[inline]
fn row(rank: u8) -> u64 {
    ROW << (8 * u32::from(rank & 7))
}

/// The home rank of `color` (FL8) and the rank its pawns promote on, which
/// is the opponent's home rank and `color`'s far rank (FL1, FL3).
#[inline]
fn home_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => RANKS - 1,
    }
}

#[inline]
fn far_rank(color: Color) -> u8 {
    home_rank(color.other())
}

/// The 0-based ranks that slide (FL4), in the order of [`shape`]'s bits.
const SLIDING: [u8; 4] = [0, 2, 3, 5];

/// Which sliding ranks stand at b–h, one bit each in [`SLIDING`] order.
#[inline]
fn shape(cells: u64) -> usize {
    SLIDING
        .iter()
        .enumerate()
        .map(|(k, &r)| usize::from(cells >> (8 * r) & 1 == 0) << k)
        .sum()
}

/// The Fault Line frame of the cell mask `cells` with every cell empty:
/// one of sixteen (FL0, FL4), made once and copied.
fn empty_frame(cells: u64) -> Position {
    static FRAMES: OnceLock<Vec<Position>> = OnceLock::new();
    let frames = FRAMES.get_or_init(|| {
        (0..16)
            .map(|key: usize| {
                let mut pos = Position::empty(Variant::FaultLine, 8, RANKS);
                for rank in 0..RANKS {
                    let k = SLIDING.iter().position(|&r| r == rank);
                    let row = match k {
                        Some(k) if key >> k & 1 == 1 => AT_BH,
                        Some(_) => AT_AG,
                        None => AT_BG,
                    };
                    for file in bits(row) {
                        if let Some(sq) = Square::new(file, rank) {
                            pos.set_cell(sq, true);
                        }
                    }
                }
                pos
            })
            .collect()
    });
    frames[shape(cells)].clone()
}

impl FastFaultLine {
    /// What stops a slider: pieces and holes (FL0).
    #[inline]
    fn blockers(&self) -> u64 {
        self.pieces.occupied() | !self.cells
    }

    /// FL1: a king captured or on its far rank ends the game (checked in
    /// the reference's order).
    fn special_end(&self) -> Option<Outcome> {
        for color in Color::ALL {
            if self.pieces.king(color).is_none() {
                return Some(Outcome::KingCaptured {
                    winner: color.other(),
                });
            }
        }
        for color in Color::ALL {
            if self
                .pieces
                .king(color)
                .is_some_and(|k| k >> 3 == far_rank(color))
            {
                return Some(Outcome::KingReachedFarRank { winner: color });
            }
        }
        None
    }

    /// Whether the game is over (FL1): no move is legal (G5).
    #[inline]
    fn over(&self) -> bool {
        let kings = self.pieces.roles[KING];
        let far = [far_rank(Color::White), far_rank(Color::Black)];
        Color::ALL.into_iter().zip(far).any(|(c, r)| {
            let k = kings & self.pieces.colors[c.index()];
            k == 0 || k & row(r) != 0
        })
    }

    /// Whether `by` attacks cell `i`: any of its pieces could capture there
    /// (FL2's meaning, the king included).
    fn attacked(&self, i: u8, by: Color) -> bool {
        let r = &self.pieces.roles;
        let blockers = self.blockers();
        let attackers = (pattern(PAWN, i, by.other(), blockers) & r[PAWN])
            | (pattern(KNIGHT, i, by, blockers) & r[KNIGHT])
            | (pattern(BISHOP, i, by, blockers) & (r[BISHOP] | r[QUEEN]))
            | (pattern(ROOK, i, by, blockers) & (r[ROOK] | r[QUEEN]))
            | (pattern(KING, i, by, blockers) & r[KING]);
        attackers & self.pieces.colors[by.index()] != 0
    }

    /// The end cell of `color`'s home rank on `side`, where its castling
    /// rook starts (FL8): wherever the rank has slid.
    #[inline]
    fn corner(&self, color: Color, side: CastleSide) -> u8 {
        let home = self.cells & row(home_rank(color));
        match side {
            CastleSide::King => 63 - home.leading_zeros() as u8,
            CastleSide::Queen => home.trailing_zeros() as u8,
        }
    }

    /// The direction the 0-based `rank` can slide (FL4): east when at a–g,
    /// west when at b–h; `None` for ranks 2 and 5 and off the frame.
    fn slide_dir(&self, rank: u8) -> Option<Dir> {
        if !is_sliding_rank(rank) || rank >= RANKS {
            return None;
        }
        match (self.cells >> (8 * rank)) & ROW {
            AT_AG => Some(Dir::East),
            AT_BH => Some(Dir::West),
            _ => None,
        }
    }

    /// The side with more units on the 0-based `rank` (FL5).
    fn control(&self, rank: u8) -> Option<Color> {
        let r = row(rank);
        let white = (self.pieces.colors[0] & r).count_ones();
        let black = (self.pieces.colors[1] & r).count_ones();
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Clears the castling right whose corner is cell `i` (a piece moved
    /// from or to it, FL8).
    fn touch_corner(&mut self, i: u8) {
        for color in Color::ALL {
            if i >> 3 != home_rank(color) {
                continue;
            }
            for side in [CastleSide::King, CastleSide::Queen] {
                if self.corner(color, side) == i {
                    self.pieces.castling.set(color, side, false);
                }
            }
        }
    }

    /// Plays `mv` on the board, rights and counters, and passes the turn
    /// (the reference's `FaultLine::play`).
    fn play_board(&mut self, mv: FaultLineMove) {
        let us = self.pieces.turn;
        let mut reset = false;
        match mv.0 {
            Kind::Piece {
                from,
                to,
                promotion,
            } => {
                let (role, captured) = self.pieces.move_piece(from, to, promotion.map(usize::from));
                if !self.pieces.castling.is_empty() {
                    self.touch_corner(from);
                    self.touch_corner(to);
                }
                if self.pieces.king(us.other()).is_none() {
                    // FL1: a captured king takes its rights with it.
                    self.pieces.castling.clear_color(us.other());
                }
                reset = role == PAWN || captured;
            }
            Kind::Castle { king, rook } => self.pieces.castle(king, rook),
            Kind::Slide { rank, east } => {
                // FL4: everything on the rank, and its cells, move one file;
                // the far end is a hole, so nothing leaves the row. Rights stay.
                let r = row(rank);
                let shift = |b: &mut u64| {
                    let on = *b & r;
                    *b = (*b & !r) | if east { on << 1 } else { on >> 1 };
                };
                self.pieces.roles.iter_mut().for_each(shift);
                self.pieces.colors.iter_mut().for_each(shift);
                shift(&mut self.cells);
            }
        }
        self.pieces.finish_turn(reset);
    }

    /// Whether the side to move has a legal move (FL2: any move by
    /// movement alone, any slide of a rank the opponent does not control,
    /// castling).
    fn has_legal_move(&self) -> bool {
        if self.over() {
            return false;
        }
        let us = self.pieces.turn;
        let them = us.other();
        // FL5/FL6: a rank not the opponent's slides (with permission if need be).
        if SLIDING
            .into_iter()
            .any(|r| self.slide_dir(r).is_some() && self.control(r) != Some(them))
        {
            return true;
        }
        let own = self.pieces.colors[us.index()];
        let enemy = self.pieces.colors[them.index()];
        let empty = self.cells & !self.pieces.occupied();
        let blockers = self.blockers();
        for from in bits(own) {
            let Some(role) = self.pieces.role_on(from) else {
                continue;
            };
            let targets = if role == PAWN {
                let step = match us {
                    Color::White => bit(from) << 8,
                    Color::Black => bit(from) >> 8,
                };
                (pattern(PAWN, from, us, 0) & enemy) | (step & empty)
            } else {
                pattern(role, from, us, blockers) & self.cells & !own
            };
            if targets != 0 {
                return true;
            }
        }
        self.can_castle()
    }
}

impl Accelerator for FastFaultLine {
    type Move = FaultLineMove;
    type Squares = Squares64;

    fn origins(&self, onto: Onto) -> Option<Squares64> {
        let us = self.pieces.turn;
        let (role, to, _) = onto_indices(onto, far_rank(us))?;
        let target = bit(to);
        if self.cells & target == 0 || self.pieces.colors[us.index()] & target != 0 || self.over() {
            return None;
        }
        let enemy = self.pieces.colors[us.other().index()] & target != 0;
        if role == PAWN {
            if onto.capture {
                // FL3: no en passant, so a pawn captures only what stands there.
                let from = pattern(PAWN, to, us.other(), 0) & self.pieces.ours(PAWN);
                return enemy.then_some(Squares64(from));
            }
            if enemy {
                return None;
            }
            // FL3: one step only.
            let from = match us {
                Color::White => to.checked_sub(8)?,
                Color::Black => to + 8,
            };
            return Some(Squares64(self.pieces.ours(PAWN) & bit(from)));
        }
        Some(Squares64(
            pattern(role, to, us, self.blockers()) & self.pieces.ours(role),
        ))
    }

    /// The mirror of a Fault Line position, or `None` when the position is
    /// not one the accelerator handles exactly (another variant or frame,
    /// a rank of another shape than FL0's, not exactly one king a side, a
    /// piece that is not orthodox, a pawn on its first or far rank, an en
    /// passant square, or a game already over, FL1).
    fn from_position(pos: &Position) -> Option<FastFaultLine> {
        let plain = pos.hands == [[0; 13]; 2] && pos.cages == [None; 2];
        if pos.variant() != Variant::FaultLine || pos.frame() != (8, RANKS) || !plain {
            return None;
        }
        if pos.relocated != [false; 2] || pos.ep_square().is_some() {
            return None;
        }
        let (pieces, cells) = Pieces8::read(pos)?;
        let fast = FastFaultLine { pieces, cells };
        for rank in 0..RANKS {
            let cells = (fast.cells >> (8 * rank)) & ROW;
            let ok = if is_sliding_rank(rank) {
                cells == AT_AG || cells == AT_BH
            } else {
                cells == AT_BG
            };
            if !ok {
                return None;
            }
        }
        let ends = row(0) | row(RANKS - 1);
        if fast.pieces.roles[PAWN] & ends != 0 || fast.pieces.occupied() & !fast.cells != 0 {
            return None;
        }
        let playing = fast.pieces.one_king_each() && fast.special_end().is_none();
        playing.then_some(fast)
    }

    fn to_position(&self) -> Position {
        let mut pos = empty_frame(self.cells);
        self.pieces.write(&mut pos);
        pos
    }

    /// How the game stands (FL1, FL2), as `Position::outcome`: a king
    /// captured or on its far rank, or stalemate (no checkmate in Fault Line).
    fn outcome(&self) -> Option<Outcome> {
        let stalemate = || game_end(self.has_legal_move(), || false, self.pieces.turn);
        self.special_end().or_else(stalemate)
    }

    /// The move from `from` to `to` (promoting to `promotion`), if both
    /// squares are on this board. Legal only if `from` came from
    /// [`FastFaultLine::legal_origins`] for the same `to` and `promotion`.
    fn piece_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<FaultLineMove> {
        let promotion = match promotion {
            Some(p) => Some(role_index(p)? as u8),
            None => None,
        };
        Some(FaultLineMove(Kind::Piece {
            from: index_of(from)?,
            to: index_of(to)?,
            promotion,
        }))
    }

    /// Whether `mv` captures: an enemy piece on its target.
    #[inline]
    fn is_capture(&self, mv: FaultLineMove) -> bool {
        match mv.0 {
            Kind::Piece { to, .. } => {
                self.pieces.colors[self.pieces.turn.other().index()] & bit(to) != 0
            }
            _ => false,
        }
    }

    /// The castling move towards `side` (`O-O`: the h-side), if it is
    /// legal (FL8): the right, the king on its home rank and the rook on
    /// the end cell at least three files apart, the cells between empty,
    /// and the king's cell, the cell it crosses and the one it lands on
    /// unattacked, judged before the move.
    fn castle(&self, side: CastleSide) -> Option<FaultLineMove> {
        let us = self.pieces.turn;
        if !self.pieces.castling.has(us, side) || self.over() {
            return None;
        }
        let king = self.pieces.king(us)?;
        let rook = self.corner(us, side);
        if king >> 3 != home_rank(us) || self.pieces.ours(ROOK) & bit(rook) == 0 {
            return None;
        }
        if king.abs_diff(rook) < 3 {
            return None;
        }
        let (lo, hi) = (king.min(rook), king.max(rook));
        let between = (bit(hi) - 1) & !(bit(lo) | (bit(lo) - 1));
        if self.blockers() & between != 0 {
            return None;
        }
        let (cross, land) = castle_squares(king, rook);
        let them = us.other();
        if [king, cross, land].iter().any(|&i| self.attacked(i, them)) {
            return None;
        }
        Some(FaultLineMove(Kind::Castle { king, rook }))
    }

    /// Plays the legal move `mv` into `next` and says whether it checks:
    /// the opponent's king attacked after it (FL9; never `#`).
    fn play_into(&self, mv: FaultLineMove, next: &mut FastFaultLine) -> Option<CheckMark> {
        next.clone_from(self);
        next.play_board(mv);
        let them = next.pieces.turn;
        Some(match next.pieces.king(them) {
            Some(k) if next.attacked(k, them.other()) => CheckMark::Check,
            _ => CheckMark::None,
        })
    }

    /// A slide of a rank the opponent does not control (FL4, FL5).
    fn special(&self, mv: &Move) -> Option<FaultLineMove> {
        let Move::Slide { rank, dir } = *mv else {
            return None;
        };
        if self.over() || self.slide_dir(rank) != Some(dir) {
            return None;
        }
        (self.control(rank) != Some(self.pieces.turn.other())).then_some(FaultLineMove(
            Kind::Slide {
                rank,
                east: dir == Dir::East,
            },
        ))
    }

    /// A slide of a rank neither side controls (FL6).
    fn needs_permission(&self, mv: FaultLineMove) -> bool {
        matches!(mv.0, Kind::Slide { rank, .. } if self.control(rank).is_none())
    }
}

impl Board for FastFaultLine {
    fn variant(&self) -> Variant {
        Variant::FaultLine
    }
    fn frame(&self) -> (u8, u8) {
        (8, RANKS)
    }
    fn turn(&self) -> Color {
        self.pieces.turn
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces.piece_on(index_of(sq)?)
    }
    /// FL0: the cells where the ranks stand.
    fn is_cell(&self, sq: Square) -> bool {
        index_of(sq).is_some_and(|i| self.cells & bit(i) != 0)
    }
    fn king(&self, color: Color) -> Option<Square> {
        square_of(self.pieces.king(color)?)
    }
    /// Pieces and cells: a slide moves both (FL4).
    fn differences(&self, other: &FastFaultLine) -> impl Iterator<Item = Square> {
        let cells = self.cells ^ other.cells;
        Squares64(self.pieces.differences(&other.pieces) | cells).iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_moves_the_cells_and_keeps_the_rights() {
        let start = Position::start(Variant::FaultLine);
        let fast = FastFaultLine::from_position(&start).unwrap();
        let slide = Move::Slide {
            rank: 0,
            dir: Dir::East,
        };
        let mv = fast.special(&slide).unwrap();
        let mut next = fast.clone();
        assert_eq!(fast.play_into(mv, &mut next), Some(CheckMark::None));
        assert_eq!(next.cells & ROW, AT_BH);
        assert_eq!(next.pieces.castling, crate::position::Castling::ALL);
        let mut reference = start.clone();
        reference.play_in_place(&slide);
        assert_eq!(next.to_position(), reference);
    }
}
