//! What the mailbox accelerators (Fault Line, Slide-chess) share: the
//! variant's own [`Position`] and the rules' own candidate and legality
//! tests, asked only the questions a clean move token needs.
//!
//! A profile of those variants showed the time in the reference path going
//! to what a clean token does not need (its canonical SAN written out, every
//! extra move kind generated for one cage move, a check test for every
//! token, the report of a permitted slide), not to the board. So these
//! accelerators keep the reference board and rules, which makes them exact
//! by construction, and skip that work; the record layer decides which
//! tokens are clean (`record::replay::fast_mailbox`).

use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{CastleSide, Position};
use crate::rules::fast_chess::CheckMark;
use crate::rules::Scope;
use crate::square::Square;

/// The legal piece moves of a `role` of the side to move onto `to`, every
/// promotion choice included; `None` when the scope holds a move of another
/// kind a piece token could also name (en passant), which is left to the
/// reference engine. Castling is not listed: a piece token names it only
/// with the king's full origin, which the record layer declines.
pub fn legal_onto(pos: &Position, role: Role, to: Square) -> Option<MoveList> {
    legal_onto_in(pos, role, to, || pos.is_check())
}

/// [`legal_onto`] for a variant whose legality test may be given
/// `in_check` by the caller (Fault Line's never reads it, FL2).
pub fn legal_onto_in(
    pos: &Position,
    role: Role,
    to: Square,
    in_check: impl FnOnce() -> bool,
) -> Option<MoveList> {
    let cands = pos.candidate_moves_in(Scope::Target {
        role: Some(role),
        to,
    });
    let mut out = MoveList::new();
    let mut in_check = Some(in_check);
    let mut check = false;
    for m in &cands {
        match m {
            Move::Normal { .. } => {
                if let Some(f) = in_check.take() {
                    check = f();
                }
                if pos.is_legal_candidate_in(m, check) {
                    out.push(*m);
                }
            }
            Move::Castle { .. } => {}
            _ => return None,
        }
    }
    Some(out)
}

/// The one legal castling towards `side`, if there is exactly one.
pub fn castle(pos: &Position, side: CastleSide) -> Option<Move> {
    let cands = pos.candidate_moves_in(Scope::Role(Role::King));
    let in_check = pos.is_check();
    let mut legal = cands.iter().filter(|m| match **m {
        Move::Castle { king, rook } => {
            (side == CastleSide::King) == (rook > king) && pos.is_legal_candidate_in(m, in_check)
        }
        _ => false,
    });
    match (legal.next(), legal.next()) {
        (Some(mv), None) => Some(*mv),
        _ => None,
    }
}

/// Plays the legal `mv` of `pos` into `next` (copied over, no allocation)
/// and says what it does to the side that moves next.
pub fn play_into(pos: &Position, mv: &Move, next: &mut Position) -> CheckMark {
    next.clone_from(pos);
    next.play_in_place(mv);
    mark_after(next)
}

/// The mark a move into `after` deserves, as the reference writes it: `#`
/// only where the variant uses it (never in Fault Line, FL9).
pub fn mark_after(after: &Position) -> CheckMark {
    if !after.gives_check_mark() {
        CheckMark::None
    } else if after.uses_mate_sign() && !has_legal_move(after) {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

/// `Position::has_legal_move`, trying the king first: after a check its
/// steps are the likeliest replies, and any legal one settles it.
fn has_legal_move(pos: &Position) -> bool {
    let kings = pos.candidate_moves_in(Scope::Role(Role::King));
    let in_check = pos.is_check();
    kings.iter().any(|m| pos.is_legal_candidate_in(m, in_check)) || pos.has_legal_move()
}

/// Declares a mailbox accelerator `$ty` for `$variant`: a copy of the
/// reference position and the methods every one of them has, so they are
/// written once.
macro_rules! mailbox_accelerator {
    ($ty:ident, $variant:expr, $name:literal) => {
        #[doc = concat!("A ", $name, " position on the accelerator.")]
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $ty {
            pos: Position,
        }

        impl $ty {
            #[doc = concat!("The accelerator's copy of a ", $name, " position; `None` for another\nvariant.")]
            pub fn from_position(pos: &Position) -> Option<$ty> {
                (pos.variant() == $variant).then(|| $ty { pos: pos.clone() })
            }

            /// The reference position, equal to the one the reference engine reaches.
            pub fn to_position(&self) -> Position {
                self.pos.clone()
            }

            /// The position, borrowed.
            pub fn position(&self) -> &Position {
                &self.pos
            }
        }
    };
}
pub(crate) use mailbox_accelerator;
