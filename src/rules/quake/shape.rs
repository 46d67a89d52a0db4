//! QK2 shape limits: connectivity of the cells under orthogonal steps,
//! diagonal steps within each colour, and knight leaps, on lists of cells.

use std::collections::VecDeque;

use crate::rules::Illegal;

use super::layout::{normalise, Coord};

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

/// Whether `cells` form one component under `steps` (true for no cells).
///
/// A flood fill over one bit mask per rank: quakes test four connectivities per
/// candidate, so this is the hot path of Quake move generation. Shapes too large
/// for the masks fall back to [`connected_bfs`].
pub fn connected(cells: &[Coord], steps: &[Coord]) -> bool {
    const ROWS: usize = 48;
    let Some(((sx, sy), (w, h))) = normalise(cells) else {
        return true;
    };
    let reach_max = steps
        .iter()
        .map(|s| s.0.abs().max(s.1.abs()))
        .max()
        .unwrap_or(0);
    // Two margin bits/rows on each side keep every step inside the masks.
    if w + 4 > 64 || h as usize + 4 > ROWS || reach_max > 2 {
        return connected_bfs(cells, steps);
    }
    let mut board = [0u64; ROWS];
    for &(f, r) in cells {
        board[(r + sy + 2) as usize] |= 1 << (f + sx + 2);
    }
    let (first_f, first_r) = (cells[0].0 + sx + 2, cells[0].1 + sy + 2);
    let mut reach = [0u64; ROWS];
    reach[first_r as usize] = 1 << first_f;
    let rows = 2..h as usize + 2;
    // Grow in place until nothing new is reached (a monotone fill, so updating
    // rows while sweeping is as correct as a copy and converges sooner).
    loop {
        let mut grew = false;
        for r in rows.clone() {
            let here = reach[r];
            if here == 0 {
                continue;
            }
            for &(df, dr) in steps {
                let shifted = if df >= 0 { here << df } else { here >> -df };
                let t = (r as i16 + dr) as usize;
                let new = shifted & board[t] & !reach[t];
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
    rows.into_iter().all(|r| reach[r] == board[r])
}

/// Breadth-first reference for [`connected`], for any shape and step.
pub fn connected_bfs(cells: &[Coord], steps: &[Coord]) -> bool {
    let Some(((sx, sy), (w, h))) = normalise(cells) else {
        return true;
    };
    let (w, h) = (w as usize, h as usize);
    let idx = |c: Coord| -> Option<usize> {
        let (x, y) = (c.0 + sx, c.1 + sy);
        (x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h)
            .then(|| y as usize * w + x as usize)
    };
    // 0: no cell, 1: unvisited cell, 2: visited.
    let mut grid = vec![0u8; w * h];
    for &c in cells {
        if let Some(i) = idx(c) {
            grid[i] = 1;
        }
    }
    let mut queue = VecDeque::from([cells[0]]);
    if let Some(i) = idx(cells[0]) {
        grid[i] = 2;
    }
    let mut seen = 1;
    while let Some(c) = queue.pop_front() {
        for &(df, dr) in steps {
            let n = (c.0 + df, c.1 + dr);
            if let Some(i) = idx(n) {
                if grid[i] == 1 {
                    grid[i] = 2;
                    seen += 1;
                    queue.push_back(n);
                }
            }
        }
    }
    seen == grid.iter().filter(|&&g| g != 0).count()
}

/// QK2 (a): all cells orthogonally connected.
pub fn orthogonally_connected(cells: &[Coord]) -> bool {
    connected(cells, &ORTH_STEPS)
}

/// QK2 (b): the even (file+rank) cells diagonally connected among themselves, and
/// the odd ones likewise (parity of this layout).
pub fn diagonally_connected(cells: &[Coord]) -> bool {
    [0, 1].into_iter().all(|parity| {
        let class: Vec<Coord> = cells
            .iter()
            .copied()
            .filter(|c| (c.0 + c.1).rem_euclid(2) == parity)
            .collect();
        connected(&class, &DIAG_STEPS)
    })
}

/// QK2 (c): all cells connected through knight leaps.
pub fn knight_connected(cells: &[Coord]) -> bool {
    connected(cells, &KNIGHT_STEPS)
}

/// QK2's three refusals, (a) to (c).
pub(super) const NOT_ORTHOGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not orthogonally connected (QK2 a)",
);
pub(super) const NOT_DIAGONAL: Illegal = Illegal::new(
    "QK2",
    "would leave cells of one colour not diagonally connected (QK2 b)",
);
pub(super) const NOT_KNIGHT: Illegal = Illegal::new(
    "QK2",
    "would leave the cells not connected by knight leaps (QK2 c)",
);

/// QK2: the first shape limit the layout breaks, if any.
pub fn shape_violation(cells: &[Coord]) -> Option<Illegal> {
    if !orthogonally_connected(cells) {
        return Some(NOT_ORTHOGONAL);
    }
    if !diagonally_connected(cells) {
        return Some(NOT_DIAGONAL);
    }
    if !knight_connected(cells) {
        return Some(NOT_KNIGHT);
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn bitset_flood_fill_agrees_with_bfs() {
        // Every subset-like shape from a pseudo-random walk over a 9×7 box.
        let mut seed: u64 = 0x1234_5678_9abc_def1;
        for _ in 0..3000 {
            let mut cells = Vec::new();
            for r in 0..7i16 {
                for f in 0..9i16 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 3 != 0 {
                        cells.push((f - 3, r - 2));
                    }
                }
            }
            for steps in [&ORTH_STEPS[..], &DIAG_STEPS[..], &KNIGHT_STEPS[..]] {
                assert_eq!(
                    connected(&cells, steps),
                    connected_bfs(&cells, steps),
                    "{cells:?}"
                );
            }
        }
    }

    use super::*;

    fn rect(w: i16, h: i16) -> Vec<Coord> {
        (0..h).flat_map(|r| (0..w).map(move |f| (f, r))).collect()
    }

    #[test]
    fn qk2_connectivity_limits() {
        let full = rect(8, 6);
        assert!(shape_violation(&full).is_none());
        // (a): two separate blocks.
        let mut split = rect(3, 3);
        split.extend(rect(3, 3).into_iter().map(|(f, r)| (f + 4, r)));
        assert!(!orthogonally_connected(&split));
        // (b): an L of cells orthogonally connected but a lone corner parity.
        // Cells (0,0),(1,0),(1,1): odd cells (1,0) alone, even (0,0),(1,1) joined.
        assert!(diagonally_connected(&[(0, 0), (1, 0), (1, 1)]));
        // A straight line of 3: the even cells (0,0),(2,0) are not diagonal neighbours.
        let line = [(0, 0), (1, 0), (2, 0)];
        assert!(orthogonally_connected(&line));
        assert!(!diagonally_connected(&line));
        // (c): a 2×23 strip passes (a) and (b) and fails (c) (the ruling's example).
        let strip = rect(23, 2);
        assert!(orthogonally_connected(&strip));
        assert!(diagonally_connected(&strip));
        assert!(!knight_connected(&strip));
        assert_eq!(
            shape_violation(&strip).map(|i| i.reason.contains("knight")),
            Some(true)
        );
        // A 3×3 block: the centre cannot be reached by a knight.
        assert!(!knight_connected(&rect(3, 3)));
        assert!(knight_connected(&rect(4, 3)));
    }
}
