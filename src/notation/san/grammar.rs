//! The move-token grammar of `notation/moves.md`, as nom parsers over bytes.
//!
//! The first characters decide the kind of move (castling, quake, slide,
//! cage, drop, piece move); once decided, the parser commits (`cut`), so an
//! error names what that kind expects at the first character it cannot read.

use std::fmt;
use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take, take_while_m_n};
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{cut, eof, map, map_opt, opt, success, value, verify};
use nom::error::context;
use nom::sequence::{delimited, pair, preceded, terminated, tuple};
use nom::{Finish, IResult, Parser};

use super::types::{Lenient, ParsedSan, San, Suffix};
use crate::moves::Dir;
use crate::notation::expected::Expected;
use crate::piece::Role;
use crate::position::CastleSide;
use crate::square::{Square, MAX_RANKS};

/// A token that is not a move at all: the text, the byte range within it
/// where reading stopped, and what the grammar expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed move: expected {expected}, found {}", Found(token, span))]
pub struct ParseSanError {
    /// The whole token as given.
    pub token: String,
    /// The offending bytes of `token` (empty at its end).
    pub span: Range<usize>,
    /// What the grammar accepts at `span`.
    pub expected: &'static str,
}

/// The text at a span, for a message: `'q' at character 4`, or the end.
struct Found<'a>(&'a str, &'a Range<usize>);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.get(self.1.clone()).filter(|s| !s.is_empty()) {
            Some(s) => {
                let column = self.0[..self.1.start].chars().count() + 1;
                write!(f, "{s:?} at character {column}")
            }
            None if self.0.is_empty() => f.write_str("nothing"),
            None => f.write_str("the end of the move"),
        }
    }
}

type In<'a> = &'a [u8];
type Res<'a, T> = IResult<In<'a>, T, Expected<'a>>;

/// What a general piece move looks like, for errors in one.
const PIECE_MOVE: &str = "a move such as e4, Nf3, exd5, Rad1, e8=Q or O-O";
const LONGEST: usize = 64;

/// Reads a whole token (surrounding ASCII whitespace ignored): the plain
/// shapes by the fast path, the rest by the grammar.
pub(super) fn parse_token(token: &[u8]) -> Result<ParsedSan, ParseSanError> {
    match super::plain::parse_plain(token) {
        Some(parsed) => Ok(parsed),
        None => parse_grammar(token),
    }
}

/// Reads a whole token by the grammar alone.
/// The spellings of a null move: PGN's common `--`, ChessBase's `Z0`,
/// UCI's `0000` and `@@@@` (python-chess reads all four).
const NULL_MOVES: [&[u8]; 4] = [b"--", b"Z0", b"0000", b"@@@@"];

pub(super) fn parse_grammar(token: &[u8]) -> Result<ParsedSan, ParseSanError> {
    let trimmed = token.trim_ascii();
    let lead = trimmed.as_ptr() as usize - token.as_ptr() as usize;
    let error = |span: Range<usize>, expected| ParseSanError {
        token: String::from_utf8_lossy(token).into_owned(),
        span,
        expected,
    };
    if trimmed.is_empty() || trimmed.len() > LONGEST {
        return Err(error(
            lead..lead + trimmed.len(),
            "a move of 1 to 64 characters",
        ));
    }
    if NULL_MOVES.contains(&trimmed) {
        return Ok(ParsedSan {
            san: San::Null,
            suffix: None,
            lenient: Vec::new(),
        });
    }
    match move_token(trimmed).finish() {
        Ok((_, parsed)) => Ok(parsed),
        Err(e) => {
            let span = e.span(trimmed);
            let what = if e.what.is_empty() {
                PIECE_MOVE
            } else {
                e.what
            };
            Err(error(span.start + lead..span.end + lead, what))
        }
    }
}

/// token = body, [ mark ] ;
fn move_token(i: In<'_>) -> Res<'_, ParsedSan> {
    alt((
        castling,
        quake,
        slide,
        cage_move,
        cage_insert,
        drop,
        piece_move,
    ))(i)
}

/// The mark and the end of the token: `+`, `#`, lenient `++`, or nothing.
fn end(i: In<'_>) -> Res<'_, (Option<Suffix>, Option<Lenient>)> {
    context(
        "the end of the move, or a check mark + or #",
        terminated(
            alt((
                value(
                    (Some(Suffix::Mate), Some(Lenient::DoublePlusMate)),
                    tag("++"),
                ),
                value((Some(Suffix::Mate), None), char('#')),
                value((Some(Suffix::Check), None), char('+')),
                success((None, None)),
            )),
            eof,
        ),
    )(i)
}

/// Builds the result of a token: the move, its mark, and lenient spellings.
fn parsed(
    san: San,
    (suffix, mark): (Option<Suffix>, Option<Lenient>),
    more: &[Option<Lenient>],
) -> ParsedSan {
    let lenient = [mark].iter().chain(more).flatten().copied().collect();
    ParsedSan {
        san,
        suffix,
        lenient,
    }
}

/// `O-O`, `O-O-O`; lenient `0-0`, `0-0-0`.
fn castling(i: In<'_>) -> Res<'_, ParsedSan> {
    let side = alt((
        value((CastleSide::Queen, None), tag("O-O-O")),
        value((CastleSide::King, None), tag("O-O")),
        value(
            (CastleSide::Queen, Some(Lenient::ZeroCastling)),
            tag("0-0-0"),
        ),
        value((CastleSide::King, Some(Lenient::ZeroCastling)), tag("0-0")),
    ));
    map(pair(side, end), |((side, zero), mark)| {
        parsed(San::Castle(side), mark, &[zero])
    })(i)
}

fn direction(i: In<'_>) -> Res<'_, Dir> {
    map_opt(take(1usize), |d: In<'_>| Dir::from_char(char::from(d[0])))(i)
}

/// `prefix`, one `item` (described as `expected` when it is missing) and
/// the end of the token, the item made a move by `make`.
fn prefixed<'a, T>(
    prefix: &'static str,
    expected: &'static str,
    item: fn(In<'a>) -> Res<'a, T>,
    make: fn(T) -> San,
) -> impl FnMut(In<'a>) -> Res<'a, ParsedSan> {
    let body = context(expected, pair(item, end));
    map(preceded(tag(prefix), cut(body)), move |(x, mark)| {
        parsed(make(x), mark, &[])
    })
}

/// `K-qn` (QK1).
fn quake(i: In<'_>) -> Res<'_, ParsedSan> {
    let expected = "a quake K-qn, K-qs, K-qe or K-qw";
    prefixed("K-q", expected, direction, |dir| San::Quake { dir })(i)
}

/// `S3e` (FL4, FL9): ranks 1 to 9, east or west.
fn slide(i: In<'_>) -> Res<'_, ParsedSan> {
    let rank = context(
        "a slide such as S3e or S4w",
        map(satisfy(|c| ('1'..='9').contains(&c)), |c| c as u8 - b'1'),
    );
    let dir = context(
        "a slide such as S3e or S4w (direction e or w)",
        verify(direction, |d| matches!(d, Dir::East | Dir::West)),
    );
    map(
        preceded(char('S'), cut(tuple((rank, dir, end)))),
        |(rank, dir, mark)| parsed(San::Slide { rank, dir }, mark, &[]),
    )(i)
}

/// `C-a5` (SC1).
fn cage_move(i: In<'_>) -> Res<'_, ParsedSan> {
    let expected = "a relocation such as C-a5";
    prefixed("C-", expected, square, |to| San::CageMove { to })(i)
}

/// `C>e1`, `C>e1/e7=Q`, `C>e8/e2=Q/e7=N` (SC2, SC3): at most two promotions,
/// read in either order and kept in ascending rank order.
fn cage_insert(i: In<'_>) -> Res<'_, ParsedSan> {
    let promo = || {
        context(
            "a promotion suffix such as /e7=Q",
            preceded(
                char('/'),
                pair(terminated(square, char('=')), promotion_upper),
            ),
        )
    };
    let body = tuple((
        context("an insertion such as C>a5 or C>e1/e7=Q", square),
        opt(promo()),
        opt(promo()),
        context("at most two promotions after an insertion", end),
    ));
    map(
        preceded(tag("C>"), cut(body)),
        |(to, first, second, mark)| {
            let mut promotions: Vec<(Square, Role)> = first.into_iter().chain(second).collect();
            promotions.sort_by_key(|(sq, _)| sq.rank());
            parsed(San::CageInsert { to, promotions }, mark, &[])
        },
    )(i)
}

/// `N@e4`, `RN@c3` (QK7); lenient `N*e4` and `@e4` for a pawn. Never a king.
fn drop(i: In<'_>) -> Res<'_, ParsedSan> {
    const DROP: &str = "a drop such as N@e4 or P@e4";
    let at = alt((
        value(None, char('@')),
        value(Some(Lenient::StarDrop), char('*')),
    ));
    let (rest, (role, star)) = pair(opt(piece), at)(i)?;
    if role == Some(Role::King) {
        return Err(nom::Err::Failure(Expected {
            rest: i,
            what: "a drop of a piece other than the king, such as N@e4",
        }));
    }
    let (rest, (to, mark)) = cut(context(DROP, pair(square, end)))(rest)?;
    let (role, pawn) = match role {
        Some(role) => (role, None),
        None => (Role::Pawn, Some(Lenient::PawnDropWithoutLetter)),
    };
    Ok((rest, parsed(San::Drop { role, to }, mark, &[star, pawn])))
}

/// How the origin and the destination are separated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sep {
    None,
    Capture,
    /// `-`, only in long algebraic.
    Dash,
}

fn capture(i: In<'_>) -> Res<'_, Sep> {
    value(Sep::Capture, one_of("x:"))(i)
}

/// The origin hints and destination of a piece move: (file, rank, separator, square).
type Hints = (Option<u8>, Option<u8>, Sep, Square);

/// What follows the destination: promotion, `e.p.`, mark and end.
type Tail = (
    Option<(Role, Option<Lenient>)>,
    Option<Lenient>,
    (Option<Suffix>, Option<Lenient>),
);

fn tail(i: In<'_>) -> Res<'_, Tail> {
    tuple((opt(promotion), opt(en_passant), end))(i)
}

/// piece-move = [ piece ], [ file ], [ rank ], [ capture ], square,
///              [ promotion ], [ ep ] ;
/// each reading of the origin hints is tried with the tail as a whole, the
/// shortest first, so `Nd7` is a knight move to d7 and `Nbd7` one from the
/// b-file.
fn piece_move(i: In<'_>) -> Res<'_, ParsedSan> {
    let (after_piece, role) = opt(piece)(i)?;
    let long_sep = alt((capture, value(Sep::Dash, char('-'))));
    let (rest, ((file, rank, sep, to), (promotion, ep, mark))): (_, (Hints, Tail)) =
        alt((
            pair(map(square, |to| (None, None, Sep::None, to)), tail),
            // `xd5`: a capture mark is not read as the file `x`.
            pair(
                map(preceded(capture, square), |to| {
                    (None, None, Sep::Capture, to)
                }),
                tail,
            ),
            pair(
                map(pair(file, separated_square(capture)), |(f, (sep, to))| {
                    (Some(f), None, sep, to)
                }),
                tail,
            ),
            pair(
                map(pair(rank, separated_square(capture)), |(r, (sep, to))| {
                    (None, Some(r), sep, to)
                }),
                tail,
            ),
            pair(
                map(
                    tuple((file, rank, separated_square(long_sep))),
                    |(f, r, (sep, to))| (Some(f), Some(r), sep, to),
                ),
                tail,
            ),
        ))(after_piece)?;
    let full_origin = file.is_some() && rank.is_some();
    let pawn = matches!(role, None | Some(Role::Pawn));
    // A pawn names its origin file only (`exd5`), or both (long algebraic).
    if pawn && rank.is_some() && !full_origin {
        return Err(nom::Err::Failure(Expected {
            rest: after_piece,
            what: "a pawn move naming its origin file (exd5) or its whole origin (e2e4)",
        }));
    }
    let long = full_origin && (sep == Sep::Dash || pawn);
    let role = match role {
        None if !full_origin => Some(Role::Pawn),
        r => r,
    };
    let (promotion, promotion_spelling) = promotion.unzip();
    let san = San::Normal {
        role,
        file,
        rank,
        capture: sep == Sep::Capture,
        to,
        promotion,
    };
    let lenient = [
        ep,
        promotion_spelling.flatten(),
        long.then_some(Lenient::LongAlgebraic),
    ];
    Ok((rest, parsed(san, mark, &lenient)))
}

/// An optional separator and the destination, as one alternative: `x1`
/// after `a` is the square x1 when `x` is not a capture mark before a square.
fn separated_square<'a>(
    seps: impl Parser<In<'a>, Sep, Expected<'a>>,
) -> impl FnMut(In<'a>) -> Res<'a, (Sep, Square)> {
    alt((pair(seps, square), pair(success(Sep::None), square)))
}

/// promotion = "=", promo-piece | promo-piece | "(", promo-piece, ")"
///           | "=(", promo-piece, ")" ;
fn promotion(i: In<'_>) -> Res<'_, (Role, Option<Lenient>)> {
    alt((
        map(
            preceded(
                char('='),
                delimited(char('('), promotion_any_case, char(')')),
            ),
            |r| (r, Some(Lenient::PromotionInParentheses)),
        ),
        map(delimited(char('('), promotion_any_case, char(')')), |r| {
            (r, Some(Lenient::PromotionInParentheses))
        }),
        map(
            preceded(
                char('='),
                cut(context(
                    "a promotion piece Q, R, B or N (K in Antichess) after '='",
                    promotion_upper,
                )),
            ),
            |r| (r, None),
        ),
        map(promotion_any_case, |r| {
            (r, Some(Lenient::PromotionWithoutEquals))
        }),
    ))(i)
}

/// `e.p.` after an en passant capture, with or without a space (lenient).
fn en_passant(i: In<'_>) -> Res<'_, Lenient> {
    value(
        Lenient::EnPassantSuffix,
        preceded(opt(char(' ')), tag("e.p.")),
    )(i)
}

fn promotion_any_case(i: In<'_>) -> Res<'_, Role> {
    map_opt(take(1usize), |c: In<'_>| {
        Role::from_char(char::from(c[0])).filter(|r| r.is_written_promotion())
    })(i)
}

fn promotion_upper(i: In<'_>) -> Res<'_, Role> {
    map_opt(satisfy(|c| c.is_ascii_uppercase()), |c| {
        Role::from_char(c).filter(|r| r.is_written_promotion())
    })(i)
}

/// piece = "K" | "Q" | "R" | "B" | "N" | "P" | lb-piece ;
fn piece(i: In<'_>) -> Res<'_, Role> {
    let compound = map_opt(take(2usize), |c: In<'_>| {
        let code = std::str::from_utf8(c).ok()?;
        Role::from_code(code).filter(|r| r.is_compound())
    });
    let simple = map_opt(satisfy(|c| c.is_ascii_uppercase()), Role::from_char);
    alt((compound, simple))(i)
}

fn file(i: In<'_>) -> Res<'_, u8> {
    map(satisfy(|c| c.is_ascii_lowercase()), |c| c as u8 - b'a')(i)
}

/// rank = nonzero-digit, [ digit ] (* 1 to 40 *) ; 0-based.
fn rank(i: In<'_>) -> Res<'_, u8> {
    map_opt(
        take_while_m_n(1, 2, |c: u8| c.is_ascii_digit()),
        |d: In<'_>| {
            let n = d.iter().fold(0u16, |n, &c| n * 10 + u16::from(c - b'0'));
            (d[0] != b'0' && n <= u16::from(MAX_RANKS)).then(|| (n - 1) as u8)
        },
    )(i)
}

/// square = file, rank ;
pub(crate) fn square(i: In<'_>) -> Res<'_, Square> {
    map_opt(pair(file, rank), |(f, r)| Square::new(f, r))(i)
}
