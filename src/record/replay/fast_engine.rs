//! The accelerators a line can be replayed on, one per family of variants,
//! behind one type for [`Frame`](super::frame::Frame).

use crate::moves::Move;
use crate::notation::san::{ParsedSan, San};
use crate::piece::Role;
use crate::position::Position;
use crate::record::replay::{fast, fast_fault_line, fast_masked, fast_quake, fast_slide};
use crate::rules::fast_chess::FastChess;
use crate::rules::fast_fault_line::FastFaultLine;
use crate::rules::fast_masked::FastMasked;
use crate::rules::fast_quake::FastQuake;
use crate::rules::fast_slide::FastSlide;
use crate::rules::Outcome;
use crate::square::Square;

/// A position on one accelerator. The mailbox one is boxed so a chess
/// line stays small.
#[derive(Clone)]
pub(crate) enum FastPos {
    /// Orthodox chess (CH1), on bitboards.
    Chess(FastChess),
    /// Grid Chess and Rank and File Chess (GR, RF), on masked bitboards.
    Masked(FastMasked),
    /// Fault Line (FL), on bitboards with a mask of its cells.
    FaultLine(FastFaultLine),
    /// Slide-chess (SC), on 128-bit boards of its 9 × 8 frame.
    Slide(Box<FastSlide>),
    /// Quake Chess, both armies (QK), on the reference cells.
    Quake(Box<FastQuake>),
}

impl FastPos {
    /// The mirror of `pos` on the accelerator of its variant, if one takes
    /// it. Every accelerator also says what a clean token played
    /// ([`FastPos::clean_play`]), for conversion.
    pub(crate) fn from_position(pos: &Position) -> Option<FastPos> {
        FastChess::from_position(pos)
            .map(FastPos::Chess)
            .or_else(|| FastMasked::from_position(pos).map(FastPos::Masked))
            .or_else(|| FastFaultLine::from_position(pos).map(FastPos::FaultLine))
            .or_else(|| FastSlide::from_position(pos).map(|f| FastPos::Slide(f.into())))
            .or_else(|| FastQuake::from_position(pos).map(|q| FastPos::Quake(q.into())))
    }

    /// The reference position.
    pub(crate) fn to_position(&self) -> Position {
        match self {
            FastPos::Chess(c) => c.to_position(),
            FastPos::Masked(m) => m.to_position(),
            FastPos::FaultLine(f) => f.to_position(),
            FastPos::Slide(s) => s.to_position(),
            FastPos::Quake(q) => q.to_position(),
        }
    }

    /// Mate or stalemate, as `Position::outcome`.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        match self {
            FastPos::Chess(c) => c.outcome(),
            FastPos::Masked(m) => m.outcome(),
            FastPos::FaultLine(f) => f.outcome(),
            FastPos::Slide(s) => s.outcome(),
            FastPos::Quake(q) => q.outcome(),
        }
    }

    /// Plays a clean token into `next` (see [`fast::successor`]); false
    /// when the token is not clean.
    pub(super) fn successor(&self, san: &ParsedSan, next: &mut FastPos) -> bool {
        if std::mem::discriminant(self) != std::mem::discriminant(next) {
            // A slot of another engine: reuse it as this one's.
            *next = self.clone();
        }
        match (self, next) {
            (FastPos::Chess(a), FastPos::Chess(b)) => fast::successor(a, san, b),
            (FastPos::Masked(a), FastPos::Masked(b)) => fast_masked::successor(a, san, b),
            (FastPos::FaultLine(a), FastPos::FaultLine(b)) => fast_fault_line::successor(a, san, b),
            (FastPos::Slide(a), FastPos::Slide(b)) => fast_slide::successor(a, san, b),
            (FastPos::Quake(a), FastPos::Quake(b)) => fast_quake::successor(a, san, b),
            _ => false,
        }
    }

    /// [`FastPos::successor`] for conversion, which describes each move:
    /// what the clean token played (its mark is the one written), or None
    /// when the token is not clean or the engine does not say.
    pub(crate) fn clean_play(&self, san: &ParsedSan, next: &mut FastPos) -> Option<Played> {
        if std::mem::discriminant(self) != std::mem::discriminant(next) {
            *next = self.clone();
        }
        match (self, next) {
            (FastPos::Chess(a), FastPos::Chess(b)) => piece_play(a, san, b, |s| a.role_at(s)),
            (FastPos::Masked(a), FastPos::Masked(b)) => piece_play(a, san, b, |s| a.role_at(s)),
            (FastPos::FaultLine(a), FastPos::FaultLine(b)) => match san.san {
                // FL6: a slide of a rank the mover does not control needs
                // permission; the caller plays only tokens the replay
                // resolved, so no refusal (FL10) stands against it.
                San::Slide { .. } => {
                    if fast_fault_line::successor(a, san, b) {
                        Some(Played::Slide { permission: false })
                    } else if fast_fault_line::permitted_successor(a, san, b) {
                        Some(Played::Slide { permission: true })
                    } else {
                        None
                    }
                }
                _ => piece_play(a, san, b, |s| a.role_at(s)),
            },
            (FastPos::Slide(a), FastPos::Slide(b)) => match san.san {
                San::CageMove { .. } | San::CageInsert { .. } => {
                    let from = a.cage(a.turn())?;
                    let played = match san.san {
                        San::CageMove { .. } => Played::CageMove {
                            from,
                            piece: a.role_at(from),
                        },
                        _ => Played::CageInsert { from },
                    };
                    fast_slide::successor(a, san, b).then_some(played)
                }
                _ => piece_play(&**a, san, &mut **b, |s| a.role_at(s)),
            },
            (FastPos::Quake(a), FastPos::Quake(b)) => {
                let before = a.position();
                let mv = fast_quake::clean_move(a, san, b)?;
                Some(match mv {
                    // QK1: the mover's king moves with its square.
                    Move::Quake { .. } => Played::Quake {
                        mv,
                        king: before.king(before.turn()),
                    },
                    _ => Played::Quake { mv, king: None },
                })
            }
            _ => None,
        }
    }
}

/// What a clean token played, as conversion describes it
/// ([`FastPos::clean_play`]); the rest of the move is in the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Played {
    /// A piece move from `from`; `captured`: the role on its target before
    /// it (none there on a pawn capture: en passant).
    Piece {
        from: Square,
        captured: Option<Role>,
    },
    /// Castling: the reference says how.
    Castle,
    /// A Fault Line slide, and whether it needed permission (FL6).
    Slide { permission: bool },
    /// A Slide-chess relocation of the cage on `from` and its content (SC1).
    CageMove { from: Square, piece: Option<Role> },
    /// A Slide-chess insertion of the cage on `from` (SC2).
    CageInsert { from: Square },
    /// A Quake Chess move as its engine played it (piece move, drop or
    /// quake); `king`: the mover's king square before a quake.
    Quake { mv: Move, king: Option<Square> },
}

/// A clean piece move or castling on `a` into `b`, described; `role_at`
/// reads `a`'s board.
#[inline]
fn piece_play<B: fast::CleanBoard>(
    a: &B,
    san: &ParsedSan,
    b: &mut B,
    role_at: impl FnOnce(Square) -> Option<Role>,
) -> Option<Played> {
    let (from, _) = fast::clean_play(a, san, b)?;
    Some(match (from, &san.san) {
        (Some(from), &San::Normal { to, .. }) => Played::Piece {
            from,
            captured: role_at(to),
        },
        _ => Played::Castle,
    })
}
