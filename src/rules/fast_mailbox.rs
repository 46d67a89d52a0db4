//! What a mailbox accelerator (today Quake Chess's, [`fast_quake`]) asks
//! of the variant's own [`Position`] and rules: their candidate and
//! legality tests, asked only the questions a clean move token needs.
//!
//! [`fast_quake`]: crate::rules::fast_quake
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
use crate::position::Position;
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
