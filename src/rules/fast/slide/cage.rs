//! The mover's cage moved (SC1) or pushed across the board (SC2, SC3), on
//! the accelerator's boards.

use super::squares::bits;
use super::tables::{self, LAST, PUSHES, RING};
use super::{bit, shift, FastSlide, KING_I, PAWN};

impl FastSlide {
    /// Relocates the mover's cage to `to` into `next` when that is legal
    /// (SC1) and returns whether it was; `next` holds anything otherwise.
    /// A legal relocation gives no check, so it never deserves a mark.
    pub(super) fn relocation(&self, to: u8, next: &mut FastSlide) -> bool {
        let us = self.turn;
        // SC1: an empty ring square (a hole), not right after a relocation.
        if self.relocated[us.index()] || RING & !self.cells & bit(to) == 0 {
            return false;
        }
        let (cb, tb) = (bit(self.cages[us.index()]), bit(to));
        let empty = self.occupied() & cb == 0;
        // Kings stand on board squares (SC4), and every line from a board
        // square ends at its first ring square: moving an empty cage only
        // turns line ends into holes and back, so no attack on a king
        // changes. Legal exactly when the mover is not in check.
        if empty && self.check {
            return false;
        }
        *next = *self;
        if !empty {
            for b in next.roles.iter_mut().chain(next.colors.iter_mut()) {
                if *b & cb != 0 {
                    *b = (*b & !cb) | tb;
                }
            }
        }
        next.cells = (next.cells & !cb) | tb;
        next.cages[us.index()] = to;
        next.relocated[us.index()] = true;
        next.finish_turn(false);
        // SC1: a relocation may not give check.
        next.check = false;
        empty || (!next.king_attacked(us) && !next.king_attacked(next.turn))
    }

    /// The push of the mover's cage (SC2), if it stands where it can push,
    /// the far end holds no cage and no king rides into the cage (SC4).
    #[inline]
    pub(super) fn push(&self) -> Option<tables::Push> {
        let push = PUSHES[usize::from(self.cages[self.turn.index()] & 127)];
        let last = shift(bit(push.end), -push.step);
        let allowed =
            push.step != 0 && self.cells & bit(push.end) == 0 && self.roles[KING_I] & last == 0;
        allowed.then_some(push)
    }

    /// Plays the push into `next` with these promotion choices (indices
    /// into [`ROLES`], for the promoted squares in ascending order) and
    /// returns the squares promoted, or `None` when the number of choices
    /// is not the number of promotions. King safety is the caller's.
    pub(super) fn insertion(
        &self,
        push: tables::Push,
        choices: &[usize],
        next: &mut FastSlide,
    ) -> Option<u128> {
        let us = self.turn.index();
        *next = *self;
        let seg = push.segment;
        let moved_pawn = self.roles[PAWN] & seg != 0;
        for b in next.roles.iter_mut().chain(next.colors.iter_mut()) {
            *b = (*b & !seg) | shift(*b & seg, push.step);
        }
        next.cells = (next.cells & !bit(self.cages[us])) | bit(push.end);
        next.cages[us] = push.end;
        // SC3: whoever's pawn it is, on a board square of its last rank.
        let promoted = next.roles[PAWN] & (next.colors[0] & LAST[0] | next.colors[1] & LAST[1]);
        if promoted.count_ones() as usize != choices.len() {
            return None;
        }
        for (sq, &choice) in bits(promoted).zip(choices) {
            next.roles[PAWN] &= !bit(sq);
            next.roles[choice] |= bit(sq);
        }
        next.relocated[us] = false;
        next.finish_turn(moved_pawn);
        Some(promoted)
    }
}
