//! Two positions that need not be of one game, compared square by square
//! (or, when their names mean different places, by material only).

use std::collections::HashMap;

use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::square::Square;
use crate::variant::MoveKind;

use super::place::{cell, placed};
use super::scalars::scalars;
use super::{Moved, Pairing, PositionDiff, Replaced};

/// Whether the variant re-letters its frame as cells move (QK5).
fn reletters(pos: &Position) -> bool {
    pos.variant().move_kinds().contains(&MoveKind::Quake)
}

/// Whether a square name means the same place in `a` and `b`: the same
/// frame, and where frames are re-lettered, the same cells.
fn names_agree(a: &Position, b: &Position) -> bool {
    a.frame() == b.frame() && (!(reletters(a) || reletters(b)) || a.cells().eq(b.cells()))
}

/// Compares two positions that need not be of one game: square by square
/// when names mean the same places in both, else only the material
/// ([`Pairing::None`]).
pub fn diff_positions(a: &Position, b: &Position) -> PositionDiff {
    let mut d = scalars(a, b);
    if !names_agree(a, b) {
        d.pairing = Pairing::None;
        d.material = material(a, b);
        return d;
    }
    by_square(a, b, &mut d);
    d
}

/// Pieces by code where the counts on the board differ.
fn material(a: &Position, b: &Position) -> Vec<(String, u32, u32)> {
    let count = |pos: &Position| {
        let mut m: HashMap<Piece, u32> = HashMap::new();
        for sq in pos.cells() {
            if let Some(p) = pos.piece_at(sq) {
                *m.entry(p).or_default() += 1;
            }
        }
        m
    };
    let (ca, cb) = (count(a), count(b));
    let mut out = Vec::new();
    for color in Color::ALL {
        for role in Role::ALL {
            let p = Piece::new(color, role);
            let (x, y) = (ca.get(&p).copied(), cb.get(&p).copied());
            if x != y {
                out.push((p.to_string(), x.unwrap_or(0), y.unwrap_or(0)));
            }
        }
    }
    out
}

/// Pairs pieces by square name, the names meaning the same places.
fn by_square(a: &Position, b: &Position, d: &mut PositionDiff) {
    let (fa, ra) = a.frame();
    let (fb, rb) = b.frame();
    let mut gone: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for rank in 0..ra.max(rb) {
        for file in 0..fa.max(fb) {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let (x, y) = (cell(a, sq), cell(b, sq));
            if x == y {
                continue;
            }
            d.marked_a.push(sq);
            d.marked_b.push(sq);
            match (x, y) {
                (None, Some(_)) => d.became_cells.push(sq.to_string()),
                (Some(_), None) => d.became_holes.push(sq.to_string()),
                _ => {}
            }
            let (p, q) = (x.flatten(), y.flatten());
            match (p, q) {
                (Some(p), Some(q)) if p != q => d.replaced.push(Replaced {
                    square: sq.to_string(),
                    before: p.to_string(),
                    after: q.to_string(),
                }),
                (Some(p), None) => gone.push((sq, p)),
                (None, Some(q)) => came.push((sq, q)),
                _ => {}
            }
        }
    }
    // Pair a vanished piece with an appeared one of the same colour and role:
    // the nearest first, so a slid rank reads as pieces that moved along it.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let best = came
            .iter()
            .enumerate()
            .filter(|(_, (_, q))| *q == p)
            .min_by_key(|(_, (to, _))| {
                (to.file() as i32 - from.file() as i32).abs()
                    + (to.rank() as i32 - from.rank() as i32).abs()
            })
            .map(|(j, _)| j);
        match best {
            Some(j) => {
                let (to, _) = came.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece: p.to_string(),
                    from: from.to_string(),
                    to: to.to_string(),
                    captured: None,
                    carried: false,
                    became: None,
                });
            }
            None => i += 1,
        }
    }
    // A vanished piece that now stands where another piece stood: a capture.
    let mut i = 0;
    while i < gone.len() {
        let (from, p) = gone[i];
        let piece = p.to_string();
        match d.replaced.iter().position(|r| r.after == piece) {
            Some(j) => {
                let r = d.replaced.remove(j);
                gone.remove(i);
                d.moved.push(Moved {
                    piece,
                    from: from.to_string(),
                    to: r.square,
                    captured: Some(r.before),
                    carried: false,
                    became: None,
                });
            }
            None => i += 1,
        }
    }
    d.removed = gone.into_iter().map(placed).collect();
    d.added = came.into_iter().map(placed).collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_is_replaced_and_moved() {
        let a = crate::notation::fen::read_fen(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            crate::variant::Variant::Chess,
        )
        .unwrap();
        let b = crate::notation::fen::read_fen(
            "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1",
            crate::variant::Variant::Chess,
        )
        .unwrap();
        let d = diff_positions(&a, &b);
        assert!(d.replaced.is_empty());
        assert!(d.removed.is_empty());
        assert!(d.turn.is_some());
        let text = d.to_string();
        assert!(text.contains("moved: P e4xd5 (captured p)"), "{text}");
        assert_eq!(d.pairing, Pairing::Square);
        assert!(text.contains("side to move: White -> Black"), "{text}");
    }
}
