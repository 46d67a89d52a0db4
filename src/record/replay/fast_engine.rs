//! The bitboard accelerators a line can be replayed on, one per family of
//! variants, behind one type for [`Frame`](super::frame::Frame).

use crate::notation::san::ParsedSan;
use crate::position::Position;
use crate::record::replay::{fast, fast_masked};
use crate::rules::fast_chess::FastChess;
use crate::rules::fast_masked::FastMasked;
use crate::rules::Outcome;

/// A position on one accelerator's bitboards.
#[derive(Clone)]
pub(super) enum FastPos {
    /// Orthodox chess (CH1).
    Chess(FastChess),
    /// Grid Chess and Rank and File Chess (GR, RF).
    Masked(FastMasked),
}

impl FastPos {
    /// The mirror of `pos` on the accelerator of its variant, if one takes it.
    pub(super) fn from_position(pos: &Position) -> Option<FastPos> {
        match FastChess::from_position(pos) {
            Some(c) => Some(FastPos::Chess(c)),
            None => FastMasked::from_position(pos).map(FastPos::Masked),
        }
    }

    /// The reference position.
    pub(super) fn to_position(&self) -> Position {
        match self {
            FastPos::Chess(c) => c.to_position(),
            FastPos::Masked(m) => m.to_position(),
        }
    }

    /// Mate or stalemate, as `Position::outcome`.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        match self {
            FastPos::Chess(c) => c.outcome(),
            FastPos::Masked(m) => m.outcome(),
        }
    }

    /// Plays a clean token into `next` (see [`fast::successor`]).
    pub(super) fn successor(&self, san: &ParsedSan, next: &mut FastPos) -> bool {
        match (self, next) {
            (FastPos::Chess(now), FastPos::Chess(next)) => fast::successor(now, san, next),
            (FastPos::Masked(now), FastPos::Masked(next)) => fast_masked::successor(now, san, next),
            (now, next) => {
                // Slots of another engine: reuse the slot as this one's.
                *next = now.clone();
                match (now, next) {
                    (FastPos::Chess(a), FastPos::Chess(b)) => fast::successor(a, san, b),
                    (FastPos::Masked(a), FastPos::Masked(b)) => fast_masked::successor(a, san, b),
                    _ => false,
                }
            }
        }
    }
}
