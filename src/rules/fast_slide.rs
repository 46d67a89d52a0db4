//! The Slide-chess accelerator (SC0–SC4): the reference position and
//! rules, asked only what a clean token needs (see [`fast_mailbox`]).
//!
//! The board is not a plain 8×8: a 9×8 frame whose ring squares are holes
//! but for the two cages, which carry what they hold round the board (SC0,
//! SC1) and push a line of the board across it (SC2). The reference
//! [`Position`] already holds exactly that (cells, holes, cages, the
//! relocation flags), so the accelerator keeps it rather than mirror it on
//! bitboards that could drift from it. What it saves: a relocation token
//! (`C-a5`) is judged alone instead of among every candidate cage move, on
//! the one copy it is played on.
//!
//! ```
//! use fvnote::rules::fast_slide::FastSlide;
//! use fvnote::{Position, Square, Variant};
//! let start = Position::start(Variant::Slide);
//! let fast = FastSlide::from_position(&start).unwrap();
//! let mut next = fast.clone();
//! assert!(fast.relocate_into("a5".parse().unwrap(), &mut next));
//! assert_eq!(next.position().cage(fvnote::Color::White), Square::new(0, 4));
//! ```
//!
//! [`fast_mailbox`]: crate::rules::fast_mailbox

use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::fast_chess::CheckMark;
use crate::rules::{fast_mailbox, slide, Outcome, Variant};
use crate::square::Square;

fast_mailbox::mailbox_accelerator!(FastSlide, Variant::Slide, "Slide-chess");

impl FastSlide {
    /// How the game stands (mate or stalemate), as `Position::outcome`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    /// The legal piece moves of a `role` onto `to` (see
    /// [`fast_mailbox::legal_onto`]).
    pub fn legal_onto(&self, role: Role, to: Square) -> Option<MoveList> {
        fast_mailbox::legal_onto(&self.pos, role, to)
    }

    /// Relocates the mover's cage to `to` into `next` when that is legal
    /// (SC1) and returns whether it was; `next` holds anything otherwise.
    /// Legal exactly when `Slide::check` says so: a candidate, not a second
    /// relocation in a row, the mover's king not attacked after it, and no
    /// check given. So a legal relocation never deserves a mark.
    pub fn relocate_into(&self, to: Square, next: &mut FastSlide) -> bool {
        let pos = &self.pos;
        let us = pos.turn();
        if !slide::is_relocation_candidate(pos, to) || pos.relocated_last(us) {
            return false;
        }
        let after = &mut next.pos;
        after.clone_from(pos);
        after.play_in_place(&Move::CageMove { to });
        let exposed = after
            .king(us)
            .is_some_and(|k| after.is_attacked(k, us.other()));
        !exposed && !after.is_check()
    }

    /// The insertion ending on `to` with these promotion choices (SC2,
    /// SC3), played into `next` when it is legal: `to` is where the mover's
    /// cage ends and one choice is given for each pawn the push promotes,
    /// and it is judged as `Slide::check` judges it (SC2 and SC4 first,
    /// then the mover's king after the push) on the one copy it is played
    /// on. The move and its mark, or `None` (and `next` holds anything).
    pub fn insert_into(
        &self,
        to: Square,
        choices: &[Role],
        next: &mut FastSlide,
    ) -> Option<(Move, CheckMark)> {
        let pos = &self.pos;
        let mv = self.insertion_candidate(to, choices)?;
        slide::insertion_allowed(pos).ok()?;
        let us = pos.turn();
        let after = &mut next.pos;
        after.clone_from(pos);
        after.play_in_place(&mv);
        if after
            .king(us)
            .is_some_and(|k| after.is_attacked(k, us.other()))
        {
            return None;
        }
        Some((mv, fast_mailbox::mark_after(after)))
    }

    /// The insertion the token names, if it is one of the candidates.
    fn insertion_candidate(&self, to: Square, choices: &[Role]) -> Option<Move> {
        let (end, k) = slide::insertion_shape(&self.pos)?;
        if end != to || choices.len() != k || k > 2 {
            return None;
        }
        if !choices.iter().all(|r| Role::PROMOTIONS.contains(r)) {
            return None;
        }
        let mut promotions = [None, None];
        for (slot, &role) in promotions.iter_mut().zip(choices) {
            *slot = Some(role);
        }
        Some(Move::CageInsert { to, promotions })
    }

    /// The squares an insertion promotes on, in the order SAN names them.
    pub fn promotion_squares(&self, mv: &Move) -> Vec<Square> {
        crate::rules::promotion_squares(&self.pos, mv)
    }

    /// Plays the legal `mv` into `next` and says whether it checks or mates.
    pub fn play_into(&self, mv: &Move, next: &mut FastSlide) -> CheckMark {
        fast_mailbox::play_into(&self.pos, mv, &mut next.pos)
    }
}
