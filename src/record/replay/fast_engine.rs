//! A line replayed on the accelerator of its variant ([`FastPos`]): tokens
//! played through the one matcher ([`fast::clean_play`]), and what a clean
//! token played, for the writers that describe each move ([`Played`]).

use crate::moves::Move;
use crate::notation::san::{ParsedSan, San};
use crate::piece::{Color, Role};
use crate::record::replay::fast::{self, Clean};
use crate::rules::fast::{with_fast, Board};
use crate::square::Square;

pub(crate) use crate::rules::fast::FastPos;

impl FastPos {
    /// Plays a clean token into `next` (see [`fast::clean_play`]): whether
    /// it was a slide played with permission (FL6), whose note the caller
    /// files; `None` when the token is not clean.
    pub(super) fn successor(&self, san: &ParsedSan, next: &mut FastPos) -> Option<bool> {
        with_fast!(self, [next], |a, b| fast::clean_play(a, san, b).map(|c| c.permission), else None)
    }

    /// The side to move.
    pub(super) fn turn(&self) -> Color {
        with_fast!(self, |a| a.turn())
    }

    /// [`FastPos::successor`] for conversion, which describes each move:
    /// what the clean token played (its mark is the one written), or None
    /// when the token is not clean.
    pub(super) fn clean_play(&self, san: &ParsedSan, next: &mut FastPos) -> Option<Played> {
        with_fast!(self, [next], |a, b| {
            let before = Before::read(a, &san.san);
            fast::clean_play(a, san, b).and_then(|c| before.played(&san.san, c))
        }, else None)
    }
}

/// What a clean token played, as conversion describes it
/// ([`FastPos::clean_play`]); the rest of the move is in the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Played {
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
    /// A Quake Chess drop or quake; `king`: the mover's king square before
    /// a quake.
    Quake { mv: Move, king: Option<Square> },
}

/// What conversion needs to know of the board before a move: the piece
/// on a piece move's target or in a moving cage, the cage's square, the
/// quaking king's square.
struct Before {
    content: Option<Role>,
    cage: Option<Square>,
    king: Option<Square>,
}

impl Before {
    fn read<A: Board>(a: &A, san: &San) -> Before {
        let us = a.turn();
        let cage = a.cage(us);
        let on = match *san {
            San::Normal { to, .. } => Some(to),
            San::CageMove { .. } => cage,
            _ => None,
        };
        Before {
            content: on.and_then(|sq| a.piece_at(sq)).map(|p| p.role),
            cage,
            king: matches!(san, San::Quake { .. })
                .then(|| a.king(us))
                .flatten(),
        }
    }

    /// What the clean token `san` played, as `c` says.
    fn played(&self, san: &San, c: Clean) -> Option<Played> {
        Some(match *san {
            San::Normal { .. } => Played::Piece {
                from: c.from?,
                captured: self.content,
            },
            San::Castle(_) => Played::Castle,
            San::Slide { .. } => Played::Slide {
                permission: c.permission,
            },
            San::CageMove { .. } => Played::CageMove {
                from: self.cage?,
                piece: self.content,
            },
            San::CageInsert { .. } => Played::CageInsert { from: self.cage? },
            // Never clean: the accelerator declines a pass (`clean_move`).
            San::Null => return None,
            San::Drop { role, to } => Played::Quake {
                mv: Move::Drop { role, to },
                king: None,
            },
            San::Quake { dir } => Played::Quake {
                mv: Move::Quake { dir },
                king: self.king,
            },
        })
    }
}
