//! The quake played on lists of cells (QK1, QK3, QK5, then QK2 on the
//! result): the first implementation, kept as the reference the bit-row
//! version ([`super::rows`]) is tested against (`rules::reference`).

use crate::moves::Dir;
use crate::position::{Position, HOLE};
use crate::rules::Illegal;
use crate::square::{Square, MAILBOX, MAX_FILES, MAX_RANKS};

use super::layout::{coord, normalise, quake_cells, strip, Coord};
use super::shape::shape_violation;

/// The cells of `pos` with their raw contents.
fn layout(pos: &Position) -> Vec<(Coord, u8)> {
    pos.cells()
        .map(|sq| ((i16::from(sq.file()), i16::from(sq.rank())), pos.raw(sq)))
        .collect()
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
