//! What a position read from a FEN must hold (CH1): the castling rights and
//! the en passant square it claims must be ones the board can have, as
//! python-chess's `Board.status()` and shakmaty's `Setup` → `Position`
//! require. A fault names the FEN field it is in, so the reader can point
//! at it.

use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::castling::{castle_corner, castle_rook};
use crate::rules::movegen::{forward, home_rank};
use crate::square::Square;

/// The part of a FEN a fault is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The board, or the position as a whole.
    Board,
    /// The pieces in hand.
    Pockets,
    /// One castling right.
    Castling(Color, CastleSide),
    /// The en passant square.
    EnPassant,
    /// Slide-chess's cages.
    Cages,
    /// Three-check's check counters.
    Checks,
}

/// Why a position read from a FEN is not one of its variant's: the field at
/// fault, the ruling, and what the field needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfit {
    /// Where the fault is.
    pub field: Field,
    /// The ruling that requires it, if one does.
    pub ruling: Option<&'static str>,
    /// What is expected, and what is there instead.
    pub expected: String,
}

impl Unfit {
    /// A fault in `field` under `ruling`.
    pub fn new(field: Field, ruling: &'static str, expected: impl Into<String>) -> Unfit {
        Unfit {
            field,
            ruling: Some(ruling),
            expected: expected.into(),
        }
    }
}

impl From<&'static str> for Unfit {
    /// A fault of the board, worded as the rest of a sentence.
    fn from(why: &'static str) -> Unfit {
        Unfit {
            field: Field::Board,
            ruling: None,
            expected: why.to_owned(),
        }
    }
}

/// `White's` or `Black's`.
pub(crate) fn owner(color: Color) -> String {
    format!("{}'s", color.name())
}

/// What stands on `sq`, for a message: `g1 is empty`, `h1 holds a White knight`.
pub(crate) fn holding(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        None => format!("{sq} is empty"),
        Some(p) => format!("{sq} holds a {} {}", p.color.name(), p.role.name()),
    }
}

/// Where `color`'s king stands, for a message.
pub(crate) fn king_place(pos: &Position, color: Color) -> String {
    match pos.king(color) {
        Some(k) => format!("the king stands on {k}"),
        None => "there is no king".to_owned(),
    }
}

/// CH1: a right of orthodox chess (and Grid, Rank and File) needs the king
/// on the e-file of its home rank and the rook on the corner it names.
pub fn fide_squares(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
    let home = home_rank(pos, color);
    let (Some(king_home), Some(corner)) = (Square::new(4, home), castle_corner(pos, color, side))
    else {
        return Err("the castling rights need a home rank".into());
    };
    let rook = Piece::new(color, Role::Rook);
    let named = castle_rook(pos, color, side);
    let mut faults = Vec::new();
    if pos.king(color) != Some(king_home) {
        faults.push(king_place(pos, color));
    }
    if named != Some(corner) {
        let at = named.map_or_else(String::new, |sq| format!(" on {sq}"));
        faults.push(format!("it names the rook{at}"));
    } else if pos.piece_at(corner) != Some(rook) {
        faults.push(holding(pos, corner));
    }
    let needs = format!(
        "{} king on {king_home} and rook on {corner} (CH1)",
        owner(color)
    );
    unless_faults(Field::Castling(color, side), "CH1", needs, &faults)
}

/// CH1: an en passant square needs the pawn that just double-stepped
/// beyond it, and the square and the one behind it empty.
pub fn en_passant(pos: &Position) -> Result<(), Unfit> {
    let Some(ep) = pos.ep else { return Ok(()) };
    let (us, them) = (pos.turn, pos.turn.other());
    let pawn = ep.offset(-forward(us));
    let behind = ep.offset(forward(us));
    let mut faults = Vec::new();
    if pos.piece_at(pawn) != Some(Piece::new(them, Role::Pawn)) {
        faults.push(holding(pos, pawn));
    }
    for sq in [ep, behind] {
        if pos.piece_at(sq).is_some() {
            faults.push(holding(pos, sq));
        }
    }
    let needs = format!(
        "'-' or the square a {} pawn just crossed: {ep} needs a {} pawn on {pawn} and {ep}, \
         {behind} empty (CH1)",
        them.name(),
        them.name(),
    );
    unless_faults(Field::EnPassant, "CH1", needs, &faults)
}

/// `Ok` when there are no `faults`; else the fault in `field` under
/// `ruling`: what the field `needs`, but the faults found.
pub(crate) fn unless_faults(
    field: Field,
    ruling: &'static str,
    needs: String,
    faults: &[String],
) -> Result<(), Unfit> {
    if faults.is_empty() {
        return Ok(());
    }
    Err(Unfit::new(
        field,
        ruling,
        format!("{needs}, but {}", faults.join(" and ")),
    ))
}
