//! Chess turns matched on the bitboard accelerator ([`FastChess`]).
//!
//! A turn typed as one piece move (`N g1-f3`, `P e2-e4`: the written form of
//! every chess move but castling, en passant and promotion) is the legal move
//! of that piece between those squares when there is one: no other chess move
//! changes exactly those two squares so (castling changes four, en passant
//! three, a promotion changes the piece). Any other turn, and any turn that is
//! not such a legal move, goes to the reference rules, which also make every
//! diagnostic.

use crate::notation::gamecourier::{Op, OpKind, SquareName};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::fast_chess::FastChess;
use crate::square::Square;

/// A chess game being matched on bitboards: the position now, a slot to play
/// into, and the next turn's number.
pub(super) struct FastTurns {
    now: FastChess,
    next: FastChess,
    turn: Color,
    fullmoves: u32,
}

impl FastTurns {
    /// Matching from `pos` on bitboards, when the accelerator takes it.
    pub(super) fn new(pos: &Position) -> Option<FastTurns> {
        let now = FastChess::from_position(pos)?;
        Some(FastTurns {
            next: now.clone(),
            now,
            turn: pos.turn(),
            fullmoves: pos.fullmoves(),
        })
    }

    /// The reference position now.
    pub(super) fn position(&self) -> Position {
        self.now.to_position()
    }

    /// Whether a move number `n` (`black` for `n...`) numbers the next turn.
    pub(super) fn numbers_next(&self, n: u32, black: bool) -> bool {
        n == self.fullmoves && black == (self.turn == Color::Black)
    }

    /// Whether an enemy piece stands on `sq`: a "move" from `sq` to itself
    /// changes no file, so it captures exactly when one does.
    fn enemy_on(&self, sq: Square) -> bool {
        self.now
            .piece_move(sq, sq, None)
            .is_some_and(|mv| self.now.is_capture(mv))
    }

    /// Plays the turn if it is one piece move that is legal; otherwise
    /// returns false and changes nothing.
    pub(super) fn play(&mut self, ops: &[Op]) -> bool {
        let [Op {
            kind: OpKind::Move { label, from, to },
            ..
        }] = ops
        else {
            return false;
        };
        let (Some(from), Some(to)) = (on_board(*from), on_board(*to)) else {
            return false;
        };
        // A label names the piece: one letter, in the mover's case.
        let named = match label.as_deref().map(str::as_bytes) {
            None => None,
            Some(&[c]) => {
                let ours = match self.turn {
                    Color::White => c.is_ascii_uppercase(),
                    Color::Black => c.is_ascii_lowercase(),
                };
                match Role::from_char(char::from(c)) {
                    Some(role) if ours => Some(role),
                    _ => return false,
                }
            }
            Some(_) => return false,
        };
        let single;
        let roles = match named {
            Some(role) => {
                single = [role];
                &single[..]
            }
            None => &Role::ORTHODOX[..],
        };
        for &role in roles {
            // A pawn changing file captures: a piece on the target, else en
            // passant, which is typed with a clear (left to the reference).
            let capture = role == Role::Pawn && from.file() != to.file();
            if capture && !self.enemy_on(to) {
                continue;
            }
            let origins = self.now.legal_origins(role, to, capture, None);
            if !origins.iter().any(|sq| sq == from) {
                continue;
            }
            let Some(mv) = self.now.piece_move(from, to, None) else {
                return false;
            };
            self.now.play_into(mv, &mut self.next);
            std::mem::swap(&mut self.now, &mut self.next);
            if self.turn == Color::Black {
                self.fullmoves = self.fullmoves.saturating_add(1);
            }
            self.turn = self.turn.other();
            return true;
        }
        false
    }
}

fn on_board(n: SquareName) -> Option<Square> {
    if n.file < 8 && n.rank < 8 {
        Square::new(n.file, n.rank as u8)
    } else {
        None
    }
}
