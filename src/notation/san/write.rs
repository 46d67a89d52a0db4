//! Writing moves: canonical SAN (minimal disambiguation, `=Q`, `+`/`#`) and
//! the long form used in messages.

use std::fmt::Write as _;

use compact_str::CompactString;

use super::types::{San, SanPlus, Suffix};
use crate::moves::{Move, PieceMove};
use crate::piece::Role;
use crate::position::{CastleSide, Position};
use crate::square::Square;

/// Which hints canonical SAN needs for `mv`: (file, rank).
pub(super) fn disambiguation(
    pos: &Position,
    mv: &Move,
    cands: &[Move],
    in_check: bool,
) -> (bool, bool) {
    let Move::Normal(PieceMove { role, from, to, .. }) = *mv else {
        return (false, false);
    };
    if role == Role::Pawn {
        return (false, false);
    }
    // Rivals: other legal moves of the same piece type to the same square.
    let mut rivals = Vec::new();
    for m in cands {
        if let Move::Normal(rival) = *m {
            if rival.role == role
                && rival.to == to
                && rival.from != from
                && !rivals.contains(&rival.from)
                && pos.is_legal_candidate_in(m, in_check)
            {
                rivals.push(rival.from);
            }
        }
    }
    told_apart(from, rivals)
}

/// SAN's hints (file, rank) for a piece move from `from` whose `rivals` are
/// the other legal origins of moves of its piece type onto its target: its
/// file when no rival shares it, else its rank when none shares that, else
/// both (none without rivals).
pub fn told_apart(from: Square, rivals: impl IntoIterator<Item = Square>) -> (bool, bool) {
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for r in rivals {
        any = true;
        same_file |= r.file() == from.file();
        same_rank |= r.rank() == from.rank();
    }
    match (any, same_file, same_rank) {
        (false, _, _) => (false, false),
        (true, false, _) => (true, false),
        (true, true, false) => (false, true),
        (true, true, true) => (true, true),
    }
}

/// The canonical [`San`] of `mv` in `pos` with the given (file, rank) hints.
pub(super) fn canonical(pos: &Position, mv: &Move, hints: (bool, bool)) -> San {
    canonical_with(mv, hints, || crate::rules::promotion_squares(pos, mv))
}

/// The canonical [`San`] of `mv` with the given (file, rank) hints; a cage
/// insertion asks `promoted` for the squares its push promotes on (SC3),
/// ascending. The one place a move becomes its SAN, for the rules' positions
/// and the accelerators' alike.
pub fn canonical_with(
    mv: &Move,
    hints: (bool, bool),
    promoted: impl FnOnce() -> Vec<Square>,
) -> San {
    if let Some(m) = mv.piece_move() {
        // A pawn's capture (en passant too) names its file.
        let pawn_capture = m.role == Role::Pawn && m.capture.is_some();
        return San::Normal {
            role: Some(m.role),
            file: (hints.0 || pawn_capture).then(|| m.from.file()),
            rank: hints.1.then(|| m.from.rank()),
            capture: m.capture.is_some(),
            to: m.to,
            promotion: m.promotion,
        };
    }
    match *mv {
        // A pass; the piece moves are above.
        Move::Null | Move::Normal(_) | Move::EnPassant { .. } => San::Null,
        Move::Castle { king, rook } => San::Castle(if rook > king {
            CastleSide::King
        } else {
            CastleSide::Queen
        }),
        Move::Drop { role, to } => San::Drop { role, to },
        Move::Slide { rank, dir } => San::Slide { rank, dir },
        Move::Quake { dir } => San::Quake { dir },
        Move::CageMove { to } => San::CageMove { to },
        Move::CageInsert { to, promotions } => {
            let promotions = promoted()
                .into_iter()
                .zip(promotions.iter().flatten().copied())
                .collect();
            San::CageInsert { to, promotions }
        }
    }
}

/// Writes canonical SAN without its mark; `hints` = (file, rank) disambiguation.
pub(super) fn write_body(out: &mut CompactString, pos: &Position, mv: &Move, hints: (bool, bool)) {
    // Writing to a CompactString cannot fail.
    let _ = write!(out, "{}", canonical(pos, mv, hints));
}

/// The check or mate mark the move deserves (FL9: never `#` in Fault Line).
pub fn check_suffix(pos: &Position, mv: &Move) -> Option<Suffix> {
    suffix_after(&pos.play(mv))
}

/// Canonical SAN of the legal `mv`, played from `pos` to `after`, told
/// apart only from its rivals among `cands` (a caller that has the moves
/// onto its target need not generate the position's every move).
pub fn write_san_among(pos: &Position, mv: &Move, after: &Position, cands: &[Move]) -> SanPlus {
    let piece = mv.piece_move().is_some_and(|m| m.role != Role::Pawn);
    let hints = disambiguation(pos, mv, cands, piece && pos.is_check());
    SanPlus {
        san: canonical(pos, mv, hints),
        suffix: suffix_after(after),
    }
}

/// The mark deserved by the move that led to `after`.
pub(super) fn suffix_after(after: &Position) -> Option<Suffix> {
    if !after.gives_check_mark() {
        None
    } else if after.uses_mate_sign() && !after.has_legal_move() {
        Some(Suffix::Mate)
    } else {
        Some(Suffix::Check)
    }
}

pub(super) fn push_suffix(san: &mut CompactString, suffix: Option<Suffix>) {
    if let Some(s) = suffix {
        san.push(s.char());
    }
}

impl SanPlus {
    /// The canonical SAN of a legal move `mv` in `pos`, with its mark.
    pub fn from_move(pos: &Position, mv: &Move) -> SanPlus {
        if *mv == Move::Null {
            // A pass is written bare, as python-chess writes it.
            return SanPlus {
                san: San::Null,
                suffix: None,
            };
        }
        let cands = pos.candidate_moves();
        SanPlus {
            san: canonical(pos, mv, disambiguation(pos, mv, &cands, pos.is_check())),
            suffix: check_suffix(pos, mv),
        }
    }
}

/// A move in long algebraic form for messages, legal or not: `Nb1-c3`, `e4xd5`,
/// `e7-e8=Q`, and the variant tokens (`S3e`, `K-qn`, `C-a5`, `N@e4`) as in SAN.
pub fn long_form(pos: &Position, mv: &Move) -> String {
    let Some(m) = mv.piece_move() else {
        return canonical(pos, mv, (false, false)).to_string();
    };
    let piece = if m.role == Role::Pawn {
        ""
    } else {
        m.role.code()
    };
    let sep = if m.capture.is_some() { 'x' } else { '-' };
    let promo = m
        .promotion
        .map(|p| format!("={}", p.code()))
        .unwrap_or_default();
    format!("{piece}{}{sep}{}{promo}", m.from, m.to)
}

/// Canonical SAN of a legal move: minimal disambiguation, `=Q`, `+`/`#`.
pub fn write_san(pos: &Position, mv: &Move) -> String {
    SanPlus::from_move(pos, mv).to_string()
}
