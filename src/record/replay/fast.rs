//! Matching move tokens against the bitboard accelerator.
//!
//! [`FastChess`] answers in squares, roles and moves; this module decides
//! which tokens it may play: a token is played on bitboards only when the
//! reference engine would play the same move without a word, i.e. exactly
//! one legal move matches, the spelling is canonical (no lenient form, no
//! needless disambiguation) and the capture and check marks are right. Any
//! other token is declined and the line goes back to the reference
//! [`Position`](crate::Position), which produces every diagnostic.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast::play_clean;
//! use fvnote::rules::fast_chess::FastChess;
//! use fvnote::{Position, Variant};
//! let start = Position::start(Variant::Chess);
//! let mut fast = FastChess::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("e4").unwrap()));
//! // Lenient notation is left to the reference engine, which warns about it.
//! assert!(!play_clean(&mut fast, &San::parse("e7e5").unwrap()));
//! let mut reference = start.clone();
//! San::parse("e4").unwrap().play(&mut reference).unwrap();
//! assert_eq!(fast.to_position(), reference);
//! ```

use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::Role;
use crate::rules::fast_chess::{CheckMark, FastChess, FastMove};

/// Plays `san` if the reference engine would play the same move with no
/// warning; otherwise returns false and changes nothing.
pub fn play_clean(fast: &mut FastChess, san: &ParsedSan) -> bool {
    let mut next = fast.clone();
    let played = successor(fast, san, &mut next);
    if played {
        *fast = next;
    }
    played
}

/// [`play_clean`] into `next`, which holds the position after the move when
/// it returns true (and anything otherwise): no copy of the board beyond the
/// one the move is played on.
#[inline]
pub fn successor(fast: &FastChess, san: &ParsedSan, next: &mut FastChess) -> bool {
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
fn clean_move(fast: &FastChess, san: &San) -> Option<FastMove> {
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
            // The one legal move the token names, and its legal rivals
            // (same kind, same square) that the token rules out.
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
