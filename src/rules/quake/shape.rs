//! QK2 shape limits on bit rows: after a quake (a) all cells orthogonally
//! connected, (b) the cells of each (file + rank) parity diagonally
//! connected, (c) all cells knight connected. A flood fill over the rows'
//! masks, or over one 128-bit board when the frame fits in it.

use crate::rules::Illegal;

use super::rows::{Coord, Rows, ROWS};

pub(crate) const ORTH_STEPS: [Coord; 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(crate) const DIAG_STEPS: [Coord; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub(crate) const KNIGHT_STEPS: [Coord; 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

/// QK2's three refusals, (a) to (c).
const NOT_ORTHOGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not orthogonally connected (QK2 a)",
);
const NOT_DIAGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave cells of one colour not diagonally connected (QK2 b)",
);
const NOT_KNIGHT: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not connected by knight leaps (QK2 c)",
);

/// Vertical steps of QK2 (a); the horizontal ones are closed within a row.
const VERTICAL_STEPS: [Coord; 2] = [(0, 1), (0, -1)];

/// Whether the cells of `rows` (all in rows `lo..=hi`) form one component
/// under `steps` (true for none), with `along_rows` adding the steps (±1, 0):
/// a flood fill over the masks, as [`super::connected`] does on a list.
///
/// The fill sweeps up and then down, so a component is usually found in one
/// or two rounds; a row's horizontal runs are filled at once.
fn rows_connected(
    rows: &Rows,
    (lo, hi): (usize, usize),
    steps: &[Coord],
    along_rows: bool,
) -> bool {
    let Some(first) = (lo..=hi).find(|&r| rows[r] != 0) else {
        return true;
    };
    let mut reach = [0u64; ROWS];
    reach[first] = rows[first] & rows[first].wrapping_neg();
    // Grows `reach` from row `r`; whether anything new was reached. Rows
    // `lo..=hi` keep a margin of MARGIN ≥ 2 rows, so r + dr stays inside.
    let spread = |reach: &mut Rows, r: usize| -> bool {
        let mut here = reach[r];
        if here == 0 {
            return false;
        }
        let mut grew = false;
        if along_rows {
            loop {
                let wider = (here | here << 1 | here >> 1) & rows[r];
                if wider == here {
                    break;
                }
                here = wider;
                grew = true;
            }
            reach[r] = here;
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
        grew
    };
    loop {
        let mut grew = false;
        for r in lo..=hi {
            grew |= spread(&mut reach, r);
        }
        for r in (lo..=hi).rev() {
            grew |= spread(&mut reach, r);
        }
        if !grew {
            break;
        }
    }
    rows[lo..=hi] == reach[lo..=hi]
}

/// A layout of at most 128 cells' frame as one 128-bit board, bit
/// `rank * width + file` (0-based in the layout's bounding box): a flood fill
/// is then a few shifts per step of its breadth, for the frames play meets.
struct Small {
    cells: u128,
    width: u32,
    /// Boards without the last file, the last two, the first, the first two:
    /// what may move east by one or two, west by one or two, without wrapping.
    east1: u128,
    east2: u128,
    west1: u128,
    west2: u128,
    /// The cells of even (file + rank) parity in the bounding box.
    even: u128,
}

impl Small {
    /// The layout of `rows` (occupied rows `band`), if its frame fits.
    fn new(rows: &Rows, band: (usize, usize)) -> Option<Small> {
        let all = rows[band.0..=band.1].iter().fold(0, |a, &r| a | r);
        let low = all.trailing_zeros();
        let width = 64 - all.leading_zeros() - low;
        let height = (band.1 - band.0 + 1) as u32;
        // Frames are at most 26 files wide (QK5), so shifts stay below 128.
        if width > 32 || width * height > 128 {
            return None;
        }
        let full = (1u128 << width) - 1;
        let (mut cells, mut file0, mut file1, mut even) = (0u128, 0u128, 0u128, 0u128);
        for (i, &row) in rows[band.0..=band.1].iter().enumerate() {
            let at = i as u32 * width;
            cells |= u128::from(row >> low) << at;
            file0 |= 1 << at;
            file1 |= 1 << (at + 1).min(127);
            // Bits 0, 2, 4 … (u128::MAX / 3 is 0x5555…), shifted one file
            // on every other rank.
            let pattern = if i % 2 == 0 {
                u128::MAX / 3
            } else {
                !(u128::MAX / 3)
            };
            even |= (pattern & full) << at;
        }
        let (last, last2) = (file0 << (width - 1), file0 << width.saturating_sub(2));
        Some(Small {
            cells,
            width,
            east1: !last,
            east2: !(last | last2),
            west1: !file0,
            west2: !(file0 | if width > 1 { file1 } else { 0 }),
            even,
        })
    }

    /// Whether `set` is one component when each round adds `grow(reach)`.
    fn filled(set: u128, grow: impl Fn(u128) -> u128) -> bool {
        if set == 0 {
            return true;
        }
        Small::filled_from(set, set & set.wrapping_neg(), grow)
    }

    /// Whether everything in `set` is reached from `seeds` (in `set`) when
    /// each round adds `grow(reach)`.
    fn filled_from(set: u128, seeds: u128, grow: impl Fn(u128) -> u128) -> bool {
        let mut reach = seeds;
        loop {
            let next = (reach | grow(reach)) & set;
            if next == reach {
                return reach == set;
            }
            reach = next;
        }
    }

    fn sideways(&self, x: u128) -> (u128, u128) {
        ((x & self.east1) << 1, (x & self.west1) >> 1)
    }

    /// The cells east of `x` (in the cells) along their rank's runs of
    /// cells, in one addition: a carry started at each bit of `x` runs up
    /// through the run's cells and stops at the first gap or the last file,
    /// so a fill crosses a rank's run in one round instead of one per cell.
    fn east_runs(&self, x: u128) -> u128 {
        // The last file is left out, so no carry wraps into the next rank.
        let runs = self.cells & self.east1;
        let seeds = x & runs;
        (runs.wrapping_add(seeds) ^ runs ^ seeds) & self.cells
    }

    /// QK2, in the order and words of [`super::shape_violation`].
    fn shape_violation(&self) -> Option<Illegal> {
        let w = self.width;
        let orthogonal = |x: u128| {
            let (e, west) = self.sideways(x);
            e | self.east_runs(x) | west | x << w | x >> w
        };
        if !Small::filled(self.cells, orthogonal) {
            return Some(NOT_ORTHOGONAL);
        }
        // (b): a diagonal step keeps (file + rank) parity, so each class is
        // filled within itself; which class is "even" does not matter.
        let even = self.even;
        let diagonal = |x: u128| {
            let (e, west) = self.sideways(x);
            let both = e | west;
            both << w | both >> w
        };
        // Both classes at once: a diagonal step never leaves its class, so
        // a fill seeded once in each reaches all cells exactly when each
        // class is one component.
        let seed = |x: u128| x & x.wrapping_neg();
        let seeds = seed(self.cells & even) | seed(self.cells & !even);
        if !Small::filled_from(self.cells, seeds, diagonal) {
            return Some(NOT_DIAGONAL);
        }
        let knight = |x: u128| {
            let one = self.sideways(x);
            let one = one.0 | one.1;
            let two = (x & self.east2) << 2 | (x & self.west2) >> 2;
            one << (2 * w) | one >> (2 * w) | two << w | two >> w
        };
        if !Small::filled(self.cells, knight) {
            return Some(NOT_KNIGHT);
        }
        None
    }
}

/// QK2 on bit rows (occupied rows `band`), in the order and words of
/// [`super::shape_violation`]: on one 128-bit board when the frame fits.
pub(crate) fn shape_violation(rows: &Rows, band: (usize, usize)) -> Option<Illegal> {
    match Small::new(rows, band) {
        Some(small) => small.shape_violation(),
        None => rows_shape_violation(rows, band),
    }
}

/// QK2 on bit rows (occupied rows `band`), in the order and words of
/// [`super::shape_violation`].
fn rows_shape_violation(rows: &Rows, band: (usize, usize)) -> Option<Illegal> {
    if !rows_connected(rows, band, &VERTICAL_STEPS, true) {
        return Some(NOT_ORTHOGONAL);
    }
    // (b): the two (file + rank) parities; MARGIN is added to both, so the
    // parity of bit + row is the cell's own.
    for parity in [0, 1] {
        let mut class = [0u64; ROWS];
        let even_bits = 0x5555_5555_5555_5555u64;
        for i in band.0..=band.1 {
            class[i] = rows[i]
                & if (i + parity) % 2 == 0 {
                    even_bits
                } else {
                    !even_bits
                };
        }
        if !rows_connected(&class, band, &DIAG_STEPS, false) {
            return Some(NOT_DIAGONAL);
        }
    }
    if !rows_connected(rows, band, &KNIGHT_STEPS, false) {
        return Some(NOT_KNIGHT);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::quake::rows::MARGIN;

    /// The 128-bit fill against the row fill on random layouts, small and
    /// too large for 128 bits.
    #[test]
    fn small_board_agrees_with_bit_rows() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut small, mut refused) = (0, 0);
        for _ in 0..20_000 {
            let (w, h) = (1 + next() % 14, 1 + next() % 14);
            let mut rows: Rows = [0; ROWS];
            for r in 0..h as usize {
                rows[r + MARGIN as usize] = (next() & next() | next() & 1) & ((1 << w) - 1);
                rows[r + MARGIN as usize] <<= MARGIN;
            }
            let Some(first) = rows.iter().position(|&r| r != 0) else {
                continue;
            };
            let last = ROWS - 1 - rows.iter().rev().position(|&r| r != 0).unwrap_or(0);
            let band = (first, last);
            if let Some(s) = Small::new(&rows, band) {
                small += 1;
                let got = s.shape_violation();
                refused += usize::from(got.is_some());
                assert_eq!(got, rows_shape_violation(&rows, band), "{rows:?}");
            }
        }
        assert!(small > 10_000 && refused > 1_000, "{small} {refused}");
    }
}
