//! A bitboard accelerator for replaying orthodox chess (CH1).
//!
//! Validating an archive is mostly replaying clean, canonical SAN of orthodox
//! games. [`FastChess`] mirrors a chess [`Position`] on a `cozy_chess` board
//! (bitboards, legal move generation by piece) and answers in fvnote's own
//! terms (squares, roles, moves): the legal origins of moves of a role onto a
//! square ([`FastChess::legal_origins`]), castling, and the check a move
//! gives ([`Accelerator`]).
//!
//! ```
//! use fvnote::rules::fast::chess::FastChess;
//! use fvnote::rules::fast::{Accelerator, CheckMark, Onto, SquareSet};
//! use fvnote::{Move, PieceMove, Position, Role, Square};
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Chess);
//! let fast = FastChess::from_position(&start).unwrap();
//! let e4 = Square::new(4, 3).unwrap();
//! let onto = Onto { role: Role::Pawn, to: e4, capture: false, promotion: None };
//! let from = fast.legal_origins(onto);
//! assert_eq!(from.single(), Square::new(4, 1));
//! let mv = fast.piece_move(from.single().unwrap(), e4, None).unwrap();
//! let mut next = fast.clone();
//! assert_eq!(fast.play_into(mv, &mut next), Some(CheckMark::None));
//! let (role, from, to) = (Role::Pawn, Square::new(4, 1).unwrap(), e4);
//! let e2e4 = Move::Normal(PieceMove { role, from, to, capture: None, promotion: None });
//! assert_eq!(next.to_position(), start.play(&e2e4));
//! ```

use std::sync::OnceLock;

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_king_moves, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_rook_moves, BitBoard, Board as CBoard, BoardBuilder, CastleRights,
    Color as CColor, File, Move as CMove, Piece as CPiece, Rank, Square as CSquare,
};

use super::board8::Squares64;
use super::{game_end, Accelerator, Board, CheckMark, Onto, SquareSet};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::movegen::{self, counters_after};
use crate::rules::Outcome;
use crate::square::Square;
use crate::variant::Variant;

/// An orthodox chess position on bitboards, with fvnote's own move counters
/// (`cozy_chess` caps the halfmove clock at 100; fvnote counts on, G5).
#[derive(Clone, Debug)]
pub struct FastChess {
    board: CBoard,
    halfmoves: u32,
    fullmoves: u32,
}

fn role_piece(role: Role) -> Option<CPiece> {
    Some(match role {
        Role::Pawn => CPiece::Pawn,
        Role::Knight => CPiece::Knight,
        Role::Bishop => CPiece::Bishop,
        Role::Rook => CPiece::Rook,
        Role::Queen => CPiece::Queen,
        Role::King => CPiece::King,
        _ => return None,
    })
}

fn piece_role(piece: CPiece) -> Role {
    match piece {
        CPiece::Pawn => Role::Pawn,
        CPiece::Knight => Role::Knight,
        CPiece::Bishop => Role::Bishop,
        CPiece::Rook => Role::Rook,
        CPiece::Queen => Role::Queen,
        CPiece::King => Role::King,
    }
}

fn color_of(c: Color) -> CColor {
    match c {
        Color::White => CColor::White,
        Color::Black => CColor::Black,
    }
}

fn color_back(c: CColor) -> Color {
    match c {
        CColor::White => Color::White,
        CColor::Black => Color::Black,
    }
}

/// The 8×8 square of a mailbox square, if it is on that board.
fn to_cozy(sq: Square) -> Option<CSquare> {
    let (f, r) = (sq.file(), sq.rank());
    (f < 8 && r < 8).then(|| CSquare::new(File::index(usize::from(f)), Rank::index(usize::from(r))))
}

fn from_cozy(sq: CSquare) -> Option<Square> {
    Square::new(sq.file() as u8, sq.rank() as u8)
}

/// Whether the side to move has a move (stops at the first piece with one).
fn has_legal_move(board: &CBoard) -> bool {
    board.generate_moves(|moves| !moves.is_empty())
}

/// The empty 8×8 chess frame, copied rather than rebuilt cell by cell.
fn empty_frame() -> &'static Position {
    static FRAME: OnceLock<Position> = OnceLock::new();
    FRAME.get_or_init(|| {
        let mut pos = Position::empty(Variant::Chess, 8, 8);
        for sq in CSquare::ALL.iter().filter_map(|&s| from_cozy(s)) {
            pos.set_cell(sq, true);
        }
        pos
    })
}

impl FastChess {
    /// The standard start position (`Position::start(Variant::Chess)`),
    /// built once and copied: every game of an archive starts here.
    pub fn start() -> FastChess {
        static START: OnceLock<FastChess> = OnceLock::new();
        START
            .get_or_init(|| FastChess {
                board: CBoard::default(),
                halfmoves: 0,
                fullmoves: 1,
            })
            .clone()
    }
}

impl Accelerator for FastChess {
    type Move = FastMove;
    type Squares = Squares64;

    fn origins(&self, onto: Onto) -> Option<Squares64> {
        let (role, to, capture, promotion) = onto.parts();
        let b = &self.board;
        let us = b.side_to_move();
        let piece = role_piece(role)?;
        let to = to_cozy(to)?;
        let promotion = match promotion {
            Some(r) => Some(role_piece(r)?),
            None => None,
        };
        if b.colors(us).has(to) {
            return None;
        }
        // Where a piece of this kind could come from; `is_legal` then
        // judges each (blocks, pins, checks, promotion).
        let occupied = b.occupied();
        let ours = b.colored_pieces(us, piece);
        let en_passant = piece == CPiece::Pawn && capture && Some(to) == ep_square(b);
        let origins = match piece {
            // Attacked squares (kings) and a capture that can expose the king
            // along the rank (en passant): cozy_chess's own judgement.
            CPiece::King => cozy_legals(b, get_king_moves(to) & ours, to, promotion),
            CPiece::Pawn if en_passant => {
                cozy_legals(b, get_pawn_attacks(to, !us) & ours, to, promotion)
            }
            CPiece::Pawn => {
                // Promotion exactly on the last rank, to a piece.
                let last = to.rank() == Rank::Eighth.relative_to(us);
                let to_piece = !matches!(promotion, Some(CPiece::Pawn | CPiece::King));
                if last != promotion.is_some() || !to_piece {
                    return None;
                }
                let origins = if capture {
                    // Not en passant: an enemy piece stands there.
                    if !b.colors(!us).has(to) {
                        return None;
                    }
                    get_pawn_attacks(to, !us) & ours
                } else {
                    push_origins(to, us, occupied) & ours
                };
                piece_legals(b, origins, to)
            }
            _ if promotion.is_some() => return None,
            _ => {
                let origins = match piece {
                    CPiece::Knight => get_knight_moves(to),
                    CPiece::Bishop => get_bishop_moves(to, occupied),
                    CPiece::Rook => get_rook_moves(to, occupied),
                    _ => get_bishop_moves(to, occupied) | get_rook_moves(to, occupied),
                };
                piece_legals(b, origins & ours, to)
            }
        };
        Some(Squares64(origins.0))
    }

    /// The mirror of a chess position, or `None` when the position is not one
    /// the accelerator handles exactly (another variant, a castling right
    /// whose king and rook are not on their FIDE squares, anything
    /// `cozy_chess` would not accept).
    fn from_position(pos: &Position) -> Option<FastChess> {
        if pos.variant() != Variant::Chess || pos.frame() != (8, 8) {
            return None;
        }
        let mut b = BoardBuilder::empty();
        for sq in pos.squares() {
            if !pos.is_cell(sq) {
                return None;
            }
            if let Some(p) = pos.piece_at(sq) {
                *b.square_mut(to_cozy(sq)?) = Some((role_piece(p.role)?, color_of(p.color)));
            }
        }
        for color in Color::ALL {
            let home = movegen::home_rank(pos, color);
            let mut rights = CastleRights::EMPTY;
            for (side, file) in [(CastleSide::King, 7), (CastleSide::Queen, 0)] {
                if !pos.castling().has(color, side) {
                    continue;
                }
                // Only the FIDE shape: king on e, rook in the corner.
                let king = Square::new(4, home)?;
                let rook = Square::new(file, home)?;
                if pos.piece_at(king) != Some(Piece::new(color, Role::King))
                    || pos.piece_at(rook) != Some(Piece::new(color, Role::Rook))
                {
                    return None;
                }
                let file = Some(File::index(usize::from(file)));
                match side {
                    CastleSide::King => rights.short = file,
                    CastleSide::Queen => rights.long = file,
                }
            }
            b.castle_rights[color_of(color) as usize] = rights;
        }
        b.side_to_move = color_of(pos.turn());
        b.en_passant = match pos.ep_square() {
            Some(sq) => Some(to_cozy(sq)?),
            None => None,
        };
        Some(FastChess {
            board: b.build().ok()?,
            halfmoves: pos.halfmoves(),
            fullmoves: pos.fullmoves(),
        })
    }

    fn to_position(&self) -> Position {
        let mut pos = empty_frame().clone();
        for color in CColor::ALL {
            for piece in CPiece::ALL {
                let p = Piece::new(color_back(color), piece_role(piece));
                for sq in self
                    .board
                    .colored_pieces(color, piece)
                    .into_iter()
                    .filter_map(from_cozy)
                {
                    pos.set(sq, Some(p));
                }
            }
        }
        let turn = color_back(self.board.side_to_move());
        pos.turn = turn;
        for color in Color::ALL {
            let rights = self.board.castle_rights(color_of(color));
            pos.castling
                .set(color, CastleSide::King, rights.short.is_some());
            pos.castling
                .set(color, CastleSide::Queen, rights.long.is_some());
        }
        // The square behind a pawn of the side not to move.
        let ep_rank = match turn {
            Color::White => 5,
            Color::Black => 2,
        };
        pos.ep = self
            .board
            .en_passant()
            .and_then(|f| Square::new(f as u8, ep_rank));
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        if pos.ep.is_some() {
            pos.keep_ep_only_if_capturable();
        }
        pos
    }

    /// Mate or stalemate (G5).
    fn outcome(&self) -> Option<Outcome> {
        let b = &self.board;
        let mover = color_back(b.side_to_move());
        game_end(has_legal_move(b), || !b.checkers().is_empty(), mover)
    }

    #[inline]
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<FastMove> {
        let promotion = match promotion {
            Some(r) => Some(role_piece(r)?),
            None => None,
        };
        Some(FastMove(CMove {
            from: to_cozy(from)?,
            to: to_cozy(to)?,
            promotion,
        }))
    }

    /// An enemy piece on its target, or a pawn changing file (en passant).
    #[inline]
    fn is_capture(&self, mv: FastMove) -> bool {
        let b = &self.board;
        let mv = mv.0;
        b.colors(!b.side_to_move()).has(mv.to)
            || (b.piece_on(mv.from) == Some(CPiece::Pawn) && mv.from.file() != mv.to.file())
    }

    fn castle(&self, side: CastleSide) -> Option<FastMove> {
        let b = &self.board;
        let us = b.side_to_move();
        let rights = b.castle_rights(us);
        let rook = match side {
            CastleSide::King => rights.short,
            CastleSide::Queen => rights.long,
        }?;
        let king = b.king(us);
        let mv = CMove {
            from: king,
            to: CSquare::new(rook, king.rank()),
            promotion: None,
        };
        b.is_legal(mv).then_some(FastMove(mv))
    }

    /// The board and both counters: no copy beyond the one the move is
    /// played on.
    fn play_into(&self, mv: FastMove, next: &mut FastChess) -> Option<CheckMark> {
        let mv = mv.0;
        let b = &self.board;
        let us = b.side_to_move();
        let reset = b.piece_on(mv.from) == Some(CPiece::Pawn) || b.colors(!us).has(mv.to);
        next.board.clone_from(b);
        next.board.play_unchecked(mv);
        (next.halfmoves, next.fullmoves) =
            counters_after(self.halfmoves, self.fullmoves, color_back(us), reset);
        let after = &next.board;
        Some(if after.checkers().is_empty() {
            CheckMark::None
        } else if has_legal_move(after) {
            CheckMark::Check
        } else {
            CheckMark::Mate
        })
    }
}

impl Board for FastChess {
    fn variant(&self) -> Variant {
        Variant::Chess
    }
    fn frame(&self) -> (u8, u8) {
        (8, 8)
    }
    fn turn(&self) -> Color {
        color_back(self.board.side_to_move())
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let sq = to_cozy(sq)?;
        let role = piece_role(self.board.piece_on(sq)?);
        Some(Piece::new(color_back(self.board.color_on(sq)?), role))
    }
    fn is_cell(&self, sq: Square) -> bool {
        to_cozy(sq).is_some()
    }
    fn king(&self, color: Color) -> Option<Square> {
        from_cozy(self.board.king(color_of(color)))
    }
    fn differences(&self, other: &FastChess) -> impl Iterator<Item = Square> {
        let (a, b) = (&self.board, &other.board);
        let mut d = (a.colors(CColor::White) ^ b.colors(CColor::White)).0;
        d |= (a.colors(CColor::Black) ^ b.colors(CColor::Black)).0;
        for piece in CPiece::ALL {
            d |= (a.pieces(piece) ^ b.pieces(piece)).0;
        }
        Squares64(d).iter()
    }
}

/// A move on the bitboards, made by [`FastChess::piece_move`] or
/// [`FastChess::castle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastMove(CMove);

/// The origins of moves onto `to` (not a square of the mover's) by pieces
/// other than the king, and by pawns other than en passant, that are legal.
/// The origins come from attack sets over the occupied squares and from the
/// pawn's rules ([`push_origins`]), so their moves are possible on the
/// board. What is left is `Board::is_legal`'s rule for these pieces, as
/// masks: out of a double check only the king moves, out of a check a move
/// must capture the checker or block, and a pinned piece stays on the line
/// through its king.
fn piece_legals(b: &CBoard, origins: BitBoard, to: CSquare) -> BitBoard {
    let king = b.king(b.side_to_move());
    let checkers = b.checkers();
    if let Some(checker) = checkers.next_square() {
        let stops = get_between_rays(checker, king) | checker.bitboard();
        if checkers.len() > 1 || !stops.has(to) {
            return BitBoard::EMPTY;
        }
    }
    let pinned = origins & b.pinned();
    let along_pins: BitBoard = pinned
        .into_iter()
        .filter(|&from| get_line_rays(king, from).has(to))
        .collect();
    origins & !pinned | along_pins
}

/// The origins of moves onto `to` that `Board::is_legal` accepts.
fn cozy_legals(b: &CBoard, origins: BitBoard, to: CSquare, promotion: Option<CPiece>) -> BitBoard {
    origins
        .into_iter()
        .filter(|&from| {
            b.is_legal(CMove {
                from,
                to,
                promotion,
            })
        })
        .collect()
}

/// The squares a pawn of `us` can push to the empty square `to` from: one
/// rank behind, and two from its home rank over an empty square.
fn push_origins(to: CSquare, us: CColor, occupied: BitBoard) -> BitBoard {
    let back = match us {
        CColor::White => -1,
        CColor::Black => 1,
    };
    let Some(one) = to.try_offset(0, back).filter(|_| !occupied.has(to)) else {
        return BitBoard::EMPTY;
    };
    let two = to
        .try_offset(0, 2 * back)
        .filter(|sq| !occupied.has(one) && sq.rank() == Rank::Second.relative_to(us));
    one.bitboard() | two.map_or(BitBoard::EMPTY, CSquare::bitboard)
}

/// The square a pawn of the side to move captures en passant, if any.
fn ep_square(b: &CBoard) -> Option<CSquare> {
    let rank = Rank::Sixth.relative_to(b.side_to_move());
    b.en_passant().map(|file| CSquare::new(file, rank))
}
