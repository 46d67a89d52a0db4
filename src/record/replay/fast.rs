//! Matching move tokens against the bitboard accelerator.
//!
//! [`FastChess`] (and, for Grid and Rank and File, `FastMasked`) answers in
//! squares, roles and moves through [`CleanBoard`]; this module decides
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

use compact_str::CompactString;

use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::Role;
use crate::position::CastleSide;
use crate::record::replay::san_buf::SanBuf;
use crate::rules::fast_chess::{CheckMark, FastChess, FastMove, SquareSet};
use crate::rules::fast_slide::FrameSquares;
use crate::square::Square;

/// A set of origin squares, as an accelerator answers [`CleanBoard::legal_origins`]:
/// the questions SAN's disambiguation asks of it.
pub trait Origins: Copy {
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The squares on the 0-based `file`.
    fn on_file(self, file: u8) -> Self;
    /// The squares on the 0-based `rank`.
    fn on_rank(self, rank: u8) -> Self;
    /// The squares not in `other`.
    fn minus(self, other: Self) -> Self;
    /// The one square, if there is exactly one.
    fn single(self) -> Option<Square>;
    /// The squares.
    fn iter(self) -> impl Iterator<Item = Square>;
}

/// Both square sets answer by their own methods of the same names.
macro_rules! origins_by_inherent {
    ($ty:ty) => {
        impl Origins for $ty {
            #[inline]
            fn is_empty(self) -> bool {
                <$ty>::is_empty(self)
            }
            #[inline]
            fn on_file(self, file: u8) -> Self {
                <$ty>::on_file(self, file)
            }
            #[inline]
            fn on_rank(self, rank: u8) -> Self {
                <$ty>::on_rank(self, rank)
            }
            #[inline]
            fn minus(self, other: Self) -> Self {
                <$ty>::minus(self, other)
            }
            #[inline]
            fn single(self) -> Option<Square> {
                <$ty>::single(self)
            }
            #[inline]
            fn iter(self) -> impl Iterator<Item = Square> {
                <$ty>::iter(self)
            }
        }
    };
}
origins_by_inherent!(SquareSet);
origins_by_inherent!(FrameSquares);

/// A bitboard accelerator clean tokens can be matched on: the questions
/// [`successor`] asks, answered by [`FastChess`], by the Fault Line and
/// Slide-chess accelerators, and by
/// [`FastMasked`](crate::rules::fast_masked::FastMasked).
pub trait CleanBoard: Clone {
    /// A move on this board.
    type Move: Copy;
    /// A set of its squares.
    type Origins: Origins;
    /// The legal origins of `role` moves onto `to` (see
    /// [`FastChess::legal_origins`]).
    fn legal_origins(
        &self,
        role: Role,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    ) -> Self::Origins;
    /// The move from `from` to `to`, if both squares are on this board.
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Self::Move>;
    /// Whether `mv` captures.
    fn is_capture(&self, mv: Self::Move) -> bool;
    /// The castling move towards `side`, if it is legal.
    fn castle(&self, side: CastleSide) -> Option<Self::Move>;
    /// Plays the legal move `mv` into `next`; whether it checks or mates.
    fn play_into(&self, mv: Self::Move, next: &mut Self) -> CheckMark;
}

impl CleanBoard for FastChess {
    type Move = FastMove;
    type Origins = SquareSet;
    #[inline]
    fn legal_origins(
        &self,
        role: Role,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    ) -> SquareSet {
        FastChess::legal_origins(self, role, to, capture, promotion)
    }
    #[inline]
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<FastMove> {
        FastChess::piece_move(self, from, to, promotion)
    }
    #[inline]
    fn is_capture(&self, mv: FastMove) -> bool {
        FastChess::is_capture(self, mv)
    }
    #[inline]
    fn castle(&self, side: CastleSide) -> Option<FastMove> {
        FastChess::castle(self, side)
    }
    #[inline]
    fn play_into(&self, mv: FastMove, next: &mut FastChess) -> CheckMark {
        FastChess::play_into(self, mv, next)
    }
}

/// Plays `san` if the reference engine would play the same move with no
/// warning; otherwise returns false and changes nothing.
pub fn play_clean<B: CleanBoard>(fast: &mut B, san: &ParsedSan) -> bool {
    play_via(fast, san, successor)
}

/// Plays `san` on `fast` through `successor` (an accelerator's), keeping
/// `fast` unchanged when it declines.
pub(super) fn play_via<B: Clone>(
    fast: &mut B,
    san: &ParsedSan,
    successor: impl FnOnce(&B, &ParsedSan, &mut B) -> bool,
) -> bool {
    let mut next = fast.clone();
    let played = successor(fast, san, &mut next);
    if played {
        *fast = next;
    }
    played
}

/// Whether the mark `written` is the one the move deserves.
#[inline]
pub(super) fn same_mark(mark: CheckMark, written: Option<Suffix>) -> bool {
    let deserved = match mark {
        CheckMark::None => None,
        CheckMark::Check => Some(Suffix::Check),
        CheckMark::Mate => Some(Suffix::Mate),
    };
    deserved == written
}

/// [`play_clean`] into `next`, which holds the position after the move when
/// it returns true (and anything otherwise): no copy of the board beyond the
/// one the move is played on.
#[inline]
pub fn successor<B: CleanBoard>(fast: &B, san: &ParsedSan, next: &mut B) -> bool {
    clean_play(fast, san, next).is_some()
}

/// [`successor`], saying what was played (conversion describes each move):
/// the origin of a piece move (None for castling) and the move's mark,
/// which is the one written.
#[inline]
pub fn clean_play<B: CleanBoard>(
    fast: &B,
    san: &ParsedSan,
    next: &mut B,
) -> Option<(Option<Square>, CheckMark)> {
    if !san.lenient.is_empty() {
        return None;
    }
    let (mv, from) = clean_move(fast, &san.san)?;
    let mark = fast.play_into(mv, next);
    same_mark(mark, san.suffix).then_some((from, mark))
}

/// The one legal move a canonical token names, if it names exactly one
/// and carries the right capture mark and no needless disambiguation; and
/// its origin (a piece move's).
fn clean_move<B: CleanBoard>(fast: &B, san: &San) -> Option<(B::Move, Option<Square>)> {
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
                let other_file = rivals.on_file(from.file()).is_empty();
                let other_rank = rivals.on_rank(from.rank()).is_empty();
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
            (fast.is_capture(mv) == capture).then_some((mv, Some(from)))
        }
        San::Castle(side) => fast.castle(side).map(|mv| (mv, None)),
        _ => None,
    }
}

/// The canonical SAN of a clean token (one [`successor`] played): its own
/// move and mark written back as `San`'s `Display` writes them.
pub fn clean_san(parsed: &ParsedSan) -> CompactString {
    clean_verdict(parsed, b"", None, false)
}

/// [`clean_san`] of a token played clean, `token` itself (`text` when the
/// caller has it as a `str`) when [`San::parse_bytes_plain`] found it
/// plain, which it then is byte for byte; else written on the stack and
/// made a string once.
pub fn clean_verdict(
    parsed: &ParsedSan,
    token: &[u8],
    text: Option<&str>,
    plain: bool,
) -> CompactString {
    if plain {
        match text {
            Some(text) => return CompactString::new(text),
            None => {
                if let Ok(text) = std::str::from_utf8(token) {
                    return CompactString::new(text);
                }
            }
        }
    }
    let mut buf = SanBuf::new();
    clean_san_into(&parsed.san, parsed.suffix, &mut buf);
    match buf.bytes().map(std::str::from_utf8) {
        Some(Ok(written)) => CompactString::new(written),
        // Too long for the buffer (or, never, not UTF-8): the slow way.
        _ => {
            let mut out = CompactString::default();
            clean_san_into(&parsed.san, parsed.suffix, &mut out);
            out
        }
    }
}

/// [`clean_san`] appended to `out`, for `san` and `suffix`: what `San`'s
/// `Display` writes, without the formatting machinery (once per ply).
pub fn clean_san_into<W: std::fmt::Write>(san: &San, suffix: Option<Suffix>, out: &mut W) {
    // Writing to a string cannot fail.
    let _ = match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let _ = match role {
                Some(Role::Pawn) if rank.is_some() => out.write_char('P'),
                Some(Role::Pawn) | None => Ok(()),
                Some(r) => out.write_str(r.code()),
            };
            if let Some(f) = file {
                push_file(f, out);
            }
            if let Some(r) = rank {
                push_rank(r, out);
            }
            if capture {
                let _ = out.write_char('x');
            }
            push_square(to, out);
            match promotion {
                Some(p) => out.write_char('=').and_then(|()| out.write_str(p.code())),
                None => Ok(()),
            }
        }
        San::Castle(CastleSide::King) => out.write_str("O-O"),
        San::Castle(CastleSide::Queen) => out.write_str("O-O-O"),
        San::Drop { role, to } => {
            let _ = out
                .write_str(role.code())
                .and_then(|()| out.write_char('@'));
            push_square(to, out);
            Ok(())
        }
        San::Slide { rank, dir } => {
            let _ = out.write_char('S');
            push_rank(rank, out);
            out.write_char(dir.char())
        }
        San::Quake { dir } => out
            .write_str("K-q")
            .and_then(|()| out.write_char(dir.char())),
        San::CageMove { to } => {
            let _ = out.write_str("C-");
            push_square(to, out);
            Ok(())
        }
        San::CageInsert { to, ref promotions } => {
            let _ = out.write_str("C>");
            push_square(to, out);
            for &(sq, role) in promotions {
                let _ = out.write_char('/');
                push_square(sq, out);
                let _ = out
                    .write_char('=')
                    .and_then(|()| out.write_str(role.code()));
            }
            Ok(())
        }
    };
    if let Some(s) = suffix {
        let _ = out.write_char(s.char());
    }
}

fn push_file<W: std::fmt::Write>(file: u8, out: &mut W) {
    let _ = out.write_char(char::from(b'a'.wrapping_add(file)));
}

fn push_rank<W: std::fmt::Write>(rank: u8, out: &mut W) {
    let _ = match rank {
        0..=8 => out.write_char(char::from(b'1' + rank)),
        _ => write!(out, "{}", u32::from(rank) + 1),
    };
}

/// A square as its `Display` writes it, appended to `out`.
pub fn push_square<W: std::fmt::Write>(s: Square, out: &mut W) {
    push_file(s.file(), out);
    push_rank(s.rank(), out);
}
