//! The quake on bit rows (QK1, QK3, QK5): one mask per rank, the strip a
//! run of bits, the quake a shift, the frame the rows' bounding box. QK2
//! is tested on the same rows (`shape`).

use crate::moves::Dir;
use crate::piece::Color;
use crate::position::{Position, HOLE};
use crate::rules::Illegal;
use crate::square::{Square, MAX_FILES, MAX_RANKS, STRIDE};

use super::shape::shape_violation;

/// A cell coordinate (file, rank), 0-based in the frame a quake is played
/// from; a quake may carry a cell one step out of it before QK5 renames.
pub type Coord = (i16, i16);

pub(crate) fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

fn dir_step(dir: Dir) -> Coord {
    let (df, dr) = dir.delta();
    (i16::from(df), i16::from(dr))
}

/// Margin of [`Rows`] around the frame: a quake moves a cell one step out of
/// it and a knight step reaches two further, so every step stays in the masks.
pub(crate) const MARGIN: i16 = 3;
/// Rows of [`Rows`]: the tallest frame plus the margins on both sides.
pub(crate) const ROWS: usize = MAX_RANKS as usize + 2 * MARGIN as usize;

/// The cells of a layout as one bit mask per rank: bit `file + MARGIN` of
/// row `rank + MARGIN`. What QK1–QK5 need per quake without a list of cells.
pub(crate) type Rows = [u64; ROWS];

/// The cells among the first `files` bytes of `bytes` (bit `f` for file `f`):
/// eight bytes at a time, gathering each byte's HOLE bit (bit 7) into one
/// byte by a multiply, instead of one test per cell.
fn row_cells(bytes: &[u8], files: u8) -> u64 {
    const HOLES: u64 = u64::from_ne_bytes([HOLE; 8]);
    let files = usize::from(files);
    let mut holes = 0u64;
    let mut chunks = bytes[..files.min(bytes.len())].chunks(8);
    for (k, chunk) in chunks.by_ref().enumerate() {
        let mut word = [HOLE; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let flags = u64::from_le_bytes(word) & HOLES;
        // Bit 7 of byte i lands on bit 56 + i: the multiplier's terms
        // shift the eight flags to distinct bits of the top byte.
        let gathered = flags.wrapping_mul(0x0002_0408_1020_4081) >> 56;
        holes |= gathered << (8 * k);
    }
    let mask = if files >= 64 {
        u64::MAX
    } else {
        (1 << files) - 1
    };
    !holes & mask
}

/// A quake worked out on bit rows: how the board's squares move (the
/// layout after it is in the rows [`plan_on`] was given).
pub(crate) struct Plan {
    /// The first and last occupied row of the rows after the quake.
    pub(crate) band: (usize, usize),
    /// The strip's first and last cell along the quake's axis (QK1).
    pub(crate) strip: (Coord, Coord),
    /// The strip's step.
    pub(crate) step: Coord,
    /// What is subtracted from a cell's moved coordinate (QK5).
    pub(crate) shift: Coord,
    /// The new frame, files × ranks.
    frame: (u8, u8),
}

impl Plan {
    fn in_strip(&self, (f, r): Coord) -> bool {
        let (lo, hi) = self.strip;
        (lo.0..=hi.0).contains(&f) && (lo.1..=hi.1).contains(&r)
    }
}

/// QK1, QK3, QK5: the quake of the mover's king in `dir` on bit rows, or why
/// it cannot be made; QK2 is left to [`shape_violation`].
/// The layout after it is left in `rows`.
pub(crate) fn plan(pos: &Position, dir: Dir, rows: &mut Rows) -> Result<Plan, Illegal> {
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    *rows = read_rows(pos);
    plan_on(rows, pos.ranks, king, pos.king(us.other()), dir)
}

/// QK1: the first and last cell of the strip through `king` (a cell of
/// `rows`) along its rank (`along_row`) or file.
pub(crate) fn strip_ends(rows: &Rows, (kf, kr): Coord, along_row: bool) -> (Coord, Coord) {
    let (mut lo, mut hi) = ((kf, kr), (kf, kr));
    if along_row {
        // Along the king's row: the run of bits through its own, counted
        // from either side of it (the margin keeps `k` above 0).
        let (row, k) = (rows[(kr + MARGIN) as usize], (kf + MARGIN) as u32);
        lo.0 -= (!(row << (64 - k))).leading_zeros() as i16;
        hi.0 += (!(row >> k)).trailing_zeros() as i16 - 1;
    } else {
        let has = |r: i16| rows[(r + MARGIN) as usize] >> (kf + MARGIN) & 1 != 0;
        while has(lo.1 - 1) {
            lo.1 -= 1;
        }
        while has(hi.1 + 1) {
            hi.1 += 1;
        }
    }
    (lo, hi)
}

/// The cells of `pos` as bit rows.
pub(crate) fn read_rows(pos: &Position) -> Rows {
    let m = MARGIN as usize;
    let mut rows: Rows = [0; ROWS];
    for r in 0..pos.ranks {
        let Some(row) = Square::new(0, r) else {
            continue;
        };
        rows[usize::from(r) + m] = row_cells(&pos.cells[row.index()..], pos.files) << m;
    }
    rows
}

/// [`plan`] on the cells `rows` of a layout `ranks` high whose mover's
/// king is on `king` and the other king on `their`: for a caller that
/// keeps the rows. The strip is moved in `rows`, in the old frame's
/// coordinates (see [`Plan::shift`]), unless QK1 or QK3 forbid the quake;
/// when QK5 does, `rows` hold the layout it would have made.
pub(crate) fn plan_on(
    rows: &mut Rows,
    ranks: u8,
    king: Square,
    their: Option<Square>,
    dir: Dir,
) -> Result<Plan, Illegal> {
    let (kf, kr) = coord(king);
    let along_row = matches!(dir, Dir::East | Dir::West);
    let (lo, hi) = strip_ends(rows, (kf, kr), along_row);
    let in_strip = |(f, r): Coord| (lo.0..=hi.0).contains(&f) && (lo.1..=hi.1).contains(&r);
    // QK3: a strip holding both kings cannot quake.
    if their.is_some_and(|k| in_strip(coord(k))) {
        return Err(Illegal::new(
            "QK3",
            "the strip holds both kings, so neither may quake it",
        ));
    }
    let (df, dr) = dir_step(dir);
    if along_row {
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
    // QK5: the bounding box, and the frame limits. Only rows one step beyond
    // the old frame can have become occupied.
    // The old cells are in rows MARGIN..MARGIN + ranks; a quake moves one
    // at most a row beyond them.
    let span = MARGIN as usize - 1..(MARGIN as usize + usize::from(ranks) + 1).min(ROWS);
    let all = rows[span.clone()].iter().fold(0, |a, &r| a | r);
    if all == 0 {
        return Err(Illegal::new("QK5", "would leave no cells"));
    }
    let first_row = span.start + rows[span.clone()].iter().position(|&r| r != 0).unwrap_or(0);
    let last_row = span.end - 1 - rows[span].iter().rev().position(|&r| r != 0).unwrap_or(0);
    let (min_f, max_f) = (all.trailing_zeros() as i16, 63 - all.leading_zeros() as i16);
    let (w, h) = (max_f - min_f + 1, (last_row - first_row + 1) as i16);
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
    Ok(Plan {
        band: (first_row, last_row),
        strip: (lo, hi),
        step: (df, dr),
        shift: (min_f - MARGIN, first_row as i16 - MARGIN),
        frame: (w as u8, h as u8),
    })
}

/// Moves the cells of `pos` as `plan` says, in place: the strip's bytes one
/// step on (into the mailbox's border when it leaves the frame), then, when
/// the bounding box moved, every byte by the same shift (QK5). Squares
/// outside the frame are holes, so nothing else needs touching.
pub(crate) fn apply(pos: &mut Position, plan: &Plan) {
    let index = |(f, r): Coord| -> isize {
        let origin = Square::new(0, 0).map_or(0, Square::index) as isize;
        origin + isize::from(r) * STRIDE as isize + isize::from(f)
    };
    let (lo, hi) = plan.strip;
    let (first, last) = (index(lo) as usize, index(hi) as usize);
    let along = if lo.1 == hi.1 { 1 } else { STRIDE as usize };
    let step = plan.step.0 as isize + plan.step.1 as isize * STRIDE as isize;
    let cells = &mut pos.cells;
    // The leading cell moves first, so every byte is read before it is
    // overwritten; the trailing place becomes a hole.
    let mut i = if step > 0 { last } else { first };
    loop {
        cells[i.wrapping_add_signed(step)] = cells[i];
        if (step > 0 && i == first) || (step < 0 && i == last) {
            break;
        }
        i = if step > 0 { i - along } else { i + along };
    }
    cells[if step > 0 { first } else { last }] = HOLE;
    let shift = -(plan.shift.0 as isize + plan.shift.1 as isize * STRIDE as isize);
    let n = cells.len();
    match shift.unsigned_abs() {
        0 => {}
        by if shift > 0 => {
            cells.copy_within(..n - by, by);
            cells[..by].fill(HOLE);
        }
        by => {
            cells.copy_within(by.., 0);
            cells[n - by..].fill(HOLE);
        }
    }
    pos.files = plan.frame.0;
    pos.ranks = plan.frame.1;
    // The kings moved with their cells: no scan of the board for them.
    match Color::ALL.map(|c| pos.king(c)) {
        [Some(white), Some(black)] => {
            let to = |k: Square| {
                let moved = if plan.in_strip(coord(k)) { step } else { 0 };
                Square::from_index(k.index().wrapping_add_signed(moved + shift))
            };
            pos.kings_carried_to([to(white), to(black)]);
        }
        _ => pos.refresh_kings(),
    }
}

/// QK1–QK3, QK5: the board after the mover's quake in `dir` (before pocketing and
/// passing the turn), or why the shape forbids it.
///
/// On bit rows: the strip is a run of bits, the quake a shift, the frame the
/// rows' bounding box; the position is built only for a legal shape.
pub(crate) fn quake_board(pos: &Position, dir: Dir) -> Result<Position, Illegal> {
    let mut rows = [0; ROWS];
    let plan = plan(pos, dir, &mut rows)?;
    if let Some(ill) = shape_violation(&rows, plan.band) {
        return Err(ill);
    }
    let mut next = pos.clone();
    apply(&mut next, &plan);
    Ok(next)
}

/// Plays a quake that [`quake_board`] allows, in place, without testing QK2
/// again (what `Rules::play` may assume of a legal move). False, and `pos`
/// unchanged, when QK1, QK3 or QK5 forbid it.
pub(crate) fn quake_in_place(pos: &mut Position, dir: Dir) -> bool {
    match plan(pos, dir, &mut [0; ROWS]) {
        Ok(plan) => {
            apply(pos, &plan);
            true
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gathered row against one test per byte, for every width and
    /// random bytes (holes, pieces, empty cells).
    #[test]
    fn row_cells_reads_every_byte() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..2_000 {
            let mut bytes = [0u8; 40];
            for b in &mut bytes {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *b = [HOLE, 0, 0x01, 0x7f, 0x81, 0xff][(seed % 6) as usize];
            }
            for files in 0..=MAX_FILES {
                let want = (0..usize::from(files))
                    .filter(|&f| bytes[f] & HOLE == 0)
                    .fold(0u64, |a, f| a | 1 << f);
                assert_eq!(row_cells(&bytes, files), want, "{files} {bytes:?}");
            }
        }
    }
}
