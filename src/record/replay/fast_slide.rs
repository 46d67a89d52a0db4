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
use crate::rules::fast_slide::{FastSlide, SlideMove};

use super::fast::{play_via, same_mark};

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
    match &san.san {
        // SC1: a legal relocation never checks, so it takes no mark.
        San::CageMove { to } => san.suffix.is_none() && fast.relocate_into(*to, next),
        San::CageInsert { to, promotions } => fast
            .insert_into(*to, promotions, next)
            .is_some_and(|mark| same_mark(mark, san.suffix)),
        San::Normal { .. } => clean_piece_move(fast, &san.san)
            .is_some_and(|mv| same_mark(fast.play_into(mv, next), san.suffix)),
        _ => false,
    }
}

/// The one legal move a canonical piece token names, if it names exactly
/// one and carries the right capture mark and no needless disambiguation
/// (the test `fast` applies to chess, on the 9 × 8 frame).
fn clean_piece_move(fast: &FastSlide, san: &San) -> Option<SlideMove> {
    let San::Normal {
        role: Some(role),
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let pawn = role == Role::Pawn;
    // A pawn names its file exactly when it captures (`exd5`).
    if pawn && (file.is_some() != capture || rank.is_some()) {
        return None;
    }
    let legal = fast.legal_origins(role, to, capture, promotion);
    let mut named = legal;
    if let Some(f) = file {
        named = named.on_file(f);
    }
    if let Some(r) = rank {
        named = named.on_rank(r);
    }
    let from = named.single()?;
    if !pawn && (file.is_some() || rank.is_some()) {
        // SAN's rule: the file if it tells the rivals apart, else the
        // rank, else both; anything more draws a warning.
        let rivals = legal.minus(named);
        let (need_file, need_rank) = if rivals.is_empty() {
            (false, false)
        } else if rivals.on_file(from.file()).is_empty() {
            (true, false)
        } else if rivals.on_rank(from.rank()).is_empty() {
            (false, true)
        } else {
            (true, true)
        };
        if (file.is_some() && !need_file) || (rank.is_some() && !need_rank) {
            return None;
        }
    }
    let mv = fast.piece_move(from, to, promotion)?;
    (fast.is_capture(mv) == capture).then_some(mv)
}
