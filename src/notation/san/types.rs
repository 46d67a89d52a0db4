//! The values a move token reads to: [`San`], [`SanPlus`], marks and lenient
//! spellings, each written back by `Display` in canonical form.

use std::fmt;
use std::str::FromStr;

use crate::moves::Dir;
use crate::piece::Role;
use crate::position::CastleSide;
use crate::square::Square;

use super::ParseSanError;

/// A check or mate mark written after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move attacks the opponent's king.
    Check,
    /// `#`: check, and the opponent has no legal move.
    Mate,
}

impl Suffix {
    /// The mark as written: `+` or `#`.
    pub fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Mate => '#',
        }
    }
}

/// The move a token describes, before it is matched against a position.
///
/// `Display` writes the canonical spelling of what was read (`Ng1-f3` reads
/// with a full origin and is written `Ng1f3`); [`FromStr`] reads every
/// spelling, lenient ones included, and ignores a check mark (see
/// [`SanPlus`] to keep it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece move. `role` is `None` only for long algebraic without a piece
    /// letter (`e2e4`), where the origin square decides.
    Normal {
        /// The moving piece, if named (pawns read as `Some(Pawn)`).
        role: Option<Role>,
        /// The origin file, if written (0 = `a`).
        file: Option<u8>,
        /// The origin rank, if written (0 = rank 1).
        rank: Option<u8>,
        /// Whether a capture mark (`x`, `:`) was written.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece, if any.
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O`.
    Castle(CastleSide),
    /// `N@e4`: a piece from hand (QK7).
    Drop {
        /// The dropped piece.
        role: Role,
        /// Where it lands.
        to: Square,
    },
    /// `S3e`: Fault Line's rank slide (FL4).
    Slide {
        /// The rank, 0-based.
        rank: u8,
        /// East or west.
        dir: Dir,
    },
    /// `K-qn`: Quake Chess's quake (QK1).
    Quake {
        /// The direction the king's strip moves.
        dir: Dir,
    },
    /// `C-a5`: Slide-chess relocation (SC1).
    CageMove {
        /// The ring square the cage moves to.
        to: Square,
    },
    /// `C>e1/e7=Q`: the square the cage ends on and the promotions it names
    /// (SC2, SC3), in ascending rank order.
    CageInsert {
        /// The square the cage ends on.
        to: Square,
        /// Each promoted pawn's square and its new piece.
        promotions: Vec<(Square, Role)>,
    },
    /// `--` (also read: `Z0`, `0000`, `@@@@`): a null move, the side to
    /// move passes.
    Null,
}

/// A [`San`] with the check or mate mark written after it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The mark, if any.
    pub suffix: Option<Suffix>,
}

/// A lenient spelling, accepted with a warning (`--strict` makes it an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lenient {
    /// `e2e4`, `Ng1-f3`.
    LongAlgebraic,
    /// `0-0`.
    ZeroCastling,
    /// `e8Q`.
    PromotionWithoutEquals,
    /// `e8(Q)`, `e8=(Q)`.
    PromotionInParentheses,
    /// `exd6e.p.`.
    EnPassantSuffix,
    /// `N*e4`.
    StarDrop,
    /// `@e4`.
    PawnDropWithoutLetter,
    /// `Qh4++`.
    DoublePlusMate,
    /// A check or mate without its mark.
    MissingCheckMark,
    /// A mark the move does not deserve.
    WrongCheckMark,
    /// `Nbc3` where `Nc3` is enough.
    NeedlessDisambiguation,
    /// `Nxf3` on an empty square, or a capture without `x`.
    CaptureMarkMismatch,
}

impl fmt::Display for Lenient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lenient::LongAlgebraic => "long algebraic notation",
            Lenient::ZeroCastling => "castling written with zeros",
            Lenient::PromotionWithoutEquals => "promotion without '='",
            Lenient::PromotionInParentheses => "promotion piece in parentheses",
            Lenient::EnPassantSuffix => "'e.p.' suffix",
            Lenient::StarDrop => "drop written with '*'",
            Lenient::PawnDropWithoutLetter => "pawn drop without 'P'",
            Lenient::DoublePlusMate => "mate written '++'",
            Lenient::MissingCheckMark => "missing check or mate mark",
            Lenient::WrongCheckMark => "wrong check or mate mark",
            Lenient::NeedlessDisambiguation => "needless disambiguation",
            Lenient::CaptureMarkMismatch => "capture mark does not match the move",
        })
    }
}

/// A parsed token: the move, the mark written after it, and lenient spellings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedSan {
    /// The move.
    pub san: San,
    /// The mark written, if any.
    pub suffix: Option<Suffix>,
    /// The lenient spellings the text used, in reading order.
    pub lenient: Vec<Lenient>,
}

impl ParsedSan {
    /// The move and its mark, forgetting how they were spelled.
    pub fn san_plus(&self) -> SanPlus {
        SanPlus {
            san: self.san.clone(),
            suffix: self.suffix,
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = |x: u8| (b'a' + x) as char;
        match self {
            San::Normal {
                role,
                file: from_file,
                rank,
                capture,
                to,
                promotion,
            } => {
                match role {
                    // A pawn with an origin rank is long algebraic: its letter
                    // keeps it apart from `e2e4` read without one (role None).
                    Some(Role::Pawn) if rank.is_some() => f.write_str("P")?,
                    Some(Role::Pawn) | None => {}
                    Some(r) => f.write_str(r.code())?,
                }
                if let Some(x) = from_file {
                    write!(f, "{}", file(*x))?;
                }
                if let Some(r) = rank {
                    write!(f, "{}", u32::from(*r) + 1)?;
                }
                if *capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.code())?;
                }
                Ok(())
            }
            San::Castle(CastleSide::King) => f.write_str("O-O"),
            San::Castle(CastleSide::Queen) => f.write_str("O-O-O"),
            San::Drop { role, to } => write!(f, "{}@{to}", role.code()),
            San::Slide { rank, dir } => write!(f, "S{}{}", u32::from(*rank) + 1, dir.char()),
            San::Quake { dir } => write!(f, "K-q{}", dir.char()),
            San::CageMove { to } => write!(f, "C-{to}"),
            San::Null => f.write_str("--"),
            San::CageInsert { to, promotions } => {
                write!(f, "C>{to}")?;
                for (sq, role) in promotions {
                    write!(f, "/{sq}={}", role.code())?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(s) = self.suffix {
            write!(f, "{}", s.char())?;
        }
        Ok(())
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;
    /// Reads any spelling [`San::parse`] reads; lenient spellings are forgotten.
    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        San::parse(s).map(|p| SanPlus {
            san: p.san,
            suffix: p.suffix,
        })
    }
}

impl FromStr for San {
    type Err = ParseSanError;
    /// Reads any spelling [`San::parse`] reads; the mark is dropped.
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::parse(s).map(|p| p.san)
    }
}
