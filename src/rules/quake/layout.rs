//! QK1 strips and their shift, QK5 frame: the quake on lists of cells.
//!
//! The first implementation of a quake, kept as the reference the bit-row
//! version ([`super::rows`]) is tested against (`rules::reference`), and what
//! the renderers use to draw a quake.

use crate::moves::Dir;
use crate::square::Square;

/// A cell coordinate (file, rank), 0-based, on a scratch layout that may leave
/// the frame by one step before [`normalise`].
pub type Coord = (i16, i16);

pub(super) fn dir_step(dir: Dir) -> Coord {
    let (df, dr) = dir.delta();
    (i16::from(df), i16::from(dr))
}

/// QK1: the strip of `at` for a quake in `dir`: the maximal run of cells adjacent
/// along the quake's axis (the rank for `e`/`w`, the file for `n`/`s`) through
/// `at`, in order along the axis.
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

/// QK1: the layout after the cells of `strip` (with their contents) move one step
/// in `dir`. The target of the leading cell is a hole by maximality of the strip.
pub fn quake_cells<T: Copy>(cells: &[(Coord, T)], strip: &[Coord], dir: Dir) -> Vec<(Coord, T)> {
    let (df, dr) = dir_step(dir);
    cells
        .iter()
        .map(|&(c, t)| {
            if strip.contains(&c) {
                ((c.0 + df, c.1 + dr), t)
            } else {
                (c, t)
            }
        })
        .collect()
}

/// QK5: the shift that puts the lowest file and rank at 0, and the frame size
/// (files, ranks) of the bounding box. `None` for no cells.
pub fn normalise(cells: &[Coord]) -> Option<(Coord, (i16, i16))> {
    let min_f = cells.iter().map(|c| c.0).min()?;
    let max_f = cells.iter().map(|c| c.0).max()?;
    let min_r = cells.iter().map(|c| c.1).min()?;
    let max_r = cells.iter().map(|c| c.1).max()?;
    Some(((-min_f, -min_r), (max_f - min_f + 1, max_r - min_r + 1)))
}

pub(super) fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qk1_strip_is_the_maximal_run_through_the_cell() {
        // Rank 0: a b c _ e f g (a hole at d).
        let cells: Vec<Coord> = [0, 1, 2, 4, 5, 6].iter().map(|&f| (f, 0)).collect();
        assert_eq!(
            strip(&cells, (5, 0), Dir::East),
            vec![(4, 0), (5, 0), (6, 0)]
        );
        assert_eq!(
            strip(&cells, (1, 0), Dir::West),
            vec![(0, 0), (1, 0), (2, 0)]
        );
        assert_eq!(strip(&cells, (1, 0), Dir::North), vec![(1, 0)]);
        assert!(strip(&cells, (3, 0), Dir::North).is_empty());
    }

    #[test]
    fn qk1_quake_moves_only_the_strip() {
        let cells: Vec<(Coord, char)> = vec![((0, 0), 'a'), ((1, 0), 'b'), ((0, 1), 'c')];
        let s = strip(&[(0, 0), (1, 0), (0, 1)], (0, 0), Dir::East);
        let moved = quake_cells(&cells, &s, Dir::West);
        assert_eq!(moved, vec![((-1, 0), 'a'), ((0, 0), 'b'), ((0, 1), 'c')]);
    }

    #[test]
    fn qk5_normalise_gives_shift_and_frame() {
        assert_eq!(
            normalise(&[(-1, 0), (0, 0), (0, 1)]),
            Some(((1, 0), (2, 2)))
        );
        assert_eq!(normalise(&[]), None);
    }
}
