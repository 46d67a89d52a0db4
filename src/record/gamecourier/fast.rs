//! Turns matched on a bitboard accelerator: [`FastChess`] for chess,
//! [`FastMasked`] for Grid and Rank and File (orthodox pieces whose moves a
//! mask forbids, GR2, RF1).
//!
//! A turn is played here only in the forms whose one matching legal move is
//! known without building the turn's board; any other turn, and any turn
//! that is not such a legal move, goes to the reference rules, which also
//! make every diagnostic. The forms (the written form of every move but
//! Grid's and Rank and File's castling):
//!
//! - one piece move (`N g1-f3`): the legal move of that piece between those
//!   squares. No other move changes exactly those two squares so: castling
//!   changes four, en passant three, a promotion changes the piece;
//! - a pawn move and a put on its target (`P e7-e8; Q-e8`): the promotion
//!   to the piece put, when it is the mover's;
//! - a pawn move onto an empty square of another file and a clear of the
//!   square beside its origin (`P e5-d6; d5-`): en passant;
//! - the king's and the rook's moves of chess castling (`K e1-g1; R h1-f1`,
//!   either order): castling, on FIDE squares (the accelerator's only
//!   castling shape).
//!
//! Fault Line and Slide-chess turns are matched on their accelerators in
//! [`fast_cells`](super::fast_cells), Quake Chess turns in
//! [`fast_quake`](super::fast_quake).

use super::fast_cells::{fault_line_turn, slide_turn};
use super::fast_quake::quake_turn;
use super::played::Played;

use crate::notation::gamecourier::{Op, OpKind, SquareName};
use crate::piece::{Color, Role};
use crate::position::{CastleSide, Position};
use crate::record::replay::fast::{CleanBoard, Origins};
use crate::rules::fast_chess::FastChess;
use crate::rules::fast_fault_line::FastFaultLine;
use crate::rules::fast_masked::FastMasked;
use crate::rules::fast_quake::FastQuake;
use crate::rules::fast_slide::FastSlide;
use crate::square::Square;

/// An accelerator turns are matched on.
trait TurnBoard: CleanBoard {
    /// Whether its castling is always the king's and the rook's moves on
    /// FIDE squares (chess's, CH1); the masked variants castle from wherever
    /// the king stands, which is left to the reference rules.
    const FIDE_CASTLING: bool;
}

impl TurnBoard for FastChess {
    const FIDE_CASTLING: bool = true;
}

impl TurnBoard for FastMasked {
    const FIDE_CASTLING: bool = false;
}

/// The accelerator a game is on.
enum Board {
    Chess(Game<FastChess>),
    Masked(Game<FastMasked>),
    FaultLine(Game<FastFaultLine>),
    Slide(Box<Game<FastSlide>>),
    /// Boxed slots: a matched move is kept by swapping pointers.
    Quake(Game<Box<FastQuake>>),
}

/// A game being matched on an accelerator: the position, the side to move
/// and the next turn's number.
pub(super) struct FastTurns {
    board: Board,
    turn: Color,
    fullmoves: u32,
}

/// The position now, a slot the matched move is played into, and one a
/// candidate is tried in.
struct Game<B> {
    now: B,
    next: B,
    spare: B,
}

/// The accelerated matcher alone (what `validate` uses for a verdict): the
/// position after the turn when an accelerator of `pos`'s variant matched
/// it to exactly one legal move, `None` when it leaves the turn to the
/// reference rules ([`resolve_turn`](super::resolve_turn)), which then
/// decide and explain. For tests of the one against the other.
pub fn fast_turn(pos: &Position, ops: &[Op]) -> Option<Position> {
    let mut fast = FastTurns::new(pos)?;
    fast.play(ops).then(|| fast.position())
}

impl FastTurns {
    /// Matching from `pos` on bitboards, when an accelerator takes it.
    pub(super) fn new(pos: &Position) -> Option<FastTurns> {
        let board = if let Some(now) = FastChess::from_position(pos) {
            Board::Chess(Game::new(now))
        } else if let Some(now) = FastMasked::from_position(pos) {
            Board::Masked(Game::new(now))
        } else if let Some(now) = FastFaultLine::from_position(pos) {
            Board::FaultLine(Game::new(now))
        } else if let Some(now) = FastSlide::from_position(pos) {
            Board::Slide(Box::new(Game::new(now)))
        } else {
            Board::Quake(Game::new(Box::new(FastQuake::from_position(pos)?)))
        };
        Some(FastTurns {
            board,
            turn: pos.turn(),
            fullmoves: pos.fullmoves(),
        })
    }

    /// The reference position now.
    pub(super) fn position(&self) -> Position {
        match &self.board {
            Board::Chess(g) => g.now.to_position(),
            Board::Masked(g) => g.now.to_position(),
            Board::FaultLine(g) => g.now.to_position(),
            Board::Slide(g) => g.now.to_position(),
            Board::Quake(g) => g.now.to_position(),
        }
    }

    /// Whether a move number `n` (`black` for `n...`) numbers the next turn.
    pub(super) fn numbers_next(&self, n: u32, black: bool) -> bool {
        n == self.fullmoves && black == (self.turn == Color::Black)
    }

    /// Plays the turn if it is in one of the module's forms and legal;
    /// otherwise returns false and changes nothing.
    pub(super) fn play(&mut self, ops: &[Op]) -> bool {
        !matches!(self.play_noted(ops), Played::No)
    }

    /// [`FastTurns::play`], saying whether the move was a Fault Line slide
    /// played with permission (FL6), whose note the caller files.
    pub(super) fn play_noted(&mut self, ops: &[Op]) -> Played {
        let played = match &mut self.board {
            Board::Chess(g) => Played::from(g.play(ops, self.turn)),
            Board::Masked(g) => Played::from(g.play(ops, self.turn)),
            Board::FaultLine(g) => {
                let played = fault_line_turn(&g.now, ops, &mut g.next, &mut g.spare);
                if !matches!(played, Played::No) {
                    std::mem::swap(&mut g.now, &mut g.next);
                }
                played
            }
            Board::Slide(g) => Played::from(g.play_by(ops, slide_turn)),
            Board::Quake(g) => Played::from(g.play_by(ops, quake_turn)),
        };
        if !matches!(played, Played::No) {
            if self.turn == Color::Black {
                self.fullmoves = self.fullmoves.saturating_add(1);
            }
            self.turn = self.turn.other();
        }
        played
    }
}

impl<B: Clone> Game<B> {
    fn new(now: B) -> Game<B> {
        Game {
            next: now.clone(),
            spare: now.clone(),
            now,
        }
    }

    /// Plays the turn when `matcher` matches it into `next`.
    fn play_by(&mut self, ops: &[Op], matcher: fn(&B, &[Op], &mut B, &mut B) -> bool) -> bool {
        let played = matcher(&self.now, ops, &mut self.next, &mut self.spare);
        if played {
            std::mem::swap(&mut self.now, &mut self.next);
        }
        played
    }
}

impl<B: TurnBoard> Game<B> {
    fn play(&mut self, ops: &[Op], us: Color) -> bool {
        let Some(mv) = self.legal_move(ops, us) else {
            return false;
        };
        self.now.play_into(mv, &mut self.next);
        std::mem::swap(&mut self.now, &mut self.next);
        true
    }

    /// Whether an enemy piece stands on `sq`: a "move" from `sq` to itself
    /// changes no file, so it captures exactly when one does.
    fn enemy_on(&self, sq: Square) -> bool {
        self.now
            .piece_move(sq, sq, None)
            .is_some_and(|mv| self.now.is_capture(mv))
    }

    /// The legal move the turn is, when it is in one of the module's forms.
    fn legal_move(&self, ops: &[Op], us: Color) -> Option<B::Move> {
        match ops {
            [a] => {
                let (role, from, to) = piece_move(a, us)?;
                self.move_of(role, from, to, None)
            }
            [a, b] => {
                if let Some(mv) = self.castling(a, b, us) {
                    return Some(mv);
                }
                let (role, from, to) = piece_move(a, us)?;
                if role != Some(Role::Pawn) && role.is_some() {
                    return None;
                }
                match &b.kind {
                    // A promotion: the pawn's move, then the piece put.
                    OpKind::Put { label, sq } if on_board(*sq) == Some(to) => {
                        let promotion = role_of(label, us)?;
                        if !matches!(
                            promotion,
                            Role::Knight | Role::Bishop | Role::Rook | Role::Queen
                        ) {
                            return None;
                        }
                        self.move_of(Some(Role::Pawn), from, to, Some(promotion))
                    }
                    // En passant: onto an empty square, the pawn beside cleared.
                    OpKind::Clear { sq } => {
                        let beside = Square::new(to.file(), from.rank())?;
                        let diagonal = from.file() != to.file();
                        if on_board(*sq) != Some(beside) || !diagonal || self.enemy_on(to) {
                            return None;
                        }
                        let origins = self.now.legal_origins(Role::Pawn, to, true, None);
                        origins
                            .iter()
                            .any(|sq| sq == from)
                            .then(|| self.now.piece_move(from, to, None))?
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The legal move of a `role` piece (any, when `None`) from `from` to
    /// `to`, promoting to `promotion`, not en passant.
    fn move_of(
        &self,
        role: Option<Role>,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<B::Move> {
        let single;
        let roles = match role {
            Some(role) => {
                single = [role];
                &single[..]
            }
            None => &Role::ORTHODOX[..],
        };
        for &role in roles {
            // A pawn changing file captures: a piece on the target, else en
            // passant, which is typed with a clear.
            let capture = role == Role::Pawn && from.file() != to.file();
            if capture && !self.enemy_on(to) {
                continue;
            }
            let origins = self.now.legal_origins(role, to, capture, promotion);
            if origins.iter().any(|sq| sq == from) {
                return self.now.piece_move(from, to, promotion);
            }
        }
        None
    }

    /// Chess castling typed as the king's and the rook's moves, in either
    /// order, when it is legal.
    fn castling(&self, a: &Op, b: &Op, us: Color) -> Option<B::Move> {
        if !B::FIDE_CASTLING {
            return None;
        }
        let (ka, kb) = (piece_move(a, us)?, piece_move(b, us)?);
        let home = match us {
            Color::White => 0,
            Color::Black => 7,
        };
        for ((k_role, k_from, k_to), (r_role, r_from, r_to)) in [(ka, kb), (kb, ka)] {
            let named = |role: Option<Role>, want: Role| role.is_none_or(|r| r == want);
            if !named(k_role, Role::King) || !named(r_role, Role::Rook) {
                continue;
            }
            let at = |sq: Square| (sq.file(), sq.rank());
            let side = match (at(k_from), at(k_to), at(r_from), at(r_to)) {
                ((4, h1), (6, h2), (7, h3), (5, h4)) if [h1, h2, h3, h4] == [home; 4] => {
                    CastleSide::King
                }
                ((4, h1), (2, h2), (0, h3), (3, h4)) if [h1, h2, h3, h4] == [home; 4] => {
                    CastleSide::Queen
                }
                _ => continue,
            };
            return self.now.castle(side);
        }
        None
    }
}

/// A labelled or bare piece move on the 8×8 board: the role its label
/// names (in the mover's case, one letter), its squares.
fn piece_move(op: &Op, us: Color) -> Option<(Option<Role>, Square, Square)> {
    let OpKind::Move { label, from, to } = &op.kind else {
        return None;
    };
    let role = match label {
        None => None,
        Some(l) => Some(role_of(l, us)?),
    };
    Some((role, on_board(*from)?, on_board(*to)?))
}

/// The orthodox role a one-letter label of `us` names.
fn role_of(label: &str, us: Color) -> Option<Role> {
    let &[c] = label.as_bytes() else {
        return None;
    };
    let ours = match us {
        Color::White => c.is_ascii_uppercase(),
        Color::Black => c.is_ascii_lowercase(),
    };
    Role::from_char(char::from(c)).filter(|r| ours && Role::ORTHODOX.contains(r))
}

fn on_board(n: SquareName) -> Option<Square> {
    if n.file < 8 && n.rank < 8 {
        Square::new(n.file, n.rank as u8)
    } else {
        None
    }
}
