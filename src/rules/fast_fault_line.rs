//! The Fault Line accelerator (FL0–FL10): the reference position and
//! rules, asked only what a clean token needs (see [`fast_mailbox`]).
//!
//! A rank slide (`S3e`, FL4) is played here only when the mover controls
//! the rank (FL5): a slide of an uncontrolled rank is reported as played
//! with permission (FL6) and may be refused by `[%deny]` (FL10), both
//! matters of the record that the reference path reports.
//!
//! ```
//! use fvnote::moves::Dir;
//! use fvnote::rules::fast_fault_line::FastFaultLine;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::FaultLine);
//! let fast = FastFaultLine::from_position(&start).unwrap();
//! // White controls rank 1 (FL5): its slide is quiet.
//! assert!(fast.quiet_slide(0, Dir::East).is_some());
//! // Rank 3 is empty, so uncontrolled (FL6); rank 6 is Black's.
//! assert!(fast.quiet_slide(2, Dir::East).is_none());
//! assert!(fast.quiet_slide(5, Dir::West).is_none());
//! assert_eq!(fast.to_position(), start);
//! ```
//!
//! [`fast_mailbox`]: crate::rules::fast_mailbox

use crate::moves::{Dir, Move, MoveList};
use crate::piece::Role;
use crate::position::{CastleSide, Position};
use crate::rules::fast_chess::CheckMark;
use crate::rules::{fast_mailbox, fault_line, Outcome, Variant};
use crate::square::Square;

fast_mailbox::mailbox_accelerator!(FastFaultLine, Variant::FaultLine, "Fault Line");

impl FastFaultLine {
    /// How the game stands (FL1, FL2), as `Position::outcome`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    /// The legal piece moves of a `role` onto `to` (see
    /// [`fast_mailbox::legal_onto`]). FL2: no king-safety test, so
    /// legality is movement, castling's conditions and the game's end.
    pub fn legal_onto(&self, role: Role, to: Square) -> Option<MoveList> {
        // FL2: Fault Line's legality never reads whether the mover is in check.
        fast_mailbox::legal_onto_in(&self.pos, role, to, || false)
    }

    /// The one legal castling towards `side` (FL8), if any.
    pub fn castle(&self, side: CastleSide) -> Option<Move> {
        fast_mailbox::castle(&self.pos, side)
    }

    /// The slide of the 0-based `rank` towards `dir` when it is legal (FL4,
    /// FL5) and the mover controls the rank, so it needs no permission
    /// (FL6) and no refusal can apply (FL10); `None` otherwise.
    pub fn quiet_slide(&self, rank: u8, dir: Dir) -> Option<Move> {
        let pos = &self.pos;
        if rank >= pos.frame().1 || fault_line::control(pos, rank) != Some(pos.turn()) {
            return None;
        }
        let mv = Move::Slide { rank, dir };
        // FL2: Fault Line's legality never reads whether the mover is in check.
        pos.is_legal_candidate_in(&mv, false).then_some(mv)
    }

    /// Plays the legal `mv` into `next` and says whether it checks (FL9).
    pub fn play_into(&self, mv: &Move, next: &mut FastFaultLine) -> CheckMark {
        fast_mailbox::play_into(&self.pos, mv, &mut next.pos)
    }
}
