//! Translation between fvnote's [`Position`] and [`Move`] and shakmaty's:
//! the one place the two crates meet. Only the 8×8 board of orthodox
//! pieces translates; anything else is `None`, which the rules read as "no
//! such move" or as a position that is not the variant's.

use std::num::NonZeroU32;

use shakmaty as sm;
use shakmaty::{CastlingMode, FromSetup};

use crate::moves::{Move, PieceMove};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::castling::{castle_corner, castle_rook, SIDES};
use crate::square::Square;

/// fvnote's square as shakmaty's (a1 = 0 … h8 = 63), if on the 8×8 board.
pub(crate) fn square_to(sq: Square) -> Option<sm::Square> {
    (sq.file() < 8 && sq.rank() < 8).then(|| sm::Square::new(u32::from(sq.rank() * 8 + sq.file())))
}

/// shakmaty's square as fvnote's.
pub(crate) fn square_from(sq: sm::Square) -> Square {
    let i = u32::from(sq) as u8;
    Square::new(i % 8, i / 8).expect("a square of the 8×8 board is a square of the frame")
}

fn role_to(role: Role) -> Option<sm::Role> {
    Some(match role {
        Role::Pawn => sm::Role::Pawn,
        Role::Knight => sm::Role::Knight,
        Role::Bishop => sm::Role::Bishop,
        Role::Rook => sm::Role::Rook,
        Role::Queen => sm::Role::Queen,
        Role::King => sm::Role::King,
        _ => return None,
    })
}

/// `Some(None)` for no role; `None` for a role shakmaty has not.
fn maybe_role_to(role: Option<Role>) -> Option<Option<sm::Role>> {
    match role {
        Some(r) => role_to(r).map(Some),
        None => Some(None),
    }
}

fn role_from(role: sm::Role) -> Role {
    match role {
        sm::Role::Pawn => Role::Pawn,
        sm::Role::Knight => Role::Knight,
        sm::Role::Bishop => Role::Bishop,
        sm::Role::Rook => Role::Rook,
        sm::Role::Queen => Role::Queen,
        sm::Role::King => Role::King,
    }
}

fn color_to(color: Color) -> sm::Color {
    match color {
        Color::White => sm::Color::White,
        Color::Black => sm::Color::Black,
    }
}

fn color_from(color: sm::Color) -> Color {
    match color {
        sm::Color::White => Color::White,
        sm::Color::Black => Color::Black,
    }
}

fn side_to(side: CastleSide) -> sm::CastlingSide {
    match side {
        CastleSide::King => sm::CastlingSide::KingSide,
        CastleSide::Queen => sm::CastlingSide::QueenSide,
    }
}

/// fvnote's move as shakmaty's; `None` for a move kind shakmaty has not
/// (slides, quakes, cages, null moves) or a square off the 8×8 board.
pub(crate) fn move_to(mv: &Move) -> Option<sm::Move> {
    Some(match *mv {
        Move::Normal(m) => sm::Move::Normal {
            role: role_to(m.role)?,
            from: square_to(m.from)?,
            capture: maybe_role_to(m.capture)?,
            to: square_to(m.to)?,
            promotion: maybe_role_to(m.promotion)?,
        },
        Move::EnPassant { from, to } => sm::Move::EnPassant {
            from: square_to(from)?,
            to: square_to(to)?,
        },
        Move::Castle { king, rook } => sm::Move::Castle {
            king: square_to(king)?,
            rook: square_to(rook)?,
        },
        Move::Drop { role, to } => sm::Move::Put {
            role: role_to(role)?,
            to: square_to(to)?,
        },
        _ => return None,
    })
}

/// shakmaty's move as fvnote's.
pub(crate) fn move_from(m: &sm::Move) -> Move {
    match *m {
        sm::Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => Move::Normal(PieceMove {
            role: role_from(role),
            from: square_from(from),
            to: square_from(to),
            capture: capture.map(role_from),
            promotion: promotion.map(role_from),
        }),
        sm::Move::EnPassant { from, to } => Move::EnPassant {
            from: square_from(from),
            to: square_from(to),
        },
        sm::Move::Castle { king, rook } => Move::Castle {
            king: square_from(king),
            rook: square_from(rook),
        },
        sm::Move::Put { role, to } => Move::Drop {
            role: role_from(role),
            to: square_from(to),
        },
    }
}

/// Whether shakmaty can play `m` here without aborting, legal or not: it
/// asserts that a dropped piece, an en passant pawn and castled pieces land
/// on empty squares. The rules play illegal moves only to say why they are.
pub(crate) fn playable<V: sm::Position>(p: &V, m: sm::Move) -> bool {
    let board = p.board();
    let empty = |sq: sm::Square| board.piece_at(sq).is_none();
    match m {
        sm::Move::Normal { from, .. } => board.piece_at(from).is_some(),
        sm::Move::EnPassant { from, to } => board.piece_at(from).is_some() && empty(to),
        sm::Move::Put { to, .. } => empty(to),
        sm::Move::Castle { king, rook } => {
            let side = sm::CastlingSide::from_queen_side(rook < king);
            let lands = [
                sm::Square::from_coords(side.rook_to_file(), rook.rank()),
                sm::Square::from_coords(side.king_to_file(), king.rank()),
            ];
            lands
                .iter()
                .all(|&sq| sq == king || sq == rook || empty(sq))
        }
    }
}

/// The setup of `pos` in shakmaty's terms; `None` if its board is not 8×8
/// or holds a piece shakmaty does not know.
pub(crate) fn setup(pos: &Position) -> Option<sm::Setup> {
    if pos.frame() != (8, 8) {
        return None;
    }
    let mut board = sm::Board::empty();
    for sq in pos.squares() {
        if let Some(p) = pos.piece_at(sq) {
            let piece = sm::Piece {
                color: color_to(p.color),
                role: role_to(p.role)?,
            };
            board.set_piece_at(square_to(sq)?, piece);
        }
    }
    let variant = pos.variant();
    let pockets = variant.has_hands().then(|| {
        sm::ByColor::new_with(|c| {
            let color = color_from(c);
            sm::ByRole::new_with(|r| pos.in_hand(color, role_from(r)))
        })
    });
    let mut castling_rights = sm::Bitboard::EMPTY;
    for color in Color::ALL {
        for side in SIDES {
            if pos.castling().has(color, side) {
                if let Some(sq) = castle_rook(pos, color, side).and_then(square_to) {
                    castling_rights.add(sq);
                }
            }
        }
    }
    let remaining_checks = variant.counts_checks().then(|| {
        sm::ByColor::new_with(|c| {
            let left = pos.remaining_checks(color_from(c)).unwrap_or(3).min(3);
            sm::RemainingChecks::new(u32::from(left))
        })
    });
    Some(sm::Setup {
        board,
        promoted: sm::Bitboard(pos.promoted),
        pockets,
        turn: color_to(pos.turn()),
        castling_rights,
        ep_square: pos.ep_square().and_then(square_to),
        remaining_checks,
        halfmoves: pos.halfmoves(),
        fullmoves: NonZeroU32::new(pos.fullmoves()).unwrap_or(NonZeroU32::MIN),
    })
}

/// `pos` as a position of shakmaty's variant `V`, or why it is none.
pub(crate) fn peer<V: FromSetup>(pos: &Position) -> Result<V, String> {
    let Some(setup) = setup(pos) else {
        return Err("an 8×8 board of orthodox pieces".to_owned());
    };
    // Castling rights and the en passant square are fvnote's to check
    // (CH1, `rules::fit`), and a Crazyhouse pocket may hold more than a
    // set's worth: only the rest is shakmaty's verdict.
    V::from_setup(setup, CastlingMode::Standard)
        .or_else(sm::PositionError::ignore_invalid_castling_rights)
        .or_else(sm::PositionError::ignore_invalid_ep_square)
        .or_else(sm::PositionError::ignore_too_much_material)
        .map_err(|e| e.to_string())
}

/// Writes shakmaty's position `p` back into `pos`: board, pockets, promoted
/// pieces, turn, castling rights, en passant square, counters and checks.
pub(crate) fn write_back<V: sm::Position>(p: &V, pos: &mut Position) {
    // Every square of shakmaty's 8×8 board, with no list made per move.
    for i in 0..64u32 {
        let s = sm::Square::new(i);
        let piece = p
            .board()
            .piece_at(s)
            .map(|sp| Piece::new(color_from(sp.color), role_from(sp.role)));
        pos.set(square_from(s), piece);
    }
    pos.promoted = p.promoted().0;
    if let Some(pockets) = p.pockets() {
        for color in Color::ALL {
            let pocket = pockets.get(color_to(color));
            for role in sm::Role::ALL {
                pos.hands[color.index()][role_from(role) as usize] = *pocket.get(role);
            }
        }
    }
    pos.turn = color_from(p.turn());
    for color in Color::ALL {
        for side in SIDES {
            let rook = p.castles().rook(color_to(color), side_to(side));
            pos.castling.set(color, side, rook.is_some());
            if let Some(rook) = rook {
                let file = square_from(rook).file();
                let corner = castle_corner(pos, color, side).map(|sq| sq.file());
                pos.castling
                    .set_rook_file(color, side, Some(file).filter(|&f| Some(f) != corner));
            }
        }
    }
    pos.ep = p.maybe_ep_square().map(square_from);
    pos.halfmoves = p.halfmoves();
    pos.fullmoves = p.fullmoves().get();
    pos.checks = p
        .remaining_checks()
        .map(|c| Color::ALL.map(|color| u32::from(*c.get(color_to(color))) as u8));
    pos.refresh_kings();
}
