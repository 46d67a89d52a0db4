//! Which Quake Chess tokens the accelerator ([`FastQuake`]) plays, both
//! armies: a clean piece token (one legal match, canonical origin and
//! capture mark), a legal drop (`N@e4`, QK7) or a legal quake (`K-qn`,
//! QK1), each with the check or mate mark the reference writes. Anything
//! else (castling, which Quake Chess has not, lenient spellings, illegal
//! moves) is declined, and the reference engine reports it.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_quake::play_clean;
//! use fvnote::rules::fast_quake::FastQuake;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::QuakeLb);
//! let mut fast = FastQuake::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("e3").unwrap()));
//! // QK7: Black has nothing in hand to drop; the reference engine says so.
//! assert!(!play_clean(&mut fast, &San::parse("P@e4").unwrap()));
//! // QK0: no castling.
//! assert!(!play_clean(&mut fast, &San::parse("O-O").unwrap()));
//! ```

use crate::moves::Move;
use crate::notation::san::{ParsedSan, San};
use crate::piece::Role;
use crate::rules::fast_quake::FastQuake;
use crate::square::Square;

use super::fast::{play_via, same_mark};
use super::fast_mailbox::clean_piece_move;

/// Plays `san` if the reference engine would play the same move with no
/// word; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastQuake, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// [`play_clean`] from `fast` into `next`, which may hold any earlier
/// position (as the replayer's spare slot does): true when played, and
/// `next` holds anything when false.
pub fn play_clean_into(fast: &FastQuake, san: &ParsedSan, next: &mut FastQuake) -> bool {
    successor(fast, san, next)
}

/// Plays `san` from `fast` into `next` if the reference engine would play
/// the same move without a word; `next` holds anything when it returns false.
pub(super) fn successor(fast: &FastQuake, san: &ParsedSan, next: &mut FastQuake) -> bool {
    clean_move(fast, san, next).is_some()
}

/// [`successor`], saying which move it played (for conversion, which
/// describes it): None when the token is not clean.
#[inline]
pub(super) fn clean_move(fast: &FastQuake, san: &ParsedSan, next: &mut FastQuake) -> Option<Move> {
    if !san.lenient.is_empty() {
        return None;
    }
    let mv = match san.san {
        San::Quake { dir } => {
            // Judged and played on one plan of the quake.
            return fast
                .quake_into(dir, next)
                .is_some_and(|mark| same_mark(mark, san.suffix))
                .then_some(Move::Quake { dir });
        }
        San::Drop { role, to } => fast.drop_move(role, to),
        San::Normal {
            role: Some(role),
            file: Some(file),
            rank: Some(rank),
            capture,
            to,
            promotion: None,
        } if role != Role::Pawn => {
            full_origin_move(fast, role, Square::new(file, rank), to, capture)
        }
        San::Normal { to, .. } => {
            clean_piece_move(&san.san, |role| Some(fast.legal_moves_onto(role, to)))
        }
        _ => None,
    };
    let mv = mv?;
    same_mark(fast.play_into(&mv, next), san.suffix).then_some(mv)
}

/// A piece move naming its full origin (`Be2f3`): canonical SAN writes it
/// when a rival shares the origin's file and another its rank. With no
/// castling in Quake Chess (QK7) it cannot be a king's castling, which
/// the shared matcher leaves to the reference for that reason.
fn full_origin_move(
    fast: &FastQuake,
    role: Role,
    from: Option<Square>,
    to: Square,
    capture: bool,
) -> Option<Move> {
    let from = from?;
    let legal = fast.legal_moves_onto(role, to);
    let origin = |m: &Move| match *m {
        Move::Normal { from, .. } => Some(from),
        _ => None,
    };
    let mv = *legal.iter().find(|m| origin(m) == Some(from))?;
    let mut rivals = legal.iter().filter_map(origin).filter(|&f| f != from);
    let same_file = rivals.clone().any(|f| f.file() == from.file());
    let same_rank = rivals.any(|f| f.rank() == from.rank());
    (same_file && same_rank && mv.is_capture() == capture).then_some(mv)
}
