//! Which Slide-chess tokens the accelerator ([`FastSlide`]) plays: a clean
//! piece token (one legal match, canonical origin and capture mark), a
//! legal relocation (`C-a5`, SC1) or a legal insertion (`C>e1/e7=Q`, SC2,
//! SC3) naming its promotion squares as canonical SAN does, each with the
//! check or mate mark the reference writes. Anything else is declined, and
//! the reference engine reports it.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_slide::play_clean;
//! use fvnote::rules::fast_slide::FastSlide;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::Slide);
//! let mut fast = FastSlide::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("C-a5").unwrap()));
//! // SC1: not twice in a row; the reference engine says why.
//! assert!(play_clean(&mut fast, &San::parse("e5").unwrap()));
//! assert!(!play_clean(&mut fast, &San::parse("C-a4").unwrap()));
//! ```

use crate::notation::san::{ParsedSan, San};
use crate::piece::Role;
use crate::rules::fast_slide::FastSlide;

use super::fast::{play_via, same_mark};
use super::fast_mailbox::clean_piece_move;

/// Plays `san` if the reference engine would play the same move with no
/// word; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastSlide, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// Plays `san` from `fast` into `next` if the reference engine would play
/// the same move without a word; `next` holds anything when it returns false.
pub(super) fn successor(fast: &FastSlide, san: &ParsedSan, next: &mut FastSlide) -> bool {
    if !san.lenient.is_empty() {
        return false;
    }
    let mv = match &san.san {
        San::CageMove { to } => {
            // SC1: a legal relocation never checks, so it takes no mark.
            return san.suffix.is_none() && fast.relocate_into(*to, next);
        }
        San::CageInsert { to, promotions } => {
            let mut choices = [Role::Queen; 2];
            if promotions.len() > choices.len() {
                return false;
            }
            for (slot, p) in choices.iter_mut().zip(promotions) {
                *slot = p.1;
            }
            let choices = &choices[..promotions.len()];
            let Some((mv, mark)) = fast.insert_into(*to, choices, next) else {
                return false;
            };
            // Canonical SAN names the promoted pawns' squares, in order.
            let named = promotions.iter().map(|p| p.0);
            return named.eq(fast.promotion_squares(&mv)) && same_mark(mark, san.suffix);
        }
        San::Normal { to, .. } => clean_piece_move(&san.san, |role| fast.legal_onto(role, *to)),
        _ => None,
    };
    let Some(mv) = mv else {
        return false;
    };
    same_mark(fast.play_into(&mv, next), san.suffix)
}
