//! QK1 strips and their shift, QK5 frame: the quake on lists of cells.
//!
//! The first implementation of a quake, kept as the reference the bit-row
//! version ([`super::rows`]) is tested against (`rules::reference`), and what
//! the renderers use to draw a quake.

use crate::moves::Dir;
use crate::position::{Position, HOLE};
use crate::rules::Illegal;
use crate::square::{Square, MAILBOX, MAX_FILES, MAX_RANKS};

use super::shape::shape_violation;

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

/// The cells of `pos` with their raw contents.
fn layout(pos: &Position) -> Vec<(Coord, u8)> {
    pos.cells()
        .map(|sq| ((i16::from(sq.file()), i16::from(sq.rank())), pos.raw(sq)))
        .collect()
}

pub(super) fn coord(sq: Square) -> Coord {
    (i16::from(sq.file()), i16::from(sq.rank()))
}

/// QK5: `pos` with its board replaced by `cells`, normalised to the bounding box.
fn rebuild(pos: &Position, cells: &[(Coord, u8)]) -> Result<Position, Illegal> {
    let coords: Vec<Coord> = cells.iter().map(|c| c.0).collect();
    let Some(((sx, sy), (w, h))) = normalise(&coords) else {
        return Err(Illegal::new("QK5", "would leave no cells"));
    };
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
    let mut next = pos.clone();
    next.cells = [HOLE; MAILBOX];
    next.files = w as u8;
    next.ranks = h as u8;
    for &((f, r), b) in cells {
        let sq = Square::new((f + sx) as u8, (r + sy) as u8)
            .ok_or(Illegal::new("QK5", "would leave the engine frame"))?;
        next.set_raw(sq, b);
    }
    next.refresh_kings();
    Ok(next)
}

/// [`quake_board`] on lists of cells: the first implementation, kept as the
/// reference the bit-row version is tested against (`rules::reference`).
pub(crate) fn quake_board_by_cells(pos: &Position, dir: Dir) -> Result<Position, Illegal> {
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return Err(Illegal::new("QK1", "needs the mover's king on the board"));
    };
    let cells = layout(pos);
    let coords: Vec<Coord> = cells.iter().map(|c| c.0).collect();
    let strip = strip(&coords, coord(king), dir);
    // QK3: a strip holding both kings cannot quake.
    if let Some(their) = pos.king(us.other()) {
        if strip.contains(&coord(their)) {
            return Err(Illegal::new(
                "QK3",
                "the strip holds both kings, so neither may quake it",
            ));
        }
    }
    let moved = quake_cells(&cells, &strip, dir);
    let next = rebuild(pos, &moved)?;
    let new_coords: Vec<Coord> = next.cells().map(coord).collect();
    if let Some(ill) = shape_violation(&new_coords) {
        return Err(ill);
    }
    Ok(next)
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
