//! The quake played on lists of cells (QK1, QK3, QK5, then QK2 on the
//! result), by the letter: the strip found by walking a list, the shape
//! tested by a breadth-first search per connectivity. The oracle the
//! engine's bit rows are held to (`tests/fast_variants.rs`,
//! `tests/fast_quake.rs`, `tests/quake.rs`).
#![allow(dead_code)]

use std::collections::VecDeque;

use fvnote::moves::Dir;
use fvnote::notation::fen::{Fen, FenSquare};
use fvnote::piece::{Color, Piece, Role};
use fvnote::rules::Illegal;
use fvnote::square::Square;
use fvnote::Position;

/// A cell coordinate (file, rank), 0-based; a quake may carry a cell one
/// step out of the frame before QK5 renames them.
pub type Coord = (i16, i16);

const ORTHOGONAL: [Coord; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [Coord; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [Coord; 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

pub fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

/// QK1: the maximal run of cells through `at` along the quake's axis, in
/// order along it (empty when `at` is not a cell).
pub fn strip(cells: &[Coord], at: Coord, dir: Dir) -> Vec<Coord> {
    let (sf, sr) = match dir {
        Dir::East | Dir::West => (1, 0),
        Dir::North | Dir::South => (0, 1),
    };
    if !cells.contains(&at) {
        return Vec::new();
    }
    let mut lo = at;
    while cells.contains(&(lo.0 - sf, lo.1 - sr)) {
        lo = (lo.0 - sf, lo.1 - sr);
    }
    let mut out = vec![lo];
    let mut c = lo;
    while cells.contains(&(c.0 + sf, c.1 + sr)) {
        c = (c.0 + sf, c.1 + sr);
        out.push(c);
    }
    out
}

/// QK5: the shift that puts the lowest file and rank at 0, and the frame.
pub fn normalise(cells: &[Coord]) -> Option<(Coord, (i16, i16))> {
    let min_f = cells.iter().map(|c| c.0).min()?;
    let max_f = cells.iter().map(|c| c.0).max()?;
    let min_r = cells.iter().map(|c| c.1).min()?;
    let max_r = cells.iter().map(|c| c.1).max()?;
    Some(((-min_f, -min_r), (max_f - min_f + 1, max_r - min_r + 1)))
}

/// Whether `cells` are one component under `steps`: a breadth-first search.
pub fn connected(cells: &[Coord], steps: &[Coord]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut queue = VecDeque::from([first]);
    while let Some(c) = queue.pop_front() {
        for &(df, dr) in steps {
            let n = (c.0 + df, c.1 + dr);
            if cells.contains(&n) && !seen.contains(&n) {
                seen.push(n);
                queue.push_back(n);
            }
        }
    }
    seen.len() == cells.len()
}

/// QK2: the first of (a), (b), (c) the layout breaks, in the engine's words.
pub fn shape_violation(cells: &[Coord]) -> Option<Illegal> {
    if !connected(cells, &ORTHOGONAL) {
        return Some(Illegal::new(
            "QK2",
            "would leave the cells not orthogonally connected (QK2 a)",
        ));
    }
    let parity = |p: i16| -> Vec<Coord> {
        cells
            .iter()
            .copied()
            .filter(|c| (c.0 + c.1).rem_euclid(2) == p)
            .collect()
    };
    if !(connected(&parity(0), &DIAGONAL) && connected(&parity(1), &DIAGONAL)) {
        return Some(Illegal::new(
            "QK2",
            "would leave cells of one colour not diagonally connected (QK2 b)",
        ));
    }
    if !connected(cells, &KNIGHT) {
        return Some(Illegal::new(
            "QK2",
            "would leave the cells not connected by knight leaps (QK2 c)",
        ));
    }
    None
}

/// The cells of `pos` with their pieces.
fn layout(pos: &Position) -> Vec<(Coord, Option<Piece>)> {
    pos.cells()
        .map(|sq| (coord(sq), pos.piece_at(sq)))
        .collect()
}

/// QK1, QK3, QK5 and QK2: the cells after the mover's quake in `dir`,
/// normalised to their bounding box, or why it cannot be made.
pub fn quaked_layout(pos: &Position, dir: Dir) -> Result<Vec<(Coord, Option<Piece>)>, Illegal> {
    let us = pos.turn();
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    let cells = layout(pos);
    let coords: Vec<Coord> = cells.iter().map(|c| c.0).collect();
    let strip = strip(&coords, coord(king), dir);
    if pos
        .king(us.other())
        .is_some_and(|k| strip.contains(&coord(k)))
    {
        return Err(Illegal::new(
            "QK3",
            "the strip holds both kings, so neither may quake it",
        ));
    }
    let (df, dr) = dir.delta();
    let moved: Vec<(Coord, Option<Piece>)> = cells
        .iter()
        .map(|&(c, p)| match strip.contains(&c) {
            true => ((c.0 + i16::from(df), c.1 + i16::from(dr)), p),
            false => (c, p),
        })
        .collect();
    let moved_coords: Vec<Coord> = moved.iter().map(|c| c.0).collect();
    let Some(((sx, sy), (w, h))) = normalise(&moved_coords) else {
        return Err(Illegal::new("QK5", "would leave no cells"));
    };
    if w > 26 {
        return Err(Illegal::new(
            "QK5",
            "would make the frame wider than 26 files (a–z)",
        ));
    }
    if h > 40 {
        return Err(Illegal::new(
            "QK5",
            "would make the frame taller than the 40-rank limit",
        ));
    }
    let normalised: Vec<(Coord, Option<Piece>)> = moved
        .into_iter()
        .map(|((f, r), p)| ((f + sx, r + sy), p))
        .collect();
    let coords: Vec<Coord> = normalised.iter().map(|c| c.0).collect();
    match shape_violation(&coords) {
        Some(ill) => Err(ill),
        None => Ok(normalised),
    }
}

/// QK6 by the letter: each pawn of `cells` without a forward cell.
pub fn pawns_to_pocket(cells: &[(Coord, Option<Piece>)]) -> Vec<Coord> {
    cells
        .iter()
        .filter(|(c, p)| {
            p.is_some_and(|p| {
                let fwd = if p.color == Color::White { 1 } else { -1 };
                p.role == Role::Pawn && !cells.iter().any(|(d, _)| *d == (c.0, c.1 + fwd))
            })
        })
        .map(|(c, _)| *c)
        .collect()
}

/// The position after a legal quake of `pos` in `dir`, made from the list
/// of cells: the quaked layout, the pawns QK6 pockets in the mover's hand,
/// the turn passed and the clocks advanced; read back through a FEN.
pub fn play_quake(pos: &Position, dir: Dir) -> Option<Position> {
    let us = pos.turn();
    let mut cells = quaked_layout(pos, dir).ok()?;
    let pocketed = pawns_to_pocket(&cells);
    for (c, p) in &mut cells {
        if pocketed.contains(c) {
            *p = None;
        }
    }
    let width = cells.iter().map(|c| c.0 .0).max()? + 1;
    let height = cells.iter().map(|c| c.0 .1).max()? + 1;
    let mut fen = Fen::from(pos);
    fen.board = (0..height)
        .rev()
        .map(|r| {
            (0..width)
                .map(|f| match cells.iter().find(|(c, _)| *c == (f, r)) {
                    None => FenSquare::Hole,
                    Some((_, None)) => FenSquare::Empty,
                    Some((_, Some(p))) => FenSquare::Piece(*p),
                })
                .collect()
        })
        .collect();
    let mut hand = fen.pockets.take().unwrap_or_default();
    hand.extend(pocketed.iter().map(|_| Piece::new(us, Role::Pawn)));
    fen.pockets = Some(hand);
    fen.turn = us.other();
    fen.ep = None;
    let (half, full) = (pos.halfmoves(), pos.fullmoves());
    let full = if us == Color::Black { full + 1 } else { full };
    fen.counters = Some((half + 1, full));
    fen.position(pos.variant()).ok()
}
