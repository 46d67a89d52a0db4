//! Colours, roles and pieces, including the Quake LB compounds (RULINGS QK0).
//!
//! ```
//! use fvnote::{Color, Piece, Role};
//! let p = Piece::new(Color::Black, Role::BishopRook);
//! assert_eq!(p.role.hunter(), Role::Bishop); // captures and checks like a bishop
//! assert_eq!(p.role.carrier(), Role::Rook);  // moves like a rook
//! assert_eq!(p.role.code(), "BR");
//! ```

use std::fmt;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `w` or `b`, as in FEN.
    pub fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` or `Black`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    #[inline]
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A piece type. The six compounds are Quake LB pieces, named hunter first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// `P`.
    Pawn = 1,
    /// `N`.
    Knight = 2,
    /// `B`.
    Bishop = 3,
    /// `R`.
    Rook = 4,
    /// `Q`.
    Queen = 5,
    /// `K`.
    King = 6,
    /// `RN`: captures like a rook, moves like a knight.
    RookKnight = 7,
    /// `RB`: captures like a rook, moves like a bishop.
    RookBishop = 8,
    /// `NR`: captures like a knight, moves like a rook.
    KnightRook = 9,
    /// `NB`: captures like a knight, moves like a bishop.
    KnightBishop = 10,
    /// `BR`: captures like a bishop, moves like a rook.
    BishopRook = 11,
    /// `BN`: captures like a bishop, moves like a knight.
    BishopKnight = 12,
}

impl Role {
    /// Every role, in discriminant order.
    pub const ALL: [Role; 12] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::RookKnight,
        Role::RookBishop,
        Role::KnightRook,
        Role::KnightBishop,
        Role::BishopRook,
        Role::BishopKnight,
    ];

    /// The six roles of orthodox chess, in discriminant order.
    pub const ORTHODOX: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Promotion choices, best first (G4).
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
    /// Whether notation may name `self` as a promotion piece: the four, and
    /// the king, which a pawn becomes in Antichess (AC1).
    pub fn is_written_promotion(self) -> bool {
        Role::PROMOTIONS.contains(&self) || self == Role::King
    }

    #[inline]
    pub(crate) fn from_u8(v: u8) -> Option<Role> {
        Role::ALL.get(usize::from(v).wrapping_sub(1)).copied()
    }

    /// How the piece captures and attacks (QK0): the hunter.
    #[inline]
    pub fn hunter(self) -> Role {
        match self {
            Role::RookKnight | Role::RookBishop => Role::Rook,
            Role::KnightRook | Role::KnightBishop => Role::Knight,
            Role::BishopRook | Role::BishopKnight => Role::Bishop,
            r => r,
        }
    }

    /// How the piece moves without capturing (QK0): the carrier.
    #[inline]
    pub fn carrier(self) -> Role {
        match self {
            Role::KnightRook | Role::BishopRook => Role::Rook,
            Role::RookKnight | Role::BishopKnight => Role::Knight,
            Role::RookBishop | Role::KnightBishop => Role::Bishop,
            r => r,
        }
    }

    /// Whether it is one of the six Quake LB compounds.
    pub fn is_compound(self) -> bool {
        self as u8 >= Role::RookKnight as u8
    }

    /// The upper-case letter code: `P N B R Q K` or a two-letter compound.
    pub fn code(self) -> &'static str {
        match self {
            Role::Pawn => "P",
            Role::Knight => "N",
            Role::Bishop => "B",
            Role::Rook => "R",
            Role::Queen => "Q",
            Role::King => "K",
            Role::RookKnight => "RN",
            Role::RookBishop => "RB",
            Role::KnightRook => "NR",
            Role::KnightBishop => "NB",
            Role::BishopRook => "BR",
            Role::BishopKnight => "BN",
        }
    }

    /// The role of an upper-case code (`"N"`, `"BR"`).
    pub fn from_code(code: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.code() == code)
    }

    /// A simple role from one letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The compound with `hunter` and `carrier`, if they differ and both are R, N or B.
    pub fn compound(hunter: Role, carrier: Role) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.is_compound() && r.hunter() == hunter && r.carrier() == carrier)
    }

    /// The lower-case English name (`knight`, `rook-bishop`), for messages.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::RookKnight => "rook-knight",
            Role::RookBishop => "rook-bishop",
            Role::KnightRook => "knight-rook",
            Role::KnightBishop => "knight-bishop",
            Role::BishopRook => "bishop-rook",
            Role::BishopKnight => "bishop-knight",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// The piece of this colour and role.
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The code in the piece's case: upper for White, lower for Black.
    pub fn code(self) -> String {
        match self.color {
            Color::White => self.role.code().to_owned(),
            Color::Black => self.role.code().to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compounds_split_into_hunter_and_carrier() {
        // QK0: named hunter first.
        for r in Role::ALL.into_iter().filter(|r| r.is_compound()) {
            let code = r.code();
            assert_eq!(Role::from_code(&code[..1]), Some(r.hunter()));
            assert_eq!(Role::from_code(&code[1..]), Some(r.carrier()));
            assert_eq!(Role::compound(r.hunter(), r.carrier()), Some(r));
        }
        assert_eq!(Role::compound(Role::Rook, Role::Rook), None);
    }

    #[test]
    fn role_codes_round_trip() {
        for r in Role::ALL {
            assert_eq!(Role::from_code(r.code()), Some(r));
            assert_eq!(Role::from_u8(r as u8), Some(r));
        }
        assert_eq!(Role::from_u8(0), None);
        assert_eq!(Role::from_u8(13), None);
    }
}
