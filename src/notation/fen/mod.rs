//! FEN, standard and extended (`notation/fen.md`).
//!
//! Chess, Grid and Rank and File use the standard six fields. The extension, for
//! the other variants, keeps the standard layout and adds only what legality
//! depends on:
//! - `*` is a hole (a square of the frame that is not a cell; Fairy-Stockfish
//!   writes walls so), so Fault Line's slid ranks and Quake's shape are visible;
//! - `[...]` right after the board lists pieces in hand (the crazyhouse form);
//! - `(BR)` / `(br)` is a two-letter Quake LB piece, hunter first;
//! - `~` after a piece marks a promoted pawn (Crazyhouse);
//! - Three-check's counters: `3+3` (checks to give) after the en passant
//!   field, or lichess's `+0+0` (checks given) at the end;
//! - Slide-chess adds a seventh field with the White and Black cage squares, each
//!   followed by `!` when that player's previous turn was a relocation (SC1).
//!
//! Reading is two steps, as for move tokens: [`Fen`]'s `FromStr` checks the
//! text against the grammar (nom parsers, one per field), and
//! [`Fen::position`] sets up a [`Position`] of a variant, checking what the
//! variant allows. [`read_fen`] does both.
//!
//! The files: `error.rs` (where and what), `grammar.rs` (the nom parsers),
//! `setup.rs` (fields to a position), `writer.rs` (a position to text).
//!
//! ```
//! use fvnote::notation::fen::{read_fen, write_fen, Fen};
//! use fvnote::variant::Variant;
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

mod error;
mod grammar;
mod setup;
mod writer;

use crate::piece::{Color, Piece};
use crate::position::{CastleSide, Position};
use crate::square::{Square, MAX_FILES, MAX_RANKS};
use crate::variant::Variant;

pub use error::{FenError, FenField};
pub use writer::{write_board, write_fen};

/// One square of a FEN board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenSquare {
    /// `*`: a square of the frame that is not a cell (G2).
    Hole,
    /// An empty cell (part of a digit run).
    Empty,
    /// A cell with a piece.
    Piece(Piece),
    /// A cell with a piece that was a promoted pawn (Crazyhouse's `~`, ZH1).
    Promoted(Piece),
}

/// Three-check's counters as written (TC1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenChecks {
    /// The checks White and Black still have to give, `3+3` after the en
    /// passant field (python-chess, shakmaty; what fvnote writes).
    Remaining([u8; 2]),
    /// The checks White and Black have given, `+0+0` after the move
    /// number (lichess).
    Given([u8; 2]),
}

impl FenChecks {
    /// The checks each side still has to give.
    pub fn remaining(self) -> [u8; 2] {
        match self {
            FenChecks::Remaining(r) => r,
            FenChecks::Given(g) => g.map(|n| 3u8.saturating_sub(n)),
        }
    }
}

/// One letter of the castling field (`notation/fen.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleLetter {
    /// `K`/`k`, X-FEN: the outermost rook on the king's h-side.
    King,
    /// `Q`/`q`, X-FEN: the outermost rook on the king's a-side.
    Queen,
    /// `A`–`H`/`a`–`h`, Shredder-FEN: the rook on this file (0 = `a`).
    File(u8),
}

impl CastleLetter {
    /// The letter in `color`'s case.
    pub fn char(self, color: Color) -> char {
        let c = match self {
            CastleLetter::King => 'k',
            CastleLetter::Queen => 'q',
            CastleLetter::File(f) => char::from(b'a' + f),
        };
        match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    /// The side an X-FEN letter names (`None` for a file).
    pub fn side(self) -> Option<CastleSide> {
        match self {
            CastleLetter::King => Some(CastleSide::King),
            CastleLetter::Queen => Some(CastleSide::Queen),
            CastleLetter::File(_) => None,
        }
    }
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
    pub castling: Vec<(Color, CastleLetter)>,
    /// The en passant square, if written.
    pub ep: Option<Square>,
    /// The halfmove clock and fullmove number, if written.
    pub counters: Option<(u32, u32)>,
    /// Slide-chess: each side's cage and whether its last turn relocated it.
    pub cages: Option<[(Square, bool); 2]>,
    /// Three-check: the check counters, if written.
    pub checks: Option<FenChecks>,
    /// Whether the pockets were written as a last rank (`…/RNBQKBNR/Pp`)
    /// rather than in brackets.
    pub pocket_rank: bool,
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
    /// The check counters (Three-check).
    checks: Option<FenError>,
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
            self.checks,
            self.pocket_rank,
        ) == (
            &other.board,
            &other.pockets,
            other.turn,
            &other.castling,
            other.ep,
            other.counters,
            other.cages,
            other.checks,
            other.pocket_rank,
        )
    }
}

impl Eq for Fen {}

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

/// Reads a FEN for `variant`.
pub fn read_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
    text.parse::<Fen>()?.position(variant)
}
