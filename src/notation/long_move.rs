//! The text forms of a [`Move`] (`notation/moves.md`, "Long form"). `{}`
//! is the UCI-like short form; `{:#}` the long form: every field of the move,
//! so [`FromStr`] reads it back without a position. SAN needs a position to
//! mean a move; these forms are for debugging, tests and tools.
//!
//! ```text
//! Ng1-f3   Bc4xPf7   Pe7xRd8=Q   Pe5xd6ep   Ke1Rh1 (castling: king, rook)
//! N@e4     S3e       K-qn        C-a5       C>e1/Q/-
//! ```
//!
//! ```
//! use fvnote::moves::Move;
//! let mv: Move = "Pe7xRd8=Q".parse().unwrap();
//! assert_eq!(format!("{mv:#}"), "Pe7xRd8=Q");
//! assert_eq!(mv.to_string(), "e7d8q");
//! assert!("e2e4".parse::<Move>().is_err()); // the piece is part of the move
//! ```

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag, take};
use nom::character::complete::{char, satisfy};
use nom::combinator::{cut, eof, map, map_opt, opt, value};
use nom::error::context;
use nom::multi::many_m_n;
use nom::sequence::{pair, preceded, terminated, tuple};
use nom::{Finish, IResult};

use crate::moves::{Dir, Move, PieceMove};
use crate::notation::expected::Expected;
use crate::notation::san::San;
use crate::piece::Role;
use crate::square::Square;

/// Text that is not a move in long form: the text, the byte range where
/// reading stopped, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed long move: expected {expected} at byte {}", span.start)]
pub struct ParseMoveError {
    /// The whole text.
    pub text: String,
    /// The offending bytes (empty at the end).
    pub span: Range<usize>,
    /// What the grammar accepts there.
    pub expected: &'static str,
}

/// `{}` writes the UCI-like short form (`e2e4`, `e7e8q`, `e1g1` for
/// castling, `N@e4`, `S3e`, `K-qn`, `C-a5`, `C>e1/q`): what a player reads,
/// but it needs the position to mean a move. `{:#}` writes the long form,
/// which [`FromStr`] reads back to the same move.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            long(self, f)
        } else {
            short(self, f)
        }
    }
}

fn short(mv: &Move, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match *mv {
        Move::Normal(PieceMove {
            from,
            to,
            promotion,
            ..
        }) => {
            write!(f, "{from}{to}")?;
            if let Some(p) = promotion {
                write!(f, "{}", p.code().to_ascii_lowercase())?;
            }
            Ok(())
        }
        Move::EnPassant { from, to } => write!(f, "{from}{to}"),
        Move::Castle { king, rook } => {
            let step: i16 = if rook > king { 2 } else { -2 };
            write!(f, "{king}{}", king.offset(step))
        }
        Move::CageInsert { to, promotions } => {
            write!(f, "C>{to}")?;
            for p in promotions.iter().flatten() {
                write!(f, "/{}", p.code().to_ascii_lowercase())?;
            }
            Ok(())
        }
        _ => long(mv, f),
    }
}

fn long(mv: &Move, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match *mv {
        Move::Null => f.write_str("--"),
        Move::Normal(m) => {
            write!(f, "{}{}", m.role.code(), m.from)?;
            match m.capture {
                Some(c) => write!(f, "x{}{}", c.code(), m.to)?,
                None => write!(f, "-{}", m.to)?,
            }
            if let Some(p) = m.promotion {
                write!(f, "={}", p.code())?;
            }
            Ok(())
        }
        Move::EnPassant { from, to } => write!(f, "P{from}x{to}ep"),
        Move::Castle { king, rook } => write!(f, "K{king}R{rook}"),
        // Spelled as in SAN: one spelling of the variant moves.
        Move::Drop { role, to } => write!(f, "{}", San::Drop { role, to }),
        Move::Slide { rank, dir } => write!(f, "{}", San::Slide { rank, dir }),
        Move::Quake { dir } => write!(f, "{}", San::Quake { dir }),
        Move::CageMove { to } => write!(f, "{}", San::CageMove { to }),
        Move::CageInsert { to, promotions } => {
            write!(f, "C>{to}")?;
            // Both slots up to the last one used: `-` for an empty one.
            let used = promotions
                .iter()
                .rposition(Option::is_some)
                .map_or(0, |k| k + 1);
            for p in &promotions[..used] {
                match p {
                    Some(r) => write!(f, "/{}", r.code())?,
                    None => f.write_str("/-")?,
                }
            }
            Ok(())
        }
    }
}

type In<'a> = &'a [u8];
type Res<'a, T> = IResult<In<'a>, T, Expected<'a>>;

fn role(i: In<'_>) -> Res<'_, Role> {
    let compound = map_opt(take(2usize), |c: In<'_>| {
        Role::from_code(std::str::from_utf8(c).ok()?).filter(|r| r.is_compound())
    });
    let simple = map_opt(satisfy(|c| c.is_ascii_uppercase()), Role::from_char);
    context("a piece letter", alt((compound, simple)))(i)
}

fn promotion(i: In<'_>) -> Res<'_, Role> {
    context(
        "a promotion piece Q, R, B or N (K in Antichess)",
        map_opt(satisfy(|c| c.is_ascii_uppercase()), |c| {
            Role::from_char(c).filter(|r| r.is_written_promotion())
        }),
    )(i)
}

fn square(i: In<'_>) -> Res<'_, Square> {
    context("a square such as e4", crate::notation::san::square_parser)(i)
}

fn dir(i: In<'_>) -> Res<'_, Dir> {
    context(
        "a direction n, s, e or w",
        map_opt(take(1usize), |d: In<'_>| Dir::from_char(char::from(d[0]))),
    )(i)
}

fn long_move(i: In<'_>) -> Res<'_, Move> {
    let slide_rank = map(satisfy(|c| ('1'..='9').contains(&c)), |c| c as u8 - b'1');
    let cage_slot = preceded(
        char('/'),
        alt((value(None, char('-')), map(promotion, Some))),
    );
    let body = alt((
        map(preceded(tag("K-q"), cut(dir)), |dir| Move::Quake { dir }),
        map(
            preceded(char('S'), cut(pair(slide_rank, dir))),
            |(rank, dir)| Move::Slide { rank, dir },
        ),
        map(preceded(tag("C-"), cut(square)), |to| Move::CageMove { to }),
        map(
            preceded(tag("C>"), cut(pair(square, many_m_n(0, 2, cage_slot)))),
            |(to, slots)| {
                let mut promotions = [None; 2];
                promotions[..slots.len()].copy_from_slice(&slots);
                Move::CageInsert { to, promotions }
            },
        ),
        map(tuple((role, char('@'), cut(square))), |(role, _, to)| {
            Move::Drop { role, to }
        }),
        map(
            tuple((
                preceded(char('K'), square),
                preceded(char('R'), cut(square)),
            )),
            |(king, rook)| Move::Castle { king, rook },
        ),
        map(
            tuple((preceded(char('P'), square), char('x'), square, tag("ep"))),
            |(from, _, to, _)| Move::EnPassant { from, to },
        ),
        map(
            tuple((
                role,
                cut(square),
                cut(context(
                    "'-' or 'x' and the captured piece",
                    alt((value(None, char('-')), map(preceded(char('x'), role), Some))),
                )),
                cut(square),
                opt(preceded(char('='), cut(promotion))),
            )),
            |(role, from, capture, to, promotion)| {
                Move::Normal(PieceMove {
                    role,
                    from,
                    to,
                    capture,
                    promotion,
                })
            },
        ),
    ));
    terminated(body, context("the end of the move", eof))(i)
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        long_move(text.as_bytes())
            .finish()
            .map(|(_, mv)| mv)
            .map_err(|e| ParseMoveError {
                text: text.to_owned(),
                span: e.span(text.as_bytes()),
                expected: if e.what.is_empty() {
                    "a move in long form such as Ng1-f3, Bc4xPf7, Pe7-e8=Q or N@e4"
                } else {
                    e.what
                },
            })
    }
}
