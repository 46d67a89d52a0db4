//! The Quake Chess accelerator, both armies (QK0–QK7): the reference
//! position and rules, asked only what a clean token needs (see
//! [`fast_mailbox`]).
//!
//! What it saves over SAN resolution on the reference engine: a drop
//! (`N@e4`, QK7) or a quake (`K-qn`, QK1) is judged alone instead of among
//! every candidate drop and quake; a quake is planned on bit rows once, for
//! its judgement and its move together (the reference plans it again to
//! play it); no piece move asks whether the mover is in check, which only a
//! quake's legality reads (QK4); and no canonical SAN is written.
//!
//! ```
//! use fvnote::moves::{Dir, Move};
//! use fvnote::piece::Role;
//! use fvnote::rules::fast_quake::FastQuake;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::Quake);
//! let fast = FastQuake::from_position(&start).unwrap();
//! let mut next = fast.clone();
//! // QK1: the same judgement of `K-qn` as the reference engine's.
//! let legal = start.legal_moves().contains(&Move::Quake { dir: Dir::North });
//! assert_eq!(fast.quake_into(Dir::North, &mut next).is_some(), legal);
//! // QK7: nothing in hand yet.
//! assert!(fast.drop_move(Role::Knight, "e3".parse().unwrap()).is_none());
//! ```
//!
//! [`fast_mailbox`]: crate::rules::fast_mailbox

use crate::moves::{Dir, Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::fast_chess::CheckMark;
use crate::rules::{fast_mailbox, quake, Outcome, Variant};
use crate::square::Square;

/// A Quake Chess position (either army) on the accelerator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastQuake {
    pos: Position,
    /// Whether the side to move is in check: known from the mark of the
    /// move that led here, and asked by the next quake (QK4).
    in_check: bool,
}

impl FastQuake {
    /// The accelerator's copy of a Quake Chess position (DF or LB); `None`
    /// for another variant.
    pub fn from_position(pos: &Position) -> Option<FastQuake> {
        matches!(pos.variant(), Variant::Quake | Variant::QuakeLb).then(|| FastQuake {
            pos: pos.clone(),
            in_check: pos.is_check(),
        })
    }

    /// The reference position, equal to the one the reference engine reaches.
    pub fn to_position(&self) -> Position {
        self.pos.clone()
    }

    /// The position, borrowed.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// How the game stands (mate or stalemate), as `Position::outcome`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    /// The legal piece moves of a `role` onto `to` (see
    /// [`fast_mailbox::legal_onto`]).
    pub fn legal_onto(&self, role: Role, to: Square) -> Option<MoveList> {
        // QK4: only a quake's legality reads whether the mover is in check;
        // a piece move is judged on the board after it (G6).
        fast_mailbox::legal_onto_in(&self.pos, role, to, || false)
    }

    /// The drop of `role` on `to` when it is legal (QK7: a piece in hand,
    /// an empty cell, a pawn's limits, the mover's king not attacked after
    /// it); `None` otherwise.
    pub fn drop_move(&self, role: Role, to: Square) -> Option<Move> {
        let mv = Move::Drop { role, to };
        // A candidate of `Quake::candidates` is a drop of a role in hand on
        // an empty cell, which `Quake::check` tests again, and never of a
        // king (no hand should hold one; the candidates say so whatever
        // the hand). A drop's legality does not read whether the mover is
        // in check.
        (role != Role::King && self.pos.is_legal_candidate_in(&mv, false)).then_some(mv)
    }

    /// Plays the mover's quake in `dir` into `next` when it is legal
    /// (QK1–QK6) and says whether it checks or mates; `None` (and `next`
    /// holds anything) when it is not legal.
    pub fn quake_into(&self, dir: Dir, next: &mut FastQuake) -> Option<CheckMark> {
        if !quake::play_quake_into(&self.pos, dir, self.in_check, &mut next.pos) {
            return None;
        }
        Some(next.marked())
    }

    /// Plays the legal `mv` into `next` and says whether it checks or mates.
    pub fn play_into(&self, mv: &Move, next: &mut FastQuake) -> CheckMark {
        next.pos.clone_from(&self.pos);
        next.pos.play_in_place(mv);
        next.marked()
    }

    /// The mark the move into this position deserves; keeps whether the
    /// side to move is in check, which is what a mark says in Quake Chess
    /// (its `gives_check` is `in_check`).
    fn marked(&mut self) -> CheckMark {
        let mark = fast_mailbox::mark_after(&self.pos);
        self.in_check = mark != CheckMark::None;
        mark
    }
}
