//! FEN, standard and extended (`notation/fen.md`).
//!
//! Chess, Grid and Rank and File use the standard six fields. The extension, for
//! the other variants, keeps the standard layout and adds only what legality
//! depends on:
//! - `*` is a hole (a square of the frame that is not a cell; Fairy-Stockfish
//!   writes walls so), so Fault Line's slid ranks and Quake's shape are visible;
//! - `[...]` right after the board lists pieces in hand (the crazyhouse form);
//! - `(BR)` / `(br)` is a two-letter Quake LB piece, hunter first;
//! - Slide-chess adds a seventh field with the White and Black cage squares, each
//!   followed by `!` when that player's previous turn was a relocation (SC1).
//!
//! Reading is two steps, as for move tokens: [`Fen`]'s `FromStr` checks the
//! text against the grammar (nom parsers, one per field), and
//! [`Fen::position`] sets up a [`Position`] of a variant, checking what the
//! variant allows. [`read_fen`] does both.
//!
//! ```
//! use fvnote::notation::fen::{read_fen, write_fen, Fen};
//! use fvnote::Variant;
//! let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let pos = read_fen(start, Variant::Chess).unwrap();
//! assert_eq!(write_fen(&pos), start);
//! assert_eq!(start.parse::<Fen>().unwrap().to_string(), start);
//! let err = read_fen("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Chess)
//!     .unwrap_err();
//! assert_eq!(err.to_string(),
//!     "invalid FEN: board field, character 14 'x': expected a piece letter, a digit, '*' or '/'");
//! assert_eq!(err.span, 13..14);
//! ```

use std::fmt::{self, Write as _};
use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{cut, eof, map, map_opt, opt, value};
use nom::error::context;
use nom::sequence::pair;
use nom::{Finish, IResult};

use crate::notation::expected::Expected;
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::Variant;
use crate::square::{parse_square, Square, MAX_FILES, MAX_RANKS};

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// `[...]` after the board.
    Pockets,
    /// `w` or `b`.
    Turn,
    /// `KQkq` or `-`.
    Castling,
    /// A square or `-`.
    EnPassant,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
    /// Slide-chess's seventh field.
    Cages,
    /// The position as a whole (e.g. two white kings).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board field",
            FenField::Pockets => "pockets",
            FenField::Turn => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en passant field",
            FenField::Halfmove => "halfmove clock field",
            FenField::Fullmove => "fullmove number field",
            FenField::Cages => "cages field",
            FenField::Position => "position",
        })
    }
}

/// A malformed or impossible FEN: the field, where (byte span and 1-based
/// character column), the character found (if any), and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN: {field}{}: expected {expected}", At(*column, *found))]
pub struct FenError {
    /// The field the error is in.
    pub field: FenField,
    /// The offending bytes of the FEN text (empty for the position as a whole
    /// or at the end).
    pub span: Range<usize>,
    /// 1-based character index into the FEN text (0 for the position as a whole).
    pub column: usize,
    /// The character at `column`, if any.
    pub found: Option<char>,
    /// What would have been accepted.
    pub expected: String,
}

/// `, character 14 'x'` in a message.
struct At(usize, Option<char>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (0, _) => Ok(()),
            (c, Some(ch)) => write!(f, ", character {c} {ch:?}"),
            (c, None) => write!(f, ", character {c} (end of text)"),
        }
    }
}

impl FenError {
    /// An error at byte `at` of `text`.
    fn at(text: &str, field: FenField, at: usize, expected: impl Into<String>) -> FenError {
        let found = text.get(at..).and_then(|s| s.chars().next());
        FenError {
            field,
            span: at..at + found.map_or(0, char::len_utf8),
            column: text.get(..at).map_or(at, |s| s.chars().count()) + 1,
            found,
            expected: expected.into(),
        }
    }

    /// An error about the position as a whole.
    fn whole(field: FenField, expected: impl Into<String>) -> FenError {
        FenError {
            field,
            span: 0..0,
            column: 0,
            found: None,
            expected: expected.into(),
        }
    }
}

/// One square of a FEN board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenSquare {
    /// `*`: a square of the frame that is not a cell (G2).
    Hole,
    /// An empty cell (part of a digit run).
    Empty,
    /// A cell with a piece.
    Piece(Piece),
}

/// The fields of a FEN as read, before they are set up for a variant.
///
/// `Display` writes them back as read, so text → `Fen` → text is the
/// identity for every FEN that reads; `Fen::from(&position)` is what
/// [`write_fen`] writes.
#[derive(Clone, Debug)]
pub struct Fen {
    /// Ranks from the top; in each, files from `a`.
    pub board: Vec<Vec<FenSquare>>,
    /// Pieces in hand, in the order written, if the `[...]` part is present.
    pub pockets: Option<Vec<Piece>>,
    /// The side to move.
    pub turn: Color,
    /// Castling rights, in the order written.
    pub castling: Vec<(Color, CastleSide)>,
    /// The en passant square, if written.
    pub ep: Option<Square>,
    /// The halfmove clock and fullmove number, if written.
    pub counters: Option<(u32, u32)>,
    /// Slide-chess: each side's cage and whether its last turn relocated it.
    pub cages: Option<[(Square, bool); 2]>,
    /// Where the fields were read, for errors found when setting up.
    at: Offsets,
}

/// Where the fields a variant may refuse were read (`None` for a `Fen` built
/// in code). Where a field was read is not part of the FEN's value: every
/// `Offsets` compares equal.
#[derive(Clone, Debug, Default)]
struct Offsets {
    pockets: Option<FenError>,
    castling: Option<FenError>,
    ep: Option<FenError>,
    cages: Option<FenError>,
    /// The space before the cages field.
    cages_space: Option<FenError>,
    /// The end of the text (for a missing cages field).
    end: Option<FenError>,
}

impl PartialEq for Offsets {
    fn eq(&self, _: &Offsets) -> bool {
        true
    }
}

impl PartialEq for Fen {
    fn eq(&self, other: &Fen) -> bool {
        (
            &self.board,
            &self.pockets,
            self.turn,
            &self.castling,
            self.ep,
            self.counters,
            self.cages,
        ) == (
            &other.board,
            &other.pockets,
            other.turn,
            &other.castling,
            other.ep,
            other.counters,
            other.cages,
        )
    }
}

impl Eq for Fen {}

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
        map(piece, |p| Item::Square(FenSquare::Piece(p))),
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

/// `-` or some of `KQkq`, each at most once.
fn castling(i: In<'_>) -> Res<'_, Vec<(Color, CastleSide)>> {
    const EXPECTED: &str = "'-' or letters from KQkq";
    if let Ok((rest, _)) = char::<_, Expected<'_>>('-')(i) {
        return Ok((rest, Vec::new()));
    }
    let right = map(one_of("KQkq"), |c| {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let side = if c.eq_ignore_ascii_case(&'k') {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        (color, side)
    });
    let mut right = context(EXPECTED, cut(right));
    let mut rights = Vec::new();
    let mut i = i;
    loop {
        let (rest, r) = right(i)?;
        if rights.contains(&r) {
            return failure(i, "each of KQkq at most once");
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

/// Every rank as wide as the first (the frame is a rectangle, G2).
fn even_ranks(board: &[Vec<FenSquare>]) -> Result<(), FenError> {
    let width = board.first().map_or(0, Vec::len);
    if width == 0 {
        return Err(FenError::whole(
            FenField::Board,
            "a board with at least one square per rank",
        ));
    }
    // The grammar keeps to these; a `Fen` built in code may not.
    if width > usize::from(MAX_FILES) || board.len() > usize::from(MAX_RANKS) {
        return Err(FenError::whole(
            FenField::Board,
            "at most 26 files and 40 ranks",
        ));
    }
    match board.iter().position(|r| r.len() != width) {
        None => Ok(()),
        Some(k) => Err(FenError::whole(
            FenField::Board,
            format!(
                "every rank as wide as the first ({width} squares); rank {} from the top has {}",
                k + 1,
                board[k].len()
            ),
        )),
    }
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
    let (i, board) = step(text, FenField::Board, board(whole).finish())?;
    even_ranks(&board)?;
    // A place in the text, as an error there with its expectation to come.
    let place = |rest: In<'_>| Some(FenError::at(text, FenField::Position, offset(rest), ""));
    let mut at = Offsets {
        pockets: place(i),
        end: place(&whole[whole.len()..]),
        ..Offsets::default()
    };
    let (i, pockets) = step(text, FenField::Pockets, opt(pockets)(i).finish())?;
    let (i, _) = step(text, FenField::Turn, space(i).finish())?;
    let (i, turn) = step(text, FenField::Turn, turn(i).finish())?;
    let (i, _) = step(text, FenField::Castling, space(i).finish())?;
    at.castling = place(i);
    let (i, castling) = step(text, FenField::Castling, castling(i).finish())?;
    let (i, _) = step(text, FenField::EnPassant, space(i).finish())?;
    at.ep = place(i);
    let (mut i, ep) = step(text, FenField::EnPassant, en_passant(i).finish())?;
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

impl Fen {
    /// Sets up the position these fields describe in `variant`: the frame,
    /// what the variant allows (pockets, castling, en passant, cages), and a
    /// legal position of it.
    pub fn position(&self, variant: Variant) -> Result<Position, FenError> {
        // A `Fen` built in code has no text: its errors point nowhere.
        let at = |field, place: &Option<FenError>, what: String| match place {
            Some(e) => FenError {
                field,
                expected: what,
                ..e.clone()
            },
            None => FenError::whole(field, what),
        };
        // Checked again: a `Fen` built in code did not go through the grammar.
        even_ranks(&self.board)?;
        let width = self.board[0].len();
        let (files, ranks) = (width as u8, self.board.len() as u8);
        let mut pos = Position::empty(variant, files, ranks);
        for (k, row) in self.board.iter().enumerate() {
            let rank = ranks - 1 - k as u8;
            for (f, sq) in row.iter().enumerate() {
                let Some(s) = Square::new(f as u8, rank) else {
                    continue;
                };
                pos.set_cell(s, *sq != FenSquare::Hole);
                if let FenSquare::Piece(p) = *sq {
                    pos.set(s, Some(p));
                }
            }
        }
        if let Some(hand) = &self.pockets {
            if !variant.has_hands() {
                return Err(at(
                    FenField::Pockets,
                    &self.at.pockets,
                    format!("no pockets: {variant} has no drops"),
                ));
            }
            for p in hand {
                if p.role == Role::King {
                    return Err(at(
                        FenField::Pockets,
                        &self.at.pockets,
                        "a piece in hand other than a king".into(),
                    ));
                }
                pos.add_to_hand(p.color, p.role, 1);
            }
        }
        pos.turn = self.turn;
        if !self.castling.is_empty() && !variant.has_castling() {
            return Err(at(
                FenField::Castling,
                &self.at.castling,
                format!("'-': {variant} has no castling"),
            ));
        }
        for &(color, side) in &self.castling {
            pos.castling.set(color, side, true);
        }
        if let Some(sq) = self.ep {
            let want_rank = match self.turn {
                Color::White => ranks.wrapping_sub(3),
                Color::Black => 2,
            };
            if !variant.has_en_passant() || sq.rank() != want_rank || sq.file() >= files {
                return Err(at(
                    FenField::EnPassant,
                    &self.at.ep,
                    format!(
                        "'-' or a square on rank {} behind a pawn that just moved two",
                        u32::from(want_rank) + 1
                    ),
                ));
            }
            pos.ep = Some(sq);
        }
        if let Some((half, full)) = self.counters {
            pos.halfmoves = half;
            pos.fullmoves = full.max(1);
        }
        match (variant.has_cages(), self.cages) {
            (true, None) => {
                return Err(at(
                    FenField::Cages,
                    &self.at.end,
                    "a single space before the next field".into(),
                ))
            }
            (false, Some(_)) => {
                return Err(at(
                    FenField::Position,
                    &self.at.cages_space,
                    "the end of the FEN".into(),
                ))
            }
            (true, Some(cages)) => {
                for (color, (sq, relocated)) in Color::ALL.into_iter().zip(cages) {
                    if sq.file() >= files || sq.rank() >= ranks || !pos.is_cell(sq) {
                        return Err(at(
                            FenField::Cages,
                            &self.at.cages,
                            format!(
                                "the {} cage's square, a cell of the ring (e.g. e8e1)",
                                color.name()
                            ),
                        ));
                    }
                    pos.cages[color.index()] = Some(sq);
                    pos.relocated[color.index()] = relocated;
                }
                if cages[0].0 == cages[1].0 {
                    return Err(FenError::whole(
                        FenField::Cages,
                        "two cages on different squares",
                    ));
                }
            }
            (false, None) => {}
        }
        pos.refresh_kings();
        pos.validate_rules().map_err(|why| {
            FenError::whole(
                FenField::Position,
                format!("a legal {variant} position, but {why}"),
            )
        })?;
        pos.keep_ep_only_if_capturable();
        Ok(pos)
    }
}

impl From<&Position> for Fen {
    /// The fields of `pos`, as [`write_fen`] writes them.
    fn from(pos: &Position) -> Fen {
        let (files, ranks) = pos.frame();
        let board = (0..ranks)
            .rev()
            .map(|rank| {
                (0..files)
                    .filter_map(|file| Square::new(file, rank))
                    .map(|sq| match pos.piece_at(sq) {
                        _ if !pos.is_cell(sq) => FenSquare::Hole,
                        Some(p) => FenSquare::Piece(p),
                        None => FenSquare::Empty,
                    })
                    .collect()
            })
            .collect();
        let variant = pos.variant();
        let pockets = variant.has_hands().then(|| {
            let mut hand = Vec::new();
            for color in Color::ALL {
                for role in Role::ALL {
                    for _ in 0..pos.in_hand(color, role) {
                        hand.push(Piece::new(color, role));
                    }
                }
            }
            hand
        });
        let castling = [
            (Color::White, CastleSide::King),
            (Color::White, CastleSide::Queen),
            (Color::Black, CastleSide::King),
            (Color::Black, CastleSide::Queen),
        ]
        .into_iter()
        .filter(|&(c, s)| pos.castling().has(c, s))
        .collect();
        let cages = match (pos.cage(Color::White), pos.cage(Color::Black)) {
            (Some(w), Some(b)) if variant.has_cages() => Some([
                (w, pos.relocated_last(Color::White)),
                (b, pos.relocated_last(Color::Black)),
            ]),
            _ => None,
        };
        Fen {
            board,
            pockets,
            turn: pos.turn(),
            castling,
            ep: pos.ep_square(),
            counters: Some((pos.halfmoves(), pos.fullmoves())),
            cages,
            at: Offsets::default(),
        }
    }
}

fn push_piece(out: &mut fmt::Formatter<'_>, p: Piece) -> fmt::Result {
    let code = p.code();
    if code.len() > 1 {
        write!(out, "({code})")
    } else {
        out.write_str(&code)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, row) in self.board.iter().enumerate() {
            if k > 0 {
                f.write_char('/')?;
            }
            let mut empty = 0;
            for sq in row {
                if *sq == FenSquare::Empty {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                match *sq {
                    FenSquare::Piece(p) => push_piece(f, p)?,
                    _ => f.write_char('*')?,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        if let Some(hand) = &self.pockets {
            f.write_char('[')?;
            for &p in hand {
                push_piece(f, p)?;
            }
            f.write_char(']')?;
        }
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_char('-')?;
        }
        for &(color, side) in &self.castling {
            let c = match side {
                CastleSide::King => 'k',
                CastleSide::Queen => 'q',
            };
            f.write_char(match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            })?;
        }
        match self.ep {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        if let Some((half, full)) = self.counters {
            write!(f, " {half} {full}")?;
        }
        if let Some(cages) = self.cages {
            f.write_char(' ')?;
            for (sq, relocated) in cages {
                write!(f, "{sq}{}", if relocated { "!" } else { "" })?;
            }
        }
        Ok(())
    }
}

/// Reads a FEN for `variant`.
pub fn read_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
    text.parse::<Fen>()?.position(variant)
}

/// The board field (without pockets).
pub fn write_board(pos: &Position) -> String {
    let fen = Fen::from(pos);
    let text = fen.to_string();
    match text.find([' ', '[']) {
        Some(end) => text[..end].to_owned(),
        None => text,
    }
}

/// Writes the FEN of `pos`; [`read_fen`] reads it back to the same position.
pub fn write_fen(pos: &Position) -> String {
    Fen::from(pos).to_string()
}
