//! Two positions of one game compared piece by piece, each piece followed
//! through the plies between them ([`crate::record::track`]).

use crate::piece::Piece;
use crate::position::Position;
use crate::record::track::{EventKind, Track};
use crate::square::Square;

use super::place::{is_cell, placed, shifted};
use super::scalars::scalars;
use super::{Moved, Pairing, PieceEvent, PositionDiff, ReletterAt, Relettering};

/// Compares two positions of one game, A at ply `ply_a` and B at `ply_b`,
/// given `track`: every piece followed from the position at the lower ply
/// to the other ([`crate::record::track::track`]). Squares of moved pieces
/// are named in the later position's frame; removed and added pieces and
/// cells in their own position's frame.
pub fn diff_tracked(
    a: &Position,
    b: &Position,
    (ply_a, ply_b): (usize, usize),
    track: &Track,
) -> PositionDiff {
    let mut d = scalars(a, b);
    d.pairing = Pairing::Identity;
    d.plies = Some((ply_a, ply_b));
    let forward = ply_a <= ply_b;
    // What a name of A adds to mean the same place in B.
    let t = if forward {
        track.shift
    } else {
        (-track.shift.0, -track.shift.1)
    };
    let earlier = if forward { a } else { b };
    // A name of the earlier position in the later one's frame.
    let who = if forward { "A" } else { "B" };
    let in_later = |sq: Square| match shifted(sq, track.shift) {
        Some(s) => s.to_string(),
        None => format!("{who}'s {sq}"),
    };
    for life in &track.lives {
        match (life.start, life.end) {
            (Some((s, p)), Some((e, q))) => {
                if shifted(s, track.shift) == Some(e) && p == q {
                    continue;
                }
                let (from, to, piece, became, from_sq, to_sq) = if forward {
                    (in_later(s), e.to_string(), p, q, s, e)
                } else {
                    (e.to_string(), in_later(s), q, p, e, s)
                };
                let captured = (forward && !life.captured.is_empty()).then(|| {
                    life.captured
                        .iter()
                        .map(Piece::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                d.marked_a.push(from_sq);
                d.marked_b.push(to_sq);
                d.moved.push(Moved {
                    piece: piece.to_string(),
                    from,
                    to,
                    captured,
                    carried: !life.moved && life.carried,
                    became: (became != piece).then(|| became.to_string()),
                });
            }
            // Only in the earlier position, or only in the later one.
            (Some(start), None) => only_in(&mut d, forward, start),
            (None, Some(end)) => only_in(&mut d, !forward, end),
            (None, None) => {}
        }
    }
    // Cells by place: a place of A that is no cell in B, and back.
    for sq in a.cells() {
        if !is_cell(b, shifted(sq, t)) {
            d.became_holes.push(sq.to_string());
            d.marked_a.push(sq);
        }
    }
    for sq in b.cells() {
        if !is_cell(a, shifted(sq, (-t.0, -t.1))) {
            d.became_cells.push(sq.to_string());
            d.marked_b.push(sq);
        }
    }
    // A changed place is marked on both sides, in each side's names.
    let (on_a, on_b) = (d.marked_a.clone(), d.marked_b.clone());
    d.marked_b
        .extend(on_a.iter().filter_map(|&sq| shifted(sq, t)));
    d.marked_a
        .extend(on_b.iter().filter_map(|&sq| shifted(sq, (-t.0, -t.1))));
    if !track.relettered.is_empty() {
        let example = earlier
            .cells()
            .find_map(|sq| shifted(sq, track.shift).map(|to| (sq, to)))
            .map(|(e, l)| {
                if forward {
                    (e.to_string(), l.to_string())
                } else {
                    (l.to_string(), e.to_string())
                }
            });
        d.relettered = Some(Relettering {
            files: t.0,
            ranks: t.1,
            at: track
                .relettered
                .iter()
                .map(|r| ReletterAt {
                    ply: r.ply,
                    san: r.san.clone(),
                })
                .collect(),
            example,
        });
    }
    d.events = track
        .events
        .iter()
        .map(|e| PieceEvent {
            ply: e.ply,
            san: e.san.clone(),
            kind: e.kind.name(),
            piece: e.piece.to_string(),
            square: e.square.to_string(),
            by: match e.kind {
                EventKind::Captured { by } => Some(by.to_string()),
                EventKind::Promoted { from } => Some(Piece::new(e.piece.color, from).to_string()),
                _ => None,
            },
        })
        .collect();
    d
}

/// A piece only in A (`in_a`: removed, marked on A) or only in B (added,
/// marked on B), on its square in its own position's frame.
fn only_in(d: &mut PositionDiff, in_a: bool, (sq, p): (Square, Piece)) {
    if in_a {
        d.removed.push(placed((sq, p)));
        d.marked_a.push(sq);
    } else {
        d.added.push(placed((sq, p)));
        d.marked_b.push(sq);
    }
}
