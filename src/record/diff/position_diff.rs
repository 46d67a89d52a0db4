//! The parts of a position diff, as text for words and JSON.

use serde::Serialize;

use crate::square::Square;

/// A piece on a square, as text (`e4`, `P`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// The square, e.g. `e4`.
    pub square: String,
    /// The piece code in its colour's case, e.g. `P`.
    pub piece: String,
}

/// A piece that left one square for another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moved {
    /// The piece code in its colour's case (as it is in A).
    pub piece: String,
    /// The square it left. Within one game, named in the later position's
    /// frame (`A's e1` when that frame has no name for it).
    pub from: String,
    /// The square it is on now, named likewise.
    pub to: String,
    /// What it captured on the way, if anything.
    pub captured: Option<String>,
    /// Within one game: it never moved itself; a quake, slide or cage
    /// carried it with its cell.
    #[serde(skip_serializing_if = "is_false")]
    pub carried: bool,
    /// What it is in B, when it was promoted on the way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub became: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A square whose occupant changed to a different piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replaced {
    /// The square.
    pub square: String,
    /// The piece code in A.
    pub before: String,
    /// The piece code in B.
    pub after: String,
}

/// A value that differs: before and after, as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The value in A.
    pub before: String,
    /// The value in B.
    pub after: String,
}

/// How the pieces of A and B were paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pairing {
    /// By square name: the names mean the same places in both.
    #[default]
    Square,
    /// Followed through the plies of one game ([`diff_tracked`](super::diff_tracked)).
    Identity,
    /// Not at all: the frames differ, so only material is compared.
    None,
}

/// A ply where the frame was re-lettered between A and B (QK5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReletterAt {
    /// The ply.
    pub ply: usize,
    /// Its move.
    pub san: String,
}

/// How the names of A's squares changed on the way to B (QK5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relettering {
    /// Files added to a name of A to name the same place in B.
    pub files: i16,
    /// Ranks added likewise.
    pub ranks: i16,
    /// The plies that re-lettered, in game order.
    pub at: Vec<ReletterAt>,
    /// One of A's squares and its name in B, e.g. `("e1", "f1")`.
    pub example: Option<(String, String)>,
}

/// A capture, pocketing, drop or promotion between two positions of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceEvent {
    /// The ply.
    pub ply: usize,
    /// Its move.
    pub san: String,
    /// `captured`, `pocketed`, `dropped`, `promoted` (or, never for a legal
    /// game, `vanished`, `appeared`).
    pub kind: &'static str,
    /// The piece (after a promotion, what it became).
    pub piece: String,
    /// Where, in the frame the move was played from.
    pub square: String,
    /// The capturer, or the role a promoted piece had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// Everything that differs between two positions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PositionDiff {
    /// A's FEN.
    pub fen_a: String,
    /// B's FEN.
    pub fen_b: String,
    /// How pieces were paired.
    pub pairing: Pairing,
    /// The plies of A and B when both are positions of one game.
    pub plies: Option<(usize, usize)>,
    /// The variants, if they differ.
    pub variant: Option<Change>,
    /// The frame sizes (`files×ranks`), if they differ.
    pub frame: Option<Change>,
    /// How the squares were re-lettered between A and B (one game only).
    pub relettered: Option<Relettering>,
    /// Holes of A that are cells in B.
    pub became_cells: Vec<String>,
    /// Cells of A that are holes in B.
    pub became_holes: Vec<String>,
    /// Pieces only in B.
    pub added: Vec<Placed>,
    /// Pieces only in A.
    pub removed: Vec<Placed>,
    /// Pieces of A found on another square in B.
    pub moved: Vec<Moved>,
    /// Squares holding different pieces in A and B.
    pub replaced: Vec<Replaced>,
    /// Captures, pocketings, drops and promotions between A and B, in game
    /// order (one game only).
    pub events: Vec<PieceEvent>,
    /// Pieces on the board by code, where the counts differ, when the
    /// frames differ and squares are not paired.
    pub material: Vec<(String, u32, u32)>,
    /// Hand counts that differ, e.g. `White N`.
    pub hands: Vec<(String, u8, u8)>,
    /// The side to move, if it differs.
    pub turn: Option<Change>,
    /// The castling rights, if they differ.
    pub castling: Option<Change>,
    /// The en passant square, if it differs.
    pub en_passant: Option<Change>,
    /// The halfmove clock, if it differs.
    pub halfmoves: Option<Change>,
    /// The fullmove number, if it differs.
    pub fullmoves: Option<Change>,
    /// Cage squares that differ, by side (Slide-chess).
    pub cages: Vec<(String, Change)>,
    /// Whether each side's last turn was a cage relocation, where it
    /// differs, by side (Slide-chess, SC1).
    pub relocated: Vec<(String, Change)>,
    /// Squares of A to mark in a side-by-side diagram.
    #[serde(skip)]
    pub marked_a: Vec<Square>,
    /// Squares of B to mark likewise.
    #[serde(skip)]
    pub marked_b: Vec<Square>,
}

impl PositionDiff {
    /// Whether the positions are the same (QK5: positions that differ only
    /// by a shift of the names are the same).
    pub fn is_empty(&self) -> bool {
        self.variant.is_none()
            && self.frame.is_none()
            && self.pairing != Pairing::None
            && self.became_cells.is_empty()
            && self.became_holes.is_empty()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.moved.is_empty()
            && self.replaced.is_empty()
            && self.material.is_empty()
            && self.hands.is_empty()
            && self.turn.is_none()
            && self.castling.is_none()
            && self.en_passant.is_none()
            && self.halfmoves.is_none()
            && self.fullmoves.is_none()
            && self.cages.is_empty()
            && self.relocated.is_empty()
    }
}
