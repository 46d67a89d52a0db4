//! A bitboard accelerator for replaying orthodox chess (CH1).
//!
//! Validating an archive is mostly replaying clean, canonical SAN of orthodox
//! games. [`FastChess`] mirrors a chess [`Position`] on a `cozy_chess` board
//! (bitboards, legal move generation by piece), and plays a token only when it
//! can show that the reference engine would play the same move without a
//! word: exactly one legal move matches, the token is canonical (no lenient
//! spelling, no disambiguation, the right capture and check marks). For any
//! other token it declines, leaves the board as it was, and the caller goes
//! back to the reference [`Position`] ([`FastChess::to_position`]), which
//! produces every diagnostic. So the accelerator decides nothing on its own:
//! it can only skip work whose outcome is already known.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::rules::fast_chess::FastChess;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::Chess);
//! let mut fast = FastChess::from_position(&start).unwrap();
//! assert!(fast.play_clean(&San::parse("e4").unwrap()));
//! // Lenient notation is left to the reference engine, which warns about it.
//! assert!(!fast.play_clean(&San::parse("e7e5").unwrap()));
//! let mut reference = start.clone();
//! San::parse("e4").unwrap().play(&mut reference).unwrap();
//! assert_eq!(fast.to_position(), reference);
//! ```

use std::sync::OnceLock;

use cozy_chess::{
    get_between_rays, get_bishop_moves, get_king_moves, get_knight_moves, get_line_rays,
    get_pawn_attacks, get_rook_moves, BitBoard, Board, BoardBuilder, CastleRights, Color as CColor,
    File, Move as CMove, Piece as CPiece, Rank, Square as CSquare,
};

use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::{movegen, Outcome, Variant};
use crate::square::Square;

/// An orthodox chess position on bitboards, with fvnote's own move counters
/// (`cozy_chess` caps the halfmove clock at 100; fvnote counts on, G5).
#[derive(Clone, Debug)]
pub struct FastChess {
    board: Board,
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
fn has_legal_move(board: &Board) -> bool {
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
                board: Board::default(),
                halfmoves: 0,
                fullmoves: 1,
            })
            .clone()
    }

    /// The mirror of a chess position, or `None` when the position is not one
    /// the accelerator handles exactly (another variant, a castling right
    /// whose king and rook are not on their FIDE squares, anything
    /// `cozy_chess` would not accept).
    pub fn from_position(pos: &Position) -> Option<FastChess> {
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

    /// The reference position, equal to the one the reference engine reaches.
    pub fn to_position(&self) -> Position {
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

    /// How the game stands: mate or stalemate, as `Position::outcome` (G5).
    pub fn outcome(&self) -> Option<Outcome> {
        if has_legal_move(&self.board) {
            None
        } else if self.board.checkers().is_empty() {
            Some(Outcome::Stalemate)
        } else {
            Some(Outcome::Checkmate {
                winner: color_back(!self.board.side_to_move()),
            })
        }
    }

    /// Plays `san` if the reference engine would play the same move with no
    /// warning; otherwise returns false and changes nothing.
    pub fn play_clean(&mut self, san: &ParsedSan) -> bool {
        let mut next = self.clone();
        let played = self.successor(san, &mut next);
        if played {
            *self = next;
        }
        played
    }

    /// [`FastChess::play_clean`] into `next`, which holds the position
    /// after the move when it returns true (and anything otherwise): no
    /// copy of the board beyond the one the move is played on.
    pub fn successor(&self, san: &ParsedSan, next: &mut FastChess) -> bool {
        if !san.lenient.is_empty() {
            return false;
        }
        let Some(mv) = self.clean_move(&san.san) else {
            return false;
        };
        let b = &self.board;
        let us = b.side_to_move();
        let reset = b.piece_on(mv.from) == Some(CPiece::Pawn) || b.colors(!us).has(mv.to);
        next.board.clone_from(b);
        next.board.play_unchecked(mv);
        let after = &next.board;
        let want = if after.checkers().is_empty() {
            None
        } else if has_legal_move(after) {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Mate)
        };
        if want != san.suffix {
            return false;
        }
        next.halfmoves = if reset {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        next.fullmoves = if us == CColor::Black {
            self.fullmoves.saturating_add(1)
        } else {
            self.fullmoves
        };
        true
    }

    /// The one legal move a canonical token names, if it names exactly one
    /// and carries the right capture mark and no needless disambiguation.
    fn clean_move(&self, san: &San) -> Option<CMove> {
        let b = &self.board;
        let us = b.side_to_move();
        match *san {
            San::Normal {
                role: Some(role),
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let piece = role_piece(role)?;
                let to = to_cozy(to)?;
                let promotion = match promotion {
                    Some(r) => Some(role_piece(r)?),
                    None => None,
                };
                let pawn = piece == CPiece::Pawn;
                // A pawn names its file exactly when it captures (`exd5`).
                if (pawn && (file.is_some() != capture || rank.is_some())) || b.colors(us).has(to) {
                    return None;
                }
                // Where a piece of this kind could come from; `is_legal`
                // then judges each (blocks, pins, checks, promotion).
                let occupied = b.occupied();
                let ours = b.colored_pieces(us, piece);
                let en_passant = pawn && capture && Some(to) == ep_square(b);
                let legal = match piece {
                    // Attacked squares (kings) and a capture that can expose
                    // the king along the rank (en passant): cozy_chess's
                    // own judgement.
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
                // The one legal move the token names, and its legal rivals
                // (same kind, same square) that the token rules out.
                // A file or rank beyond the board (`R9e2`) names nothing.
                let mut named = legal;
                if let Some(f) = file {
                    named &=
                        File::try_index(usize::from(f)).map_or(BitBoard::EMPTY, File::bitboard);
                }
                if let Some(r) = rank {
                    named &=
                        Rank::try_index(usize::from(r)).map_or(BitBoard::EMPTY, Rank::bitboard);
                }
                let rivals = legal & !named;
                let from = named.next_square().filter(|_| named.len() == 1)?;
                let mv = CMove {
                    from,
                    to,
                    promotion,
                };
                if !pawn && (file.is_some() || rank.is_some()) {
                    // SAN's rule: the file if it tells the rivals apart, else
                    // the rank, else both; anything more draws a warning.
                    let other_file = rivals.into_iter().all(|r| r.file() != mv.from.file());
                    let other_rank = rivals.into_iter().all(|r| r.rank() != mv.from.rank());
                    let (need_file, need_rank) = if rivals.is_empty() {
                        (false, false)
                    } else if other_file {
                        (true, false)
                    } else if other_rank {
                        (false, true)
                    } else {
                        (true, true)
                    };
                    if (file.is_some() && !need_file) || (rank.is_some() && !need_rank) {
                        return None;
                    }
                }
                let takes = b.colors(!us).has(to) || (pawn && mv.from.file() != mv.to.file());
                (takes == capture).then_some(mv)
            }
            San::Castle(side) => {
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
                b.is_legal(mv).then_some(mv)
            }
            _ => None,
        }
    }
}

/// The origins of moves onto `to` (not a square of the mover's) by pieces
/// other than the king, and by pawns other than en passant, that are legal.
/// The origins come from attack sets over the occupied squares and from the
/// pawn's rules ([`push_origins`]), so their moves are possible on the
/// board. What is left is `Board::is_legal`'s rule for these pieces, as
/// masks: out of a double check only the king moves, out of a check a move
/// must capture the checker or block, and a pinned piece stays on the line
/// through its king.
fn piece_legals(b: &Board, origins: BitBoard, to: CSquare) -> BitBoard {
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
fn cozy_legals(b: &Board, origins: BitBoard, to: CSquare, promotion: Option<CPiece>) -> BitBoard {
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
fn ep_square(b: &Board) -> Option<CSquare> {
    let rank = Rank::Sixth.relative_to(b.side_to_move());
    b.en_passant().map(|file| CSquare::new(file, rank))
}
