//! The accelerators: for each family of variants at most one, beside its
//! rules ([`Rules`](super::Rules)), behind one trait ([`Accelerator`]).
//!
//! The rules explain: `candidates` and `check` say why a move is illegal
//! (`Illegal { ruling, reason }`). An accelerator only decides fast what it
//! can prove: the legal origins of the moves onto a square, the one move
//! between two squares, castling, the variant's own moves (drops, slides,
//! quakes, cage moves), the check a move gives, the game's end. Whatever it
//! does not prove it declines, and the caller goes back to the reference
//! [`Position`] and the rules, which produce every diagnostic. So an
//! accelerator never decides a verdict the rules would not.
//!
//! | variants | accelerator |
//! |---|---|
//! | chess (CH1) | [`chess::FastChess`], on `cozy_chess` bitboards |
//! | Grid, Rank and File (GR, RF) | [`masked::FastMasked`], orthodox bitboards masked by GR1 sections or RF1 lines |
//! | Fault Line (FL) | [`fault_line::FastFaultLine`], 8×8 bitboards with a mask of cells |
//! | Slide-chess (SC) | [`slide::FastSlide`], 128-bit boards of the 9×8 frame |
//! | Quake Chess (QK) | [`quake::FastQuake`], the reference position beside its cells as bit rows |
//!
//! The callers are generic over the trait: the replay's token matcher
//! (`record::replay::fast`) and the Game Courier turn matcher
//! (`record::gamecourier::fast`).

pub(crate) mod board8;
pub mod chess;
pub mod fault_line;
pub mod masked;
mod pos;
pub mod quake;
pub mod slide;

pub(crate) use pos::{with_fast, FastPos};

use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
pub(crate) use crate::rules::game_end;
use crate::rules::Outcome;
use crate::square::Square;
use crate::variant::Variant;

/// What a move does to the side that moves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMark {
    /// No check.
    None,
    /// Check, with a legal reply.
    Check,
    /// Check without a legal reply.
    Mate,
}

/// A set of squares, as an accelerator answers
/// [`Accelerator::legal_origins`]: the questions SAN's disambiguation asks.
pub trait SquareSet: Copy {
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
    /// The squares, rank by rank from the first.
    fn iter(self) -> impl Iterator<Item = Square>;
    /// Whether `sq` is in the set.
    fn contains(self, sq: Square) -> bool {
        self.iter().any(|s| s == sq)
    }
}

/// The piece moves a SAN token (`Nf3`, `exd5`, `e8=Q`) or a board edit
/// asks about: those of a `role` piece of the side to move onto `to`,
/// promoting to `promotion`. For a pawn, `capture` chooses captures (en
/// passant included) over pushes; a promotion is possible only where the
/// variant promotes, and there it is required.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Onto {
    /// The moving piece's role.
    pub role: Role,
    /// The square moved onto.
    pub to: Square,
    /// Whether a pawn captures.
    pub capture: bool,
    /// What a pawn becomes.
    pub promotion: Option<Role>,
}

impl Onto {
    /// Role, square, capture and promotion, to bind in one line.
    pub fn parts(self) -> (Role, Square, bool, Option<Role>) {
        (self.role, self.to, self.capture, self.promotion)
    }
}

/// A board read square by square: what a Game Courier turn is read and
/// compared against, for the reference [`Position`] and every accelerator
/// alike. Squares are named in the board's own frame.
pub trait Board {
    /// The variant.
    fn variant(&self) -> Variant;
    /// Files and ranks of the frame.
    fn frame(&self) -> (u8, u8);
    /// The side to move.
    fn turn(&self) -> Color;
    /// The piece on `sq`, if any.
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// Whether `sq` is a cell (G2).
    fn is_cell(&self, sq: Square) -> bool;
    /// The square of `color`'s king, if it has one.
    fn king(&self, color: Color) -> Option<Square>;
    /// Where `color`'s cage stands (Slide-chess, SC0).
    fn cage(&self, _color: Color) -> Option<Square> {
        None
    }
    /// How many `role` pieces `color` holds in hand (QK7).
    fn in_hand(&self, _color: Color, _role: Role) -> u8 {
        0
    }
    /// The squares of the frame whose piece or cell differs from `other`'s,
    /// a board of the same frame (others may differ too, not only these).
    fn differences(&self, other: &Self) -> impl Iterator<Item = Square>;
}

impl Board for Position {
    fn variant(&self) -> Variant {
        Position::variant(self)
    }
    fn frame(&self) -> (u8, u8) {
        Position::frame(self)
    }
    fn turn(&self) -> Color {
        Position::turn(self)
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        Position::piece_at(self, sq)
    }
    fn is_cell(&self, sq: Square) -> bool {
        Position::is_cell(self, sq)
    }
    fn king(&self, color: Color) -> Option<Square> {
        Position::king(self, color)
    }
    fn cage(&self, color: Color) -> Option<Square> {
        Position::cage(self, color)
    }
    fn in_hand(&self, color: Color, role: Role) -> u8 {
        Position::in_hand(self, color, role)
    }
    /// The squares whose byte differs (an equal byte is an equal cell).
    fn differences(&self, other: &Position) -> impl Iterator<Item = Square> {
        self.squares().filter(|&sq| self.raw(sq) != other.raw(sq))
    }
}

/// An accelerator: a position of one family of variants on its own boards,
/// the moves it can prove legal, and their play.
///
/// Contract: [`Accelerator::from_position`] takes only positions it mirrors
/// exactly, [`Accelerator::to_position`] gives back the reference position
/// the rules would reach, and every move it calls legal is legal by the
/// rules, with the check mark they give it.
pub trait Accelerator: Board + Clone {
    /// A move on this board.
    type Move: Copy;
    /// A set of its squares.
    type Squares: SquareSet + Default;

    /// The mirror of `pos`, or `None` when the accelerator does not take it
    /// (another variant, or a position it does not model).
    fn from_position(pos: &Position) -> Option<Self>;
    /// The reference position, equal to the one the rules reach.
    fn to_position(&self) -> Position;
    /// How the game stands, as `Position::outcome` (G5, FL1).
    fn outcome(&self) -> Option<Outcome>;

    /// The legal origins of the moves [`Onto`] names. Empty when no such
    /// move exists or its square is not on this board.
    fn legal_origins(&self, onto: Onto) -> Self::Squares {
        self.origins(onto).unwrap_or_default()
    }
    /// [`Accelerator::legal_origins`], `None` where it is empty because
    /// the question names nothing on this board.
    fn origins(&self, onto: Onto) -> Option<Self::Squares>;
    /// The move from `from` to `to` (promoting to `promotion`), if both
    /// squares are on this board. Legal only if `from` came from
    /// [`Accelerator::legal_origins`] for the same `to` and `promotion`.
    fn piece_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Self::Move>;
    /// The legal move from `from` that [`Onto`] names, with the legal
    /// origins SAN tells it apart from: all of them for a piece other than
    /// a pawn, and at least `from` for a pawn (whose SAN names its file
    /// whatever its rivals). What a matcher asks when it knows the origin.
    fn legal_move_from(&self, onto: Onto, from: Square) -> Option<(Self::Move, Self::Squares)> {
        let origins = self.legal_origins(onto);
        if !origins.contains(from) {
            return None;
        }
        Some((self.piece_move(from, onto.to, onto.promotion)?, origins))
    }
    /// Whether a piece move captures (en passant included).
    fn is_capture(&self, mv: Self::Move) -> bool;
    /// The castling move towards `side`, if it is legal.
    fn castle(&self, _side: CastleSide) -> Option<Self::Move> {
        None
    }
    /// Whether castling towards either side is legal.
    fn can_castle(&self) -> bool {
        [CastleSide::King, CastleSide::Queen]
            .into_iter()
            .any(|side| self.castle(side).is_some())
    }
    /// A move of the variant's own kinds (a drop, a slide, a quake, a cage
    /// move or insertion with these promotion choices), if the accelerator
    /// takes it; [`Accelerator::play_into`] then judges what only playing
    /// it shows (a quake's shape, QK2; a cage move's check, SC1).
    fn special(&self, _mv: &Move) -> Option<Self::Move> {
        None
    }
    /// Whether a legal move needs the opponent's permission (FL6).
    fn needs_permission(&self, _mv: Self::Move) -> bool {
        false
    }
    /// Where the mover's cage ends when it is pushed across the board and
    /// the squares that push promotes on (SC2, SC3); `None` when it cannot.
    fn insertion_end(&self) -> Option<(Square, Self::Squares)> {
        None
    }
    /// Plays `mv` into `next` (which may hold any earlier position) and
    /// says whether it checks or mates; `None` when playing it shows it
    /// illegal (then `next` holds anything).
    fn play_into(&self, mv: Self::Move, next: &mut Self) -> Option<CheckMark>;
}
