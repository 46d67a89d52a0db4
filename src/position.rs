//! A position of any variant: cells and holes in a frame, hands, cages and state.
//!
//! One struct serves all seven variants (RULINGS G2): what differs between them is
//! which squares are cells, and the rules in [`crate::rules`]. Invariant: every
//! cell lies inside the frame `files × ranks`, whose lowest file and rank are 0
//! (QK5 re-normalises after every Quake move); everything else is a hole.

use crate::piece::{Color, Piece, Role};
use crate::square::{Square, MAILBOX};
use crate::variant::Variant;

/// Cell byte: an empty cell.
pub(crate) const EMPTY: u8 = 0;
/// Cell byte: not a cell (a hole, or outside the frame).
pub(crate) const HOLE: u8 = 0x80;
const BLACK_BIT: u8 = 0x10;
const ROLE_MASK: u8 = 0x0f;

#[inline]
pub(crate) fn encode(p: Piece) -> u8 {
    p.role as u8
        | if p.color == Color::Black {
            BLACK_BIT
        } else {
            0
        }
}

#[inline]
pub(crate) fn decode(b: u8) -> Option<Piece> {
    if b == EMPTY || b & HOLE != 0 {
        return None;
    }
    let color = if b & BLACK_BIT != 0 {
        Color::Black
    } else {
        Color::White
    };
    Role::from_u8(b & ROLE_MASK).map(|role| Piece { color, role })
}

/// Castling rights (FL8, CH1): each right names its rook. By default the
/// rook of a right is the end cell of the home rank on its side (FL8: it
/// moves with a slid rank); a right whose rook starts elsewhere (a Chess960
/// start) keeps that rook's file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling {
    bits: u8,
    /// The rook's file per right (`bit` order), `CORNER` for the end cell.
    files: [u8; 4],
}

/// A right's rook on the end cell of the home rank (the default).
const CORNER: u8 = 0;
/// `files` holds a file plus one, so that zero is `CORNER`.
const FILE_BIAS: u8 = 1;

/// The side of the board a castling right points to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CastleSide {
    /// Towards the h-side (`O-O`, FEN `K`/`k`).
    King,
    /// Towards the a-side (`O-O-O`, FEN `Q`/`q`).
    Queen,
}

impl Castling {
    /// No rights.
    pub const NONE: Castling = Castling {
        bits: 0,
        files: [CORNER; 4],
    };
    /// Every right of both sides, each with its rook on the end cell.
    pub const ALL: Castling = Castling {
        bits: 0b1111,
        files: [CORNER; 4],
    };

    #[inline]
    fn index(color: Color, side: CastleSide) -> usize {
        color.index() * 2 + (side == CastleSide::Queen) as usize
    }
    #[inline]
    fn bit(color: Color, side: CastleSide) -> u8 {
        1 << Castling::index(color, side)
    }
    /// Whether `color` may still castle towards `side`.
    pub fn has(self, color: Color, side: CastleSide) -> bool {
        self.bits & Castling::bit(color, side) != 0
    }
    /// Grants or removes `color`'s right towards `side`; a right removed
    /// forgets its rook's file.
    pub fn set(&mut self, color: Color, side: CastleSide, on: bool) {
        if on {
            self.bits |= Castling::bit(color, side);
        } else {
            self.bits &= !Castling::bit(color, side);
            self.files[Castling::index(color, side)] = CORNER;
        }
    }
    /// The file of the rook of `color`'s right towards `side`, when it is
    /// not the end cell of the home rank (a Chess960 start).
    pub fn rook_file(self, color: Color, side: CastleSide) -> Option<u8> {
        match self.files[Castling::index(color, side)] {
            CORNER => None,
            f => Some(f - FILE_BIAS),
        }
    }
    /// Sets the file of a right's rook (`None`: the end cell); callers
    /// pass `None` for the end cell itself, so equal rights compare equal.
    pub(crate) fn set_rook_file(&mut self, color: Color, side: CastleSide, file: Option<u8>) {
        self.files[Castling::index(color, side)] = file.map_or(CORNER, |f| f + FILE_BIAS);
    }
    /// Removes both of `color`'s rights.
    pub fn clear_color(&mut self, color: Color) {
        self.set(color, CastleSide::King, false);
        self.set(color, CastleSide::Queen, false);
    }
    /// Whether no right is left.
    pub fn is_empty(self) -> bool {
        self.bits == 0
    }
}

/// A position. Cheap to clone (a fixed-size array and a few counters).
#[derive(Clone)]
pub struct Position {
    pub(crate) cells: [u8; MAILBOX],
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) variant: Variant,
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Pieces in hand, indexed by colour and role (QK7).
    pub(crate) hands: [[u8; 13]; 2],
    /// Slide-chess cages by owner (SC0).
    pub(crate) cages: [Option<Square>; 2],
    /// Slide-chess: whether each player's previous turn was a relocation (SC1).
    pub(crate) relocated: [bool; 2],
    /// Crazyhouse: the pieces that were promoted pawns (they return to hand
    /// as pawns, ZH1), one bit per square, `rank * 8 + file`; 8×8 only.
    pub(crate) promoted: u64,
    /// Three-check: the checks each side still has to give (TC1).
    pub(crate) checks: Option<[u8; 2]>,
    kings: [Option<Square>; 2],
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.files == other.files
            && self.ranks == other.ranks
            && self.cells[..] == other.cells[..]
            && self.turn == other.turn
            && self.castling == other.castling
            // Kept only when capturable (`keep_ep_only_if_capturable`).
            && self.ep == other.ep
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.hands == other.hands
            && self.cages == other.cages
            && self.relocated == other.relocated
            && self.promoted == other.promoted
            && self.checks == other.checks
    }
}
impl Eq for Position {}

/// The board for `Debug`, top rank first: a piece by its code (a compound in
/// parentheses), `.` an empty cell, `*` a hole; ranks separated by `/`. Kept
/// apart from FEN so this layer needs no notation.
struct BoardDump<'a>(&'a Position);

impl std::fmt::Debug for BoardDump<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pos = self.0;
        f.write_str("\"")?;
        for rank in (0..pos.ranks).rev() {
            for file in 0..pos.files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                match pos.piece_at(sq) {
                    Some(p) if p.role.is_compound() => write!(f, "({p})")?,
                    Some(p) => write!(f, "{p}")?,
                    None if pos.is_cell(sq) => f.write_str(".")?,
                    None => f.write_str("*")?,
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str("\"")
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Position");
        d.field("variant", &self.variant)
            .field("board", &BoardDump(self))
            .field("turn", &self.turn)
            .field("castling", &self.castling)
            .field("ep", &self.ep)
            .field("halfmoves", &self.halfmoves)
            .field("fullmoves", &self.fullmoves);
        // Only what the variant has, so a chess position stays one line.
        if self.variant.has_hands() {
            d.field("hands", &self.hands);
        }
        if self.promoted != 0 {
            d.field("promoted", &format_args!("{:#x}", self.promoted));
        }
        if let Some(checks) = self.checks {
            d.field("checks", &checks);
        }
        if self.variant.has_cages() {
            d.field("cages", &self.cages)
                .field("relocated", &self.relocated);
        }
        d.finish()
    }
}

impl Position {
    /// An empty frame of `files × ranks` where every square is a hole.
    pub(crate) fn empty(variant: Variant, files: u8, ranks: u8) -> Position {
        Position {
            cells: [HOLE; MAILBOX],
            files,
            ranks,
            variant,
            turn: Color::White,
            castling: Castling::NONE,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            hands: [[0; 13]; 2],
            cages: [None, None],
            relocated: [false, false],
            promoted: 0,
            checks: None,
            kings: [None, None],
        }
    }

    /// The variant whose rules apply.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The castling rights left (FL8, G4).
    pub fn castling(&self) -> Castling {
        self.castling
    }
    /// The en passant target square (the square the double-stepping pawn
    /// crossed), present only when a legal en passant capture exists.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    /// Plies since the last capture or pawn move (G5).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The move number, from 1, counted up after Black moves.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// Frame size: (files, ranks).
    pub fn frame(&self) -> (u8, u8) {
        (self.files, self.ranks)
    }
    /// How many pieces of `role` `color` holds in hand.
    pub fn in_hand(&self, color: Color, role: Role) -> u8 {
        self.hands[color.index()][role as usize]
    }
    /// The square of `color`'s cage (Slide-chess).
    pub fn cage(&self, color: Color) -> Option<Square> {
        self.cages[color.index()]
    }
    /// The owner of the cage on `sq`, if any.
    pub fn cage_owner(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.cages[c.index()] == Some(sq))
    }
    /// Crazyhouse: whether the piece on `sq` was a promoted pawn (ZH1).
    pub fn is_promoted(&self, sq: Square) -> bool {
        promoted_bit(sq).is_some_and(|b| self.promoted & b != 0)
    }
    /// Three-check: the checks `color` still has to give to win (TC1);
    /// `None` in variants that do not count checks.
    pub fn remaining_checks(&self, color: Color) -> Option<u8> {
        self.checks.map(|c| c[color.index()])
    }
    /// Whether `color`'s previous turn was a cage relocation (SC1).
    pub fn relocated_last(&self, color: Color) -> bool {
        self.relocated[color.index()]
    }

    /// Whether `sq` is a cell of the board (not a hole).
    #[inline]
    pub fn is_cell(&self, sq: Square) -> bool {
        self.cells[sq.index()] & HOLE == 0
    }
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.cells[sq.index()])
    }
    #[inline]
    pub(crate) fn raw(&self, sq: Square) -> u8 {
        self.cells[sq.index()]
    }
    /// The king of `color`, if there is exactly one on a cell.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// All squares of the frame, rank by rank from rank 1, file by file.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).filter_map(move |f| Square::new(f, r)))
    }
    /// All cells of the frame.
    pub fn cells(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares().filter(|&sq| self.is_cell(sq))
    }

    /// Puts `piece` on the cell `sq` (or empties it).
    #[inline]
    pub(crate) fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let old = self.cells[sq.index()];
        if let Some(p) = decode(old) {
            if p.role == Role::King && self.kings[p.color.index()] == Some(sq) {
                self.kings[p.color.index()] = None;
            }
        }
        self.cells[sq.index()] = piece.map_or(EMPTY, encode);
        if let Some(p) = piece {
            if p.role == Role::King {
                self.kings[p.color.index()] = Some(sq);
            }
        }
    }
    /// Makes `sq` a cell (empty) or a hole.
    pub(crate) fn set_cell(&mut self, sq: Square, cell: bool) {
        self.set(sq, None);
        if !cell {
            self.cells[sq.index()] = HOLE;
        }
    }
    /// Writes a raw cell byte; the caller must call [`Position::refresh_kings`].
    #[inline]
    #[allow(dead_code)] // used by the variants that move whole lines of cells
    pub(crate) fn set_raw(&mut self, sq: Square, b: u8) {
        self.cells[sq.index()] = b;
    }
    /// `clone_from` that copies only the mailbox rows the two frames use:
    /// every other byte is a hole in both (the invariant of this type), so
    /// the result equals `src`. For accelerators that copy a board per ply.
    pub(crate) fn clone_frame_from(&mut self, src: &Position) {
        let first = Square::new(0, 0).map_or(0, Square::index);
        let end = first + usize::from(self.ranks.max(src.ranks)) * crate::square::STRIDE as usize;
        let end = end.min(MAILBOX);
        self.cells[first..end].copy_from_slice(&src.cells[first..end]);
        self.files = src.files;
        self.ranks = src.ranks;
        self.variant = src.variant;
        self.turn = src.turn;
        self.castling = src.castling;
        self.ep = src.ep;
        self.halfmoves = src.halfmoves;
        self.fullmoves = src.fullmoves;
        self.hands = src.hands;
        self.cages = src.cages;
        self.relocated = src.relocated;
        self.promoted = src.promoted;
        self.checks = src.checks;
        self.kings = src.kings;
    }
    /// The king cache after raw writes that carried both kings to `kings`
    /// (a quake's), where their cells now hold them: no scan.
    pub(crate) fn kings_carried_to(&mut self, kings: [Square; 2]) {
        debug_assert!(Color::ALL
            .iter()
            .zip(kings)
            .all(|(&c, k)| self.piece_at(k) == Some(Piece::new(c, Role::King))));
        self.kings = kings.map(Some);
    }
    /// Recomputes the king cache after raw writes (slides, quakes, pushes).
    pub(crate) fn refresh_kings(&mut self) {
        let mut kings = [None, None];
        for sq in self.squares() {
            if let Some(p) = self.piece_at(sq).filter(|p| p.role == Role::King) {
                kings[p.color.index()] = Some(sq);
            }
        }
        self.kings = kings;
    }
    pub(crate) fn add_to_hand(&mut self, color: Color, role: Role, n: i16) {
        let slot = &mut self.hands[color.index()][role as usize];
        *slot = (*slot as i16 + n).clamp(0, u8::MAX as i16) as u8;
    }
    pub(crate) fn count_kings(&self, color: Color) -> usize {
        self.squares()
            .filter(|&sq| self.piece_at(sq) == Some(Piece::new(color, Role::King)))
            .count()
    }
}

/// The bit of `sq` in [`Position::promoted`], on an 8×8 board.
pub(crate) fn promoted_bit(sq: Square) -> Option<u64> {
    (sq.file() < 8 && sq.rank() < 8).then(|| 1u64 << (sq.rank() * 8 + sq.file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_shows_the_board_without_fen() {
        let mut pos = Position::empty(Variant::Chess, 3, 2);
        pos.set_cell(Square::new(0, 0).unwrap(), true);
        pos.set(
            Square::new(0, 0).unwrap(),
            Some(Piece::new(Color::White, Role::King)),
        );
        pos.set_cell(Square::new(2, 1).unwrap(), true);
        pos.set_cell(Square::new(1, 1).unwrap(), true);
        pos.set(
            Square::new(1, 1).unwrap(),
            Some(Piece::new(Color::Black, Role::RookKnight)),
        );
        let text = format!("{pos:?}");
        assert!(text.contains(r#"board: "*(rn)./K**""#), "{text}");
        assert!(text.contains("turn: White"), "{text}");
        assert!(!text.contains("hands"), "{text}");
    }
}
