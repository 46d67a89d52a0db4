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
//! ```
//! use fvnote::notation::fen::{read_fen, write_fen};
//! use fvnote::Variant;
//! let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let pos = read_fen(start, Variant::Chess).unwrap();
//! assert_eq!(write_fen(&pos), start);
//! let err = read_fen("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Variant::Chess)
//!     .unwrap_err();
//! assert_eq!(err.to_string(),
//!     "invalid FEN: board field, character 14 'x': expected a piece letter, a digit, '*' or '/'");
//! ```

use std::fmt;

use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::Variant;
use crate::square::{parse_square, Square, MAX_FILES, MAX_RANKS};

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    Board,
    Pockets,
    Turn,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
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

/// A malformed or impossible FEN: the field, the 1-based character position and
/// the character found (if any), and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub field: FenField,
    /// 1-based character index into the FEN text (0 for the position as a whole).
    pub column: usize,
    pub found: Option<char>,
    pub expected: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.field)?;
        match (self.column, self.found) {
            (0, _) => {}
            (c, Some(ch)) => write!(f, ", character {c} {ch:?}")?,
            (c, None) => write!(f, ", character {c} (end of text)")?,
        }
        write!(f, ": expected {}", self.expected)
    }
}

impl std::error::Error for FenError {}

struct Cursor<'a> {
    chars: Vec<(usize, char)>,
    i: usize,
    text: &'a str,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }
    fn column(&self) -> usize {
        self.i + 1
    }
    fn err(&self, field: FenField, expected: impl Into<String>) -> FenError {
        FenError {
            field,
            column: self.column(),
            found: self.peek(),
            expected: expected.into(),
        }
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    /// Reads up to the next space (or end).
    fn word(&mut self) -> (usize, &str) {
        let start_col = self.column();
        let start = self.chars.get(self.i).map_or(self.text.len(), |&(b, _)| b);
        while self.peek().is_some_and(|c| c != ' ') {
            self.i += 1;
        }
        let end = self.chars.get(self.i).map_or(self.text.len(), |&(b, _)| b);
        (start_col, &self.text[start..end])
    }
}

/// One square of the parsed board.
#[derive(Clone, Copy)]
enum Sq {
    Hole,
    Empty,
    Piece(Piece),
}

fn piece_token(c: &mut Cursor<'_>, field: FenField) -> Result<Option<Piece>, FenError> {
    let Some(ch) = c.peek() else { return Ok(None) };
    if ch == '(' {
        let open = c.i;
        c.i += 1;
        let (a, b) = (c.peek(), c.chars.get(c.i + 1).map(|&(_, x)| x));
        let (Some(a), Some(b)) = (a, b) else {
            return Err(c.err(field, "a two-letter piece such as (BR) or (nb)"));
        };
        let upper = a.is_ascii_uppercase();
        let code: String = [a, b].iter().collect::<String>().to_ascii_uppercase();
        let role = Role::from_code(&code).filter(|r| r.is_compound());
        if role.is_none() || a.is_ascii_uppercase() != b.is_ascii_uppercase() {
            return Err(c.err(field, "a two-letter piece: RN RB NR NB BR BN, one case"));
        }
        c.i += 2;
        if !c.eat(')') {
            return Err(c.err(field, "')' closing the two-letter piece"));
        }
        let _ = open;
        let color = if upper { Color::White } else { Color::Black };
        return Ok(role.map(|r| Piece::new(color, r)));
    }
    match Role::from_char(ch) {
        Some(role) if ch.is_ascii_alphabetic() => {
            c.i += 1;
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            Ok(Some(Piece::new(color, role)))
        }
        _ => Ok(None),
    }
}

/// Reads a FEN for `variant`.
pub fn read_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
    let mut c = Cursor {
        chars: text.char_indices().collect(),
        i: 0,
        text,
    };
    // Board: ranks from the top.
    let mut rows: Vec<Vec<Sq>> = vec![Vec::new()];
    while let Some(ch) = c.peek().filter(|&ch| ch != ' ' && ch != '[') {
        if ch == '/' {
            rows.push(Vec::new());
            c.i += 1;
            if rows.len() > MAX_RANKS as usize {
                return Err(c.err(FenField::Board, format!("at most {MAX_RANKS} ranks")));
            }
            continue;
        }
        let row = rows.last_mut().expect("rows is never empty");
        if ch == '*' {
            row.push(Sq::Hole);
            c.i += 1;
        } else if ch.is_ascii_digit() && ch != '0' {
            let start = c.i;
            let mut n: usize = 0;
            while let Some(d) = c.peek().and_then(|x| x.to_digit(10)) {
                n = n * 10 + d as usize;
                c.i += 1;
                if n > MAX_FILES as usize {
                    c.i = start;
                    return Err(c.err(
                        FenField::Board,
                        format!("a run of at most {MAX_FILES} empty cells"),
                    ));
                }
            }
            row.extend(std::iter::repeat_n(Sq::Empty, n));
        } else {
            match piece_token(&mut c, FenField::Board)? {
                Some(p) => row.push(Sq::Piece(p)),
                None => {
                    return Err(c.err(FenField::Board, "a piece letter, a digit, '*' or '/'"));
                }
            }
        }
        if row.len() > MAX_FILES as usize {
            return Err(c.err(FenField::Board, format!("at most {MAX_FILES} files")));
        }
    }
    let width = rows[0].len();
    if width == 0 {
        return Err(c.err(FenField::Board, "a board with at least one square per rank"));
    }
    if let Some(k) = rows.iter().position(|r| r.len() != width) {
        return Err(FenError {
            field: FenField::Board,
            column: 0,
            found: None,
            expected: format!(
                "every rank as wide as the first ({width} squares); rank {} from the top has {}",
                k + 1,
                rows[k].len()
            ),
        });
    }
    let (files, ranks) = (width as u8, rows.len() as u8);
    let mut pos = Position::empty(variant, files, ranks);
    for (k, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - k as u8;
        for (f, sq) in row.iter().enumerate() {
            let Some(s) = Square::new(f as u8, rank) else {
                continue;
            };
            match *sq {
                Sq::Hole => pos.set_cell(s, false),
                Sq::Empty => pos.set_cell(s, true),
                Sq::Piece(p) => {
                    pos.set_cell(s, true);
                    pos.set(s, Some(p));
                }
            }
        }
    }
    // Pockets.
    if c.eat('[') {
        if !variant.has_hands() {
            c.i -= 1;
            return Err(c.err(
                FenField::Pockets,
                format!("no pockets: {variant} has no drops"),
            ));
        }
        while !c.eat(']') {
            match piece_token(&mut c, FenField::Pockets)? {
                Some(p) if p.role != Role::King => pos.add_to_hand(p.color, p.role, 1),
                _ => return Err(c.err(FenField::Pockets, "a piece letter (not a king) or ']'")),
            }
        }
    }
    let field_sep = |c: &mut Cursor<'_>, field: FenField| -> Result<(), FenError> {
        if c.eat(' ') {
            Ok(())
        } else {
            Err(c.err(field, "a single space before the next field"))
        }
    };
    field_sep(&mut c, FenField::Turn)?;
    pos.turn = match c.peek() {
        Some('w') => Color::White,
        Some('b') => Color::Black,
        _ => return Err(c.err(FenField::Turn, "'w' or 'b'")),
    };
    c.i += 1;
    // Castling.
    field_sep(&mut c, FenField::Castling)?;
    if !c.eat('-') {
        let mut any = false;
        while let Some(ch) = c.peek().filter(|&x| x != ' ') {
            let (color, side) = match ch {
                'K' => (Color::White, CastleSide::King),
                'Q' => (Color::White, CastleSide::Queen),
                'k' => (Color::Black, CastleSide::King),
                'q' => (Color::Black, CastleSide::Queen),
                _ => return Err(c.err(FenField::Castling, "'-' or letters from KQkq")),
            };
            if pos.castling.has(color, side) {
                return Err(c.err(FenField::Castling, "each of KQkq at most once"));
            }
            if !variant.has_castling() {
                return Err(c.err(
                    FenField::Castling,
                    format!("'-': {variant} has no castling"),
                ));
            }
            pos.castling.set(color, side, true);
            any = true;
            c.i += 1;
        }
        if !any {
            return Err(c.err(FenField::Castling, "'-' or letters from KQkq"));
        }
    }
    // En passant.
    field_sep(&mut c, FenField::EnPassant)?;
    let ep_col = c.column();
    if !c.eat('-') {
        let (col, w) = c.word();
        let sq = parse_square(w.as_bytes()).ok_or_else(|| FenError {
            field: FenField::EnPassant,
            column: col,
            found: w.chars().next(),
            expected: "'-' or a square such as e3".into(),
        })?;
        let want_rank = match pos.turn {
            Color::White => ranks.wrapping_sub(3),
            Color::Black => 2,
        };
        if !variant.has_en_passant() || sq.rank() != want_rank || sq.file() >= files {
            return Err(FenError {
                field: FenField::EnPassant,
                column: ep_col,
                found: w.chars().next(),
                expected: format!(
                    "'-' or a square on rank {} behind a pawn that just moved two",
                    want_rank as u32 + 1
                ),
            });
        }
        pos.ep = Some(sq);
    }
    // Counters are optional (many records omit them).
    if c.peek().is_some() {
        field_sep(&mut c, FenField::Halfmove)?;
        pos.halfmoves = counter(&mut c, FenField::Halfmove)?;
        field_sep(&mut c, FenField::Fullmove)?;
        pos.fullmoves = counter(&mut c, FenField::Fullmove)?.max(1);
    }
    if variant.has_cages() {
        field_sep(&mut c, FenField::Cages)?;
        for color in Color::ALL {
            let start = c.i;
            let mut end = c.i;
            while c
                .chars
                .get(end)
                .is_some_and(|&(_, x)| x.is_ascii_alphanumeric())
                && (end == start || c.chars[end].1.is_ascii_digit())
            {
                end += 1;
            }
            let name: String = c.chars[start..end].iter().map(|&(_, x)| x).collect();
            let sq = parse_square(name.as_bytes())
                .filter(|&s| s.file() < files && s.rank() < ranks && pos.is_cell(s));
            let Some(sq) = sq else {
                return Err(c.err(
                    FenField::Cages,
                    format!(
                        "the {} cage's square, a cell of the ring (e.g. e8e1)",
                        color.name()
                    ),
                ));
            };
            c.i = end;
            pos.cages[color.index()] = Some(sq);
            pos.relocated[color.index()] = c.eat('!');
        }
        if pos.cages[0] == pos.cages[1] {
            return Err(FenError {
                field: FenField::Cages,
                column: 0,
                found: None,
                expected: "two cages on different squares".into(),
            });
        }
    }
    if c.peek().is_some() {
        return Err(c.err(FenField::Position, "the end of the FEN"));
    }
    pos.refresh_kings();
    pos.validate_rules().map_err(|why| FenError {
        field: FenField::Position,
        column: 0,
        found: None,
        expected: format!("a legal {variant} position, but {why}"),
    })?;
    pos.keep_ep_only_if_capturable();
    Ok(pos)
}

fn counter(c: &mut Cursor<'_>, field: FenField) -> Result<u32, FenError> {
    let start = c.i;
    let mut n: u32 = 0;
    while let Some(d) = c.peek().and_then(|x| x.to_digit(10)) {
        n = match n.checked_mul(10).and_then(|n| n.checked_add(d)) {
            Some(n) => n,
            None => {
                c.i = start;
                return Err(c.err(field, "a number below 4294967296"));
            }
        };
        c.i += 1;
    }
    if c.i == start {
        return Err(c.err(field, "a number"));
    }
    Ok(n)
}

fn push_piece(out: &mut String, p: Piece) {
    let code = p.code();
    if code.len() > 1 {
        out.push('(');
        out.push_str(&code);
        out.push(')');
    } else {
        out.push_str(&code);
    }
}

/// The board field (without pockets).
pub fn write_board(pos: &Position) -> String {
    let (files, ranks) = pos.frame();
    let mut out = String::with_capacity(96);
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let piece = pos.piece_at(sq);
            if pos.is_cell(sq) && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            match piece {
                Some(p) => push_piece(&mut out, p),
                None => out.push('*'),
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Writes the FEN of `pos`; [`read_fen`] reads it back to the same position.
pub fn write_fen(pos: &Position) -> String {
    let mut out = write_board(pos);
    let variant = pos.variant();
    if variant.has_hands() {
        out.push('[');
        for color in Color::ALL {
            for role in Role::ALL {
                for _ in 0..pos.in_hand(color, role) {
                    push_piece(&mut out, Piece::new(color, role));
                }
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(pos.turn().char());
    out.push(' ');
    let rights = pos.castling();
    if rights.is_empty() {
        out.push('-');
    }
    for (color, side, ch) in [
        (Color::White, CastleSide::King, 'K'),
        (Color::White, CastleSide::Queen, 'Q'),
        (Color::Black, CastleSide::King, 'k'),
        (Color::Black, CastleSide::Queen, 'q'),
    ] {
        if rights.has(color, side) {
            out.push(ch);
        }
    }
    out.push(' ');
    match pos.ep_square() {
        Some(sq) => out.push_str(&sq.to_string()),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmoves(), pos.fullmoves()));
    if variant.has_cages() {
        out.push(' ');
        for color in Color::ALL {
            if let Some(sq) = pos.cage(color) {
                out.push_str(&sq.to_string());
            }
            if pos.relocated_last(color) {
                out.push('!');
            }
        }
    }
    out
}
