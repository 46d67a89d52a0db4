//! Which Fault Line tokens the accelerator ([`FastFaultLine`]) plays: a
//! clean piece token (one legal match, canonical origin and capture mark),
//! canonical castling, or a slide of a rank the mover controls (FL4, FL5) —
//! never a slide that needs permission (its note, FL6) or that `[%deny]`
//! could refuse (FL10). Every token needs the check mark the reference
//! writes (FL9). Anything else is declined, and the reference engine
//! reports it.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_fault_line::play_clean;
//! use fvnote::rules::fast_fault_line::FastFaultLine;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::FaultLine);
//! let mut fast = FastFaultLine::from_position(&start).unwrap();
//! // A slide of an uncontrolled rank is played with permission (a note):
//! // left to the reference engine, which reports it (FL6).
//! assert!(!play_clean(&mut fast, &San::parse("S3e").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("Nc3").unwrap()));
//! // Black controls rank 6: a quiet slide.
//! assert!(play_clean(&mut fast, &San::parse("S6w").unwrap()));
//! ```

use crate::notation::san::{ParsedSan, San};
use crate::rules::fast_fault_line::FastFaultLine;

use super::fast::{play_via, same_mark};
use super::fast_mailbox::clean_piece_move;

/// Plays `san` if the reference engine would play the same move with no
/// word; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastFaultLine, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// Plays `san` from `fast` into `next` if the reference engine would play
/// the same move without a word; `next` holds anything when it returns false.
pub(super) fn successor(fast: &FastFaultLine, san: &ParsedSan, next: &mut FastFaultLine) -> bool {
    if !san.lenient.is_empty() {
        return false;
    }
    let mv = match san.san {
        San::Normal { to, .. } => clean_piece_move(&san.san, |role| fast.legal_onto(role, to)),
        San::Castle(side) => fast.castle(side),
        San::Slide { rank, dir } => fast.quiet_slide(rank, dir),
        _ => None,
    };
    let Some(mv) = mv else {
        return false;
    };
    same_mark(fast.play_into(&mv, next), san.suffix)
}
