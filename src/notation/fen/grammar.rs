//! The FEN grammar: one nom parser per field, each failure named by its
//! field and place in the text.

use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, satisfy};
use nom::combinator::{cut, eof, map, map_opt, opt, value};
use nom::error::context;
use nom::sequence::pair;
use nom::{Finish, IResult};

use super::{even_ranks, CastleLetter, Fen, FenChecks, FenError, FenField, FenSquare, Offsets};
use crate::notation::expected::Expected;
use crate::piece::{Color, Piece, Role};
use crate::square::{parse_square, Square, MAX_FILES, MAX_RANKS};

type In<'a> = &'a [u8];
type Res<'a, T> = IResult<In<'a>, T, Expected<'a>>;

/// A one-letter piece, or a two-letter Quake LB piece in parentheses, hunter
/// first, one case (QK0).
fn piece(i: In<'_>) -> Res<'_, Piece> {
    let letter = map_opt(satisfy(|c| c.is_ascii_alphabetic()), |c| {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Role::from_char(c).map(|r| Piece::new(color, r))
    });
    alt((two_letter, letter))(i)
}

/// A parser failure that no alternative may undo.
fn failure<'a, T>(rest: In<'a>, what: &'static str) -> Res<'a, T> {
    Err(nom::Err::Failure(Expected { rest, what }))
}

/// `(BR)`, `(nb)`: committed once `(` is read.
fn two_letter(i: In<'_>) -> Res<'_, Piece> {
    let (i, _) = char('(')(i)?;
    let Some(c) = i.get(..2) else {
        return failure(i, "a two-letter piece such as (BR) or (nb)");
    };
    let upper = c[0].is_ascii_uppercase();
    let role = std::str::from_utf8(c)
        .ok()
        .and_then(|code| Role::from_code(&code.to_ascii_uppercase()))
        .filter(|r| r.is_compound() && c[1].is_ascii_uppercase() == upper);
    let Some(role) = role else {
        return failure(i, "a two-letter piece: RN RB NR NB BR BN, one case");
    };
    let color = if upper { Color::White } else { Color::Black };
    let (i, _) = cut(context("')' closing the two-letter piece", char(')')))(&i[2..])?;
    Ok((i, Piece::new(color, role)))
}

/// One item of the board field.
#[derive(Clone, Copy)]
enum Item {
    Next,
    Square(FenSquare),
    Run(usize),
}

/// A run of empty cells: a number from 1 to 26.
fn run(i: In<'_>) -> Res<'_, usize> {
    let (rest, digits) = take_while1(|c: u8| c.is_ascii_digit())(i)?;
    let n = digits.iter().try_fold(0usize, |n, &d| {
        Some(n * 10 + usize::from(d - b'0')).filter(|&n| n <= 99)
    });
    match n {
        Some(n) if digits[0] != b'0' && n <= usize::from(MAX_FILES) => Ok((rest, n)),
        _ if digits[0] == b'0' => Err(nom::Err::Error(Expected { rest: i, what: "" })),
        _ => failure(i, "a run of at most 26 empty cells"),
    }
}

fn board_item(i: In<'_>) -> Res<'_, Item> {
    alt((
        value(Item::Next, char('/')),
        value(Item::Square(FenSquare::Hole), char('*')),
        map(run, Item::Run),
        map(pair(piece, opt(char('~'))), |(p, mark)| {
            Item::Square(match mark {
                Some(_) => FenSquare::Promoted(p),
                None => FenSquare::Piece(p),
            })
        }),
    ))(i)
}

/// The board field: ranks from the top, up to the first space or `[`.
fn board(i: In<'_>) -> Res<'_, Vec<Vec<FenSquare>>> {
    let mut rows = vec![Vec::new()];
    let mut i = i;
    while i.first().is_some_and(|&c| c != b' ' && c != b'[') {
        let (rest, item) = context("a piece letter, a digit, '*' or '/'", cut(board_item))(i)?;
        let row = rows.last_mut().expect("rows is never empty");
        match item {
            Item::Next => {
                rows.push(Vec::new());
                if rows.len() > usize::from(MAX_RANKS) {
                    return failure(rest, "at most 40 ranks");
                }
            }
            Item::Square(sq) => row.push(sq),
            Item::Run(n) => row.extend(std::iter::repeat_n(FenSquare::Empty, n)),
        }
        if rows
            .last()
            .is_some_and(|r| r.len() > usize::from(MAX_FILES))
        {
            return failure(rest, "at most 26 files");
        }
        i = rest;
    }
    if rows[0].is_empty() {
        return failure(i, "a board with at least one square per rank");
    }
    Ok((i, rows))
}

/// Crazyhouse's other spelling of the pockets, a last rank after the board
/// (`…/RNBQKBNR/Pp`, also empty): a last row of pieces alone, narrower or
/// wider than the first. Taken off the board and returned.
fn pocket_rank(board: &mut Vec<Vec<FenSquare>>) -> Option<Vec<Piece>> {
    let (last, first) = (board.last()?, board.first()?);
    let pieces_only = last.iter().all(|sq| matches!(sq, FenSquare::Piece(_)));
    if board.len() < 2 || last.len() == first.len() || !pieces_only {
        return None;
    }
    let row = board.pop()?;
    Some(
        row.into_iter()
            .filter_map(|sq| match sq {
                FenSquare::Piece(p) => Some(p),
                _ => None,
            })
            .collect(),
    )
}

/// `[` pieces (never a king) `]`.
fn pockets(i: In<'_>) -> Res<'_, Vec<Piece>> {
    let (mut i, _) = char('[')(i)?;
    let mut hand = Vec::new();
    loop {
        if let Ok((rest, _)) = char::<_, Expected<'_>>(']')(i) {
            return Ok((rest, hand));
        }
        match piece(i) {
            Ok((rest, p)) if p.role != Role::King => {
                hand.push(p);
                i = rest;
            }
            Err(nom::Err::Failure(e)) => return Err(nom::Err::Failure(e)),
            _ => return failure(i, "a piece letter (not a king) or ']'"),
        }
    }
}

fn space(i: In<'_>) -> Res<'_, char> {
    context("a single space before the next field", cut(char(' ')))(i)
}

fn turn(i: In<'_>) -> Res<'_, Color> {
    context(
        "'w' or 'b'",
        cut(alt((
            value(Color::White, char('w')),
            value(Color::Black, char('b')),
        ))),
    )(i)
}

/// `-` or castling letters, each at most once: X-FEN's `KQkq` and
/// Shredder-FEN's files `A`–`H`, `a`–`h`.
fn castling(i: In<'_>) -> Res<'_, Vec<(Color, CastleLetter)>> {
    const EXPECTED: &str = "'-' or castling letters: KQkq, or files A-H and a-h";
    if let Ok((rest, _)) = char::<_, Expected<'_>>('-')(i) {
        return Ok((rest, Vec::new()));
    }
    let right = map_opt(satisfy(|c| c.is_ascii_alphabetic()), |c| {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let letter = match c.to_ascii_lowercase() {
            'k' => CastleLetter::King,
            'q' => CastleLetter::Queen,
            f @ 'a'..='h' => CastleLetter::File(f as u8 - b'a'),
            _ => return None,
        };
        Some((color, letter))
    });
    let mut right = context(EXPECTED, cut(right));
    let mut rights = Vec::new();
    let mut i = i;
    loop {
        let (rest, r) = right(i)?;
        if rights.contains(&r) {
            return failure(i, "each castling letter at most once");
        }
        rights.push(r);
        i = rest;
        if i.first().is_none_or(|&c| c == b' ') {
            return Ok((i, rights));
        }
    }
}

/// `-` or a square.
fn en_passant(i: In<'_>) -> Res<'_, Option<Square>> {
    let word = map_opt(take_while1(|c: u8| c != b' '), parse_square);
    context(
        "'-' or a square such as e3",
        cut(alt((value(None, char('-')), map(word, Some)))),
    )(i)
}

/// A counter: digits, below 2^32.
fn counter(i: In<'_>) -> Res<'_, u32> {
    let (rest, digits) = context("a number", cut(take_while1(|c: u8| c.is_ascii_digit())))(i)?;
    let n = digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    });
    match n {
        Some(n) => Ok((rest, n)),
        None => failure(i, "a number below 4294967296"),
    }
}

/// A check counter: one digit, at most 3 (TC1).
fn check_count(i: In<'_>) -> Res<'_, u8> {
    map_opt(satisfy(|c| c.is_ascii_digit()), |c| {
        let n = c as u8 - b'0';
        (n <= 3).then_some(n)
    })(i)
}

/// `3+3`: the checks each side still has to give.
fn remaining_checks(i: In<'_>) -> Res<'_, FenChecks> {
    let (i, white) = check_count(i)?;
    let (i, _) = char('+')(i)?;
    let (i, black) = context("Black's checks to give, 0 to 3", cut(check_count))(i)?;
    Ok((i, FenChecks::Remaining([white, black])))
}

/// `+0+0`: the checks each side has given (lichess).
fn given_checks(i: In<'_>) -> Res<'_, FenChecks> {
    let (i, _) = char('+')(i)?;
    let (i, white) = context("White's checks given, 0 to 3", cut(check_count))(i)?;
    let (i, _) = context("'+' before Black's checks given", cut(char('+')))(i)?;
    let (i, black) = context("Black's checks given, 0 to 3", cut(check_count))(i)?;
    Ok((i, FenChecks::Given([white, black])))
}

/// Whether the next field, after a space, is written as check counters.
fn checks_next(i: In<'_>) -> bool {
    let field = i.get(1..).unwrap_or_default();
    let field = &field[..field.iter().position(|&c| c == b' ').unwrap_or(field.len())];
    i.first() == Some(&b' ') && field.contains(&b'+')
}

/// One cage: a square, then `!` if its owner's last turn relocated it.
fn cage(i: In<'_>) -> Res<'_, (Square, bool)> {
    let name = |i| {
        let (rest, f) = satisfy(|c| c.is_ascii_alphanumeric())(i)?;
        let (rest, digits) = opt(take_while1(|c: u8| c.is_ascii_digit()))(rest)?;
        let mut name = vec![f as u8];
        name.extend_from_slice(digits.unwrap_or_default());
        Ok((rest, name))
    };
    pair(
        map_opt(name, |n: Vec<u8>| parse_square(&n)),
        map(opt(char('!')), |x| x.is_some()),
    )(i)
}

/// A field's parser result, its failure named by field and place in `text`.
fn step<'a, T>(
    text: &str,
    field: FenField,
    r: Result<(In<'a>, T), Expected<'a>>,
) -> Result<(In<'a>, T), FenError> {
    r.map_err(|e| FenError::at(text, field, text.len() - e.rest.len(), e.what))
}

/// Reads `text` as FEN fields, each field's errors naming it.
fn read_fields(text: &str) -> Result<Fen, FenError> {
    let whole = text.as_bytes();
    let offset = |rest: In<'_>| whole.len() - rest.len();
    let (i, mut board) = step(text, FenField::Board, board(whole).finish())?;
    let slash_pockets = pocket_rank(&mut board);
    even_ranks(&board)?;
    // A place in the text, as an error there with its expectation to come.
    let place = |rest: In<'_>| Some(FenError::at(text, FenField::Position, offset(rest), ""));
    let mut at = Offsets {
        pockets: place(i),
        end: place(&whole[whole.len()..]),
        ..Offsets::default()
    };
    let (i, mut pockets) = step(text, FenField::Pockets, opt(pockets)(i).finish())?;
    let pocket_rank = slash_pockets.is_some();
    if pocket_rank {
        if pockets.is_some() {
            return Err(FenError::at(
                text,
                FenField::Pockets,
                offset(i),
                "pockets written once: after a last '/' or in brackets",
            ));
        }
        pockets = slash_pockets;
    }
    let (i, _) = step(text, FenField::Turn, space(i).finish())?;
    let (i, turn) = step(text, FenField::Turn, turn(i).finish())?;
    let (i, _) = step(text, FenField::Castling, space(i).finish())?;
    at.castling = place(i);
    let (i, castling) = step(text, FenField::Castling, castling(i).finish())?;
    let (i, _) = step(text, FenField::EnPassant, space(i).finish())?;
    at.ep = place(i);
    let (mut i, ep) = step(text, FenField::EnPassant, en_passant(i).finish())?;
    let mut checks = None;
    if checks_next(i) {
        at.checks = place(&i[1..]);
        let mut counted = context("check counters such as 3+3 or +0+0", cut(remaining_checks));
        let (rest, c) = step(text, FenField::Checks, counted(&i[1..]).finish())?;
        checks = Some(c);
        i = rest;
    }
    // The counters are optional (many records omit them); the cages field
    // comes only after them.
    let mut counters = None;
    let mut cages = None;
    if !i.is_empty() {
        let (rest, _) = step(text, FenField::Halfmove, space(i).finish())?;
        let (rest, half) = step(text, FenField::Halfmove, counter(rest).finish())?;
        let (rest, _) = step(text, FenField::Fullmove, space(rest).finish())?;
        let (rest, full) = step(text, FenField::Fullmove, counter(rest).finish())?;
        counters = Some((half, full));
        i = rest;
        if checks.is_none() && checks_next(i) {
            at.checks = place(&i[1..]);
            let mut counted = context("check counters such as +0+0", cut(given_checks));
            let (rest, c) = step(text, FenField::Checks, counted(&i[1..]).finish())?;
            checks = Some(c);
            i = rest;
        }
        if let Ok((rest, _)) = char::<_, Expected<'_>>(' ')(i) {
            at.cages_space = place(i);
            at.cages = place(rest);
            let cage = |color: Color| {
                let what = match color {
                    Color::White => "the White cage's square, a cell of the ring (e.g. e8e1)",
                    Color::Black => "the Black cage's square, a cell of the ring (e.g. e8e1)",
                };
                context(what, cut(cage))
            };
            let (rest, white) = step(text, FenField::Cages, cage(Color::White)(rest).finish())?;
            let (rest, black) = step(text, FenField::Cages, cage(Color::Black)(rest).finish())?;
            cages = Some([white, black]);
            i = rest;
        }
    }
    step(
        text,
        FenField::Position,
        context("the end of the FEN", eof)(i).finish(),
    )?;
    Ok(Fen {
        board,
        pockets,
        turn,
        castling,
        ep,
        counters,
        cages,
        checks,
        pocket_rank,
        at,
    })
}

impl FromStr for Fen {
    type Err = FenError;
    /// Reads the fields; [`Fen::position`] checks them against a variant.
    fn from_str(text: &str) -> Result<Fen, FenError> {
        read_fields(text)
    }
}
