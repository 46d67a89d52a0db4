//! Matching move tokens against the Grid and Rank and File accelerator.
//!
//! The rule is `record::replay::fast`'s for chess: a token is played on
//! bitboards ([`FastMasked`]) only when the reference engine would play the
//! same move without a word — exactly one legal move matches, the spelling
//! is canonical (no lenient form, no needless disambiguation) and the
//! capture and check marks are right. Any other token is declined and the
//! line goes back to the reference [`Position`](crate::Position), which
//! produces every diagnostic.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast_masked::play_clean;
//! use fvnote::rules::fast_masked::FastMasked;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::Grid);
//! let mut fast = FastMasked::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("e4").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("e5").unwrap()));
//! // GR2: Ke1-e2 stays in its section; the reference engine says why.
//! assert!(!play_clean(&mut fast, &San::parse("Ke2").unwrap()));
//! assert!(play_clean(&mut fast, &San::parse("Nf3").unwrap()));
//! ```

use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::Role;
use crate::rules::fast_chess::CheckMark;
use crate::rules::fast_masked::{FastMasked, MaskedMove};

/// Plays `san` if the reference engine would play the same move with no
/// warning; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastMasked, san: &ParsedSan) -> bool {
    let mut next = fast.clone();
    let played = successor(fast, san, &mut next);
    if played {
        *fast = next;
    }
    played
}

/// [`play_clean`] into `next`, which holds the position after the move when
/// it returns true (and anything otherwise).
#[inline]
pub fn successor(fast: &FastMasked, san: &ParsedSan, next: &mut FastMasked) -> bool {
    if !san.lenient.is_empty() {
        return false;
    }
    let Some(mv) = clean_move(fast, &san.san) else {
        return false;
    };
    let mark = match fast.play_into(mv, next) {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Mate),
    };
    mark == san.suffix
}

/// The one legal move a canonical token names, if it names exactly one
/// and carries the right capture mark and no needless disambiguation.
fn clean_move(fast: &FastMasked, san: &San) -> Option<MaskedMove> {
    match *san {
        San::Normal {
            role: Some(role),
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
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
                // SAN's rule: the file if it tells the rivals apart, else
                // the rank, else both; anything more draws a warning.
                let rivals = legal.minus(named);
                let other_file = rivals.iter().all(|r| r.file() != from.file());
                let other_rank = rivals.iter().all(|r| r.rank() != from.rank());
                let (need_file, need_rank) = if rivals.is_empty() {
                    (false, false)
                } else if other_file {
                    (true, false)
                } else if other_rank {
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
        San::Castle(side) => fast.castle(side),
        _ => None,
    }
}
