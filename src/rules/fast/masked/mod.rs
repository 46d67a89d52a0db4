//! A bitboard accelerator for replaying Grid Chess (GR1–GR4) and Rank and
//! File Chess (RF1–RF7).
//!
//! Both variants play orthodox pieces on the standard 8×8 array and only
//! forbid some moves and attacks, so one engine serves both: orthodox
//! movement on bitboards, then a mask. Grid keeps a move or an attack only
//! when it leaves the 2×2 section of its origin (GR2, GR3); Rank and File
//! keeps it only when its origin lies on the side's most crowded lines,
//! counted in the same position (RF1–RF3), with the in-check king escape
//! (RF2), no king capture (RF7), and king safety judged after the move with
//! the opponent's lines recounted (RF4).
//!
//! ```
//! use fvnote::notation::fen::read_fen;
//! use fvnote::rules::fast::masked::FastMasked;
//! use fvnote::rules::fast::{Accelerator, CheckMark, Onto, SquareSet};
//! use fvnote::{Role, Square};
//! use fvnote::variant::Variant;
//! let pos = read_fen("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", Variant::Grid).unwrap();
//! let fast = FastMasked::from_position(&pos).unwrap();
//! let sq = |f, r| Square::new(f, r).unwrap();
//! // GR4: e3-e4 stays in its section, and so would Ke1-e2; Ke1-d2 crosses.
//! let onto = |role, to| Onto { role, to, capture: false, promotion: None };
//! assert!(fast.legal_origins(onto(Role::Pawn, sq(4, 3))).is_empty());
//! assert!(fast.legal_origins(onto(Role::King, sq(4, 1))).is_empty());
//! assert_eq!(fast.legal_origins(onto(Role::King, sq(3, 1))).single(), Some(sq(4, 0)));
//! let mv = fast.piece_move(sq(4, 0), sq(3, 1), None).unwrap();
//! let mut next = fast.clone();
//! assert_eq!(fast.play_into(mv, &mut next), Some(CheckMark::None));
//! assert_eq!(next.to_position().piece_at(sq(3, 1)).map(|p| p.role), Some(Role::King));
//! ```

use std::sync::OnceLock;

use super::board8::{
    bit, bits, castle_squares, index_of, onto_indices, pattern, role_index, square_of, Pieces8,
    Squares64, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK,
};
use super::{game_end, Accelerator, Board, CheckMark, Onto, SquareSet};

use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::Outcome;
use crate::square::Square;
use crate::variant::Variant;

mod grid;
mod lines;

use grid::section;
use lines::lines_of;

/// Which rule masks the orthodox moves and attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mask {
    /// GR2/GR3: origin and target in different 2×2 sections.
    Grid,
    /// RF1–RF3: origin on one of the side's most crowded lines.
    RankAndFile,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const RANK_1: u64 = 0xff;

/// A Grid or Rank and File position on bitboards (square `8 × rank + file`),
/// with the reference's castling rights, counters and en passant square
/// (set after every double step; pruned to the capturable ones only when
/// the reference position is made, as the reference does after each move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastMasked {
    mask: Mask,
    pieces: Pieces8,
    ep: Option<u8>,
}

/// What a move is, beyond its two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Normal,
    EnPassant,
    /// `from` is the king, `to` the rook (FL8's castling, as the reference).
    Castle,
}

/// A move on the bitboards, made by [`FastMasked::piece_move`] or
/// [`FastMasked::castle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskedMove {
    from: u8,
    to: u8,
    /// Index into [`ROLES`] of the promotion piece.
    promotion: Option<usize>,
    kind: Kind,
}

/// One step forward for `color`, in indices.
#[inline]
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 8,
        Color::Black => -8,
    }
}

#[inline]
fn offset(i: u8, by: i8) -> u8 {
    (i as i8).wrapping_add(by) as u8 & 63
}

/// The empty 8×8 frame of a variant, copied rather than rebuilt.
fn empty_frame(variant: Variant) -> Position {
    static FRAMES: OnceLock<[Position; 2]> = OnceLock::new();
    let frames = FRAMES.get_or_init(|| {
        [Variant::Grid, Variant::RankAndFile].map(|v| {
            let mut pos = Position::empty(v, 8, 8);
            for sq in (0..64).filter_map(square_of) {
                pos.set_cell(sq, true);
            }
            pos
        })
    });
    frames[usize::from(variant == Variant::RankAndFile)].clone()
}

impl FastMasked {
    #[inline]
    fn king_index(&self, color: Color) -> u8 {
        (self.pieces.roles[KING] & self.pieces.colors[color.index()]).trailing_zeros() as u8 & 63
    }

    /// RF1: the squares of `color`'s permitted lines in this position.
    #[inline]
    fn lines(&self, color: Color) -> u64 {
        lines_of(self.pieces.colors[color.index()])
    }

    /// Whether `by` attacks square `i` under the variant's rule (GR3, RF3).
    fn attacked(&self, i: u8, by: Color) -> bool {
        self.attacked_in(
            i,
            by,
            self.pieces.occupied(),
            self.pieces.colors[by.index()],
        )
    }

    /// [`FastMasked::attacked`] on this board with `occupied` and `by`'s
    /// units `theirs` in place of its own: the board after a move, without
    /// playing it.
    #[inline]
    fn attacked_in(&self, i: u8, by: Color, occupied: u64, theirs: u64) -> bool {
        let r = &self.pieces.roles;
        // Orthodox attackers first: most squares have none.
        let attackers = theirs
            & ((pattern(PAWN, i, by.other(), occupied) & r[PAWN])
                | (pattern(KNIGHT, i, by, occupied) & r[KNIGHT])
                | (pattern(BISHOP, i, by, occupied) & (r[BISHOP] | r[QUEEN]))
                | (pattern(ROOK, i, by, occupied) & (r[ROOK] | r[QUEEN]))
                | (pattern(KING, i, by, occupied) & r[KING]));
        if attackers == 0 {
            return false;
        }
        match self.mask {
            Mask::Grid => attackers & !section(i) != 0,
            Mask::RankAndFile => attackers & lines_of(theirs) != 0,
        }
    }

    /// Whether the side to move is in check (GR3; RF4's "S is in check").
    fn in_check(&self) -> bool {
        self.attacked(self.king_index(self.pieces.turn), self.pieces.turn.other())
    }

    /// The squares the side to move may move from: every square in Grid,
    /// the permitted lines in Rank and File (RF2, without its king escape).
    #[inline]
    fn movers(&self) -> u64 {
        match self.mask {
            Mask::Grid => !0,
            Mask::RankAndFile => self.lines(self.pieces.turn),
        }
    }

    /// Whether a move by movement alone (a candidate: the pattern reaches,
    /// the target is neither the mover's own nor a king — RF7, and never
    /// capturable in Grid play that reaches it) is legal. `movers` is
    /// [`FastMasked::movers`] of this position.
    fn legal(&self, mv: MaskedMove, movers: u64) -> bool {
        let us = self.pieces.turn;
        let them = us.other();
        match self.mask {
            Mask::Grid => {
                let crosses = |a: u8, b: u8| section(a) & bit(b) == 0;
                let ok = match mv.kind {
                    Kind::Normal | Kind::EnPassant => crosses(mv.from, mv.to),
                    Kind::Castle => {
                        let (cross, land) = castle_squares(mv.from, mv.to);
                        crosses(mv.from, land) && crosses(mv.to, cross)
                    }
                };
                if !ok {
                    return false;
                }
            }
            Mask::RankAndFile => {
                if movers & bit(mv.from) == 0 {
                    // RF2: only a king step escapes, and only in check.
                    let king_step =
                        mv.kind == Kind::Normal && self.pieces.roles[KING] & bit(mv.from) != 0;
                    if !(king_step && self.in_check()) {
                        return false;
                    }
                }
            }
        }
        if mv.kind == Kind::Castle {
            // FL8 with the variant's attacks: not out of, through or into check.
            let (cross, land) = castle_squares(mv.from, mv.to);
            if self.attacked(mv.from, them)
                || self.attacked(cross, them)
                || self.attacked(land, them)
            {
                return false;
            }
        }
        self.safe_after(mv)
    }

    /// G6 / RF4: whether the mover's king is unattacked after `mv`, with the
    /// opponent's lines recounted in the new position. A piece move or en
    /// passant only empties its origin (and the captured pawn's square),
    /// fills its target and takes the captured unit off the opponent's, so
    /// those are changed in place of playing it; castling is played on a copy.
    fn safe_after(&self, mv: MaskedMove) -> bool {
        let us = self.pieces.turn;
        let them = us.other();
        if mv.kind == Kind::Castle {
            let mut next = self.clone();
            next.play_board(mv);
            return !next.attacked(next.king_index(us), them);
        }
        let (from, to) = (bit(mv.from), bit(mv.to));
        let gone = if mv.kind == Kind::EnPassant {
            bit(offset(mv.to, -forward(us)))
        } else {
            to
        };
        let theirs = self.pieces.colors[them.index()] & !gone;
        let occupied = (self.pieces.occupied() & !from & !gone) | to;
        let king = if self.pieces.roles[KING] & from != 0 {
            mv.to
        } else {
            self.king_index(us)
        };
        !self.attacked_in(king, them, occupied, theirs)
    }

    /// The squares a pawn of the side to move can push to the empty square
    /// `to` from: one rank behind, and two from its second rank over an
    /// empty square.
    fn push_origins(&self, to: u8, occupied: u64) -> u64 {
        let us = self.pieces.turn;
        let back = -forward(us);
        let rank = to >> 3;
        let pawns = self.pieces.ours(PAWN);
        let can_back = if us == Color::White {
            rank >= 1
        } else {
            rank <= 6
        };
        if !can_back {
            return 0;
        }
        let one = offset(to, back);
        let double_rank = if us == Color::White { 3 } else { 4 };
        if pawns & bit(one) != 0 {
            bit(one)
        } else if occupied & bit(one) == 0 && rank == double_rank {
            pawns & bit(offset(one, back))
        } else {
            0
        }
    }

    /// Castling by movement alone: the right, king and rook on the home
    /// rank at least three files apart, the cells between empty.
    fn castle_candidate(&self, side: CastleSide) -> Option<MaskedMove> {
        let us = self.pieces.turn;
        if !self.pieces.castling.has(us, side) {
            return None;
        }
        let home: u8 = if us == Color::White { 0 } else { 56 };
        let rook = home + if side == CastleSide::King { 7 } else { 0 };
        let king = self.king_index(us);
        if king >> 3 != home >> 3
            || self.pieces.ours(ROOK) & bit(rook) == 0
            || king.abs_diff(rook) < 3
        {
            return None;
        }
        let (lo, hi) = (king.min(rook), king.max(rook));
        let between = (bit(hi) - 1) & !(bit(lo) | (bit(lo) - 1));
        if self.pieces.occupied() & between != 0 {
            return None;
        }
        Some(MaskedMove {
            from: king,
            to: rook,
            promotion: None,
            kind: Kind::Castle,
        })
    }

    /// Plays `mv` on the board, rights, en passant square and counters, and
    /// passes the turn (the reference's `play_piece_move`).
    fn play_board(&mut self, mv: MaskedMove) {
        let us = self.pieces.turn;
        self.ep = None;
        let reset = match mv.kind {
            Kind::Normal => {
                let (role, captured) = self.pieces.move_piece(mv.from, mv.to, mv.promotion);
                if !self.pieces.castling.is_empty() {
                    self.touch_corner(mv.from);
                    self.touch_corner(mv.to);
                }
                if role == PAWN && mv.from.abs_diff(mv.to) == 16 {
                    self.ep = Some((mv.from + mv.to) / 2);
                }
                role == PAWN || captured
            }
            Kind::EnPassant => {
                self.pieces.move_piece(mv.from, mv.to, None);
                let gone = bit(offset(mv.to, -forward(us)));
                self.pieces.roles[PAWN] &= !gone;
                self.pieces.colors[us.other().index()] &= !gone;
                true
            }
            Kind::Castle => {
                self.pieces.castle(mv.from, mv.to);
                false
            }
        };
        self.pieces.finish_turn(reset);
    }

    /// Clears the castling right whose corner is square `i`.
    fn touch_corner(&mut self, i: u8) {
        let (color, side) = match i {
            0 => (Color::White, CastleSide::Queen),
            7 => (Color::White, CastleSide::King),
            56 => (Color::Black, CastleSide::Queen),
            63 => (Color::Black, CastleSide::King),
            _ => return,
        };
        self.pieces.castling.set(color, side, false);
    }

    /// Whether the side to move has a legal move (stops at the first).
    fn has_legal_move(&self) -> bool {
        let us = self.pieces.turn;
        let occupied = self.pieces.occupied();
        let own = self.pieces.colors[us.index()];
        // Never onto a king: RF7, and no Grid position reached by legal moves.
        let targets = !own & !self.pieces.roles[KING];
        let movers = self.movers();
        // RF2's escape: out of check the king moves from anywhere.
        let from_set = match self.mask {
            Mask::RankAndFile if self.in_check() => movers | self.pieces.ours(KING),
            _ => movers,
        } & own;
        let fwd = forward(us);
        for from in bits(from_set) {
            let Some(role) = self.pieces.role_on(from) else {
                continue;
            };
            let mut to_set = if role == PAWN {
                let mut t =
                    pattern(PAWN, from, us, occupied) & self.pieces.colors[us.other().index()];
                let one = offset(from, fwd);
                if occupied & bit(one) == 0 {
                    t |= bit(one);
                    let second = if us == Color::White { 1 } else { 6 };
                    let two = offset(one, fwd);
                    if from >> 3 == second && occupied & bit(two) == 0 {
                        t |= bit(two);
                    }
                }
                t
            } else {
                pattern(role, from, us, occupied)
            } & targets;
            // Promotion pieces share one verdict: none changes a line or an attack on our king.
            let promotion =
                |to: u8| (role == PAWN && (to >> 3 == 0 || to >> 3 == 7)).then_some(QUEEN);
            if let Some(ep) = self.ep.filter(|_| role == PAWN) {
                if pattern(PAWN, from, us, occupied) & bit(ep) != 0 && occupied & bit(ep) == 0 {
                    let mv = MaskedMove {
                        from,
                        to: ep,
                        promotion: None,
                        kind: Kind::EnPassant,
                    };
                    if self.legal(mv, movers) {
                        return true;
                    }
                }
            }
            while to_set != 0 {
                let to = to_set.trailing_zeros() as u8;
                to_set &= to_set - 1;
                let mv = MaskedMove {
                    from,
                    to,
                    promotion: promotion(to),
                    kind: Kind::Normal,
                };
                if self.legal(mv, movers) {
                    return true;
                }
            }
        }
        self.can_castle()
    }
}

impl Accelerator for FastMasked {
    type Move = MaskedMove;
    type Squares = Squares64;

    fn origins(&self, onto: Onto) -> Option<Squares64> {
        let us = self.pieces.turn;
        let last = match us {
            Color::White => 7,
            Color::Black => 0,
        };
        let (role, to, promotion) = onto_indices(onto, last)?;
        if (self.pieces.colors[us.index()] | self.pieces.roles[KING]) & bit(to) != 0 {
            return None;
        }
        let occupied = self.pieces.occupied();
        let enemy = self.pieces.colors[us.other().index()] & bit(to) != 0;
        let mut kind = Kind::Normal;
        let origins = if role == PAWN {
            if onto.capture {
                if self.ep == Some(to) && !enemy {
                    kind = Kind::EnPassant;
                } else if !enemy {
                    return None;
                }
                pattern(PAWN, to, us.other(), occupied) & self.pieces.ours(PAWN)
            } else if occupied & bit(to) != 0 {
                return None;
            } else {
                self.push_origins(to, occupied)
            }
        } else {
            pattern(role, to, us, occupied) & self.pieces.ours(role)
        };
        let movers = self.movers();
        let mut legal = 0;
        for from in bits(origins) {
            let mv = MaskedMove {
                from,
                to,
                promotion,
                kind,
            };
            if self.legal(mv, movers) {
                legal |= bit(from);
            }
        }
        Some(Squares64(legal))
    }

    /// The mirror of a Grid or Rank and File position, or `None` when the
    /// position is not one the accelerator handles exactly (another variant,
    /// not exactly one king a side, a piece that is not orthodox, a pawn on
    /// the first or last rank, the side not to move attacked).
    fn from_position(pos: &Position) -> Option<FastMasked> {
        let mask = match pos.variant() {
            Variant::Grid => Mask::Grid,
            Variant::RankAndFile => Mask::RankAndFile,
            _ => return None,
        };
        let plain = pos.hands == [[0; 13]; 2] && pos.cages == [None; 2] && !pos.relocated[0];
        if pos.frame() != (8, 8) || !plain || pos.relocated[1] {
            return None;
        }
        let (pieces, cells) = Pieces8::read(pos)?;
        if cells != !0 {
            return None;
        }
        let mut fast = FastMasked {
            mask,
            pieces,
            ep: None,
        };
        let ends = RANK_1 | (RANK_1 << 56);
        if fast.pieces.roles[PAWN] & ends != 0 {
            return None;
        }
        if !fast.pieces.one_king_each() {
            return None;
        }
        fast.ep = match pos.ep_square() {
            Some(sq) => Some(index_of(sq)?),
            None => None,
        };
        let them = fast.pieces.turn.other();
        if fast.attacked(fast.king_index(them), fast.pieces.turn) {
            return None;
        }
        Some(fast)
    }

    /// The reference position, equal to the one the reference engine reaches.
    fn to_position(&self) -> Position {
        let variant = match self.mask {
            Mask::Grid => Variant::Grid,
            Mask::RankAndFile => Variant::RankAndFile,
        };
        let mut pos = empty_frame(variant);
        self.pieces.write(&mut pos);
        pos.ep = self.ep.and_then(square_of);
        if pos.ep.is_some() {
            pos.keep_ep_only_if_capturable();
        }
        pos
    }

    /// How the game stands: mate or stalemate, as `Position::outcome` (G5, RF5).
    fn outcome(&self) -> Option<Outcome> {
        game_end(self.has_legal_move(), || self.in_check(), self.pieces.turn)
    }

    /// The move from `from` to `to` (promoting to `promotion`), if both
    /// squares are on this board: en passant when a pawn moves diagonally
    /// onto the en passant square. Legal only if `from` came from
    /// [`FastMasked::legal_origins`] for the same `to` and `promotion`.
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<MaskedMove> {
        let (from, to) = (index_of(from)?, index_of(to)?);
        let promotion = match promotion {
            Some(p) => Some(role_index(p)?),
            None => None,
        };
        let pawn = self.pieces.roles[PAWN] & bit(from) != 0;
        let kind = if pawn && self.ep == Some(to) && (from & 7) != (to & 7) {
            Kind::EnPassant
        } else {
            Kind::Normal
        };
        Some(MaskedMove {
            from,
            to,
            promotion,
            kind,
        })
    }

    /// Whether `mv` captures: an enemy piece on its target, or en passant.
    #[inline]
    fn is_capture(&self, mv: MaskedMove) -> bool {
        mv.kind == Kind::EnPassant
            || (mv.kind == Kind::Normal
                && self.pieces.colors[self.pieces.turn.other().index()] & bit(mv.to) != 0)
    }

    /// The castling move towards `side`, if it is legal: the reference's
    /// castling (FL8) from wherever the king stands on its home rank, with
    /// the variant's mask and attacks.
    fn castle(&self, side: CastleSide) -> Option<MaskedMove> {
        let mv = self.castle_candidate(side)?;
        self.legal(mv, self.movers()).then_some(mv)
    }

    /// Plays the legal move `mv` into `next` and says whether it gives check
    /// (GR3; RF6: the mover's attacks with its lines in the new position)
    /// or mate.
    fn play_into(&self, mv: MaskedMove, next: &mut FastMasked) -> Option<CheckMark> {
        next.clone_from(self);
        next.play_board(mv);
        Some(if !next.in_check() {
            CheckMark::None
        } else if next.has_legal_move() {
            CheckMark::Check
        } else {
            CheckMark::Mate
        })
    }
}

impl Board for FastMasked {
    fn variant(&self) -> Variant {
        match self.mask {
            Mask::Grid => Variant::Grid,
            Mask::RankAndFile => Variant::RankAndFile,
        }
    }
    fn frame(&self) -> (u8, u8) {
        (8, 8)
    }
    fn turn(&self) -> Color {
        self.pieces.turn
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces.piece_on(index_of(sq)?)
    }
    fn is_cell(&self, sq: Square) -> bool {
        index_of(sq).is_some()
    }
    fn king(&self, color: Color) -> Option<Square> {
        square_of(self.king_index(color))
    }
    fn differences(&self, other: &FastMasked) -> impl Iterator<Item = Square> {
        Squares64(self.pieces.differences(&other.pieces)).iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_lines_are_both_back_ranks() {
        let fast = FastMasked::from_position(&Position::start(Variant::RankAndFile)).unwrap();
        assert_eq!(fast.lines(Color::White), 0xffff);
        assert_eq!(fast.lines(Color::Black), 0xffff << 48);
    }
}
