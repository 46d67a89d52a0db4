//! The lichess variants — Crazyhouse (ZH1), Atomic (AT1), Antichess (AC1),
//! King of the Hill (KH1), Three-check (TC1), Horde (HO1), Racing Kings
//! (RK1) — played by shakmaty's implementations, the rules lichess itself
//! plays by and which pass the published perft suites. fvnote adds what a
//! record reader needs on top: why a move is illegal in the variant's own
//! words (`variants.rs`), the game's end as an [`Outcome`], and FEN fields
//! checked as for every variant. `bridge.rs` is the one place positions and
//! moves cross between the two crates.
//!
//! Each variant is `Lichess<V>` for shakmaty's position type `V` and one
//! [`Peer`] impl; adding another of shakmaty's variants is that impl, a type
//! alias below and the usual registry entry and `with_rules!` arm.

mod bridge;
mod variants;

use std::marker::PhantomData;

use shakmaty as sm;

use crate::moves::{Move, MoveList, PieceMove};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::fit::{Field, Unfit};
use crate::rules::{chess, Illegal, Outcome, Rules, Scope};
use crate::square::Square;
use crate::variant::Variant;

/// What fvnote needs to know of one of shakmaty's variants besides its rules.
pub trait Peer: sm::Position + sm::FromSetup + Default + Clone {
    /// The ruling that states the variant (`notation/rules.md`).
    const RULING: &'static str;
    /// What a position of the variant needs besides kings and pawns in
    /// place, for FEN errors ("no pawns, and no king in check").
    const SETUP: &'static str = "a position its rules allow";
    /// How a finished game of the variant ended, for messages ("the king
    /// exploded"); asked only when shakmaty reports the variant's own end.
    fn how(end: &Self) -> &'static str;
    /// Why `m`, which shakmaty refuses here, is illegal, when the variant's
    /// own rule forbids it (a compulsory capture, a pawn dropped on the last
    /// rank …); `None` leaves it to king safety (G6).
    fn why(_pos: &Self, _m: sm::Move) -> Option<&'static str> {
        None
    }
}

/// The rules of shakmaty's variant `V`, behind fvnote's [`Rules`].
pub struct Lichess<V>(PhantomData<V>);

/// Crazyhouse (ZH1).
pub type Crazyhouse = Lichess<sm::variant::Crazyhouse>;
/// Atomic (AT1).
pub type Atomic = Lichess<sm::variant::Atomic>;
/// Antichess, also called Giveaway (AC1).
pub type Antichess = Lichess<sm::variant::Antichess>;
/// King of the Hill (KH1).
pub type KingOfTheHill = Lichess<sm::variant::KingOfTheHill>;
/// Three-check (TC1).
pub type ThreeCheck = Lichess<sm::variant::ThreeCheck>;
/// Horde (HO1).
pub type Horde = Lichess<sm::variant::Horde>;
/// Racing Kings (RK1).
pub type RacingKings = Lichess<sm::variant::RacingKings>;

/// Whether `mv` is within `scope`, as orthodox candidates are chosen.
fn in_scope(scope: Scope, mv: &Move) -> bool {
    match *mv {
        Move::Drop { .. } => scope.extras(),
        Move::Castle { .. } => scope.castling(),
        Move::Normal(PieceMove { role, to, .. }) => scope.pieces(role) && lands(scope, to),
        Move::EnPassant { to, .. } => scope.pieces(Role::Pawn) && lands(scope, to),
        _ => false,
    }
}

/// Whether a piece move landing on `to` fits a target scope.
fn lands(scope: Scope, to: Square) -> bool {
    match scope {
        Scope::Target { to: target, .. } => to == target,
        _ => true,
    }
}

impl<V: Peer> Lichess<V> {
    /// The position as shakmaty's; `None` only for a position no FEN of the
    /// variant reads (they are refused when read).
    fn peer(pos: &Position) -> Option<V> {
        bridge::peer::<V>(pos).ok()
    }
    /// Drops by movement alone (any piece in hand onto any empty square), so
    /// a drop the variant forbids can be explained rather than not found.
    fn drops(pos: &Position, out: &mut MoveList) {
        let us = pos.turn();
        for role in Role::ALL {
            if pos.in_hand(us, role) == 0 {
                continue;
            }
            for to in pos.squares().filter(|&sq| pos.piece_at(sq).is_none()) {
                out.push(Move::Drop { role, to });
            }
        }
    }
}

impl<V: Peer> Rules for Lichess<V> {
    fn start(variant: Variant) -> Position {
        let mut pos = Position::empty(variant, 8, 8);
        for sq in (0..8).flat_map(|r| (0..8).filter_map(move |f| Square::new(f, r))) {
            pos.set_cell(sq, true);
        }
        bridge::write_back(&V::default(), &mut pos);
        pos
    }

    /// Orthodox movement (so an illegal move can be explained), the
    /// variant's drops, and every legal move shakmaty adds (a king
    /// promotion in Antichess, a Horde pawn's double step from the first rank).
    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        chess::orthodox_candidates(pos, scope, out);
        if scope.extras() && pos.variant().has_hands() {
            Self::drops(pos, out);
        }
        if let Some(p) = Self::peer(pos) {
            for m in p.legal_moves().iter().map(bridge::move_from) {
                if in_scope(scope, &m) && !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }

    fn legal_moves(pos: &Position, out: &mut MoveList) {
        out.clear();
        let Some(p) = Self::peer(pos) else { return };
        if p.is_variant_end() {
            return;
        }
        out.extend(p.legal_moves().iter().map(bridge::move_from));
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        let not_here = Illegal::new("G3", "is not a move of this variant");
        let (Some(p), Some(m)) = (Self::peer(pos), bridge::move_to(mv)) else {
            return Err(not_here);
        };
        if p.is_legal(m) {
            return Ok(());
        }
        if let Some(reason) = V::why(&p, m) {
            return Err(Illegal::new(V::RULING, reason));
        }
        let us = p.turn();
        let exposed = bridge::playable(&p, m) && {
            let mut after = p.clone();
            after.play_unchecked(m);
            after
                .board()
                .king_of(us)
                .is_some_and(|k| after.king_attackers(k, !us, after.board().occupied()).any())
        };
        if exposed || matches!(m, sm::Move::Castle { .. }) {
            Err(Illegal::KING_ATTACKED)
        } else {
            Err(Illegal::new(V::RULING, "is not legal in this variant"))
        }
    }

    /// Plays `mv` if it is legal; leaves `pos` as it is otherwise (shakmaty
    /// asserts on some illegal moves: a candidate played by mistake must not
    /// abort the program).
    fn play(pos: &mut Position, mv: &Move) {
        if let (Some(mut p), Some(m)) = (Self::peer(pos), bridge::move_to(mv)) {
            if p.is_legal(m) {
                p.play_unchecked(m);
                bridge::write_back(&p, pos);
            }
        }
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        let by = match by {
            Color::White => sm::Color::White,
            Color::Black => sm::Color::Black,
        };
        match (bridge::setup(pos), bridge::square_to(target)) {
            (Some(s), Some(sq)) => s.board.attacks_to(sq, by, s.board.occupied()).any(),
            _ => false,
        }
    }

    fn in_check(pos: &Position) -> bool {
        Self::peer(pos).is_some_and(|p| p.is_check())
    }

    /// A check, or a move that won the game by the variant's own rule
    /// (written `#`, as lichess and python-chess write it).
    fn gives_check(after: &Position) -> bool {
        Self::peer(after).is_some_and(|p| {
            p.is_check()
                || matches!(
                    p.variant_outcome(),
                    sm::Outcome::Known(sm::KnownOutcome::Decisive { .. })
                )
        })
    }

    fn special_end(pos: &Position) -> Option<Outcome> {
        let p = Self::peer(pos)?;
        let winner = match p.variant_outcome() {
            sm::Outcome::Known(sm::KnownOutcome::Decisive { winner }) => Some(match winner {
                sm::Color::White => Color::White,
                sm::Color::Black => Color::Black,
            }),
            sm::Outcome::Known(sm::KnownOutcome::Draw) => None,
            sm::Outcome::Unknown => return None,
        };
        Some(Outcome::Variant {
            winner,
            ruling: V::RULING,
            how: V::how(&p),
        })
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        bridge::peer::<V>(pos).map(|_| ()).map_err(|why| {
            let why = why.strip_prefix("illegal position: ").unwrap_or(&why);
            let why = why.replace("variant rule violated", &format!("it needs {}", V::SETUP));
            Unfit::new(Field::Board, V::RULING, why)
        })
    }
}
