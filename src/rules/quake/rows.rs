//! The quake on bit rows (QK1–QK3, QK5, QK2): one mask per rank, the strip a
//! run of bits, the quake a shift, the frame the rows' bounding box; the hot
//! path of Quake move checking.

use crate::moves::Dir;
use crate::position::{Position, HOLE};
use crate::rules::Illegal;
use crate::square::{Square, MAILBOX, MAX_FILES, MAX_RANKS};

use super::layout::{coord, dir_step, Coord};
use super::shape::{
    DIAG_STEPS, KNIGHT_STEPS, NOT_DIAGONAL, NOT_KNIGHT, NOT_ORTHOGONAL, ORTH_STEPS,
};

/// Margin of [`Rows`] around the frame: a quake moves a cell one step out of
/// it and a knight step reaches two further, so every step stays in the masks.
const MARGIN: i16 = 3;
/// Rows of [`Rows`]: the tallest frame plus the margins on both sides.
const ROWS: usize = MAX_RANKS as usize + 2 * MARGIN as usize;

/// The cells of a layout as one bit mask per rank: bit `file + MARGIN` of
/// row `rank + MARGIN`. What QK1–QK5 need per quake without a list of cells.
type Rows = [u64; ROWS];

/// Whether the cells of `rows` form one component under `steps` (true for
/// none): a flood fill over the masks, as [`connected`] does on a list.
fn rows_connected(rows: &Rows, steps: &[Coord]) -> bool {
    let Some(first) = rows.iter().position(|&r| r != 0) else {
        return true;
    };
    let mut reach = [0u64; ROWS];
    reach[first] = rows[first] & rows[first].wrapping_neg();
    // Occupied rows keep a margin of MARGIN ≥ 2 rows, so r + dr stays inside.
    let lo = first;
    let hi = ROWS - rows.iter().rev().position(|&r| r != 0).unwrap_or(0);
    loop {
        let mut grew = false;
        for r in lo..hi {
            let here = reach[r];
            if here == 0 {
                continue;
            }
            for &(df, dr) in steps {
                let shifted = if df >= 0 { here << df } else { here >> -df };
                let t = (r as i16 + dr) as usize;
                let new = shifted & rows[t] & !reach[t];
                if new != 0 {
                    reach[t] |= new;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    reach == *rows
}

/// QK2 on bit rows, in the order and words of [`shape_violation`].
fn rows_shape_violation(rows: &Rows) -> Option<Illegal> {
    if !rows_connected(rows, &ORTH_STEPS) {
        return Some(NOT_ORTHOGONAL);
    }
    // (b): the two (file + rank) parities; MARGIN is added to both, so the
    // parity of bit + row is the cell's own.
    for parity in [0, 1] {
        let mut class = *rows;
        for (i, row) in class.iter_mut().enumerate() {
            let even_bits = 0x5555_5555_5555_5555u64;
            *row &= if (i + parity) % 2 == 0 {
                even_bits
            } else {
                !even_bits
            };
        }
        if !rows_connected(&class, &DIAG_STEPS) {
            return Some(NOT_DIAGONAL);
        }
    }
    if !rows_connected(rows, &KNIGHT_STEPS) {
        return Some(NOT_KNIGHT);
    }
    None
}

/// QK1–QK3, QK5: the board after the mover's quake in `dir` (before pocketing and
/// passing the turn), or why the shape forbids it.
///
/// On bit rows: the strip is a run of bits, the quake a shift, the frame the
/// rows' bounding box; the position is built only for a legal shape.
pub(crate) fn quake_board(pos: &Position, dir: Dir) -> Result<Position, Illegal> {
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    let m = MARGIN as usize;
    let mut rows: Rows = [0; ROWS];
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        let mut bits = 0u64;
        for (f, &b) in pos.cells[row.index()..row.index() + usize::from(pos.files)]
            .iter()
            .enumerate()
        {
            bits |= u64::from(b & HOLE == 0) << (f + m);
        }
        rows[usize::from(r) + m] = bits;
    }
    let has = |rows: &Rows, f: i16, r: i16| rows[(r + MARGIN) as usize] >> (f + MARGIN) & 1 != 0;
    // QK1: the strip, as its first and last cell along the quake's axis.
    let (kf, kr) = coord(king);
    let (sf, sr) = match dir {
        Dir::East | Dir::West => (1, 0),
        Dir::North | Dir::South => (0, 1),
    };
    let (mut lo, mut hi) = ((kf, kr), (kf, kr));
    while has(&rows, lo.0 - sf, lo.1 - sr) {
        lo = (lo.0 - sf, lo.1 - sr);
    }
    while has(&rows, hi.0 + sf, hi.1 + sr) {
        hi = (hi.0 + sf, hi.1 + sr);
    }
    let in_strip = |(f, r): Coord| (lo.0..=hi.0).contains(&f) && (lo.1..=hi.1).contains(&r);
    // QK3: a strip holding both kings cannot quake.
    if pos.king(us.other()).is_some_and(|k| in_strip(coord(k))) {
        return Err(Illegal::new(
            "QK3",
            "the strip holds both kings, so neither may quake it",
        ));
    }
    let (df, dr) = dir_step(dir);
    if sr == 0 {
        let row = &mut rows[(kr + MARGIN) as usize];
        let run = ((1u64 << (hi.0 - lo.0 + 1)) - 1) << (lo.0 + MARGIN);
        *row = (*row & !run) | if df > 0 { run << 1 } else { run >> 1 };
    } else {
        let bit = 1u64 << (kf + MARGIN);
        for r in lo.1..=hi.1 {
            rows[(r + MARGIN) as usize] &= !bit;
        }
        for r in lo.1..=hi.1 {
            rows[(r + dr + MARGIN) as usize] |= bit;
        }
    }
    // QK5: the bounding box, and the frame limits.
    let all = rows.iter().fold(0, |a, &r| a | r);
    let first_row = rows.iter().position(|&r| r != 0).unwrap_or(0);
    let last_row = ROWS - 1 - rows.iter().rev().position(|&r| r != 0).unwrap_or(0);
    let (min_f, max_f) = (all.trailing_zeros() as i16, 63 - all.leading_zeros() as i16);
    let (w, h) = (max_f - min_f + 1, (last_row - first_row + 1) as i16);
    if all == 0 {
        return Err(Illegal::new("QK5", "would leave no cells"));
    }
    if w > i16::from(MAX_FILES) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame wider than 26 files (a–z)",
        ));
    }
    if h > i16::from(MAX_RANKS) {
        return Err(Illegal::new(
            "QK5",
            "would make the frame taller than the 40-rank limit",
        ));
    }
    if let Some(ill) = rows_shape_violation(&rows) {
        return Err(ill);
    }
    // The new board: every cell keeps its content, the strip's one step on.
    let (shift_f, shift_r) = (min_f - MARGIN, first_row as i16 - MARGIN);
    let mut next = pos.clone();
    next.cells = [HOLE; MAILBOX];
    next.files = w as u8;
    next.ranks = h as u8;
    for sq in pos.cells() {
        let (mut f, mut r) = coord(sq);
        if in_strip((f, r)) {
            (f, r) = (f + df, r + dr);
        }
        let to = Square::new((f - shift_f) as u8, (r - shift_r) as u8)
            .ok_or(Illegal::new("QK5", "would leave the engine frame"))?;
        next.set_raw(to, pos.raw(sq));
    }
    next.refresh_kings();
    Ok(next)
}
