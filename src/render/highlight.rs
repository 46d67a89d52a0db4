//! Which cells a diagram marks: the last move (its from and to cells, a slid
//! rank, a quaked strip, a cage's path) and a king in check.

use crate::moves::{Dir, Move, PieceMove};
use crate::position::Position;
use crate::rules::carry::carry;
use crate::square::Square;

/// The cells to mark in `after`, the position reached by playing `mv` from
/// `before`. Squares are named in `after`'s frame, which a quake may have
/// shifted (QK5).
pub fn last_move(before: &Position, mv: &Move, after: &Position) -> Vec<Square> {
    match *mv {
        Move::Normal(PieceMove { from, to, .. }) | Move::EnPassant { from, to } => vec![from, to],
        Move::Castle { king, rook } => vec![king, before.castle_targets(king, rook).0, rook],
        Move::Drop { to, .. } => vec![to],
        Move::Null => Vec::new(),
        // FL4: the whole rank moved.
        Move::Slide { rank, .. } => after.cells().filter(|s| s.rank() == rank).collect(),
        Move::Quake { dir } => quaked_strip(before, dir),
        Move::CageMove { to } => before.cage(before.turn()).into_iter().chain([to]).collect(),
        Move::CageInsert { to, .. } => match before.cage(before.turn()) {
            Some(from) => line_between(from, to),
            None => vec![to],
        },
    }
}

/// The king in check in `pos`, if any.
pub fn checked_king(pos: &Position) -> Option<Square> {
    if pos.is_check() {
        pos.king(pos.turn())
    } else {
        None
    }
}

/// Every square from `a` to `b` on one rank or file (both ends included).
fn line_between(a: Square, b: Square) -> Vec<Square> {
    let (fa, ra, fb, rb) = (a.file(), a.rank(), b.file(), b.rank());
    if fa == fb {
        (ra.min(rb)..=ra.max(rb))
            .filter_map(|r| Square::new(fa, r))
            .collect()
    } else if ra == rb {
        (fa.min(fb)..=fa.max(fb))
            .filter_map(|f| Square::new(f, ra))
            .collect()
    } else {
        vec![a, b]
    }
}

/// The strip a quake moved (QK1), named in the frame after the move (QK5).
fn quaked_strip(before: &Position, dir: Dir) -> Vec<Square> {
    carry(before, &Move::Quake { dir })
        .map(|c| c.moved.into_iter().map(|(_, to)| to).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::san::San;
    use crate::variant::Variant;

    /// The squares [`last_move`] marks for `san` played from the start of
    /// `variant`, and the position after it.
    fn marked(variant: Variant, san: &str) -> (Vec<Square>, Position) {
        let pos = Position::start(variant);
        let mut after = pos.clone();
        let mv = San::parse(san).unwrap().play(&mut after).unwrap().mv;
        (last_move(&pos, &mv, &after), after)
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_slide_marks_its_rank() {
        let (squares, _) = marked(Variant::FaultLine, "S3e");
        // FL4: rank 3 moved from a–g to b–h.
        assert_eq!(names(&squares), ["b3", "c3", "d3", "e3", "f3", "g3", "h3"]);
    }

    #[test]
    fn a_quake_marks_the_strip_where_it_landed() {
        // The king's file (e) moves north: e1–e6 becomes e2–e7, the frame grows.
        let (squares, after) = marked(Variant::Quake, "K-qn");
        assert_eq!(names(&squares), ["e2", "e3", "e4", "e5", "e6", "e7"]);
        for s in squares {
            assert!(after.is_cell(s));
        }
    }
}
