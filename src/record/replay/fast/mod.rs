//! Matching move tokens on an accelerator: one matcher for every variant,
//! over the [`Accelerator`] trait.
//!
//! A token is played on the accelerator only when the reference engine
//! would play the same move without a word: exactly one legal move
//! matches, the spelling is canonical (no lenient form, no needless
//! disambiguation) and the capture and check marks are right. A slide of
//! an uncontrolled rank is played with the opponent's permission (FL6),
//! which the caller notes, as the reference does. Any other token is
//! declined and the line goes back to the reference
//! [`Position`](crate::Position), which produces every diagnostic.
//!
//! ```
//! use fvnote::notation::san::San;
//! use fvnote::record::replay::fast::play_clean;
//! use fvnote::rules::fast::chess::FastChess;
//! use fvnote::rules::fast::Accelerator;
//! use fvnote::Position;
//! use fvnote::variant::Variant;
//! let start = Position::start(Variant::Chess);
//! let mut fast = FastChess::from_position(&start).unwrap();
//! assert!(play_clean(&mut fast, &San::parse("e4").unwrap()));
//! // Lenient notation is left to the reference engine, which warns about it.
//! assert!(!play_clean(&mut fast, &San::parse("e7e5").unwrap()));
//! let mut reference = start.clone();
//! San::parse("e4").unwrap().play(&mut reference).unwrap();
//! assert_eq!(fast.to_position(), reference);
//! ```

mod written;

pub use written::{clean_san, clean_san_into, clean_verdict, push_square};

use crate::moves::Move;
use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::Role;
use crate::rules::fast::{Accelerator, CheckMark, Onto, SquareSet};
use crate::square::Square;

/// A token played clean: the origin of a piece move (None for any other
/// kind), the mark it deserved (the one written), and whether it was a
/// slide played with the opponent's permission (FL6), which the reference
/// notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clean {
    /// The origin of a piece move.
    pub from: Option<Square>,
    /// The check mark, as written.
    pub mark: CheckMark,
    /// A slide of an uncontrolled rank (FL6).
    pub permission: bool,
}

/// Plays `san` if the reference engine would play the same move with no
/// word (not even a note); otherwise returns false and changes nothing.
pub fn play_clean<A: Accelerator>(fast: &mut A, san: &ParsedSan) -> bool {
    let mut next = fast.clone();
    let played = successor(fast, san, &mut next);
    if played {
        *fast = next;
    }
    played
}

/// [`play_clean`] into `next`, which may hold any earlier position and
/// holds the position after the move when it returns true (anything
/// otherwise): no copy of the board beyond the one the move is played on.
#[inline]
pub fn successor<A: Accelerator>(fast: &A, san: &ParsedSan, next: &mut A) -> bool {
    clean_play(fast, san, next).is_some_and(|c| !c.permission)
}

/// [`successor`], a slide with permission included (its note is the
/// caller's to file), saying what was played.
#[inline]
pub fn clean_play<A: Accelerator>(fast: &A, san: &ParsedSan, next: &mut A) -> Option<Clean> {
    if !san.lenient.is_empty() {
        return None;
    }
    let (mv, from) = clean_move(fast, &san.san)?;
    let mark = fast.play_into(mv, next)?;
    same_mark(mark, san.suffix).then(|| Clean {
        from,
        mark,
        permission: fast.needs_permission(mv),
    })
}

/// Whether the mark `written` is the one the move deserves.
#[inline]
fn same_mark(mark: CheckMark, written: Option<Suffix>) -> bool {
    let deserved = match mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Mate),
    };
    deserved == written
}

/// The one move a canonical token names, if the accelerator takes it:
/// for a piece move, exactly one legal move, the right capture mark and no
/// needless disambiguation, with its origin.
#[inline]
fn clean_move<A: Accelerator>(fast: &A, san: &San) -> Option<(A::Move, Option<Square>)> {
    let special = |mv: Move| fast.special(&mv).map(|m| (m, None));
    match *san {
        San::Normal {
            role: Some(role),
            file,
            rank,
            capture,
            to,
            promotion,
        } => clean_piece_move(fast, role, (file, rank), capture, to, promotion),
        // A pass is the reference's (`ParsedSan::play`).
        San::Normal { role: None, .. } | San::Null => None,
        San::Castle(side) => fast.castle(side).map(|mv| (mv, None)),
        San::Drop { role, to } => special(Move::Drop { role, to }),
        San::Slide { rank, dir } => special(Move::Slide { rank, dir }),
        San::Quake { dir } => special(Move::Quake { dir }),
        San::CageMove { to } => special(Move::CageMove { to }),
        San::CageInsert { to, ref promotions } => {
            // SC3: canonical SAN names the squares the push promotes on,
            // ascending.
            let (end, promoted) = fast.insertion_end()?;
            let named = promotions.iter().map(|&(sq, _)| sq);
            if end != to || promotions.len() > 2 || !promoted.iter().eq(named) {
                return None;
            }
            let mut roles = [None; 2];
            for (slot, &(_, role)) in roles.iter_mut().zip(promotions) {
                *slot = Some(role);
            }
            special(Move::CageInsert {
                to,
                promotions: roles,
            })
        }
    }
}

/// The piece move a canonical token names (`Nbd2`, `exd5`, `e8=Q`).
#[inline]
fn clean_piece_move<A: Accelerator>(
    fast: &A,
    role: Role,
    (file, rank): (Option<u8>, Option<u8>),
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Option<(A::Move, Option<Square>)> {
    let pawn = role == Role::Pawn;
    // A pawn names its file exactly when it captures (`exd5`).
    if pawn && (file.is_some() != capture || rank.is_some()) {
        return None;
    }
    // The one legal move the token names, and its legal rivals (same kind,
    // same square) that the token rules out.
    let legal = fast.legal_origins(Onto {
        role,
        to,
        capture,
        promotion,
    });
    let mut named = legal;
    if let Some(f) = file {
        named = named.on_file(f);
    }
    if let Some(r) = rank {
        named = named.on_rank(r);
    }
    let from = named.single()?;
    if !pawn && (file.is_some() || rank.is_some()) {
        // SAN's rule: the file if it tells the rivals apart, else the rank,
        // else both; anything more draws a warning.
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
    (fast.is_capture(mv) == capture).then_some((mv, Some(from)))
}
