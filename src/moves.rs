//! Moves of every kind the five variants know (RULINGS G7 lists them).

use crate::piece::Role;
use crate::square::Square;

/// A compass direction for quakes and slides (G1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Up the ranks (rank + 1).
    North,
    /// Down the ranks (rank - 1).
    South,
    /// Up the files (file + 1).
    East,
    /// Down the files (file - 1).
    West,
}

impl Dir {
    /// All four.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];

    /// The letter notation uses: `n`, `s`, `e` or `w`.
    pub fn char(self) -> char {
        match self {
            Dir::North => 'n',
            Dir::South => 's',
            Dir::East => 'e',
            Dir::West => 'w',
        }
    }

    /// The direction of a lower-case letter from [`Dir::char`].
    pub fn from_char(c: char) -> Option<Dir> {
        Some(match c {
            'n' => Dir::North,
            's' => Dir::South,
            'e' => Dir::East,
            'w' => Dir::West,
            _ => return None,
        })
    }

    /// (file, rank) step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::South => (0, -1),
            Dir::East => (1, 0),
            Dir::West => (-1, 0),
        }
    }
}

/// A move. Equal moves compare equal whatever notation they were read from.
///
/// `Display` writes the UCI-like short form (`e2e4`); `{:#}` the long form of
/// `notation/moves.md`, every field, which `FromStr` reads back
/// ([`crate::notation::long_move`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A piece moves, possibly capturing and promoting.
    Normal(PieceMove),
    /// A pawn captures en passant; `to` is the square it lands on.
    EnPassant {
        /// Where the pawn starts.
        from: Square,
        /// Where it lands (not where the captured pawn stood).
        to: Square,
    },
    /// The king moves two cells towards the rook, which lands on the crossed cell (FL8).
    Castle {
        /// The king's square before castling.
        king: Square,
        /// The rook's square before castling.
        rook: Square,
    },
    /// A piece from hand onto an empty cell (QK7).
    Drop {
        /// The piece taken from hand.
        role: Role,
        /// The empty cell it is put on.
        to: Square,
    },
    /// Fault Line: rank `rank` (0-based) slides one file (FL4).
    Slide {
        /// The rank that slides, 0-based.
        rank: u8,
        /// East or west.
        dir: Dir,
    },
    /// Quake Chess: the king's strip moves one step (QK1).
    Quake {
        /// The way the strip moves.
        dir: Dir,
    },
    /// Slide-chess: the mover's cage moves to an empty ring square (SC1).
    CageMove {
        /// The ring square the cage moves to.
        to: Square,
    },
    /// Slide-chess: the mover's cage is pushed across the board and ends on `to` (SC2);
    /// the promotion choices for the pawns it promotes, in ascending rank order (SC3).
    CageInsert {
        /// Where the cage ends.
        to: Square,
        /// The promotion choices, in ascending rank order.
        promotions: [Option<Role>; 2],
    },
    /// A null move (`--`): the side to move passes. Read from analysis and
    /// written back as `--`; never part of a played game (`notation/moves.md`).
    Null,
}

/// A piece going from one square to another, with what it captures and what
/// it promotes to: a [`Move::Normal`], and an en passant capture as
/// [`Move::piece_move`] gives it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceMove {
    /// The piece that moves.
    pub role: Role,
    /// Where it starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
    /// The piece captured, if any.
    pub capture: Option<Role>,
    /// What a pawn promotes to, if it does.
    pub promotion: Option<Role>,
}

impl Move {
    /// A normal move's fields, and an en passant capture's as a pawn taking a
    /// pawn; `None` for the other kinds.
    pub fn piece_move(&self) -> Option<PieceMove> {
        match *self {
            Move::Normal(m) => Some(m),
            Move::EnPassant { from, to } => Some(PieceMove {
                role: Role::Pawn,
                from,
                to,
                capture: Some(Role::Pawn),
                promotion: None,
            }),
            _ => None,
        }
    }

    /// The origin square of a piece move.
    pub fn from(&self) -> Option<Square> {
        match *self {
            Move::Normal(PieceMove { from, .. }) | Move::EnPassant { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            _ => None,
        }
    }

    /// Whether the move captures (en passant included).
    pub fn is_capture(&self) -> bool {
        matches!(
            self,
            Move::Normal(PieceMove {
                capture: Some(_),
                ..
            }) | Move::EnPassant { .. }
        )
    }

    /// A short name of the kind of move, as used in JSON (`move`, `capture` …).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Move::Normal(PieceMove {
                promotion: Some(_), ..
            }) => "promotion",
            Move::Normal(PieceMove {
                capture: Some(_), ..
            })
            | Move::EnPassant { .. } => "capture",
            Move::Normal(_) => "move",
            Move::Castle { .. } => "castle",
            Move::Drop { .. } => "drop",
            Move::Slide { .. } => "slide",
            Move::Quake { .. } => "quake",
            Move::CageMove { .. } => "cage-move",
            Move::CageInsert { .. } => "cage-insert",
            Move::Null => "null",
        }
    }
}

/// A list of moves: the first 64 live inline, so generating moves for a typical
/// position allocates nothing (the hot path of validation and perft).
pub type MoveList = smallvec::SmallVec<[Move; 64]>;
